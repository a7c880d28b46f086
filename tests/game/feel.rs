//! The game's feel in the default view, headless: each test pins one thing a new player met
//! that fought them (issue 14): mouse aim that spun away behind the cue ball, ball in hand that
//! ran off under a chasing camera, clicks on a ball's upper half taken as aim clicks, held keys
//! that acted once, a re-rack that kept the fouls, a shot camera that cut the table, a cue not
//! turned to the ball on, and the rest. Driven as `logic.rs` drives the game: bevy's
//! `ButtonInput` and `AccumulatedMouseMotion` set by hand under `MinimalPlugins`, a manual clock.

use crate::game_common::*;

use std::time::Duration;

use bevy::camera::CameraProjection;
use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;

use tenball::game::camera::{
    CameraView, FOV_Y, PITCH_LIMITS, SHOT_PITCH, ViewChange, ViewChanges, behind_goal, fit_table,
    goal_for, rail_behind, table_corners, zoomed,
};
use tenball::game::{
    AidLevel, Aids, Aim, Drag, GameOptions, Match, Mode, Playback, Pointer, ShotCycle, Tracking,
    scene_world,
};
use tenball::physics::params::RAIL_TOP;
use tenball::referee::{BallSet, CueBall, FoulCount, GameState, Phase, PlayerId, Rules};
use tenball::table::{Placed, Pocket, Point, TableSize};

/// Runs frames until the first prediction of the stroke set up is in (at most 2 s).
fn wait_for_prediction(app: &mut App) {
    for _ in 0..400 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
        if app.world().resource::<Tracking>().computed > 0 {
            break;
        }
    }
}

fn app_with(opts: GameOptions) -> App {
    app_with_more(opts, |_| {})
}

fn aim_deg(app: &App) -> f64 {
    app.world().resource::<Aim>().stroke.aim_deg
}

fn motion(app: &mut App, dx: f32) {
    app.world_mut()
        .resource_mut::<AccumulatedMouseMotion>()
        .delta = Vec2::new(dx, 0.0);
}

fn buttons(app: &mut App) -> Mut<'_, ButtonInput<MouseButton>> {
    app.world_mut().resource_mut::<ButtonInput<MouseButton>>()
}

fn press(app: &mut App) {
    buttons(app).press(MouseButton::Left);
    app.update();
    buttons(app).clear();
}

fn release(app: &mut App) {
    buttons(app).release(MouseButton::Left);
    app.update();
    buttons(app).clear();
    app.update();
}

/// Holds `key` for `secs` of game time, then lets go.
fn hold(app: &mut App, key: KeyCode, secs: f32) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    let frames = (secs / FRAME).round() as usize;
    for _ in 0..frames {
        app.update();
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .clear();
    }
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .release(key);
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .clear();
}

fn position(balls: Vec<Placed>, phase: Phase, mode: Mode) -> GameOptions {
    position_in(balls, phase, mode)
}

fn as_it_lies() -> Phase {
    Phase::Shot {
        shooter: PlayerId::A,
        cue_ball: CueBall::AsItLies,
        push_out: false,
    }
}

fn angle_diff(a: f64, b: f64) -> f64 {
    ((a - b + 540.0).rem_euclid(360.0) - 180.0).abs()
}

#[test]
fn a_held_drag_behind_the_cue_ball_turns_the_aim_by_the_mouse_and_stays_when_it_stops() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    assert_eq!(*app.world().resource::<CameraView>(), CameraView::Behind);
    let start = aim_deg(&app);
    // Pressed on the cloth far to the side of the aim: behind the ball this never re-aims.
    set_pointer(&mut app, Point::new(0.2, 0.5));
    press(&mut app);
    assert!(
        angle_diff(aim_deg(&app), start) < 1e-9,
        "the press re-aimed: {start} -> {}",
        aim_deg(&app)
    );
    // 80 px to the right a frame for three frames turns the cue right (clockwise).
    for _ in 0..3 {
        motion(&mut app, 80.0);
        buttons(&mut app).press(MouseButton::Left);
        app.update();
    }
    let turned = aim_deg(&app);
    let expected: f64 = (0..3)
        .map(|_| tenball::game::turn_for_motion(80.0, false))
        .sum();
    assert!(
        (angle_diff(turned, start) - expected).abs() < 1e-6 && expected > 10.0,
        "turned {} for {expected}",
        angle_diff(turned, start)
    );
    assert!(
        ((start - turned + 540.0).rem_euclid(360.0) - 180.0) > 0.0,
        "motion to the right turns the cue to the right"
    );
    // The mouse stops; the button is still held: the aim stays (before, it ran to 163 degrees).
    for _ in 0..60 {
        motion(&mut app, 0.0);
        app.update();
    }
    assert!(angle_diff(aim_deg(&app), turned) < 1e-9);
    release(&mut app);
    assert!(angle_diff(aim_deg(&app), turned) < 1e-9);
    assert_eq!(app.world().resource::<Aim>().drag, None);
}

/// Was (issue 30, item 2): behind the ball the drag's gain grew with the mouse's speed (125 px
/// turned 9.06 degrees, 85 px 3.54). Now the same drag turns the same, fast or slow, and fine
/// aim (the dock's box or `f`, as Shift) a tenth of it.
#[test]
fn the_same_drag_turns_the_cue_the_same_fast_or_slow_and_fine_aim_a_tenth() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    // 120 px in one frame, and in twelve frames of 10 px.
    let turned = |frames: usize, fine: bool| {
        let mut app = app_with(opts.clone());
        if fine {
            tap(&mut app, KeyCode::KeyF);
            assert!(app.world().resource::<Aim>().fine, "f turns fine aim on");
        }
        let start = aim_deg(&app);
        set_pointer(&mut app, Point::new(0.2, 0.5));
        press(&mut app);
        for _ in 0..frames {
            motion(&mut app, 120.0 / frames as f32);
            buttons(&mut app).press(MouseButton::Left);
            app.update();
        }
        motion(&mut app, 0.0);
        release(&mut app);
        angle_diff(aim_deg(&app), start)
    };
    let fast = turned(1, false);
    let slow = turned(12, false);
    assert!(
        (fast - 120.0 * tenball::game::TURN_DEG_PER_PX).abs() < 1e-6,
        "{fast}"
    );
    assert!((fast - slow).abs() < 1e-6, "fast {fast}, slow {slow}");
    let fine = turned(12, true);
    assert!((fine - fast / 10.0).abs() < 1e-6, "fine {fine} for {fast}");
}

/// Fine aim turns the arrow keys' step to a tenth too, and stays on until turned off.
#[test]
fn fine_aim_stays_on_and_makes_the_arrow_keys_turn_a_tenth() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    let a0 = aim_deg(&app);
    tap(&mut app, KeyCode::ArrowLeft);
    let coarse = angle_diff(aim_deg(&app), a0);
    tap(&mut app, KeyCode::KeyF);
    let a1 = aim_deg(&app);
    tap(&mut app, KeyCode::ArrowLeft);
    let fine = angle_diff(aim_deg(&app), a1);
    assert!(
        coarse > 0.0 && (fine - coarse / 10.0).abs() < 1e-9,
        "{coarse} {fine}"
    );
    assert!(app.world().resource::<Aim>().fine);
    tap(&mut app, KeyCode::KeyF);
    assert!(!app.world().resource::<Aim>().fine);
}

/// Was (issue 30, item 2): a press on the cue ball in hand before the break turned the aim (a
/// legal break became a certain foul). A click that leaves the ball where it lay keeps the aim.
#[test]
fn a_click_on_the_cue_ball_in_hand_that_does_not_move_it_keeps_the_aim() {
    let mut app = app_with(GameOptions::default());
    assert_eq!(cycle(&app), ShotCycle::BallInHand);
    let c = m(&app)
        .cue_ball()
        .expect("the cue ball is placed behind the head string");
    // Aim somewhere else than the ball on.
    app.world_mut().resource_mut::<Aim>().stroke.aim_deg = 2.5;
    set_pointer(&mut app, c);
    press(&mut app);
    assert!(matches!(
        app.world().resource::<Aim>().drag,
        Some(Drag::CueBall(_))
    ));
    release(&mut app);
    assert!(
        (aim_deg(&app) - 2.5).abs() < 1e-12,
        "the aim turned to {}",
        aim_deg(&app)
    );
    // Moved by 10 cm, the ball is placed and the cue turns to the ball on.
    set_pointer(&mut app, c);
    press(&mut app);
    set_pointer(&mut app, Point::new(c.x, c.y + 0.1));
    buttons(&mut app).press(MouseButton::Left);
    app.update();
    release(&mut app);
    let moved = m(&app).cue_ball().unwrap();
    assert!((moved.y - c.y - 0.1).abs() < 1e-9, "{moved:?}");
    assert!((aim_deg(&app) - 2.5).abs() > 1.0, "the cue turned to the 1");
}

#[test]
fn overhead_a_drag_on_the_cloth_points_the_cue_at_the_pointer() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    *app.world_mut().resource_mut::<CameraView>() = CameraView::Overhead;
    set_pointer(&mut app, Point::new(-0.6, 0.4));
    press(&mut app);
    release(&mut app);
    assert!(angle_diff(aim_deg(&app), 90.0) < 1e-6, "{}", aim_deg(&app));
    // A press off the table (past the rails) does nothing.
    set_pointer(&mut app, Point::new(-0.6, -1.5));
    press(&mut app);
    release(&mut app);
    assert!(angle_diff(aim_deg(&app), 90.0) < 1e-6, "{}", aim_deg(&app));
}

#[test]
fn a_placed_cue_ball_lands_where_the_pointer_let_go_with_the_camera_held_and_the_cue_on_the_one() {
    let mut app = app_with(GameOptions::default());
    assert_eq!(cycle(&app), ShotCycle::BallInHand);
    let c = m(&app).cue_ball().unwrap();
    set_pointer(&mut app, c);
    press(&mut app);
    assert!(matches!(
        app.world().resource::<Aim>().drag,
        Some(Drag::CueBall(_))
    ));
    // While it is dragged the camera's goal is to hold still.
    let to = Point::new(-0.85, 0.25);
    set_pointer(&mut app, to);
    buttons(&mut app).press(MouseButton::Left);
    app.update();
    {
        let w = app.world();
        assert_eq!(
            goal_for(
                CameraView::Behind,
                true,
                w.resource::<Match>(),
                w.resource::<Aim>(),
                1.5
            ),
            None,
            "the camera chases the dragged ball"
        );
    }
    release(&mut app);
    assert_eq!(m(&app).cue_ball(), Some(to));
    // The cue turns to the ball on (the 1 at the apex on the break).
    let one = m(&app)
        .layout
        .balls
        .iter()
        .find(|b| b.ball == 1)
        .unwrap()
        .at;
    let want = (one.y - to.y).atan2(one.x - to.x).to_degrees();
    assert!(
        angle_diff(aim_deg(&app), want) < 1e-6,
        "{} vs {want}",
        aim_deg(&app)
    );
}

#[test]
fn a_cue_ball_dragged_past_the_table_stays_on_it_and_in_the_kitchen() {
    let mut app = app_with(GameOptions::default());
    let c = m(&app).cue_ball().unwrap();
    set_pointer(&mut app, c);
    press(&mut app);
    // Far past the head rail and toward the foot: kept on the bed and behind the head string.
    set_pointer(&mut app, Point::new(3.0, 0.9));
    buttons(&mut app).press(MouseButton::Left);
    app.update();
    release(&mut app);
    let t = m(&app).table();
    let placed = m(&app).cue_ball().unwrap();
    assert!(t.in_kitchen(placed), "{placed:?}");
    assert!(placed.x > t.head_string_x() - 0.01 && placed.y > t.width / 2.0 - 0.05);
    assert_eq!(m(&app).message, None);
}

#[test]
fn a_click_on_the_upper_half_of_a_ball_seen_in_3d_calls_it_and_does_not_aim() {
    let opts = position(
        vec![
            ball(0, -0.8, 0.0),
            ball(1, 0.0, 0.3),
            ball(7, 0.4, -0.2),
            ball(10, 0.9, 0.4),
        ],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    let start = aim_deg(&app);
    let r = m(&app).table().ball_radius;
    // A low camera behind the cue ball looks at the top of the 7 (1.8 radii up): the ray meets
    // the plane of the centres well beyond the ball.
    let eye = scene_world(-1.2, 0.0, 0.3);
    let top = scene_world(0.4, -0.2, 1.8 * r);
    let dir = (top - eye).normalize();
    let s = (r as f32 - eye.y) / dir.y;
    let on_plane = eye + dir * s;
    let plane_point = Point::new(on_plane.x as f64, -on_plane.z as f64);
    assert!(
        plane_point.distance(Point::new(0.4, -0.2)) > 1.2 * r,
        "the plane test alone misses the ball"
    );
    {
        let mut p = app.world_mut().resource_mut::<Pointer>();
        p.on_table = Some(plane_point);
        p.ray = Some(Ray3d::new(eye, Dir3::new(dir).unwrap()));
    }
    press(&mut app);
    release(&mut app);
    let a = app.world().resource::<Aim>();
    assert_eq!(a.call.ball, Some(7));
    assert!(a.call.by_player);
    assert!(angle_diff(aim_deg(&app), start) < 1e-9);
}

#[test]
fn a_held_key_repeats_faster_the_longer_it_is_held() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    let start = aim_deg(&app);
    hold(&mut app, KeyCode::ArrowLeft, 4.0);
    let turned = angle_diff(aim_deg(&app), start);
    assert!(turned > 45.0, "4 s of Left turned {turned} degrees");
    let v0 = app.world().resource::<Aim>().stroke.speed;
    hold(&mut app, KeyCode::ArrowUp, 2.0);
    let dv = app.world().resource::<Aim>().stroke.speed - v0;
    assert!(dv > 2.0, "2 s of Up added {dv} m/s");
    // A tap is one step.
    let a = aim_deg(&app);
    tap(&mut app, KeyCode::ArrowRight);
    assert!((angle_diff(aim_deg(&app), a) - 0.5).abs() < 1e-9);
}

#[test]
fn space_held_charges_the_power_and_release_shoots_with_it() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    {
        let mut a = app.world_mut().resource_mut::<Aim>();
        a.call.kind = tenball::game::CallKind::Safety;
    }
    hold(&mut app, KeyCode::Space, 1.2);
    app.update();
    let shot = m(&app).pending.as_ref().expect("release shot");
    // The press frame starts the charge; the eleven frames after it add to it.
    let want = tenball::game::Charge {
        held: 1.2 - FRAME,
        set_speed: 0.0,
    }
    .speed();
    assert!(
        (shot.strike.speed - want).abs() < 0.05 && shot.strike.speed > 3.0,
        "shot at {} m/s, charged {want}",
        shot.strike.speed
    );
    assert_eq!(cycle(&app), ShotCycle::Playing);
}

#[test]
fn re_rack_resets_the_fouls_the_warning_the_stalemate_count_and_the_elevation() {
    let mut opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let file = opts.load.as_mut().unwrap();
    file.state.fouls[0] = FoulCount {
        count: 2,
        warned: true,
    };
    file.state.inning = 7;
    let mut app = app_with(opts);
    app.world_mut().resource_mut::<Aim>().stroke.elevation_deg = 30.0;
    tap(&mut app, KeyCode::KeyN);
    let s = &m(&app).state;
    assert_eq!(s.fouls_of(PlayerId::A), FoulCount::default());
    assert_eq!(s.inning, 1);
    assert!(matches!(s.phase, Phase::Break { .. }));
    assert_eq!(s.on_table, BallSet::FULL);
    assert_eq!(app.world().resource::<Aim>().stroke.elevation_deg, 0.0);
    // What the referee's own new rack gives.
    let want = {
        let mut g = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
        g.fouls[0] = FoulCount {
            count: 2,
            warned: true,
        };
        g.rerack()
    };
    assert_eq!(s.fouls, want.fouls);
}

#[test]
fn the_shot_camera_holds_all_four_corners_of_the_table_in_the_free_area() {
    let t = TableSize::NineFoot.spec();
    // The free area at 1280x720 with the dock (330 px) and a top bar, and other windows.
    for (w, h) in [
        (950.0_f32, 640.0_f32),
        (1280.0, 720.0),
        (800.0, 700.0),
        (1600.0, 500.0),
    ] {
        let aspect = w / h;
        let goal = fit_table(&t, 0.0, SHOT_PITCH, aspect);
        let proj = PerspectiveProjection {
            fov: FOV_Y,
            aspect_ratio: aspect,
            ..default()
        };
        let clip_from_view = proj.get_clip_from_view();
        let view = goal.transform().to_matrix().inverse();
        for p in table_corners(&t) {
            let c = clip_from_view * view * p.extend(1.0);
            let (x, y) = (c.x / c.w, c.y / c.w);
            assert!(
                c.w > 0.0 && x.abs() <= 1.0 && y.abs() <= 1.0,
                "corner {p} at ({x}, {y}) in a {w}x{h} view"
            );
        }
    }
    // And the shot plays in that view.
    let app = app_with(GameOptions::default());
    let w = app.world();
    let g = goal_for(
        CameraView::Behind,
        false,
        w.resource::<Match>(),
        w.resource::<Aim>(),
        1.5,
    )
    .unwrap();
    assert_eq!(g, fit_table(&t, 0.0, SHOT_PITCH, 1.5));
}

#[test]
fn near_a_rail_the_camera_behind_the_ball_rises_over_the_rail_top() {
    let t = TableSize::NineFoot.spec();
    let r = t.ball_radius;
    let open = behind_goal(&t, Point::new(0.0, 0.0), 0.0);
    // 3 cm off the foot cushion, aimed back up the table: the rail is right behind.
    let c = Point::new(t.length / 2.0 - r - 0.03, 0.1);
    let near = behind_goal(&t, c, 180.0);
    assert!(
        near.pitch > open.pitch + 0.3,
        "{} vs {}",
        near.pitch,
        open.pitch
    );
    let back = rail_behind(&t, c, 0.0);
    let sight = r + back * (near.pitch as f64).tan();
    assert!(
        sight > RAIL_TOP + 0.02,
        "the line of sight at the rail is {sight} m high"
    );
}

#[test]
fn several_wheel_notches_in_one_frame_zoom_by_a_tenth_each() {
    let r = zoomed(2.0, 5.0, 0.15, 8.0);
    assert!((r - 2.0 * 0.9_f32.powi(5)).abs() < 1e-5 && r > 1.0, "{r}");
    assert_eq!(zoomed(2.0, 100.0, 0.15, 8.0), 0.15);
}

/// Was (issue 30, item 8): the wheel and the right button worked in the free view only; in the
/// view behind the cue ball and overhead the camera snapped back every frame. Now each framed
/// view keeps the player's zoom and orbit, and another view starts afresh.
#[test]
fn the_wheel_zooms_and_a_right_drag_orbits_every_view_until_the_view_changes() {
    let t = TableSize::NineFoot.spec();
    let behind = behind_goal(&t, Point::new(-0.6, 0.1), 20.0);
    let mut changes = ViewChanges::default();
    let c = changes.get_mut(CameraView::Behind, true).unwrap();
    c.notches += 3.0;
    // A drag of a quarter of a 1280x720 window to the right, and 90 px down (higher).
    c.orbit(Vec2::new(320.0, 90.0), Vec2::new(1280.0, 720.0));
    let g = c.apply(behind);
    assert!(
        (g.radius - behind.radius * 0.9_f32.powi(3)).abs() < 1e-5,
        "{}",
        g.radius
    );
    assert!((g.yaw - (behind.yaw - std::f32::consts::FRAC_PI_2)).abs() < 1e-5);
    assert!((g.pitch - (behind.pitch + std::f32::consts::PI / 8.0)).abs() < 1e-5);
    assert_eq!(g.focus, behind.focus, "it still looks at the cue ball");
    // The change stays for the next frame's goal (the aim turned): kept, not snapped back.
    let turned = behind_goal(&t, Point::new(-0.6, 0.1), 35.0);
    let kept = changes
        .get_mut(CameraView::Behind, true)
        .unwrap()
        .apply(turned);
    assert!((kept.yaw - turned.yaw + std::f32::consts::FRAC_PI_2).abs() < 1e-5);
    // The shot's view has its own change; overhead can be tilted but never past straight down.
    assert_eq!(
        changes.get_mut(CameraView::Behind, false).copied(),
        Some(ViewChange::default())
    );
    let over = changes.get_mut(CameraView::Overhead, true).unwrap();
    over.pitch += 1.0;
    let top = fit_table(&t, 0.0, PITCH_LIMITS.1, 1.5);
    assert_eq!(over.apply(top).pitch, PITCH_LIMITS.1);
    // Back to the view behind: afresh.
    assert_eq!(
        changes.get_mut(CameraView::Behind, true).copied(),
        Some(ViewChange::default())
    );
    assert!(
        changes.get_mut(CameraView::Free, true).is_none(),
        "the free view is the player's"
    );
}

#[test]
fn c_in_set_up_mode_puts_the_cue_ball_back_and_leaves_the_camera() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    tap(&mut app, KeyCode::KeyC);
    assert_eq!(*app.world().resource::<CameraView>(), CameraView::Overhead);
    *app.world_mut().resource_mut::<CameraView>() = CameraView::Behind;
    tap(&mut app, KeyCode::F2);
    set_pointer(&mut app, Point::new(-0.6, 0.0));
    tap(&mut app, KeyCode::Delete);
    assert_eq!(m(&app).cue_ball(), None);
    set_pointer(&mut app, Point::new(-0.9, 0.3));
    tap(&mut app, KeyCode::KeyC);
    assert_eq!(m(&app).cue_ball(), Some(Point::new(-0.9, 0.3)));
    assert_eq!(*app.world().resource::<CameraView>(), CameraView::Behind);
    // The aim follows the cue ball's new place (a save now holds the aim from there).
    let want = (0.0_f64 - 0.3).atan2(0.3 + 0.9).to_degrees();
    assert!(angle_diff(aim_deg(&app), want) < 1e-6);
}

/// Practice: the 1 straight between the cue ball and the foot-left corner.
fn one_before_the_foot_left_corner() -> App {
    app_with(position(
        vec![ball(0, 0.4, 0.2), ball(1, 0.8, 0.4), ball(10, -0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    ))
}

/// The cue ball at (0.4, 0.2), as both layouts above and below put it, aimed at 2 m/s at the
/// foot-left corner's mouth.
fn aim_at_the_foot_left_corner(app: &mut App) {
    let corner = m(app).table().pocket_mouth_centre(Pocket::FootLeft);
    let mut a = app.world_mut().resource_mut::<Aim>();
    a.stroke.aim_deg = (corner.y - 0.2).atan2(corner.x - 0.4).to_degrees();
    a.stroke.speed = 2.0;
}

#[test]
fn the_call_is_prefilled_from_the_aims_path_until_the_player_calls() {
    let mut app = one_before_the_foot_left_corner();
    aim_at_the_foot_left_corner(&mut app);
    let mut ok = false;
    for _ in 0..400 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
        let a = app.world().resource::<Aim>();
        if a.call.ball == Some(1) && a.call.pocket == Some(Pocket::FootLeft) {
            ok = true;
            break;
        }
    }
    assert!(
        ok,
        "call never pre-filled: {:?}",
        app.world().resource::<Aim>().call
    );
    assert!(!app.world().resource::<Aim>().call.by_player);
    // Was (issue 30, item 4): raising the cue wiped the call. Aimed away from every ball (the
    // prediction drops nothing), the call filled in stays.
    app.world_mut().resource_mut::<Aim>().stroke.aim_deg += 150.0;
    for _ in 0..200 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    let a = app.world().resource::<Aim>();
    assert_eq!(
        (a.call.ball, a.call.pocket),
        (Some(1), Some(Pocket::FootLeft))
    );
    app.world_mut().resource_mut::<Aim>().stroke.aim_deg -= 150.0;
    // The player calls another pocket: the prediction leaves it.
    let side = m(&app).table().pocket_mouth_centre(Pocket::SideLeft);
    set_pointer(&mut app, side);
    press(&mut app);
    release(&mut app);
    for _ in 0..20 {
        app.update();
    }
    let a = app.world().resource::<Aim>();
    assert_eq!(a.call.pocket, Some(Pocket::SideLeft));
    assert!(a.call.by_player);
}

/// Was (stop 55, played with the mouse): the 9 between the cue ball and the 3, the new turn's
/// aim met the 9 first and the call was pre-filled "the 9 chosen, now click its pocket", the
/// call of a stroke that is a foul (7.2) whatever is called.
#[test]
fn the_call_is_not_prefilled_with_a_ball_met_before_the_ball_on() {
    let mut app = app_with(position(
        vec![
            ball(0, 0.4, 0.2),
            ball(2, 0.8, 0.4),
            ball(1, -0.9, -0.4),
            ball(10, -0.9, 0.4),
        ],
        as_it_lies(),
        Mode::Practice,
    ));
    aim_at_the_foot_left_corner(&mut app);
    // Until the prediction is the one for this stroke: the 2 met first, and it drops.
    let stroke = app.world().resource::<Aim>().stroke;
    let mut predicted = None;
    for _ in 0..400 {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
        let tr = app.world().resource::<Tracking>();
        if tr.for_input.as_ref().is_some_and(|(_, s)| *s == stroke) {
            predicted = tr.prediction.first;
            break;
        }
    }
    assert_eq!(predicted, Some((2, Some(Pocket::FootLeft))));
    for _ in 0..20 {
        app.update();
    }
    let a = app.world().resource::<Aim>();
    assert_eq!((a.call.ball, a.call.pocket), (None, None), "{:?}", a.call);
}

#[test]
fn two_players_start_at_the_match_aids_with_noise_and_see_only_the_cue_balls_first_leg() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.0, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::HotSeat,
    );
    let mut app = app_with(opts);
    assert_eq!(
        *app.world().resource::<Aids>(),
        Aids {
            level: AidLevel::Match,
            noise: true
        }
    );
    app.world_mut().resource_mut::<Aim>().stroke.aim_deg = 0.0;
    wait_for_prediction(&mut app);
    let tr = app.world().resource::<Tracking>();
    assert!(tr.shown(AidLevel::Practice).len() >= 2);
    let shown = tr.shown(AidLevel::Match);
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].0, 0);
    // The cue ball's leg ends where it meets the 1 (its centre two radii short of the 1's).
    let end = *shown[0].1.last().unwrap();
    let r = m(&app).table().ball_radius as f32;
    assert!((end.x - (0.0 - 2.0 * r)).abs() < 0.002, "{end}");
    assert!(tr.shown(AidLevel::Pro).is_empty());
    tap(&mut app, KeyCode::KeyT);
    assert_eq!(app.world().resource::<Aids>().level, AidLevel::Pro);
    tap(&mut app, KeyCode::KeyE);
    assert!(!app.world().resource::<Aids>().noise);
    // Practice starts with every path and exact strokes.
    let app = app_with(GameOptions::default());
    assert_eq!(
        *app.world().resource::<Aids>(),
        Aids::for_mode(Mode::Practice)
    );
    assert_eq!(Aids::for_mode(Mode::Practice).level, AidLevel::Practice);
}

/// Was: the first view showed a dozen crossing paths of the rack at the practice aids. On the
/// break practice now draws the cue ball's and the 1's paths only (the prediction keeps all).
#[test]
fn the_practice_aids_show_only_the_cue_balls_and_the_ones_paths_on_the_break() {
    let mut app = app_with(GameOptions::default());
    assert!(matches!(m(&app).state.phase, Phase::Break { .. }));
    wait_for_prediction(&mut app);
    let tr = app.world().resource::<Tracking>();
    assert!(tr.prediction.lines.len() > 3, "the break moves the rack");
    let shown: Vec<u8> = tr
        .shown(AidLevel::Practice)
        .iter()
        .map(|(b, _)| *b)
        .collect();
    assert!(shown.contains(&0) && shown.contains(&1), "{shown:?}");
    assert!(shown.iter().all(|b| *b <= 1), "{shown:?}");
}

#[test]
fn execution_noise_changes_the_stroke_played_and_exact_strokes_do_not() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::HotSeat,
    );
    let mut app = app_with(opts);
    let set = {
        let mut a = app.world_mut().resource_mut::<Aim>();
        a.call.kind = tenball::game::CallKind::Safety;
        a.stroke
    };
    tap(&mut app, KeyCode::Space);
    let played = m(&app).pending.as_ref().unwrap().strike;
    assert_ne!(played, set);
    assert!((played.aim_deg - set.aim_deg).abs() < 1.0);
}

#[test]
fn the_call_notice_goes_once_the_shot_is_called_and_rulings_use_the_players_names() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    // No prediction yet: the call is empty and the shot is refused with the notice.
    app.world_mut().resource_mut::<Aim>().call = Default::default();
    app.world_mut().resource_mut::<Match>().message =
        Some("call your shot first: click a ball, then a pocket (5.5)".into());
    set_pointer(&mut app, Point::new(0.3, 0.0));
    press(&mut app);
    release(&mut app);
    let corner = m(&app).table().pocket_mouth_centre(Pocket::FootLeft);
    set_pointer(&mut app, corner);
    press(&mut app);
    release(&mut app);
    assert_eq!(m(&app).message, None);
    let named = tenball::game::text::with_names(m(&app), "Player B shoots; player A fouled.");
    assert_eq!(named, "Bob shoots; Ann fouled.");
}

#[test]
fn a_miscue_is_called_by_name_and_replays_and_pauses_have_a_banner() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    {
        let mut a = app.world_mut().resource_mut::<Aim>();
        a.call.kind = tenball::game::CallKind::Safety;
        a.set_tip(0.0, 0.9);
        a.stroke.speed = 2.0;
    }
    tap(&mut app, KeyCode::Space);
    let shot = m(&app).pending.clone().unwrap();
    let words = tenball::game::text::miscue_words(&shot).expect("a miscue");
    assert!(words.starts_with("Miscue"), "{words}");
    let mut p = Playback::default();
    assert_eq!(tenball::game::text::banner(&p), None);
    p.start(shot.played.log.clone(), [Quat::IDENTITY; 11], 0.25, true);
    assert!(
        tenball::game::text::banner(&p)
            .unwrap()
            .contains("SLOW REPLAY")
    );
    p.paused = true;
    assert!(tenball::game::text::banner(&p).unwrap().contains("PAUSED"));
}

/// Issue 63, item 6: a player saw the REPLAY banner stay after the replay ended. At the
/// table, a shot played, its card up, `r` replays it and Shift+`r` slowly: the banner is up
/// while each plays and gone when it ends, the card still there (played by the mouse under
/// Xvfb as well, screenshots in the closing note of stop 67).
#[test]
fn issue_63_item_6_the_replay_banner_goes_when_the_replay_ends() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    app.world_mut().resource_mut::<Aim>().call.kind = tenball::game::CallKind::Safety;
    tap(&mut app, KeyCode::Space);
    play_out(&mut app);
    app.update();
    assert_eq!(cycle(&app), ShotCycle::Ruling);
    for slow in [false, true] {
        if slow {
            app.world_mut()
                .resource_mut::<ButtonInput<KeyCode>>()
                .press(KeyCode::ShiftLeft);
        }
        tap(&mut app, KeyCode::KeyR);
        app.world_mut()
            .resource_mut::<ButtonInput<KeyCode>>()
            .release(KeyCode::ShiftLeft);
        let banner = |app: &App| tenball::game::text::banner(app.world().resource::<Playback>());
        let words = banner(&app).expect("a banner while the replay plays");
        assert_eq!(words.contains("SLOW"), slow, "{words}");
        let mut frames = 0;
        while app.world().resource::<Playback>().active() {
            app.update();
            frames += 1;
            assert!(frames < 20_000, "the replay never ended");
        }
        app.update();
        assert_eq!(banner(&app), None, "the banner stays after the replay");
        assert_eq!(cycle(&app), ShotCycle::Ruling, "the card is still up");
    }
}

#[test]
fn the_help_lists_every_key_from_the_one_table() {
    let rows = tenball::game::keymap::help_rows();
    for b in tenball::game::keymap::BINDINGS {
        let name = tenball::game::keymap::key_name(b.key);
        assert!(
            rows.iter().any(|(k, _)| k.split(" or ").any(|x| x == name)),
            "{name} is not in the help"
        );
    }
}

#[test]
fn with_a_cursor_the_turn_follows_the_cursors_own_motion() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    let start = aim_deg(&app);
    set_pointer(&mut app, Point::new(0.2, 0.5));
    app.world_mut().resource_mut::<Pointer>().cursor = Some(Vec2::new(600.0, 300.0));
    press(&mut app);
    app.world_mut().resource_mut::<Pointer>().cursor = Some(Vec2::new(560.0, 300.0));
    buttons(&mut app).press(MouseButton::Left);
    app.update();
    let want = tenball::game::turn_for_motion(-40.0, false);
    let turned = (aim_deg(&app) - start + 540.0).rem_euclid(360.0) - 180.0;
    assert!(
        (turned + want).abs() < 1e-6 && turned > 0.0,
        "{turned} vs {}",
        -want
    );
    // Held still: no more turn.
    for _ in 0..10 {
        app.update();
    }
    let still = (aim_deg(&app) - start + 540.0).rem_euclid(360.0) - 180.0;
    assert!((still - turned).abs() < 1e-9);
}

/// One frame of a real pointer: the window's events in order (`Some(x)` a move of the cursor
/// to x, `None` the left button's press or release, whichever it is due), the buttons as bevy
/// leaves them after those events (a press and a release in one frame: just pressed and just
/// released), and the cursor where the window last has it.
fn frame_of_events(app: &mut App, events: &[Option<f32>], cursor: &mut f32, down: &mut bool) {
    use bevy::input::ButtonState;
    use bevy::input::mouse::MouseButtonInput;
    use bevy::window::{CursorMoved, WindowEvent};
    let window = Entity::PLACEHOLDER;
    buttons(app).clear();
    for e in events {
        let ev = match e {
            Some(x) => {
                let delta = Some(Vec2::new(x - *cursor, 0.0));
                *cursor = *x;
                WindowEvent::CursorMoved(CursorMoved {
                    window,
                    position: Vec2::new(*x, 300.0),
                    delta,
                })
            }
            None => {
                *down = !*down;
                if *down {
                    buttons(app).press(MouseButton::Left);
                } else {
                    buttons(app).release(MouseButton::Left);
                }
                WindowEvent::MouseButtonInput(MouseButtonInput {
                    button: MouseButton::Left,
                    state: if *down {
                        ButtonState::Pressed
                    } else {
                        ButtonState::Released
                    },
                    window,
                })
            }
        };
        app.world_mut().write_message(ev);
    }
    app.world_mut().resource_mut::<Pointer>().cursor = Some(Vec2::new(*cursor, 300.0));
    app.update();
}

/// The turn a drag from behind the cue ball gives, the drag's window events cut into frames.
fn turn_of_drag(frames: &[&[Option<f32>]]) -> f64 {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        as_it_lies(),
        Mode::Practice,
    );
    let mut app = app_with(opts);
    set_pointer(&mut app, Point::new(0.2, 0.5));
    let (mut cursor, mut down) = (600.0, false);
    app.world_mut().resource_mut::<Pointer>().cursor = Some(Vec2::new(cursor, 300.0));
    app.update();
    let start = aim_deg(&app);
    for f in frames {
        frame_of_events(&mut app, f, &mut cursor, &mut down);
    }
    frame_of_events(&mut app, &[], &mut cursor, &mut down);
    assert!(
        app.world().resource::<Aim>().drag.is_none(),
        "the drag ended"
    );
    (aim_deg(&app) - start + 540.0).rem_euclid(360.0) - 180.0
}

/// Issue 63, item 7: at about 1 frame a second a drag of 40 px behind the ball turned the cue
/// 2.4 degrees, 60 px 4.8 and 15 px 0.72, where the guide says 0.08 a pixel: the moves in the
/// press's frame and in the release's were lost. Now the window's events are taken in order,
/// and the same drag gives the same turn however many frames it spans.
#[test]
fn issue_63_item_7_a_drag_turns_the_same_at_one_frame_a_second() {
    let per_px = tenball::game::TURN_DEG_PER_PX;
    // 40 px to the left in two frames: press and two moves, then a move and the release.
    let slow = turn_of_drag(&[&[None, Some(590.0), Some(575.0)], &[Some(560.0), None]]);
    assert!((slow - 40.0 * per_px).abs() < 1e-6, "{slow}");
    // 60 px in one frame, press to release.
    let one = turn_of_drag(&[&[Some(600.0), None, Some(570.0), Some(540.0), None]]);
    assert!((one - 60.0 * per_px).abs() < 1e-6, "{one}");
    // 15 px in twelve frames, a move a frame and the release alone: the same figure a pixel.
    let mut frames: Vec<Vec<Option<f32>>> = vec![vec![None]];
    for k in 1..=10 {
        frames.push(vec![Some(600.0 - 1.5 * k as f32)]);
    }
    frames.push(vec![None]);
    let refs: Vec<&[Option<f32>]> = frames.iter().map(|f| f.as_slice()).collect();
    let fast = turn_of_drag(&refs);
    assert!((fast - 15.0 * per_px).abs() < 1e-4, "{fast}");
}

/// Was (issue 30, item 7): clicking a ball to call gave no feedback until a pocket was
/// clicked. Now the half-made call is said: the ball chosen and the pocket still to click, or
/// the other way round.
#[test]
fn a_half_made_call_says_what_is_chosen_and_what_is_left() {
    let app = one_before_the_foot_left_corner();
    let mut draft = tenball::game::CallDraft {
        ball: Some(1),
        ..Default::default()
    };
    let e = m(&app).call_for(&draft).unwrap_err();
    assert!(e.contains("the 1 chosen, now click its pocket"), "{e}");
    draft.ball = None;
    draft.pocket = Some(Pocket::SideLeft);
    let e = m(&app).call_for(&draft).unwrap_err();
    assert!(e.contains("chosen, now click the ball"), "{e}");
}

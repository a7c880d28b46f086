//! The game's logic driven as a player drives it, headless: `MinimalPlugins` with the states,
//! the game's own plugins, keys and mouse buttons pressed on `ButtonInput`, the pointer put on
//! the table, and a manual clock. Each shot must reach exactly the state the referee gives for
//! the same shot through `play_shot`.

use crate::game_common::*;

use std::time::Duration;

use bevy::prelude::*;

use tenball::adapter::play_shot;
use tenball::game::{
    Aim, CallKind, GameAction, GameOptions, Match, Playback, Screen, ShotCycle, ShotSound,
    SoundKind, Tracking,
};
use tenball::physics::SimConfig;
use tenball::referee::{
    BallSet, Call, ChoiceReason, CueBall, GameState, Phase, PlayerId, TableChoice,
};
use tenball::table::{Placed, Pocket, Point, TableSize};
use tenball::tablefile::TableFile;

/// Sounds heard, by kind.
#[derive(Resource, Default)]
struct Heard(Vec<ShotSound>);

fn hear(mut r: MessageReader<ShotSound>, mut heard: ResMut<Heard>) {
    heard.0.extend(r.read().copied());
}

fn app_with(opts: GameOptions) -> App {
    app_with_more(opts, |app| {
        app.init_resource::<Heard>().add_systems(Last, hear);
    })
}

fn mouse(app: &mut App, f: impl FnOnce(&mut ButtonInput<MouseButton>)) {
    f(&mut app.world_mut().resource_mut::<ButtonInput<MouseButton>>());
}

fn click(app: &mut App, p: Point) {
    drag(app, p, p);
}

fn drag(app: &mut App, from: Point, to: Point) {
    set_pointer(app, from);
    mouse(app, |b| b.press(MouseButton::Left));
    app.update();
    mouse(app, |b| b.clear());
    set_pointer(app, to);
    app.update();
    mouse(app, |b| b.release(MouseButton::Left));
    app.update();
    mouse(app, |b| b.clear());
    app.update();
}

/// A position: the given balls on the table, practice.
fn position(balls: Vec<Placed>, phase: Phase) -> GameOptions {
    position_in(balls, phase, tenball::game::Mode::Practice)
}

fn shot(shooter: PlayerId, cue_ball: CueBall, push_out: bool) -> Phase {
    Phase::Shot {
        shooter,
        cue_ball,
        push_out,
    }
}

/// The referee's answer to the same shot, from the table before it.
fn referee_state(before: &Match, call: Call) -> GameState {
    let aim = before_aim(before);
    let cfg = SimConfig {
        sample_dt: 0.0,
        ..SimConfig::default()
    };
    play_shot(&before.state, &before.layout, &call, &aim, &[], &cfg)
        .unwrap()
        .judged
        .state
}

fn before_aim(m: &Match) -> tenball::physics::Strike {
    m.last.as_ref().expect("a shot was played").strike
}

#[test]
fn a_break_played_from_the_keyboard_reaches_the_referees_state() {
    let mut app = app_with(GameOptions::default());
    assert_eq!(
        cycle(&app),
        ShotCycle::BallInHand,
        "the breaker has the cue ball in hand"
    );
    let before = m(&app).state.clone();
    tap(&mut app, KeyCode::Space);
    assert_eq!(cycle(&app), ShotCycle::Playing);
    play_out(&mut app);
    assert_eq!(cycle(&app), ShotCycle::Ruling);
    let mm = m(&app);
    assert_eq!(mm.rulings.len(), 1);
    let last = mm.last.as_ref().unwrap();
    assert_eq!(last.call, Call::Break);
    assert_eq!(last.before.state, before);
    // The same shot through play_shot (paths off) gives the same state.
    let mut replay = mm.snapshot();
    replay.state = last.before.state.clone();
    replay.layout = last.before.layout.clone();
    let cfg = SimConfig {
        sample_dt: 0.0,
        ..SimConfig::default()
    };
    let expected = play_shot(
        &replay.state,
        &replay.layout,
        &Call::Break,
        &last.strike,
        &[],
        &cfg,
    )
    .unwrap();
    assert_eq!(mm.state, expected.judged.state);
    // Balls spread: most are away from the rack.
    let moved = mm
        .layout
        .balls
        .iter()
        .filter(|b| {
            last.before
                .layout
                .balls
                .iter()
                .find(|o| o.ball == b.ball)
                .is_none_or(|o| o.at.distance(b.at) > 0.05)
        })
        .count();
    assert!(moved >= 6, "only {moved} balls moved on the break");
    // The break was heard: the cue, clicks of the balls, thumps on cushions.
    let heard = &app.world().resource::<Heard>().0;
    for kind in [SoundKind::Cue, SoundKind::BallBall, SoundKind::Cushion] {
        assert!(
            heard.iter().any(|s| s.kind == kind && s.impulse > 0.0),
            "no {kind:?} sound"
        );
    }
    tap(&mut app, KeyCode::Enter);
    assert_eq!(cycle(&app), m(&app).cycle());
    assert_ne!(cycle(&app), ShotCycle::Ruling);
}

#[test]
fn a_shot_called_with_the_mouse_pockets_the_ball_and_the_shooter_continues() {
    // The 1 on the line to the foot left corner, the cue ball behind it on the same line.
    let dir = (0.27f64, 0.135f64);
    let n = dir.0.hypot(dir.1);
    let (ux, uy) = (dir.0 / n, dir.1 / n);
    let opts = position(
        vec![
            ball(0, 1.0 - 0.4 * ux, 0.5 - 0.4 * uy),
            ball(1, 1.0, 0.5),
            ball(10, -0.8, -0.4),
        ],
        shot(PlayerId::A, CueBall::AsItLies, false),
    );
    let mut app = app_with(opts);
    // Overhead, where a drag on the cloth points the cue at the pointer.
    *app.world_mut().resource_mut::<tenball::game::CameraView>() =
        tenball::game::CameraView::Overhead;
    assert_eq!(cycle(&app), ShotCycle::Aiming);
    // Shooting before calling is refused. (Aimed away from every ball, so that the aim's
    // prediction, which fills the call until the player calls, has nothing to fill it with.)
    {
        let mut aim = app.world_mut().resource_mut::<Aim>();
        aim.stroke.aim_deg = 180.0 + (uy.atan2(ux)).to_degrees();
        aim.call = Default::default();
    }
    tap(&mut app, KeyCode::Space);
    assert_eq!(cycle(&app), ShotCycle::Aiming);
    assert!(
        m(&app)
            .message
            .as_deref()
            .unwrap()
            .contains("call your shot")
    );
    click(&mut app, Point::new(1.0, 0.5));
    let t = TableSize::NineFoot.spec();
    click(&mut app, t.pocket_mouth_centre(Pocket::FootLeft));
    let draft = app.world().resource::<Aim>().call;
    assert_eq!(
        (draft.ball, draft.pocket),
        (Some(1), Some(Pocket::FootLeft))
    );
    // Aim by dragging on the cloth beyond the 1, along the line.
    drag(
        &mut app,
        Point::new(0.5, 0.0),
        Point::new(1.0 + 0.1 * ux, 0.5 + 0.1 * uy),
    );
    let aim = app.world().resource::<Aim>().stroke.aim_deg;
    assert!((aim - uy.atan2(ux).to_degrees()).abs() < 1e-6, "aim {aim}");
    // Power down to 2 m/s and a little draw (tip 0.3 R below centre) with the keys, so that
    // the cue ball does not follow the 1 in.
    for _ in 0..4 {
        tap(&mut app, KeyCode::ArrowDown);
    }
    for _ in 0..6 {
        tap(&mut app, KeyCode::KeyK);
    }
    let s = app.world().resource::<Aim>().stroke;
    assert!(
        (s.speed - 2.0).abs() < 1e-9 && (s.height + 0.3).abs() < 1e-9,
        "{s:?}"
    );
    let before = m(&app).snapshot();
    tap(&mut app, KeyCode::Space);
    play_out(&mut app);
    let mm = m(&app);
    let r = mm.rulings.last().unwrap();
    assert!(r.legal, "{}", r.explanation);
    assert_eq!(
        r.call,
        Call::Ball {
            ball: 1,
            pocket: Pocket::FootLeft
        }
    );
    assert!(!mm.state.on_table.contains(1));
    assert_eq!(
        mm.state.to_act(),
        PlayerId::A,
        "a legal pot: the shooter continues"
    );
    let mut b = Match::new(&GameOptions::default());
    b.state = before.state;
    b.layout = before.layout;
    b.last = mm.last.clone();
    assert_eq!(mm.state, referee_state(&b, r.call));
}

#[test]
fn ball_in_hand_refuses_an_overlap_and_accepts_a_free_place() {
    let opts = position(
        vec![ball(1, 0.0, 0.0), ball(10, 0.8, 0.3)],
        shot(PlayerId::B, CueBall::InHand, false),
    );
    let mut app = app_with(opts);
    assert_eq!(cycle(&app), ShotCycle::BallInHand);
    let start = m(&app)
        .cue_ball()
        .expect("the cue ball is put down for the player to move");
    drag(&mut app, start, Point::new(0.02, 0.01));
    assert_eq!(m(&app).cue_ball(), Some(start), "an overlap is refused");
    assert!(
        m(&app)
            .message
            .as_deref()
            .unwrap()
            .contains("overlap the 1")
    );
    drag(&mut app, start, Point::new(0.3, 0.2));
    assert_eq!(m(&app).cue_ball(), Some(Point::new(0.3, 0.2)));
    assert!(m(&app).message.is_none());
}

#[test]
fn on_the_break_the_cue_ball_stays_behind_the_head_string() {
    let mut app = app_with(GameOptions::default());
    let start = m(&app).cue_ball().unwrap();
    // Dragged past the head string, it stops at the string, under the pointer's line.
    drag(&mut app, start, Point::new(-0.3, 0.1));
    let t = m(&app).table();
    let placed = m(&app).cue_ball().unwrap();
    assert!(t.in_kitchen(placed), "{placed:?}");
    assert!((placed.x - t.head_string_x()).abs() < 0.01 && placed.y == 0.1);
    // A placement asked for past it (a script's) is refused by the rule.
    app.world_mut()
        .write_message(tenball::game::GameAction::PlaceCueBall(Point::new(
            -0.3, 0.1,
        )));
    app.update();
    assert_eq!(m(&app).cue_ball(), Some(placed));
    assert!(m(&app).message.as_deref().unwrap().contains("(5.3)"));
    let ok = Point::new(-0.9, 0.3);
    drag(&mut app, placed, ok);
    assert_eq!(m(&app).cue_ball(), Some(ok));
}

fn push_out_position() -> GameOptions {
    position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.6, 0.3), ball(10, 0.9, -0.3)],
        shot(PlayerId::A, CueBall::AsItLies, true),
    )
}

fn push_out(app: &mut App) {
    tap(app, KeyCode::KeyP);
    assert_eq!(app.world().resource::<Aim>().call.kind, CallKind::PushOut);
    {
        let mut aim = app.world_mut().resource_mut::<Aim>();
        aim.stroke.aim_deg = -90.0;
        aim.stroke.speed = 0.4;
    }
    tap(app, KeyCode::Space);
    play_out(app);
    let r = m(app).rulings.last().unwrap().clone();
    assert!(r.legal, "{}", r.explanation);
    assert_eq!(r.call, Call::PushOut);
    tap(app, KeyCode::Enter);
    assert_eq!(cycle(app), ShotCycle::Choice);
    assert_eq!(
        m(app).state.phase,
        Phase::Choice {
            chooser: PlayerId::B,
            reason: ChoiceReason::PushOut
        }
    );
}

#[test]
fn after_a_push_out_the_opponent_hands_the_table_back() {
    let mut app = app_with(push_out_position());
    push_out(&mut app);
    let expected = m(&app).state.choose(TableChoice::HandBack).unwrap();
    tap(&mut app, KeyCode::Digit2);
    assert_eq!(m(&app).state, expected);
    assert_eq!(m(&app).state.to_act(), PlayerId::A);
    assert_eq!(cycle(&app), ShotCycle::Aiming);
}

#[test]
fn after_a_push_out_the_opponent_plays_the_table() {
    let mut app = app_with(push_out_position());
    push_out(&mut app);
    let expected = m(&app).state.choose(TableChoice::PlayTable).unwrap();
    tap(&mut app, KeyCode::Digit1);
    assert_eq!(m(&app).state, expected);
    assert_eq!(m(&app).state.to_act(), PlayerId::B);
    // No second push out: the call is not offered.
    tap(&mut app, KeyCode::KeyP);
    tap(&mut app, KeyCode::Space);
    assert_eq!(cycle(&app), ShotCycle::Aiming);
    assert!(m(&app).message.as_deref().unwrap().contains("(5.4)"));
}

#[test]
fn undo_goes_back_to_the_table_before_the_shot() {
    let mut app = app_with(GameOptions::default());
    let before = m(&app).snapshot();
    tap(&mut app, KeyCode::Space);
    play_out(&mut app);
    tap(&mut app, KeyCode::Enter);
    assert_ne!(m(&app).state, before.state);
    tap(&mut app, KeyCode::KeyU);
    assert_eq!(m(&app).state, before.state);
    assert_eq!(m(&app).layout, before.layout);
    assert!(m(&app).rulings.is_empty());
    assert!(
        m(&app).strokes.is_empty(),
        "undo takes the stroke out of the TPA too"
    );
    assert_eq!(cycle(&app), ShotCycle::BallInHand);
}

/// Issue 63, item 6: undo aimed the cue from the cue ball's place at the ball on, losing the
/// stroke that was shot; the player wants that stroke back to change it and shoot again.
#[test]
fn issue_63_item_6_undo_sets_up_the_stroke_that_was_shot() {
    let mut app = app_with(GameOptions::default());
    {
        let mut aim = app.world_mut().resource_mut::<Aim>();
        aim.nudge_aim(1.5);
        aim.set_speed(8.25);
        aim.set_tip(0.1, -0.2);
    }
    let shot = app.world().resource::<Aim>().stroke;
    tap(&mut app, KeyCode::Space);
    play_out(&mut app);
    tap(&mut app, KeyCode::Enter);
    assert_ne!(
        app.world().resource::<Aim>().stroke,
        shot,
        "a new turn's aim"
    );
    tap(&mut app, KeyCode::KeyU);
    assert_eq!(app.world().resource::<Aim>().stroke, shot);
}

#[test]
fn hot_seat_has_no_undo() {
    let mut opts = GameOptions::default();
    opts.mode = tenball::game::Mode::HotSeat;
    let mut app = app_with(opts);
    tap(&mut app, KeyCode::Space);
    play_out(&mut app);
    tap(&mut app, KeyCode::Enter);
    let after = m(&app).state.clone();
    tap(&mut app, KeyCode::KeyU);
    assert_eq!(m(&app).state, after);
    assert!(m(&app).message.as_deref().unwrap().contains("practice"));
}

#[test]
fn playback_turns_a_rolling_ball_and_replay_shows_the_shot_again() {
    let opts = position(
        vec![ball(0, -0.9, 0.0), ball(1, 0.9, 0.5), ball(10, 0.9, -0.5)],
        shot(PlayerId::A, CueBall::AsItLies, false),
    );
    let mut app = app_with(opts);
    tap(&mut app, KeyCode::KeyS); // a safety: no ball need be called
    {
        let mut aim = app.world_mut().resource_mut::<Aim>();
        aim.stroke.aim_deg = 0.0;
        aim.stroke.speed = 1.0;
        aim.stroke.height = 0.4;
    }
    tap(&mut app, KeyCode::Space);
    let mut turns = Vec::new();
    while cycle(&app) == ShotCycle::Playing {
        let poses = app.world().resource::<tenball::game::BallPoses>();
        if let Some((_, q)) = poses.0[0] {
            turns.push(q);
        }
        app.update();
    }
    assert!(turns.len() > 5);
    let turned = turns.first().unwrap().angle_between(*turns.last().unwrap());
    assert!(
        turned > 0.5,
        "the cue ball turned only {turned} rad while rolling"
    );
    tap(&mut app, KeyCode::Enter);
    tap(&mut app, KeyCode::KeyR);
    assert!(
        app.world().resource::<Playback>().active(),
        "R replays the last shot"
    );
    for _ in 0..200 {
        app.update();
    }
    assert!(!app.world().resource::<Playback>().active());
    assert_ne!(
        cycle(&app),
        ShotCycle::Playing,
        "a replay does not replay the rules"
    );
}

#[test]
fn tracking_lines_are_computed_off_the_main_thread_and_follow_the_aim() {
    let opts = position(
        vec![ball(0, -0.6, 0.0), ball(1, 0.0, 0.0), ball(10, 0.9, -0.4)],
        shot(PlayerId::A, CueBall::AsItLies, false),
    );
    let mut app = app_with(opts);
    app.world_mut().resource_mut::<Aim>().stroke.aim_deg = 0.0;
    let wait = |app: &mut App, n: u64| {
        for _ in 0..200 {
            app.update();
            std::thread::sleep(Duration::from_millis(5));
            if app.world().resource::<Tracking>().computed >= n
                && app
                    .world()
                    .resource::<Tracking>()
                    .for_input
                    .as_ref()
                    .map(|f| f.1.aim_deg)
                    == Some(app.world().resource::<Aim>().stroke.aim_deg)
            {
                return;
            }
        }
        panic!("no prediction arrived");
    };
    wait(&mut app, 1);
    let lines = &app.world().resource::<Tracking>().prediction.lines;
    let balls: Vec<u8> = lines.iter().map(|l| l.0).collect();
    assert!(
        balls.contains(&0) && balls.contains(&1),
        "moving balls {balls:?}"
    );
    let first = app.world().resource::<Tracking>().computed;
    app.world_mut().resource_mut::<Aim>().stroke.aim_deg = 90.0;
    wait(&mut app, first + 1);
    let lines = &app.world().resource::<Tracking>().prediction.lines;
    let balls: Vec<u8> = lines.iter().map(|l| l.0).collect();
    assert_eq!(balls, vec![0], "aimed away, only the cue ball moves");
}

#[test]
fn set_up_mode_takes_a_ball_off_puts_it_back_and_saves_a_playable_table() {
    let mut app = app_with(GameOptions::default());
    tap(&mut app, KeyCode::F2);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Setup
    );
    let three = m(&app)
        .layout
        .balls
        .iter()
        .find(|b| b.ball == 3)
        .unwrap()
        .at;
    set_pointer(&mut app, three);
    tap(&mut app, KeyCode::Delete);
    assert!(!m(&app).state.on_table.contains(3));
    assert!(m(&app).layout.balls.iter().all(|b| b.ball != 3));
    set_pointer(&mut app, Point::new(0.2, -0.3));
    tap(&mut app, KeyCode::Digit3);
    assert!(m(&app).state.on_table.contains(3));
    // Move the 5 by dragging it.
    let five = m(&app)
        .layout
        .balls
        .iter()
        .find(|b| b.ball == 5)
        .unwrap()
        .at;
    drag(&mut app, five, Point::new(-0.2, 0.4));
    assert_eq!(
        m(&app)
            .layout
            .balls
            .iter()
            .find(|b| b.ball == 5)
            .unwrap()
            .at,
        Point::new(-0.2, 0.4)
    );
    let dir = std::env::temp_dir().join(format!("tenball-setup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("pos.json");
    app.world_mut()
        .write_message(GameAction::Save(path.clone()));
    app.update();
    let saved = TableFile::load(&path).expect("the saved table loads");
    assert_eq!(saved.layout, m(&app).layout);
    tap(&mut app, KeyCode::F2);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Table
    );
    app.update();
    assert_eq!(
        cycle(&app),
        ShotCycle::BallInHand,
        "the break: ball in hand"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 10 alone, straight in to the foot left corner from the cue ball.
fn ten_straight_in(race_to: u32) -> GameOptions {
    let dir = (0.27f64, 0.135f64);
    let n = dir.0.hypot(dir.1);
    let (ux, uy) = (dir.0 / n, dir.1 / n);
    let mut opts = position(
        vec![ball(0, 1.0 - 0.4 * ux, 0.5 - 0.4 * uy), ball(10, 1.0, 0.5)],
        shot(PlayerId::A, CueBall::AsItLies, false),
    );
    let file = opts.load.as_mut().unwrap();
    file.state.rules.race_to = race_to;
    opts.rules.race_to = race_to;
    file.stroke = Some(tenball::physics::Strike {
        height: -0.3,
        ..tenball::physics::Strike::new(uy.atan2(ux).to_degrees(), 2.0)
    });
    opts
}

fn pot_the_ten(app: &mut App) {
    app.world_mut().write_message(GameAction::CallBall(10));
    app.world_mut()
        .write_message(GameAction::CallPocket(Pocket::FootLeft));
    app.update();
    tap(app, KeyCode::Space);
    play_out(app);
}

#[test]
fn a_won_rack_scores_and_racks_again_for_the_next_break() {
    let mut app = app_with(ten_straight_in(7));
    pot_the_ten(&mut app);
    let mm = m(&app);
    assert!(mm.rulings.is_empty(), "a new rack starts a new log");
    let r = &mm.last.as_ref().unwrap().played.judged.ruling;
    assert!(r.rack_result.is_some(), "{}", r.explanation);
    assert_eq!(mm.state.score, [1, 0]);
    assert_eq!(mm.state.on_table, BallSet::FULL);
    assert_eq!(
        mm.layout.balls.len(),
        11,
        "ten object balls racked and the cue ball"
    );
    assert!(matches!(mm.state.phase, Phase::Break { .. }));
    // The 10 made by 5.8 is A's one ball made, no errors: a TPA of 1 in the rack and the match.
    let rack = mm
        .rack_performance
        .expect("the rack's counts, for its card");
    assert_eq!((rack[0].balls_made, rack[0].errors()), (1, 0));
    assert_eq!(rack[1].strokes, 0);
    assert_eq!(mm.match_performance()[0].tpa(), Some(1.0));
    tap(&mut app, KeyCode::Enter);
    assert_eq!(cycle(&app), ShotCycle::BallInHand);
}

#[test]
fn the_last_rack_of_the_race_ends_the_match_and_a_new_match_can_start() {
    let mut app = app_with(ten_straight_in(1));
    pot_the_ten(&mut app);
    tap(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(cycle(&app), ShotCycle::MatchOver);
    assert!(matches!(
        m(&app).state.phase,
        Phase::MatchOver {
            winner: PlayerId::A
        }
    ));
    // Nothing can be shot now.
    tap(&mut app, KeyCode::Space);
    assert_eq!(cycle(&app), ShotCycle::MatchOver);
    app.world_mut().write_message(GameAction::NewMatch);
    app.update();
    app.update();
    assert_eq!(m(&app).state.score, [0, 0]);
    assert!(m(&app).strokes.is_empty(), "a new match counts afresh");
    assert_eq!(cycle(&app), ShotCycle::BallInHand);
}

fn lesson_app(name: &str) -> App {
    let s = tenball::teaching::scenario::Scenario::load(std::path::Path::new(&format!(
        "assets/scenarios/{name}.json"
    )))
    .unwrap();
    let mut opts =
        tenball::game::options_from_file(s.position.clone(), tenball::game::Mode::Practice);
    opts.lesson = Some(s);
    opts.library = tenball::teaching::scenario::library().0;
    app_with(opts)
}

fn lesson(app: &App) -> &tenball::game::Lesson {
    app.world().resource::<tenball::game::Lesson>()
}

#[test]
fn the_scenario_player_plays_a_step_on_the_table_and_checks_its_ruling() {
    let mut app = lesson_app("called-ball-pocketed");
    tap(&mut app, KeyCode::Period);
    assert_eq!(cycle(&app), ShotCycle::Playing);
    assert_eq!(app.world().resource::<Playback>().speed, 0.5, "slow motion");
    // Markers follow the shot as it plays.
    let mut saw_first_contact = false;
    while cycle(&app) == ShotCycle::Playing {
        app.update();
        saw_first_contact |= app
            .world()
            .resource::<tenball::game::Markers>()
            .0
            .first_contact
            .map(|f| f.0)
            == Some(1);
    }
    assert!(saw_first_contact, "the first ball contacted was marked");
    app.update();
    assert_eq!(
        lesson(&app).results,
        vec![Vec::<String>::new()],
        "ruled as expected"
    );
    assert!(lesson(&app).done());
}

#[test]
fn the_scenario_player_takes_actions_and_told_shots() {
    let mut app = lesson_app("two-foul-warning-by-hand");
    tap(&mut app, KeyCode::Period);
    assert!(m(&app).state.fouls[0].warned, "the referee's warning");
    tap(&mut app, KeyCode::Period);
    assert_eq!(cycle(&app), ShotCycle::Ruling);
    assert_eq!(m(&app).rulings.last().unwrap().rule, "7.14");
    assert_eq!(
        lesson(&app).results,
        vec![Vec::<String>::new(), Vec::<String>::new()]
    );
    assert!(lesson(&app).done());
}

/// Issue 63, item 5: after a "choose" step the card still showed the shot's ruling and the
/// top bar said only "choose". Now the card closes, the table goes on from the choice, and the
/// top bar says who chose what, with the rule.
#[test]
fn issue_63_item_5_a_choose_step_says_what_was_chosen_and_closes_the_card() {
    let mut app = lesson_app("wrong-pocket-choice");
    tap(&mut app, KeyCode::Period);
    while cycle(&app) == ShotCycle::Playing {
        app.update();
    }
    app.update();
    assert_eq!(cycle(&app), ShotCycle::Ruling, "the shot's card");
    tap(&mut app, KeyCode::Period);
    let words = m(&app).message.clone().unwrap_or_default();
    let chooser = &m(&app).players[1];
    assert!(
        words.contains(&format!("{chooser} plays the table (5.7)")),
        "{words}"
    );
    assert_ne!(
        cycle(&app),
        ShotCycle::Ruling,
        "the card of the shot is closed"
    );
    assert_ne!(cycle(&app), ShotCycle::Choice);
    assert_eq!(
        lesson(&app).results,
        vec![Vec::<String>::new(), Vec::<String>::new()]
    );
}

#[test]
fn the_scenario_player_opens_another_scenario_of_the_library() {
    let mut app = lesson_app("two-foul-warning-by-hand");
    tap(&mut app, KeyCode::Period);
    let (_, i) = library_with("push-out-played");
    app.world_mut()
        .write_message(tenball::game::OpenScenario(i));
    app.update();
    app.update();
    assert_eq!(
        lesson(&app).scenario.title,
        "A push out, played on the table"
    );
    assert!(lesson(&app).results.is_empty(), "a fresh start");
    assert!(matches!(
        m(&app).state.phase,
        Phase::Shot { push_out: true, .. }
    ));
    tap(&mut app, KeyCode::Period);
    play_out(&mut app);
    app.update();
    assert_eq!(lesson(&app).results, vec![Vec::<String>::new()]);
}

/// Was (issue 30, item 6): `legal-jump-shot` showed a level cue and a prediction into the
/// blocking 2 before its 50-degree stroke played, the rings vanished when the card came, and
/// nothing said the cue ball jumped. Now the step's own stroke and call are set up before it
/// plays, the flight is seen from the side while the cue ball flies, and the marks, with their
/// words, stay with the ruling card.
#[test]
fn the_scenario_player_shows_a_steps_stroke_first_and_keeps_its_marks_with_the_card() {
    let mut app = lesson_app("legal-jump-shot");
    app.update();
    let aim = app.world().resource::<Aim>();
    assert_eq!(
        aim.stroke.elevation_deg, 50.0,
        "the step's stroke is set up"
    );
    assert_eq!(aim.call.kind, tenball::game::CallKind::Safety);
    tap(&mut app, KeyCode::Period);
    assert_eq!(cycle(&app), ShotCycle::Playing);
    let mut flew = false;
    while cycle(&app) == ShotCycle::Playing {
        let pb = app.world().resource::<Playback>();
        if let Some(log) = &pb.log {
            flew |= tenball::game::camera::flight_in_view(log, pb.t).is_some();
        }
        app.update();
    }
    assert!(flew, "the camera had the flight to show");
    app.update();
    assert_eq!(cycle(&app), ShotCycle::Ruling);
    let mk = &app.world().resource::<tenball::game::Markers>().0;
    assert_eq!(
        mk.first_contact.map(|f| f.0),
        Some(1),
        "kept with the card: {mk:?}"
    );
    let words = mk.words();
    assert!(
        words.iter().any(|w| w == "the cue ball jumped over the 2")
            && words.iter().any(|w| w == "first contact: the 1"),
        "{words:?}"
    );
    assert_eq!(lesson(&app).results, vec![Vec::<String>::new()]);
}

/// Was (issue 30, item 6): `frozen-ball-leaves-and-returns` stated facts while nothing moved.
/// A told step says it is told, and its facts are marked where the balls lie.
#[test]
fn a_told_step_says_it_is_told_and_marks_its_facts() {
    let mut app = lesson_app("frozen-ball-leaves-and-returns");
    tap(&mut app, KeyCode::Period);
    assert_eq!(cycle(&app), ShotCycle::Ruling);
    let msg = m(&app).message.clone().unwrap_or_default();
    assert!(msg.contains("told, not played: nothing moves"), "{msg}");
    let mk = &app.world().resource::<tenball::game::Markers>().0;
    assert!(mk.told);
    let words = mk.words();
    assert_eq!(
        words,
        vec![
            "first contact: the 1 (told)".to_string(),
            "the 1 at the foot cushion after contact (told)".to_string()
        ]
    );
}

/// The flight's view: low at the side of the flight, looking across it, all of it in view.
#[test]
fn a_flight_is_seen_from_low_at_its_side() {
    use tenball::game::camera::{FLIGHT_PITCH, flight_goal, project};
    let (from, to) = (Point::new(-0.6, 0.0), Point::new(-0.1, 0.0));
    let g = flight_goal(from, to, 1.5);
    assert_eq!(g.pitch, FLIGHT_PITCH);
    for p in [from, to] {
        let v = project(&g, 1.5, tenball::game::scene_world(p.x, p.y, 0.1)).expect("in front");
        assert!(v.x.abs() < 0.9 && v.y.abs() < 0.9, "{p:?} at {v}");
    }
    // Looking across the flight: its ends are far apart on the screen, left and right.
    let a = project(&g, 1.5, tenball::game::scene_world(from.x, from.y, 0.0)).unwrap();
    let b = project(&g, 1.5, tenball::game::scene_world(to.x, to.y, 0.0)).unwrap();
    assert!((a.x - b.x).abs() > 0.8, "{a} {b}");
}

/// `tenball play --equipment pro`: the game plays every shot on its equipment. A ball rolled at
/// the foot right corner 32 mm off the pocket's line drops on the WPA's 4.5 in corners and not
/// on the pro set's 4.25 in (`tests/physics/equipment.rs` measures the windows: 34 mm and 30 mm).
#[test]
fn the_game_plays_its_shots_on_the_equipment_it_was_given() {
    let t = TableSize::NineFoot.spec();
    let mouth = t.pocket_mouth_centre(Pocket::FootRight);
    let h = std::f64::consts::FRAC_1_SQRT_2;
    let start = Point::new(mouth.x - 0.8 * h + 0.032 * h, mouth.y + 0.8 * h + 0.032 * h);
    let scratched = |equipment: tenball::physics::Equipment| {
        let mut opts = position(
            vec![
                Placed { ball: 0, at: start },
                Placed {
                    ball: 1,
                    at: Point::new(-0.9, 0.4),
                },
                Placed {
                    ball: 10,
                    at: Point::new(-0.9, -0.4),
                },
            ],
            shot(PlayerId::A, CueBall::AsItLies, false),
        );
        opts.equipment = equipment;
        let mut app = app_with(opts);
        assert_eq!(
            m(&app).table().corner_mouth,
            equipment.table(TableSize::NineFoot).corner_mouth
        );
        tap(&mut app, KeyCode::KeyS); // a safety: no ball need be called
        {
            let mut aim = app.world_mut().resource_mut::<Aim>();
            aim.stroke = tenball::physics::Strike::new(-45.0, 1.5);
        }
        tap(&mut app, KeyCode::Space);
        play_out(&mut app);
        let facts = &m(&app)
            .last
            .as_ref()
            .expect("the shot was played")
            .played
            .facts;
        facts.cue_ball != tenball::referee::CueBallFate::OnTable
    };
    assert!(
        scratched(tenball::physics::equipment::WPA),
        "the WPA's corner takes it"
    );
    assert!(
        !scratched(tenball::physics::Equipment::pro()),
        "the pro set's turns it away"
    );
}

/// A scenario's foul played in the scenario player, its link taken (Copy link) and opened.
fn foul_and_its_link() -> (App, String) {
    let mut app = lesson_app("scratch");
    tap(&mut app, KeyCode::Period);
    play_out(&mut app);
    app.update();
    let file = m(&app).last_shot_file().expect("a shot was played");
    app.world_mut()
        .write_message(GameAction::CopyLink)
        .expect("the game takes actions");
    app.update();
    (app, tenball::link::table_query(&file))
}

#[test]
fn a_link_of_a_shot_replays_it_and_shows_the_same_ruling() {
    let (played, query) = foul_and_its_link();
    let msg = m(&played).message.clone().unwrap_or_default();
    assert!(msg.starts_with("the link of the last shot"), "{msg}");
    let link = tenball::link::Link::parse(&format!("http://localhost:8000/{query}")).unwrap();
    let opts = tenball::game::options_from_link(link).unwrap();
    assert!(opts.play_on_open, "a link with a stroke plays it");
    let mut app = app_with(opts);
    app.update();
    app.update();
    assert_eq!(cycle(&app), ShotCycle::Playing, "the shot plays at once");
    play_out(&mut app);
    app.update();
    assert_eq!(cycle(&app), ShotCycle::Ruling, "its ruling card is shown");
    let (a, b) = (m(&played).last.as_ref(), m(&app).last.as_ref());
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(b.played.judged.ruling.rule, "7.1", "the scratch's rule");
    assert_eq!(a.played.judged.ruling, b.played.judged.ruling);
    assert_eq!(
        m(&played).layout,
        m(&app).layout,
        "the balls end where they did"
    );
    assert_eq!(m(&played).state, m(&app).state);
}

#[test]
fn a_link_without_a_stroke_opens_the_table_and_waits() {
    let (played, _) = foul_and_its_link();
    let file = m(&played).table_file();
    let link = tenball::link::Link::parse(&tenball::link::table_query(&file)).unwrap();
    let opts = tenball::game::options_from_link(link).unwrap();
    assert!(!opts.play_on_open);
    let mut app = app_with(opts);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(
        cycle(&app),
        ShotCycle::BallInHand,
        "B has ball in hand after the scratch"
    );
    assert_eq!(m(&app).state, m(&played).state);
}

#[test]
fn a_scenario_link_opens_the_scenario_player_and_an_unknown_name_is_refused() {
    use tenball::link::Link;
    let opts = tenball::game::options_from_link(Link::Scenario("scratch".into())).unwrap();
    let lesson = opts.lesson.as_ref().expect("the scenario player");
    assert_eq!(lesson.steps.len(), 1);
    assert!(opts.library.len() >= 30, "the library beside it");
    let e = tenball::game::options_from_link(Link::Scenario("scrach".into())).unwrap_err();
    assert!(
        e.contains("`scrach` is not in the library") && e.contains("scratch"),
        "{e}"
    );
}

//! Touch, headless (issue 62): a finger plays as the mouse's left button, so a tap on a ball
//! calls it and a drag of the cue ball in hand places it where the finger lets go; two fingers
//! zoom the view behind the cue ball by their pinch.

use bevy::input::InputSystems;
use bevy::input::mouse::{MouseButtonInput, mouse_button_input_system};
use bevy::input::touch::{TouchInput, TouchPhase, Touches, touch_screen_input_system};
use bevy::prelude::*;

use tenball::game::camera::ViewChanges;
use tenball::game::{Aim, CameraView, GameOptions, Mode, ShotCycle};
use tenball::referee::{CueBall, Phase, PlayerId};
use tenball::table::Point;

use super::game_common::{app_with_more, ball, cycle, m, position_in, set_pointer};

/// The game with bevy's own touch and mouse-button systems, as a window gives them.
fn touch_app(opts: GameOptions) -> App {
    app_with_more(opts, |app| {
        app.init_resource::<Touches>()
            .add_message::<TouchInput>()
            .add_message::<MouseButtonInput>()
            .add_systems(
                PreUpdate,
                (touch_screen_input_system, mouse_button_input_system).in_set(InputSystems),
            );
    })
}

fn finger(app: &mut App, id: u64, phase: TouchPhase, at: Vec2) {
    app.world_mut().write_message(TouchInput {
        phase,
        position: at,
        window: Entity::PLACEHOLDER,
        force: None,
        id,
    });
    app.update();
}

fn in_hand() -> GameOptions {
    position_in(
        vec![ball(0, -0.6, 0.0), ball(1, 0.3, 0.0), ball(10, 0.9, -0.4)],
        Phase::Shot {
            shooter: PlayerId::A,
            cue_ball: CueBall::InHand,
            push_out: false,
        },
        Mode::Practice,
    )
}

#[test]
fn issue_62_a_tap_on_a_ball_calls_it() {
    let mut app = touch_app(in_hand());
    app.update();
    // The finger's place on the table is the pointer's (the camera's ray, absent headless):
    // on the 10, which the aim's own prediction would not call (it calls the 1 ahead).
    set_pointer(&mut app, Point::new(0.9, -0.4));
    finger(&mut app, 7, TouchPhase::Started, Vec2::new(500.0, 300.0));
    finger(&mut app, 7, TouchPhase::Ended, Vec2::new(500.0, 300.0));
    app.update();
    let aim = app.world().resource::<Aim>();
    assert_eq!(aim.call.ball, Some(10), "{:?}", aim.call);
    assert!(aim.call.by_player);
    assert_eq!(
        app.world().resource::<tenball::game::Pointer>().finger,
        None,
        "no finger down"
    );
}

/// A tap that begins and ends between two frames (a phone's slow frame, a browser's quick
/// tap) was lost: the finger was never down in a frame the game saw.
#[test]
fn issue_62_a_tap_within_one_frame_calls_the_ball() {
    let mut app = touch_app(in_hand());
    app.update();
    set_pointer(&mut app, Point::new(0.9, -0.4));
    for phase in [TouchPhase::Started, TouchPhase::Ended] {
        app.world_mut().write_message(TouchInput {
            phase,
            position: Vec2::new(500.0, 300.0),
            window: Entity::PLACEHOLDER,
            force: None,
            id: 4,
        });
    }
    app.update();
    app.update();
    let aim = app.world().resource::<Aim>();
    assert_eq!(aim.call.ball, Some(10), "{:?}", aim.call);
    assert!(aim.call.by_player);
}

#[test]
fn issue_62_the_cue_ball_in_hand_goes_where_the_finger_lets_go() {
    let mut app = touch_app(in_hand());
    app.update();
    assert_eq!(cycle(&app), ShotCycle::BallInHand);
    set_pointer(&mut app, Point::new(-0.6, 0.0));
    finger(&mut app, 3, TouchPhase::Started, Vec2::new(400.0, 400.0));
    for x in [-0.7, -0.8, -0.9] {
        set_pointer(&mut app, Point::new(x, 0.2));
        finger(&mut app, 3, TouchPhase::Moved, Vec2::new(380.0, 380.0));
    }
    finger(&mut app, 3, TouchPhase::Ended, Vec2::new(380.0, 380.0));
    app.update();
    let cue = m(&app).cue_ball().unwrap();
    assert!(
        (cue.x + 0.9).abs() < 1e-9 && (cue.y - 0.2).abs() < 1e-9,
        "{cue:?}"
    );
}

#[test]
fn issue_62_two_fingers_spread_apart_zoom_in_and_end_the_first_fingers_press() {
    let mut app = touch_app(in_hand());
    app.update();
    // A finger on the cloth, then a second: the first's press ends, nothing is called.
    set_pointer(&mut app, Point::new(0.0, 0.3));
    finger(&mut app, 1, TouchPhase::Started, Vec2::new(300.0, 300.0));
    finger(&mut app, 2, TouchPhase::Started, Vec2::new(400.0, 300.0));
    assert!(
        !app.world()
            .resource::<ButtonInput<MouseButton>>()
            .pressed(MouseButton::Left)
    );
    // Spread to twice the distance.
    finger(&mut app, 1, TouchPhase::Moved, Vec2::new(250.0, 300.0));
    finger(&mut app, 2, TouchPhase::Moved, Vec2::new(450.0, 300.0));
    let notches = app
        .world_mut()
        .resource_mut::<ViewChanges>()
        .get_mut(CameraView::Behind, false)
        .map(|c| c.notches)
        .unwrap_or_default()
        + app
            .world_mut()
            .resource_mut::<ViewChanges>()
            .get_mut(CameraView::Behind, true)
            .map(|c| c.notches)
            .unwrap_or_default();
    assert!((notches - 6.6).abs() < 0.1, "{notches}");
    assert!(!app.world().resource::<Aim>().call.by_player);
}

//! The physics as a bevy plugin, headless (`MinimalPlugins`, a manual clock): a shot started
//! by message gives the very log `simulate` gives and plays out on the app's clock, ball
//! entities follow it, and the message buffers stay small shot after shot.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use tenball::physics::{
    BallId, Layout, PhysicsPlugin, ShotFinished, ShotLog, SimConfig, StartShot, Strike, simulate,
};
use tenball::table::{Placed, Point, TableSize};

fn app() -> App {
    let mut app = App::new();
    app.add_plugins(MinimalPlugins)
        .add_plugins(PhysicsPlugin)
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f64(
            1.0 / 60.0,
        )));
    app
}

fn layout() -> Layout {
    Layout {
        table: TableSize::NineFoot,
        balls: vec![
            Placed {
                ball: 0,
                at: Point::new(-0.6, 0.05),
            },
            Placed {
                ball: 1,
                at: Point::new(0.2, 0.0),
            },
            Placed {
                ball: 2,
                at: Point::new(0.5, -0.25),
            },
        ],
    }
}

/// Runs frames until the shot finishes; returns its log and the frames taken.
fn play(app: &mut App, strike: Strike) -> (ShotLog, usize) {
    app.world_mut().write_message(StartShot {
        layout: layout(),
        strike,
        config: SimConfig::default(),
    });
    for frame in 1..10_000 {
        app.update();
        let done = app.world().resource::<Messages<ShotFinished>>();
        if let Some(ShotFinished(log)) = done.iter_current_update_messages().next() {
            return (log.clone(), frame);
        }
    }
    panic!("the shot never finished");
}

#[test]
fn a_shot_through_the_plugin_gives_the_library_log_bit_for_bit() {
    let mut app = app();
    let cue = app
        .world_mut()
        .spawn((BallId(0), Transform::default()))
        .id();
    let strike = Strike {
        side: 0.2,
        ..Strike::new(2.0, 3.0)
    };
    let (log, frames) = play(&mut app, strike);
    let direct = simulate(&layout(), &strike, &SimConfig::default()).unwrap();
    assert_eq!(
        serde_json::to_string(&log).unwrap(),
        serde_json::to_string(&direct).unwrap()
    );
    // It ran on the clock: about 60 frames a simulated second.
    let expected = (log.duration * 60.0) as usize;
    assert!(
        frames + 2 >= expected && frames <= expected + 3,
        "{frames} frames for {} s",
        log.duration
    );
    // The cue ball entity moved with the ball, to where the log says it stopped.
    let moved = app.world().get::<Transform>(cue).unwrap().translation;
    let end = log
        .end
        .iter()
        .find_map(|e| match e {
            tenball::physics::BallEnd::OnTable { ball: 0, at } => Some(*at),
            _ => None,
        })
        .expect("the cue ball stays on the table");
    assert!(
        (moved.x as f64 - end.x).abs() < 1e-3 && (-moved.z as f64 - end.y).abs() < 1e-3,
        "the cue ball entity followed the shot to {end:?}: {moved:?}"
    );
    assert!((end.x + 0.6).abs() > 0.1, "the shot moved the cue ball");
}

#[test]
fn message_buffers_do_not_pile_up_across_shots() {
    let mut app = app();
    for k in 0..3 {
        play(&mut app, Strike::new(0.0, 1.0 + k as f64));
    }
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().resource::<Messages<StartShot>>().len() <= 1);
    assert!(app.world().resource::<Messages<ShotFinished>>().len() <= 1);
}

#[test]
fn a_bad_layout_is_refused_with_a_reason() {
    let mut app = app();
    let mut bad = layout();
    bad.balls[1].at = bad.balls[0].at;
    app.world_mut().write_message(StartShot {
        layout: bad,
        strike: Strike::new(0.0, 1.0),
        config: SimConfig::default(),
    });
    app.update();
    let runner = app.world().resource::<tenball::physics::ShotRunner>();
    assert!(runner.playing.is_none());
    assert!(
        runner.error.as_deref().unwrap_or("").contains("overlaps"),
        "{:?}",
        runner.error
    );
}

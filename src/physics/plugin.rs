//! The physics as a bevy plugin: a `StartShot` message starts a shot, the fixed-update clock
//! advances it by the same steps `simulate` takes, ball entities (`BallId`) follow it, and
//! `ShotFinished` carries the log. Headless under `MinimalPlugins`; the game adds rendering.

use bevy::prelude::*;

use super::cue::Strike;
use super::log::{Layout, ShotLog};
use super::params::SimConfig;
use super::sim::TableSim;
use super::to_world;

/// Marks an entity that shows ball `0` (cue) to `10`.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BallId(pub u8);

/// Start a shot from a layout.
#[derive(Message, Debug, Clone)]
pub struct StartShot {
    pub layout: Layout,
    pub strike: Strike,
    pub config: SimConfig,
}

/// A shot came to rest.
#[derive(Message, Debug, Clone)]
pub struct ShotFinished(pub ShotLog);

/// The shot in progress, if any, and the last refused shot's reason.
#[derive(Resource, Default)]
pub struct ShotRunner {
    pub sim: Option<TableSim>,
    pub error: Option<String>,
}

/// Adds the physics to an app.
pub struct PhysicsPlugin;

impl Plugin for PhysicsPlugin {
    fn build(&self, app: &mut App) {
        plugin(app);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartShot>()
        .add_message::<ShotFinished>()
        .init_resource::<ShotRunner>()
        .add_systems(
            FixedUpdate,
            (start_shots, advance_shot, follow_balls).chain(),
        );
}

fn start_shots(mut starts: MessageReader<StartShot>, mut runner: ResMut<ShotRunner>) {
    for s in starts.read() {
        match TableSim::new(&s.layout, &s.strike, &s.config) {
            Ok(sim) => {
                runner.sim = Some(sim);
                runner.error = None;
            }
            Err(e) => runner.error = Some(e.to_string()),
        }
    }
}

/// Steps the shot until its clock catches up with the app's fixed clock.
fn advance_shot(
    time: Res<Time>,
    mut runner: ResMut<ShotRunner>,
    mut finished: MessageWriter<ShotFinished>,
) {
    let Some(sim) = runner.sim.as_mut() else {
        return;
    };
    let dt = sim.config().dt;
    let target = sim.time() + time.delta_secs_f64();
    while sim.time() + 0.5 * dt < target && sim.step() {}
    if sim.is_finished()
        && let Some(sim) = runner.sim.take()
    {
        finished.write(ShotFinished(sim.into_log()));
    }
}

/// Ball entities follow the balls on the table; a ball that left it keeps its last place (the
/// game decides how to show it).
fn follow_balls(runner: Res<ShotRunner>, mut balls: Query<(&BallId, &mut Transform)>) {
    let Some(sim) = runner.sim.as_ref() else {
        return;
    };
    let on_table = sim.positions();
    for (id, mut transform) in &mut balls {
        if let Some((_, [x, y, h])) = on_table.iter().find(|(b, _)| *b == id.0) {
            let w = to_world(*x, *y, *h);
            transform.translation = Vec3::new(w.x, w.y, w.z);
        }
    }
}

//! The physics as a bevy plugin: a `StartShot` message simulates the shot with the library call
//! (`simulate`), then the shot plays out on the app's clock: ball entities (`BallId`) follow the
//! sampled paths, and `ShotFinished` carries the log when its time is up. Headless under
//! `MinimalPlugins`; the game adds rendering and sees the same motion the batch runs compute.

use bevy::prelude::*;

use super::cue::Strike;
use super::log::{Layout, ShotLog};
use super::params::SimConfig;
use super::sim::simulate;
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

/// A shot played out to rest.
#[derive(Message, Debug, Clone)]
pub struct ShotFinished(pub ShotLog);

/// The shot playing, how far it has played, and the last refused shot's reason.
#[derive(Resource, Default)]
pub struct ShotRunner {
    pub playing: Option<(ShotLog, f64)>,
    pub error: Option<String>,
}

/// Adds the physics to an app.
pub struct PhysicsPlugin;

impl Plugin for PhysicsPlugin {
    fn build(&self, app: &mut App) {
        plugin(app);
    }
}

/// The order of the physics' systems in a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PhysicsSystems {
    Start,
    Play,
    Follow,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<StartShot>()
        .add_message::<ShotFinished>()
        .init_resource::<ShotRunner>()
        .configure_sets(
            Update,
            (
                PhysicsSystems::Start,
                PhysicsSystems::Play,
                PhysicsSystems::Follow,
            )
                .chain(),
        )
        .add_systems(
            Update,
            (
                start_shots.in_set(PhysicsSystems::Start),
                play_shot.in_set(PhysicsSystems::Play),
                follow_balls.in_set(PhysicsSystems::Follow),
            ),
        );
}

fn start_shots(mut starts: MessageReader<StartShot>, mut runner: ResMut<ShotRunner>) {
    for s in starts.read() {
        match simulate(&s.layout, &s.strike, &s.config) {
            Ok(log) => {
                runner.playing = Some((log, 0.0));
                runner.error = None;
            }
            Err(e) => runner.error = Some(e.to_string()),
        }
    }
}

/// Moves the shot's clock on by the frame's time; at its end, hands the log on.
fn play_shot(
    time: Res<Time>,
    mut runner: ResMut<ShotRunner>,
    mut finished: MessageWriter<ShotFinished>,
) {
    let Some((log, t)) = runner.playing.as_mut() else {
        return;
    };
    *t += time.delta_secs_f64();
    if *t >= log.duration
        && let Some((log, _)) = runner.playing.take()
    {
        finished.write(ShotFinished(log));
    }
}

/// Ball entities take their place on the paths at the shot's time; a ball whose path has ended
/// (pocketed, off the table) keeps its last place, and the game decides how to show it.
fn follow_balls(runner: Res<ShotRunner>, mut balls: Query<(&BallId, &mut Transform)>) {
    let Some((log, t)) = runner.playing.as_ref() else {
        return;
    };
    for (id, mut transform) in &mut balls {
        let Some(path) = log.paths.iter().find(|p| p.ball == id.0) else {
            continue;
        };
        if let Some(([x, y, h], q)) = pose_at(&path.samples, *t) {
            let w = to_world(x, y, h);
            transform.translation = Vec3::new(w.x, w.y, w.z);
            transform.rotation = quat_to_world(q);
        }
    }
}

/// A table-frame orientation (quaternion x, y, z, w) as a rotation in the world frame (x, up,
/// -y): the quaternion's vector part maps like a vector.
pub fn quat_to_world(q: [f64; 4]) -> Quat {
    let v = to_world(q[0], q[1], q[2]);
    Quat::from_xyzw(v.x, v.y, v.z, q[3] as f32).normalize()
}

/// Position on a sampled path at time `t`, interpolated between samples.
pub fn position_at(samples: &[[f32; 8]], t: f64) -> Option<[f64; 3]> {
    pose_at(samples, t).map(|(p, _)| p)
}

/// Position (table x, y, height) and orientation (table-frame quaternion) on a sampled path at
/// time `t`: linear between samples for the place, the shorter arc for the turn.
pub fn pose_at(samples: &[[f32; 8]], t: f64) -> Option<([f64; 3], [f64; 4])> {
    let t = t as f32;
    let i = samples.partition_point(|s| s[0] <= t);
    let at = |s: &[f32; 8]| {
        (
            [s[1] as f64, s[2] as f64, s[3] as f64],
            [s[4] as f64, s[5] as f64, s[6] as f64, s[7] as f64],
        )
    };
    match (
        i.checked_sub(1).and_then(|k| samples.get(k)),
        samples.get(i),
    ) {
        (Some(a), Some(b)) => {
            let k = if b[0] > a[0] {
                ((t - a[0]) / (b[0] - a[0])).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let p = [1, 2, 3].map(|j| (a[j] + (b[j] - a[j]) * k) as f64);
            let qa = Quat::from_xyzw(a[4], a[5], a[6], a[7]);
            let qb = Quat::from_xyzw(b[4], b[5], b[6], b[7]);
            let q = qa.slerp(qb, k);
            Some((p, [q.x as f64, q.y as f64, q.z as f64, q.w as f64]))
        }
        (Some(a), None) => Some(at(a)),
        (None, Some(b)) => Some(at(b)),
        (None, None) => None,
    }
}

//! Tracking lines, a practice aid: the predicted path of every ball the stroke set up would move,
//! from the real simulation, recomputed on bevy's async compute pool while the player aims so
//! that the frame rate does not drop. At most one prediction runs at a time; a new one starts
//! when the stroke or the table changed and the last started at least `REFRESH` ago.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::input::Aim;
use super::session::Match;
use super::{GameSystems, ShotCycle};
use crate::physics::{Layout, SimConfig, Strike, simulate, to_world};

/// Least time between two predictions (s): ten a second at most.
pub const REFRESH: f64 = 0.1;

/// The predicted paths and the prediction in flight.
#[derive(Resource, Default)]
pub struct Tracking {
    /// Per moving ball: its number and the points of its path (world frame).
    pub lines: Vec<(u8, Vec<Vec3>)>,
    /// What the lines were computed for.
    pub for_input: Option<(Layout, Strike)>,
    task: Option<(Task<Option<Vec<(u8, Vec<Vec3>)>>>, Layout, Strike)>,
    last_start: f64,
    /// Predictions finished, for the tests and the HUD.
    pub computed: u64,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Tracking>().add_systems(
        Update,
        predict
            .run_if(in_state(ShotCycle::Aiming).or_else(in_state(ShotCycle::BallInHand)))
            .in_set(GameSystems::Show),
    );
}

fn predict(time: Res<Time>, m: Res<Match>, aim: Res<Aim>, mut tr: ResMut<Tracking>) {
    // Collect a finished prediction.
    if let Some((task, layout, strike)) = tr.task.as_mut()
        && let Some(result) = block_on(poll_once(task))
    {
        let input = (layout.clone(), *strike);
        tr.task = None;
        tr.lines = result.unwrap_or_default();
        tr.for_input = Some(input);
        tr.computed += 1;
    }
    if !aim.tracking || tr.task.is_some() {
        return;
    }
    let mut layout = m.layout.clone();
    if let Some(super::Drag::CueBall(p)) = aim.drag {
        for b in layout.balls.iter_mut().filter(|b| b.ball == 0) {
            b.at = p;
        }
    }
    let input = (layout, aim.stroke);
    if tr.for_input.as_ref() == Some(&input) {
        return;
    }
    let now = time.elapsed_secs_f64();
    if now - tr.last_start < REFRESH && tr.computed > 0 {
        return;
    }
    tr.last_start = now;
    let (layout, strike) = input.clone();
    let task = AsyncComputeTaskPool::get().spawn(async move { predicted_lines(&layout, &strike) });
    tr.task = Some((task, input.0, input.1));
}

/// The path of each ball that moves, as world points at the balls' centre height.
pub fn predicted_lines(layout: &Layout, strike: &Strike) -> Option<Vec<(u8, Vec<Vec3>)>> {
    let cfg = SimConfig {
        sample_dt: 1.0 / 60.0,
        max_time: 30.0,
        ..SimConfig::default()
    };
    let log = simulate(layout, strike, &cfg).ok()?;
    Some(
        log.paths
            .iter()
            .filter(|p| {
                let (Some(a), Some(b)) = (p.samples.first(), p.samples.last()) else {
                    return false;
                };
                (a[1] - b[1]).hypot(a[2] - b[2]) > 1e-3
            })
            .map(|p| {
                let pts = p
                    .samples
                    .iter()
                    .map(|s| {
                        let w = to_world(s[1] as f64, s[2] as f64, s[3] as f64);
                        Vec3::new(w.x, w.y, w.z)
                    })
                    .collect();
                (p.ball, pts)
            })
            .collect(),
    )
}

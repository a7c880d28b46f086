//! The aim's prediction and the aids: the predicted path of every ball the stroke set up would
//! move, from the real simulation, recomputed on bevy's async compute pool while the player aims
//! so that the frame rate does not drop (at most one prediction runs at a time; a new one
//! starts when the stroke or the table changed and the last started at least `REFRESH` ago).
//! What a player is shown of it depends on the aid level: practice shows every path (on the
//! break the cue ball's and the 1's), match the
//! cue ball's path to its first contact, pro none. The prediction also pre-fills the call: the
//! ball the cue ball meets first, when it is the ball on, and the pocket it heads for, until the
//! player calls otherwise.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};

use super::session::{Match, Mode};
use crate::adapter::Moment;
use crate::game::GameSystems;
use crate::game::model::aim::{Aim, CallKind};
use crate::physics::{Layout, PathSample, SimConfig, Strike, simulate, to_world};
use crate::referee::{CUE, TurnAction};
use crate::table::Pocket;

/// How much the game shows of a stroke's future.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AidLevel {
    /// Every moving ball's path.
    Practice,
    /// The cue ball's path to the first ball it meets, no object ball's path.
    Match,
    /// No path at all.
    Pro,
}

impl AidLevel {
    pub fn name(self) -> &'static str {
        match self {
            AidLevel::Practice => "practice: every path",
            AidLevel::Match => "match: the cue ball to its first ball",
            AidLevel::Pro => "pro: no paths",
        }
    }

    pub fn next(self) -> AidLevel {
        match self {
            AidLevel::Practice => AidLevel::Match,
            AidLevel::Match => AidLevel::Pro,
            AidLevel::Pro => AidLevel::Practice,
        }
    }
}

/// The aids in force: what the paths show and whether strokes carry a person's execution error
/// (the batch runs' noise model, `physics::Noise`).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aids {
    pub level: AidLevel,
    pub noise: bool,
}

impl Aids {
    /// Practice starts with every path and exact strokes; two players start at the match level
    /// with execution noise, so that neither sees the whole future of a shot.
    pub fn for_mode(mode: Mode) -> Aids {
        match mode {
            Mode::Practice => Aids {
                level: AidLevel::Practice,
                noise: false,
            },
            Mode::HotSeat => Aids {
                level: AidLevel::Match,
                noise: true,
            },
        }
    }
}

/// What the simulation says the stroke set up will do.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Prediction {
    /// Per moving ball: its number and the points of its path (world frame).
    pub lines: Vec<(u8, Vec<Vec3>)>,
    /// The cue ball's path up to where it first meets a ball (world frame).
    pub cue_to_first: Vec<Vec3>,
    /// The first ball the cue ball meets, and the pocket it drops in if it does.
    pub first: Option<(u8, Option<Pocket>)>,
}

/// Least time between two predictions (s): ten a second at most.
pub const REFRESH: f64 = 0.1;

/// The latest prediction and the one in flight.
#[derive(Resource, Default)]
pub struct Tracking {
    pub prediction: Prediction,
    /// What the lines were computed for.
    pub for_input: Option<(Layout, Strike)>,
    task: Option<(Task<Option<Prediction>>, Layout, Strike)>,
    last_start: f64,
    /// Predictions finished, for the tests and the HUD.
    pub computed: u64,
    /// The stroke set up is a break: practice then shows the cue ball's and the 1's paths only
    /// (a dozen crossing paths of the rack hid the table).
    pub on_break: bool,
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.init_resource::<Tracking>().add_systems(
        Update,
        (
            predict.in_set(GameSystems::Show),
            prefill_call.in_set(GameSystems::Act),
        )
            .run_if(crate::game::aiming_now),
    );
}

impl Tracking {
    /// The paths the aid level shows (the prediction is made whatever it is).
    pub fn shown(&self, level: AidLevel) -> Vec<(u8, &[Vec3])> {
        match level {
            AidLevel::Practice => self
                .prediction
                .lines
                .iter()
                .filter(|(b, _)| !self.on_break || *b == CUE || *b == 1)
                .map(|(b, p)| (*b, p.as_slice()))
                .collect(),
            AidLevel::Match if !self.prediction.cue_to_first.is_empty() => {
                vec![(CUE, self.prediction.cue_to_first.as_slice())]
            }
            AidLevel::Match | AidLevel::Pro => Vec::new(),
        }
    }
}

/// Until the player calls a ball or a pocket, the call is the prediction's: the ball the cue
/// ball meets first and the pocket that ball drops in, when that ball is the ball on (the
/// lowest: meeting another first is a foul, 7.2, whatever is called, so it is not offered as
/// the call). A call filled in whole is kept when a later prediction drops no ball (raising the
/// cue for a jump, a stroke still being set up) or meets another ball first: only another
/// whole call replaces it.
fn prefill_call(m: Res<Match>, tr: Res<Tracking>, mut aim: ResMut<Aim>) {
    if aim.call.by_player || aim.call.kind != CallKind::Ball {
        return;
    }
    if !matches!(m.state.turn().action, TurnAction::Shoot { .. }) {
        return;
    }
    // Only a prediction made for the stroke and table as they are now.
    let Some((layout, strike)) = &tr.for_input else {
        return;
    };
    if *strike != aim.stroke || *layout != m.layout {
        return;
    }
    let (ball, pocket) = match tr.prediction.first {
        Some((b, p)) if b == m.state.ball_on() => (Some(b), p),
        _ => (None, None),
    };
    if pocket.is_none() && aim.call.ball.is_some() && aim.call.pocket.is_some() {
        return;
    }
    if aim.call.ball != ball || aim.call.pocket != pocket {
        aim.call.ball = ball;
        aim.call.pocket = pocket;
    }
}

fn predict(time: Res<Time>, m: Res<Match>, aim: Res<Aim>, mut tr: ResMut<Tracking>) {
    let on_break = matches!(m.state.phase, crate::referee::Phase::Break { .. });
    if tr.on_break != on_break {
        tr.on_break = on_break;
    }
    // Collect a finished prediction.
    if let Some((task, layout, strike)) = tr.task.as_mut()
        && let Some(result) = block_on(poll_once(task))
    {
        let input = (layout.clone(), *strike);
        tr.task = None;
        tr.prediction = result.unwrap_or_default();
        tr.for_input = Some(input);
        tr.computed += 1;
    }
    if tr.task.is_some() {
        return;
    }
    let mut layout = m.layout.clone();
    if let Some(super::aim::Drag::CueBall(p)) = aim.drag {
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
    let equipment = m.equipment;
    let task = AsyncComputeTaskPool::get()
        .spawn(async move { predict_stroke(&layout, &strike, &equipment) });
    tr.task = Some((task, input.0, input.1));
}

/// A path's samples up to time `t`, the last carried on from the two before it (a sample after
/// `t` would already have turned at the contact).
fn leg_until(samples: &[PathSample], t: f64) -> Vec<PathSample> {
    let mut leg: Vec<PathSample> = samples
        .iter()
        .take_while(|s| (s.t as f64) <= t)
        .copied()
        .collect();
    if let [.., a, b] = leg[..] {
        let dt = (b.t - a.t).max(1e-6);
        let k = (t as f32 - b.t) / dt;
        leg.push(PathSample {
            t: t as f32,
            at: b.at + (b.at - a.at) * k,
            turn: b.turn,
        });
    }
    leg
}

/// The samples of a path while the ball is over the bed: a ball that drops into a pocket or
/// leaves the table is drawn to where its centre passes a cushion nose's line or sinks below
/// the cloth, not on down the hole or over the rail (issue 63, item 6).
fn over_the_bed<'a>(t: &crate::table::Table, samples: &'a [PathSample]) -> &'a [PathSample] {
    let (hx, hy, r) = (t.length / 2.0, t.width / 2.0, t.ball_radius);
    let n = samples
        .iter()
        .position(|s| {
            (s.at.x as f64).abs() > hx || (s.at.y as f64).abs() > hy || (s.at.z as f64) < r - 0.002
        })
        .unwrap_or(samples.len());
    &samples[..n]
}

/// What the stroke will do: the path of each ball that moves (world points at the balls'
/// centre height), the cue ball's path to its first ball, and that ball with its pocket.
pub fn predict_stroke(
    layout: &Layout,
    strike: &Strike,
    equipment: &crate::physics::Equipment,
) -> Option<Prediction> {
    let cfg = SimConfig {
        sample_dt: 1.0 / 60.0,
        max_time: 30.0,
        equipment: *equipment,
        ..SimConfig::default()
    };
    let log = simulate(layout, strike, &cfg).ok()?;
    let table = equipment.table(layout.table);
    let to_vec = |s: &PathSample| {
        let w = to_world(s.at.x as f64, s.at.y as f64, s.at.z as f64);
        Vec3::new(w.x, w.y, w.z)
    };
    let lines: Vec<(u8, Vec<Vec3>)> = log
        .paths
        .iter()
        .filter(|p| {
            let (Some(a), Some(b)) = (p.samples.first(), p.samples.last()) else {
                return false;
            };
            a.point().distance(b.point()) > 1e-3
        })
        .map(|p| {
            let shown = over_the_bed(&table, &p.samples);
            (p.ball, shown.iter().map(to_vec).collect())
        })
        .collect();
    // The first ball and its pocket as the referee reads them (the adapter's moments: the
    // cue ball's first real contact), not from the raw events again.
    let moments = crate::adapter::moments(&log);
    let first_hit = moments.iter().find_map(|(t, m)| match m {
        Moment::FirstContact(ball) => Some((*ball, *t)),
        _ => None,
    });
    let cue_to_first = match (first_hit, log.paths.iter().find(|p| p.ball == CUE)) {
        (Some((_, t)), Some(p)) => leg_until(&p.samples, t).iter().map(to_vec).collect(),
        _ => Vec::new(),
    };
    let first = first_hit.map(|(ball, _)| {
        let pocket = moments.iter().find_map(|(_, m)| match m {
            Moment::Pocketed(p) if p.ball == ball => Some(p.pocket),
            _ => None,
        });
        (ball, pocket)
    });
    Some(Prediction {
        lines,
        cue_to_first,
        first,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Placed, Point, TableSize};

    /// Issue 63, item 6: the predicted path of a ball made in a pocket was drawn on down the
    /// hole and over the rail. Now every point shown is over the bed.
    #[test]
    fn issue_63_item_6_predicted_paths_stay_on_the_bed() {
        let equipment = crate::physics::Equipment::wpa();
        let t = equipment.table(TableSize::NineFoot);
        let (hx, hy, r) = (t.length / 2.0, t.width / 2.0, t.ball_radius);
        // The 1 on the corner pocket's axis, 30 cm from the corner, the cue ball behind it.
        let corner = Point::new(hx, -hy);
        let (ux, uy) = (
            std::f64::consts::FRAC_1_SQRT_2,
            -std::f64::consts::FRAC_1_SQRT_2,
        );
        let one = Point::new(corner.x - 0.3 * ux, corner.y - 0.3 * uy);
        let cue = Point::new(one.x - 0.5 * ux, one.y - 0.5 * uy);
        let layout = Layout {
            table: TableSize::NineFoot,
            balls: vec![Placed { ball: 0, at: cue }, Placed { ball: 1, at: one }],
        };
        let strike = Strike::new(uy.atan2(ux).to_degrees(), 3.0);
        let log = simulate(&layout, &strike, &SimConfig::default()).expect("a shot");
        assert!(
            log.paths
                .iter()
                .any(|p| p.samples.iter().any(|s| (s.at.z as f64) < r - 0.01)),
            "the 1 drops: the raw path goes down the hole"
        );
        let p = predict_stroke(&layout, &strike, &equipment).expect("a prediction");
        for (ball, line) in &p.lines {
            for w in line {
                assert!(w.x.abs() as f64 <= hx + 1e-6, "ball {ball}: x {}", w.x);
                assert!(w.z.abs() as f64 <= hy + 1e-6, "ball {ball}: y {}", -w.z);
                assert!(
                    w.y as f64 >= r - 0.002 - 1e-6,
                    "ball {ball}: height {}",
                    w.y
                );
            }
        }
    }
}

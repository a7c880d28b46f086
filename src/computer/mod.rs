//! The computer player: decides everything a player decides from the referee's `Turn` and the
//! balls' places, by simulating candidate strokes through `adapter::play_shot` under its
//! level's execution noise (PickPocket's way: sample, simulate, score). It never decides a rule
//! (the referee's ruling of each simulated shot is what it counts) and never moves a ball
//! except by a stroke; it knows neither bevy nor rapier.
//!
//! - The break: the cue ball at the place the break sweep found best, full on the 1 at the
//!   pros' mean speed.
//! - A shot: for the ball on, a cut into each pocket (the ghost ball's aim) at a few speeds and,
//!   from level 3, draw and follow; each simulated `samples` times with the level's noise and
//!   scored by the share of samples that make the called ball legally, less what fouls cost,
//!   plus (from level 4) how easy the next ball is from where the cue ball stops; from level
//!   3 also banks, combinations and (from level 4) caroms, tuned on the simulated table.
//! - The look ahead (level 5): six speeds and five tips (the fullest three tip errors inside
//!   the miscue limit), each cut aimed at the middle of the window of aims that make it and
//!   its chance taken from that window's width and the level's aim error, less what its
//!   samples launched inside the window lose anyway (a scratch, a rattle); the sixteen best
//!   candidates sampled again with fresh samples (the same for each), the positions of twenty
//!   made samples valued by the chance of making the next ball from them (that shot's window),
//!   so a shot is scored by its odds of the rack with the next shot it leaves; and twelve
//!   strokes of a finer scan (21 speeds, 9 heights of tip, with and without left or right
//!   english, for the two best pockets) that leave the likeliest next shots, weighed the same
//!   way.
//! - A safety (from level 2) when no cut is worth it: soft hits on the ball on, scored by how
//!   often they are legal and the opponent's best cut from where they leave the balls. Level 5
//!   weighs shot, safety, push out and choice by its odds of winning the rack (`odds`: its own
//!   measured rates, a made ball keeping the table, a miss giving the opponent a first shot, a
//!   foul ball in hand, an exchange of safeties even); the levels below count balls.
//! - Ball in hand: straight in line with a pocket behind the ball on (where every such line
//!   is closed, the place of a 3 cm grid with the easiest cut); at level 5 the place, of up
//!   to 63 round the ghost balls of the three pockets easiest from them, with the best odds of
//!   the rack from the chance of the pocket's cut (its window of aims) and the next shot after
//!   the stroke that leaves the easiest next ball (a place that could not beat the best found
//!   whatever its next shot is not played on).
//! - A choice (5.4, 5.6, 5.7): play the table when its best shot is likelier than not (level
//!   5: when its odds of the rack from there are even or better, a shot of about 37 %).
//! - A push out (5.4, from level 3) when the best shot is below 30 % (level 5: 60 %) and the
//!   push scores better.
//! - Not built: a search two or three shots deep (tried twice and not kept:
//!   docs/computer-history.md), kicks scored by the opponent's reply.

mod candidates;
mod odds;

use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::physics::Noise;
use crate::physics::{Equipment, Layout, SimConfig, Strike};
use crate::referee::{Call, GameState, InHand, TableChoice, TurnAction};
use crate::table::{Placed, Point};

pub use candidates::{NextShot, ease, ghost_aim, next_after, open_cut};
pub(crate) use candidates::{made_call, stays_or_wins};

/// How well the computer plays: 1 (a beginner) to 5 (the best its search does), or the greedy
/// baseline (the easiest cut, no position play, no safeties, the top level's hands).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Greedy,
    Level(u8),
}

impl Level {
    /// Reads `1` to `5` or `greedy`.
    pub fn parse(s: &str) -> Result<Level, String> {
        match s.trim() {
            "greedy" => Ok(Level::Greedy),
            t => match t.parse::<u8>() {
                Ok(n) if (1..=5).contains(&n) => Ok(Level::Level(n)),
                _ => Err(format!(
                    "'{s}' is not a level: give 1 (a beginner) to 5 (the best), or greedy"
                )),
            },
        }
    }

    pub fn name(self) -> String {
        match self {
            Level::Greedy => "greedy".into(),
            Level::Level(n) => n.to_string(),
        }
    }

    fn rank(self) -> u8 {
        match self {
            Level::Greedy => 5,
            Level::Level(n) => n.clamp(1, 5),
        }
    }

    /// The execution noise of the level's strokes: FastFiz's deviations at 5, larger below
    /// (x1.5, x2.5, x4, x7).
    pub fn noise(self) -> Noise {
        let k = match self.rank() {
            5 => 1.0,
            4 => 1.5,
            3 => 2.5,
            2 => 4.0,
            _ => 7.0,
        };
        let n = Noise::default();
        Noise {
            aim_deg: n.aim_deg * k,
            speed: n.speed * k,
            tip: n.tip * k,
            elevation_deg: n.elevation_deg * k,
        }
    }

    /// Simulations of each candidate stroke.
    pub(crate) fn samples(self) -> usize {
        match self {
            Level::Greedy => 0,
            Level::Level(n) => [4, 6, 8, 10, 12][n.clamp(1, 5) as usize - 1],
        }
    }

    /// The tips (share of the radius, draw below 0) the level's cuts try. The largest stays
    /// three of the level's tip errors inside the miscue limit (`MISCUE_LIMIT`, half the
    /// radius), as a player keeps his tip where his own error seldom slides it off: at the
    /// limit itself half the strokes miscued.
    pub fn tips(self) -> Vec<f64> {
        let full = crate::physics::params::MISCUE_LIMIT - 3.0 * self.tip_error();
        if self.looks_ahead() {
            vec![0.0, -full, -0.5 * full, 0.5 * full, full]
        } else if self.uses_spin() {
            vec![0.0, -0.3, 0.3]
        } else {
            vec![0.0]
        }
    }

    /// The spread of where the level's strokes go (degrees): its aim error and the squirt of
    /// its tip's side error together (FastFiz's at level 5: 0.125 and 0.096, 0.16 in all).
    pub fn aim_error_deg(self) -> f64 {
        let side = crate::physics::Strike {
            side: self.tip_error(),
            ..crate::physics::Strike::new(0.0, 2.0)
        };
        self.noise()
            .aim_deg
            .hypot(crate::physics::strike(&side).squirt_deg)
    }

    /// The level's tip error as a share of the ball's radius (every table's balls are the
    /// same size).
    fn tip_error(self) -> f64 {
        self.noise().tip / crate::table::BALL_RADIUS
    }

    fn uses_spin(self) -> bool {
        matches!(self, Level::Level(n) if n >= 3)
    }

    /// Banks and combinations from level 3 (caroms with position play, from level 4).
    fn plays_banks(self) -> bool {
        matches!(self, Level::Level(n) if n >= 3)
    }

    fn plays_position(self) -> bool {
        matches!(self, Level::Level(n) if n >= 4)
    }

    /// The look ahead: the best candidates weighed again by the chance of the next ball.
    fn looks_ahead(self) -> bool {
        matches!(self, Level::Level(n) if n >= 5)
    }

    fn plays_safe(self) -> bool {
        matches!(self, Level::Level(n) if n >= 2)
    }
}

/// What the computer does at its turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// A stroke: where the cue ball is put first when it is in hand, the call and the stroke
    /// as aimed (the level's noise is added when it is played).
    Stroke {
        place: Option<Point>,
        call: Call,
        strike: Strike,
        /// The share of simulated strokes that made the call legally (0 for a safety, the
        /// share of legal ones then).
        chance: f64,
        why: String,
    },
    /// The answer to a choice.
    Choose { choice: TableChoice, why: String },
}

/// What a stroke gives under execution noise, over `tries` simulated strokes: the share that
/// make the call legally (the shooter stays or wins), that scratch (7.1), that foul at all;
/// and, where asked for ([`next_after`]), the next shot the stroke as set up leaves.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Chances {
    pub make: f64,
    pub scratch: f64,
    pub foul: f64,
    pub tries: usize,
    pub next: Option<NextShot>,
}

/// The coach's figures: `strike` with `call` from this position, played `tries` times with
/// `noise` (through `play_shot`, as the computer's own samples are).
pub fn chances<R: Rng + ?Sized>(
    state: &GameState,
    layout: &Layout,
    call: &Call,
    strike: &Strike,
    noise: &Noise,
    tries: usize,
    equipment: &Equipment,
    rng: &mut R,
) -> Chances {
    let r = state.table.spec().ball_radius;
    let shooter = state.to_act();
    let (mut make, mut scratch, mut foul) = (0usize, 0usize, 0usize);
    for _ in 0..tries {
        let s = noise.apply(*strike, r, rng);
        let Ok(p) =
            crate::adapter::play_shot(state, layout, call, &s, &[], &sample_config(equipment))
        else {
            foul += 1;
            continue;
        };
        let ruling = &p.judged.ruling;
        let made = match *call {
            Call::Ball { ball, pocket } => candidates::made_call(&p, ball, pocket, shooter),
            _ => false,
        };
        make += usize::from(made);
        scratch += usize::from(p.facts.cue_ball != crate::referee::CueBallFate::OnTable);
        foul += usize::from(!ruling.legal);
    }
    let k = tries.max(1) as f64;
    Chances {
        make: make as f64 / k,
        scratch: scratch as f64 / k,
        foul: foul as f64 / k,
        tries,
        next: None,
    }
}

/// Why the computer cannot act.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NoMove(pub String);

/// The computer's move for the player to act in `state`, the balls as in `layout` (the cue ball
/// absent when in hand), on `equipment`. `rng` draws the noise of the simulated samples.
pub fn decide<R: Rng + ?Sized>(
    state: &GameState,
    layout: &Layout,
    level: Level,
    equipment: &Equipment,
    rng: &mut R,
) -> Result<Decision, NoMove> {
    let turn = state.turn();
    match turn.action {
        TurnAction::Break { .. } => Ok(break_stroke(state, layout)),
        TurnAction::Shoot {
            ball_in_hand,
            ball_on,
            safety_allowed,
            ..
        } => {
            let ctx = candidates::Context {
                state,
                layout,
                level,
                ball_on,
                safety_allowed,
                equipment,
            };
            let mut placed = layout.clone();
            let place = match ball_in_hand {
                Some(InHand::Anywhere) => {
                    let p = if level.looks_ahead() {
                        candidates::place_in_hand_ahead(&ctx)
                    } else {
                        candidates::place_in_hand(state, layout, ball_on)
                    };
                    put_cue_ball(&mut placed, p);
                    Some(p)
                }
                _ => None,
            };
            let ctx = candidates::Context {
                layout: &placed,
                ..ctx
            };
            let mut d = candidates::best_stroke(&ctx, rng)?;
            if let Decision::Stroke { place: p, .. } = &mut d {
                *p = place;
            }
            Ok(d)
        }
        TurnAction::Choose { reason, .. } => {
            let ctx = candidates::Context::on_lowest(state, layout, level, equipment);
            let chance = candidates::best_cut_chance(&ctx, rng);
            let choice = if candidates::Worth::of(&ctx).plays_table(chance) {
                TableChoice::PlayTable
            } else {
                TableChoice::HandBack
            };
            Ok(Decision::Choose {
                choice,
                why: format!(
                    "{} ({}): the best shot from here makes the {} {:.0} % of the time at this level",
                    match choice {
                        TableChoice::PlayTable => "plays the table",
                        TableChoice::HandBack => "hands the table back",
                    },
                    reason.rule(),
                    state.ball_on(),
                    100.0 * chance
                ),
            })
        }
        other => Err(NoMove(format!(
            "the computer does not take this turn: {other:?} (the lag and the choice of breaker are the players')"
        ))),
    }
}

/// The break: the cue ball where the break sweep at 10.7 m/s found most balls made (31 cm
/// behind the head string, 15 cm off a long cushion on a 9 ft table; scaled on the others),
/// full on the 1 at 10.7 m/s.
fn break_stroke(state: &GameState, layout: &Layout) -> Decision {
    let place = break_place(state.table);
    let mut d = break_from(state, layout, place, crate::physics::params::PRO_SPEED);
    if let Decision::Stroke { why, .. } = &mut d {
        *why = "the break: from the sweep's best place, full on the 1 at 10.7 m/s".into();
    }
    d
}

/// Where the computer breaks from on `table` (see `break_stroke`).
pub fn break_place(table: crate::table::TableSize) -> Point {
    let t = table.spec();
    let scale = t.length / crate::table::TableSize::NineFoot.spec().length;
    Point::new(t.head_string_x() - 0.303 * scale, 0.485 * scale)
}

/// The break from `place` at `speed`, full on the ball at the apex (a duel's `--break-at`).
pub fn break_from(state: &GameState, layout: &Layout, place: Point, speed: f64) -> Decision {
    let t = state.table.spec();
    let apex = layout
        .balls
        .iter()
        .find(|b| b.ball == state.ball_on())
        .map_or(t.foot_spot(), |b| b.at);
    let aim = (apex.y - place.y).atan2(apex.x - place.x).to_degrees();
    Decision::Stroke {
        place: Some(place),
        call: Call::Break,
        strike: Strike::new(aim, speed),
        chance: 0.0,
        why: format!(
            "the break: from ({:.3}, {:.3}), full on the 1 at {speed} m/s",
            place.x, place.y
        ),
    }
}

/// `layout` with the cue ball at `p` (added or moved).
pub fn put_cue_ball(layout: &mut Layout, p: Point) {
    layout.balls.retain(|b| b.ball != 0);
    layout.balls.insert(0, Placed { ball: 0, at: p });
}

/// The simulation settings of the computer's samples: no paths, a shorter time cap, the
/// table's equipment.
pub(crate) fn sample_config(equipment: &Equipment) -> SimConfig {
    SimConfig {
        sample_dt: 0.0,
        max_time: 30.0,
        equipment: *equipment,
        ..SimConfig::default()
    }
}

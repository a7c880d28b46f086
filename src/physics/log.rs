//! What a simulated shot produces: time-stamped events, sampled paths and where each ball ended.
//! Plain data with a JSON form; the adapter reads it, the game replays it.

use bevy::math::{DVec3, Quat, Vec3};
use serde::{Deserialize, Serialize};

use crate::table::{Placed, Pocket, Point, Rail, TableSize};

use super::cue::Strike;

/// Where a ball lay frozen at the start of the shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Touching {
    Ball(u8),
    Rail(Rail),
}

/// One thing that happened, at time `t` (s) from the strike.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A ball touching another ball or a cushion when the shot starts.
    Frozen { ball: u8, to: Touching },
    /// The cue struck the cue ball.
    CueStrike {
        t: f64,
        velocity: [f64; 3],
        spin: [f64; 3],
        squirt_deg: f64,
        miscue: bool,
    },
    /// Two balls in real contact (a positive impulse, not a predicted contact); `impulse` is
    /// the normal impulse over the whole contact (N s). `from_start`: the balls were frozen
    /// together at the start and never separated before this contact.
    BallBall {
        t: f64,
        a: u8,
        b: u8,
        impulse: f64,
        from_start: bool,
    },
    /// A ball in real contact with a cushion (its jaws included) or a rail top.
    Cushion {
        t: f64,
        ball: u8,
        rail: Rail,
        impulse: f64,
        from_start: bool,
    },
    /// A ball left the cloth (rose above it by more than a millimetre's hop), at `at`
    /// (table x, y, height).
    Airborne { t: f64, ball: u8, at: [f64; 3] },
    /// A ball in the air came down on the cloth at `at`.
    Landing { t: f64, ball: u8, at: Point },
    /// A ball dropped into a pocket.
    Pocket { t: f64, ball: u8, pocket: Pocket },
    /// A ball left the table (or came to rest on a rail top).
    OffTable { t: f64, ball: u8 },
    /// Every ball on the table is at rest.
    AtRest { t: f64 },
    /// The time cap stopped the shot with balls still moving.
    TimeCap { t: f64 },
}

impl Event {
    pub fn time(&self) -> f64 {
        match self {
            Event::Frozen { .. } => 0.0,
            Event::CueStrike { t, .. }
            | Event::BallBall { t, .. }
            | Event::Cushion { t, .. }
            | Event::Pocket { t, .. }
            | Event::Airborne { t, .. }
            | Event::Landing { t, .. }
            | Event::OffTable { t, .. }
            | Event::AtRest { t }
            | Event::TimeCap { t } => *t,
        }
    }
}

/// Where a ball ended.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum BallEnd {
    OnTable { ball: u8, at: Point },
    Pocketed { ball: u8, pocket: Pocket },
    OffTable { ball: u8 },
}

impl BallEnd {
    pub fn ball(&self) -> u8 {
        match *self {
            BallEnd::OnTable { ball, .. }
            | BallEnd::Pocketed { ball, .. }
            | BallEnd::OffTable { ball } => ball,
        }
    }
}

/// One point of a ball's path: the time from the strike (s), the centre in table coordinates
/// (x toward the foot, y toward the left cushion, height above the bed; m) and the turn from the
/// ball's orientation at the strike as a unit quaternion in table coordinates, so that a drawing
/// turns a ball as it rolls and spins. Its JSON form is the array
/// `[t, x, y, height, qx, qy, qz, qw]`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(from = "[f32; 8]", into = "[f32; 8]")]
pub struct PathSample {
    pub t: f32,
    pub at: Vec3,
    pub turn: Quat,
}

impl From<[f32; 8]> for PathSample {
    fn from(s: [f32; 8]) -> Self {
        PathSample {
            t: s[0],
            at: Vec3::new(s[1], s[2], s[3]),
            turn: Quat::from_xyzw(s[4], s[5], s[6], s[7]),
        }
    }
}

impl From<PathSample> for [f32; 8] {
    fn from(s: PathSample) -> Self {
        let q = s.turn;
        [s.t, s.at.x, s.at.y, s.at.z, q.x, q.y, q.z, q.w]
    }
}

impl PathSample {
    /// The sample at time `t` (s) with the place in metres and the turn from the simulation's
    /// double precision.
    pub fn new(t: f64, at: DVec3, turn: [f64; 4]) -> Self {
        PathSample {
            t: t as f32,
            at: at.as_vec3(),
            turn: Quat::from_xyzw(
                turn[0] as f32,
                turn[1] as f32,
                turn[2] as f32,
                turn[3] as f32,
            ),
        }
    }

    /// The centre on the table's plane (x, y), without the height.
    pub fn point(&self) -> Point {
        Point::new(self.at.x as f64, self.at.y as f64)
    }
}

/// A ball's path: its samples in time order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Path {
    pub ball: u8,
    pub samples: Vec<PathSample>,
}

impl Path {
    /// The sample at time `t`: the place linear between samples, the turn along the shorter arc;
    /// before the first sample the first, after the last the last; `None` for an empty path.
    pub fn pose_at(&self, t: f64) -> Option<PathSample> {
        let t = t as f32;
        let i = self.samples.partition_point(|s| s.t <= t);
        match (
            i.checked_sub(1).and_then(|k| self.samples.get(k)),
            self.samples.get(i),
        ) {
            (Some(a), Some(b)) => {
                let k = if b.t > a.t {
                    ((t - a.t) / (b.t - a.t)).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                Some(PathSample {
                    t,
                    at: a.at.lerp(b.at, k),
                    turn: a.turn.slerp(b.turn, k),
                })
            }
            (Some(a), None) => Some(*a),
            (None, Some(b)) => Some(*b),
            (None, None) => None,
        }
    }

    /// The centre (table x, y) at time `t`, as [`Path::pose_at`].
    pub fn point_at(&self, t: f64) -> Option<Point> {
        self.pose_at(t).map(|s| s.point())
    }
}

/// The balls on the table before a shot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    #[serde(default)]
    pub table: TableSize,
    pub balls: Vec<Placed>,
}

impl Layout {
    /// The numbers of the object balls (all but the cue ball, 0), in order.
    pub fn object_balls(&self) -> Vec<u8> {
        let mut v: Vec<u8> = self
            .balls
            .iter()
            .map(|b| b.ball)
            .filter(|&b| b != 0)
            .collect();
        v.sort_unstable();
        v
    }
}

impl ShotLog {
    /// Object balls that touched a cushion or rail top during the shot, each once, in order of
    /// number.
    pub fn object_balls_at_cushions(&self) -> Vec<u8> {
        let mut balls: Vec<u8> = self
            .events
            .iter()
            .filter_map(|e| match *e {
                Event::Cushion { ball, .. } if ball != 0 => Some(ball),
                _ => None,
            })
            .collect();
        balls.sort_unstable();
        balls.dedup();
        balls
    }
}

/// Everything a shot produced.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShotLog {
    pub strike: Strike,
    pub events: Vec<Event>,
    pub end: Vec<BallEnd>,
    pub paths: Vec<Path>,
    /// Steps the simulation took: one per contact (or rest) of the contact engine, one per
    /// fixed step where rapier stepped.
    pub steps: u64,
    /// Of those, the steps rapier solved (many-body impacts, pressed contacts, the stepped
    /// reference).
    pub solver_steps: u64,
    /// Simulated time (s).
    pub duration: f64,
}

//! The contact log: each ball-ball and ball-rail contact as an episode from touch to
//! separation (one event per episode, its impulse summed), balls frozen together or to a rail at
//! the start, and when such a frozen contact ends.

use bevy::math::DVec2;

use super::{TOUCH_GAP, TableSim};
use crate::physics::colliders::rail_index;
use crate::physics::cushion::{self};
use crate::physics::log::{Event, Touching};
use crate::table::Rail;

/// A contact between a ball and another ball or a rail, from touch to separation.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Episode {
    pub(super) touching: bool,
    pub(super) seen: bool,
    pub(super) from_start: bool,
    /// Index of its event, once it carried an impulse.
    pub(super) event: Option<usize>,
}

impl TableSim {
    /// Every contact episode: the ball pairs', then the ball-rail ones.
    pub(super) fn episodes_mut(&mut self) -> impl Iterator<Item = &mut Episode> {
        self.ball_pairs
            .iter_mut()
            .flatten()
            .chain(self.ball_rails.iter_mut().flatten())
    }

    /// Balls touching each other or a cushion nose at the start.
    pub(super) fn mark_frozen(&mut self, placed: &[crate::table::Placed]) {
        let r = self.table.ball_radius;
        for (i, a) in placed.iter().enumerate() {
            for b in &placed[i + 1..] {
                if a.at.distance(b.at) <= 2.0 * r + TOUCH_GAP {
                    self.ball_pairs[a.ball as usize][b.ball as usize] = Episode {
                        touching: true,
                        from_start: true,
                        ..Episode::default()
                    };
                    self.events.push(Event::Frozen {
                        ball: a.ball,
                        to: Touching::Ball(b.ball),
                    });
                    self.events.push(Event::Frozen {
                        ball: b.ball,
                        to: Touching::Ball(a.ball),
                    });
                }
            }
            for rail in
                cushion::cushions_touched(&self.table, DVec2::new(a.at.x, a.at.y), TOUCH_GAP)
            {
                self.ball_rails[a.ball as usize][rail_index(rail)] = Episode {
                    touching: true,
                    from_start: true,
                    ..Episode::default()
                };
                self.events.push(Event::Frozen {
                    ball: a.ball,
                    to: Touching::Rail(rail),
                });
            }
        }
    }

    /// Logs a contact of the balls at indices `i` and `j` at time `t` (s) with its normal
    /// impulse; it continues a contact from the start if they were frozen together and never
    /// parted, and ends that.
    pub(super) fn log_ball_ball(&mut self, t: f64, i: usize, j: usize, impulse: f64) {
        let (na, nb) = (self.balls[i].number, self.balls[j].number);
        let (lo, hi) = (na.min(nb), na.max(nb));
        let ep = &mut self.ball_pairs[lo as usize][hi as usize];
        let from_start = ep.from_start;
        *ep = Episode::default();
        self.events.push(Event::BallBall {
            t,
            a: lo,
            b: hi,
            impulse,
            from_start,
        });
    }

    /// Logs a contact of the ball at index `i` with a cushion, as `log_ball_ball` does.
    pub(super) fn log_cushion(&mut self, t: f64, i: usize, rail: Rail, impulse: f64) {
        let ball = self.balls[i].number;
        let ep = &mut self.ball_rails[ball as usize][rail_index(rail)];
        let from_start = ep.from_start;
        *ep = Episode::default();
        self.events.push(Event::Cushion {
            t,
            ball,
            rail,
            impulse,
            from_start,
        });
    }

    /// A ball frozen to another ball or a cushion at the start that now moves away from it, or
    /// is no longer within `TOUCH_GAP` of it, has left it: a later contact there is a new one
    /// (a cue ball frozen to a rail, shot off it, that comes back after the contact has reached
    /// a rail). Called after every contact the ball takes part in; a contact that carried no
    /// impulse moves nothing, so it changes nothing here.
    pub(super) fn part_frozen(&mut self, i: usize) {
        let Some(f) = self.engine.balls[i] else {
            return;
        };
        let number = self.balls[i].number as usize;
        let v = f.m.v;
        for j in 0..self.balls.len() {
            let other = self.balls[j].number as usize;
            let (lo, hi) = (number.min(other), number.max(other));
            if j == i || !self.ball_pairs[lo][hi].from_start {
                continue;
            }
            if self.engine.balls[j].is_none() {
                continue;
            }
            let q = self.motion_at(j, self.t);
            let d = q.p - f.m.p;
            let opening = (q.v - v).dot(d);
            let apart = d.length() > 2.0 * self.table.ball_radius + TOUCH_GAP;
            if opening > 1e-9 || apart {
                self.ball_pairs[lo][hi] = Episode::default();
            }
        }
        let touched = cushion::cushions_touched(&self.table, f.m.p, TOUCH_GAP);
        for (k, rail) in crate::table::Rail::CUSHIONS.iter().enumerate() {
            if !self.ball_rails[number][k].from_start {
                continue;
            }
            if !touched.contains(rail) {
                self.ball_rails[number][k] = Episode::default();
                continue;
            }
            let out = match rail {
                crate::table::Rail::Head => DVec2::NEG_X,
                crate::table::Rail::Foot => DVec2::X,
                crate::table::Rail::LeftHead | crate::table::Rail::LeftFoot => DVec2::Y,
                _ => DVec2::NEG_Y,
            };
            if v.dot(out) < -1e-9 {
                self.ball_rails[number][k] = Episode::default();
            }
        }
    }
}

/// One step of a contact episode: it starts when the bodies touch; its event is written at the
/// first positive impulse and sums the impulse while the contact lasts.
pub(super) fn update_episode(
    ep: &mut Episode,
    events: &mut Vec<Event>,
    impulse: f64,
    new_event: impl FnOnce() -> Event,
) {
    ep.seen = true;
    if !ep.touching {
        *ep = Episode {
            touching: true,
            seen: true,
            ..Episode::default()
        };
    }
    if impulse <= 0.0 {
        return;
    }
    let i = *ep.event.get_or_insert_with(|| {
        let mut e = new_event();
        match &mut e {
            Event::BallBall { from_start, .. } | Event::Cushion { from_start, .. } => {
                *from_start = ep.from_start
            }
            _ => {}
        }
        events.push(e);
        events.len() - 1
    });
    if let Event::BallBall { impulse: total, .. } | Event::Cushion { impulse: total, .. } =
        &mut events[i]
    {
        *total += impulse;
    }
}

//! Detection: when the next meeting is. For each pair of balls and each ball with the
//! cushions (noses, jaws, facings) and the holes, the first root of the gap (`toi`), skipped
//! when the two cannot come within reach before the time asked; the earliest of the cached
//! times; when every ball will be at rest.

use bevy::math::DVec2;

use super::TableSim;
use super::free::Meeting;
use crate::physics::cushion::Shape;
use crate::physics::toi;

impl TableSim {
    /// When balls `i` and `j` next meet (before `until`), from now.
    pub(super) fn next_pair(&self, i: usize, j: usize, until: f64) -> f64 {
        let (Some(a), Some(b)) = (&self.engine.balls[i], &self.engine.balls[j]) else {
            return f64::INFINITY;
        };
        let r = self.table.ball_radius;
        // Each stays within its travel of where its track starts.
        let (pa, pb) = (a.track.pieces[0].p, b.track.pieces[0].p);
        let d = (pa - pb).length();
        if d - 2.0 * r > a.reach_by(self.t, until) + b.reach_by(self.t, until) {
            return f64::INFINITY;
        }
        match toi::ball_ball(&a.track, &b.track, 2.0 * r, self.t) {
            Some(t) if t <= until => t,
            _ => f64::INFINITY,
        }
    }

    /// When ball `i` next meets a cushion or a hole (before `until`), and which.
    pub(super) fn next_wall(&self, i: usize, until: f64) -> (f64, Option<Meeting>) {
        let Some(f) = &self.engine.balls[i] else {
            return (f64::INFINITY, None);
        };
        let travel = f.reach_by(self.t, until);
        if travel <= 0.0 {
            return (f64::INFINITY, None);
        }
        let p = f.track.pieces[0].p;
        let reach = self.engine.reach;
        let mut best = (until, None);
        for (k, b) in self.engine.boundaries.iter().enumerate() {
            let t = match b.shape {
                Shape::Line { start, dir, len, n } => {
                    // Distance from the track's start to the segment.
                    let along = (p - start).dot(dir).clamp(0.0, len);
                    let q = start + dir * along;
                    if (p - q).length() - reach > travel {
                        continue;
                    }
                    toi::ball_line(&f.track, start, dir, len, n, reach, self.t)
                }
                Shape::Point { c } => {
                    if (p - c).length() - reach > travel {
                        continue;
                    }
                    toi::ball_point(&f.track, c, reach, self.t)
                }
            };
            if let Some(t) = t
                && t < best.0
            {
                best = (t, Some(Meeting::Cushion(i, k)));
            }
        }
        for (k, h) in self.engine.holes.iter().enumerate() {
            let centre = DVec2::new(h.centre.x, h.centre.y);
            if (p - centre).length() - h.radius > travel {
                continue;
            }
            if let Some(t) = toi::ball_point(&f.track, centre, h.radius, self.t)
                && t < best.0
            {
                best = (t, Some(Meeting::Hole(i, k)));
            }
        }
        if best.1.is_none() {
            (f64::INFINITY, None)
        } else {
            best
        }
    }

    /// The earliest meeting among balls not in `skip`, of each ball with the cushions and holes
    /// (`wall`) and of each pair (`pair`).
    pub(super) fn earliest(
        &self,
        skip: &[usize],
        wall: impl Fn(usize) -> (f64, Option<Meeting>),
        pair: impl Fn(usize, usize) -> f64,
    ) -> (f64, Option<Meeting>) {
        let n = self.balls.len();
        let mut best = (f64::INFINITY, None);
        for i in (0..n).filter(|i| !skip.contains(i)) {
            let w = wall(i);
            if w.0 < best.0 {
                best = w;
            }
            for j in (i + 1..n).filter(|j| !skip.contains(j)) {
                let t = pair(i, j);
                if t < best.0 {
                    best = (t, Some(Meeting::Balls(i, j)));
                }
            }
        }
        best
    }

    /// The earliest meeting in the caches, never before now (one cached before a many-body
    /// impact may fall within its time: it is taken at the impact's end).
    pub(super) fn next_meeting(&self) -> (f64, Option<Meeting>) {
        self.next_meeting_outside(&[])
    }

    /// The earliest meeting that involves no ball of `group` (the contact engine's caches), or
    /// the end of the step (the stepped reference, which keeps none).
    pub(super) fn next_meeting_outside(&self, group: &[usize]) -> (f64, Option<Meeting>) {
        if !self.cfg.fast_forward {
            return (self.t + self.cfg.dt, None);
        }
        let n = self.balls.len();
        let (t, m) = self.earliest(
            group,
            |i| self.engine.walls[i],
            |i, j| self.engine.pairs[i * n + j],
        );
        (t.max(self.t), m)
    }

    /// The earliest meeting within `until`, every pair looked at afresh (for the stepped
    /// reference, whose motions change every step).
    pub(super) fn scan_meetings(&self, until: f64) -> (f64, Option<Meeting>) {
        self.earliest(
            &[],
            |i| self.next_wall(i, until),
            |i, j| self.next_pair(i, j, until),
        )
    }

    /// When every ball on the table has stopped and its spin about the vertical is below the
    /// rest rule's.
    pub(super) fn rest_time(&self) -> f64 {
        let r = self.table.ball_radius;
        self.engine
            .balls
            .iter()
            .flatten()
            .map(|f| {
                let spin = (f.m.w.z.abs() - super::REST_SPEED / r).max(0.0)
                    / self.cfg.equipment.cloth.spin_decay;
                f.track.stop.max(f.t_ref + spin)
            })
            .fold(self.t, f64::max)
    }
}

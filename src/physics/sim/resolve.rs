//! Resolution: one function per kind of meeting (pooltool's resolver slots). Two balls: one
//! hit (`collide`), or a many-body impact (`impact`) when more balls touch or a cushion does; a
//! ball and a cushion's nose, jaw or facing: Mathavan's rebound (`cushion`); a ball's centre
//! over a hole's edge: it drops.

use bevy::math::DVec2;

use super::TableSim;
use super::free::Meeting;
use crate::physics::cloth::Motion;
use crate::physics::collide::{self, BallState};
use crate::physics::cushion::{self, PocketHole, Shape};
use crate::physics::log::{Event, PathSample};
use crate::physics::params::G;

impl TableSim {
    /// Resolves a meeting, one kind to a function (pooltool's resolver slots); returns the balls
    /// whose motion changed.
    pub(super) fn resolve(&mut self, meeting: Meeting) -> Vec<usize> {
        match meeting {
            Meeting::Balls(i, j) => self.resolve_balls(i, j),
            Meeting::Cushion(i, k) => self.resolve_cushion(i, k),
            Meeting::Hole(i, k) => self.resolve_hole(i, k),
        }
    }

    /// A ball's state now for the collision models.
    pub(super) fn ball_state(&self, i: usize) -> BallState {
        let m = self.motion_at(i, self.t);
        BallState {
            p: m.p,
            v: m.v.extend(0.0),
            w: m.w,
        }
    }

    /// Two balls meet: one hit, or a many-body impact when more balls touch or a cushion does.
    pub(super) fn resolve_balls(&mut self, i: usize, j: usize) -> Vec<usize> {
        let r = self.table.ball_radius;
        let t = self.time();
        let mut group = self.group(i, j);
        // Hits elsewhere at the same instant join the impact (a symmetric break sends
        // two chains into the back row at once).
        let until = loop {
            match self.next_meeting_outside(&group) {
                (t, Some(Meeting::Balls(a, b))) if t <= self.t + 1e-9 => {
                    for x in self.group(a, b) {
                        if !group.contains(&x) {
                            group.push(x);
                        }
                    }
                }
                (t, _) => break t,
            }
        };
        if group.len() > 2 || group.iter().any(|&g| self.on_cushion(g)) {
            self.impact(&group, until);
            return group;
        }
        let (a, b) = (self.ball_state(i), self.ball_state(j));
        let (a2, b2, impulse) = collide::hit(&a, &b, r);
        self.turn_to(i, self.t);
        self.turn_to(j, self.t);
        for (k, s) in [(i, a2), (j, b2)] {
            self.set_motion(
                k,
                Motion {
                    p: s.p,
                    v: s.v.truncate(),
                    w: s.w,
                },
            );
        }
        if impulse > 0.0 {
            self.log_ball_ball(t, i, j, impulse);
        }
        self.part_frozen(i);
        self.part_frozen(j);
        vec![i, j]
    }

    /// A ball meets a cushion's nose, a jaw's point or a facing: Mathavan's rebound.
    pub(super) fn resolve_cushion(&mut self, i: usize, k: usize) -> Vec<usize> {
        let r = self.table.ball_radius;
        let t = self.time();
        let s = self.ball_state(i);
        let boundary = self.engine.boundaries[k];
        let n_in = match boundary.shape {
            Shape::Line { n, .. } => -n,
            Shape::Point { c } => {
                let d = c - s.p;
                d / d.x.hypot(d.y)
            }
        };
        let (v, w, impulse) = cushion::rebound(s.v, s.w, n_in, r, &self.cfg.equipment);
        self.turn_to(i, self.t);
        self.set_motion(
            i,
            Motion {
                p: s.p,
                v: v.truncate(),
                w,
            },
        );
        if impulse > 0.0 {
            self.log_cushion(t, i, boundary.rail, impulse);
        }
        self.part_frozen(i);
        vec![i]
    }

    /// A ball's centre crosses a hole's edge: it drops (its fall sampled for playback).
    pub(super) fn resolve_hole(&mut self, i: usize, k: usize) -> Vec<usize> {
        let t = self.time();
        self.turn_to(i, self.t);
        let m = self.motion_at(i, self.t);
        let p = m.p;
        let ball = self.balls[i].number;
        // Its path where it dropped, then its fall into the hole (for playback): on
        // with its speed until it meets the hole's far wall, down under gravity until
        // it is below the slate.
        if self.cfg.sample_dt > 0.0 {
            let PocketHole { centre, radius } = self.engine.holes[k];
            let centre = DVec2::new(centre.x, centre.y);
            let r = self.table.ball_radius;
            let dt = self.cfg.sample_dt;
            let b = &mut self.balls[i];
            b.path.push(PathSample::new(
                self.t,
                p.extend(self.rest_height),
                b.orient,
            ));
            let mut q = p;
            for step in 1..=200 {
                let tau = step as f64 * dt;
                let h = self.rest_height - 0.5 * G * tau * tau;
                let next = q + m.v * dt;
                if (next - centre).length() < radius - 0.5 * r {
                    q = next;
                }
                b.path
                    .push(PathSample::new(self.t + tau, q.extend(h), b.orient));
                if h < -2.0 * r {
                    break;
                }
            }
        }
        self.events.push(Event::Pocket {
            t,
            ball,
            pocket: self.engine.pockets[k],
        });
        self.write_body(i);
        self.remove(i);
        self.engine.balls[i] = None;
        vec![i]
    }
}

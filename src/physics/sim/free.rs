//! The contact engine's state and loop: per ball its motion since its last contact (`Motion`
//! at `t_ref`) and the track it follows in closed form, the cached time of each pair's and
//! each ball's next meeting (only the balls a contact changed are looked at again); taking the
//! table from rapier and handing it back (a burst of contacts, a ball leaving the cloth); and
//! the step: every ball to the next meeting, or (the stepped reference) rapier's integration
//! cut at it, then its resolution.

use super::contacts::Episode;
use super::{ROLL_SLIP, Status, TableSim, turn_along};
use bevy::math::{DVec2, DVec3};

use crate::physics::cloth::Motion;
use crate::physics::colliders::{ball_groups, from_world, to_world};
use crate::physics::cushion::{self, Boundary, PocketHole};
use crate::physics::log::{Event, PathSample};
use crate::physics::toi::{self, Track};
use crate::table::{Pocket, Table};

/// More contacts than this within `BURST_WINDOW` hand the table to rapier for `BURST_PAUSE`:
/// balls pressed together (a ball pinned to a cushion by its spin) meet again and again in ever
/// shorter intervals, which a rigid-body solver handles as one resting contact.
const BURST_CONTACTS: u32 = 100;
const BURST_WINDOW: f64 = 1.0e-3;
const BURST_PAUSE: f64 = 0.02;

/// What happens next.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Meeting {
    /// Balls at these indices of `TableSim::balls`.
    Balls(usize, usize),
    /// A ball and `Engine::boundaries[k]`.
    Cushion(usize, usize),
    /// A ball and the hole `k` of `pocket_holes`.
    Hole(usize, usize),
}

#[derive(Debug, Clone, Copy)]
pub(super) struct FreeBall {
    pub(super) m: Motion,
    pub(super) t_ref: f64,
    pub(super) track: Track,
    /// The most speed it can have from `t_ref` on (m/s).
    pub(super) top_speed: f64,
}

impl FreeBall {
    /// How far it can move from its track's start by time `until` (m).
    pub(super) fn reach_by(&self, now: f64, until: f64) -> f64 {
        if until.is_finite() {
            self.track
                .travel
                .min(self.top_speed * (until - self.t_ref.min(now)))
        } else {
            self.track.travel
        }
    }
}

pub(super) struct Engine {
    pub(super) boundaries: Vec<Boundary>,
    pub(super) holes: [PocketHole; 6],
    pub(super) pockets: [Pocket; 6],
    pub(super) reach: f64,
    pub(super) balls: Vec<Option<FreeBall>>,
    /// Next meeting time of balls i < j, at `pairs[i * n + j]`.
    pub(super) pairs: Vec<f64>,
    /// Next meeting of each ball with a cushion or a hole.
    pub(super) walls: Vec<(f64, Option<Meeting>)>,
    burst: (f64, u32),
}

impl Engine {
    pub(super) fn new(table: &Table, n: usize) -> Engine {
        let holes = cushion::pocket_holes(table);
        let pockets = holes.map(|h| {
            cushion::pocket_at(table, h.centre.x, h.centre.y).expect("a hole is in its pocket")
        });
        Engine {
            boundaries: cushion::boundaries(table),
            holes,
            pockets,
            reach: table.cushion_reach(),
            balls: vec![None; n],
            pairs: vec![f64::INFINITY; n * n],
            walls: vec![(f64::INFINITY, None); n],
            burst: (f64::NEG_INFINITY, 0),
        }
    }
}

impl TableSim {
    /// Hands the table to the contact engine, each ball's motion already set (from the layout and
    /// the stroke at the start, from rapier's bodies after it stepped): every ball on the table
    /// is put on the cloth at the resting height with its horizontal motion, and rapier stops
    /// resolving its contacts.
    pub(super) fn enter_free(&mut self) {
        self.free = true;
        for i in 0..self.balls.len() {
            if self.balls[i].status != Status::OnTable {
                self.engine.balls[i] = None;
                continue;
            }
            let c = self.balls[i].collider;
            self.rapier.world.colliders[c].set_collision_groups(ball_groups(false, true));
            self.write_body(i);
        }
        for ep in self.episodes_mut() {
            ep.touching = false;
            ep.seen = false;
            ep.event = None;
        }
        if self.cfg.fast_forward {
            let n = self.balls.len();
            for i in 0..n {
                self.engine.walls[i] = self.next_wall(i, f64::INFINITY);
                for j in i + 1..n {
                    self.engine.pairs[i * n + j] = self.next_pair(i, j, f64::INFINITY);
                }
            }
        }
    }

    /// Hands the table to rapier with every ball where the contact engine has it.
    pub(super) fn leave_free(&mut self, pause: f64) {
        self.free = false;
        self.rapier.stepped_until = self.t + pause;
        for i in 0..self.balls.len() {
            if self.balls[i].status == Status::OnTable {
                self.write_body(i);
                let c = self.balls[i].collider;
                self.rapier.world.colliders[c].set_collision_groups(ball_groups(false, false));
            }
        }
        self.rapier.on_bed = [true; 11];
        // Contacts frozen since the start stay so while rapier keeps seeing them.
        for ep in self.episodes_mut() {
            *ep = Episode {
                touching: ep.from_start,
                from_start: ep.from_start,
                ..Episode::default()
            };
        }
    }

    /// A ball's motion from now on.
    pub(super) fn set_motion(&mut self, i: usize, m: Motion) {
        let r = self.table.ball_radius;
        self.engine.balls[i] = Some(FreeBall {
            m,
            t_ref: self.t,
            track: toi::track(&m, self.t, r, ROLL_SLIP, &self.cfg.equipment.cloth),
            top_speed: m.speed_bound(r),
        });
    }

    /// A ball's state at time `t` (not before its last contact) in the contact engine.
    pub(super) fn motion_at(&self, i: usize, t: f64) -> Motion {
        let f = self.engine.balls[i].as_ref().expect("a ball on the table");
        f.m.advance(
            (t - f.t_ref).max(0.0),
            self.table.ball_radius,
            ROLL_SLIP,
            &self.cfg.equipment.cloth,
        )
    }

    /// A ball's state now.
    pub(super) fn motion_now(&self, i: usize) -> Motion {
        self.motion_at(i, self.t)
    }

    /// Whether the contact engine has the ball (it is on the table).
    pub(super) fn engine_ball(&self, i: usize) -> bool {
        self.engine.balls[i].is_some()
    }

    /// Writes a ball's state now into its rapier body, on the cloth.
    pub(super) fn write_body(&mut self, i: usize) {
        let m = self.motion_at(i, self.t);
        let body = &mut self.rapier.world.bodies[self.balls[i].body];
        body.set_translation(to_world(m.p.x, m.p.y, self.rest_height), true);
        body.set_linvel(to_world(m.v.x, m.v.y, 0.0), true);
        body.set_angvel(to_world(m.w.x, m.w.y, m.w.z), true);
    }

    /// Turns a ball's orientation on to time `t` along its motion (only while paths are kept).
    pub(super) fn turn_to(&mut self, i: usize, t: f64) {
        if self.cfg.sample_dt <= 0.0 {
            return;
        }
        let Some(f) = self.engine.balls[i] else {
            return;
        };
        let r = self.table.ball_radius;
        let b = &mut self.balls[i];
        if t > b.orient_t {
            let from = (b.orient_t - f.t_ref).max(0.0);
            b.orient = turn_along(
                b.orient,
                &f.m,
                from,
                (t - f.t_ref).max(from),
                r,
                &self.cfg.equipment.cloth,
            );
            b.orient_t = t;
        }
    }

    /// Path samples due before `until`, from the closed-form motions.
    pub(super) fn sample_until(&mut self, until: f64) {
        if self.cfg.sample_dt <= 0.0 {
            return;
        }
        while self.next_sample < until - 1e-12 {
            let ts = self.next_sample;
            for i in 0..self.balls.len() {
                if self.balls[i].status != Status::OnTable || self.engine.balls[i].is_none() {
                    continue;
                }
                self.turn_to(i, ts);
                let p = self.motion_at(i, ts).p;
                let b = &mut self.balls[i];
                b.path
                    .push(PathSample::new(ts, p.extend(self.rest_height), b.orient));
            }
            self.next_sample = ts + self.cfg.sample_dt;
        }
    }

    /// One step of the contact engine: straight to the next contact (or to rest, or the cap).
    pub(super) fn jump_to_next_contact(&mut self) {
        let (t_meet, meeting) = self.next_meeting();
        let rest = self.rest_time();
        let cap = self.cfg.max_time;
        let t_end = t_meet.min(rest).min(cap);
        self.sample_until(t_end);
        self.t = t_end;
        self.steps += 1;
        if let (Some(m), true) = (meeting, t_meet <= t_end && t_meet < cap) {
            let changed = self.resolve(m);
            let n = self.balls.len();
            for (k, &i) in changed.iter().enumerate() {
                self.engine.walls[i] = self.next_wall(i, f64::INFINITY);
                // Each pair once, even when both of its balls changed.
                for j in (0..n).filter(|&j| j != i && !changed[..k].contains(&j)) {
                    let (a, b) = (i.min(j), i.max(j));
                    self.engine.pairs[a * n + b] = self.next_pair(a, b, f64::INFINITY);
                }
            }
            if self.burst() {
                return;
            }
        }
        // The engine owns the balls' state while it has the table: rapier's bodies are written
        // only when rapier takes it back (`leave_free`) or the shot ends (`stop_all`).
        let t = self.time();
        if meeting.is_none() || t_meet > t_end {
            if t_end >= cap && rest > cap {
                for i in 0..self.balls.len() {
                    if self.balls[i].status == Status::OnTable {
                        self.write_body(i);
                    }
                }
                self.finish(t, Event::TimeCap { t });
            } else if t_end >= rest {
                self.stop_all();
                self.finish(t, Event::AtRest { t });
            }
        }
    }

    /// Every ball on the table at rest, its bodies too.
    pub(super) fn stop_all(&mut self) {
        for i in 0..self.balls.len() {
            if self.balls[i].status == Status::OnTable {
                self.turn_to(i, self.t);
                let p = self.motion_at(i, self.t).p;
                self.set_motion(
                    i,
                    Motion {
                        p,
                        v: DVec2::ZERO,
                        w: DVec3::ZERO,
                    },
                );
                self.write_body(i);
            }
        }
    }

    /// Every ball's motion from now on as rapier has it.
    pub(super) fn motions_from_bodies(&mut self) {
        for i in 0..self.balls.len() {
            if self.balls[i].status != Status::OnTable {
                continue;
            }
            let body = &self.rapier.world.bodies[self.balls[i].body];
            let m = Motion {
                p: from_world(body.translation()).truncate(),
                v: from_world(body.linvel()).truncate(),
                w: from_world(body.angvel()),
            };
            self.set_motion(i, m);
        }
    }

    /// One step of the stepped reference: rapier integrates the motion on the cloth for a step,
    /// cut short at the next contact, which is then resolved as in the contact engine.
    pub(super) fn step_to_next_contact(&mut self) {
        // The motions now, from the bodies.
        self.motions_from_bodies();
        let dt = self.cfg.dt;
        let (t_meet, meeting) = self.scan_meetings(self.t + dt);
        let h = (t_meet - self.t).clamp(0.0, dt);
        if h > 1e-9 {
            self.rapier_step(h);
            if t_meet.is_finite() {
                self.t = t_meet; // the same instant, without the step's rounding
            }
        } else {
            self.t = self.t.max(t_meet.min(self.t + dt));
        }
        self.steps += 1;
        if let Some(m) = meeting {
            // Positions and velocities where rapier has them now.
            self.motions_from_bodies();
            let before = self.t;
            let changed = self.resolve(m);
            if self.t > before {
                // A many-body impact took time: every ball to where it is now.
                for i in 0..self.balls.len() {
                    if self.balls[i].status == Status::OnTable {
                        self.write_body(i);
                    }
                }
            }
            for i in changed {
                if self.balls[i].status == Status::OnTable {
                    let m = self.motion_at(i, self.t);
                    let body = &mut self.rapier.world.bodies[self.balls[i].body];
                    body.set_linvel(to_world(m.v.x, m.v.y, 0.0), true);
                    body.set_angvel(to_world(m.w.x, m.w.y, m.w.z), true);
                }
            }
            if self.burst() {
                return;
            }
        }
        let t = self.time();
        self.close_step(t);
    }

    /// Counts contacts in the current burst; true (and rapier has the table) when there are
    /// too many.
    pub(super) fn burst(&mut self) -> bool {
        let (start, count) = self.engine.burst;
        self.engine.burst = if self.t - start > BURST_WINDOW {
            (self.t, 1)
        } else {
            (start, count + 1)
        };
        if self.engine.burst.1 > BURST_CONTACTS {
            self.engine.burst = (f64::NEG_INFINITY, 0);
            self.leave_free(BURST_PAUSE);
            return true;
        }
        false
    }
}

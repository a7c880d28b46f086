//! The contact engine: balls on the cloth from one meeting to the next. Each ball keeps its
//! motion since its last contact (`Motion` at `t_ref`) and the track it follows in closed form;
//! for every pair of balls and every ball with the cushions and holes the time of the next
//! meeting is kept, and only the balls a contact changed are looked at again. A hit is resolved
//! at its true time by `collide` (ball-ball) or `cushion` (Mathavan 2010), a ball whose centre
//! crosses the edge of a hole drops into that pocket.

use super::{Episode, ROLL_SLIP, Status, TOUCH_GAP, TableSim, turn_along};
use bevy::math::{DVec2, DVec3};

use crate::physics::cloth::Motion;
use crate::physics::collide::{self, BallState};
use crate::physics::colliders::{ball_groups, from_world, rail_index, to_world};
use crate::physics::cushion::{self, Boundary, PocketHole, Shape};
use crate::physics::log::{Event, PathSample};
use crate::physics::params::{G, SPIN_DECAY};
use crate::physics::toi::{self, Track};
use crate::table::{Pocket, Rail, Table};

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
    m: Motion,
    t_ref: f64,
    track: Track,
    /// The most speed it can have from `t_ref` on (m/s).
    top_speed: f64,
}

impl FreeBall {
    /// How far it can move from its track's start by time `until` (m).
    fn reach_by(&self, now: f64, until: f64) -> f64 {
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
    boundaries: Vec<Boundary>,
    holes: [PocketHole; 6],
    pockets: [Pocket; 6],
    reach: f64,
    balls: Vec<Option<FreeBall>>,
    /// Next meeting time of balls i < j, at `pairs[i * n + j]`.
    pairs: Vec<f64>,
    /// Next meeting of each ball with a cushion or a hole.
    walls: Vec<(f64, Option<Meeting>)>,
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
    /// Hands the table to the contact engine: every ball on the table is put on the cloth at the
    /// resting height with its horizontal motion, and rapier stops resolving its contacts.
    pub(super) fn enter_free(&mut self) {
        self.free = true;
        self.motions_from_bodies();
        for i in 0..self.balls.len() {
            if self.balls[i].status != Status::OnTable {
                self.engine.balls[i] = None;
                continue;
            }
            let c = self.balls[i].collider;
            self.world.colliders[c].set_collision_groups(ball_groups(false, true));
            self.write_body(i);
        }
        for ep in self
            .ball_pairs
            .iter_mut()
            .flatten()
            .chain(self.ball_rails.iter_mut().flatten())
        {
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
    fn leave_free(&mut self, pause: f64) {
        self.free = false;
        self.stepped_until = self.t + pause;
        for i in 0..self.balls.len() {
            if self.balls[i].status == Status::OnTable {
                self.write_body(i);
                let c = self.balls[i].collider;
                self.world.colliders[c].set_collision_groups(ball_groups(false, false));
            }
        }
        self.on_bed = [true; 11];
        // Contacts frozen since the start stay so while rapier keeps seeing them.
        for ep in self
            .ball_pairs
            .iter_mut()
            .flatten()
            .chain(self.ball_rails.iter_mut().flatten())
        {
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
            track: toi::track(&m, self.t, r, ROLL_SLIP),
            top_speed: m.speed_bound(r),
        });
    }

    /// A ball's state at time `t` (not before its last contact) in the contact engine.
    pub(super) fn motion_at(&self, i: usize, t: f64) -> Motion {
        let f = self.engine.balls[i].as_ref().expect("a ball on the table");
        f.m.advance((t - f.t_ref).max(0.0), self.table.ball_radius, ROLL_SLIP)
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
    fn write_body(&mut self, i: usize) {
        let m = self.motion_at(i, self.t);
        let body = &mut self.world.bodies[self.balls[i].body];
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
            b.orient = turn_along(b.orient, &f.m, from, (t - f.t_ref).max(from), r);
            b.orient_t = t;
        }
    }

    /// Path samples due before `until`, from the closed-form motions.
    fn sample_until(&mut self, until: f64) {
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

    /// When balls `i` and `j` next meet (before `until`), from now.
    fn next_pair(&self, i: usize, j: usize, until: f64) -> f64 {
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
    fn next_wall(&self, i: usize, until: f64) -> (f64, Option<Meeting>) {
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
            if let Some(t) = t {
                if t < best.0 {
                    best = (t, Some(Meeting::Cushion(i, k)));
                }
            }
        }
        for (k, h) in self.engine.holes.iter().enumerate() {
            let centre = DVec2::new(h.centre.x, h.centre.y);
            if (p - centre).length() - h.radius > travel {
                continue;
            }
            if let Some(t) = toi::ball_point(&f.track, centre, h.radius, self.t) {
                if t < best.0 {
                    best = (t, Some(Meeting::Hole(i, k)));
                }
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
    fn earliest(
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
    fn next_meeting(&self) -> (f64, Option<Meeting>) {
        self.next_meeting_outside(&[])
    }

    /// The earliest meeting that involves no ball of `group` (the contact engine's caches), or
    /// the end of the step (the stepped reference, which keeps none).
    fn next_meeting_outside(&self, group: &[usize]) -> (f64, Option<Meeting>) {
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
    fn scan_meetings(&self, until: f64) -> (f64, Option<Meeting>) {
        self.earliest(
            &[],
            |i| self.next_wall(i, until),
            |i, j| self.next_pair(i, j, until),
        )
    }

    /// When every ball on the table has stopped and its spin about the vertical is below the
    /// rest rule's.
    fn rest_time(&self) -> f64 {
        let r = self.table.ball_radius;
        self.engine
            .balls
            .iter()
            .flatten()
            .map(|f| {
                let spin = (f.m.w.z.abs() - super::REST_SPEED / r).max(0.0) / SPIN_DECAY;
                f.track.stop.max(f.t_ref + spin)
            })
            .fold(self.t, f64::max)
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
    fn stop_all(&mut self) {
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
    fn motions_from_bodies(&mut self) {
        for i in 0..self.balls.len() {
            if self.balls[i].status != Status::OnTable {
                continue;
            }
            let body = &self.world.bodies[self.balls[i].body];
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
                    let body = &mut self.world.bodies[self.balls[i].body];
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
    fn burst(&mut self) -> bool {
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

    /// Resolves a meeting, one kind to a function (pooltool's resolver slots); returns the balls
    /// whose motion changed.
    fn resolve(&mut self, meeting: Meeting) -> Vec<usize> {
        match meeting {
            Meeting::Balls(i, j) => self.resolve_balls(i, j),
            Meeting::Cushion(i, k) => self.resolve_cushion(i, k),
            Meeting::Hole(i, k) => self.resolve_hole(i, k),
        }
    }

    /// A ball's state now for the collision models.
    fn ball_state(&self, i: usize) -> BallState {
        let m = self.motion_at(i, self.t);
        BallState {
            p: m.p,
            v: m.v.extend(0.0),
            w: m.w,
        }
    }

    /// Two balls meet: one hit, or a many-body impact when more balls touch or a cushion does.
    fn resolve_balls(&mut self, i: usize, j: usize) -> Vec<usize> {
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
    fn resolve_cushion(&mut self, i: usize, k: usize) -> Vec<usize> {
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
        let (v, w, impulse) = cushion::rebound(s.v, s.w, n_in, r);
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
    fn resolve_hole(&mut self, i: usize, k: usize) -> Vec<usize> {
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

//! Many-body impacts: a ball hit while it touches (or nearly touches) others, above all the rack
//! on the break. Momentum must spread through the whole group as it does through real balls,
//! whose contacts last a fraction of a millisecond and overlap in time: resolved as a chain of
//! instantaneous pairwise hits, a full hit on the rack sends nearly all of it down one line of
//! balls, a Newton's cradle through the gaps. Rapier resolves it all at once, but its answer
//! depended on its step: over 400 breaks, 0.63 balls pocketed a break at 1 ms, 0.48 at 0.5 ms,
//! 1.38 at 0.25 ms.
//!
//! So the group is integrated on its own, with compliant contacts (discrete elements). Two
//! balls push along the line of centres by Hertz's law, the force growing as the overlap to
//! the power 1.5 with the stiffness of two phenolic spheres (`BALL_MODULUS`, `BALL_POISSON`),
//! plus Tsuji's dissipation (a dashpot growing as the overlap to the power 1/4, the
//! Hunt-Crossley family), whose one constant is set so that a pair ends with restitution
//! `E_BALL` at any speed. A contact's time then follows from the speed as Hertz's theory says
//! (0.39 ms at 1 m/s, 0.25 ms at 10 m/s) instead of being assumed. The balls rub with the
//! ball-ball friction of `collide` (Alciatore's fit), never more than stops the slip. The
//! integration step is a fixed microsecond (a two-hundredth of the shortest contact, 0.21 ms at
//! 20 m/s), whatever the simulation's `dt`. A ball of the group against a cushion meets a
//! compliant wall: a linear spring and dashpot with the cushion restitution at the speed it is
//! met (the stop's, `cushion::Give`) and the cushion's friction and an
//! assumed contact time (`WALL_CONTACT_TIME`; no measurement of a cushion's contact time was
//! found), so a ball pinned between balls and a cushion is one impact. It runs until no two
//! balls of the group touch or will within a contact time, and never past the next contact
//! elsewhere on the table (a pair still touching then is taken up again at once). The cloth's
//! friction over that millisecond or so is left out (under 2 mm/s). The group is integrated in
//! 3D, so that a hit while rapier has the table (`stepped_impact`: a ball in the air meeting
//! the rack) is the same law: lines of centres may tilt, a ball pushed into the slate meets it
//! as a compliant contact (the bed's restitution, `WALL_CONTACT_TIME`) that rubs the cloth with
//! the extra load, a ball above the cloth falls; the rub's upward part is left out. On the
//! cloth every height stays the resting one and the result is the 2D one to the bit.

use bevy::math::DVec3;

use super::flight::AIR_GAP;
use super::{Status, TableSim};
use crate::physics::cloth::Motion;
use crate::physics::collide::ball_friction;
use crate::physics::cushion::{cushions_touched, nose_beside};
use crate::physics::params::{
    BALL_MASS, BALL_MODULUS, BALL_POISSON, E_BALL, E_BED, E_CUSHION, E_NOSE, G,
};
use crate::table::{Rail, Table};

/// How long a ball's contact with a cushion lasts inside an impact (s): assumed, of the order
/// of a ball-ball contact (the linear spring of the compliant wall).
pub const WALL_CONTACT_TIME: f64 = 2.0e-4;
/// The integration step of an impact (s).
const STEP: f64 = 1.0e-6;
/// Balls closer than this (m) belong to the same group; or closer than the hit's closing speed
/// carries the balls in a contact time, since every ball within that is touched while the
/// first contact lasts.
pub const GROUP_GAP: f64 = 5.0e-4;
/// The longest a group is integrated (s).
const LONGEST: f64 = 0.02;

impl TableSim {
    /// The balls linked to `i` or `j` through gaps under `GROUP_GAP` (or what their closing
    /// speed covers in a contact time), `i` and `j` included: `linked` over the engine's balls.
    pub(super) fn group(&self, i: usize, j: usize) -> Vec<usize> {
        let at: Vec<Option<(DVec3, DVec3)>> = (0..self.balls.len())
            .map(|k| {
                self.engine_ball(k).then(|| {
                    let m = self.motion_now(k);
                    (m.p.extend(0.0), m.v.extend(0.0))
                })
            })
            .collect();
        linked(&at, i, j, self.table.ball_radius)
    }

    /// Whether a ball lies against a cushion's nose (within `GROUP_GAP`), not in a mouth.
    pub(super) fn on_cushion(&self, i: usize) -> bool {
        !cushions_touched(&self.table, self.motion_now(i).p, GROUP_GAP).is_empty()
    }

    /// Integrates the group from now until it has come apart (or `until`); sets each member's
    /// motion at the end (and the simulation's time there) and logs each pair's contact with its
    /// impulse. The steps: gather the group, integrate it (ball contacts, cushion contacts, a
    /// step of motion) until it parts or meets a ball outside, log the contacts in the order
    /// they began, hand the members back to the contact engine.
    pub(super) fn impact(&mut self, group: &[usize], until: f64) {
        let mut g = Group::gather(self, group);
        let steps = ((LONGEST.min(until - g.t)) / STEP).ceil().max(1.0) as usize;
        let outside = self.near_outside(group, &g.p);
        // The members turned as they moved up to the impact; in it, by the impact's own spins.
        for &m in group {
            self.turn_to(m, g.t);
        }
        self.run_group(&mut g, steps, |sim, g| {
            sim.sample_impact(group, g);
            sim.reaches_outside(&outside, &g.p, g.t)
        });
        self.elastic = g.elastic(self.table.ball_radius);
        self.log_group_contacts(group, &g);
        self.hand_back(group, &g);
    }

    /// Integrates the group for at most `steps` steps: until it has come apart (no ball
    /// contact, no cushion contact, no ball pressed into the bed, none closing) or `stop` says
    /// so after its first step (`stop` is asked before every step).
    pub(super) fn run_group(
        &mut self,
        g: &mut Group,
        steps: usize,
        mut stop: impl FnMut(&mut TableSim, &Group) -> bool,
    ) {
        let t0 = g.t;
        let r = self.table.ball_radius;
        for _ in 0..steps {
            if stop(self, g) && g.t > t0 {
                break;
            }
            g.clear_forces();
            let (touch_b, close_b) = g.ball_forces(r);
            let (touch_w, close_w) = g.wall_forces(&self.table);
            let pressed = g.bed_forces(r);
            if !(touch_b || touch_w || close_b || close_w || pressed) {
                break;
            }
            g.advance(r);
        }
    }

    /// Path samples due by the integration's time `g.t`: the members where the integration has
    /// them (not where their motions before or after the impact would put them), the other
    /// balls from their motions. A sample falls within a step (a microsecond) of its time.
    fn sample_impact(&mut self, group: &[usize], g: &Group) {
        if self.cfg.sample_dt <= 0.0 {
            return;
        }
        while self.next_sample <= g.t + 1e-12 {
            let ts = self.next_sample;
            for i in 0..self.balls.len() {
                if self.balls[i].status != Status::OnTable || self.engine.balls[i].is_none() {
                    continue;
                }
                let p = match group.iter().position(|&m| m == i) {
                    Some(x) => {
                        self.turn_in_impact(i, g.w[x], ts);
                        g.p[x]
                    }
                    None => {
                        self.turn_to(i, ts);
                        self.motion_at(i, ts).p.extend(self.rest_height)
                    }
                };
                let b = &mut self.balls[i];
                b.path
                    .push(crate::physics::PathSample::new(ts, p, b.orient));
            }
            self.next_sample = ts + self.cfg.sample_dt;
        }
    }

    /// A member's orientation brought to time `t` by its spin `w` in the impact.
    pub(super) fn turn_in_impact(&mut self, i: usize, w: DVec3, t: f64) {
        if self.cfg.sample_dt <= 0.0 {
            return;
        }
        let b = &mut self.balls[i];
        if t > b.orient_t {
            b.orient = super::turn(b.orient, w, t - b.orient_t);
            b.orient_t = t;
        }
    }

    /// Balls outside the group that a member might reach: the integration stops when a member
    /// touches one, so that the contact engine takes that contact at its time (and the ball it
    /// reaches joins the next impact).
    fn near_outside(&self, group: &[usize], p: &[DVec3]) -> Vec<usize> {
        let r = self.table.ball_radius;
        (0..self.balls.len())
            .filter(|k| !group.contains(k) && self.engine_ball(*k))
            .filter(|&k| {
                let q = self.motion_now(k).p;
                p.iter()
                    .any(|&pm| (pm.truncate() - q).length() < 2.0 * r + 0.1)
            })
            .collect()
    }

    /// Whether a member touches one of the `outside` balls at time `t`.
    fn reaches_outside(&self, outside: &[usize], p: &[DVec3], t: f64) -> bool {
        let r = self.table.ball_radius;
        p.iter().any(|&pg| {
            outside
                .iter()
                .any(|&k| (pg.truncate() - self.motion_at(k, t).p).length_squared() <= 4.0 * r * r)
        })
    }

    /// Ball-ball contacts and cushion contacts, logged in the order they began.
    pub(super) fn log_group_contacts(&mut self, group: &[usize], g: &Group) {
        let n = group.len();
        let mut contacts: Vec<(f64, usize, usize)> = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if !g.first[a * n + b].is_nan() {
                    contacts.push((g.first[a * n + b], a, b));
                }
            }
        }
        contacts.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut order: Vec<(f64, Option<(usize, usize)>, Option<usize>)> = contacts
            .iter()
            .map(|&(when, a, b)| (when, Some((a, b)), None))
            .chain(
                g.wall_hits
                    .iter()
                    .enumerate()
                    .map(|(k, w)| (w.2, None, Some(k))),
            )
            .collect();
        order.sort_by(|x, y| x.0.total_cmp(&y.0));
        for (when, pair, wall) in order {
            let when = (when * 1e6).round() / 1e6;
            if let Some(k) = wall {
                let (m, rail, _, imp) = g.wall_hits[k];
                self.log_cushion(when, group[m], rail, imp);
                continue;
            }
            let (a, b) = pair.expect("a pair");
            self.log_ball_ball(when, group[a], group[b], g.impulse[a * n + b]);
        }
    }

    /// Every ball's orientation up to the end, then the members' new motions from there.
    fn hand_back(&mut self, group: &[usize], g: &Group) {
        self.sample_impact(group, g);
        for (x, &m) in group.iter().enumerate() {
            self.turn_in_impact(m, g.w[x], g.t);
        }
        self.t = g.t;
        for (x, &m) in group.iter().enumerate() {
            self.set_motion(
                m,
                Motion {
                    p: g.p[x].truncate(),
                    v: g.v[x].truncate(),
                    w: g.w[x],
                },
            );
        }
        for &m in group {
            self.part_frozen(m);
        }
        debug_assert!(
            group
                .iter()
                .all(|&m| self.balls[m].status == Status::OnTable)
        );
    }
}

/// The balls linked to `i` or `j` through gaps under `GROUP_GAP` (or what their closing speed
/// covers in a contact time), `i` and `j` first: `at` holds each ball's place and velocity
/// (none for a ball out of play), in 3D for a table rapier has.
pub(super) fn linked(at: &[Option<(DVec3, DVec3)>], i: usize, j: usize, r: f64) -> Vec<usize> {
    let ((pa, va), (pb, vb)) = (at[i].expect("in play"), at[j].expect("in play"));
    let d = pb - pa;
    let closing = (va - vb).dot(d) / d.length().max(1e-12);
    let reach = GROUP_GAP.max(closing * contact_time(closing));
    let mut group = vec![i, j];
    let mut k = 0;
    while k < group.len() {
        let p = at[group[k]].expect("in play").0;
        for (m, q) in at.iter().enumerate() {
            let Some((q, _)) = q else { continue };
            if !group.contains(&m) && (p - *q).length() < 2.0 * r + reach {
                group.push(m);
            }
        }
        k += 1;
    }
    group
}

/// A group being integrated: its members' places (x, y, height), velocities and spins, the
/// forces of the step, and what its contacts have carried so far.
pub(super) struct Group {
    pub(super) p: Vec<DVec3>,
    pub(super) v: Vec<DVec3>,
    pub(super) w: Vec<DVec3>,
    f: Vec<DVec3>,
    torque: Vec<DVec3>,
    /// Per pair: the impulse so far and the time of first touch.
    impulse: Vec<f64>,
    first: Vec<f64>,
    /// Which of the four cushion lines each member pressed on in the last step.
    on_wall: Vec<[bool; 4]>,
    /// Each member's damping against each cushion, from the most work the cushion has taken
    /// since the contact began (the cushion's stop: `cushion::Give`), and that work.
    wall_damping: Vec<[f64; 4]>,
    wall_work: Vec<[f64; 4]>,
    give: crate::physics::cushion::Give,
    /// Cushion contacts: (member, rail, first touch, impulse).
    wall_hits: Vec<(usize, Rail, f64, f64)>,
    /// A ball on a cushion: a linear spring on mass m (stiffness, damping).
    wall_spring: (f64, f64),
    /// A ball pressed into the bed: the same kind of spring with the slate's restitution.
    bed_spring: (f64, f64),
    /// The equipment's cushion friction and the cloth's sliding friction.
    mu_cushion: f64,
    mu_cloth: f64,
    /// The height of a ball's centre resting on the bed (m).
    rest: f64,
    pub(super) t: f64,
}

impl Group {
    /// The members from the contact engine's motions, on the cloth.
    fn gather(sim: &TableSim, group: &[usize]) -> Group {
        let mut g = Group::empty(sim, group.len());
        for &m in group {
            let s = sim.motion_now(m);
            g.p.push(s.p.extend(sim.rest_height));
            g.v.push(s.v.extend(0.0));
            g.w.push(s.w);
        }
        g
    }

    /// A group of `n` members with no members yet.
    pub(super) fn empty(sim: &TableSim, n: usize) -> Group {
        Group {
            p: Vec::with_capacity(n),
            v: Vec::with_capacity(n),
            w: Vec::with_capacity(n),
            f: vec![DVec3::ZERO; n],
            torque: vec![DVec3::ZERO; n],
            impulse: vec![0.0f64; n * n],
            first: vec![f64::NAN; n * n],
            on_wall: vec![[false; 4]; n],
            wall_damping: vec![[0.0; 4]; n],
            wall_work: vec![[0.0; 4]; n],
            give: sim.cfg.equipment.cushions.give(),
            wall_hits: Vec::new(),
            // The players' restitution, scaled with the equipment's cushion (1 for the WPA set).
            wall_spring: spring(
                BALL_MASS,
                E_CUSHION * (sim.cfg.equipment.cushions.restitution / E_NOSE),
            ),
            mu_cushion: sim.cfg.equipment.cushions.friction,
            mu_cloth: sim.cfg.equipment.cloth.mu_slide,
            bed_spring: spring(BALL_MASS, E_BED),
            rest: sim.rest_height,
            t: sim.t,
        }
    }

    fn clear_forces(&mut self) {
        self.f.iter_mut().for_each(|x| *x = DVec3::ZERO);
        self.torque.iter_mut().for_each(|x| *x = DVec3::ZERO);
    }

    /// Each pair's Hertz push and friction this step: whether any pair touches, and whether a
    /// pair apart will touch again within a contact time.
    fn ball_forces(&mut self, r: f64) -> (bool, bool) {
        let (m, h, n) = (BALL_MASS, STEP, self.p.len());
        let (mut touching, mut closing) = (false, false);
        // Pairs farther apart than this can neither touch nor close within a contact time
        // (twice the fastest member's speed, the bound below): passed over at the cost of a
        // squared distance.
        let fastest = self.v.iter().map(|v| v.length()).fold(0.0, f64::max);
        let far = 2.0 * r + unit_contact_time() * (2.0 * fastest).max(1.0);
        let far2 = far * far;
        for a in 0..n {
            for b in a + 1..n {
                let d = self.p[b] - self.p[a];
                if d.length_squared() > far2 {
                    continue;
                }
                let dist = d.length();
                let nrm = d / dist;
                let vn = (self.v[a] - self.v[b]).dot(nrm);
                let overlap = 2.0 * r - dist;
                if overlap <= 0.0 {
                    // Apart: touching again within a contact time? (Its closing speed times
                    // its contact time never exceeds the one-metre-a-second contact's time
                    // times the larger of the speed and 1 m/s: most pairs are settled by that
                    // without the power.)
                    if !closing
                        && vn > 0.0
                        && -overlap < unit_contact_time() * vn.max(1.0)
                        && -overlap < vn * contact_time(vn)
                    {
                        closing = true;
                    }
                    continue;
                }
                touching = true;
                let fn_ = hertz_force(overlap, vn);
                if fn_ <= 0.0 {
                    continue;
                }
                if self.first[a * n + b].is_nan() {
                    self.first[a * n + b] = self.t;
                }
                self.impulse[a * n + b] += fn_ * h;
                // Slip of a's surface over b's at the contact (x, y, up).
                let ra = r * nrm;
                let ua = self.v[a] + self.w[a].cross(ra);
                let ub = self.v[b] + self.w[b].cross(DVec3::new(-ra.x, -ra.y, 0.0 - ra.z));
                let ut = tangential(ua - ub, nrm);
                let slip = ut.length();
                // Friction on a: against the slip, at most what stops it this step.
                let mut ft = DVec3::ZERO;
                if slip > 1e-12 {
                    let mag = (ball_friction(slip) * fn_).min(m * slip / (7.0 * h));
                    ft = -ut / slip * mag;
                }
                // The rub's upward part is left out: it would lift a ball struck with
                // follow or draw off the cloth, which the contact engine cannot hold.
                let flat = DVec3::new(ft.x, ft.y, 0.0);
                self.f[a] += -fn_ * nrm + flat;
                self.f[b] += fn_ * nrm - flat;
                // Both turn the same way: (R n) x ft on a, (-R n) x (-ft) on b.
                let tq = ra.cross(ft);
                self.torque[a] += tq;
                self.torque[b] += tq;
            }
        }
        (touching, closing)
    }

    /// The cushions' noses this step, as compliant walls: whether a member presses on one,
    /// and whether one moves into it.
    fn wall_forces(&mut self, table: &Table) -> (bool, bool) {
        let (m, h, r) = (BALL_MASS, STEP, table.ball_radius);
        let (k_wall, _) = self.wall_spring;
        let (hl, hw) = (table.length / 2.0, table.width / 2.0);
        let reach = table.cushion_reach();
        let (mut touching, mut closing) = (false, false);
        // The cushions' noses, as compliant walls (a ball pinned between balls and a
        // cushion): the same spring for a ball of mass m against a fixed wall, the players'
        // restitution E_CUSHION and the cushion's friction, against the slip at the nose.
        for g in 0..self.p.len() {
            // A member in the air meets the cushions' 3D shapes in rapier's hands.
            if self.p[g].z > self.rest + AIR_GAP {
                continue;
            }
            for (axis, half) in [(0, hl), (1, hw)] {
                let out = self.p[g][axis].signum();
                let overlap = out * self.p[g][axis] - (half - reach);
                let side_index = 2 * axis + usize::from(out > 0.0);
                if overlap <= 0.0 {
                    self.on_wall[g][side_index] = false;
                    continue;
                }
                // Past the nose lines only where a cushion is: not in a pocket's mouth.
                let other = self.p[g][1 - axis].abs();
                let in_mouth = !nose_beside(table, axis == 1, other);
                // A ball that comes round a jaw finds itself behind the nose line: not a
                // contact from the front, left to the contact engine after the impact.
                if in_mouth || (!self.on_wall[g][side_index] && overlap > 1.0e-4) {
                    self.on_wall[g][side_index] = false;
                    continue;
                }
                let vn = out * self.v[g][axis];
                if !self.on_wall[g][side_index] {
                    self.wall_work[g][side_index] = 0.0;
                    // Below the stop: the rubber's own damping.
                    self.wall_damping[g][side_index] = self.wall_spring.1;
                }
                // The most work the cushion has taken since the contact began, as the
                // spring's energy (a ball frozen to it and struck is pressed in without ever
                // moving fast): the players' restitution for that work, the rubber's, less past
                // the stop.
                let work = 0.5 * k_wall * overlap * overlap;
                if work > self.wall_work[g][side_index] {
                    self.wall_work[g][side_index] = work;
                    let nose = self.give.restitution(work, m) / E_NOSE;
                    self.wall_damping[g][side_index] = spring(m, E_CUSHION * nose).1;
                }
                self.on_wall[g][side_index] = true;
                let c_wall = self.wall_damping[g][side_index];
                if vn > 0.0 {
                    closing = true;
                }
                touching = true;
                let fn_ = (k_wall * overlap + c_wall * vn).max(0.0);
                let rail = match (axis, out > 0.0, self.p[g][0] > 0.0) {
                    (0, true, _) => Rail::Foot,
                    (0, false, _) => Rail::Head,
                    (_, true, false) => Rail::LeftHead,
                    (_, true, true) => Rail::LeftFoot,
                    (_, false, false) => Rail::RightHead,
                    (_, false, true) => Rail::RightFoot,
                };
                let slot = self.wall_hits.iter().position(|h| h.0 == g && h.1 == rail);
                match slot {
                    Some(k) => self.wall_hits[k].3 += fn_ * h,
                    None => self.wall_hits.push((g, rail, self.t, fn_ * h)),
                }
                let mut nrm = DVec3::ZERO;
                nrm[axis] = out;
                self.f[g][axis] -= out * fn_;
                // Slip of the ball's surface at the nose (horizontal contact point).
                let rn = r * nrm;
                let ut = tangential(self.v[g] + self.w[g].cross(rn), nrm);
                let slip = ut.length();
                if slip > 1e-12 {
                    let mag = (self.mu_cushion * fn_).min(m * slip / (3.5 * h));
                    let ft = -ut / slip * mag;
                    self.f[g] += DVec3::new(ft.x, ft.y, 0.0);
                    self.torque[g] += rn.cross(ft);
                }
            }
        }
        (touching, closing)
    }

    /// The bed under each member this step: whether one is pressed into it. A member above
    /// its resting height falls; one pressed below it meets the slate as a compliant contact
    /// (`bed_spring`) whose load beyond the weight also rubs the cloth (`MU_SLIDE` against the
    /// slip at the bottom). A member at its resting height with no push up or down is left as
    /// the contact engine has it: the weight carried, the cloth's friction over the impact's
    /// millisecond left out.
    fn bed_forces(&mut self, r: f64) -> bool {
        let (m, h) = (BALL_MASS, STEP);
        let (k_bed, c_bed) = self.bed_spring;
        let mut pressed = false;
        for g in 0..self.p.len() {
            let below = self.rest - self.p[g].z;
            if below < 0.0 {
                self.f[g].z -= m * G;
                continue;
            }
            if below == 0.0 {
                continue;
            }
            pressed = true;
            let load = (k_bed * below - c_bed * self.v[g].z).max(0.0);
            self.f[g].z += load;
            let bottom = DVec3::new(0.0, 0.0, -r);
            let u = self.v[g] + self.w[g].cross(bottom);
            let slip = u.truncate().length();
            if slip > 1e-12 {
                let mag = (self.mu_cloth * load).min(m * slip / (3.5 * h));
                let ft = -u.truncate().extend(0.0) / slip * mag;
                self.f[g] += ft;
                self.torque[g] += bottom.cross(ft);
            }
        }
        pressed
    }

    /// One step of motion under this step's forces.
    fn advance(&mut self, r: f64) {
        let (m, h) = (BALL_MASS, STEP);
        let inertia = 0.4 * m * r * r;
        for g in 0..self.p.len() {
            self.v[g] += self.f[g] / m * h;
            self.w[g] += self.torque[g] / inertia * h;
            self.p[g] += self.v[g] * h;
        }
        self.t += h;
    }

    /// Energy held in contacts the integration stopped in (taken up again at once).
    fn elastic(&self, r: f64) -> f64 {
        let (p, n) = (&self.p, self.p.len());
        let mut e = 0.0;
        for a in 0..n {
            for b in a + 1..n {
                let dist = (p[b] - p[a]).length();
                e += hertz_energy(2.0 * r - dist);
            }
        }
        e
    }
}

/// Stiffness and damping of a linear spring-dashpot contact on a body of mass `mass` that lasts
/// `WALL_CONTACT_TIME` and ends with restitution `e`.
fn spring(mass: f64, e: f64) -> (f64, f64) {
    let zeta = -e.ln() / (std::f64::consts::PI.powi(2) + e.ln().powi(2)).sqrt();
    let omega = std::f64::consts::PI / (WALL_CONTACT_TIME * (1.0 - zeta * zeta).sqrt());
    let k = mass * omega * omega;
    (k, 2.0 * zeta * (k * mass).sqrt())
}

/// The contact of two balls: their mass for the relative motion (m/2), the radius of
/// curvature (R/2), the effective modulus E / (2 (1 - nu^2)), Hertz's stiffness
/// 4/3 E* sqrt(R*) (N/m^1.5) and Tsuji's damping alpha sqrt(m K).
struct Hertz {
    mass: f64,
    radius: f64,
    modulus: f64,
    stiffness: f64,
    damping: f64,
}

fn hertz() -> &'static Hertz {
    static HERTZ: std::sync::OnceLock<Hertz> = std::sync::OnceLock::new();
    HERTZ.get_or_init(|| {
        let mass = 0.5 * BALL_MASS;
        let radius = 0.5 * crate::table::BALL_RADIUS;
        let modulus = BALL_MODULUS / (2.0 * (1.0 - BALL_POISSON * BALL_POISSON));
        let stiffness = 4.0 / 3.0 * modulus * radius.sqrt();
        Hertz {
            mass,
            radius,
            modulus,
            stiffness,
            damping: damping_constant() * (mass * stiffness).sqrt(),
        }
    })
}

/// The push between two balls (N) at `overlap` (m) closing at `vn` (m/s): Hertz's
/// K overlap^1.5 with Tsuji's damping alpha sqrt(m K) overlap^0.25 vn, never a pull.
pub fn hertz_force(overlap: f64, vn: f64) -> f64 {
    if overlap <= 0.0 {
        return 0.0;
    }
    let h = hertz();
    let root = overlap.sqrt();
    (h.stiffness * overlap * root + h.damping * root.sqrt() * vn).max(0.0)
}

/// The elastic energy a Hertz contact holds at `overlap` (J): 2/5 K overlap^2.5.
fn hertz_energy(overlap: f64) -> f64 {
    if overlap <= 0.0 {
        return 0.0;
    }
    0.4 * hertz().stiffness * overlap * overlap * overlap.sqrt()
}

/// How long two balls meeting at `speed` (m/s) stay in contact by Hertz's theory (s):
/// 2.87 (m*^2 / (R* E*^2 v))^(1/5).
pub fn contact_time(speed: f64) -> f64 {
    let h = hertz();
    let v = speed.max(1e-3);
    2.868 * (h.mass * h.mass / (h.radius * h.modulus * h.modulus * v)).powf(0.2)
}

/// `contact_time(1.0)`, computed once.
fn unit_contact_time() -> f64 {
    static T: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *T.get_or_init(|| contact_time(1.0))
}

/// Tsuji's damping constant alpha that makes a Hertz contact end with restitution `E_BALL`.
/// The restitution of this law depends on alpha alone (not on speed, mass or stiffness), so it
/// is found once, by bisection on a contact integrated in units where m = K = v = 1.
fn damping_constant() -> f64 {
    static ALPHA: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *ALPHA.get_or_init(|| {
        let (mut lo, mut hi) = (0.0, 2.0);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if unit_restitution(mid) > E_BALL {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    })
}

/// The restitution of a Hertz contact with Tsuji damping `alpha`, in units m = K = v0 = 1
/// (RK4; the contact lasts about 3.2 time units).
fn unit_restitution(alpha: f64) -> f64 {
    let accel = |x: f64, v: f64| {
        if x <= 0.0 {
            return 0.0;
        }
        -(x.powf(1.5) + alpha * x.powf(0.25) * v).max(0.0)
    };
    let (mut x, mut v) = (0.0f64, 1.0f64);
    let h = 1.0e-4;
    for _ in 0..200_000 {
        let (k1x, k1v) = (v, accel(x, v));
        let (k2x, k2v) = (
            v + 0.5 * h * k1v,
            accel(x + 0.5 * h * k1x, v + 0.5 * h * k1v),
        );
        let (k3x, k3v) = (
            v + 0.5 * h * k2v,
            accel(x + 0.5 * h * k2x, v + 0.5 * h * k2v),
        );
        let (k4x, k4v) = (v + h * k3v, accel(x + h * k3x, v + h * k3v));
        x += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
        v += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
        if x <= 0.0 && v < 0.0 {
            break;
        }
    }
    -v
}

/// The part of a contact point's slip `u` (x, y, up) across the normal `n`.
fn tangential(u: DVec3, n: DVec3) -> DVec3 {
    u - u.dot(n) * n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A lone pair closing at `v`, integrated as the impact does (explicit, 1 us): the speed
    /// it parts with and how long it touched.
    fn lone_pair(v: f64) -> (f64, f64) {
        let m = 0.5 * BALL_MASS;
        let (mut x, mut u, mut t) = (0.0f64, v, 0.0);
        loop {
            let f = hertz_force(x, u);
            u -= f / m * STEP;
            x += u * STEP;
            t += STEP;
            if x <= 0.0 {
                return (-u, t);
            }
        }
    }

    #[test]
    fn a_pair_parts_with_the_balls_restitution_at_every_speed() {
        for v in [0.1, 1.0, 5.0, 10.0, 20.0] {
            let (out, _) = lone_pair(v);
            let e = out / v;
            assert!((e - E_BALL).abs() < 0.005, "{v} m/s: restitution {e}");
        }
    }

    #[test]
    fn contacts_last_as_hertz_theory_says_for_phenolic_balls() {
        // Hertz for E = 5.84 GPa, nu = 0.34: 0.39 ms at 1 m/s, 0.28 ms at 5, 0.25 ms at 10
        // (shared/notes/physics.md); the damped contact lasts a little less than the elastic.
        for (v, expect) in [(1.0, 3.9e-4), (5.0, 2.8e-4), (10.0, 2.45e-4)] {
            assert!(
                (contact_time(v) - expect).abs() < 0.05 * expect,
                "{v}: {}",
                contact_time(v)
            );
            let (_, t) = lone_pair(v);
            assert!((t - expect).abs() < 0.08 * expect, "{v} m/s: touched {t} s");
        }
    }

    #[test]
    fn the_force_grows_as_the_overlap_to_the_power_one_and_a_half() {
        let a = hertz_force(1e-5, 0.0);
        let b = hertz_force(4e-5, 0.0);
        assert!((b / a - 8.0).abs() < 1e-9, "{}", b / a);
        assert_eq!(hertz_force(-1e-5, 1.0), 0.0);
        assert_eq!(hertz_force(1e-5, -1e3), 0.0, "never a pull");
    }
}

//! Impacts while rapier has the table: a ball in the air (or hopping after a landing) that
//! meets a ball, above all a cue ball that is still off the cloth when it reaches the rack, is
//! resolved by the same many-body Hertz contacts as a level break (`impact`), in 3D: the line
//! of centres may point up or down, a ball pushed into the cloth meets the slate as a compliant
//! contact and rubs the cloth with the extra load, a ball above the cloth falls. Rapier steps up
//! to just before the meeting, the group is integrated on its own, and rapier goes on from the
//! members' new states; rapier's own solver is never asked to resolve such a hit (it resolved
//! a rack impact in 229-364 steps and gave the 1 an impulse of 3.2-3.8 N s where the Hertz
//! contacts give 2.0).

use bevy::math::DVec3;

use super::impact::{Group, linked};
use super::{Status, TableSim, turn};
use crate::physics::colliders::{from_world, to_world};
use crate::physics::params::G;

/// Two balls meeting faster than this (m/s) are an impact for the Hertz contacts; slower ones
/// (balls pressed together, a ball rolling onto another) stay rapier's.
pub(super) const IMPACT_SPEED: f64 = 0.05;
/// A pair this close (m), closing, starts its impact at once.
const START_GAP: f64 = 5.0e-5;
/// A member within this of its resting height, moving up or down slower than
/// `SETTLED_SPEED`, lies on the cloth (m; rapier's f32 places jitter by a few tenths of a micron).
const ON_CLOTH: f64 = 1.0e-5;
const SETTLED_SPEED: f64 = 1.0e-3;
/// The longest an impact is integrated (s), as on the cloth.
const LONGEST: f64 = 0.02;

/// A ball's place and velocity where rapier has it (table frame).
#[derive(Clone, Copy)]
struct Body {
    p: DVec3,
    v: DVec3,
    w: DVec3,
}

impl TableSim {
    /// The bodies of the balls on the table, by index.
    fn bodies_now(&self) -> Vec<Option<Body>> {
        self.balls
            .iter()
            .map(|b| {
                (b.status == Status::OnTable).then(|| {
                    let body = &self.rapier.world.bodies[b.body];
                    Body {
                        p: from_world(body.translation()),
                        v: from_world(body.linvel()),
                        w: from_world(body.angvel()),
                    }
                })
            })
            .collect()
    }

    /// How long rapier may step before the next impact, and the pair that meets then, if an
    /// impact is due: a pair of balls apart now that meets within two steps on straight lines,
    /// closing faster than `IMPACT_SPEED`. Rapier's solver acts on such a pair before it
    /// touches (its speculative contacts), so the step is cut to half of what the gap allows
    /// until the pair is within `START_GAP`, and the impact starts there.
    pub(super) fn stepped_impact_due(&self, dt: f64) -> (f64, Option<(usize, usize)>) {
        let r = self.table.ball_radius;
        let at = self.bodies_now();
        let mut next = (dt, None);
        for i in 0..at.len() {
            let Some(a) = at[i] else { continue };
            for (j, b) in at.iter().enumerate().skip(i + 1) {
                let Some(b) = b else { continue };
                let Some((h, hit)) = cut(a, *b, r, dt) else {
                    continue;
                };
                if h < next.0 || (h == next.0 && hit && next.1.is_none()) {
                    next = (h, hit.then_some((i, j)));
                }
            }
        }
        next
    }

    /// The impact of `i` and `j` and every ball linked to them through small gaps, integrated
    /// by the Hertz contacts from the bodies' states; the bodies then carry on from its end,
    /// the balls outside it moved on over its time along their lines.
    pub(super) fn stepped_impact(&mut self, i: usize, j: usize) {
        let at = self.bodies_now();
        let moving: Vec<Option<(DVec3, DVec3)>> =
            at.iter().map(|b| b.map(|b| (b.p, b.v))).collect();
        let group = linked(&moving, i, j, self.table.ball_radius);
        let mut g = Group::empty(self, group.len());
        for &m in &group {
            let mut b = at[m].expect("on the table");
            if (b.p.z - self.rest_height).abs() < ON_CLOTH && b.v.z.abs() < SETTLED_SPEED {
                b.p.z = self.rest_height;
                b.v.z = 0.0;
            }
            g.p.push(b.p);
            g.v.push(b.v);
            g.w.push(b.w);
        }
        let t0 = g.t;
        let outside: Vec<usize> = (0..at.len())
            .filter(|k| at[*k].is_some() && !group.contains(k))
            .collect();
        let r = self.table.ball_radius;
        let rest = self.rest_height;
        let steps = (LONGEST / 1.0e-6).ceil() as usize;
        self.run_group(&mut g, steps, |_, g| {
            let dt = g.t - t0;
            g.p.iter().any(|&pm| {
                outside.iter().any(|&k| {
                    let b = at[k].expect("on the table");
                    (pm - along(b, dt, rest)).length_squared() <= 4.0 * r * r
                })
            })
        });
        self.log_group_contacts(&group, &g);
        let dt = g.t - t0;
        for &k in &outside {
            let b = at[k].expect("on the table");
            self.set_body(k, along(b, dt, rest), fall(b, dt, rest), b.w, dt);
        }
        for (x, &m) in group.iter().enumerate() {
            self.set_body(m, g.p[x], g.v[x], g.w[x], dt);
        }
        self.t = g.t;
    }

    /// Puts ball `i`'s body at `p` with `v` and `w`, its orientation turned on over `dt`.
    fn set_body(&mut self, i: usize, p: DVec3, v: DVec3, w: DVec3, dt: f64) {
        let b = &mut self.balls[i];
        let body = &mut self.rapier.world.bodies[b.body];
        body.set_translation(to_world(p.x, p.y, p.z), true);
        body.set_linvel(to_world(v.x, v.y, v.z), true);
        body.set_angvel(to_world(w.x, w.y, w.z), true);
        if self.cfg.sample_dt > 0.0 {
            b.orient = turn(b.orient, w, dt);
            b.orient_t = self.t + dt;
        }
    }
}

/// For two balls apart and about to meet in an impact within two steps of `dt`: how long
/// rapier may step, and whether the impact starts after that step.
fn cut(a: Body, b: Body, r: f64, dt: f64) -> Option<(f64, bool)> {
    let (d, u) = (b.p - a.p, b.v - a.v);
    let (qa, qb, qc) = (u.dot(u), 2.0 * d.dot(u), d.dot(d) - 4.0 * r * r);
    if qc <= 0.0 || qb >= 0.0 || qa <= 0.0 {
        return None;
    }
    let disc = qb * qb - 4.0 * qa * qc;
    if disc < 0.0 {
        return None;
    }
    let meet = (-qb - disc.sqrt()) / (2.0 * qa);
    if meet > 2.0 * dt || -u.dot((d + u * meet) / (2.0 * r)) <= IMPACT_SPEED {
        return None;
    }
    let dist = d.length();
    let gap = dist - 2.0 * r;
    if gap < START_GAP {
        return Some((0.0, true));
    }
    // Rapier's solver acts on a pair within a step whose gap its substeps see closing beyond
    // what the rest of the step allows (gap < v h at any of its eight substeps: a gap under
    // 1.9 v h), so the step is cut to half of what the gap allows until the pair is close.
    let closing_now = -u.dot(d / dist);
    let safe = if closing_now > 0.0 {
        0.5 * gap / closing_now
    } else {
        dt
    };
    (safe < dt).then_some((safe, false))
}

/// Where a ball outside the impact is `dt` later: along its line, falling if it is above the
/// cloth.
fn along(b: Body, dt: f64, rest: f64) -> DVec3 {
    let mut p = b.p + b.v * dt;
    if b.p.z > rest + ON_CLOTH {
        p.z = (p.z - 0.5 * G * dt * dt).max(rest);
    }
    p
}

/// Its velocity then.
fn fall(b: Body, dt: f64, rest: f64) -> DVec3 {
    let mut v = b.v;
    if b.p.z > rest + ON_CLOTH {
        v.z -= G * dt;
    }
    v
}

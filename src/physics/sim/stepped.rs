//! Rapier's room: when the contact engine cannot go on (balls pressed together, a ball pinned
//! to a cushion) or a ball is in the air, rapier steps the whole table with the table's 3D
//! colliders. Each step: the cloth's rolling resistance and spin decay that rapier lacks, the
//! solver's step, its contacts turned into contact episodes and events, falls into a pocket or
//! off the table caught, and the rest rule. The world and its bodies are set up here too.

use bevy::math::DVec3;
use bevy_rapier3d::rapier::prelude::*;

use super::contacts::{Episode, update_episode};
use super::{REST_SPEED, ROLL_SLIP, SETTLED_VZ, SUBSTEPS, Status, TOUCH_GAP, TableSim, turn};
use crate::physics::colliders::{
    CushionStop, ROLE_BED, ROLE_CUSHION, ROLE_FRAME, add_table, ball_groups, ball_material,
    from_world, over_pocket_hole, to_world,
};
use crate::physics::cushion;
use crate::physics::equipment::Equipment;
use crate::physics::log::Event;
use crate::physics::params::{BALL_MASS, G};
use crate::table::{Rail, Table};

/// Rapier's world and what its last steps found.
pub(super) struct Stepped {
    pub(super) world: PhysicsWorld,
    /// The cushion's stop for the hits rapier steps.
    pub(super) hooks: CushionStop,
    /// Rapier steps at least until this time (s).
    pub(super) stepped_until: f64,
    /// Rapier's solver steps.
    pub(super) solver_steps: u64,
    /// Balls the bed carried (a positive impulse) in the last solver step.
    pub(super) on_bed: [bool; 11],
    /// Balls in the air (above the cloth by more than a hop), per ball number.
    pub(super) aloft: [bool; 11],
    /// The bed's impulse on each ball in the last solver step (N s).
    pub(super) bed_impulse: [f64; 11],
    /// Balls on the bed struck by a ball in the air in the last solver step.
    pub(super) struck_from_air: [bool; 11],
}

impl Stepped {
    /// The table's colliders in a new world stepping at `dt`; no balls yet.
    pub(super) fn new(table: &Table, dt: f64, equipment: &Equipment) -> Stepped {
        let mut world = new_world(dt);
        add_table(&mut world, table, equipment);
        Stepped {
            world,
            hooks: CushionStop {
                give: equipment.cushions.give(),
            },
            stepped_until: 0.0,
            solver_steps: 0,
            on_bed: [false; 11],
            aloft: [false; 11],
            bed_impulse: [0.0; 11],
            struck_from_air: [false; 11],
        }
    }
}

impl TableSim {
    /// One rapier step of `h` seconds, the cloth's resistance applied first; orientations follow.
    pub(super) fn rapier_step(&mut self, h: f64) {
        self.apply_cloth(h);
        self.rapier.world.integration_parameters.dt = h as f32;
        self.rapier.world.step_with_events(&self.rapier.hooks, &());
        self.rapier.solver_steps += 1;
        self.t += h;
        if self.cfg.sample_dt > 0.0 {
            for b in self
                .balls
                .iter_mut()
                .filter(|b| b.status == Status::OnTable)
            {
                let w = from_world(self.rapier.world.bodies[b.body].angvel());
                b.orient = turn(b.orient, w, h);
                b.orient_t = self.t;
            }
        }
    }

    /// Every ball on the table lies on the cloth, carried by the bed and still there.
    pub(super) fn settled(&self) -> bool {
        let r = self.table.ball_radius;
        self.balls
            .iter()
            .filter(|b| b.status == Status::OnTable)
            .all(|b| {
                let body = &self.rapier.world.bodies[b.body];
                let DVec3 { x, y, z: h } = from_world(body.translation());
                (h - r).abs() < 1.0e-3
                    && (body.linvel().y as f64).abs() < SETTLED_VZ
                    && self.rapier.on_bed[b.number as usize]
                    && !over_pocket_hole(&self.table, x, y)
            })
    }

    /// A ball whose centre is over a pocket hole loses the bed's support.
    pub(super) fn update_holes(&mut self) {
        for b in self
            .balls
            .iter_mut()
            .filter(|b| b.status == Status::OnTable)
        {
            let DVec3 { x, y, .. } = from_world(self.rapier.world.bodies[b.body].translation());
            let over = over_pocket_hole(&self.table, x, y);
            if over != b.over_hole {
                b.over_hole = over;
                self.rapier.world.colliders[b.collider]
                    .set_collision_groups(ball_groups(over, false));
            }
        }
    }

    /// Rolling resistance against the horizontal motion (keeping the rolling part of the spin
    /// consistent with it) and the decay of spin about the vertical, for balls on the bed.
    pub(super) fn apply_cloth(&mut self, dt: f64) {
        let r = self.table.ball_radius;
        let cloth = self.cfg.equipment.cloth;
        let dv_max = cloth.mu_roll * G * dt;
        let dw_max = cloth.spin_decay * dt;
        for b in self.balls.iter().filter(|b| b.status == Status::OnTable) {
            let body = &mut self.rapier.world.bodies[b.body];
            let DVec3 { z: h, .. } = from_world(body.translation());
            if (h - r).abs() > 1.0e-3 {
                continue; // airborne or dropping: no cloth
            }
            let mut v = body.linvel();
            let mut w = body.angvel();
            let speed = (v.x as f64).hypot(v.z as f64);
            // Rolling resistance acts on a rolling ball; a sliding one is ruled by the cloth's
            // sliding friction, which rapier applies.
            let rolling = rolling_slip(v, w, r) < ROLL_SLIP;
            if speed > 0.0 && rolling {
                let k = (dv_max.min(speed) / speed) as f32;
                let (dvx, dvz) = (v.x * k, v.z * k);
                v.x -= dvx;
                v.z -= dvz;
                // Rolling: omega_x = v_z / R, omega_z = -v_x / R (world frame, y up).
                w.x -= dvz / r as f32;
                w.z += dvx / r as f32;
            }
            let spin = w.y as f64;
            w.y = (spin.signum() * (spin.abs() - dw_max).max(0.0)) as f32;
            body.set_linvel(v, false);
            body.set_angvel(w, false);
        }
    }

    /// Turns the narrow phase's contacts into events: a contact counts once it carries a
    /// positive impulse; its event sums the impulse until the bodies part.
    pub(super) fn track_contacts(&mut self, t: f64) {
        for ep in self.episodes_mut() {
            ep.seen = false;
        }
        let mut contacts = self.step_contacts();
        // Within one step the solver's order is arbitrary: take the cue ball's contacts first,
        // then by ball number, so the log reads in causal order where it can.
        contacts.sort_by_key(|&(ball, other, _)| (ball != 0, ball, other));
        self.log_step_contacts(t, contacts);
        for ep in self.episodes_mut() {
            if !ep.seen {
                *ep = Episode::default();
            }
        }
    }

    /// The contacts rapier's last step found touching: (ball, other ball or `ROLE_CUSHION` +
    /// rail index, impulse), the rail top as index 6; and each ball's contact with the bed
    /// (`on_bed`, `bed_impulse`).
    pub(super) fn step_contacts(&mut self) -> Vec<(u8, u128, f64)> {
        self.rapier.on_bed = [false; 11];
        self.rapier.bed_impulse = [0.0; 11];
        let mut contacts: Vec<(u8, u128, f64)> = Vec::new();
        for pair in self.rapier.world.narrow_phase.contact_pairs() {
            let (Some(c1), Some(c2)) = (
                self.rapier.world.colliders.get(pair.collider1),
                self.rapier.world.colliders.get(pair.collider2),
            ) else {
                continue;
            };
            let (u1, u2) = (c1.user_data, c2.user_data);
            let mut impulse = 0.0f64;
            let mut min_dist = f64::INFINITY;
            let mut normal_y = 0.0f32;
            for m in &pair.manifolds {
                for p in &m.points {
                    impulse += p.data.impulse as f64;
                    min_dist = min_dist.min(p.dist as f64);
                }
                if !m.points.is_empty() {
                    normal_y = normal_y.max(m.data.normal.y.abs());
                }
            }
            if !(impulse > 0.0 || min_dist <= TOUCH_GAP) {
                continue;
            }
            let (ball, other) = match (u1 <= 10, u2 <= 10) {
                (true, true) => (u1.min(u2) as u8, u1.max(u2)),
                (true, false) => (u1 as u8, u2),
                (false, true) => (u2 as u8, u1),
                (false, false) => continue,
            };
            if other == ROLE_BED {
                self.rapier.on_bed[ball as usize] = impulse > 0.0;
                self.rapier.bed_impulse[ball as usize] = impulse;
                continue;
            }
            if other > 10 && !(ROLE_CUSHION..=ROLE_FRAME).contains(&other) {
                continue; // the floor
            }
            // A cushion contact whose normal is mostly vertical is on the rail top, and so is
            // every contact with the wooden rails.
            let other = if other > 10 && (normal_y > 0.7 || other == ROLE_FRAME) {
                ROLE_CUSHION + 6
            } else {
                other
            };
            contacts.push((ball, other, impulse));
        }
        contacts
    }

    /// Turns this step's contacts into contact episodes and their events; marks a ball on the
    /// bed struck by one in the air.
    pub(super) fn log_step_contacts(&mut self, t: f64, contacts: Vec<(u8, u128, f64)>) {
        self.rapier.struck_from_air = [false; 11];
        for (ball, other, impulse) in contacts {
            if other <= 10 {
                let b = other as u8;
                // A ball on the bed hit by one in the air (the slate's bounce, `flight`).
                if impulse > 0.0
                    && self.rapier.aloft[ball as usize] != self.rapier.aloft[b as usize]
                {
                    let below = if self.rapier.aloft[ball as usize] {
                        b
                    } else {
                        ball
                    };
                    self.rapier.struck_from_air[below as usize] = true;
                }
                let ep = &mut self.ball_pairs[ball as usize][b as usize];
                update_episode(ep, &mut self.events, impulse, || Event::BallBall {
                    t,
                    a: ball,
                    b,
                    impulse: 0.0,
                    from_start: false,
                });
            } else {
                let i = (other - ROLE_CUSHION) as usize;
                let rail = if i == 6 {
                    Rail::RailTop
                } else {
                    Rail::CUSHIONS[i]
                };
                let ep = &mut self.ball_rails[ball as usize][i];
                update_episode(ep, &mut self.events, impulse, || Event::Cushion {
                    t,
                    ball,
                    rail,
                    impulse: 0.0,
                    from_start: false,
                });
            }
        }
    }

    /// A ball dropped below the bed goes into the nearest pocket if it is in one's opening,
    /// else it has left the table; so has a ball past the rails.
    pub(super) fn catch_falls(&mut self, t: f64) {
        let r = self.table.ball_radius;
        let (hl, hw) = (self.table.length / 2.0, self.table.width / 2.0);
        for i in 0..self.balls.len() {
            if self.balls[i].status != Status::OnTable {
                continue;
            }
            let body = &self.rapier.world.bodies[self.balls[i].body];
            let DVec3 { x, y, z: h } = from_world(body.translation());
            let nan = !(x.is_finite() && y.is_finite() && h.is_finite());
            let past_rails = x.abs() > hl + 0.3 || y.abs() > hw + 0.3;
            let dropped = h < -0.5 * r;
            if !(nan || past_rails || dropped) {
                continue;
            }
            let number = self.balls[i].number;
            let pocket = (dropped && !nan)
                .then(|| cushion::pocket_at(&self.table, x, y))
                .flatten();
            self.events.push(match pocket {
                Some(pocket) => Event::Pocket {
                    t,
                    ball: number,
                    pocket,
                },
                None => Event::OffTable { t, ball: number },
            });
            self.remove(i);
        }
    }

    /// Takes a ball out of play: it no longer moves or collides.
    pub(super) fn remove(&mut self, i: usize) {
        let ball = &mut self.balls[i];
        ball.status = Status::Gone;
        let body = &mut self.rapier.world.bodies[ball.body];
        body.set_linvel(Vector::ZERO, false);
        body.set_angvel(Vector::ZERO, false);
        body.set_enabled(false);
    }

    /// Stops slow balls on the bed; true when every ball on the table is at rest.
    pub(super) fn apply_rest_rule(&mut self) -> bool {
        let r = self.table.ball_radius;
        let mut all = true;
        for b in self.balls.iter().filter(|b| b.status == Status::OnTable) {
            let body = &mut self.rapier.world.bodies[b.body];
            let v = body.linvel();
            let w = body.angvel();
            let DVec3 { z: h, .. } = from_world(body.translation());
            let on_support = (h - r).abs() < 1.0e-3 || h > r;
            let slow = (v.length() as f64) < REST_SPEED && (w.length() as f64) * r < REST_SPEED;
            if slow && on_support && v.y.abs() < 1e-3 {
                if v != Vector::ZERO || w != Vector::ZERO {
                    body.set_linvel(Vector::ZERO, false);
                    body.set_angvel(Vector::ZERO, false);
                }
            } else {
                all = false;
            }
        }
        all
    }
}

/// A rapier world with the settings every shot uses.
pub(super) fn new_world(dt: f64) -> PhysicsWorld {
    let mut world = PhysicsWorld::new();
    world.gravity = Vector::new(0.0, -G as f32, 0.0);
    let ip = &mut world.integration_parameters;
    ip.dt = dt as f32;
    ip.contact_recycling = false;
    ip.length_unit = 0.1;
    ip.friction_model = FrictionModel::Coulomb;
    // Eight solver iterations: with four, a cushion rebound depended by up to 10 % on where
    // in the step the ball met the cushion; with eight, by under 1 %.
    ip.num_solver_iterations = SUBSTEPS;
    // Stiffer contacts than rapier's default (30 Hz): a resting ball sinks 0.003 mm into the
    // bed instead of 0.08 mm, and a ball meets a cushion the same way whether it was stepped
    // or jumped there (at 30 Hz its depth in the bed, set by its history, changed the rebound
    // by up to 10 %).
    ip.contact_softness.natural_frequency = 100.0;
    ip.static_contact_softness.natural_frequency = 200.0;
    world
}

pub(super) fn ball_collider(r: f64, ball: u8) -> Collider {
    let (mu, e) = ball_material();
    ColliderBuilder::ball(r as f32)
        .mass(BALL_MASS as f32)
        .friction(mu)
        .restitution(e)
        .collision_groups(ball_groups(false, false))
        .user_data(ball as u128)
        .build()
}

/// The height at which rapier's soft contact holds a ball resting on the bed at this time
/// step: it lets a ball sink a few hundredths of a millimetre, slowly. Balls are placed there
/// (and put back there after a jump) so that every ball meets the bed alike. Found once per
/// time step by letting a ball settle, then kept.
pub(super) fn settled_height(dt: f64) -> f64 {
    static CACHE: std::sync::Mutex<Vec<(u64, f64)>> = std::sync::Mutex::new(Vec::new());
    let key = dt.to_bits();
    if let Some(&(_, h)) = CACHE.lock().unwrap().iter().find(|(k, _)| *k == key) {
        return h;
    }
    let mut world = new_world(dt);
    let table = Table::default();
    // The bed's restitution alone holds a ball at rest: the WPA set's cloth is as good as any.
    add_table(&mut world, &table, &Equipment::wpa());
    let r = table.ball_radius;
    let body = RigidBodyBuilder::dynamic()
        .translation(to_world(0.0, 0.0, r))
        .can_sleep(false)
        .build();
    let (body, _) = world.insert(body, ball_collider(r, 0));
    let steps = (1.0 / dt).ceil() as usize;
    for _ in 0..steps {
        world.step();
    }
    let h = from_world(world.bodies[body].translation()).z;
    CACHE.lock().unwrap().push((key, h));
    h
}

/// Speed of a ball's contact point on the cloth (world frame, y up).
pub(super) fn rolling_slip(v: Vector, w: Vector, r: f64) -> f64 {
    // Contact point velocity: v + w x (0, -R, 0) = (v_x + R w_z, _, v_z - R w_x).
    let r = r as f32;
    ((v.x + r * w.z) as f64).hypot((v.z - r * w.x) as f64)
}

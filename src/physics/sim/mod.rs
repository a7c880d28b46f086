//! One shot on the table. While every ball is on the cloth (always, for tenball's strokes) the
//! shot runs from contact to contact (`free`): each ball moves in closed form (`cloth::Motion`),
//! the next ball-ball, ball-cushion or ball-hole meeting is found at its true time (`toi`) and
//! resolved there by the collision models (`collide`, `cushion`). No time step enters a hit.
//! With `SimConfig::fast_forward` off, the motion between contacts is integrated by rapier at the
//! fixed step instead (the reference the closed form is checked against); contacts are still
//! found and resolved at their true time, the step being cut there.
//! A ball hit while it touches others (the rack) starts a many-body impact, integrated on its own
//! with compliant contacts (`impact`). Rapier steps the whole table with its own contacts only
//! when the contact engine cannot go on: a hundred contacts within a millisecond (balls pressed
//! together, a ball pinned to a cushion by its spin); then this adds the cloth's rolling
//! resistance and spin decay that rapier lacks, turns real contacts into events, catches balls
//! that drop into a pocket or leave the table, and stops balls by its own rest rule, until every
//! ball is back on the cloth.

mod flight;
mod free;
mod impact;

use bevy::math::{DVec2, DVec3};
use bevy_rapier3d::rapier::prelude::*;

use super::cloth::Motion;
use super::colliders::{
    ROLE_BED, ROLE_CUSHION, ROLE_FRAME, add_table, ball_groups, ball_material, from_world,
    over_pocket_hole, to_world,
};
use super::cue::{Strike, strike};
use super::log::{BallEnd, Event, Layout, Path, PathSample, ShotLog, Touching};
use super::params::{BALL_MASS, G, MU_ROLL, SPIN_DECAY, SimConfig};
use crate::table::{Point, Rail, Table};

/// Balls within this gap of each other or of a cushion nose count as touching (m).
pub const TOUCH_GAP: f64 = 2.0e-4;
/// A ball slower than this, with its spin's rim speed below it too, is stopped (m/s).
pub const REST_SPEED: f64 = 5.0e-3;
/// A ball moving up or down faster than this is not settled on the bed (m/s).
const SETTLED_VZ: f64 = 5.0e-3;
/// A ball whose contact point slips slower than this rolls (m/s).
pub const ROLL_SLIP: f64 = 5.0e-3;
/// Soft CCD: contacts are predicted this far ahead so that a fast ball meets what it hits at
/// the right place rather than inside it (m).
const PREDICTION: f32 = 0.015;

/// Why a layout or strike cannot be simulated.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LayoutError(pub String);

#[derive(Debug, Clone, Copy, PartialEq)]
enum Status {
    OnTable,
    Gone,
}

#[derive(Debug, Clone)]
struct Ball {
    number: u8,
    body: RigidBodyHandle,
    collider: ColliderHandle,
    over_hole: bool,
    status: Status,
    /// Orientation from the start of the shot, a unit quaternion (x, y, z, w) in table
    /// coordinates; kept (only while paths are sampled) apart from rapier's own so that
    /// sampling never changes the motion.
    orient: [f64; 4],
    /// The time `orient` is for (s).
    orient_t: f64,
    path: Vec<PathSample>,
}

/// `q` turned on by angular velocity `w` (rad/s, table coordinates) for `dt` seconds.
fn turn(q: [f64; 4], w: DVec3, dt: f64) -> [f64; 4] {
    let rate = w.length();
    let angle = rate * dt;
    if !(angle > 1e-12) {
        return q;
    }
    let (s, c) = (0.5 * angle).sin_cos();
    let a = (w / rate * s).extend(c).to_array();
    // a * q
    let r = [
        a[3] * q[0] + a[0] * q[3] + a[1] * q[2] - a[2] * q[1],
        a[3] * q[1] - a[0] * q[2] + a[1] * q[3] + a[2] * q[0],
        a[3] * q[2] + a[0] * q[1] - a[1] * q[0] + a[2] * q[3],
        a[3] * q[3] - a[0] * q[0] - a[1] * q[1] - a[2] * q[2],
    ];
    let n = (r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]).sqrt();
    r.map(|v| v / n)
}

/// A ball's orientation through a closed-form stretch: turned on from `from` to `to` seconds
/// into the motion `m`, in pieces of at most 2 ms at the middle of each piece's spin.
fn turn_along(q: [f64; 4], m: &Motion, from: f64, to: f64, r: f64) -> [f64; 4] {
    let pieces = ((to - from) / 0.002).ceil().max(1.0) as usize;
    let h = (to - from) / pieces as f64;
    let mut q = q;
    for k in 0..pieces {
        let mid = from + (k as f64 + 0.5) * h;
        q = turn(q, m.advance(mid, r, ROLL_SLIP).w, h);
    }
    q
}

/// A contact between a ball and another ball or a rail, from touch to separation.
#[derive(Debug, Clone, Copy, Default)]
struct Episode {
    touching: bool,
    seen: bool,
    from_start: bool,
    /// Index of its event, once it carried an impulse.
    event: Option<usize>,
}

/// A shot in progress.
pub struct TableSim {
    world: PhysicsWorld,
    table: Table,
    /// Height of a ball's centre resting on the bed (rapier lets it sink a hair).
    rest_height: f64,
    balls: Vec<Ball>,
    /// Ball number to index in `balls`.
    index: [Option<usize>; 11],
    cfg: SimConfig,
    strike: Strike,
    /// Simulated time (s).
    t: f64,
    /// The contact engine runs (else rapier steps the table with its own contacts).
    free: bool,
    /// Rapier steps at least until this time (s).
    stepped_until: f64,
    /// Contact engine state: per ball its motion and track, the next meeting of each pair and
    /// of each ball with the cushions or a hole, and the last burst of contacts.
    engine: free::Engine,
    steps: u64,
    solver_steps: u64,
    next_sample: f64,
    events: Vec<Event>,
    /// Episodes of ball pairs and of ball-rail pairs (six cushions and the rail top).
    ball_pairs: [[Episode; 11]; 11],
    ball_rails: [[Episode; 7]; 11],
    /// Balls the bed carried (a positive impulse) in the last solver step.
    on_bed: [bool; 11],
    /// Balls in the air (above the cloth by more than a hop), per ball number.
    aloft: [bool; 11],
    /// The bed's impulse on each ball in the last solver step (N s).
    bed_impulse: [f64; 11],
    /// Balls on the bed struck by a ball in the air in the last solver step.
    struck_from_air: [bool; 11],
    /// Elastic energy held in ball contacts an impact stopped in (J).
    elastic: f64,
    finished: bool,
}

impl TableSim {
    /// Sets up the table, the balls and the strike; nothing moves until `step`.
    pub fn new(layout: &Layout, s: &Strike, cfg: &SimConfig) -> Result<TableSim, LayoutError> {
        let table = layout.table.spec();
        check_layout(layout, &table)?;
        s.validate().map_err(LayoutError)?;
        cfg.validate().map_err(LayoutError)?;
        let mut world = new_world(cfg.dt);
        add_table(&mut world, &table);
        let rest_height = settled_height(cfg.dt);

        let r = table.ball_radius;
        let mut placed = layout.balls.clone();
        // Insertion order fixes the result: always by ball number.
        placed.sort_by_key(|p| p.ball);
        let mut balls = Vec::with_capacity(placed.len());
        let mut index = [None; 11];
        for p in &placed {
            let body = RigidBodyBuilder::dynamic()
                .translation(to_world(p.at.x, p.at.y, rest_height))
                .can_sleep(false)
                .soft_ccd_prediction(PREDICTION)
                .allow_fast_rotation(true)
                .user_data(p.ball as u128)
                .build();
            let (body, collider) = world.insert(body, ball_collider(r, p.ball));
            index[p.ball as usize] = Some(balls.len());
            balls.push(Ball {
                number: p.ball,
                body,
                collider,
                over_hole: false,
                status: Status::OnTable,
                orient: [0.0, 0.0, 0.0, 1.0],
                orient_t: 0.0,
                path: Vec::new(),
            });
        }

        let mut sim = TableSim {
            world,
            table,
            rest_height,
            balls,
            index,
            cfg: *cfg,
            strike: *s,
            t: 0.0,
            free: false,
            stepped_until: 0.0,
            engine: free::Engine::new(&table, placed.len()),
            steps: 0,
            solver_steps: 0,
            next_sample: 0.0,
            events: Vec::new(),
            ball_pairs: [[Episode::default(); 11]; 11],
            ball_rails: [[Episode::default(); 7]; 11],
            on_bed: [false; 11],
            aloft: [false; 11],
            bed_impulse: [0.0; 11],
            struck_from_air: [false; 11],
            elastic: 0.0,
            finished: false,
        };
        sim.mark_frozen(&placed);
        sim.sample(0.0);
        let cue = strike(s);
        let body = &mut sim.world.bodies[sim.balls[sim.index[0].expect("checked")].body];
        let vz = if cue.velocity[2] > 0.0 {
            flight::launch_speed(cue.velocity[2], cfg.dt)
        } else {
            cue.velocity[2]
        };
        body.set_linvel(to_world(cue.velocity[0], cue.velocity[1], vz), true);
        body.set_angvel(to_world(cue.spin[0], cue.spin[1], cue.spin[2]), true);
        sim.events.push(Event::CueStrike {
            t: 0.0,
            velocity: cue.velocity,
            spin: cue.spin,
            squirt_deg: cue.squirt_deg,
            miscue: cue.miscue,
        });
        if cue.velocity[2] > 0.0 {
            // The cue ball leaves the cloth: rapier flies it until every ball is back on it.
            sim.on_bed = [true; 11];
        } else {
            sim.enter_free();
        }
        Ok(sim)
    }

    /// Balls touching each other or a cushion nose at the start.
    fn mark_frozen(&mut self, placed: &[crate::table::Placed]) {
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
                super::cushion::cushions_touched(&self.table, DVec2::new(a.at.x, a.at.y), TOUCH_GAP)
            {
                self.ball_rails[a.ball as usize][super::colliders::rail_index(rail)] = Episode {
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

    /// Simulated time (s), rounded to the microsecond so logs read cleanly.
    pub fn time(&self) -> f64 {
        (self.t * 1e6).round() / 1e6
    }

    /// The events logged so far.
    pub fn events_so_far(&self) -> &[Event] {
        &self.events
    }

    pub fn is_finished(&self) -> bool {
        self.finished
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn config(&self) -> &SimConfig {
        &self.cfg
    }

    /// Ball `i`'s place (table x, y, height), velocity and spin now: the contact engine's while
    /// it has the table (it owns the balls' state; rapier's bodies are written at hand-overs
    /// only), rapier's otherwise.
    fn state_of(&self, i: usize) -> (DVec3, DVec3, DVec3) {
        if self.free && self.cfg.fast_forward && self.engine_ball(i) {
            let m = self.motion_now(i);
            return (m.p.extend(self.rest_height), m.v.extend(0.0), m.w);
        }
        let body = &self.world.bodies[self.balls[i].body];
        (
            from_world(body.translation()),
            from_world(body.linvel()),
            from_world(body.angvel()),
        )
    }

    /// Positions (table x, y, height) of the balls still on the table.
    pub fn positions(&self) -> Vec<(u8, [f64; 3])> {
        (0..self.balls.len())
            .filter(|&i| self.balls[i].status == Status::OnTable)
            .map(|i| (self.balls[i].number, self.state_of(i).0.to_array()))
            .collect()
    }

    /// Total kinetic energy of the balls on the table (J), translation and rotation.
    pub fn kinetic_energy(&self) -> f64 {
        let r = self.table.ball_radius;
        let inertia = 0.4 * BALL_MASS * r * r;
        (0..self.balls.len())
            .filter(|&i| self.balls[i].status == Status::OnTable)
            .map(|i| {
                let (_, v, w) = self.state_of(i);
                0.5 * BALL_MASS * v.length_squared() + 0.5 * inertia * w.length_squared()
            })
            .sum()
    }

    /// Elastic energy held in ball-ball contacts that an impact stopped in (J): it is kinetic
    /// again once the contact engine takes those contacts up.
    pub fn elastic_energy(&self) -> f64 {
        self.elastic
    }

    /// Linear and angular velocity of a ball in table coordinates.
    pub fn velocity(&self, ball: u8) -> Option<([f64; 3], [f64; 3])> {
        let i = self.index.get(ball as usize).copied().flatten()?;
        let (_, v, w) = self.state_of(i);
        Some((v.to_array(), w.to_array()))
    }

    /// Advances one step. Returns false once the shot is over.
    pub fn step(&mut self) -> bool {
        if self.finished {
            return false;
        }
        if self.free {
            if self.cfg.fast_forward {
                self.jump_to_next_contact();
            } else {
                self.step_to_next_contact();
            }
            return !self.finished;
        }
        self.update_holes();
        self.rapier_step(self.cfg.dt);
        self.steps += 1;
        let t = self.time();
        self.track_contacts(t);
        self.track_flight(t);
        self.bounce_pressed(self.cfg.dt);
        self.catch_falls(t);
        self.close_step(t);
        if !self.finished && self.t >= self.stepped_until && self.settled() {
            self.enter_free();
        }
        !self.finished
    }

    /// One rapier step of `h` seconds, the cloth's resistance applied first; orientations follow.
    fn rapier_step(&mut self, h: f64) {
        self.apply_cloth(h);
        self.world.integration_parameters.dt = h as f32;
        self.world.step();
        self.solver_steps += 1;
        self.t += h;
        if self.cfg.sample_dt > 0.0 {
            for b in self
                .balls
                .iter_mut()
                .filter(|b| b.status == Status::OnTable)
            {
                let w = from_world(self.world.bodies[b.body].angvel());
                b.orient = turn(b.orient, w, h);
                b.orient_t = self.t;
            }
        }
    }

    /// Every ball on the table lies on the cloth, carried by the bed and still there.
    fn settled(&self) -> bool {
        let r = self.table.ball_radius;
        self.balls
            .iter()
            .filter(|b| b.status == Status::OnTable)
            .all(|b| {
                let body = &self.world.bodies[b.body];
                let DVec3 { x, y, z: h } = from_world(body.translation());
                (h - r).abs() < 1.0e-3
                    && (body.linvel().y as f64).abs() < SETTLED_VZ
                    && self.on_bed[b.number as usize]
                    && !over_pocket_hole(&self.table, x, y)
            })
    }

    /// After a step or a jump: the rest rule, a path sample when one is due, and the end of the
    /// shot at rest or at the time cap.
    fn close_step(&mut self, t: f64) {
        let resting = self.apply_rest_rule();
        if t + 1e-12 >= self.next_sample {
            self.sample(t);
        }
        if resting {
            self.finish(t, Event::AtRest { t });
        } else if t >= self.cfg.max_time {
            self.finish(t, Event::TimeCap { t });
        }
    }

    /// Runs to rest (or the time cap) and returns the log.
    pub fn run(mut self) -> ShotLog {
        while self.step() {}
        self.into_log()
    }

    /// A ball whose centre is over a pocket hole loses the bed's support.
    fn update_holes(&mut self) {
        for b in self
            .balls
            .iter_mut()
            .filter(|b| b.status == Status::OnTable)
        {
            let DVec3 { x, y, .. } = from_world(self.world.bodies[b.body].translation());
            let over = over_pocket_hole(&self.table, x, y);
            if over != b.over_hole {
                b.over_hole = over;
                self.world.colliders[b.collider].set_collision_groups(ball_groups(over, false));
            }
        }
    }

    /// Rolling resistance against the horizontal motion (keeping the rolling part of the spin
    /// consistent with it) and the decay of spin about the vertical, for balls on the bed.
    fn apply_cloth(&mut self, dt: f64) {
        let r = self.table.ball_radius;
        let dv_max = MU_ROLL * G * dt;
        let dw_max = SPIN_DECAY * dt;
        for b in self.balls.iter().filter(|b| b.status == Status::OnTable) {
            let body = &mut self.world.bodies[b.body];
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
    fn track_contacts(&mut self, t: f64) {
        for ep in self
            .ball_pairs
            .iter_mut()
            .flatten()
            .chain(self.ball_rails.iter_mut().flatten())
        {
            ep.seen = false;
        }
        let mut contacts = self.step_contacts();
        // Within one step the solver's order is arbitrary: take the cue ball's contacts first,
        // then by ball number, so the log reads in causal order where it can.
        contacts.sort_by_key(|&(ball, other, _)| (ball != 0, ball, other));
        self.log_step_contacts(t, contacts);
        for ep in self
            .ball_pairs
            .iter_mut()
            .flatten()
            .chain(self.ball_rails.iter_mut().flatten())
        {
            if !ep.seen {
                *ep = Episode::default();
            }
        }
    }

    /// The contacts rapier's last step found touching: (ball, other ball or `ROLE_CUSHION` +
    /// rail index, impulse), the rail top as index 6; and each ball's contact with the bed
    /// (`on_bed`, `bed_impulse`).
    fn step_contacts(&mut self) -> Vec<(u8, u128, f64)> {
        self.on_bed = [false; 11];
        self.bed_impulse = [0.0; 11];
        let mut contacts: Vec<(u8, u128, f64)> = Vec::new();
        for pair in self.world.narrow_phase.contact_pairs() {
            let (Some(c1), Some(c2)) = (
                self.world.colliders.get(pair.collider1),
                self.world.colliders.get(pair.collider2),
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
                self.on_bed[ball as usize] = impulse > 0.0;
                self.bed_impulse[ball as usize] = impulse;
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
    fn log_step_contacts(&mut self, t: f64, contacts: Vec<(u8, u128, f64)>) {
        self.struck_from_air = [false; 11];
        for (ball, other, impulse) in contacts {
            if other <= 10 {
                let b = other as u8;
                // A ball on the bed hit by one in the air (the slate's bounce, `flight`).
                if impulse > 0.0 && self.aloft[ball as usize] != self.aloft[b as usize] {
                    let below = if self.aloft[ball as usize] { b } else { ball };
                    self.struck_from_air[below as usize] = true;
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
    fn catch_falls(&mut self, t: f64) {
        let r = self.table.ball_radius;
        let (hl, hw) = (self.table.length / 2.0, self.table.width / 2.0);
        for i in 0..self.balls.len() {
            if self.balls[i].status != Status::OnTable {
                continue;
            }
            let body = &self.world.bodies[self.balls[i].body];
            let DVec3 { x, y, z: h } = from_world(body.translation());
            let nan = !(x.is_finite() && y.is_finite() && h.is_finite());
            let past_rails = x.abs() > hl + 0.3 || y.abs() > hw + 0.3;
            let dropped = h < -0.5 * r;
            if !(nan || past_rails || dropped) {
                continue;
            }
            let number = self.balls[i].number;
            let pocket = (dropped && !nan)
                .then(|| super::cushion::pocket_at(&self.table, x, y))
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
    fn remove(&mut self, i: usize) {
        let ball = &mut self.balls[i];
        ball.status = Status::Gone;
        let body = &mut self.world.bodies[ball.body];
        body.set_linvel(Vector::ZERO, false);
        body.set_angvel(Vector::ZERO, false);
        body.set_enabled(false);
    }

    /// Stops slow balls on the bed; true when every ball on the table is at rest.
    fn apply_rest_rule(&mut self) -> bool {
        let r = self.table.ball_radius;
        let mut all = true;
        for b in self.balls.iter().filter(|b| b.status == Status::OnTable) {
            let body = &mut self.world.bodies[b.body];
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

    fn sample(&mut self, t: f64) {
        if self.cfg.sample_dt <= 0.0 {
            return;
        }
        for b in self
            .balls
            .iter_mut()
            .filter(|b| b.status == Status::OnTable)
        {
            let at = from_world(self.world.bodies[b.body].translation());
            b.path.push(PathSample::new(t, at, b.orient));
        }
        self.next_sample = t + self.cfg.sample_dt;
    }

    fn finish(&mut self, t: f64, event: Event) {
        /// How far into a cushion a ball at rest may be pressed and still lie on the table (m).
        const PRESSED: f64 = 1e-3;
        // A ball at rest above the bed lies on a rail top: off the table. One at rest on a
        // pocket's shelf, its centre past the nose lines, is taken as dropped: positions between
        // shots keep every ball on the playing surface (a simplification: a real ball can hang
        // there).
        let r = self.table.ball_radius;
        for i in 0..self.balls.len() {
            if self.balls[i].status != Status::OnTable {
                continue;
            }
            let DVec3 { x, y, z: h } =
                from_world(self.world.bodies[self.balls[i].body].translation());
            let ball = self.balls[i].number;
            if h > r + 5.0e-3 {
                self.events.push(Event::OffTable { t, ball });
                self.remove(i);
            } else if !self.table.on_bed(Point::new(x, y)) {
                let pocket = super::cushion::pocket_at(&self.table, x, y);
                // A ball at rest on the bed pressed a hair into a cushion lies on the table:
                // it is put at the cushion's reach.
                let reach = self.table.cushion_reach();
                let (hx, hy) = (
                    self.table.length / 2.0 - reach,
                    self.table.width / 2.0 - reach,
                );
                if pocket.is_none() && x.abs() <= hx + PRESSED && y.abs() <= hy + PRESSED {
                    let (cx, cy) = (x.clamp(-hx, hx), y.clamp(-hy, hy));
                    self.world.bodies[self.balls[i].body]
                        .set_translation(to_world(cx, cy, h), true);
                    continue;
                }
                self.events.push(match pocket {
                    Some(pocket) => Event::Pocket { t, ball, pocket },
                    None => Event::OffTable { t, ball },
                });
                self.remove(i);
            }
        }
        self.sample(t);
        self.events.push(event);
        self.finished = true;
    }

    /// The log so far (normally called once the shot is over).
    pub fn into_log(self) -> ShotLog {
        let mut end = Vec::with_capacity(self.balls.len());
        for b in &self.balls {
            let fate = self.events.iter().rev().find_map(|e| match *e {
                Event::Pocket { ball, pocket, .. } if ball == b.number => {
                    Some(BallEnd::Pocketed { ball, pocket })
                }
                Event::OffTable { ball, .. } if ball == b.number => {
                    Some(BallEnd::OffTable { ball })
                }
                _ => None,
            });
            end.push(fate.unwrap_or_else(|| {
                let DVec3 { x, y, .. } = from_world(self.world.bodies[b.body].translation());
                BallEnd::OnTable {
                    ball: b.number,
                    at: Point::new(x, y),
                }
            }));
        }
        let duration = self.time();
        ShotLog {
            strike: self.strike,
            events: self.events,
            end,
            paths: self
                .balls
                .into_iter()
                .map(|b| Path {
                    ball: b.number,
                    samples: b.path,
                })
                .collect(),
            steps: self.steps,
            solver_steps: self.solver_steps,
            duration,
        }
    }
}

/// Rapier's substeps a step (its solver iterations).
pub(super) const SUBSTEPS: usize = 8;

/// A rapier world with the settings every shot uses.
fn new_world(dt: f64) -> PhysicsWorld {
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

fn ball_collider(r: f64, ball: u8) -> Collider {
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
fn settled_height(dt: f64) -> f64 {
    static CACHE: std::sync::Mutex<Vec<(u64, f64)>> = std::sync::Mutex::new(Vec::new());
    let key = dt.to_bits();
    if let Some(&(_, h)) = CACHE.lock().unwrap().iter().find(|(k, _)| *k == key) {
        return h;
    }
    let mut world = new_world(dt);
    let table = Table::default();
    add_table(&mut world, &table);
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
fn rolling_slip(v: Vector, w: Vector, r: f64) -> f64 {
    // Contact point velocity: v + w x (0, -R, 0) = (v_x + R w_z, _, v_z - R w_x).
    let r = r as f32;
    ((v.x + r * w.z) as f64).hypot((v.z - r * w.x) as f64)
}

/// One step of a contact episode: it starts when the bodies touch; its event is written at the
/// first positive impulse and sums the impulse while the contact lasts.
fn update_episode(
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

/// The layout must have a cue ball, each ball once, every ball on the bed and no two balls
/// overlapping.
pub fn check_layout(layout: &Layout, table: &Table) -> Result<(), LayoutError> {
    check_placement(layout, table)?;
    if !layout.balls.iter().any(|b| b.ball == 0) {
        return Err(LayoutError("no cue ball (ball 0) in the layout".into()));
    }
    Ok(())
}

/// The balls of a layout are real balls, each once, on the playing surface and apart; the
/// cue ball may be missing (in hand, for a table file).
pub fn check_placement(layout: &Layout, table: &Table) -> Result<(), LayoutError> {
    let err = |m: String| Err(LayoutError(m));
    let mut seen = [false; 11];
    for (i, p) in layout.balls.iter().enumerate() {
        if p.ball > 10 {
            return err(format!(
                "balls[{i}]: there is no ball {} (0 is the cue ball, 1 to 10 the object balls)",
                p.ball
            ));
        }
        if std::mem::replace(&mut seen[p.ball as usize], true) {
            return err(format!("balls[{i}]: ball {} is placed twice", p.ball));
        }
        if !table.on_bed(p.at) {
            return err(format!(
                "balls[{i}]: ball {} at ({}, {}) is not on the playing surface (|x| <= {:.4}, |y| <= {:.4})",
                p.ball,
                crate::echo::number(p.at.x),
                crate::echo::number(p.at.y),
                table.length / 2.0 - table.cushion_reach(),
                table.width / 2.0 - table.cushion_reach()
            ));
        }
        for (j, q) in layout.balls[..i].iter().enumerate() {
            let d = p.at.distance(q.at);
            if table.overlap(p.at, q.at) {
                return err(format!(
                    "balls[{i}]: ball {} overlaps ball {} (balls[{j}]): centres {:.4} m apart, at least {:.4} needed",
                    p.ball,
                    q.ball,
                    d,
                    2.0 * table.ball_radius
                ));
            }
        }
    }
    Ok(())
}

/// Simulates one shot from a layout to rest: the library call the batch runner, the CLI and the
/// game share.
pub fn simulate(layout: &Layout, s: &Strike, cfg: &SimConfig) -> Result<ShotLog, LayoutError> {
    Ok(TableSim::new(layout, s, cfg)?.run())
}

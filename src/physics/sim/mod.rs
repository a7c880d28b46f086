//! One shot on the table, in rooms:
//! - `free`: the contact engine. While the balls are on the cloth it owns their state: each
//!   ball moves in closed form (`cloth::Motion`) along its track, and the shot runs from one
//!   meeting to the next: find it (`detect`), move every ball to it, resolve it (`resolve`),
//!   recompute the cached meeting times of the balls it changed. No time step enters a hit.
//!   With `SimConfig::fast_forward` off, rapier integrates the motion between meetings at the
//!   fixed step instead (the reference the closed form is checked against).
//! - `detect`: when the next ball-ball, ball-cushion or ball-hole meeting is (`toi`).
//! - `resolve`: one function per kind of meeting: a hit (`collide`), a cushion (`cushion`), a
//!   drop into a hole; a ball hit while it touches others (the rack) starts a many-body impact
//!   (`impact`), integrated on its own with Hertz contacts.
//! - `contacts`: the contact log: episodes from touch to separation, frozen balls.
//! - `stepped`: rapier's room. Rapier's bodies are written only when it takes the table: a ball
//!   in the air, or a hundred contacts within a millisecond (balls pressed together, a ball
//!   pinned to a cushion by its spin). Then rapier steps the whole table with the 3D colliders;
//!   this adds the cloth's rolling resistance and spin decay that rapier lacks, turns real
//!   contacts into events, catches balls that drop into a pocket or leave the table, and stops
//!   balls by its own rest rule, until every ball is settled on the cloth and the contact
//!   engine takes the table back.
//! - `flight`: balls in the air: leaving the cloth, landing, the slate's bounce.
//! - `stepped_impact`: a ball-ball impact while rapier has the table (a ball in the air
//!   meeting the rack) resolved by the same Hertz contacts as `impact`, in 3D.

mod contacts;
mod detect;
mod flight;
mod free;
mod impact;
mod resolve;
mod stepped;
mod stepped_impact;

use bevy::math::{DVec2, DVec3};
use bevy_rapier3d::rapier::prelude::*;

use super::cloth::Motion;
use super::colliders::{from_world, to_world};
use super::cue::{Strike, strike};
use super::log::{BallEnd, Event, Layout, Path, PathSample, ShotLog};
use super::params::{BALL_MASS, SimConfig};
use crate::table::{Placed, Point, Table};
use contacts::Episode;
use stepped::{ball_collider, settled_height};

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
fn turn_along(
    q: [f64; 4],
    m: &Motion,
    from: f64,
    to: f64,
    r: f64,
    cloth: &super::equipment::Cloth,
) -> [f64; 4] {
    let pieces = ((to - from) / 0.002).ceil().max(1.0) as usize;
    let h = (to - from) / pieces as f64;
    let mut q = q;
    for k in 0..pieces {
        let mid = from + (k as f64 + 0.5) * h;
        q = turn(q, m.advance(mid, r, ROLL_SLIP, cloth).w, h);
    }
    q
}

/// A shot in progress.
pub struct TableSim {
    /// Rapier's world and what its steps found (`stepped.rs`).
    rapier: stepped::Stepped,
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
    /// Contact engine state: per ball its motion and track, the next meeting of each pair and
    /// of each ball with the cushions or a hole, and the last burst of contacts.
    engine: free::Engine,
    /// Steps taken: rapier's and the contact engine's.
    steps: u64,
    next_sample: f64,
    events: Vec<Event>,
    /// Episodes of ball pairs and of ball-rail pairs (six cushions and the rail top).
    ball_pairs: [[Episode; 11]; 11],
    ball_rails: [[Episode; 7]; 11],
    /// Elastic energy held in ball contacts an impact stopped in (J).
    elastic: f64,
    /// The pair whose impact, due at once, changed nothing at this time: rapier steps on
    /// instead of taking it again (it would be due again at once, and time would stand still).
    idle_impact: Option<(usize, usize, f64)>,
    finished: bool,
}

impl TableSim {
    /// Sets up the table, the balls and the strike; nothing moves until `step`.
    pub fn new(layout: &Layout, s: &Strike, cfg: &SimConfig) -> Result<TableSim, LayoutError> {
        let table = cfg.equipment.table(layout.table);
        check_layout(layout, &table)?;
        s.validate().map_err(LayoutError)?;
        cfg.validate().map_err(LayoutError)?;
        let mut placed = layout.balls.clone();
        // Insertion order fixes the result: always by ball number.
        placed.sort_by_key(|p| p.ball);
        let mut sim = TableSim::set_up(&table, &placed, s, cfg);
        sim.mark_frozen(&placed);
        sim.sample(0.0);
        sim.strike_cue_ball(&placed);
        Ok(sim)
    }

    /// The table in rapier with a body for each ball at rest where it is placed; nothing moves.
    fn set_up(table: &Table, placed: &[Placed], s: &Strike, cfg: &SimConfig) -> TableSim {
        let mut rapier = stepped::Stepped::new(table, cfg.dt, &cfg.equipment);
        let rest_height = settled_height(cfg.dt);
        let r = table.ball_radius;
        let mut balls = Vec::with_capacity(placed.len());
        let mut index = [None; 11];
        for p in placed {
            let body = RigidBodyBuilder::dynamic()
                .translation(to_world(p.at.x, p.at.y, rest_height))
                .can_sleep(false)
                .soft_ccd_prediction(PREDICTION)
                .allow_fast_rotation(true)
                .user_data(p.ball as u128)
                .build();
            let (body, collider) = rapier.world.insert(body, ball_collider(r, p.ball));
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
        TableSim {
            rapier,
            table: *table,
            rest_height,
            balls,
            index,
            cfg: *cfg,
            strike: *s,
            t: 0.0,
            free: false,
            engine: free::Engine::new(table, placed.len()),
            steps: 0,
            next_sample: 0.0,
            events: Vec::new(),
            ball_pairs: [[Episode::default(); 11]; 11],
            ball_rails: [[Episode::default(); 7]; 11],
            elastic: 0.0,
            idle_impact: None,
            finished: false,
        }
    }

    /// The cue strikes (`cue::strike`): a cue ball sent up leaves the table to rapier until
    /// every ball is back on the cloth; a level one starts the contact engine from the layout
    /// and the stroke as given (f64), not from rapier's f32 bodies (rapier has not stepped).
    fn strike_cue_ball(&mut self, placed: &[Placed]) {
        let cue = strike(&self.strike);
        let body = &mut self.rapier.world.bodies[self.balls[self.index[0].expect("checked")].body];
        let vz = if cue.velocity[2] > 0.0 {
            flight::launch_speed(cue.velocity[2], self.cfg.dt)
        } else {
            cue.velocity[2]
        };
        body.set_linvel(to_world(cue.velocity[0], cue.velocity[1], vz), true);
        body.set_angvel(to_world(cue.spin[0], cue.spin[1], cue.spin[2]), true);
        self.events.push(Event::CueStrike {
            t: 0.0,
            velocity: cue.velocity,
            spin: cue.spin,
            squirt_deg: cue.squirt_deg,
            miscue: cue.miscue,
        });
        if cue.velocity[2] > 0.0 {
            self.rapier.on_bed = [true; 11];
            return;
        }
        for (i, p) in placed.iter().enumerate() {
            let (v, w) = if p.ball == 0 {
                (
                    DVec2::new(cue.velocity[0], cue.velocity[1]),
                    cue.spin.into(),
                )
            } else {
                (DVec2::ZERO, DVec3::ZERO)
            };
            let at = DVec2::new(p.at.x, p.at.y);
            self.set_motion(i, Motion { p: at, v, w });
        }
        self.enter_free();
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
        let body = &self.rapier.world.bodies[self.balls[i].body];
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
        // A ball-ball impact within the step: rapier steps up to it, the Hertz contacts take it.
        // One due at once that changed nothing last time at this very time is not taken again:
        // the prediction and the contacts disagree about a grazing pair, and taking it again
        // would hang the shot (issue 61: a loose rack broken with a 6-degree cue).
        let (mut h, mut impact) = self.stepped_impact_due(self.cfg.dt);
        if let Some((i, j)) = impact
            && h == 0.0
            && self.idle_impact == Some((i, j, self.t))
        {
            (h, impact) = (self.cfg.dt, None);
        }
        self.update_holes();
        if h > 0.0 {
            self.rapier_step(h);
        }
        self.steps += 1;
        let t = self.time();
        self.track_contacts(t);
        self.track_flight(t);
        self.bounce_pressed(h);
        self.catch_falls(t);
        if let Some((i, j)) = impact {
            // An impact that integrates at least one step moves time on; one that found no
            // contact to integrate leaves it where it was.
            let before = self.t;
            self.stepped_impact(i, j);
            self.idle_impact = (h == 0.0 && self.t == before).then_some((i, j, self.t));
        }
        let t = self.time();
        self.close_step(t);
        if !self.finished && self.t >= self.rapier.stepped_until && self.settled() {
            // Rapier had the table: the engine takes the balls as its bodies left them.
            self.motions_from_bodies();
            self.enter_free();
        }
        !self.finished
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

    fn sample(&mut self, t: f64) {
        if self.cfg.sample_dt <= 0.0 {
            return;
        }
        for b in self
            .balls
            .iter_mut()
            .filter(|b| b.status == Status::OnTable)
        {
            let at = from_world(self.rapier.world.bodies[b.body].translation());
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
                from_world(self.rapier.world.bodies[self.balls[i].body].translation());
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
                    self.rapier.world.bodies[self.balls[i].body]
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
                let DVec3 { x, y, .. } = from_world(self.rapier.world.bodies[b.body].translation());
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
            solver_steps: self.rapier.solver_steps,
            duration,
        }
    }
}

/// Rapier's substeps a step (its solver iterations).
pub(super) const SUBSTEPS: usize = 8;

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
                "balls[{i}]: ball {} at ({}, {}) is not on the playing surface ({})",
                p.ball,
                crate::echo::number(p.at.x),
                crate::echo::number(p.at.y),
                table.bed_bounds(p.at)
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

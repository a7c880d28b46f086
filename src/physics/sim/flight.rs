//! Balls off the cloth. A ball in the air is rapier's: gravity, its spin, the other balls, the
//! cushions' noses and tops, the wooden rails and the floor, all with the table's 3D colliders;
//! the contact engine takes the table back once every ball lies on the cloth again. This file
//! turns a ball's height into events: `Airborne` when it rises more than `AIR_GAP` above its
//! resting height, `Landing` when it comes back down onto the cloth (a bounce is a landing and
//! a new flight). A landing on a rail top (a rail contact, `Cushion` with `Rail::RailTop`) and
//! a ball that ends off the playing surface (off the table) are found in `stepped.rs`
//! (`catch_falls`), where rapier steps the balls in the air.
//!
//! Rapier gives no restitution to a contact that already carried an impulse, so a ball resting
//! on the bed and struck down into it by a ball in the air would stay down. While a ball is in
//! the air, `bounce_pressed` gives a ball on the bed struck by one in the air what the slate
//! gives back: the bed's restitution times the push beyond its weight, as the cue's jump does
//! (a ball on the cloth struck by one on the cloth is pushed level and never lifted; one pushed
//! down by a cushion's nose, above its centre, is kept on the cloth as Mathavan's model keeps
//! it, in the air or not).

use super::{Status, TableSim};
use bevy::math::DVec3;

use crate::physics::colliders::{from_world, to_world};
use crate::physics::cue::HOP_MIN_VZ;
use crate::physics::log::Event;
use crate::physics::params::{BALL_MASS, E_BED, G};
use crate::table::Point;

/// A ball this far above its resting height is in the air (m): the 1 mm hop of `HOP_MIN_VZ`.
pub const AIR_GAP: f64 = 1.0e-3;

/// The upward speed to give rapier for a ball leaving the bed at `vz` (m/s), with steps of
/// `dt`: rapier's integration of gravity over `SUBSTEPS` substeps of `h` puts a ball
/// `g h t / 2` below the parabola at time t (measured: 0.13 mm by the end of a 45-degree jump
/// at 3 m/s, 0.2 % of its height). Launched `g h / 2` faster, it is on the parabola at every
/// substep to rounding (measured: within 0.12 um, two millionths of the height).
pub(super) fn launch_speed(vz: f64, dt: f64) -> f64 {
    vz + G * dt / super::SUBSTEPS as f64 / 2.0
}

impl TableSim {
    /// Logs balls leaving and regaining the cloth over the last rapier step.
    pub(super) fn track_flight(&mut self, t: f64) {
        for b in self.balls.iter().filter(|b| b.status == Status::OnTable) {
            let n = b.number as usize;
            let DVec3 { x, y, z: h } = from_world(self.rapier.world.bodies[b.body].translation());
            let up = h > self.rest_height + AIR_GAP;
            if up && !self.rapier.aloft[n] {
                self.rapier.aloft[n] = true;
                self.events.push(Event::Airborne {
                    t,
                    ball: b.number,
                    at: [x, y, h],
                });
            } else if self.rapier.aloft[n] && self.rapier.on_bed[n] && !up {
                self.rapier.aloft[n] = false;
                self.events.push(Event::Landing {
                    t,
                    ball: b.number,
                    at: Point::new(x, y),
                });
            }
        }
    }

    /// A ball on the bed struck down into it by a ball in the air in the last step gets the
    /// slate's bounce, `E_BED` of the push beyond its weight, when that lifts it over a hop.
    pub(super) fn bounce_pressed(&mut self, h: f64) {
        for b in self.balls.iter().filter(|b| b.status == Status::OnTable) {
            let n = b.number as usize;
            if !self.rapier.struck_from_air[n] || self.rapier.aloft[n] || !self.rapier.on_bed[n] {
                continue;
            }
            let push = self.rapier.bed_impulse[n] - BALL_MASS * G * h;
            let up = E_BED * push / BALL_MASS;
            if up < HOP_MIN_VZ {
                continue;
            }
            let body = &mut self.rapier.world.bodies[b.body];
            let v = from_world(body.linvel());
            body.set_linvel(to_world(v.x, v.y, v.z.max(0.0) + up), true);
        }
    }
}

//! The cue: a strike (aim, speed, tip offset, elevation) turned into the cue ball's velocity and
//! spin, with squirt for side spin and a miscue beyond the limit.

use bevy::math::DVec3;
use serde::{Deserialize, Serialize};

use super::params::{BALL_MASS, CUE_END_MASS, CUE_MASS, E_BED, G, MISCUE_LIMIT};
use crate::table::BALL_RADIUS;

/// The fastest stroke accepted (m/s): beyond any human stroke.
pub const MAX_STRIKE_SPEED: f64 = 20.0;
/// The slowest bounce off the slate that lifts the ball (m/s): a hop of 1 mm, v = sqrt(2 g h).
pub const HOP_MIN_VZ: f64 = 0.140_071_410_782_926;
const _: () = assert!((HOP_MIN_VZ * HOP_MIN_VZ / (2.0 * G) - 1.0e-3).abs() < 1e-9);
/// The steepest cue accepted (degrees above horizontal).
pub const MAX_ELEVATION_DEG: f64 = 89.0;
/// The largest aim taken either way (degrees): ten turns. A direction is an angle within one
/// turn; past some millions of degrees an f64's remainder by 360 is rounding noise, so a
/// bound keeps every aim a direction.
pub const MAX_AIM_DEG: f64 = 3600.0;

/// One stroke of the cue.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strike {
    /// Direction of the cue in the table plane, degrees from the +x axis (toward the foot
    /// cushion), counter-clockwise (toward +y, the left cushion).
    pub aim_deg: f64,
    /// Speed the stroke gives the cue ball for a centre hit with a level cue (m/s); an elevated
    /// cue of the same stroke sends it on at `speed cos(elevation)` and into the slate.
    pub speed: f64,
    /// Tip offset to the right of centre, as a share of the ball's radius (english).
    #[serde(default)]
    pub side: f64,
    /// Tip offset above centre, as a share of the radius: positive is follow, negative draw.
    #[serde(default)]
    pub height: f64,
    /// Elevation of the cue above horizontal (degrees).
    #[serde(default)]
    pub elevation_deg: f64,
}

impl Strike {
    pub fn new(aim_deg: f64, speed: f64) -> Self {
        Strike {
            aim_deg,
            speed,
            side: 0.0,
            height: 0.0,
            elevation_deg: 0.0,
        }
    }

    /// Checks the numbers; says which is wrong.
    pub fn validate(&self) -> Result<(), String> {
        let finite = [
            ("aim_deg", self.aim_deg),
            ("speed", self.speed),
            ("side", self.side),
            ("height", self.height),
            ("elevation_deg", self.elevation_deg),
        ];
        for (name, v) in finite {
            if !v.is_finite() {
                return Err(format!("strike.{name} is not a finite number"));
            }
        }
        let n = crate::echo::number;
        if self.aim_deg.abs() > MAX_AIM_DEG {
            return Err(format!(
                "strike.aim_deg {} is more than {MAX_AIM_DEG} degrees either way (ten turns); give the direction within one turn",
                n(self.aim_deg)
            ));
        }
        if self.speed <= 0.0 {
            return Err(format!(
                "strike.speed must be positive, got {}",
                n(self.speed)
            ));
        }
        if self.speed > MAX_STRIKE_SPEED {
            return Err(format!(
                "strike.speed {} m/s is beyond any human stroke (at most 20)",
                n(self.speed)
            ));
        }
        if self.side.hypot(self.height) > 1.0 {
            return Err(format!(
                "strike.side and strike.height put the tip off the ball: ({}, {}) is more than one radius from its centre",
                n(self.side),
                n(self.height)
            ));
        }
        if !(0.0..=MAX_ELEVATION_DEG).contains(&self.elevation_deg) {
            return Err(format!(
                "strike.elevation_deg must be within 0 to 89, got {}",
                n(self.elevation_deg)
            ));
        }
        Ok(())
    }
}

/// What the cue gave the cue ball: velocity and spin in table coordinates (x, y, up).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct CueResult {
    pub velocity: [f64; 3],
    pub spin: [f64; 3],
    /// Deflection of the cue ball from the aim line caused by side spin (degrees).
    pub squirt_deg: f64,
    pub miscue: bool,
}

/// The strike as an impulse at the tip's contact point.
///
/// `speed` is what the stroke gives the cue ball for a centre hit: the impulse along the cue
/// is `m speed`, whatever the elevation (a steeper cue does not hit harder), less for an offset
/// hit as a collision with a cue of mass `CUE_MASS` gives. Side spin squirts the ball away from
/// the side struck (Shepard's formula with the shaft's end mass). An elevated cue drives the
/// ball into the slate: the ball keeps the impulse's horizontal part and all the spin (the
/// bed's friction during the bounce is left out), and the bed sends the downward part back up
/// with the ball-bed restitution `E_BED` (0.5, `shared/notes/physics.md`): a jump. A bounce under `HOP_MIN_VZ` (a hop under 1 mm, within the cloth's nap and
/// give) is taken as none. The spin is bounded because the impulse is (at most
/// `MAX_STRIKE_SPEED` along the cue): it no longer grows as 1 / cos(elevation).
/// An offset beyond `MISCUE_LIMIT` is a miscue: the tip slides off and the ball leaves with a
/// fifth of the speed and no spin.
pub fn strike(s: &Strike) -> CueResult {
    let aim = s.aim_deg.to_radians();
    let offset = s.side.hypot(s.height);
    if offset > MISCUE_LIMIT {
        let v = 0.2 * s.speed;
        return CueResult {
            velocity: [v * aim.cos(), v * aim.sin(), 0.0],
            spin: [0.0; 3],
            squirt_deg: 0.0,
            miscue: true,
        };
    }
    let m = BALL_MASS;
    let speed = s.speed * (m + CUE_MASS) / (m + CUE_MASS * (1.0 + 2.5 * offset * offset));
    // Squirt: away from the side struck (right english pushes the ball left, counter-clockwise).
    let b = s.side.abs();
    let tan_squirt =
        2.5 * b * (1.0 - b * b).sqrt() / (1.0 + m / CUE_END_MASS + 2.5 * (1.0 - b * b));
    let squirt = tan_squirt.atan() * s.side.signum() * f64::from(s.side != 0.0);
    let dir_angle = aim + squirt;
    let elev = s.elevation_deg.to_radians();
    // Unit vectors: forward along the cue in the table plane, left, up.
    let fwd = DVec3::new(dir_angle.cos(), dir_angle.sin(), 0.0);
    let left = DVec3::new(-dir_angle.sin(), dir_angle.cos(), 0.0);
    let up = DVec3::Z;
    // The cue's direction, pointing down into the ball when elevated.
    let d = fwd * elev.cos() + up * -elev.sin();
    // The cue's own "up" in the plane of the tip offset (perpendicular to d, in the vertical
    // plane through d) and its "right".
    let cue_up = fwd * elev.sin() + up * elev.cos();
    let cue_right = left * -1.0;
    let r = BALL_RADIUS;
    // Contact point relative to the centre: offset in the plane perpendicular to d, then back
    // onto the sphere against the cue's direction.
    let lateral = cue_right * (s.side * r) + cue_up * (s.height * r);
    let depth = (1.0 - offset * offset).max(0.0).sqrt() * r;
    let contact = lateral + d * -depth;
    // The impulse along the cue, and what the bed makes of its downward part.
    let j = m * speed;
    let impulse = d * j;
    let inertia = 0.4 * m * r * r;
    let spin = contact.cross(impulse) * (1.0 / inertia);
    let ahead = j * elev.cos() / m;
    let up = E_BED * j * elev.sin() / m;
    let up = if up < HOP_MIN_VZ { 0.0 } else { up };
    // (+ 0.0 turns a negative zero into a plain one.)
    CueResult {
        velocity: [fwd.x * ahead + 0.0, fwd.y * ahead + 0.0, up + 0.0],
        spin: (spin + 0.0).to_array(),
        squirt_deg: squirt.to_degrees() + 0.0,
        miscue: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_hit_gives_the_speed_and_no_spin() {
        let c = strike(&Strike::new(0.0, 2.0));
        assert!((c.velocity[0] - 2.0).abs() < 1e-12);
        assert!(c.spin.iter().all(|w| w.abs() < 1e-9), "{:?}", c.spin);
        assert!(!c.miscue);
    }

    #[test]
    fn follow_spins_forward_and_draw_backward() {
        // Rolling forward along +x means spin about -y... in (x, y, up): omega_y = v / R > 0
        // for natural roll (contact point velocity v - omega x R up ... = 0).
        let follow = strike(&Strike {
            height: 0.4,
            ..Strike::new(0.0, 2.0)
        });
        let draw = strike(&Strike {
            height: -0.4,
            ..Strike::new(0.0, 2.0)
        });
        assert!(follow.spin[1] > 0.0, "{:?}", follow.spin);
        assert!(draw.spin[1] < 0.0, "{:?}", draw.spin);
        assert!(follow.velocity[0] < 2.0, "spin costs speed");
    }

    #[test]
    fn right_english_spins_the_right_side_forward_and_squirts_left_by_a_few_degrees() {
        let c = strike(&Strike {
            side: 0.5,
            ..Strike::new(0.0, 2.0)
        });
        // The tip pushes the ball's right side forward: counter-clockwise seen from above, which
        // throws a ball hitting a cushion head-on to the right.
        assert!(c.spin[2] > 0.0, "{:?}", c.spin);
        assert!(c.squirt_deg > 1.0 && c.squirt_deg < 4.0, "{}", c.squirt_deg);
        assert!(
            c.velocity[1] > 0.0,
            "pushed toward +y, away from the right side"
        );
    }

    #[test]
    fn beyond_the_limit_is_a_miscue() {
        assert!(
            strike(&Strike {
                side: 0.45,
                height: 0.3,
                ..Strike::new(0.0, 2.0)
            })
            .miscue
        );
        assert!(
            !strike(&Strike {
                side: 0.3,
                height: 0.3,
                ..Strike::new(0.0, 2.0)
            })
            .miscue
        );
    }

    #[test]
    fn a_steep_stroke_bounces_off_the_slate_with_the_beds_restitution() {
        // 45 degrees at 3 m/s: half the impulse's downward part comes back up.
        let c = strike(&Strike {
            elevation_deg: 45.0,
            ..Strike::new(0.0, 3.0)
        });
        let ahead = 3.0 * 45f64.to_radians().cos();
        assert!((c.velocity[0] - ahead).abs() < 1e-9, "{:?}", c.velocity);
        assert!(
            (c.velocity[2] - E_BED * ahead).abs() < 1e-9,
            "{:?}",
            c.velocity
        );
        // A level stroke and a slightly raised one stay on the cloth.
        assert_eq!(strike(&Strike::new(0.0, 3.0)).velocity[2], 0.0);
        let raised = strike(&Strike {
            elevation_deg: 4.0,
            ..Strike::new(0.0, 3.0)
        });
        assert_eq!(raised.velocity[2], 0.0, "a hop under 1 mm is none");
    }

    #[test]
    fn the_spin_of_a_steep_stroke_is_bounded_by_the_stroke() {
        // Issue 16: the spin grew as 1 / cos(elevation), 8,144 rad/s at 89 degrees.
        let r = BALL_RADIUS;
        for elevation_deg in [0.0, 30.0, 60.0, 80.0, 89.0] {
            let c = strike(&Strike {
                height: 0.45,
                elevation_deg,
                ..Strike::new(0.0, 5.0)
            });
            let w = c.spin.iter().map(|w| w * w).sum::<f64>().sqrt();
            // At most what the impulse m v at the tip's offset from the centre can give:
            // (m v r) / (2/5 m r^2) = 2.5 v / r.
            assert!(w <= 2.5 * 5.0 / r + 1e-9, "{elevation_deg} deg: {w} rad/s");
        }
    }
}

//! The cue: a strike (aim, speed, tip offset, elevation) turned into the cue ball's velocity and
//! spin, with squirt for side spin and a miscue beyond the limit.

use serde::{Deserialize, Serialize};

use super::params::{BALL_MASS, CUE_END_MASS, CUE_MASS, MISCUE_LIMIT};
use crate::table::BALL_RADIUS;

/// The fastest stroke accepted (m/s): beyond any human stroke.
pub const MAX_STRIKE_SPEED: f64 = 20.0;
/// The steepest cue accepted (degrees above horizontal).
pub const MAX_ELEVATION_DEG: f64 = 89.0;

/// One stroke of the cue.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strike {
    /// Direction of the cue in the table plane, degrees from the +x axis (toward the foot
    /// cushion), counter-clockwise (toward +y, the left cushion).
    pub aim_deg: f64,
    /// Speed of the cue ball for a centre hit (m/s).
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
        if self.speed <= 0.0 {
            return Err(format!("strike.speed must be positive, got {}", self.speed));
        }
        if self.speed > MAX_STRIKE_SPEED {
            return Err(format!(
                "strike.speed {} m/s is beyond any human stroke (at most 20)",
                self.speed
            ));
        }
        if self.side.hypot(self.height) > 1.0 {
            return Err(format!(
                "strike.side and strike.height put the tip off the ball: ({}, {}) is more than one radius from its centre",
                self.side, self.height
            ));
        }
        if !(0.0..=MAX_ELEVATION_DEG).contains(&self.elevation_deg) {
            return Err(format!(
                "strike.elevation_deg must be within 0 to 89, got {}",
                self.elevation_deg
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
/// The speed is the cue ball's for a centre hit; an offset hit loses speed to spin as a
/// collision with a cue of mass `CUE_MASS` would. Side spin squirts the ball away from the side
/// struck (Shepard's formula with the shaft's end mass). The impulse's downward part, for an
/// elevated cue, goes into the bed: the ball keeps its horizontal velocity and all the spin, as
/// far as the impulse stays within the hardest stroke a cue gives; past that the ball is
/// slower.
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
    let fwd = [dir_angle.cos(), dir_angle.sin(), 0.0];
    let left = [-dir_angle.sin(), dir_angle.cos(), 0.0];
    let up = [0.0, 0.0, 1.0];
    // The cue's direction, pointing down into the ball when elevated.
    let d = add(scale(fwd, elev.cos()), scale(up, -elev.sin()));
    // The cue's own "up" in the plane of the tip offset (perpendicular to d, in the vertical
    // plane through d) and its "right".
    let cue_up = add(scale(fwd, elev.sin()), scale(up, elev.cos()));
    let cue_right = scale(left, -1.0);
    let r = BALL_RADIUS;
    // Contact point relative to the centre: offset in the plane perpendicular to d, then back
    // onto the sphere against the cue's direction.
    let lateral = add(scale(cue_right, s.side * r), scale(cue_up, s.height * r));
    let depth = (1.0 - offset * offset).max(0.0).sqrt() * r;
    let contact = add(lateral, scale(d, -depth));
    // Impulse J along d giving the horizontal speed `speed` (the bed takes the vertical part),
    // but never more than the hardest stroke a cue gives (`MAX_STRIKE_SPEED` for a level centre
    // hit): a steep cue then sends the ball slower, with the spin that impulse gives (without
    // the bound the spin grew as 1 / cos(elevation), 8,144 rad/s at 89 degrees).
    let j = (m * speed / elev.cos().max(1e-6)).min(m * MAX_STRIKE_SPEED);
    let impulse = scale(d, j);
    let inertia = 0.4 * m * r * r;
    let spin = scale(cross(contact, impulse), 1.0 / inertia);
    let speed = speed.min(j * elev.cos() / m);
    // (+ 0.0 turns a negative zero into a plain one.)
    CueResult {
        velocity: [fwd[0] * speed + 0.0, fwd[1] * speed + 0.0, 0.0],
        spin: spin.map(|w| w + 0.0),
        squirt_deg: squirt.to_degrees() + 0.0,
        miscue: false,
    }
}

fn add(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn scale(a: [f64; 3], k: f64) -> [f64; 3] {
    [a[0] * k, a[1] * k, a[2] * k]
}

fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
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
}

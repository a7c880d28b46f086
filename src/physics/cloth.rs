//! A ball alone on the cloth in closed form: it slides (Coulomb friction, the equipment's
//! `mu_slide`) until its contact point stops slipping, then rolls (resistance `mu_roll`) to
//! rest, while its spin about the vertical decays at `spin_decay`. The same motion the stepped simulation gives, used to
//! jump over stretches where no ball can meet anything.

use bevy::math::{DVec2, DVec3};

use super::equipment::Cloth;
use super::params::G;

/// A ball's state on the bed, in table coordinates (x, y, up).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion {
    pub p: DVec2,
    pub v: DVec2,
    pub w: DVec3,
}

impl Motion {
    /// Velocity of the contact point on the cloth.
    pub fn slip(&self, r: f64) -> DVec2 {
        DVec2::new(self.v.x - r * self.w.y, self.v.y + r * self.w.x)
    }

    /// The most this ball's speed can reach from now on (m/s): sliding friction can add at most
    /// 2/7 of the slip to the speed before the ball rolls; after that it only slows.
    pub fn speed_bound(&self, r: f64) -> f64 {
        let u = self.slip(r);
        self.v.length() + 2.0 / 7.0 * u.length()
    }

    /// The state `t` seconds on. A ball that slips less than `roll_slip` rolls.
    pub fn advance(&self, t: f64, r: f64, roll_slip: f64, cloth: &Cloth) -> Motion {
        let mut m = *self;
        let mut left = t;
        let u = m.slip(r);
        let us = u.length();
        if us >= roll_slip {
            // Sliding: v and the slip both change along the slip's direction.
            let dir = u / us;
            let a = cloth.mu_slide * G;
            let ts = (2.0 * us / (7.0 * a)).min(left);
            m.p = m.p + m.v * ts - 0.5 * a * ts * ts * dir;
            m.v -= a * ts * dir;
            let u_new = u - 3.5 * a * ts * dir;
            m.w.y = (m.v.x - u_new.x) / r;
            m.w.x = (u_new.y - m.v.y) / r;
            left -= ts;
            if left > 0.0 {
                // It rolls from here.
                m.w.y = m.v.x / r;
                m.w.x = -m.v.y / r;
            }
        }
        if left > 0.0 {
            let speed = m.v.length();
            if speed > 0.0 {
                let a = cloth.mu_roll * G;
                let tr = (speed / a).min(left);
                let dir = m.v / speed;
                m.p = m.p + m.v * tr - 0.5 * a * tr * tr * dir;
                let s = speed - a * tr;
                m.v = dir * s;
                m.w.y = m.v.x / r;
                m.w.x = -m.v.y / r;
            }
        }
        let spin = self.w.z;
        m.w.z = spin.signum() * (spin.abs() - cloth.spin_decay * t).max(0.0);
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::params::{MU_ROLL, MU_SLIDE};

    const CLOTH: Cloth = crate::physics::equipment::WPA_CLOTH;
    use crate::table::BALL_RADIUS as R;

    #[test]
    fn a_stun_ball_rolls_at_five_sevenths_and_stops_where_the_laws_say() {
        let v0 = 2.0;
        let m = Motion {
            p: DVec2::ZERO,
            v: DVec2::new(v0, 0.0),
            w: DVec3::ZERO,
        };
        let ts = 2.0 * v0 / (7.0 * MU_SLIDE * G);
        let at_roll = m.advance(ts, R, 1e-3, &CLOTH);
        assert!((at_roll.v.x - 5.0 / 7.0 * v0).abs() < 1e-9);
        assert!((at_roll.p.x - 12.0 * v0 * v0 / (49.0 * MU_SLIDE * G)).abs() < 1e-9);
        assert!(at_roll.slip(R).length() < 1e-9);
        let v1 = at_roll.v.x;
        let stopped = m.advance(100.0, R, 1e-3, &CLOTH);
        assert_eq!(stopped.v, DVec2::ZERO);
        assert!((stopped.p.x - at_roll.p.x - v1 * v1 / (2.0 * MU_ROLL * G)).abs() < 1e-9);
        assert!(m.speed_bound(R) >= v0);
    }

    #[test]
    fn a_draw_ball_can_gain_speed_within_its_bound() {
        // Stopped, with backspin: friction drives it backward.
        let m = Motion {
            p: DVec2::ZERO,
            v: DVec2::ZERO,
            w: DVec3::new(0.0, -40.0, 3.0),
        };
        let later = m.advance(0.5, R, 1e-3, &CLOTH);
        assert!(later.v.x < 0.0);
        assert!(later.v.length() <= m.speed_bound(R) + 1e-12);
        assert!(later.w.z < 3.0 && later.w.z >= 0.0);
    }
}

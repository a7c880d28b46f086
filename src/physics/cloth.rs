//! A ball alone on the cloth in closed form: it slides (Coulomb friction `MU_SLIDE`) until its
//! contact point stops slipping, then rolls (resistance `MU_ROLL`) to rest, while its spin about
//! the vertical decays at `SPIN_DECAY`. The same motion the stepped simulation gives, used to
//! jump over stretches where no ball can meet anything.

use super::params::{G, MU_ROLL, MU_SLIDE, SPIN_DECAY};

/// A ball's state on the bed, in table coordinates (x, y, up).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motion {
    pub p: [f64; 2],
    pub v: [f64; 2],
    pub w: [f64; 3],
}

impl Motion {
    /// Velocity of the contact point on the cloth.
    pub fn slip(&self, r: f64) -> [f64; 2] {
        [self.v[0] - r * self.w[1], self.v[1] + r * self.w[0]]
    }

    /// The most this ball's speed can reach from now on (m/s): sliding friction can add at most
    /// 2/7 of the slip to the speed before the ball rolls; after that it only slows.
    pub fn speed_bound(&self, r: f64) -> f64 {
        let u = self.slip(r);
        norm(self.v) + 2.0 / 7.0 * norm(u)
    }

    /// The state `t` seconds on. A ball that slips less than `roll_slip` rolls.
    pub fn advance(&self, t: f64, r: f64, roll_slip: f64) -> Motion {
        let mut m = *self;
        let mut left = t;
        let u = m.slip(r);
        let us = norm(u);
        if us >= roll_slip {
            // Sliding: v and the slip both change along the slip's direction.
            let dir = [u[0] / us, u[1] / us];
            let a = MU_SLIDE * G;
            let ts = (2.0 * us / (7.0 * a)).min(left);
            m.p = [
                m.p[0] + m.v[0] * ts - 0.5 * a * ts * ts * dir[0],
                m.p[1] + m.v[1] * ts - 0.5 * a * ts * ts * dir[1],
            ];
            m.v = [m.v[0] - a * ts * dir[0], m.v[1] - a * ts * dir[1]];
            let u_new = [u[0] - 3.5 * a * ts * dir[0], u[1] - 3.5 * a * ts * dir[1]];
            m.w[1] = (m.v[0] - u_new[0]) / r;
            m.w[0] = (u_new[1] - m.v[1]) / r;
            left -= ts;
            if left > 0.0 {
                // It rolls from here.
                m.w[1] = m.v[0] / r;
                m.w[0] = -m.v[1] / r;
            }
        }
        if left > 0.0 {
            let speed = norm(m.v);
            if speed > 0.0 {
                let a = MU_ROLL * G;
                let tr = (speed / a).min(left);
                let dir = [m.v[0] / speed, m.v[1] / speed];
                m.p = [
                    m.p[0] + m.v[0] * tr - 0.5 * a * tr * tr * dir[0],
                    m.p[1] + m.v[1] * tr - 0.5 * a * tr * tr * dir[1],
                ];
                let s = speed - a * tr;
                m.v = [dir[0] * s, dir[1] * s];
                m.w[1] = m.v[0] / r;
                m.w[0] = -m.v[1] / r;
            }
        }
        let spin = self.w[2];
        m.w[2] = spin.signum() * (spin.abs() - SPIN_DECAY * t).max(0.0);
        m
    }
}

pub fn norm(a: [f64; 2]) -> f64 {
    // (sqrt rather than hypot: speeds and distances here never overflow, and hypot is slow.)
    (a[0] * a[0] + a[1] * a[1]).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::BALL_RADIUS as R;

    #[test]
    fn a_stun_ball_rolls_at_five_sevenths_and_stops_where_the_laws_say() {
        let v0 = 2.0;
        let m = Motion {
            p: [0.0, 0.0],
            v: [v0, 0.0],
            w: [0.0; 3],
        };
        let ts = 2.0 * v0 / (7.0 * MU_SLIDE * G);
        let at_roll = m.advance(ts, R, 1e-3);
        assert!((at_roll.v[0] - 5.0 / 7.0 * v0).abs() < 1e-9);
        assert!((at_roll.p[0] - 12.0 * v0 * v0 / (49.0 * MU_SLIDE * G)).abs() < 1e-9);
        assert!(norm(at_roll.slip(R)) < 1e-9);
        let v1 = at_roll.v[0];
        let stopped = m.advance(100.0, R, 1e-3);
        assert_eq!(stopped.v, [0.0, 0.0]);
        assert!((stopped.p[0] - at_roll.p[0] - v1 * v1 / (2.0 * MU_ROLL * G)).abs() < 1e-9);
        assert!(m.speed_bound(R) >= v0);
    }

    #[test]
    fn a_draw_ball_can_gain_speed_within_its_bound() {
        // Stopped, with backspin: friction drives it backward.
        let m = Motion {
            p: [0.0, 0.0],
            v: [0.0, 0.0],
            w: [0.0, -40.0, 3.0],
        };
        let later = m.advance(0.5, R, 1e-3);
        assert!(later.v[0] < 0.0);
        assert!(norm(later.v) <= m.speed_bound(R) + 1e-12);
        assert!(later.w[2] < 3.0 && later.w[2] >= 0.0);
    }
}

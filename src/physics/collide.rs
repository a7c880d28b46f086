//! A ball-ball hit as one instantaneous impulse at the moment of touch (Alciatore, technical
//! proofs TP ): the normal impulse gives each ball (1 + e)/2 of the closing
//! speed; friction between the balls acts against the slip of their surfaces at the contact with
//! a coefficient that falls with the slip speed (Alciatore's fit to measured throw,
//! mu = 9.951e-3 + 0.108 exp(-1.088 v_slip), v_slip in m/s), and never more than stops the slip
//! (then the surfaces grip: a seventh of the slip). Equal balls, solid spheres (I = 2/5 m R^2).
//! The vertical part of the impulse goes into the bed: both balls stay on the cloth.

use bevy::math::{DVec2, DVec3};

use super::params::{BALL_MASS, E_BALL};

/// Alciatore's fit of ball-ball friction to the sliding speed at the contact (m/s).
pub fn ball_friction(slip_speed: f64) -> f64 {
    9.951e-3 + 0.108 * (-1.088 * slip_speed).exp()
}

/// A ball's state for a hit: centre (table x, y), velocity and angular velocity (x, y, up).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BallState {
    pub p: DVec2,
    pub v: DVec3,
    pub w: DVec3,
}

/// The hit between `a` and `b` (radius `r`) with restitution `e`: their states after it and
/// the normal impulse (N s). Balls not closing are left as they are (impulse 0).
pub fn hit_with(a: &BallState, b: &BallState, r: f64, e: f64) -> (BallState, BallState, f64) {
    let d = b.p - a.p;
    let len = d.x.hypot(d.y);
    if !(len > 0.0) {
        return (*a, *b, 0.0);
    }
    let n = (d / len).extend(0.0);
    let closing = a.v.dot(n) - b.v.dot(n);
    if !(closing > 0.0) {
        return (*a, *b, 0.0);
    }
    // Normal impulse per unit mass on b (a gets the opposite).
    let jn = 0.5 * (1.0 + e) * closing;
    // Slip of a's surface over b's at the contact, before the hit.
    let ua = a.v + a.w.cross(r * n);
    // (built with a +0 height, as `-r * n` would give -0, to keep every result's bits)
    let ub = b.v + b.w.cross(DVec3::new(-r * n.x, -r * n.y, 0.0));
    let u = ua - ub;
    let ut = u - u.dot(n) * n;
    let slip = ut.dot(ut).sqrt();
    // Tangential impulse per unit mass on a: against the slip, at most what stops it.
    let jt = if slip > 1e-12 {
        let mag = (ball_friction(slip) * jn).min(slip / 7.0);
        -ut / slip * mag
    } else {
        DVec3::ZERO
    };
    // Both balls turn the same way: a's torque is (R n) x jt, b's (-R n) x (-jt).
    let dw = 2.5 / r * n.cross(jt);
    let mut a2 = *a;
    let mut b2 = *b;
    a2.v = a.v - jn * n + jt;
    b2.v = b.v + jn * n - jt;
    a2.w = a.w + dw;
    b2.w = b.w + dw;
    // The bed takes the vertical part.
    a2.v.z = 0.0;
    b2.v.z = 0.0;
    (a2, b2, BALL_MASS * jn)
}

/// The hit with the notes' ball-ball restitution.
pub fn hit(a: &BallState, b: &BallState, r: f64) -> (BallState, BallState, f64) {
    hit_with(a, b, r, E_BALL)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::BALL_RADIUS as R;

    fn at(x: f64, y: f64, v: [f64; 3], w: [f64; 3]) -> BallState {
        BallState {
            p: DVec2::new(x, y),
            v: v.into(),
            w: w.into(),
        }
    }

    #[test]
    fn a_head_on_stun_hit_splits_the_speed_by_restitution() {
        let (a, b, j) = hit(
            &at(0.0, 0.0, [1.0, 0.0, 0.0], [0.0; 3]),
            &at(2.0 * R, 0.0, [0.0; 3], [0.0; 3]),
            R,
        );
        assert!((a.v.x - (1.0 - E_BALL) / 2.0).abs() < 1e-12);
        assert!((b.v.x - (1.0 + E_BALL) / 2.0).abs() < 1e-12);
        assert!((j - BALL_MASS * (1.0 + E_BALL) / 2.0).abs() < 1e-12);
    }

    #[test]
    fn momentum_is_kept_and_energy_never_rises() {
        let a0 = at(0.0, 0.0, [1.3, 0.2, 0.0], [5.0, -30.0, 12.0]);
        let b0 = at(0.04, 0.04, [-0.1, 0.0, 0.0], [0.0, 0.0, -3.0]);
        let (a, b, _) = hit(&a0, &b0, R);
        for k in 0..2 {
            assert!((a.v[k] + b.v[k] - a0.v[k] - b0.v[k]).abs() < 1e-12);
        }
        // Energy does not rise.
        let e = |s: &BallState| s.v.dot(s.v) + 0.4 * R * R * s.w.dot(s.w);
        assert!(e(&a) + e(&b) <= e(&a0) + e(&b0) + 1e-12);
    }
}

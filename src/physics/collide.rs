//! A ball-ball hit as one instantaneous impulse at the moment of touch (Alciatore, technical
//! proofs TP ): the normal impulse gives each ball (1 + e)/2 of the closing
//! speed; friction between the balls acts against the slip of their surfaces at the contact with
//! a coefficient that falls with the slip speed (Alciatore's fit to measured throw,
//! mu = 9.951e-3 + 0.108 exp(-1.088 v_slip), v_slip in m/s), and never more than stops the slip
//! (then the surfaces grip: a seventh of the slip). Equal balls, solid spheres (I = 2/5 m R^2).
//! The vertical part of the impulse goes into the bed: both balls stay on the cloth.

use super::params::{BALL_MASS, E_BALL};

/// Alciatore's fit of ball-ball friction to the sliding speed at the contact (m/s).
pub fn ball_friction(slip_speed: f64) -> f64 {
    9.951e-3 + 0.108 * (-1.088 * slip_speed).exp()
}

/// A ball's state for a hit: centre (table x, y), velocity and angular velocity (x, y, up).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BallState {
    pub p: [f64; 2],
    pub v: [f64; 3],
    pub w: [f64; 3],
}

pub(crate) fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn axpy(k: f64, x: [f64; 3], y: [f64; 3]) -> [f64; 3] {
    [y[0] + k * x[0], y[1] + k * x[1], y[2] + k * x[2]]
}

/// The hit between `a` and `b` (radius `r`) with restitution `e`: their states after it and
/// the normal impulse (N s). Balls not closing are left as they are (impulse 0).
pub fn hit_with(a: &BallState, b: &BallState, r: f64, e: f64) -> (BallState, BallState, f64) {
    let d = [b.p[0] - a.p[0], b.p[1] - a.p[1]];
    let len = d[0].hypot(d[1]);
    if !(len > 0.0) {
        return (*a, *b, 0.0);
    }
    let n = [d[0] / len, d[1] / len, 0.0];
    let closing = dot(a.v, n) - dot(b.v, n);
    if !(closing > 0.0) {
        return (*a, *b, 0.0);
    }
    // Normal impulse per unit mass on b (a gets the opposite).
    let jn = 0.5 * (1.0 + e) * closing;
    // Slip of a's surface over b's at the contact, before the hit.
    let ua = axpy(1.0, a.v, cross(a.w, [r * n[0], r * n[1], 0.0]));
    let ub = axpy(1.0, b.v, cross(b.w, [-r * n[0], -r * n[1], 0.0]));
    let u = axpy(-1.0, ub, ua);
    let ut = axpy(-dot(u, n), n, u);
    let slip = dot(ut, ut).sqrt();
    // Tangential impulse per unit mass on a: against the slip, at most what stops it.
    let jt = if slip > 1e-12 {
        let mag = (ball_friction(slip) * jn).min(slip / 7.0);
        [
            -ut[0] / slip * mag,
            -ut[1] / slip * mag,
            -ut[2] / slip * mag,
        ]
    } else {
        [0.0; 3]
    };
    // Both balls turn the same way: a's torque is (R n) x jt, b's (-R n) x (-jt).
    let dw = cross(n, jt).map(|k| 2.5 / r * k);
    let mut a2 = *a;
    let mut b2 = *b;
    a2.v = axpy(1.0, jt, axpy(-jn, n, a.v));
    b2.v = axpy(-1.0, jt, axpy(jn, n, b.v));
    a2.w = axpy(1.0, dw, a.w);
    b2.w = axpy(1.0, dw, b.w);
    // The bed takes the vertical part.
    a2.v[2] = 0.0;
    b2.v[2] = 0.0;
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
        BallState { p: [x, y], v, w }
    }

    #[test]
    fn a_head_on_stun_hit_splits_the_speed_by_restitution() {
        let (a, b, j) = hit(
            &at(0.0, 0.0, [1.0, 0.0, 0.0], [0.0; 3]),
            &at(2.0 * R, 0.0, [0.0; 3], [0.0; 3]),
            R,
        );
        assert!((a.v[0] - (1.0 - E_BALL) / 2.0).abs() < 1e-12);
        assert!((b.v[0] - (1.0 + E_BALL) / 2.0).abs() < 1e-12);
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
        let e = |s: &BallState| dot(s.v, s.v) + 0.4 * R * R * dot(s.w, s.w);
        assert!(e(&a) + e(&b) <= e(&a0) + e(&b0) + 1e-12);
    }
}

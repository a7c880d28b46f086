//! Time of impact between balls in closed-form motion on the cloth: when two balls, a ball and
//! a cushion line or jaw point, or a ball and a pocket's hole first meet. A ball's motion is a
//! chain of at most three quadratic pieces (sliding, rolling, at rest; see `cloth::Motion`), so
//! each gap is a polynomial of degree two or four on each common piece and its first root is
//! found exactly (isolated between the roots of its derivatives, then Newton's method kept in its
//! bracket, to 1e-13 s).
//! This is what makes a hit independent of any time step: it begins at its true time.

use bevy::math::DVec2;

use super::cloth::Motion;
use super::equipment::Cloth;
use super::params::G;

/// One quadratic piece of a ball's path: from `t0` to `t1` (absolute times, s), the centre is
/// `p + v (t - t0) + a (t - t0)^2 / 2`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Piece {
    pub t0: f64,
    pub t1: f64,
    pub p: DVec2,
    pub v: DVec2,
    pub a: DVec2,
    /// The box the centre stays in over the piece (lower and upper corners).
    pub lo: DVec2,
    pub hi: DVec2,
}

impl Piece {
    fn new(t0: f64, t1: f64, p: DVec2, v: DVec2, a: DVec2) -> Piece {
        let mut piece = Piece {
            t0,
            t1,
            p,
            v,
            a,
            lo: p,
            hi: p,
        };
        if t1.is_finite() {
            let end = piece.at(t1);
            for k in 0..2 {
                let mut lo = p[k].min(end[k]);
                let mut hi = p[k].max(end[k]);
                // The turning point of this coordinate, if the piece passes it.
                if a[k] != 0.0 {
                    let s = -v[k] / a[k];
                    if s > 0.0 && s < t1 - t0 {
                        let x = p[k] + v[k] * s + 0.5 * a[k] * s * s;
                        lo = lo.min(x);
                        hi = hi.max(x);
                    }
                }
                piece.lo[k] = lo;
                piece.hi[k] = hi;
            }
        }
        piece
    }

    /// Whether the boxes of two pieces come within `d` of each other.
    fn near(&self, other: &Piece, d: f64) -> bool {
        (0..2).all(|k| self.lo[k] - d <= other.hi[k] && other.lo[k] - d <= self.hi[k])
    }

    pub fn at(&self, t: f64) -> DVec2 {
        let s = t - self.t0;
        self.p + self.v * s + 0.5 * self.a * s * s
    }

    fn velocity(&self, t: f64) -> DVec2 {
        let s = t - self.t0;
        self.v + self.a * s
    }
}

/// A ball's whole path from `t_ref` on: its pieces, how far it still travels, and when it stops.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Track {
    pub pieces: [Piece; 3],
    pub len: usize,
    /// Distance still to travel (m).
    pub travel: f64,
    /// When the centre stops moving (absolute, s); `t_ref` for a ball at rest.
    pub stop: f64,
}

/// The path of a ball whose state at time `t_ref` is `m`, with the same laws as
/// `Motion::advance` (a ball slipping less than `roll_slip` rolls).
pub fn track(m: &Motion, t_ref: f64, r: f64, roll_slip: f64, cloth: &Cloth) -> Track {
    let mut pieces = [Piece::new(t_ref, f64::INFINITY, m.p, DVec2::ZERO, DVec2::ZERO); 3];
    let mut len = 0;
    let mut travel = 0.0;
    let mut t = t_ref;
    let mut state = *m;
    let u = m.slip(r);
    let us = u.length();
    if us >= roll_slip {
        let a = cloth.mu_slide * G;
        let ts = 2.0 * us / (7.0 * a);
        let dir = u / us;
        pieces[len] = Piece::new(t, t + ts, state.p, state.v, -a * dir);
        travel += arc_length(&pieces[len]);
        len += 1;
        state = m.advance(ts, r, roll_slip, cloth);
        t += ts;
    }
    let speed = state.v.length();
    if speed > 0.0 {
        let a = cloth.mu_roll * G;
        let tr = speed / a;
        let dir = state.v / speed;
        pieces[len] = Piece::new(t, t + tr, state.p, state.v, -a * dir);
        travel += speed * speed / (2.0 * a);
        let end = pieces[len].at(t + tr);
        len += 1;
        t += tr;
        state.p = end;
    }
    pieces[len] = Piece::new(t, f64::INFINITY, state.p, DVec2::ZERO, DVec2::ZERO);
    len += 1;
    Track {
        pieces,
        len,
        travel,
        stop: t,
    }
}

/// Length of a piece's path (its speed may pass through zero only at its end).
fn arc_length(p: &Piece) -> f64 {
    // Constant acceleration along a fixed direction (the slip's) with the velocity at an angle
    // to it: integrate |v(t)| with Simpson's rule on 16 panels; only used as a bound's input.
    let n = 16;
    let h = (p.t1 - p.t0) / n as f64;
    let speed = |k: usize| p.velocity(p.t0 + k as f64 * h).length();
    let mut s = speed(0) + speed(n);
    for k in 1..n {
        s += if k % 2 == 1 { 4.0 } else { 2.0 } * speed(k);
    }
    // A margin for Simpson's error where the speed has a kink.
    s * h / 3.0 * 1.01 + 1e-6
}

impl Track {
    /// A centre at rest at `c` from `t` on.
    pub fn resting(c: DVec2, t: f64) -> Track {
        Track {
            pieces: [Piece::new(t, f64::INFINITY, c, DVec2::ZERO, DVec2::ZERO); 3],
            len: 1,
            travel: 0.0,
            stop: t,
        }
    }

    pub fn pieces(&self) -> &[Piece] {
        &self.pieces[..self.len]
    }

    /// Where the centre is at time `t` (not before `t_ref`).
    pub fn at(&self, t: f64) -> DVec2 {
        let p = self
            .pieces()
            .iter()
            .find(|p| t < p.t1)
            .unwrap_or(&self.pieces[self.len - 1]);
        p.at(t.max(p.t0))
    }
}

/// Value of a polynomial (coefficients from the constant up) at `x`.
fn eval(c: &[f64], x: f64) -> f64 {
    c.iter().rev().fold(0.0, |acc, &k| acc * x + k)
}

/// At most four sign changes of a polynomial, in order: (x, entering) where `entering` means
/// it goes from positive to negative.
#[derive(Default)]
struct Changes {
    at: [(f64, bool); 4],
    n: usize,
}

impl Changes {
    fn push(&mut self, c: (f64, bool)) {
        if self.n < self.at.len() {
            self.at[self.n] = c;
            self.n += 1;
        }
    }

    fn list(&self) -> &[(f64, bool)] {
        &self.at[..self.n]
    }
}

/// The sign changes of a polynomial of degree at most four on `[lo, hi]`. The polynomial is cut
/// into monotone stretches at the sign changes of its derivative (found the same way), and each
/// stretch whose ends differ in sign holds one root, found by Newton's method kept inside the
/// bracket (bisection where Newton would leave it).
fn sign_changes(c: &[f64], lo: f64, hi: f64) -> Changes {
    let mut out = Changes::default();
    // The true degree: coefficients negligible against the polynomial's scale on the range
    // are dropped.
    let span = hi.abs().max(lo.abs()).max(1.0);
    let mut scale = 0.0f64;
    let mut p = 1.0;
    for &k in c {
        scale = scale.max(k.abs() * p);
        p *= span;
    }
    let mut deg = c.len() - 1;
    let mut p = span.powi(deg as i32);
    while deg > 0 && c[deg].abs() * p <= 1e-15 * scale {
        deg -= 1;
        p /= span;
    }
    if deg == 0 {
        return out;
    }
    let c = &c[..=deg];
    let mut d = [0.0; 4];
    for k in 1..=deg {
        d[k - 1] = k as f64 * c[k];
    }
    let d = &d[..deg];
    let mut cuts = [0.0; 6];
    let mut n = 0;
    cuts[n] = lo;
    n += 1;
    if deg >= 2 {
        for &(x, _) in sign_changes(d, lo, hi).list() {
            cuts[n] = x;
            n += 1;
        }
    }
    cuts[n] = hi;
    n += 1;
    for w in cuts[..n].windows(2) {
        let (mut a, mut b) = (w[0], w[1]);
        let (fa, fb) = (eval(c, a), eval(c, b));
        if !(fa > 0.0 && fb <= 0.0 || fa < 0.0 && fb >= 0.0) {
            continue;
        }
        let entering = fa > 0.0;
        if fb == 0.0 {
            out.push((b, entering));
            continue;
        }
        let tol = 1e-13 * (1.0 + a.abs());
        let mut x = 0.5 * (a + b);
        for _ in 0..100 {
            let fx = eval(c, x);
            if fx == 0.0 {
                break;
            }
            if (fx > 0.0) == (fa > 0.0) {
                a = x;
            } else {
                b = x;
            }
            let slope = eval(d, x);
            let next = x - fx / slope;
            let step_ok = slope != 0.0 && next > a && next < b;
            let next = if step_ok { next } else { 0.5 * (a + b) };
            if (next - x).abs() <= tol || b - a <= tol {
                x = next;
                break;
            }
            x = next;
        }
        // A point still on the outer side, so that a contact never starts with the bodies
        // inside each other.
        if entering && eval(c, x) < 0.0 {
            x = (x - tol).max(w[0]);
        }
        out.push((x, entering));
    }
    out
}

/// The first time in `[from, until]` at which the gap polynomial `gap(t - t0)` (coefficients
/// in powers of t - t0) goes from positive to zero or below; `from` itself when the gap is
/// already closed there and `closing` says it is closing.
fn first_entry(c: &[f64], t0: f64, from: f64, until: f64, closing_at_start: bool) -> Option<f64> {
    let lo = from - t0;
    let hi = until - t0;
    if !(hi >= lo) {
        return None;
    }
    if eval(c, lo) <= 0.0 {
        if closing_at_start {
            return Some(from);
        }
        // Overlapping a hair (a contact just resolved, or handed over from rapier) and parting:
        // if they turn back toward each other before they are apart, they meet there.
        let d: Vec<f64> = (1..c.len()).map(|k| k as f64 * c[k]).collect();
        if let Some(&(x, _)) = sign_changes(&d, lo, hi)
            .list()
            .iter()
            .find(|&&(_, down)| down)
            && eval(c, x) <= 0.0
        {
            return Some(t0 + x);
        }
    }
    sign_changes(c, lo, hi)
        .list()
        .iter()
        .find(|&&(x, entering)| entering && x >= lo)
        .map(|&(x, _)| t0 + x)
}

/// Coefficients (in powers of s = t - t0) of |P + V s + A s^2/2|^2 - D^2.
fn quartic(p: DVec2, v: DVec2, a: DVec2, d: f64) -> [f64; 5] {
    [
        p.dot(p) - d * d,
        2.0 * p.dot(v),
        v.dot(v) + p.dot(a),
        v.dot(a),
        0.25 * a.dot(a),
    ]
}

/// Whether the distance |p + v s + a s^2/2| is shrinking at s = 0: closing, or not moving apart
/// and pushed together (balls at rest against each other that the cloth's friction presses
/// together must meet now, not slide into each other unseen).
fn closing(p: DVec2, v: DVec2, a: DVec2) -> bool {
    let pv = p.dot(v);
    // (summed term by term, in this order: the closing test sits on a knife's edge)
    pv < 0.0 || (pv <= 0.0 && v.dot(v) + p.x * a.x + p.y * a.y < 0.0)
}

/// When two balls' centres first come `d` apart (closing), from `from` on.
pub fn ball_ball(x: &Track, y: &Track, d: f64, from: f64) -> Option<f64> {
    for px in x.pieces() {
        for py in y.pieces() {
            let lo = px.t0.max(py.t0).max(from);
            let hi = px.t1.min(py.t1);
            if !(hi > lo) || !px.near(py, d) {
                continue;
            }
            // Relative motion on [lo, hi], written from lo.
            let p = py.at(lo) - px.at(lo);
            let v = py.velocity(lo) - px.velocity(lo);
            let a = py.a - px.a;
            if v == DVec2::ZERO && a == DVec2::ZERO {
                continue; // neither moves relative to the other
            }
            let c = quartic(p, v, a, d);
            if let Some(t) = first_entry(&c, lo, lo, hi.min(1e9), closing(p, v, a)) {
                return Some(t);
            }
        }
    }
    None
}

/// When a ball's centre first comes within `d` of a fixed point (a jaw's point, a hole's
/// centre), from `from` on: as with a ball resting there.
pub fn ball_point(x: &Track, c: DVec2, d: f64, from: f64) -> Option<f64> {
    ball_ball(x, &Track::resting(c, from), d, from)
}

/// When a ball's centre first comes within `reach` of a line segment from `start` along the
/// unit vector `dir` for `len` metres, approaching from the side of the unit normal `n`; the
/// contact point must fall on the segment.
pub fn ball_line(
    x: &Track,
    start: DVec2,
    dir: DVec2,
    len: f64,
    n: DVec2,
    reach: f64,
    from: f64,
) -> Option<f64> {
    for px in x.pieces() {
        let lo = px.t0.max(from);
        let hi = px.t1;
        if !(hi > lo) || px.v == DVec2::ZERO && px.a == DVec2::ZERO {
            continue;
        }
        let rel = px.at(lo) - start;
        let v = px.velocity(lo);
        let c = [rel.dot(n) - reach, v.dot(n), 0.5 * px.a.dot(n)];
        // Closing, or at rest against the line and pushed into it.
        let closing = c[1] < 0.0 || (c[1] <= 0.0 && c[2] < 0.0);
        let mut t_from = lo;
        // The gap may close off the segment's ends and open again; try each entry.
        for _ in 0..2 {
            let Some(t) = first_entry(&c, lo, t_from, hi.min(1e9), closing && t_from == lo) else {
                break;
            };
            let q = px.at(t);
            let along = (q - start).dot(dir);
            if (0.0..=len).contains(&along) {
                return Some(t);
            }
            t_from = t + 1e-12;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::params::MU_ROLL;

    const CLOTH: Cloth = crate::physics::equipment::WPA_CLOTH;
    use crate::table::BALL_RADIUS as R;
    use bevy::math::DVec3;

    fn rolling(p: [f64; 2], v: [f64; 2]) -> Motion {
        Motion {
            p: p.into(),
            v: v.into(),
            w: DVec3::new(-v[1] / R, v[0] / R, 0.0),
        }
    }

    #[test]
    fn a_track_follows_the_closed_form_motion() {
        let m = Motion {
            p: DVec2::new(0.1, -0.2),
            v: DVec2::new(1.5, 0.4),
            w: DVec3::new(3.0, -20.0, 5.0),
        };
        let tr = track(&m, 2.0, R, 5e-3, &CLOTH);
        assert_eq!(tr.len, 3);
        for t in [0.0, 0.01, 0.1, 0.3, 0.9, 2.0, 30.0] {
            let a = tr.at(2.0 + t);
            let b = m.advance(t, R, 5e-3, &CLOTH).p;
            assert!(
                (a[0] - b[0]).hypot(a[1] - b[1]) < 1e-9,
                "t {t}: {a:?} vs {b:?}"
            );
        }
        let end = m.advance(1000.0, R, 5e-3, &CLOTH).p;
        assert!((tr.at(tr.stop)[0] - end[0]).abs() < 1e-9);
    }

    #[test]
    fn two_balls_meet_when_their_centres_are_two_radii_apart() {
        // Head on, one at rest, a rolling ball 0.5 m away at 1 m/s.
        let a = track(&rolling([0.0, 0.0], [1.0, 0.0]), 0.0, R, 5e-3, &CLOTH);
        let b = track(&rolling([0.5, 0.0], [0.0, 0.0]), 0.0, R, 5e-3, &CLOTH);
        let t = ball_ball(&a, &b, 2.0 * R, 0.0).expect("they meet");
        let gap = 0.5 - 2.0 * R;
        // Rolling: x = t - mu_r g t^2 / 2.
        let k = MU_ROLL * G;
        let law = (1.0 - (1.0 - 2.0 * k * gap).sqrt()) / k;
        assert!((t - law).abs() < 1e-10, "{t} vs {law}");
        // A miss by a hair: no contact.
        let c = track(
            &rolling([0.5, 2.0 * R + 1e-6], [0.0, 0.0]),
            0.0,
            R,
            5e-3,
            &CLOTH,
        );
        assert_eq!(ball_ball(&a, &c, 2.0 * R, 0.0), None);
        // Touching and parting: no contact; touching and closing: now.
        let d = track(&rolling([2.0 * R, 0.0], [0.5, 0.0]), 0.0, R, 5e-3, &CLOTH);
        let e = track(&rolling([0.0, 0.0], [0.0, 0.0]), 0.0, R, 5e-3, &CLOTH);
        assert_eq!(ball_ball(&e, &d, 2.0 * R, 0.0), None);
        assert_eq!(
            ball_ball(
                &a,
                &track(&rolling([2.0 * R, 0.0], [0.0; 2]), 0.0, R, 5e-3, &CLOTH),
                2.0 * R,
                0.0
            ),
            Some(0.0)
        );
    }

    #[test]
    fn a_ball_meets_a_line_only_on_its_segment() {
        let a = track(&rolling([0.0, 0.0], [1.0, 0.0]), 0.0, R, 5e-3, &CLOTH);
        // A wall at x = 0.3 from y = -0.1 to 0.1, normal -x.
        let t = ball_line(
            &a,
            [0.3, -0.1].into(),
            [0.0, 1.0].into(),
            0.2,
            [-1.0, 0.0].into(),
            0.02,
            0.0,
        )
        .unwrap();
        assert!((a.at(t)[0] - 0.28).abs() < 1e-10);
        assert_eq!(
            ball_line(
                &a,
                [0.3, 0.05].into(),
                [0.0, 1.0].into(),
                0.2,
                [-1.0, 0.0].into(),
                0.02,
                0.0
            ),
            None
        );
        // A point straight ahead.
        let t = ball_point(&a, DVec2::new(0.3, 0.0), 0.02, 0.0).unwrap();
        assert!((a.at(t)[0] - 0.28).abs() < 1e-10);
    }
}

//! The orientation in the path samples: a ball that rolls turns about the horizontal axis
//! across its path by its distance over its radius (rolling without slipping, s = R theta), with
//! every step solved and with the closed-form jumps; a ball spun on the spot turns about the
//! vertical.

use tenball::physics::{Layout, SimConfig, Strike, simulate};
use tenball::table::{BALL_RADIUS as R, Placed, Point, TableSize};

fn lone_ball(strike: Strike, fast_forward: bool) -> Vec<[f32; 8]> {
    let layout = Layout {
        table: TableSize::NineFoot,
        balls: vec![Placed {
            ball: 0,
            at: Point::new(-0.9, 0.0),
        }],
    };
    let cfg = SimConfig {
        fast_forward,
        sample_dt: 1.0 / 240.0,
        ..SimConfig::default()
    };
    // The samples in their JSON form, [t, x, y, height, qx, qy, qz, qw].
    simulate(&layout, &strike, &cfg).unwrap().paths[0]
        .samples
        .iter()
        .map(|&s| s.into())
        .collect()
}

/// Angle (rad) of the turn between two samples' quaternions, 0 to pi.
fn turn_between(a: &[f32; 8], b: &[f32; 8]) -> f64 {
    let dot = (a[4] * b[4] + a[5] * b[5] + a[6] * b[6] + a[7] * b[7]).abs() as f64;
    2.0 * dot.min(1.0).acos()
}

#[test]
fn a_rolling_ball_turns_by_distance_over_radius_between_samples() {
    for fast_forward in [false, true] {
        // A follow stroke at 0.4 R rolls from the start (natural roll is at 0.4 R above centre).
        let strike = Strike {
            height: 0.4,
            ..Strike::new(0.0, 1.0)
        };
        let s = lone_ball(strike, fast_forward);
        assert!(s.len() > 100);
        let (mut checked, mut worst) = (0, 0.0f64);
        for w in s.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            let d = ((b[1] - a[1]) as f64).hypot((b[2] - a[2]) as f64);
            // Past the first 0.1 s the ball rolls; each 1/240 s it turns d / R (well under pi),
            // until it nears the foot cushion, where it slides again.
            if a[0] < 0.1 || d < 1e-4 || b[1] > 1.15 {
                continue;
            }
            let expected = d / R;
            let got = turn_between(a, b);
            worst = worst.max((got - expected).abs() / expected);
            checked += 1;
        }
        assert!(checked > 100, "{checked} sample pairs checked");
        // Tolerance 3 %: positions are stored as f32 (0.1 um), the turn from the spin rapier
        // integrates or the closed form gives.
        assert!(
            worst < 0.03,
            "fast_forward {fast_forward}: worst turn error {:.2} %",
            worst * 100.0
        );
    }
}

#[test]
fn a_rolling_ball_turns_about_the_axis_across_its_path() {
    // Rolling toward +x: the turn is about +y (table frame), the right-hand rule.
    let strike = Strike {
        height: 0.4,
        ..Strike::new(0.0, 1.0)
    };
    let s = lone_ball(strike, true);
    let (a, b) = (s[60], s[61]);
    // q_b * conj(q_a): the turn from a to b.
    let qa = [-a[4], -a[5], -a[6], a[7]];
    let (x, y, z, w) = (b[4], b[5], b[6], b[7]);
    let r = [
        w * qa[0] + x * qa[3] + y * qa[2] - z * qa[1],
        w * qa[1] - x * qa[2] + y * qa[3] + z * qa[0],
        w * qa[2] + x * qa[1] - y * qa[0] + z * qa[3],
    ];
    let n = (r[0] * r[0] + r[1] * r[1] + r[2] * r[2]).sqrt();
    assert!(
        r[1] / n > 0.99,
        "turn axis {:?}",
        [r[0] / n, r[1] / n, r[2] / n]
    );
}

#[test]
fn orientations_are_unit_quaternions_and_start_at_identity() {
    let s = lone_ball(Strike::new(30.0, 3.0), true);
    assert_eq!(&s[0][4..8], &[0.0, 0.0, 0.0, 1.0]);
    for q in &s {
        let n = (q[4] * q[4] + q[5] * q[5] + q[6] * q[6] + q[7] * q[7]).sqrt();
        assert!((n - 1.0).abs() < 1e-4, "norm {n} at t = {}", q[0]);
    }
}

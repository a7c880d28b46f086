//! The physics against the laws in `shared/notes/physics.md`, each with its tolerance.

use tenball::physics::params::{E_BALL, E_CUSHION, G, MU_ROLL, MU_SLIDE};
use tenball::physics::{Event, Layout, SimConfig, Strike, TableSim};
use tenball::table::{BALL_RADIUS as R, Placed, Point, TableSize};

use crate::common::layout;

/// These tests watch the motion step by step, so every step goes through rapier; that the
/// closed-form jumps give the same motion is tested in `physics_fast_forward.rs`.
fn sim(balls: &[(u8, f64, f64)], strike: Strike) -> TableSim {
    let cfg = SimConfig {
        fast_forward: false,
        ..SimConfig::default()
    };
    TableSim::new(&layout(balls), &strike, &cfg).expect("valid layout")
}

fn horizontal(v: [f64; 3]) -> f64 {
    v[0].hypot(v[1])
}

/// Slip speed of the contact point with the cloth (x, y, up frame).
fn slip(sim: &TableSim, ball: u8) -> f64 {
    let (v, w) = sim.velocity(ball).unwrap();
    // Contact point velocity: v + w x (-R up) = (v_x - R w_y, v_y + R w_x).
    (v[0] - R * w[1]).hypot(v[1] + R * w[0])
}

fn position(sim: &TableSim, ball: u8) -> [f64; 3] {
    sim.positions()
        .into_iter()
        .find(|(b, _)| *b == ball)
        .unwrap()
        .1
}

fn within(actual: f64, expected: f64, share: f64) -> bool {
    (actual - expected).abs() <= share * expected.abs()
}

/// Steps until the cue ball's first contact with ball `b` is over (the balls parted), and
/// returns the step count.
fn run_until_parted(s: &mut TableSim, b: u8) {
    let mut touched = false;
    for _ in 0..20_000 {
        s.step();
        let d = {
            let p = position(s, 0);
            let q = position(s, b);
            (p[0] - q[0]).hypot(p[1] - q[1])
        };
        // Rapier resolves a contact a fraction of a millimetre before the surfaces meet.
        if d <= 2.0 * R + 5e-4 {
            touched = true;
        } else if touched && d > 2.0 * R + 1e-3 {
            return;
        }
    }
    panic!("the balls never parted");
}

#[test]
fn a_centre_hit_slides_then_rolls_at_five_sevenths_of_its_speed() {
    let v0 = 2.0;
    let mut s = sim(&[(0, -1.0, 0.0)], Strike::new(0.0, v0));
    let x0 = position(&s, 0)[0];
    // Rolling: the contact point's slip under 0.25 % of the initial speed.
    while slip(&s, 0) > 5e-3 {
        assert!(s.step(), "the ball stopped before it rolled");
    }
    let t = s.time();
    let (v, _) = s.velocity(0).unwrap();
    let d = position(&s, 0)[0] - x0;
    let t_law = 2.0 * v0 / (7.0 * MU_SLIDE * G);
    let d_law = 12.0 * v0 * v0 / (49.0 * MU_SLIDE * G);
    println!(
        "roll after t = {t:.4} s (law {t_law:.4}), d = {d:.4} m (law {d_law:.4}), v = {:.4}",
        horizontal(v)
    );
    assert!(within(t, t_law, 0.05), "time to roll {t} vs {t_law}");
    assert!(within(d, d_law, 0.05), "distance to roll {d} vs {d_law}");
    assert!(
        within(horizontal(v), 5.0 / 7.0 * v0, 0.05),
        "rolling speed {:?}",
        v
    );
}

#[test]
fn a_rolling_ball_stops_after_v_squared_over_two_mu_r_g() {
    // A hit at 2/5 R above centre rolls at once.
    let mut s = sim(
        &[(0, -1.2, 0.0)],
        Strike {
            height: 0.4,
            ..Strike::new(0.0, 0.8)
        },
    );
    s.step();
    let v = horizontal(s.velocity(0).unwrap().0);
    assert!(
        slip(&s, 0) < 0.01,
        "rolls from the start: slip {}",
        slip(&s, 0)
    );
    let x0 = position(&s, 0)[0];
    while s.step() {}
    let d = position(&s, 0)[0] - x0;
    let law = v * v / (2.0 * MU_ROLL * G);
    println!("rolled {d:.4} m from {v:.4} m/s (law {law:.4})");
    assert!(within(d, law, 0.05), "stop distance {d} vs {law}");
}

#[test]
fn a_head_on_stun_hit_keeps_one_minus_e_over_two_of_the_speed() {
    // The cue ball 2 mm from the object ball: it arrives with no spin to speak of.
    let v0 = 1.0;
    let mut s = sim(
        &[(0, 0.0, 0.0), (1, 2.0 * R + 0.002, 0.0)],
        Strike::new(0.0, v0),
    );
    run_until_parted(&mut s, 1);
    let cue = s.velocity(0).unwrap().0[0];
    let obj = s.velocity(1).unwrap().0[0];
    println!(
        "after: cue {cue:.4}, object {obj:.4} (laws {:.4}, {:.4})",
        (1.0 - E_BALL) / 2.0 * v0,
        (1.0 + E_BALL) / 2.0 * v0
    );
    assert!(
        (cue - (1.0 - E_BALL) / 2.0 * v0).abs() < 0.01 * v0,
        "cue ball keeps {cue}"
    );
    assert!(
        within(obj, (1.0 + E_BALL) / 2.0 * v0, 0.02),
        "object ball gets {obj}"
    );
}

#[test]
fn momentum_is_conserved_in_a_ball_ball_hit() {
    let v0 = 1.5;
    // A cut: object ball off the line of aim.
    let mut s = sim(
        &[(0, 0.0, 0.0), (1, 2.0 * R + 0.002, 0.6 * R)],
        Strike::new(0.0, v0),
    );
    s.step();
    let p_before = {
        let (a, _) = s.velocity(0).unwrap();
        [a[0], a[1]]
    };
    run_until_parted(&mut s, 1);
    let (a, _) = s.velocity(0).unwrap();
    let (b, _) = s.velocity(1).unwrap();
    let p_after = [a[0] + b[0], a[1] + b[1]];
    let err = (p_after[0] - p_before[0]).hypot(p_after[1] - p_before[1])
        / horizontal([p_before[0], p_before[1], 0.0]);
    println!("momentum before {p_before:?}, after {p_after:?}, error {err:.4}");
    assert!(err < 0.01, "momentum changed by {:.2} %", err * 100.0);
}

/// Direction (degrees) of a horizontal velocity.
fn heading(v: [f64; 3]) -> f64 {
    v[1].atan2(v[0]).to_degrees()
}

#[test]
fn a_stun_cut_sends_the_cue_ball_along_the_tangent_line() {
    // Cut angles of 30, 44 and 58 degrees.
    for offset in [1.0, 1.4, 1.7] {
        let mut s = sim(
            &[(0, 0.0, 0.0), (1, 2.0 * R + 0.002, offset * R)],
            Strike::new(0.0, 1.5),
        );
        run_until_parted(&mut s, 1);
        let (a, _) = s.velocity(0).unwrap();
        // The line of centres at contact: the cue ball travels along y = 0.
        let line = (offset * R / (2.0 * R)).asin().to_degrees();
        let mut angle = (heading(a) - line).abs();
        if angle > 180.0 {
            angle = 360.0 - angle;
        }
        println!(
            "offset {offset} R: the cue ball leaves at {angle:.1} deg from the line of centres"
        );
        // Along the tangent line, less (1 - e)/2 of the normal speed it keeps.
        assert!((angle - 90.0).abs() <= 5.0, "90 degree rule: {angle}");
    }
}

#[test]
fn a_rolling_half_ball_hit_deflects_the_cue_ball_about_thirty_degrees() {
    // Half-ball: the object ball's centre one radius off the line of aim. The cue ball rolls
    // by the time it gets there (1 m at 1.5 m/s rolls after 0.17 m).
    let mut s = sim(&[(0, -1.0, 0.0), (1, 0.0, R)], Strike::new(0.0, 1.5));
    run_until_parted(&mut s, 1);
    // Let the cue ball regain its roll, then read its direction of travel.
    while slip(&s, 0) > 5e-3 && s.step() {}
    let (a, _) = s.velocity(0).unwrap();
    let deflection = heading(a).abs();
    println!("half-ball deflection {deflection:.1} deg");
    assert!(
        (27.0..=34.0).contains(&deflection),
        "30 degree rule: {deflection}"
    );
}

#[test]
fn a_cushion_returns_about_e_c_of_the_normal_speed() {
    // A rolling ball straight into the foot cushion (nose at x = 1.27), starting 5 cm off it.
    let v0 = 1.0;
    let mut s = sim(
        &[(0, 1.27 - R - 0.05, 0.0)],
        Strike {
            height: 0.4,
            ..Strike::new(0.0, v0)
        },
    );
    let mut v_in = 0.0f64;
    let mut v_out = 0.0f64;
    let mut hit = false;
    for _ in 0..2000 {
        let v = s.velocity(0).unwrap().0[0];
        if !hit && v > 0.0 {
            v_in = v;
        }
        s.step();
        let v_after = s.velocity(0).unwrap().0[0];
        if v_after < 0.0 {
            hit = true;
        }
        if hit && position(&s, 0)[0] < 1.27 - R - 0.003 {
            v_out = -v_after;
            break;
        }
    }
    let e = v_out / v_in;
    println!("cushion: in {v_in:.4}, out {v_out:.4}, ratio {e:.3}");
    assert!(
        (e - E_CUSHION).abs() <= 0.02,
        "cushion returns {e} of the normal speed, not about {E_CUSHION}"
    );
}

#[test]
fn energy_never_rises_during_a_break() {
    let layout = {
        use rand::SeedableRng;
        let table = TableSize::NineFoot.spec();
        let mut balls = vec![Placed {
            ball: 0,
            at: Point::new(table.head_string_x() - 0.05, 0.1),
        }];
        balls.extend(tenball::referee::rack(
            &table,
            tenball::referee::Tightness::Even,
            &mut rand::rngs::StdRng::seed_from_u64(11),
        ));
        Layout {
            table: TableSize::NineFoot,
            balls,
        }
    };
    for fast_forward in [false, true] {
        let cfg = SimConfig {
            fast_forward,
            ..SimConfig::default()
        };
        let mut s = TableSim::new(&layout, &Strike::new(-2.5, 10.0), &cfg).unwrap();
        let mut last = s.kinetic_energy() + potential(&s) + s.elastic_energy();
        let start = last;
        let mut worst = 0.0f64;
        while s.step() {
            let e = s.kinetic_energy() + potential(&s) + s.elastic_energy();
            worst = worst.max(e - last);
            last = e;
        }
        println!(
            "fast forward {fast_forward}: start {start:.3} J, largest rise in one step {worst:.2e} J"
        );
        assert!(worst <= 1e-4 * start, "energy rose by {worst} J in a step");
    }
}

/// Potential energy of the balls on the table, from the bed's level.
fn potential(s: &TableSim) -> f64 {
    s.positions()
        .iter()
        .map(|(_, p)| tenball::physics::params::BALL_MASS * G * (p[2] - R))
        .sum()
}

#[test]
fn draw_comes_back_follow_follows_and_stun_stops() {
    // Straight in from 0.3 m at 2 m/s; the cue ball's motion once its spin has taken hold
    // (it rolls again) tells draw, stun and follow apart.
    let run = |height: f64| {
        let mut s = sim(
            &[(0, -0.3, 0.0), (1, 0.0, 0.0)],
            Strike {
                height,
                ..Strike::new(0.0, 2.0)
            },
        );
        run_until_parted(&mut s, 1);
        let x_contact = position(&s, 0)[0];
        let v_after = s.velocity(0).unwrap().0[0];
        while slip(&s, 0) > 5e-3 && s.step() {}
        let v_roll = s.velocity(0).unwrap().0[0];
        (v_after, v_roll, position(&s, 0)[0] - x_contact)
    };
    let (draw, stun, follow) = (run(-0.45), run(-0.2), run(0.45));
    println!(
        "after contact, rolling velocity and travel: draw {draw:.3?}, stun {stun:.3?}, follow {follow:.3?}"
    );
    assert!(draw.1 < -0.1 && draw.2 < 0.0, "draw comes back: {draw:?}");
    assert!(
        follow.1 > 0.2 && follow.2 > 0.02,
        "follow goes on: {follow:?}"
    );
    assert!(
        stun.0.abs() < 0.1 && stun.1.abs() < 0.1,
        "stun stops: {stun:?}"
    );
}

#[test]
fn side_spin_changes_the_cushion_rebound_angle() {
    // Into the foot cushion at 30 degrees, well clear of the pockets, with left, no and right
    // english; the aim allows for squirt so that every ball travels at 30 degrees.
    let run = |side: f64| {
        let squirt = tenball::physics::strike(&Strike {
            side,
            height: 0.1,
            ..Strike::new(30.0, 1.5)
        })
        .squirt_deg;
        let mut s = sim(
            &[(0, 0.5, -0.3)],
            Strike {
                side,
                height: 0.1,
                ..Strike::new(30.0 - squirt, 1.5)
            },
        );
        let mut hit = false;
        for _ in 0..5000 {
            s.step();
            let (v, _) = s.velocity(0).unwrap();
            if v[0] < 0.0 {
                hit = true;
            }
            if hit && position(&s, 0)[0] < 1.27 - R - 0.05 {
                return heading(v);
            }
        }
        panic!("no rebound");
    };
    let (left, none, right) = (run(-0.4), run(0.0), run(0.4));
    println!("rebound headings: left {left:.1}, none {none:.1}, right {right:.1}");
    // The ball comes off moving -x, +y (heading 180 - angle): left english is running english
    // and widens the angle; right english (reverse) does not, and with the cushion's friction
    // already sliding through the impact it changes it much less.
    assert!(
        left < none - 5.0,
        "running english widens the rebound: {left} vs {none}"
    );
    assert!(
        (right - none).abs() < (left - none).abs(),
        "reverse english changes it less: {right} vs {none}"
    );
    assert!(right - left > 10.0);
}

#[test]
fn the_same_input_gives_the_same_log_bit_for_bit() {
    let l = layout(&[(0, -0.8, 0.1), (1, 0.3, 0.0), (2, 0.5, 0.2), (3, 0.9, -0.3)]);
    let strike = Strike {
        side: 0.2,
        height: -0.1,
        ..Strike::new(3.0, 6.0)
    };
    let a = tenball::physics::simulate(&l, &strike, &SimConfig::default()).unwrap();
    let b = tenball::physics::simulate(&l, &strike, &SimConfig::default()).unwrap();
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
    assert!(a.events.iter().any(|e| matches!(e, Event::BallBall { .. })));
}

//! No ball is ever lost: over 1,000 random shots up to 12 m/s and 200 breaks, every ball ends on
//! the bed, in a pocket with a pocket event, or off the table with an off-table event; nothing
//! is NaN; every shot comes to rest. And a break spreads the rack.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tenball::physics::{BallEnd, Event, Layout, ShotLog, SimConfig, Strike, simulate};
use tenball::referee::rack;
use tenball::table::{Placed, Point, TableSize};

fn check(layout: &Layout, strike: &Strike, log: &ShotLog) {
    let t = layout.table.spec();
    let what = || format!("{layout:?} {strike:?}");
    let mut ends: Vec<u8> = log.end.iter().map(BallEnd::ball).collect();
    ends.sort_unstable();
    let mut placed: Vec<u8> = layout.balls.iter().map(|b| b.ball).collect();
    placed.sort_unstable();
    assert_eq!(ends, placed, "every ball ends once: {}", what());
    for end in &log.end {
        match *end {
            BallEnd::OnTable { ball, at } => {
                assert!(at.is_finite(), "ball {ball} at NaN: {}", what());
                assert!(
                    at.x.abs() <= t.length / 2.0 && at.y.abs() <= t.width / 2.0,
                    "ball {ball} rests at {at:?}, off the bed: {}",
                    what()
                );
            }
            BallEnd::Pocketed { ball, pocket } => assert!(
                log.events.iter().any(|e| *e
                    == Event::Pocket {
                        t: e.time(),
                        ball,
                        pocket
                    }),
                "ball {ball} in a pocket without its event: {}",
                what()
            ),
            BallEnd::OffTable { ball } => assert!(
                log.events
                    .iter()
                    .any(|e| matches!(e, Event::OffTable { ball: b, .. } if *b == ball)),
                "ball {ball} off the table without its event: {}",
                what()
            ),
        }
    }
    assert!(
        matches!(log.events.last(), Some(Event::AtRest { .. })),
        "the shot did not come to rest: {:?} {}",
        log.events.last(),
        what()
    );
    let json = serde_json::to_string(log).expect("a log without NaN serializes");
    assert!(!json.contains("null"), "NaN in the log: {}", what());
}

fn random_shots(seed: u64, count: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let table = TableSize::NineFoot.spec();
    let (hl, hw) = (
        table.length / 2.0 - table.ball_radius,
        table.width / 2.0 - table.ball_radius,
    );
    for _ in 0..count {
        let n = rng.random_range(1..=11);
        let mut balls: Vec<Placed> = Vec::new();
        for ball in 0..n as u8 {
            loop {
                let at = Point::new(rng.random_range(-hl..hl), rng.random_range(-hw..hw));
                if balls
                    .iter()
                    .all(|b| b.at.distance(at) >= 2.0 * table.ball_radius + 1e-4)
                {
                    balls.push(Placed { ball, at });
                    break;
                }
            }
        }
        let layout = Layout {
            table: TableSize::NineFoot,
            balls,
        };
        let strike = Strike {
            aim_deg: rng.random_range(0.0..360.0),
            speed: rng.random_range(0.1..12.0),
            side: rng.random_range(-0.55..0.55),
            height: rng.random_range(-0.55..0.55),
            elevation_deg: if rng.random_bool(0.2) {
                rng.random_range(0.0..45.0)
            } else {
                0.0
            },
        };
        let cfg = SimConfig {
            sample_dt: 0.05,
            ..SimConfig::default()
        };
        let log = simulate(&layout, &strike, &cfg).expect("a valid layout");
        check(&layout, &strike, &log);
    }
}

#[test]
fn random_shots_lose_no_ball_part_1() {
    random_shots(1, 250);
}

#[test]
fn random_shots_lose_no_ball_part_2() {
    random_shots(2, 250);
}

#[test]
fn random_shots_lose_no_ball_part_3() {
    random_shots(3, 250);
}

#[test]
fn random_shots_lose_no_ball_part_4() {
    random_shots(4, 250);
}

fn break_layout(rng: &mut StdRng) -> Layout {
    let table = TableSize::NineFoot.spec();
    let x = table.head_string_x() - rng.random_range(0.02..0.5);
    let y = rng.random_range(-0.55..0.55);
    let mut balls = vec![Placed {
        ball: 0,
        at: Point::new(x, y),
    }];
    balls.extend(rack(&table, tenball::referee::Tightness::Even, rng));
    Layout {
        table: TableSize::NineFoot,
        balls,
    }
}

#[test]
fn two_hundred_breaks_lose_no_ball() {
    let mut rng = StdRng::seed_from_u64(77);
    let foot = TableSize::NineFoot.spec().foot_spot();
    for _ in 0..200 {
        let layout = break_layout(&mut rng);
        let cue = layout.balls[0].at;
        let aim = (foot.y - cue.y).atan2(foot.x - cue.x).to_degrees() + rng.random_range(-1.0..1.0);
        let strike = Strike {
            height: rng.random_range(-0.3..0.3),
            side: rng.random_range(-0.2..0.2),
            ..Strike::new(aim, rng.random_range(7.0..12.0))
        };
        let log = simulate(
            &layout,
            &strike,
            &SimConfig {
                sample_dt: 0.0,
                ..SimConfig::default()
            },
        )
        .unwrap();
        check(&layout, &strike, &log);
    }
}

#[test]
fn a_ten_metre_per_second_break_spreads_the_rack_and_drives_balls_to_the_rails() {
    let mut rng = StdRng::seed_from_u64(9);
    let table = TableSize::NineFoot.spec();
    let mut spread_total = 0.0;
    for _ in 0..10 {
        let layout = break_layout(&mut rng);
        let cue = layout.balls[0].at;
        let aim = (-cue.y).atan2(table.foot_spot().x - cue.x).to_degrees();
        let log = simulate(&layout, &Strike::new(aim, 10.0), &SimConfig::default()).unwrap();
        let to_rail = log.object_balls_at_cushions();
        assert!(
            to_rail.len() >= 4,
            "only {} object balls reached a rail",
            to_rail.len()
        );
        // The balls left on the table cover much of it: their spread along the table.
        let xs: Vec<f64> = log
            .end
            .iter()
            .filter_map(|e| match e {
                BallEnd::OnTable { ball, at } if *ball != 0 => Some(at.x),
                _ => None,
            })
            .collect();
        let spread = xs.iter().cloned().fold(f64::MIN, f64::max)
            - xs.iter().cloned().fold(f64::MAX, f64::min);
        spread_total += spread;
        // The rack's own length is 0.15 m.
        assert!(
            spread > 0.5,
            "the balls stayed within {spread} m along the table"
        );
    }
    println!("mean spread along the table {:.2} m", spread_total / 10.0);
}

/// Clusters, the contact engine's hard case: balls frozen to each other (chains, triangles) and
/// to the cushions, struck from close by at any speed. Every shot ends, loses no ball, and its
/// balls never move with more energy than the cue gave.
#[test]
fn frozen_clusters_and_balls_on_the_cushions_lose_no_ball() {
    use tenball::physics::TableSim;
    let mut rng = StdRng::seed_from_u64(21);
    let table = TableSize::NineFoot.spec();
    let r = table.ball_radius;
    let reach = table.cushion_reach();
    let (hl, hw) = (table.length / 2.0, table.width / 2.0);
    let count: usize = std::env::var("TENBALL_CLUSTERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    for _ in 0..count {
        let mut balls: Vec<Placed> = Vec::new();
        let fits = |balls: &Vec<Placed>, at: Point| {
            table.on_bed(at) && balls.iter().all(|b| b.at.distance(at) >= 2.0 * r - 1e-9)
        };
        // A seed ball: anywhere, or frozen to a cushion.
        let seed = match rng.random_range(0..3) {
            0 => Point::new(hl - reach, rng.random_range(-0.4..0.4)),
            1 => Point::new(rng.random_range(-1.0..1.0), hw - reach),
            _ => Point::new(rng.random_range(-1.0..1.0), rng.random_range(-0.5..0.5)),
        };
        balls.push(Placed { ball: 1, at: seed });
        // The others frozen to a ball already placed, at a random angle.
        for ball in 2..=rng.random_range(2..=10u8) {
            for _ in 0..50 {
                let base = balls[rng.random_range(0..balls.len())].at;
                let a: f64 = rng.random_range(0.0..std::f64::consts::TAU);
                let at = Point::new(base.x + 2.0 * r * a.cos(), base.y + 2.0 * r * a.sin());
                if fits(&balls, at) {
                    balls.push(Placed { ball, at });
                    break;
                }
            }
        }
        // The cue ball close by, aimed into the cluster.
        let target = balls[rng.random_range(0..balls.len())].at;
        let cue = loop {
            let a: f64 = rng.random_range(0.0..std::f64::consts::TAU);
            let d = rng.random_range(2.0 * r..0.4);
            let at = Point::new(target.x + d * a.cos(), target.y + d * a.sin());
            if fits(&balls, at) {
                break at;
            }
        };
        balls.insert(0, Placed { ball: 0, at: cue });
        let layout = Layout {
            table: TableSize::NineFoot,
            balls,
        };
        let aim =
            (target.y - cue.y).atan2(target.x - cue.x).to_degrees() + rng.random_range(-3.0..3.0);
        let strike = Strike {
            height: rng.random_range(-0.5..0.5),
            side: rng.random_range(-0.3..0.3),
            ..Strike::new(aim, rng.random_range(0.2..12.0))
        };
        let cfg = SimConfig {
            sample_dt: 0.0,
            ..SimConfig::default()
        };
        let mut s = TableSim::new(&layout, &strike, &cfg).unwrap();
        let start = s.kinetic_energy();
        while s.step() {
            let e = s.kinetic_energy();
            assert!(
                e <= start * (1.0 + 1e-6) + 1e-9,
                "{e} J of motion from {start} J: {layout:?} {strike:?}"
            );
        }
        let log = s.into_log();
        check(&layout, &strike, &log);
    }
}

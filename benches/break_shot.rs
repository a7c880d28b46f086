//! One ten-ball break from the kitchen at 10 m/s, simulated to rest by the contact engine (the
//! default: closed-form motion from contact to contact) and by the stepped reference (rapier
//! integrates every step of 1/2000 s): milliseconds per break over 20 racks taken in turn, and
//! (printed once) the steps and rapier steps a break takes. Racks are hand racks (settled, a
//! set within the WPA's tolerance: the default everywhere; target under 1.5 ms a break), and
//! typical (random gaps up to 0.5 mm, the default before) and even for comparison. Apart from
//! the break, what racking a settled rack costs.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tenball::physics::{Layout, SimConfig, Strike, simulate};
use tenball::referee::{Tightness, rack};
use tenball::table::{Placed, Point, TableSize};

fn break_layout(seed: u64, tightness: Tightness) -> Layout {
    let table = TableSize::NineFoot.spec();
    let mut balls = vec![Placed {
        ball: 0,
        at: Point::new(table.head_string_x() - 0.1, 0.15),
    }];
    balls.extend(rack(&table, tightness, &mut StdRng::seed_from_u64(seed)));
    Layout {
        table: TableSize::NineFoot,
        balls,
    }
}

fn bench(c: &mut Criterion) {
    let table = TableSize::NineFoot.spec();
    let apex = table.foot_spot();
    let shot = |seed: u64, tightness: Tightness| {
        let layout = break_layout(seed, tightness);
        let cue = layout.balls[0].at;
        let aim = (apex.y - cue.y).atan2(apex.x - cue.x).to_degrees();
        (layout, Strike::new(aim, 10.0))
    };
    let jumped = SimConfig {
        sample_dt: 0.0,
        ..SimConfig::default()
    };
    let stepped = SimConfig {
        fast_forward: false,
        dt: 0.0005,
        ..jumped
    };
    for (name, cfg, tightness) in [
        ("break_to_rest", jumped, Tightness::Hand),
        ("break_to_rest_typical_rack", jumped, Tightness::Typical),
        ("break_to_rest_even_rack", jumped, Tightness::Even),
        (
            "break_to_rest_reference_every_step",
            stepped,
            Tightness::Hand,
        ),
    ] {
        // Steps over 20 racks, printed once, to say what a break costs.
        let logs: Vec<_> = (0..20)
            .map(|seed| {
                let (layout, strike) = shot(seed, tightness);
                simulate(&layout, &strike, &cfg).unwrap()
            })
            .collect();
        let mean = |f: &dyn Fn(&tenball::physics::ShotLog) -> f64| {
            logs.iter().map(f).sum::<f64>() / logs.len() as f64
        };
        println!(
            "{name}: over 20 racks, {:.0} steps (contacts, or steps of {} ms), {:.2} s simulated, {:.0} rapier steps",
            mean(&|l| l.steps as f64),
            cfg.dt * 1e3,
            mean(&|l| l.duration),
            mean(&|l| l.solver_steps as f64),
        );
        let shots: Vec<_> = (0..20).map(|seed| shot(seed, tightness)).collect();
        let mut k = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                k = (k + 1) % shots.len();
                simulate(&shots[k].0, &shots[k].1, &cfg).unwrap()
            })
        });
    }
}

/// What racking costs before a break: a settled rack's balls sized, racked and given the
/// physics' equal radius (`hand`, the default, and `template`).
fn racking(c: &mut Criterion) {
    let table = TableSize::NineFoot.spec();
    for (name, tightness) in [
        ("rack_hand", Tightness::Hand),
        ("rack_template", Tightness::Template),
    ] {
        let mut seed = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                rack(&table, tightness, &mut StdRng::seed_from_u64(seed))
            })
        });
    }
}

/// What a flight costs: a jump (45 degrees, 3 m/s: three hops, rapier's steps while the ball
/// is in the air) against the same stroke level, both a lone cue ball to rest.
fn flight(c: &mut Criterion) {
    let layout = Layout {
        table: TableSize::NineFoot,
        balls: vec![Placed {
            ball: 0,
            at: Point::new(-0.8, 0.0),
        }],
    };
    let cfg = SimConfig {
        sample_dt: 0.0,
        ..SimConfig::default()
    };
    for (name, elevation_deg) in [("jump_shot_to_rest", 45.0), ("level_shot_to_rest", 0.0)] {
        let s = Strike {
            elevation_deg,
            ..Strike::new(0.0, 3.0)
        };
        c.bench_function(name, |b| b.iter(|| simulate(&layout, &s, &cfg).unwrap()));
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench, racking, flight
}
criterion_main!(benches);

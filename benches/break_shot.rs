//! One ten-ball break from the kitchen at 10 m/s, simulated to rest: milliseconds per break,
//! and (printed once) the steps it takes.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tenball::physics::{Layout, SimConfig, Strike, simulate};
use tenball::referee::rack;
use tenball::table::{Placed, Point, TableSize};

fn break_layout(seed: u64) -> Layout {
    let table = TableSize::NineFoot.spec();
    let mut balls = vec![Placed {
        ball: 0,
        at: Point::new(table.head_string_x() - 0.1, 0.15),
    }];
    balls.extend(rack(&table, &mut StdRng::seed_from_u64(seed)));
    Layout {
        table: TableSize::NineFoot,
        balls,
    }
}

fn bench(c: &mut Criterion) {
    let layout = break_layout(1);
    let table = TableSize::NineFoot.spec();
    let cue = layout.balls[0].at;
    let apex = table.foot_spot();
    let aim = (apex.y - cue.y).atan2(apex.x - cue.x).to_degrees();
    let strike = Strike::new(aim, 10.0);
    let cfg = SimConfig {
        sample_dt: 0.0,
        ..SimConfig::default()
    };
    let log = simulate(&layout, &strike, &cfg).unwrap();
    println!(
        "one break: {} steps, {:.3} s simulated",
        log.steps, log.duration
    );
    c.bench_function("break_to_rest", |b| {
        b.iter(|| simulate(&layout, &strike, &cfg).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);

//! What the game asks of the simulation: a break through `play_shot` with the path samples the
//! playback needs (1/240 s, orientations included), which must finish before its playback
//! starts with no visible wait (aim: under 50 ms); and a tracking-lines prediction (1/60 s
//! samples), which must come back at least ten times a second while the player aims.

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tenball::adapter::play_shot;
use tenball::physics::{Layout, SimConfig, Strike, simulate};
use tenball::referee::{Call, GameState, PlayerId, Rules, rack};
use tenball::table::{Placed, Point, TableSize};

fn bench(c: &mut Criterion) {
    let table = TableSize::NineFoot.spec();
    let mut balls = vec![Placed {
        ball: 0,
        at: Point::new(table.head_string_x() - 0.05, 0.0),
    }];
    balls.extend(rack(
        &table,
        tenball::referee::Tightness::Typical,
        &mut StdRng::seed_from_u64(1),
    ));
    let layout = Layout {
        table: TableSize::NineFoot,
        balls,
    };
    let state = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
    let strike = Strike::new(0.0, 10.0);
    let playback = SimConfig {
        sample_dt: 1.0 / 240.0,
        ..SimConfig::default()
    };
    c.bench_function("game_break_play_shot_with_paths", |b| {
        b.iter(|| play_shot(&state, &layout, &Call::Break, &strike, &[], &playback).unwrap())
    });
    let tracking = SimConfig {
        sample_dt: 1.0 / 60.0,
        max_time: 30.0,
        ..SimConfig::default()
    };
    c.bench_function("game_tracking_prediction_break", |b| {
        b.iter(|| simulate(&layout, &strike, &tracking).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);

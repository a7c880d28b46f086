//! The computer's decision at the top level (issue 17: under 1 s on one core at the median):
//! six stored positions, each the table after a break of a typical rack (seeds 1 to 6, the
//! computer's own break), decided in turn by level 5 on one thread; and the same six with the
//! cue ball in hand (its place chosen first).

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;
use tenball::adapter::play_shot;
use tenball::computer::{Decision, Level, decide, put_cue_ball};
use tenball::physics::{Layout, SimConfig};
use tenball::referee::{CueBall, GameState, Phase, PlayerId, Rules, Tightness, rack};
use tenball::table::TableSize;

/// The position after the computer's break of rack `seed`.
fn after_break(seed: u64) -> (GameState, Layout) {
    let table = TableSize::NineFoot.spec();
    let state = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
    let mut layout = Layout {
        table: TableSize::NineFoot,
        balls: rack(&table, Tightness::Typical, &mut StdRng::seed_from_u64(seed)),
    };
    let mut rng = StdRng::seed_from_u64(seed);
    let Decision::Stroke {
        place,
        call,
        strike,
        ..
    } = decide(
        &state,
        &layout,
        Level::Level(5),
        &tenball::physics::equipment::WPA,
        &mut rng,
    )
    .unwrap()
    else {
        unreachable!("a break is a stroke")
    };
    put_cue_ball(&mut layout, place.unwrap());
    let cfg = SimConfig {
        sample_dt: 0.0,
        ..SimConfig::default()
    };
    let played = play_shot(&state, &layout, &call, &strike, &[], &cfg).unwrap();
    (played.judged.state, played.layout)
}

/// Level 5's decision in a position, its samples drawn from `seed`.
fn level_5(state: &GameState, layout: &Layout, seed: u64) -> Decision {
    decide(
        state,
        layout,
        Level::Level(5),
        &tenball::physics::equipment::WPA,
        &mut StdRng::seed_from_u64(seed),
    )
    .unwrap()
}

fn bench(c: &mut Criterion) {
    let positions: Vec<_> = (1..=6).map(after_break).collect();
    // The coach's figures for a stroke (issue 17: within 0.3 s of a change): the computer's
    // own choice in each position, 24 tries with a good player's error.
    let strokes: Vec<_> = positions
        .iter()
        .map(|(state, layout)| match level_5(state, layout, 3) {
            Decision::Stroke { call, strike, .. } => (call, strike),
            Decision::Choose { .. } => unreachable!("after a break: a shot"),
        })
        .collect();
    let mut j = 0;
    // As the game's coach (game::coach::figures_for): 24 tries with a player's error, then the
    // next shot the stroke leaves when played as set up.
    c.bench_function("coach_figures_24_tries_and_next_shot", |b| {
        b.iter(|| {
            j = (j + 1) % positions.len();
            let (state, layout) = &positions[j];
            let (call, strike) = &strokes[j];
            let mut figures = tenball::computer::chances(
                state,
                layout,
                call,
                strike,
                &Level::Level(4).noise(),
                24,
                &tenball::physics::equipment::WPA,
                &mut StdRng::seed_from_u64(7),
            );
            figures.next = tenball::computer::next_after(
                state,
                layout,
                call,
                strike,
                Level::Level(4),
                &tenball::physics::equipment::WPA,
            );
            figures
        })
    });
    let mut k = 0;
    c.bench_function("level_5_decision_after_a_break", |b| {
        b.iter(|| {
            k = (k + 1) % positions.len();
            let (state, layout) = &positions[k];
            level_5(state, layout, k as u64)
        })
    });
    // Ball in hand in the same six positions (the cue ball taken off): the place in hand
    // (`place_in_hand_ahead`) and then the stroke from it.
    let in_hand: Vec<_> = positions
        .iter()
        .map(|(state, layout)| {
            let mut s = state.clone();
            s.phase = Phase::Shot {
                shooter: s.to_act(),
                cue_ball: CueBall::InHand,
                push_out: false,
            };
            let mut l = layout.clone();
            l.balls.retain(|b| b.ball != 0);
            (s, l)
        })
        .collect();
    let mut h = 0;
    c.bench_function("level_5_decision_with_ball_in_hand", |b| {
        b.iter(|| {
            h = (h + 1) % in_hand.len();
            let (state, layout) = &in_hand[h];
            level_5(state, layout, h as u64)
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);

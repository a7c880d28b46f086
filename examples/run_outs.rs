//! How often a level runs out from ball in hand on an open table: a hand rack broken by the
//! computer's break (with the level's noise), then, whatever the break left, the level with the
//! cue ball in hand anywhere and the table to itself until it misses, plays safe, fouls or wins.
//! Each trial's seed gives the same rack, break and strokes; the balls left after the break
//! (at least `MIN_BALLS`) and how each visit ended are counted.
//! `cargo run --release --no-default-features --example run_outs [TRIALS] [LEVEL] [SEED] [hand]`:
//! with `hand` the cue ball is in hand before every shot of a visit, not only the first, which
//! says how often the level would run out if its position play were as good as a free place.

use rand::SeedableRng;
use rand::rngs::StdRng;
use tenball::adapter::play_shot;
use tenball::computer::{Decision, Level, decide, put_cue_ball};
use tenball::physics::{Equipment, Layout, SimConfig};
use tenball::referee::{
    Call, CueBall, GameState, Phase, PlayerId, RackResult, Rules, Tightness, rack,
};
use tenball::table::TableSize;

/// Visits from fewer balls than this are not counted (a run of one or two tells little).
const MIN_BALLS: usize = 5;
/// The longest visit played.
const MAX_SHOTS: usize = 30;

/// How a visit ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum End {
    RanOut,
    Missed,
    Safety,
    Fouled,
    Other,
}

/// One trial: the balls on the table when the visit began and how it ended, or None when the
/// break left fewer than `MIN_BALLS`.
fn trial(
    seed: u64,
    level: Level,
    eq: &Equipment,
    every_shot_in_hand: bool,
) -> Option<(usize, End, usize)> {
    let mut rng = StdRng::seed_from_u64(seed);
    let size = TableSize::NineFoot;
    let t = size.spec();
    let mut state = GameState::with_breaker(Rules::default(), size, PlayerId::A);
    let mut layout = Layout {
        table: size,
        balls: rack(&t, Tightness::Hand, &mut rng),
    };
    let cfg = SimConfig {
        sample_dt: 0.0,
        max_time: 30.0,
        equipment: *eq,
        ..SimConfig::default()
    };
    // The level's own break (its place and the pros' speed), as a duel plays it.
    let Decision::Stroke {
        place,
        call,
        strike,
        ..
    } = decide(&state, &layout, level, eq, &mut rng).ok()?
    else {
        return None;
    };
    if let Some(p) = place {
        put_cue_ball(&mut layout, p);
    }
    let played = play_shot(
        &state,
        &layout,
        &call,
        &level.noise().apply(strike, t.ball_radius, &mut rng),
        &[],
        &cfg,
    )
    .ok()?;
    layout = played.layout;
    state.on_table = played.judged.state.on_table;
    if state.on_table.len() < MIN_BALLS {
        return None;
    }
    // Ball in hand for A, the table his.
    state.phase = Phase::Shot {
        shooter: PlayerId::A,
        cue_ball: CueBall::InHand,
        push_out: false,
    };
    state.fouls = Default::default();
    let balls = state.on_table.len();
    for shots in 0..MAX_SHOTS {
        if every_shot_in_hand {
            state.phase = Phase::Shot {
                shooter: PlayerId::A,
                cue_ball: CueBall::InHand,
                push_out: false,
            };
        }
        let d = decide(&state, &layout, level, eq, &mut rng).ok()?;
        let Decision::Stroke {
            place,
            call,
            strike,
            ..
        } = d
        else {
            return Some((balls, End::Other, shots));
        };
        if call == Call::Safety {
            return Some((balls, End::Safety, shots));
        }
        if let Some(p) = place {
            put_cue_ball(&mut layout, p);
        }
        let s = level.noise().apply(strike, t.ball_radius, &mut rng);
        let played = play_shot(&state, &layout, &call, &s, &[], &cfg).ok()?;
        let r = &played.judged.ruling;
        if let Some(RackResult::Won { winner, .. }) = r.rack_result {
            let end = if winner == PlayerId::A {
                End::RanOut
            } else {
                End::Fouled
            };
            return Some((balls, end, shots + 1));
        }
        if !r.legal {
            return Some((balls, End::Fouled, shots + 1));
        }
        if played.judged.state.to_act() != PlayerId::A {
            return Some((balls, End::Missed, shots + 1));
        }
        state = played.judged.state;
        layout = played.layout;
    }
    Some((balls, End::Other, MAX_SHOTS))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let number = |k: usize, name: &str, default: u64| -> u64 {
        args.get(k).map_or(default, |s| {
            s.parse().unwrap_or_else(|_| {
                eprintln!("run_outs: {name} '{s}' is not a whole number (usage: run_outs [TRIALS] [LEVEL] [SEED])");
                std::process::exit(2)
            })
        })
    };
    let trials = number(1, "TRIALS", 100);
    let level = Level::parse(args.get(2).map_or("5", |s| s.as_str())).unwrap_or_else(|e| {
        eprintln!("run_outs: LEVEL: {e}");
        std::process::exit(2)
    });
    let seed = number(3, "SEED", 1);
    let every_shot_in_hand = match args.get(4).map(|s| s.as_str()) {
        None => false,
        Some("hand") => true,
        Some(other) => {
            eprintln!(
                "run_outs: '{other}' is not an option (usage: run_outs [TRIALS] [LEVEL] [SEED] [hand])"
            );
            std::process::exit(2)
        }
    };
    let eq = Equipment::default();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let results: Vec<(usize, End, usize)> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let eq = &eq;
                sc.spawn(move || {
                    (0..trials)
                        .filter(|i| i % threads == k)
                        .filter_map(|i| {
                            trial(
                                seed.wrapping_mul(1_000_003).wrapping_add(i),
                                level,
                                eq,
                                every_shot_in_hand,
                            )
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    if results.is_empty() {
        println!(
            "no visits counted: {trials} trials, and a visit needs {MIN_BALLS} balls left by the break"
        );
        return;
    }
    let n = results.len() as f64;
    let mut ends = std::collections::BTreeMap::new();
    for (_, e, _) in &results {
        *ends.entry(*e).or_insert(0usize) += 1;
    }
    println!(
        "{} visits from ball in hand (level {}, {} trials, seed {seed}){}",
        results.len(),
        level.name(),
        trials,
        if every_shot_in_hand {
            ", the cue ball in hand before every shot"
        } else {
            ""
        }
    );
    for (e, c) in &ends {
        let p = *c as f64 / n;
        println!(
            "  {e:?}: {c} ({:.1} % +- {:.1})",
            100.0 * p,
            196.0 * (p * (1.0 - p) / n).sqrt()
        );
    }
    let shots: usize = results.iter().map(|r| r.2).sum();
    println!(
        "  shots {shots}, balls a visit {:.2}",
        results.iter().map(|r| r.0).sum::<usize>() as f64 / n
    );
}

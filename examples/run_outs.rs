//! How often a level runs out from ball in hand on an open table: a hand rack broken by the
//! computer's break (with the level's noise), then, whatever the break left, the level with the
//! cue ball in hand anywhere and the table to itself until it misses, plays safe, fouls or wins.
//! Each trial's seed gives the same rack, break and strokes; the balls left after the break
//! (at least `MIN_BALLS`) and how each visit ended are counted, a foul by its kind and rule.
//! `cargo run --release --no-default-features --example run_outs [TRIALS] [LEVEL] [SEED] [hand]`:
//! with `hand` the cue ball is in hand before every shot of a visit, not only the first, which
//! says how often the level would run out if its position play were as good as a free place.

use rand::SeedableRng;
use rand::rngs::StdRng;
use tenball::adapter::play_shot;
use tenball::computer::{Decision, Level, decide, put_cue_ball};
use tenball::physics::{Equipment, Layout, SimConfig};
use tenball::referee::{
    Call, CueBall, Foul, GameState, Phase, PlayerId, RackResult, Rules, Ruling, Tightness, rack,
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

/// One visit: the balls on the table when it began, how it ended, its strokes, and the foul
/// that ended it, if one did.
struct Visit {
    balls: usize,
    end: End,
    shots: usize,
    foul: Option<String>,
}

/// The first foul of a ruling in a few words with its rule, and whether the shot made a ball.
fn foul_kind(r: &Ruling) -> Option<String> {
    let f = r.fouls.first()?;
    let what = match &f.foul {
        Foul::CueBallPocketed { .. } => "cue ball pocketed",
        Foul::CueBallOffTable => "cue ball off the table",
        Foul::WrongBallFirst { .. } => "wrong ball first",
        Foul::CompleteMiss => "no ball hit",
        Foul::NoRail => "no rail after contact",
        Foul::BreakTooFewRails { .. } => "break: too few rails",
        Foul::ObjectBallOffTable { .. } => "object ball off the table",
        Foul::CueBallNotInKitchen { .. } => "cue ball not in the kitchen",
        Foul::Declared { .. } => "declared",
    };
    let made = if r.stay_down.is_empty() {
        ""
    } else {
        ", a ball made"
    };
    Some(format!("{} {what}{made}", f.rule))
}

/// One trial: the visit from ball in hand, or None when the break left fewer than
/// `MIN_BALLS`.
fn trial(seed: u64, level: Level, eq: &Equipment, every_shot_in_hand: bool) -> Option<Visit> {
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
    let visit = |end, shots, foul| Visit {
        balls,
        end,
        shots,
        foul,
    };
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
            return Some(visit(End::Other, shots, None));
        };
        if call == Call::Safety {
            return Some(visit(End::Safety, shots, None));
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
            return Some(visit(end, shots + 1, foul_kind(r)));
        }
        if !r.legal {
            return Some(visit(End::Fouled, shots + 1, foul_kind(r)));
        }
        if played.judged.state.to_act() != PlayerId::A {
            return Some(visit(End::Missed, shots + 1, None));
        }
        state = played.judged.state;
        layout = played.layout;
    }
    Some(visit(End::Other, MAX_SHOTS, None))
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
    let results: Vec<Visit> = std::thread::scope(|sc| {
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
    let mut fouls = std::collections::BTreeMap::new();
    for v in &results {
        *ends.entry(v.end).or_insert(0usize) += 1;
        if let Some(f) = &v.foul {
            *fouls.entry(f.as_str()).or_insert(0usize) += 1;
        }
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
    for (f, c) in &fouls {
        println!("    foul {f}: {c}");
    }
    let shots: usize = results.iter().map(|v| v.shots).sum();
    println!(
        "  shots {shots}, balls a visit {:.2}",
        results.iter().map(|v| v.balls).sum::<usize>() as f64 / n
    );
}

//! `tenball duel --ladder` and `tenball duel ratings`: the computer's levels on a rating scale.
//! The ladder plays every level against the one and two below it and level 5 against greedy
//! (records in a folder, one resumable file a pairing), then fits Bradley-Terry ratings to the
//! racks won (`batch::ratings`); `ratings` fits them to any duel record files.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::CliError;
use super::batch_args::{interrupted, stop_on_signals};
use super::duel::{DuelArgs, RatingsArgs, play, worker_pool};
use crate::batch::duel::{DuelSpec, DuelSummary, summarize};
use crate::batch::ratings::{Pairing, Rating, fit_with_draws};
use crate::computer::Level;
use crate::referee::PlayerId;

/// The ladder's pairings, [stronger, weaker]: each level against the one and two below, and
/// the top level against the greedy baseline.
pub const LADDER: [(Level, Level); 8] = [
    (Level::Level(2), Level::Level(1)),
    (Level::Level(3), Level::Level(2)),
    (Level::Level(4), Level::Level(3)),
    (Level::Level(5), Level::Level(4)),
    (Level::Level(3), Level::Level(1)),
    (Level::Level(4), Level::Level(2)),
    (Level::Level(5), Level::Level(3)),
    (Level::Level(5), Level::Greedy),
];

#[derive(Debug, Serialize)]
struct LadderOut {
    pairings: Vec<DuelSummary>,
    ratings: Vec<Rating>,
    anchor: String,
    /// Virtual drawn racks added to every pairing (0 unless asked for or needed).
    draws: f64,
}

/// A level as the tables name it: "level 3", "greedy".
fn label(name: &str) -> String {
    if name.chars().all(|c| c.is_ascii_digit()) {
        format!("level {name}")
    } else {
        name.to_string()
    }
}

fn pairing_of(s: &DuelSummary) -> Pairing {
    Pairing {
        a: s.a.clone(),
        b: s.b.clone(),
        a_wins: s.rack_wins[0],
        b_wins: s.rack_wins[1],
    }
}

/// The pairing's record file in the ladder's folder.
fn file_of(dir: &Path, a: Level, b: Level) -> PathBuf {
    dir.join(format!("{}-vs-{}.jsonl", a.name(), b.name()))
}

pub fn run(args: &DuelArgs) -> Result<(), CliError> {
    if args.break_at.is_some() || args.break_speed.is_some() {
        return Err(CliError::input(
            "--ladder plays the computer's own breaks: give --break-at to single duels (--a, --b)",
        ));
    }
    if args.shard.is_some() || args.race_to.is_some() {
        return Err(CliError::input(
            "--ladder plays every pairing whole: shard single duels (--a, --b) instead and fit them with `tenball duel ratings`; races are not counted",
        ));
    }
    if !(1..=super::duel::MAX_RACKS).contains(&args.racks) {
        return Err(CliError::input(format!(
            "--racks must be 1 to {}, got {}",
            super::duel::MAX_RACKS,
            args.racks
        )));
    }
    if let Some(dir) = &args.out {
        prepare_folder(dir)?;
    }
    let pool = worker_pool(args.threads)?;
    let stop = stop_on_signals();
    let mut summaries = Vec::new();
    for (a, b) in LADDER {
        let spec = DuelSpec {
            a,
            b,
            seed: args.seed,
            table: args.table,
            rack: args.rack,
            equipment: args.equipment,
            break_shot: None,
        };
        let out = args.out.as_deref().map(|d| file_of(d, a, b));
        let resume = args.resume && out.as_deref().is_some_and(Path::exists);
        let shard = crate::batch::Shard {
            k: 0,
            n: 1,
            count: args.racks,
        };
        let (records, finished) = play(spec, shard, out.as_deref(), resume, &pool, &stop)?;
        if !finished {
            return Err(interrupted(
                &stop,
                records.len() as u64,
                args.racks,
                &format!("racks of {} against {}", a.name(), b.name()),
                args.out.as_deref(),
            ));
        }
        let s = summarize(&spec, &records, None);
        if !args.json {
            super::emit(&pairing_line(&s))?;
        }
        summaries.push(s);
    }
    finish(summaries, "1", 0.0, None, args.json)
}

/// A folder for the ladder's files: made when absent; a file there is refused.
fn prepare_folder(dir: &Path) -> Result<(), CliError> {
    let shown = crate::echo::path_for_message(dir);
    if dir.exists() && !dir.is_dir() {
        return Err(CliError::input(format!(
            "--out {shown}: --ladder writes a folder of record files (one a pairing), and this is a file"
        )));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::input(format!("--out {shown}: cannot make the folder: {e}")))
}

fn pairing_line(s: &DuelSummary) -> String {
    let tpa = |p: PlayerId| {
        s.tpa[p.index()]
            .map(|t| format!("{t:.3}"))
            .unwrap_or_else(|| "-".into())
    };
    format!(
        "{} against {}: {} racks, {} won {} ({:.1} %, 95 % CI {:.1} to {:.1} %), called shots made {:.1} % / {:.1} %, TPA {} / {}",
        label(&s.a),
        label(&s.b),
        s.racks,
        label(&s.a),
        s.rack_wins[0],
        100.0 * s.a_rack_wins.share,
        100.0 * s.a_rack_wins.ci95[0],
        100.0 * s.a_rack_wins.ci95[1],
        100.0 * s.make_share[0],
        100.0 * s.make_share[1],
        tpa(PlayerId::A),
        tpa(PlayerId::B),
    )
}

/// Fits and prints the ratings of the pairings' summaries. Without `draws` the plain maximum
/// likelihood is tried first; where it has no finite answer (a level won or lost every rack)
/// one virtual drawn rack a pairing is added, with a warning that says so.
fn finish(
    summaries: Vec<DuelSummary>,
    anchor: &str,
    at: f64,
    draws: Option<f64>,
    json: bool,
) -> Result<(), CliError> {
    let pairings: Vec<Pairing> = summaries.iter().map(pairing_of).collect();
    let fitted = match draws {
        Some(d) => fit_with_draws(&pairings, anchor, at, d).map(|r| (r, d)),
        None => fit_with_draws(&pairings, anchor, at, 0.0)
            .map(|r| (r, 0.0))
            .or_else(|e| {
                let r = fit_with_draws(&pairings, anchor, at, 1.0).map_err(|_| e.clone())?;
                super::warn(&format!(
                    "ratings: {e}; fitted with one virtual drawn rack added to every pairing (--draws 1)"
                ));
                Ok((r, 1.0))
            }),
    };
    let (mut ratings, draws) = fitted.map_err(|e| CliError::input(format!("ratings: {e}")))?;
    ratings.sort_by(|x, y| y.rating.total_cmp(&x.rating));
    if json {
        let out = LadderOut {
            pairings: summaries,
            ratings,
            anchor: format!("{anchor}={at}"),
            draws,
        };
        return super::emit(&serde_json::to_string_pretty(&out).expect("ratings serialize"));
    }
    let prior = if draws > 0.0 {
        let s = if draws == 1.0 { "" } else { "s" };
        format!("; {draws} virtual drawn rack{s} a pairing")
    } else {
        String::new()
    };
    let mut text = format!(
        "ratings (Bradley-Terry on racks won; 100 points = 2:1 odds; {} fixed at {at}{prior}):\n  player    rating   95 % interval     racks\n",
        label(anchor)
    );
    for r in &ratings {
        text.push_str(&format!(
            "  {:<8} {:>7.0}   {:>6.0} to {:<6.0} {:>6}\n",
            label(&r.player),
            r.rating,
            r.ci95[0],
            r.ci95[1],
            r.racks
        ));
    }
    super::emit(text.trim_end())
}

/// `tenball duel ratings FILES`: each file a duel (a cut-short one is used as it is, with a
/// warning); the pairings fitted together.
pub fn ratings(args: &RatingsArgs) -> Result<(), CliError> {
    let (anchor, at) = parse_anchor(&args.anchor)?;
    if let Some(d) = args.draws
        && !(d.is_finite() && (d == 0.0 || (MIN_DRAWS..=MAX_DRAWS).contains(&d)))
    {
        return Err(CliError::input(format!(
            "--draws must be 0 or {MIN_DRAWS} to {MAX_DRAWS} virtual drawn racks a pairing, got {}",
            crate::echo::number(d)
        )));
    }
    let mut summaries = Vec::new();
    // The racks of each file read: the same duel's racks in two files would count twice.
    let mut read: Vec<(&PathBuf, DuelSpec, Vec<u64>)> = Vec::new();
    for f in &args.files {
        let merged =
            crate::batch::duel_run::merge(std::slice::from_ref(f), true, &mut |m| super::warn(&m))?;
        let racks: Vec<u64> = merged.records.iter().map(|r| r.index).collect();
        if let Some((other, _, _)) = read.iter().find(|(_, spec, seen)| {
            *spec == merged.spec && racks.iter().any(|i| seen.binary_search(i).is_ok())
        }) {
            return Err(CliError::input(format!(
                "{}: holds racks of the same duel as {} (the same inputs and rack numbers); each rack counts once: give each file once",
                crate::echo::path_for_message(f),
                crate::echo::path_for_message(other)
            )));
        }
        read.push((f, merged.spec, racks));
        let s = summarize(&merged.spec, &merged.records, None);
        if !args.json {
            super::emit(&format!(
                "{}: {}",
                crate::echo::path_for_message(f),
                pairing_line(&s)
            ))?;
        }
        summaries.push(s);
    }
    finish(summaries, &anchor, at, args.draws, args.json)
}

/// The largest rating an anchor may be fixed at, either way (FargoRate's scale: beginners
/// near 200, the best players near 850).
pub const MAX_ANCHOR: f64 = 10_000.0;
/// The virtual drawn racks `--draws` takes, besides 0: a hundredth of a rack to a thousand.
pub const MIN_DRAWS: f64 = 0.01;
pub const MAX_DRAWS: f64 = 1_000.0;

fn parse_anchor(text: &str) -> Result<(String, f64), CliError> {
    let bad = || {
        CliError::input(format!(
            "--anchor '{text}': give LEVEL=RATING, e.g. 1=0 or 5=700"
        ))
    };
    let (level, rating) = text.split_once('=').ok_or_else(bad)?;
    let level = Level::parse(level).map_err(|_| bad())?;
    let rating: f64 = rating.trim().parse().map_err(|_| bad())?;
    if !(rating.is_finite() && rating.abs() <= MAX_ANCHOR) {
        return Err(CliError::input(format!(
            "--anchor: a rating from -{MAX_ANCHOR} to {MAX_ANCHOR} (FargoRate's scale runs from about 0 to 900), got {}",
            crate::echo::number(rating)
        )));
    }
    Ok((level.name(), rating))
}

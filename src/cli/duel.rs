//! `tenball duel`: racks between two computer players on every core; the records (JSON lines,
//! a header line with the inputs first, written as racks finish, resumable, shardable) and a
//! summary; `duel merge` puts shards back together.

use std::path::PathBuf;

use std::sync::atomic::Ordering;

use super::CliError;
use super::batch_args::{interrupted, progress_of, stop_on_signals};
use crate::batch::duel::{DuelSpec, summarize};
use crate::batch::duel_run::DuelRun;
use crate::computer::Level;
use crate::referee::Tightness;
use crate::table::TableSize;

/// The most racks one run plays (each takes a second or so of a core at level 5).
pub use crate::batch::duel_run::MAX_RACKS;

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct DuelArgs {
    #[command(subcommand)]
    pub command: Option<DuelCommand>,
    /// Player A's level: 1 (a beginner) to 5 (the best), or greedy (the easiest cut, no
    /// position, no safeties).
    #[arg(long, value_parser = Level::parse, required_unless_present = "ladder", conflicts_with = "ladder")]
    pub a: Option<Level>,
    /// Player B's level.
    #[arg(long, value_parser = Level::parse, required_unless_present = "ladder", conflicts_with = "ladder")]
    pub b: Option<Level>,
    /// Play the ladder instead of one duel: every level against the one and two below it, and
    /// level 5 against greedy, --racks each; then fit ratings to the racks won (Bradley-Terry,
    /// 100 points = 2:1 odds in racks, level 1 at 0). With --out, a folder of one record file
    /// a pairing (`5-vs-4.jsonl`, ...), each resumable with --resume.
    #[arg(long)]
    pub ladder: bool,
    /// Racks to play; A breaks the even ones, B the odd ones.
    #[arg(long, default_value_t = 100)]
    pub racks: u64,
    /// Also count races to this many racks, cut from the racks in order.
    #[arg(long)]
    pub race_to: Option<u32>,
    /// Base seed: rack i plays from a seed derived from it and i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Table size: 9ft, 8ft or 7ft.
    #[arg(long, default_value = "9ft", value_parser = super::shot::parse_size)]
    pub table: TableSize,
    /// How tightly the balls are racked (as for `breaks`).
    #[arg(long, default_value = "hand", value_parser = Tightness::parse)]
    pub rack: Tightness,
    /// The cloth, cushions and pockets: a built-in set (wpa, the default; pro) or an equipment
    /// file; named in the records' header, a resume or merge must use the same.
    #[arg(long, default_value = "wpa", value_parser = crate::physics::Equipment::from_arg)]
    pub equipment: crate::physics::Equipment,
    /// Every break from this cue ball place instead of the computer's own: `X,Y` in metres
    /// (table coordinates, in the kitchen), full on the 1; the rest of the rack is played by
    /// the levels, so the summary's racks won by the breaker are that break's value.
    #[arg(long, allow_hyphen_values = true, value_name = "X,Y")]
    pub break_at: Option<String>,
    /// The breaks' cue ball speed in m/s (default 10.7, a pro's break; with or without
    /// --break-at, whose place defaults to the computer's own).
    #[arg(long, allow_hyphen_values = true)]
    pub break_speed: Option<f64>,
    /// Worker threads (default: every core); the records are the same whatever it is.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write one record per rack here as it is played (JSON lines, a header line first; a new
    /// file unless --resume).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Complete an interrupted run's --out file (the same inputs): the racks in it are kept.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Play only share K of N of the racks (0 <= K < N): racks whose index modulo N is K;
    /// `duel merge` puts the shards back together.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Subcommand)]
pub enum DuelCommand {
    /// Combine the shard files of one duel into its summary (races counted in rack order, as
    /// one run counts them).
    Merge(MergeArgs),
    /// Fit ratings to the racks won in duel record files (each file one duel, or its shards
    /// merged first): Bradley-Terry on FargoRate's scale, 100 points = 2:1 odds in racks.
    Ratings(RatingsArgs),
}

#[derive(Debug, clap::Args)]
pub struct RatingsArgs {
    /// Duel record files, one a pairing (a pairing played twice is summed).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The player whose rating is fixed, and at what: LEVEL=RATING.
    #[arg(long, default_value = "1=0")]
    pub anchor: String,
    /// Add this many virtual drawn racks to every pairing (half won by each side), a prior
    /// that keeps a clean sweep finite; 0 for the plain fit only. Without it the plain fit is
    /// tried first and one draw is added only where a level won or lost every rack, with a
    /// warning.
    #[arg(long)]
    pub draws: Option<f64>,
    /// Print the ratings as one JSON object.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// Shard files of one duel.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Also count races to this many racks.
    #[arg(long)]
    pub race_to: Option<u32>,
    /// Merge what is there even when a shard is missing, unfinished or cut short.
    #[arg(long)]
    pub partial: bool,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

fn check_race_to(race_to: Option<u32>, racks: u64) -> Result<(), CliError> {
    if race_to.is_some_and(|r| !(1..=99).contains(&r)) {
        return Err(CliError::input("--race-to: from 1 to 99 racks"));
    }
    if let Some(r) = race_to
        && racks < u64::from(r)
    {
        return Err(CliError::input(format!(
            "--race-to {r} with --racks {racks}: a race to {r} takes at least {r} racks"
        )));
    }
    Ok(())
}

fn print(summary: &crate::batch::duel::DuelSummary, json: bool) -> Result<(), CliError> {
    if json {
        super::emit(&serde_json::to_string_pretty(summary).expect("summaries serialize"))
    } else {
        super::emit(&summary.to_text())
    }
}

fn merge(args: &MergeArgs) -> Result<(), CliError> {
    let merged =
        crate::batch::duel_run::merge(&args.files, args.partial, &mut |m| super::warn(&m))?;
    check_race_to(args.race_to, merged.records.len() as u64)?;
    print(
        &summarize(&merged.spec, &merged.records, args.race_to),
        args.json,
    )
}

pub fn run(args: &DuelArgs) -> Result<(), CliError> {
    match &args.command {
        Some(DuelCommand::Merge(m)) => return merge(m),
        Some(DuelCommand::Ratings(r)) => return super::ladder::ratings(r),
        None => {}
    }
    if args.ladder {
        return super::ladder::run(args);
    }
    let (Some(a), Some(b)) = (args.a, args.b) else {
        return Err(CliError::input(
            "give both players' levels: --a LEVEL --b LEVEL",
        ));
    };
    if !(1..=MAX_RACKS).contains(&args.racks) {
        return Err(CliError::input(format!(
            "--racks must be 1 to {MAX_RACKS}, got {}",
            args.racks
        )));
    }
    check_race_to(args.race_to, args.racks)?;
    let (k, n) = args
        .shard
        .as_deref()
        .map(super::breaks::parse_shard)
        .transpose()?
        .unwrap_or((0, 1));
    let shard = crate::batch::Shard {
        k,
        n,
        count: args.racks,
    };
    super::breaks::check_not_empty(&shard, "--racks", "racks")?;
    if let Some(t) = args.threads
        && !(1..=256).contains(&t)
    {
        return Err(CliError::input(format!(
            "--threads must be 1 to 256, got {t}"
        )));
    }
    let spec = DuelSpec {
        a,
        b,
        seed: args.seed,
        table: args.table,
        rack: args.rack,
        equipment: args.equipment,
        break_shot: break_shot(args)?,
    };
    let pool = worker_pool(args.threads)?;
    let stop = stop_on_signals();
    let (records, finished) = play(spec, shard, args.out.as_deref(), args.resume, &pool, &stop)?;
    print(&summarize(&spec, &records, args.race_to), args.json)?;
    if !finished {
        return Err(interrupted(
            &stop,
            records.len() as u64,
            shard.len(),
            "racks",
            args.out.as_deref(),
        ));
    }
    Ok(())
}

pub(super) fn worker_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, CliError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| CliError::input(format!("cannot start worker threads: {e}")))
}

/// Plays a duel's racks (a new run, or the rest of `out`'s when `resume`), its records
/// written to `out` as they finish; false with the records so far when a signal stopped it.
pub(super) fn play(
    spec: DuelSpec,
    shard: crate::batch::Shard,
    out: Option<&std::path::Path>,
    resume: bool,
    pool: &rayon::ThreadPool,
    stop: &std::sync::Arc<std::sync::atomic::AtomicUsize>,
) -> Result<(Vec<crate::batch::duel::RackRecord>, bool), CliError> {
    let mut run = DuelRun::open_or_resume(spec, shard, out, resume, &mut |m| super::warn(&m))?;
    let bar = progress_of(run.total(), run.records().len() as u64, "racks");
    let finished = run.run(pool, &|| stop.load(Ordering::SeqCst) != 0, &mut |n| {
        bar.inc(n)
    })?;
    bar.finish_and_clear();
    Ok((run.records().to_vec(), finished))
}

/// `--break-at` and `--break-speed` as the duel's breaks, checked: the place in the kitchen,
/// the speed a stroke may have.
fn break_shot(args: &DuelArgs) -> Result<Option<crate::batch::duel::BreakShot>, CliError> {
    if args.break_at.is_none() && args.break_speed.is_none() {
        return Ok(None);
    }
    let place = match args.break_at.as_deref() {
        None => crate::computer::break_place(args.table),
        Some(s) => super::breaks::parse_xy("--break-at", s, "-0.938,0.485)")?,
    };
    let (x, y) = (place.x, place.y);
    let speed = args.break_speed.unwrap_or(crate::batch::pros::PRO_SPEED);
    let check = crate::batch::BreakSpec {
        table: args.table,
        cue: crate::batch::CuePlace::At(crate::table::Point::new(x, y)),
        speed,
        equipment: args.equipment,
        ..crate::batch::BreakSpec::default()
    };
    check
        .validate()
        .map_err(|e| CliError::input(format!("--break-at / --break-speed: {e}")))?;
    Ok(Some(crate::batch::duel::BreakShot { x, y, speed }))
}

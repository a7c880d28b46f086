//! `tenball breaks`: many simulated breaks in parallel, written as they finish, summarised;
//! `--resume` completes an interrupted run, `--shard K/N` runs one share, `merge` combines
//! shards, `sweep` maps the legal-break share over cue ball places and speeds.

use std::path::PathBuf;
use std::sync::atomic::Ordering;

use super::CliError;
use super::batch_args::{SpecArgs, interrupted, progress, stop_on_signals};
use super::sweep;
use crate::batch::{BatchRun, CuePlace, MAX_SHARDS, RunError, Shard, Tally};
use crate::table::{Point, TableSize};

#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct BreaksArgs {
    #[command(subcommand)]
    pub command: Option<BreaksCommand>,
    #[command(flatten)]
    pub run: RunArgs,
}

#[derive(Debug, clap::Subcommand)]
pub enum BreaksCommand {
    /// Combine shard files into one summary (and optionally one file).
    Merge(MergeArgs),
    /// A grid of cue ball places in the kitchen and speeds: CSV and heatmaps (PNG, SVG).
    Sweep(sweep::SweepArgs),
    /// Print one recorded break as a `tenball shot` input (its rack, cue ball place and stroke
    /// as played, at full precision): played again it ends as its record says.
    Replay(ReplayArgs),
}

#[derive(Debug, clap::Args)]
pub struct ReplayArgs {
    /// A records file of `tenball breaks` (JSON lines or CSV).
    pub file: PathBuf,
    /// The break's index (the record's `index`).
    #[arg(long)]
    pub index: u64,
}

#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Number of breaks.
    #[arg(long, default_value_t = 1000)]
    pub count: u64,
    /// Cue ball speed (m/s).
    #[arg(long, default_value_t = 10.0, allow_hyphen_values = true)]
    pub speed: f64,
    /// Cue ball place: `X,Y` in metres (table coordinates), or `random` for anywhere in the
    /// kitchen; default 5 cm behind the head string on the long string.
    #[arg(long, allow_hyphen_values = true)]
    pub cue: Option<String>,
    #[command(flatten)]
    pub spec: SpecArgs,
    /// Write one record per break here: JSON lines, or CSV for a `.csv` name.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Complete the interrupted run in `--out` with the same inputs.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Run only share K of N (0 <= K < N): breaks whose index modulo N is K.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
}

#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// Shard files (JSON lines or CSV).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Also write all records, in order, to this new file.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Merge what is there even when a shard is missing, unfinished or cut short.
    #[arg(long)]
    pub partial: bool,
}

pub fn run(args: &BreaksArgs) -> Result<(), CliError> {
    match &args.command {
        Some(BreaksCommand::Merge(m)) => merge(m),
        Some(BreaksCommand::Sweep(s)) => sweep::run(s),
        Some(BreaksCommand::Replay(r)) => replay(r),
        None => run_batch(&args.run),
    }
}

fn parse_cue(cue: Option<&str>, table: TableSize) -> Result<CuePlace, CliError> {
    match cue {
        None => Ok(CuePlace::At(Point::new(
            table.spec().head_string_x() - 0.05,
            0.0,
        ))),
        Some("random") => Ok(CuePlace::RandomInKitchen),
        Some(s) => Ok(CuePlace::At(parse_xy("--cue", s, "-0.9,0.2) or `random`")?)),
    }
}

/// A place `X,Y` in metres given to `option`; the message's example is `example`.
pub(super) fn parse_xy(option: &str, s: &str, example: &str) -> Result<Point, CliError> {
    let bad = || {
        CliError::input(format!(
            "{option} `{s}`: expected X,Y in metres (for example {example}"
        ))
    };
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let x: f64 = x.trim().parse().map_err(|_| bad())?;
    let y: f64 = y.trim().parse().map_err(|_| bad())?;
    Ok(Point::new(x, y))
}

/// `K/N` with N >= 1 and K < N.
/// A run of nothing is refused, not summarised as a share of nothing: a count of 0, or a
/// shard that holds none of the run's `unit` (`--shard 5/10` of 3).
pub(super) fn check_not_empty(shard: &Shard, option: &str, unit: &str) -> Result<(), CliError> {
    if shard.count == 0 {
        return Err(CliError::input(format!("{option} must be at least 1")));
    }
    if shard.is_empty() {
        return Err(CliError::input(format!(
            "--shard {}/{}: holds none of the {} {unit} (shard K has those whose index modulo N is K, and every index here is below {}); give N at most {}",
            shard.k, shard.n, shard.count, shard.k, shard.count
        )));
    }
    Ok(())
}

pub(super) fn parse_shard(s: &str) -> Result<(u64, u64), CliError> {
    let bad = |why: &str| CliError::input(format!("--shard `{s}`: {why}"));
    let (k, n) = s
        .split_once('/')
        .ok_or_else(|| bad("expected K/N, for example 0/4"))?;
    let k: u64 = k
        .trim()
        .parse()
        .map_err(|_| bad("K is not a whole number"))?;
    let n: u64 = n
        .trim()
        .parse()
        .map_err(|_| bad("N is not a whole number"))?;
    if n == 0 {
        return Err(bad("N must be at least 1"));
    }
    if k >= n {
        return Err(bad("K must be below N (shards are numbered from 0)"));
    }
    if n > MAX_SHARDS {
        return Err(bad(&format!("N is at most {MAX_SHARDS}")));
    }
    Ok((k, n))
}

fn run_batch(args: &RunArgs) -> Result<(), CliError> {
    let cue = parse_cue(args.cue.as_deref(), args.spec.table)?;
    let spec = args.spec.spec(cue, args.speed)?;
    let (k, n) = args
        .shard
        .as_deref()
        .map(parse_shard)
        .transpose()?
        .unwrap_or((0, 1));
    let shard = Shard {
        k,
        n,
        count: args.count,
    };
    check_not_empty(&shard, "--count", "breaks")?;
    let pool = args.spec.pool()?;
    let mut run =
        BatchRun::open_or_resume(spec, shard, args.out.as_deref(), args.resume, &mut |m| {
            super::warn(&m)
        })?;
    let stop = stop_on_signals();
    let bar = progress(run.total(), run.done());
    let finished = run.run(&pool, &|| stop.load(Ordering::SeqCst) != 0, &mut |n| {
        bar.inc(n)
    })?;
    bar.finish_and_clear();
    print_summary(run.tally(), args.json)?;
    if !finished {
        return Err(interrupted(
            &stop,
            run.done(),
            run.total(),
            "breaks",
            args.out.as_deref(),
        ));
    }
    Ok(())
}

impl From<RunError> for CliError {
    fn from(e: RunError) -> CliError {
        CliError {
            code: e.code,
            message: e.message,
        }
    }
}

pub fn print_summary(tally: &Tally, json: bool) -> Result<(), CliError> {
    let summary = tally.summary();
    if json {
        super::emit(&serde_json::to_string_pretty(&summary).expect("summaries serialize"))
    } else {
        super::emit(&summary.to_text())
    }
}

fn replay(args: &ReplayArgs) -> Result<(), CliError> {
    let (inputs, record) =
        crate::batch::run::find_record(&args.file, args.index).map_err(CliError::input)?;
    let (layout, strike) = crate::batch::replay(&inputs.spec, &record);
    #[derive(serde::Serialize)]
    struct Config {
        equipment: crate::physics::Equipment,
    }
    #[derive(serde::Serialize)]
    struct ShotInput {
        layout: crate::physics::Layout,
        strike: crate::physics::Strike,
        config: Config,
    }
    let input = ShotInput {
        layout,
        strike,
        config: Config {
            equipment: inputs.spec.equipment,
        },
    };
    super::emit(&serde_json::to_string_pretty(&input).expect("inputs serialize"))
}

fn merge(args: &MergeArgs) -> Result<(), CliError> {
    let tally = crate::batch::merge(&args.files, args.out.as_deref(), args.partial, &mut |m| {
        super::warn(&m)
    })?;
    print_summary(&tally, args.json)
}

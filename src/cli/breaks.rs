//! `tenball breaks`: many simulated breaks in parallel, written as they finish, summarised;
//! `--resume` completes an interrupted run, `--shard K/N` runs one share, `merge` combines
//! shards, `sweep` maps the legal-break share over cue ball places and speeds.

use std::fs::OpenOptions;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use signal_hook::consts::{SIGINT, SIGTERM};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::CliError;
use super::shot::parse_size;
use super::sweep;
use crate::batch::records::{self, Format, RunInputs};
use crate::batch::{BreakRecord, BreakSpec, CuePlace, Noise, Tally, break_seed, run_break};
use crate::referee::Tightness;
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
}

/// The inputs of a batch shared by `breaks` and `breaks sweep`.
#[derive(Debug, Clone, clap::Args)]
pub struct SpecArgs {
    /// Base seed; break i uses a seed derived from it and i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Tip offset right of centre, as a share of the ball's radius.
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    pub side: f64,
    /// Tip offset above centre (follow > 0, draw < 0), as a share of the radius.
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    pub height: f64,
    /// Cue elevation (degrees).
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    pub elevation: f64,
    /// Table size: 9ft, 8ft or 7ft.
    #[arg(long, default_value = "9ft", value_parser = parse_size)]
    pub table: TableSize,
    /// No execution noise (by default each stroke gets gaussian errors of 0.125 deg aim,
    /// 0.075 m/s speed, 0.5 mm tip offset and 0.1 deg elevation, FastFiz's values).
    #[arg(long)]
    pub no_noise: bool,
    /// How tightly each break's balls are racked: perfect, tight, typical, loose or the
    /// largest gap between neighbours in mm; each break's gaps are drawn from its seed.
    #[arg(long, default_value = "typical", value_parser = Tightness::parse)]
    pub rack: Tightness,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
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
        None => run_batch(&args.run),
    }
}

impl SpecArgs {
    /// The batch's shared inputs, checked.
    pub fn spec(&self, cue: CuePlace, speed: f64) -> Result<BreakSpec, CliError> {
        let spec = BreakSpec {
            seed: self.seed,
            table: self.table,
            cue,
            speed,
            side: self.side,
            height: self.height,
            elevation_deg: self.elevation,
            noise: (!self.no_noise).then(Noise::default),
            rack: self.rack,
        };
        spec.validate().map_err(CliError::input)?;
        Ok(spec)
    }

    pub fn pool(&self) -> Result<rayon::ThreadPool, CliError> {
        if let Some(t) = self.threads
            && !(1..=MAX_THREADS).contains(&t)
        {
            return Err(CliError::input(format!(
                "--threads must be 1 to {MAX_THREADS}, got {t}"
            )));
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .map_err(|e| CliError::input(format!("cannot start worker threads: {e}")))
    }
}

/// The most worker threads a run may ask for (thousands would exhaust the machine's memory
/// for thread stacks before the first break).
const MAX_THREADS: usize = 256;

fn parse_cue(cue: Option<&str>, table: TableSize) -> Result<CuePlace, CliError> {
    match cue {
        None => Ok(CuePlace::At(Point::new(
            table.spec().head_string_x() - 0.05,
            0.0,
        ))),
        Some("random") => Ok(CuePlace::RandomInKitchen),
        Some(s) => {
            let bad = || {
                CliError::input(format!(
                    "--cue `{s}`: expected X,Y in metres (for example -0.9,0.2) or `random`"
                ))
            };
            let (x, y) = s.split_once(',').ok_or_else(bad)?;
            let x: f64 = x.trim().parse().map_err(|_| bad())?;
            let y: f64 = y.trim().parse().map_err(|_| bad())?;
            Ok(CuePlace::At(Point::new(x, y)))
        }
    }
}

/// The most shards a run may be cut into: more than any cluster, few enough that a list of
/// them stays small.
pub const MAX_SHARDS: u64 = 100_000;

/// The shards of `0..n` not in `seen`, in one line of ranges ("shards 1 to 999 of 1000 are
/// missing"; at most ten ranges named), or `None` when none is.
fn missing_shards(seen: &std::collections::BTreeSet<u64>, n: u64) -> Option<String> {
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    let mut next = 0;
    for &k in seen.iter().chain(std::iter::once(&n)) {
        if k > next {
            ranges.push((next, k - 1));
        }
        next = k + 1;
    }
    if ranges.is_empty() {
        return None;
    }
    let count: u64 = ranges.iter().map(|(a, b)| b - a + 1).sum();
    let mut words: Vec<String> = ranges
        .iter()
        .take(10)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a} to {b}")
            }
        })
        .collect();
    if ranges.len() > 10 {
        words.push(format!("and {} more ranges", ranges.len() - 10));
    }
    Some(format!(
        "{count} of the {n} shards {} missing: {}",
        if count == 1 { "is" } else { "are" },
        words.join(", ")
    ))
}

/// `K/N` with N >= 1 and K < N.
fn parse_shard(s: &str) -> Result<(u64, u64), CliError> {
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

/// A progress bar with rate and time left on a terminal; nothing otherwise.
pub fn progress(total: u64, done: u64) -> ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    bar.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} breaks  {rate}  {elapsed} elapsed, {eta} left",
        )
        .expect("a valid template")
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.1} breaks/s", state.per_sec());
            },
        ),
    );
    bar.set_position(done);
    bar
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
    // The run's breaks are k, k + n, k + 2n, ... below --count, taken in chunks as they are
    // run: memory stays flat however large the count.
    let shard = Shard {
        k,
        n,
        count: args.count,
    };
    let total = shard.len();
    let pool = args.spec.pool()?;

    let mut tally = Tally::default();
    let mut done = 0usize;
    let mut file = None;
    let inputs = RunInputs {
        spec,
        shard: [k, n],
        count: args.count,
    };
    if let Some(path) = &args.out {
        let format = Format::of(path);
        let exists = path.exists();
        if exists && !args.resume {
            return Err(CliError::input(format!(
                "{}: exists; add --resume to complete it, or choose another --out",
                path.display()
            )));
        }
        let f = if exists {
            // The lock first, then the reading: a second run on the same file is refused
            // before it reads or writes anything.
            let mut f = OpenOptions::new()
                .read(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError::input(format!("{}: cannot open: {e}", path.display())))?;
            lock(&f, path)?;
            let back = records::read(path).map_err(CliError::input)?;
            check_inputs(path, back.inputs.as_ref(), &inputs)?;
            check_resumed(path, &back.records, &shard, &spec)?;
            for r in &back.records {
                tally.add(r);
            }
            done = back.records.len();
            if let Some((line, bytes)) = &back.partial {
                // Cut only what is provably the start of the line this run was writing.
                let expected = if back.valid_len == 0 {
                    records::header(format, &inputs)
                } else if !back.columns {
                    records::csv_columns()
                } else if (done as u64) < total {
                    let next =
                        run_break(&spec, shard.index(done as u64)).map_err(CliError::input)?;
                    records::encode(format, &[next])
                } else {
                    Vec::new()
                };
                if !expected.starts_with(bytes) {
                    return Err(CliError::input(format!(
                        "{}:{line}: the last line is not a record of this run cut short; the file is left as it is (remove that line by hand to resume)",
                        path.display()
                    )));
                }
                super::warn(&format!(
                    "{}:{line}: a record cut short by the interruption; it is run again",
                    path.display()
                ));
                f.set_len(back.valid_len).map_err(|e| {
                    CliError::input(format!(
                        "{}: cannot cut the partial record: {e}",
                        path.display()
                    ))
                })?;
            }
            if back.valid_len == 0 {
                records::append(&mut f, &records::header(format, &inputs)).map_err(io_err(path))?;
            } else if !back.columns {
                // Killed between the inputs' comment and the column line: the line first.
                records::append(&mut f, &records::csv_columns()).map_err(io_err(path))?;
            }
            super::warn(&format!(
                "resuming: {done} of {total} breaks already in {}",
                path.display()
            ));
            f
        } else {
            let mut f = OpenOptions::new()
                .create_new(true)
                .append(true)
                .open(path)
                .map_err(|e| CliError::input(format!("{}: cannot create: {e}", path.display())))?;
            lock(&f, path)?;
            records::append(&mut f, &records::header(format, &inputs)).map_err(io_err(path))?;
            f
        };
        file = Some(f);
    }

    // The signal that asks the run to stop (Ctrl-C, or `kill`): it ends after the breaks in
    // hand, their records written, with the shell's code for that signal (130, 143).
    let stop = Arc::new(AtomicUsize::new(0));
    for sig in [SIGINT, SIGTERM] {
        let _ = signal_hook::flag::register_usize(sig, stop.clone(), sig as usize);
    }
    let bar = progress(total, done as u64);
    // Chunks big enough that uneven breaks even out across the threads, small enough that
    // Ctrl-C stops within a second or two.
    let chunk = pool.current_num_threads().max(1) as u64 * 32;
    let format = args.out.as_deref().map(Format::of).unwrap_or(Format::Jsonl);
    let mut interrupted = false;
    let mut next = done as u64;
    while next < total {
        if stop.load(Ordering::SeqCst) != 0 {
            interrupted = true;
            break;
        }
        let end = (next + chunk).min(total);
        let batch: Vec<u64> = (next..end).map(|j| shard.index(j)).collect();
        next = end;
        let recs: Vec<BreakRecord> = pool
            .install(|| {
                batch
                    .par_iter()
                    .map(|&i| run_break(&spec, i))
                    .collect::<Result<Vec<_>, _>>()
            })
            .map_err(|e| CliError {
                code: 1,
                message: format!("{e}; the records before it are kept"),
            })?;
        for r in &recs {
            tally.add(r);
        }
        if let (Some(f), Some(path)) = (file.as_mut(), args.out.as_deref()) {
            records::append(f, &records::encode(format, &recs)).map_err(io_err(path))?;
        }
        bar.inc(recs.len() as u64);
    }
    bar.finish_and_clear();
    print_summary(&tally, args.json)?;
    if interrupted {
        return Err(CliError {
            code: 128 + stop.load(Ordering::SeqCst).min(127) as u8,
            message: format!(
                "interrupted after {} of {} breaks{}",
                tally.breaks,
                total,
                args.out
                    .as_deref()
                    .map(|p| format!(
                        "; the records are in {}, add --resume to complete them",
                        p.display()
                    ))
                    .unwrap_or_default()
            ),
        });
    }
    Ok(())
}

fn io_err(path: &Path) -> impl Fn(std::io::Error) -> CliError + '_ {
    move |e| CliError {
        code: 1,
        message: format!("{}: cannot write: {e}", path.display()),
    }
}

/// The breaks of one shard of a run: indices k, k + n, k + 2n, ... below `count`.
#[derive(Debug, Clone, Copy)]
struct Shard {
    k: u64,
    n: u64,
    count: u64,
}

impl Shard {
    fn len(&self) -> u64 {
        if self.count > self.k {
            (self.count - self.k - 1) / self.n + 1
        } else {
            0
        }
    }

    /// The index of the shard's `j`th break.
    fn index(&self, j: u64) -> u64 {
        self.k + j * self.n
    }
}

/// Holds the records file for this run alone until it ends: a second run on the same file (a
/// retried job resuming its shard while the first still runs) is refused.
fn lock(f: &std::fs::File, path: &Path) -> Result<(), CliError> {
    match f.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(CliError::input(format!(
            "{}: another tenball run is writing this file; wait for it to end",
            path.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => Err(CliError::input(format!(
            "{}: cannot lock: {e}",
            path.display()
        ))),
    }
}

/// A file must have been made with the inputs of this run (the count may grow).
fn check_inputs(path: &Path, have: Option<&RunInputs>, want: &RunInputs) -> Result<(), CliError> {
    let Some(have) = have else {
        return Err(no_header(path));
    };
    let differ = differences(have, want);
    if differ.is_empty() {
        Ok(())
    } else {
        Err(CliError::input(format!(
            "{}: was made with {}; resume with the inputs of the first run",
            path.display(),
            differ.join(", ")
        )))
    }
}

fn no_header(path: &Path) -> CliError {
    CliError::input(format!(
        "{}: has no header line saying what it was made with (made by an older tenball, or not a breaks file)",
        path.display()
    ))
}

/// Where the cue ball goes, as `--cue` takes it.
fn cue_words(c: &CuePlace) -> String {
    match c {
        CuePlace::At(p) => format!("{},{}", crate::echo::number(p.x), crate::echo::number(p.y)),
        CuePlace::RandomInKitchen => "random".into(),
    }
}

/// How two runs' inputs differ, in the options' words ("this run" is `want`).
fn differences(have: &RunInputs, want: &RunInputs) -> Vec<String> {
    let mut differ = Vec::new();
    let (a, b) = (&have.spec, &want.spec);
    if a.seed != b.seed {
        differ.push(format!("--seed {} (this run: {})", a.seed, b.seed));
    }
    if a.speed != b.speed {
        differ.push(format!("--speed {} (this run: {})", a.speed, b.speed));
    }
    if a.cue != b.cue {
        differ.push(format!(
            "--cue {} (this run: {})",
            cue_words(&a.cue),
            cue_words(&b.cue)
        ));
    }
    if a.table != b.table {
        differ.push(format!(
            "--table {} (this run: {})",
            a.table.name(),
            b.table.name()
        ));
    }
    if (a.side, a.height, a.elevation_deg) != (b.side, b.height, b.elevation_deg) {
        differ.push(format!(
            "--side/--height/--elevation {}/{}/{} (this run: {}/{}/{})",
            a.side, a.height, a.elevation_deg, b.side, b.height, b.elevation_deg
        ));
    }
    if a.noise != b.noise {
        differ.push(format!(
            "noise {} (this run: {})",
            if a.noise.is_some() {
                "on"
            } else {
                "off (--no-noise)"
            },
            if b.noise.is_some() {
                "on"
            } else {
                "off (--no-noise)"
            }
        ));
    }
    if a.rack != b.rack {
        differ.push(format!(
            "--rack {} (this run: {})",
            a.rack.name(),
            b.rack.name()
        ));
    }
    if have.count != want.count {
        differ.push(format!("--count {} (this run: {})", have.count, want.count));
    }
    if have.shard != want.shard {
        differ.push(format!(
            "--shard {}/{} (this run: {}/{})",
            have.shard[0], have.shard[1], want.shard[0], want.shard[1]
        ));
    }
    differ
}

/// The records already in a file must be the first breaks of this very run.
fn check_resumed(
    path: &Path,
    have: &[BreakRecord],
    shard: &Shard,
    spec: &BreakSpec,
) -> Result<(), CliError> {
    if have.len() as u64 > shard.len() {
        return Err(CliError::input(format!(
            "{}: holds {} records, more than the {} this run makes; check --count and --shard",
            path.display(),
            have.len(),
            shard.len()
        )));
    }
    for (k, r) in have.iter().enumerate() {
        let i = shard.index(k as u64);
        if r.index != i || r.seed != break_seed(spec.seed, i) {
            return Err(CliError::input(format!(
                "{}: record {} is break {} with seed {}, but this run's break {} has seed {}; resume with the inputs of the first run (--seed, --count, --shard)",
                path.display(),
                k + 1,
                r.index,
                r.seed,
                i,
                break_seed(spec.seed, i)
            )));
        }
    }
    Ok(())
}

pub fn print_summary(tally: &Tally, json: bool) -> Result<(), CliError> {
    let summary = tally.summary();
    if json {
        super::emit(&serde_json::to_string_pretty(&summary).expect("summaries serialize"))
    } else {
        super::emit(&summary.to_text())
    }
}

fn merge(args: &MergeArgs) -> Result<(), CliError> {
    let mut all: Vec<BreakRecord> = Vec::new();
    // The first shard's file and inputs: every other must come from the same run.
    let mut run: Option<(PathBuf, RunInputs)> = None;
    let mut seen: std::collections::BTreeSet<u64> = std::collections::BTreeSet::new();
    let mut gaps: Vec<String> = Vec::new();
    for path in &args.files {
        let back = records::read(path).map_err(CliError::input)?;
        let inputs = back.inputs.ok_or_else(|| no_header(path))?;
        if let Some((line, _)) = back.partial {
            gaps.push(format!(
                "{}:{line}: the last record is cut short (complete that shard with --resume)",
                path.display()
            ));
        }
        if let Some((first_path, first)) = &run {
            let mut want = first.clone();
            want.shard[0] = inputs.shard[0];
            let differ = differences(&inputs, &want);
            if !differ.is_empty() {
                return Err(CliError::input(format!(
                    "{}: is not a shard of the run of {}: made with {}",
                    path.display(),
                    first_path.display(),
                    differ.join(", ")
                )));
            }
        } else {
            run = Some((path.clone(), inputs.clone()));
        }
        let [k, n] = inputs.shard;
        if n > MAX_SHARDS || k >= n {
            return Err(CliError::input(format!(
                "{}: shard {k}/{n}: a run has from 1 to {MAX_SHARDS} shards, numbered from 0",
                path.display()
            )));
        }
        if !seen.insert(k) {
            return Err(CliError::input(format!(
                "{}: shard {k}/{n} is given twice",
                path.display()
            )));
        }
        let expected = Shard {
            k,
            n,
            count: inputs.count,
        }
        .len();
        if (back.records.len() as u64) > expected {
            return Err(CliError::input(format!(
                "{}: shard {k}/{n} holds {} breaks, more than the {expected} of its run",
                path.display(),
                back.records.len()
            )));
        }
        if (back.records.len() as u64) < expected {
            gaps.push(format!(
                "{}: shard {k}/{n} holds {} of its {expected} breaks (unfinished)",
                path.display(),
                back.records.len()
            ));
        }
        all.extend(back.records);
    }
    let Some((_, first)) = run else {
        return Err(CliError::input("no shard files given"));
    };
    if let Some(missing) = missing_shards(&seen, first.shard[1]) {
        gaps.push(missing);
    }
    if !gaps.is_empty() {
        if !args.partial {
            return Err(CliError::input(format!(
                "{}; add --partial to merge what is there",
                gaps.join("; ")
            )));
        }
        super::warn(&format!("note (--partial): {}", gaps.join("; ")));
    }
    all.sort_by_key(|r| r.index);
    if let Some(w) = all.windows(2).find(|w| w[0].index == w[1].index) {
        return Err(CliError::input(format!(
            "break {} is in more than one file",
            w[0].index
        )));
    }

    if let Some(out) = &args.out {
        let format = Format::of(out);
        let mut f = OpenOptions::new()
            .create_new(true)
            .append(true)
            .open(out)
            .map_err(|e| CliError::input(format!("{}: cannot create: {e}", out.display())))?;
        let merged = RunInputs {
            shard: [0, 1],
            ..first.clone()
        };
        let mut bytes = records::header(format, &merged);
        bytes.extend(records::encode(format, &all));
        records::append(&mut f, &bytes).map_err(io_err(out))?;
    }
    let mut tally = Tally::default();
    for r in &all {
        tally.add(r);
    }
    print_summary(&tally, args.json)?;
    Ok(())
}

#[cfg(test)]
mod shard_tests {
    use super::missing_shards;

    #[test]
    fn missing_shards_are_said_in_ranges() {
        let seen = [0u64, 5].into_iter().collect();
        assert_eq!(
            missing_shards(&seen, 1_000_000).unwrap(),
            "999998 of the 1000000 shards are missing: 1 to 4, 6 to 999999"
        );
        let all = (0..3u64).collect();
        assert_eq!(missing_shards(&all, 3), None);
    }
}

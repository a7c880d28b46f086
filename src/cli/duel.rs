//! `tenball duel`: racks between two computer players on every core; the records (JSON lines,
//! a header line with the inputs first) and a summary.

use std::path::PathBuf;

use rayon::prelude::*;

use super::CliError;
use crate::computer::Level;
use crate::computer::duel::{DuelSpec, RackRecord, play_rack, summarize};
use crate::referee::Tightness;
use crate::table::TableSize;

/// The most racks one run plays (each takes a second or so of a core at level 5).
pub const MAX_RACKS: u64 = 100_000;

#[derive(Debug, clap::Args)]
pub struct DuelArgs {
    /// Player A's level: 1 (a beginner) to 5 (the best), or greedy (the easiest cut, no
    /// position, no safeties).
    #[arg(long, value_parser = Level::parse)]
    pub a: Level,
    /// Player B's level.
    #[arg(long, value_parser = Level::parse)]
    pub b: Level,
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
    #[arg(long, default_value = "typical", value_parser = Tightness::parse)]
    pub rack: Tightness,
    /// Worker threads (default: every core); the records are the same whatever it is.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Write one record per rack here (JSON lines; a new file).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &DuelArgs) -> Result<(), CliError> {
    if !(1..=MAX_RACKS).contains(&args.racks) {
        return Err(CliError::input(format!(
            "--racks must be 1 to {MAX_RACKS}, got {}",
            args.racks
        )));
    }
    if args.race_to.is_some_and(|r| !(1..=99).contains(&r)) {
        return Err(CliError::input("--race-to: from 1 to 99 racks"));
    }
    if let Some(t) = args.threads
        && !(1..=256).contains(&t)
    {
        return Err(CliError::input(format!(
            "--threads must be 1 to 256, got {t}"
        )));
    }
    if let Some(out) = &args.out
        && let Some(why) = crate::outfile::problem(out, "the records file")
    {
        return Err(CliError::input(why));
    }
    let spec = DuelSpec {
        a: args.a,
        b: args.b,
        seed: args.seed,
        table: args.table,
        rack: args.rack,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| CliError::input(format!("cannot start worker threads: {e}")))?;
    let recs: Vec<RackRecord> = pool
        .install(|| {
            (0..args.racks)
                .into_par_iter()
                .map(|i| play_rack(&spec, i))
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| CliError {
            code: 1,
            message: e,
        })?;
    if let Some(out) = &args.out {
        let mut text = serde_json::to_string(&serde_json::json!({ "tenball_duel": spec }))
            .expect("specs serialize");
        text.push('\n');
        for r in &recs {
            text.push_str(&serde_json::to_string(r).expect("records serialize"));
            text.push('\n');
        }
        crate::outfile::write_new(out, text.as_bytes()).map_err(|e| CliError {
            code: 1,
            message: format!("{}: cannot write the records: {e}", out.display()),
        })?;
    }
    let summary = summarize(&spec, &recs, args.race_to);
    if args.json {
        super::emit(&serde_json::to_string_pretty(&summary).expect("summaries serialize"))
    } else {
        super::emit(&summary.to_text())
    }
}

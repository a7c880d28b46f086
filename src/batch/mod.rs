//! Headless batch runs for analysts: many breaks in parallel, their records on disk, their
//! statistics with intervals, sweeps over where and how hard the break is struck, the break
//! against the pros; duels between the computer's levels (`duel`, `duel_run`) and the ratings
//! fitted to them (`ratings`). Breaks and duels share one resumable, sharded run ([`Run`],
//! `run`). Each break and stroke is played through `adapter::play_shot`; the batch never
//! decides a rule, and it knows nothing of the command line (`cli/` turns options into its
//! types and prints its results).
//! The sweep's heatmaps and the pros' plot are not in the web build (wasm32 draws no files).

mod breaks;
pub mod claims;
pub mod drill_run;
pub mod duel;
pub mod duel_run;
pub mod lines;
pub mod merge;
pub mod pros;
pub mod ratings;
pub mod records;
pub mod run;
mod summary;
#[cfg(not(target_arch = "wasm32"))]
pub mod sweep;

pub use breaks::{BreakRecord, BreakSpec, CuePlace, break_seed, replay, run_break};
pub use merge::merge;
pub use run::{BatchRun, BreakJob, Job, MAX_SHARDS, Run, RunError, Shard};
pub use summary::{Share, Summary, Tally};

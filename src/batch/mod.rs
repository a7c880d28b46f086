//! Headless batch runs for analysts: many breaks in parallel, their records on disk, their
//! statistics, and sweeps over where and how hard the break is struck.

mod breaks;
pub mod pros;
pub mod records;
pub mod run;
mod summary;
pub mod sweep;

pub use breaks::{BreakRecord, BreakSpec, CuePlace, break_seed, run_break};
pub use run::{BatchRun, MAX_SHARDS, RunError, Shard, merge};
pub use summary::{Share, Summary, Tally};

//! The `tenball` binary as a user runs it: `breaks`, `drill`, `judge`, `shot` and `play` (examples,
//! malformed input, threads, resume, shards); one binary.

mod breaks;
#[path = "../common/mod.rs"]
mod common;
mod drill;
mod judge;
mod play;
mod shot;

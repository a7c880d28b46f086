//! The `tenball` binary as a user runs it: `breaks`, `judge`, `shot` and `play` (examples,
//! malformed input, threads, resume, shards); one binary.

mod breaks;
#[path = "../common/mod.rs"]
mod common;
mod judge;
mod play;
mod shot;

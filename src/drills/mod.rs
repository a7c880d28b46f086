//! Drills (issue 60): practice scored as players' drill systems score it. So far the scoring
//! ([`scoring`]): Billiard University's progressive practice, points per attempt and balls run,
//! counting outcomes that the physics and the referee decide. The drill files, the library,
//! the game's screen and the calibration by the computer's levels are still to come.

pub mod scoring;

pub use scoring::{Attempt, Score, Scoring};

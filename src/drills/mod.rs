//! Drills (issue 60): practice scored as players' drill systems score it. A drill is a file
//! ([`file`]: a position, what each attempt must do, the scoring); a [`Session`] plays it,
//! each stroke through `adapter::play_shot`, its outcome read from the physics and the
//! referee; [`scoring`] counts (Billiard University's progressive practice, points, balls run,
//! a race against the ghost); [`player`] has a computer level play a drill, which `drill rate`
//! plays many times so that [`rating`] can set a score among the levels on the ladder's scale;
//! [`progress`] keeps a player's sessions.

pub mod file;
pub mod player;
pub mod progress;
pub mod rating;
pub mod scoring;
pub mod session;

pub use file::{Drill, DrillError, Play, find, library};
pub use scoring::{Attempt, Score, Scoring};
pub use session::{Due, Played, Session, Stroke};

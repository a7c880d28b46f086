//! The lag for the first break (5.1, 1.2).

use serde::{Deserialize, Serialize};

use super::state::PlayerId;

/// Why a lag ball is bad (1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LagFault {
    CrossedLongString,
    /// Touched the foot cushion other than once.
    FootCushionNotOnce,
    Pocketed,
    OffTable,
    TouchedSideCushion,
    /// Came to rest in the corner pocket area past the head cushion's nose.
    RestsPastHeadCushionNose,
}

/// One player's lag ball.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LagShot {
    /// Distance of the resting ball from the head cushion nose (m).
    pub distance: f64,
    #[serde(default)]
    pub fault: Option<LagFault>,
}

/// The lag's result: the winner, who then chooses who breaks, or none (lag again).
pub fn lag_winner(a: LagShot, b: LagShot) -> Option<PlayerId> {
    match (a.fault, b.fault) {
        (Some(_), Some(_)) => None,
        (Some(_), None) => Some(PlayerId::B),
        (None, Some(_)) => Some(PlayerId::A),
        (None, None) if a.distance < b.distance => Some(PlayerId::A),
        (None, None) if b.distance < a.distance => Some(PlayerId::B),
        (None, None) => None,
    }
}

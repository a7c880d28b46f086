//! The referee: the Ten Ball rules engine. Plain Rust and serde, no bevy and no rapier: it takes
//! a state, a call and the facts of a shot and returns a ruling with its rule numbers and the
//! next state. Rule numbers are the seed's (`shared/rules/ten-ball-seed.nl.txt`).

mod actions;
mod judge;
mod lag;
pub mod performance;
mod rack;
mod ruling;
mod settle;
mod shot;
mod state;
mod steps;

pub use actions::{Action, ActionError, MAX_ACTIONS, Step};
pub use judge::{Judged, RulesError};
pub use lag::{LagFault, LagShot, lag_winner};
pub use rack::{
    CUE_CLEARANCE, MAX_RACK_GAP_MM, RACK_GAP, RACK_NAMES, TEMPLATE_SET_TOLERANCE, Tightness,
    WPA_BALL_TOLERANCE, rack, spot_ten,
};
pub use ruling::{FoulFound, InHand, RackResult, Ruling, Spotted, Turn, TurnAction, WinReason};
pub use shot::{
    BallAt, CUE, Call, CueBallFate, Declared, Foul, Penalty, Pocketed, RailContact, ShotFacts,
};
/// Ball lists and plurals in the referee's words, for other explanations to match them.
pub(crate) use shot::{list, plural};
pub use state::{
    BallSet, BreakOrder, ChoiceReason, CueBall, FoulCount, GameState, Phase, PlayerId, Rules,
    TableChoice,
};

/// Every rule number a ruling or a teaching text may cite: the seed's general rules (1.x), its
/// Ten Ball section (5.x) and fouls (7.x; the seed has no 7.11), and the WPA definitions the
/// rules page cites (8.1 rail, 8.4 driven to a rail, 8.5 driven off the table).
pub const RULE_NUMBERS: [&str; 35] = [
    "1.2", "1.4", "1.5", "1.6", "1.12", "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "5.8",
    "5.9", "5.10", "5.11", "5.12", "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "7.7", "7.8", "7.9",
    "7.10", "7.12", "7.13", "7.14", "7.15", "7.16", "8.1", "8.4", "8.5",
];

/// Whether `rule` is one of [`RULE_NUMBERS`].
pub fn is_rule_number(rule: &str) -> bool {
    RULE_NUMBERS.contains(&rule)
}

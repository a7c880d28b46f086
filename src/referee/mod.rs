//! The referee: the Ten Ball rules engine. Plain Rust and serde, no bevy and no rapier: it takes
//! a state, a call and the facts of a shot and returns a ruling with its rule numbers and the
//! next state. Rule numbers are the seed's (`shared/rules/ten-ball-seed.nl.txt`).

mod actions;
mod judge;
mod lag;
mod rack;
mod ruling;
mod shot;
mod state;
mod steps;

pub use actions::{Action, ActionError, MAX_ACTIONS, Step};
pub use judge::{Judged, RulesError};
pub use lag::{LagFault, LagShot, lag_winner};
pub use rack::{CUE_CLEARANCE, MAX_RACK_GAP_MM, RACK_GAP, Tightness, rack, spot_ten};
pub use ruling::{FoulFound, InHand, RackResult, Ruling, Spotted, Turn, TurnAction, WinReason};
pub use shot::{
    BallAt, CUE, Call, CueBallFate, Declared, Foul, Penalty, Pocketed, RailContact, ShotFacts,
};
pub use state::{
    BallSet, BreakOrder, ChoiceReason, CueBall, FoulCount, GameState, Phase, PlayerId, Rules,
    TableChoice,
};

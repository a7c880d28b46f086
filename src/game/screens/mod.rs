//! The screens beside the table's free play: set-up (`setup`), the scenario player (`lesson`),
//! the referee's quiz (`quiz`) and drills (`drills`), each driving the match through
//! `GameAction`s or the match's own strokes.

pub mod drills;
pub mod lesson;
pub mod quiz;
pub mod setup;

//! The screens beside the table's free play: set-up (`setup`), the scenario player (`lesson`)
//! and the referee's quiz (`quiz`), each driving the match through `GameAction`s.

pub mod lesson;
pub mod quiz;
pub mod setup;

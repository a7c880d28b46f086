//! The players beside the person at the table: the computer opponent (`opponent`, a client of
//! `computer::decide` that sets up and shoots through `GameAction`s) and the coach (`coach`:
//! the chances of the stroke set up and the next shot it leaves).

pub mod coach;
pub mod opponent;

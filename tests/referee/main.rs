//! The referee: a test per situation of the rulebook (`sections`), property tests over random
//! shot sequences (`properties`), the players' performance counts (`performance`), and a shot
//! from a game state through physics, adapter and referee (`play_shot`); one binary.

mod performance;
mod play_shot;
mod properties;
mod sections;

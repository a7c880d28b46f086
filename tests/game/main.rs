//! The game's logic headless under `MinimalPlugins` with a manual clock: `logic`, `feel` and
//! `quiz` in one binary. The computer at the table (`game_opponent.rs`) and the rendering under
//! Xvfb (`game_render.rs`) have binaries of their own: in one process they would share bevy's
//! task pools and the cores with these tests, and the computer's decisions, counted in frames,
//! would wait on other tests' predictions.
#![cfg(feature = "game")]

mod drills;
mod feel;
mod game_common;
mod logic;
mod quiz;
mod touch;

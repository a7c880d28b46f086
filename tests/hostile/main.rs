//! Regression tests of the hostile rounds, one module for each round's issue
//! (`issue_57::item_4_...`): each test is named after the hole it pins, says how it was found
//! and what happens since the fix. One binary for all of them, so that the crate links once.

#[path = "../common/mod.rs"]
mod common;

mod issue_57;

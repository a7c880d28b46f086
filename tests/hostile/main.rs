//! Regression tests of the hostile rounds, one module for each round's issue
//! (`issue_25::item_4_...`): each test is named after the hole it pins, says how it was found
//! and what happens since the fix. One binary for all of them, so that the crate links once.
//! Issue 10 was the first hostile-input report, 15 the second round, 25 the third and 57 the
//! fourth.

#[path = "../common/mod.rs"]
mod common;

/// Helpers the rounds share.
mod helpers {
    use std::path::Path;
    use std::process::Output;

    pub fn stderr(out: &Output) -> String {
        String::from_utf8_lossy(&out.stderr).into_owned()
    }

    pub fn stdout(out: &Output) -> String {
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn s(p: &Path) -> &str {
        p.to_str().unwrap()
    }

    /// Refused as bad input (exit 2) with `says` in the message; the message.
    pub fn refused(out: &Output, says: &str) -> String {
        let err = stderr(out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(says), "expected {says:?} in: {err}");
        err
    }
}

mod issue_10;
mod issue_15;
mod issue_25;
mod issue_57;

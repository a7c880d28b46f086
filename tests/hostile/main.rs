//! Regression tests of the hostile rounds, one module for each round's issue
//! (`issue_25::item_4_...`): each test is named after the hole it pins, says how it was found
//! and what happens since the fix. One binary for all of them, so that the crate links once.
//! Issue 10 was the first hostile-input report, 15 the second round, 25 the third and 57 the
//! fourth.

#[path = "../common/mod.rs"]
mod common;

/// Helpers the rounds share.
mod helpers {
    use std::io::Write;
    use std::path::Path;
    use std::process::{Command, Output, Stdio};
    use std::time::{Duration, Instant};

    pub fn stderr(out: &Output) -> String {
        String::from_utf8_lossy(&out.stderr).into_owned()
    }

    pub fn stdout(out: &Output) -> String {
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    pub fn s(p: &Path) -> &str {
        p.to_str().unwrap()
    }

    /// Runs `tenball ARGS` with `input` on stdin (written from a thread, so a command that stops
    /// reading never blocks the test) and fails the test if it runs past `secs`.
    pub fn run_with(secs: u64, args: &[&str], input: Vec<u8>, dir: Option<&Path>) -> Output {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_tenball"));
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(d) = dir {
            cmd.current_dir(d);
        }
        let mut child = cmd.spawn().unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let start = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > Duration::from_secs(secs) {
                child.kill().unwrap();
                let out = child.wait_with_output().unwrap();
                panic!(
                    "tenball {args:?} still ran after {secs} s: {}",
                    stderr(&out)
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        let _ = writer.join();
        out
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

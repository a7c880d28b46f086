//! Helpers shared by the tests that run the `tenball` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `tenball ARGS` with `stdin` as its input.
pub fn tenball(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

//! Helpers shared by the integration tests: running the `tenball` binary and reading its
//! answer, a fresh folder of one's own, and positions (balls on a 9 ft table, a called shot's
//! state) built from numbers.
#![allow(dead_code)]

pub mod picture;

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

/// A fresh, empty folder for one test: named after the test binary's process and `name`.
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tenball-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The command's standard output, once it has succeeded (its stderr in the failure).
pub fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// Balls `(number, x, y)` on a 9 ft table.
pub fn layout(balls: &[(u8, f64, f64)]) -> tenball::physics::Layout {
    use tenball::table::{Placed, Point, TableSize};
    tenball::physics::Layout {
        table: TableSize::NineFoot,
        balls: balls
            .iter()
            .map(|&(ball, x, y)| Placed {
                ball,
                at: Point::new(x, y),
            })
            .collect(),
    }
}

/// A called shot by A, from where the cue ball lies, with `balls` on the table (inning 2).
pub fn shot_state(balls: &[u8]) -> tenball::referee::GameState {
    use tenball::referee::{BallSet, CueBall, GameState, Phase, PlayerId, Rules};
    let mut s = GameState::with_breaker(
        Rules::default(),
        tenball::table::TableSize::NineFoot,
        PlayerId::A,
    );
    s.on_table = balls.iter().copied().collect::<BallSet>();
    s.phase = Phase::Shot {
        shooter: PlayerId::A,
        cue_ball: CueBall::AsItLies,
        push_out: false,
    };
    s.inning = 2;
    s
}

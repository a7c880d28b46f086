//! `tenball play` refuses what it cannot use before it opens a window: a bad table file (the
//! file, line and column), a bad option, and no display at all; each with exit code 2.
#![cfg(feature = "game")]

use std::process::Command;

fn play(args: &[&str], display: bool) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tenball"));
    c.arg("play").args(args);
    if !display {
        c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
    }
    c.output().unwrap()
}

#[test]
fn without_a_display_the_game_says_how_to_run_it_instead_of_panicking() {
    let out = play(&[], false);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no display") && err.contains("xvfb-run"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_malformed_table_file_is_named_with_line_and_column() {
    let dir = std::env::temp_dir().join(format!("tenball-cli-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.json");
    std::fs::write(&f, "{\n  \"layout\": {\"balls\": []},\n  \"state\": 7\n}\n").unwrap();
    let out = play(&["--load", f.to_str().unwrap()], true);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.json: 3:"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_table_file_whose_balls_overlap_is_refused() {
    let dir = std::env::temp_dir().join(format!("tenball-cli-play2-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("overlap.json");
    std::fs::write(
        &f,
        r#"{"layout": {"balls": [{"ball": 0, "at": {"x": 0.0, "y": 0.0}}, {"ball": 1, "at": {"x": 0.01, "y": 0.0}}]},
            "state": {"phase": {"phase": "shot", "shooter": "A", "cue_ball": "as_it_lies"}, "on_table": [1]}}"#,
    )
    .unwrap();
    let out = play(&["--load", f.to_str().unwrap()], true);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("overlap.json:") && err.contains("overlap"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_options_are_refused() {
    for args in [
        &["--window", "10x10"][..],
        &["--players", "Ann"],
        &["--camera", "sideways"],
        &["--race-to", "0"],
        &["--quality", "ultra"],
    ] {
        let out = play(args, true);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

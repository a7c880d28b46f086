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

/// Issue 15.5: a display variable that is set but names nothing that answers panicked in winit
/// (exit 101); it is refused with a message, exit 2, as `scenario show` is.
#[test]
fn regression_a_stale_display_is_refused_with_exit_2_not_a_panic() {
    for (var, value) in [
        ("DISPLAY", ":99"),
        ("DISPLAY", ""),
        ("WAYLAND_DISPLAY", "nope"),
    ] {
        for cmd in [&["play"][..], &["scenario", "show"]] {
            let out = Command::new(env!("CARGO_BIN_EXE_tenball"))
                .args(cmd)
                .env_remove("DISPLAY")
                .env_remove("WAYLAND_DISPLAY")
                .env(var, value)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{var}={value:?} {cmd:?}: {err}");
            assert!(
                err.contains("display") && !err.contains("panicked"),
                "{err}"
            );
        }
    }
}

/// Issue 15.1 and 15.11: `--screenshot` wrote its picture map (OUT.json) over the loaded table
/// file and the picture over an existing file; a missing folder ran on for 2,000 frames. Every
/// such path is refused before the window opens, and the files are left as they were.
#[test]
fn regression_a_screenshot_never_writes_over_a_file_nor_into_a_missing_folder() {
    let dir = std::env::temp_dir().join(format!("tenball-cli-shot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("table.json");
    let text = r#"{"layout": {"balls": [{"ball": 0, "at": {"x": -0.6, "y": 0.0}}, {"ball": 1, "at": {"x": 0.3, "y": 0.0}}, {"ball": 10, "at": {"x": 0.9, "y": 0.3}}]},
        "state": {"phase": {"phase": "shot", "shooter": "A", "cue_ball": "as_it_lies", "push_out": false}, "on_table": [1, 10]}}"#;
    std::fs::write(&table, text).unwrap();
    let picture = dir.join("old.png");
    std::fs::write(&picture, b"a picture of mine").unwrap();
    let cases = [
        (dir.join("table.png"), "table.json"),
        (picture.clone(), "old.png"),
        (dir.join("nodir/x.png"), "does not exist"),
    ];
    for (out, says) in cases {
        let o = play(
            &[
                "--load",
                table.to_str().unwrap(),
                "--screenshot",
                out.to_str().unwrap(),
            ],
            true,
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(says), "{err}");
    }
    assert_eq!(std::fs::read_to_string(&table).unwrap(), text);
    assert_eq!(std::fs::read(&picture).unwrap(), b"a picture of mine");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 14.9: `tenball scenario show` (and `diagram`, `check`) failed outside the repository
/// ("assets/scenarios: cannot read"). The library is built into the binary: from any folder a
/// scenario is found by name and the whole library checks.
#[test]
fn regression_the_scenario_library_works_from_any_folder() {
    let dir = std::env::temp_dir().join(format!("tenball-anywhere-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(["scenario", "diagram", "scratch", "--out", "x.png"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("x.png").exists());
    let out = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(["scenario", "check"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let files = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/scenarios"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "json"))
        })
        .count();
    assert!(
        out.status.success() && text.contains(&format!("{files} passed, 0 failed")),
        "{text}"
    );
    // `check` takes a library name as `diagram` does; an unknown one is named in the error.
    let out = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(["scenario", "check", "scratch", "no-such-scenario"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let (text, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(2), "{text}{err}");
    assert!(text.contains("ok    scratch:"), "{text}");
    assert!(
        err.contains("no-such-scenario: no such file or folder, and no scenario of that name"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--link` takes the web build's link text: a bad one is refused before any window opens,
/// with what is wrong and where.
#[test]
fn a_bad_link_is_refused_with_what_is_wrong() {
    use base64::Engine;
    let packed = miniz_oxide::deflate::compress_to_vec(b"{\"layout\": 7}", 9);
    let not_a_table = format!(
        "?table={}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(packed)
    );
    for (link, words) in [
        (
            "?scenario=no-such-scenario",
            "`no-such-scenario` is not in the library",
        ),
        ("?table=abc$def", "`$` at character 4"),
        ("?table=eJzLSM3JyQcABiwCFQ", "does not unpack"),
        (not_a_table.as_str(), "the link's table: 1:"),
        (
            "http://localhost/?lang=en",
            "none of scenario=NAME, table=TEXT, quiz=SEED and drill=NAME",
        ),
        ("?quiz=3&count=x", "count= `x` is not a whole number"),
        (
            "?drill=no-such-drill",
            "`no-such-drill` is not in the library",
        ),
    ] {
        let out = play(&["--link", link], true);
        assert_eq!(out.status.code(), Some(2), "{link}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("--link: ") && err.contains(words),
            "{link}: {err}"
        );
    }
    let out = play(&["--link", "?scenario=scratch", "--load", "x.json"], true);
    assert_eq!(out.status.code(), Some(2), "--link and --load together");
}

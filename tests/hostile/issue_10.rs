//! Regression tests for the hostile-input report (issue 10), one named after each bug it pins:
//! the symptom, and since the fix what happens instead.

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::common::tenball;

fn shot_with_config(config: &str) -> String {
    let text = std::fs::read_to_string("assets/examples/shot-break.json").unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["config"] = serde_json::from_str(config).unwrap();
    v.to_string()
}

/// Was: `sample_dt` 1e-300 never advanced the sampling clock and ate memory until killed; `dt`
/// 1e-9 ran for minutes. Now each setting has bounds, said in the error, and exit 2.
#[test]
fn shot_settings_out_of_bounds_are_refused_with_the_bounds() {
    for (config, field) in [
        (r#"{"sample_dt": 1e-300}"#, "config.sample_dt"),
        (r#"{"sample_dt": 1e-9}"#, "config.sample_dt"),
        (r#"{"dt": 1e-9}"#, "config.dt"),
        (r#"{"dt": 1e-6, "fast_forward": false}"#, "config.dt"),
        (r#"{"max_time": 1e9}"#, "config.max_time"),
    ] {
        let start = Instant::now();
        let out = tenball(&["shot", "--no-paths", "-"], &shot_with_config(config));
        assert_eq!(out.status.code(), Some(2), "{config}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(field) && err.contains("within"),
            "{config}: {err}"
        );
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{config} took {:?}",
            start.elapsed()
        );
    }
}

/// Was: at `--speed 20` (or `--elevation 89`) the execution noise pushed a stroke past the
/// strike's limit and the run panicked, again at the same break on `--resume`. Now noise stays
/// within the limits and the runs finish.
#[test]
fn breaks_at_the_strike_limits_with_noise_finish() {
    for args in [
        &["--speed", "20"][..],
        &["--speed", "19.8"],
        &["--elevation", "89", "--speed", "3"],
    ] {
        let mut all = vec!["breaks", "--count", "24", "--json"];
        all.extend_from_slice(args);
        let out = tenball(&all, "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["breaks"], 24, "{args:?}");
    }
}

/// Was: `--count 1000000000000` tried to allocate 8 TB of indices before the first break and
/// aborted (`u64::MAX` overflowed the capacity). Now the breaks are taken lazily: the run
/// starts at once and a Ctrl-C stops it with its records kept.
#[test]
fn a_huge_count_starts_at_once_and_stops_on_ctrl_c() {
    let dir = super::common::scratch("i10-huge");
    let out = dir.join("huge.jsonl");
    for count in ["1000000000000", "18446744073709551615"] {
        let _ = std::fs::remove_file(&out);
        let mut child = Command::new(env!("CARGO_BIN_EXE_tenball"))
            .args(["breaks", "--count", count, "--threads", "1", "--out"])
            .arg(&out)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Wait for the first records.
        let start = Instant::now();
        while std::fs::read_to_string(&out).map_or(0, |t| t.lines().count()) < 3 {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "no records after a minute"
            );
            assert!(child.try_wait().unwrap().is_none(), "the run ended early");
            std::thread::sleep(Duration::from_millis(50));
        }
        Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        let status = child.wait().unwrap();
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert_eq!(status.code(), Some(130), "{err}");
        assert!(err.contains(&format!("of {count} breaks")), "{err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Was: `tenball shot FILE | head -c 10` panicked on the closed pipe. Now it ends quietly.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(["shot", "assets/examples/shot-break.json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read a few bytes, then close the pipe, as `head -c 10` does.
    let mut first = [0u8; 10];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(status.code(), Some(0), "{err}");
}

/// Was: `tenball judge FILE > /dev/full` panicked. Now it says it cannot write, exit 1.
#[test]
fn a_full_disk_is_a_clear_error() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(["judge", "assets/examples/judge-break.json"])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write the output"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// Was: an error echoed the offending value whole: a 10 MB string gave a 10 MB line. Now the
/// message is cut and says how long it was.
#[test]
fn an_error_quoting_a_huge_value_is_cut() {
    let huge = "x".repeat(10_000_000);
    let input =
        format!(r#"{{"state": {{"phase": {{"phase": "{huge}"}}}}, "call": {{"type": "break"}}}}"#);
    let out = tenball(&["judge", "-"], &input);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stderr.len() < 2_000,
        "stderr is {} bytes",
        out.stderr.len()
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("bytes in all"));
}

/// Was: `breaks sweep --out NAME.csv` wrote over existing `NAME-legal.png` and the other
/// heatmaps. Now any existing output is refused before anything runs, and left as it was.
#[test]
fn the_sweep_never_writes_over_a_heatmap() {
    let dir = super::common::scratch("i10-sweep");
    let csv = dir.join("s.csv");
    let png = dir.join("s-legal.png");
    std::fs::write(&png, "my picture").unwrap();
    let out = tenball(
        &[
            "breaks",
            "sweep",
            "--grid",
            "1x1",
            "--speeds",
            "5",
            "--count",
            "2",
            "--out",
            csv.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("s-legal.png exists"));
    assert_eq!(std::fs::read_to_string(&png).unwrap(), "my picture");
    assert!(!csv.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Was: `--version` worked on `tenball` only. Now every subcommand has it.
#[test]
fn every_subcommand_knows_the_version() {
    for sub in [
        &["judge"][..],
        &["shot"],
        &["rack"],
        &["breaks"],
        &["breaks", "merge"],
        &["breaks", "sweep"],
    ] {
        let mut args = sub.to_vec();
        args.push("--version");
        let out = tenball(&args, "");
        assert!(out.status.success(), "{sub:?}");
        assert!(
            String::from_utf8_lossy(&out.stdout).contains(env!("CARGO_PKG_VERSION")),
            "{sub:?}"
        );
    }
}

/// A called shot by A with the cue ball as it lies, from a state patched by `state` (JSON
/// merged into it) with facts `facts`.
fn judge_called(state: serde_json::Value, facts: serde_json::Value) -> std::process::Output {
    let mut s = serde_json::json!({
        "phase": {"phase": "shot", "shooter": "A", "cue_ball": "as_it_lies", "push_out": false}
    });
    for (k, v) in state.as_object().unwrap() {
        s[k] = v.clone();
    }
    let input = serde_json::json!({
        "state": s,
        "call": {"type": "ball", "ball": 1, "pocket": "foot_left"},
        "facts": facts,
    });
    tenball(&["judge", "-"], &input.to_string())
}

fn refused(out: &std::process::Output, words: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(words), "expected {words:?} in: {err}");
}

/// Was: counters wrapped in release builds (a win at score 4294967295 gave 0; rack, inning and
/// foul counts of 255 wrapped the same way) and a race to 0, a score past the race or a
/// stalemate count beyond its setting were accepted. Now the state is checked as a whole.
#[test]
fn a_state_that_does_not_hold_together_is_refused() {
    use serde_json::json;
    let hit = json!({"first_contact": 1, "rail_contacts": [{"ball": 1, "rail": "foot"}]});
    for (state, words) in [
        (json!({"score": [4294967295u64, 0]}), "the race is to 7"),
        (json!({"rules": {"race_to": 0}}), "race_to must be 1"),
        (json!({"score": [9, 0]}), "the race is to 7"),
        (json!({"rack": 4294967295u64}), "rack must be 1"),
        (json!({"inning": 4294967295u64}), "inning must be 1"),
        (
            json!({"fouls": [{"count": 255}, {"count": 0}]}),
            "in a row is not a state",
        ),
        (
            json!({"fouls": [{"count": 1, "warned": true}, {}]}),
            "warned, but on 1",
        ),
        (json!({"stalemate": [9, 9]}), "more than the 3"),
        (json!({"on_table": [1, 2]}), "the 10 is not on the table"),
    ] {
        refused(&judge_called(state.clone(), hit.clone()), words);
    }
}

/// Was: facts were barely checked: rest positions off the bed (x = 1e300), two balls at one
/// place, a place for a pocketed ball, a cue_ball_start off the table were accepted. Now each
/// is refused like a bad layout.
#[test]
fn facts_that_cannot_be_are_refused() {
    use serde_json::json;
    for (facts, words) in [
        (
            json!({"rest": [{"ball": 1, "x": 1e300, "y": 0.0}]}),
            "not on the playing surface",
        ),
        (
            json!({"rest": [{"ball": 1, "x": 0.1, "y": 0.0}, {"ball": 2, "x": 0.1, "y": 0.0}]}),
            "overlap",
        ),
        (
            json!({"pocketed": [{"ball": 2, "pocket": "side_left"}], "rest": [{"ball": 2, "x": 0.1, "y": 0.0}]}),
            "not on the table after the shot",
        ),
        (
            json!({"cue_ball": {"fate": "pocketed", "pocket": "side_left"}, "rest": [{"ball": 0, "x": 0.1, "y": 0.0}]}),
            "left the table",
        ),
        (
            json!({"cue_ball_start": {"x": 5.0, "y": 0.0}}),
            "cue_ball_start",
        ),
    ] {
        refused(&judge_called(json!({}), facts.clone()), words);
    }
}

fn breaks(args: &[&str]) -> std::process::Output {
    let mut all = vec!["breaks"];
    all.extend_from_slice(args);
    tenball(&all, "")
}

/// Was: `--resume` with other inputs (`--speed`, `--no-noise`, `--cue`, `--table`, `--side`,
/// `--elevation`) appended to the file, mixing two experiments. Now the file's header says
/// what it was made with and a mismatch is refused, the file untouched. Was (issue 15.10): a
/// larger `--count` extended a shard under a header that kept the old count, and `merge` then
/// took shards of different counts; a smaller one was taken too. Now the count is one of the
/// inputs a resume must repeat.
#[test]
fn resume_with_other_inputs_or_another_count_is_refused() {
    let dir = super::common::scratch("inputs");
    let f = dir.join("r.jsonl");
    let fs = f.to_str().unwrap();
    assert!(
        breaks(&["--count", "6", "--seed", "3", "--out", fs])
            .status
            .success()
    );
    let before = std::fs::read(&f).unwrap();
    for (extra, says) in [
        (
            &["--count", "6", "--speed", "9"][..],
            "--speed 10 (this run: 9)",
        ),
        (&["--count", "6", "--no-noise"], "noise on (this run: off"),
        (
            &["--count", "6", "--cue", "-0.9,0.2"],
            "--cue -0.685,0 (this run: -0.9,0.2)",
        ),
        (
            &["--count", "6", "--table", "7ft"],
            "--table 9ft (this run: 7ft)",
        ),
        (&["--count", "6", "--side", "0.1"], "--side"),
        (&["--count", "6", "--elevation", "5"], "--elevation"),
        (
            &["--count", "6", "--shard", "0/2"],
            "--shard 0/1 (this run: 0/2)",
        ),
        (&["--count", "12"], "--count 6 (this run: 12)"),
        (&["--count", "3"], "--count 6 (this run: 3)"),
    ] {
        let mut args = vec!["--seed", "3", "--resume", "--out", fs];
        args.extend_from_slice(extra);
        let out = breaks(&args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{extra:?}: {err}");
        assert_eq!(
            std::fs::read(&f).unwrap(),
            before,
            "{extra:?} touched the file"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Was: `--resume` on a file that is not a records file (`my notes`) wiped it, and a
/// hand-added last line without a newline was deleted. Now only what is provably the start of
/// the record the run was writing is cut; anything else is refused and left alone.
#[test]
fn resume_never_cuts_what_it_did_not_write() {
    let dir = super::common::scratch("notes");
    let f = dir.join("n.jsonl");
    let fs = f.to_str().unwrap();
    for notes in ["my notes", "my notes\n", "{\"tenball_breaks\": 1}\n"] {
        std::fs::write(&f, notes).unwrap();
        let out = breaks(&["--count", "4", "--resume", "--out", fs]);
        assert_eq!(out.status.code(), Some(2), "{notes:?}");
        assert_eq!(
            std::fs::read_to_string(&f).unwrap(),
            notes,
            "the notes were touched"
        );
    }
    // A real file with a hand-added last line.
    std::fs::remove_file(&f).unwrap();
    assert!(breaks(&["--count", "3", "--out", fs]).status.success());
    let mut text = std::fs::read_to_string(&f).unwrap();
    text.push_str("checked by Ann");
    std::fs::write(&f, &text).unwrap();
    let out = breaks(&["--count", "3", "--resume", "--out", fs]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a record of this run"));
    assert_eq!(std::fs::read_to_string(&f).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Was: two `--resume` runs on one file both exited 0 and left 280 duplicates in 580 records.
/// Now the file is locked: a second writer is refused while the first runs, and the first
/// completes the file to the same bytes as an uninterrupted run.
#[test]
fn a_second_writer_on_one_file_is_refused() {
    // Long enough (a few seconds on one thread, about 1 ms a break) to be running when the
    // second writer comes.
    const COUNT: &str = "3000";
    let dir = super::common::scratch("lock");
    let f = dir.join("l.jsonl");
    let fs = f.to_str().unwrap();
    let whole = dir.join("whole.jsonl");
    assert!(
        breaks(&[
            "--count",
            COUNT,
            "--seed",
            "5",
            "--out",
            whole.to_str().unwrap()
        ])
        .status
        .success()
    );
    let first = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args([
            "breaks",
            "--count",
            COUNT,
            "--seed",
            "5",
            "--threads",
            "1",
            "--out",
            fs,
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::read_to_string(&f).map_or(0, |t| t.lines().count()) < 3 {
        assert!(start.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut refused = 0;
    for _ in 0..3 {
        let out = breaks(&["--count", COUNT, "--seed", "5", "--resume", "--out", fs]);
        if out.status.code() == Some(2)
            && String::from_utf8_lossy(&out.stderr).contains("another tenball run")
        {
            refused += 1;
        } else {
            // The first had already finished: then the resume found nothing to do.
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let status = first.wait_with_output().unwrap().status;
    assert!(status.success());
    assert!(refused >= 1, "no second writer was refused");
    assert_eq!(std::fs::read(&f).unwrap(), std::fs::read(&whole).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Was: `breaks merge` accepted shards of another `--seed` or `--speed` silently and exited 0
/// when a shard was missing or unfinished. Now mixed runs are refused, and a missing or
/// unfinished shard is an error unless `--partial`.
#[test]
fn merge_takes_the_shards_of_one_run_only() {
    let dir = super::common::scratch("merge");
    let a = dir.join("a.jsonl");
    let b = dir.join("b.jsonl");
    let c = dir.join("c.jsonl");
    assert!(
        breaks(&[
            "--count",
            "6",
            "--seed",
            "1",
            "--shard",
            "0/2",
            "--out",
            a.to_str().unwrap()
        ])
        .status
        .success()
    );
    assert!(
        breaks(&[
            "--count",
            "6",
            "--seed",
            "2",
            "--shard",
            "1/2",
            "--out",
            b.to_str().unwrap()
        ])
        .status
        .success()
    );
    assert!(
        breaks(&[
            "--count",
            "6",
            "--seed",
            "1",
            "--speed",
            "8",
            "--shard",
            "1/2",
            "--out",
            c.to_str().unwrap()
        ])
        .status
        .success()
    );
    for (other, says) in [
        (&b, "--seed 2 (this run: 1)"),
        (&c, "--speed 8 (this run: 10)"),
    ] {
        let out = breaks(&["merge", a.to_str().unwrap(), other.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("is not a shard of the run") && err.contains(says),
            "{err}"
        );
    }
    // An unfinished shard: its file cut to fewer records.
    let text = std::fs::read_to_string(&a).unwrap();
    let short: String = text.lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&a, short).unwrap();
    let d = dir.join("d.jsonl");
    assert!(
        breaks(&[
            "--count",
            "6",
            "--seed",
            "1",
            "--shard",
            "1/2",
            "--out",
            d.to_str().unwrap()
        ])
        .status
        .success()
    );
    let out = breaks(&["merge", a.to_str().unwrap(), d.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unfinished"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Kills at random moments (SIGKILL and SIGINT, during a first run and during resumes), with
/// two resumes at once now and then: once a resume finishes, the file holds every break once,
/// byte for byte what an uninterrupted run writes. A run must last longer than the kills'
/// 30-730 ms: `RUN` breaks take a few seconds on one thread (about 1 ms a break).
#[test]
fn random_kills_and_concurrent_resumes_lose_and_double_nothing() {
    const RUN: &str = "3000";
    let dir = super::common::scratch("kills");
    let whole = dir.join("whole.jsonl");
    let f = dir.join("f.jsonl");
    let fs = f.to_str().unwrap().to_string();
    let args = |resume: bool| {
        let mut a = vec![
            "breaks",
            "--count",
            RUN,
            "--seed",
            "11",
            "--threads",
            "1",
            "--out",
        ];
        a.push(fs.as_str());
        if resume {
            a.push("--resume");
        }
        a.iter().map(|s| s.to_string()).collect::<Vec<_>>()
    };
    assert!(
        breaks(&[
            "--count",
            RUN,
            "--seed",
            "11",
            "--out",
            whole.to_str().unwrap()
        ])
        .status
        .success()
    );
    // A small deterministic generator for the moments and signals.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let spawn = |resume: bool| {
        Command::new(env!("CARGO_BIN_EXE_tenball"))
            .args(args(resume))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    let mut kills = 0;
    let mut finished = false;
    for round in 0..40 {
        let resume = f.exists();
        let mut children = vec![spawn(resume)];
        if resume && round % 4 == 3 {
            children.push(spawn(true)); // a second writer at once
        }
        std::thread::sleep(Duration::from_millis(30 + next() % 700));
        let signal = if next() % 2 == 0 { "-KILL" } else { "-INT" };
        for c in &children {
            let _ = Command::new("kill")
                .args([signal, &c.id().to_string()])
                .status();
        }
        for c in children {
            let out = c.wait_with_output().unwrap();
            if out.status.success() {
                finished = true;
            }
        }
        kills += 1;
        if finished {
            break;
        }
    }
    // Whatever state the kills left, resumes complete it.
    for _ in 0..3 {
        let out = tenball(
            &args(true).iter().map(String::as_str).collect::<Vec<_>>(),
            "",
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    println!("{kills} kills before a run finished");
    assert!(kills >= 2, "only {kills} kills");
    assert_eq!(
        std::fs::read(&f).unwrap(),
        std::fs::read(&whole).unwrap(),
        "after {kills} kills the file differs from an uninterrupted run"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Siblings found on the way: thousands of `--threads` aborted the process (no memory for
/// their stacks); a tip offset of 1e300 radii was accepted; a far-off cue ball place was
/// echoed with three hundred digits.
#[test]
fn siblings_threads_tip_and_long_numbers_are_refused_cleanly() {
    let out = breaks(&["--count", "2", "--threads", "100000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--threads must be 1 to 256"));
    let out = breaks(&["--count", "2", "--side", "1e300"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("off the ball"));
    let out = breaks(&["--count", "2", "--cue", "1e300,0"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1e300") && err.len() < 400, "{err}");
    let out = tenball(
        &["shot", "-"],
        r#"{"layout": {"balls": [{"ball": 0, "at": {"x": 1e300, "y": 0}}]}, "strike": {"aim_deg": 0, "speed": 1}}"#,
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("at (1e300, 0)") && err.len() < 400, "{err}");
    // A tip at the edge of the ball with noise still runs.
    let out = breaks(&["--count", "8", "--side", "0.99"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A many-body impact ran on (20 ms) while a member of the group had a contact with a ball
/// outside it; that contact was then taken up with the balls centimetres inside each other,
/// and the springs of the next impact threw them at tens of metres a second (a 1.5 m/s break
/// into a loose rack pocketed balls and sent all ten to the rails). Now an impact stops at the
/// next contact elsewhere, and ends when no two of its balls touch within a contact time.
#[test]
fn a_many_body_impact_never_outlasts_a_contact_outside_it() {
    use tenball::physics::{Layout, SimConfig, Strike, TableSim};
    use tenball::table::{Placed, Point, TableSize};
    // A loose rack: 0.6 to 0.9 mm between neighbours.
    let rows: [&[(u8, f64)]; 4] = [
        &[(1, 0.0)],
        &[(2, 0.029), (3, -0.029)],
        &[(4, 0.058), (10, 0.0), (5, -0.058)],
        &[(6, 0.087), (7, 0.029), (8, -0.029), (9, -0.087)],
    ];
    let mut balls = vec![Placed {
        ball: 0,
        at: Point::new(-0.7, 0.0),
    }];
    for (k, row) in rows.iter().enumerate() {
        for &(ball, y) in row.iter() {
            balls.push(Placed {
                ball,
                at: Point::new(0.635 + 0.05 * k as f64, y),
            });
        }
    }
    let layout = Layout {
        table: TableSize::NineFoot,
        balls,
    };
    for speed in [1.5, 4.0, 10.0] {
        let mut s =
            TableSim::new(&layout, &Strike::new(0.0, speed), &SimConfig::default()).unwrap();
        // The energy the cue gave; between steps some may sit in the contacts' springs, but the
        // balls never move with more.
        let start = s.kinetic_energy();
        while s.step() {
            let e = s.kinetic_energy();
            assert!(
                e <= start * (1.0 + 1e-6),
                "{speed} m/s: {e} J of motion from {start} J"
            );
        }
        let log = s.into_log();
        let biggest = log
            .events
            .iter()
            .filter_map(|e| match e {
                tenball::physics::Event::BallBall { impulse, .. } => Some(*impulse),
                _ => None,
            })
            .fold(0.0, f64::max);
        // No ball-ball impulse beyond turning the cue ball's momentum round (2 m v).
        assert!(
            biggest <= 2.0 * 0.17 * speed,
            "{speed} m/s: an impulse of {biggest} N s"
        );
    }
}

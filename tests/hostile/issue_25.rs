//! Regression tests for the third hostile round (issue 25), one named after each item it pins
//! (`item_N_...`): the symptom, and since the fix what happens instead.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::common::tenball;
use super::helpers::{refused, run_with, s, stderr, stdout};

/// Runs `tenball ARGS` with no input and fails the test if it runs past `secs` (it is killed:
/// a hang is the failure, not a stuck test).
fn within(secs: u64, args: &[&str]) -> Output {
    run_with(secs, args, Vec::new(), None)
}

/// A sweep's arguments that would take hours if it ran (the output check must come first).
const HOURS: [&str; 8] = [
    "breaks", "sweep", "--grid", "50x50", "--speeds", "9,10", "--count", "1000000",
];

/// Item 1: `breaks sweep` checked its outputs after all its work: a missing folder, an
/// unwritable one or a dangling link failed only at the end (with a false "appeared while it
/// was being written"), and a dangling link where a heatmap goes left the CSV named. Now every
/// output is claimed before the first break and nothing is named unless everything is.
#[test]
fn item_1_a_sweeps_outputs_are_checked_before_any_break() {
    let dir = super::common::scratch("i25-sweep");
    let run = |out: &Path| {
        let mut args = HOURS.to_vec();
        args.extend(["--out", s(out)]);
        within(20, &args)
    };
    refused(&run(&dir.join("nodir/o.csv")), "does not exist");
    #[cfg(unix)]
    {
        let dl = dir.join("dl.csv");
        std::os::unix::fs::symlink("/nowhere/x", &dl).unwrap();
        let err = refused(&run(&dl), "a link to nothing");
        assert!(!err.contains("appeared"), "{err}");
        // A dangling link where a heatmap goes: refused at once, and the CSV not named.
        std::os::unix::fs::symlink("/nowhere/y", dir.join("o2-legal.png")).unwrap();
        refused(&run(&dir.join("o2.csv")), "o2-legal.png");
        assert!(!dir.join("o2.csv").exists());
    }
    // A folder that takes no file (under /proc nothing can be created, even by root).
    let err = refused(
        &run(Path::new("/proc/tenball-sweep.csv")),
        "cannot be written",
    );
    assert!(!err.contains("Os {"), "{err}");
    // Nothing of the refused runs is left behind: no temporary files.
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("partial"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 1, the mechanism: a set of staged files is named all together or not at all; one name
/// taken meanwhile leaves none of the others named.
#[test]
fn item_1_staged_files_are_named_all_or_none() {
    let dir = super::common::scratch("staged");
    let staged = tenball::outfile::Staged::default();
    let a = staged.add(&dir.join("a.csv"), "a").unwrap();
    let b = staged.add(&dir.join("b.png"), "b").unwrap();
    std::fs::write(&a, "a").unwrap();
    std::fs::write(&b, "b").unwrap();
    std::fs::write(dir.join("b.png"), "someone else's").unwrap();
    let err = staged.finish().unwrap_err();
    assert!(err.contains("none of this run's files is named"), "{err}");
    assert!(!dir.join("a.csv").exists(), "a.csv was named");
    assert_eq!(
        std::fs::read_to_string(dir.join("b.png")).unwrap(),
        "someone else's"
    );
    drop(staged);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "temporaries left"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The library's `scratch` scenario, and a copy whose expectation is wrong (it does not hold).
fn scenarios(dir: &Path) -> (PathBuf, PathBuf) {
    let good = std::fs::read_to_string("assets/scenarios/scratch.json").unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["steps"][0]["expect"]["legal"] = serde_json::json!(true);
    let (g, f) = (dir.join("good.json"), dir.join("failing.json"));
    std::fs::write(&g, &good).unwrap();
    std::fs::write(&f, v.to_string()).unwrap();
    (g, f)
}

/// Item 2: `scenario check FOLDER` skipped every good file when one was bad ("0 passed, 0
/// failed, 1 could not be read"). Now each file is read on its own.
#[test]
fn item_2_one_bad_file_in_a_folder_does_not_hide_the_good_ones() {
    let dir = super::common::scratch("folder");
    let (g, _) = scenarios(&dir);
    std::fs::remove_file(dir.join("failing.json")).unwrap();
    std::fs::copy(&g, dir.join("good2.json")).unwrap();
    std::fs::write(dir.join("bad.json"), "{\"title\": ").unwrap();
    let out = within(120, &["scenario", "check", s(&dir)]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stdout(&out).contains("2 passed, 0 failed, 1 could not be read"),
        "{}",
        stdout(&out)
    );
    assert!(stderr(&out).contains("bad.json"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 3: `scenario check bad.json | head -c1` exited 0 where the check failed (1 without the
/// pipe). A reader that goes away ends the output, never the verdict.
#[test]
fn item_3_a_closed_pipe_keeps_the_checks_exit_status() {
    let dir = super::common::scratch("pipe");
    let (good, failing) = scenarios(&dir);
    for (file, code) in [(&failing, 1), (&good, 0)] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tenball"))
            .args(["scenario", "check", s(file)])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        assert_eq!(
            child.wait().unwrap().code(),
            Some(code),
            "{}",
            file.display()
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `tenball duel` of two greedy players, `racks` racks into `f`, with `more` arguments.
fn greedy_duel(f: &Path, racks: &str, more: &[&str]) -> Output {
    let mut args = vec![
        "duel",
        "--a",
        "greedy",
        "--b",
        "greedy",
        "--racks",
        racks,
        "--out",
        s(f),
    ];
    args.extend(more);
    within(300, &args)
}

/// Runs a 2-rack greedy duel into `f` and returns the file's lines.
fn duel_file(f: &Path) -> Vec<String> {
    let out = greedy_duel(f, "2", &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::read_to_string(f)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// Item 4: a duel resume took a record edited to `made` 4294967295 and `winner` null, and the
/// summary said 34,087,042 % of called shots were made. Now a record with impossible counts is
/// refused with its line number, in duel and breaks files alike.
#[test]
fn item_4_records_with_impossible_counts_are_refused_with_their_line() {
    let dir = super::common::scratch("records");
    let f = dir.join("d.jsonl");
    let lines = duel_file(&f);
    let mut rec: serde_json::Value = serde_json::from_str(&lines[2]).unwrap();
    rec["made"] = serde_json::json!([4294967295u64, 0]);
    rec["winner"] = serde_json::Value::Null;
    let edited = [lines[0].clone(), lines[1].clone(), rec.to_string()].join("\n") + "\n";
    std::fs::write(&f, &edited).unwrap();
    let out = greedy_duel(&f, "3", &["--resume"]);
    refused(&out, "d.jsonl:3: a rack record no duel writes");
    assert_eq!(
        std::fs::read_to_string(&f).unwrap(),
        edited,
        "the file changed"
    );

    // Breaks: a record that says legal with a foul, another with a ball 11.
    let b = dir.join("b.jsonl");
    let out = within(120, &["breaks", "--count", "3", "--out", s(&b)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<String> = std::fs::read_to_string(&b)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    for (key, value, says) in [
        ("fouls", serde_json::json!(["7.1"]), "legal does not agree"),
        (
            "off_table",
            serde_json::json!([11]),
            "off_table: 11 is not an object ball",
        ),
    ] {
        let mut rec: serde_json::Value = serde_json::from_str(&lines[2]).unwrap();
        rec[key] = value;
        rec["legal"] = serde_json::json!(true);
        let text = [lines[0].clone(), lines[1].clone(), rec.to_string()].join("\n") + "\n";
        std::fs::write(&b, &text).unwrap();
        let out = within(120, &["breaks", "--count", "3", "--out", s(&b), "--resume"]);
        refused(&out, &format!("b.jsonl:3: {says}"));
        assert_eq!(
            std::fs::read_to_string(&b).unwrap(),
            text,
            "the file changed"
        );
        let merged = within(120, &["breaks", "merge", s(&b), "--partial"]);
        refused(&merged, "b.jsonl:3:");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 5: `judge` took a ball at rest sunk 2.2 cm into the side cushion of the 8 ft table,
/// 10 cm from the side pocket (any place a radius past a cushion line was taken). Now a rest
/// place is on the bed or in a pocket's mouth.
#[test]
fn item_5_a_rest_place_sunk_into_a_cushion_is_refused() {
    let input = |y: f64| {
        format!(
            r#"{{"state": {{"phase": {{"phase": "shot", "shooter": "A", "cue_ball": "as_it_lies", "push_out": false}}, "table": "8ft", "on_table": [1, 2, 10]}},
                "call": {{"type": "ball", "ball": 1, "pocket": "side_left"}},
                "facts": {{"first_contact": 1, "pocketed": [{{"ball": 1, "pocket": "side_left"}}], "cue_ball": {{"fate": "on_table"}},
                           "rest": [{{"ball": 0, "x": 0.1, "y": {y}}}, {{"ball": 2, "x": -0.5, "y": 0.0}}, {{"ball": 10, "x": 0.5, "y": 0.0}}]}}}}"#
        )
    };
    let out = tenball(&["judge", "-"], &input(0.6064));
    refused(&out, "pocket's mouth");
    // Touching the cushion is a rest place.
    let out = tenball(&["judge", "-"], &input(0.556));
    assert!(out.status.success(), "{}", stderr(&out));
}

/// Item 6: `breaks --resume` and `breaks merge` read whole files (a 211 MB file peaked at
/// 380 MB; `merge /dev/zero` grew to 1.1 GB). Now they read a line at a time with the duel's
/// 64 KiB line cap: a 4 GiB file (sparse) of one endless line is refused at once, under a
/// 1 GiB address-space limit that reading it whole could not stay within.
#[cfg(unix)]
#[test]
fn item_6_resume_and_merge_read_in_bounded_memory() {
    let dir = super::common::scratch("i25-huge");
    let f = dir.join("huge.jsonl");
    std::fs::File::create(&f).unwrap().set_len(4 << 30).unwrap();
    let bin = env!("CARGO_BIN_EXE_tenball");
    for args in [
        format!("breaks merge {}", s(&f)),
        format!("breaks --count 5 --out {} --resume", s(&f)),
    ] {
        let start = Instant::now();
        let out = Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 1048576; exec {bin} {args}"))
            .output()
            .unwrap();
        refused(&out, "more than 64 KiB");
        assert!(start.elapsed() < Duration::from_secs(20), "{args}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 7: a FIFO hung every reader for ever (`duel --out f --resume`, `breaks --resume`,
/// `breaks merge f`, a FIFO `b.json` in a folder given to `scenario check`). Now only regular
/// files are read or resumed; anything else is refused at once.
#[cfg(unix)]
#[test]
fn item_7_a_fifo_is_refused_at_once() {
    let dir = super::common::scratch("fifo");
    let f = dir.join("f.jsonl");
    let made = Command::new("mkfifo").arg(&f).status().unwrap();
    assert!(made.success());
    let fs = s(&f);
    for args in [
        vec![
            "duel", "--a", "1", "--b", "greedy", "--racks", "2", "--out", fs, "--resume",
        ],
        vec!["breaks", "--count", "2", "--out", fs, "--resume"],
        vec!["breaks", "merge", fs],
        vec!["judge", fs],
    ] {
        refused(&within(10, &args), "not a regular file");
    }
    let folder = dir.join("scenarios");
    std::fs::create_dir(&folder).unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(folder.join("b.json"))
            .status()
            .unwrap()
            .success()
    );
    refused(
        &within(10, &["scenario", "check", s(&folder)]),
        "not a regular file",
    );
    // A folder named as a records file to resume.
    refused(
        &within(
            10,
            &["breaks", "--count", "2", "--out", s(&dir), "--resume"],
        ),
        "is a folder",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 8: script waits were unbounded (`{"wait": 4294967295}` and `{"measure_fps":
/// 4294967295}` ran until killed). Now a step waits at most `MAX_STEP_FRAMES` frames.
#[cfg(feature = "game")]
#[test]
fn item_8_script_waits_are_bounded() {
    let table = tenball::table::TableSize::NineFoot.spec();
    for step in [
        r#"{"wait": 4294967295}"#,
        r#"{"measure_fps": 4294967295}"#,
        r#"{"wait_rack_won": 4294967295}"#,
    ] {
        let text = format!(r#"{{"steps": [{step}, "exit"]}}"#);
        let err = tenball::game::Script::parse("s.json", &text, &table).unwrap_err();
        assert!(err.starts_with("s.json: step 1:"), "{err}");
        assert!(err.contains("at most 20000"), "{err}");
    }
    let ok = r#"{"steps": [{"wait": 20000}, {"measure_fps": 120}, "exit"]}"#;
    assert!(tenball::game::Script::parse("s.json", ok, &table).is_ok());
    let out = within(20, &["play", "--measure-fps", "4294967295"]);
    refused(&out, "--measure-fps");
}

/// Item 9: errors echoed the whole argument (a 131,000-character value came back as 131 KB of
/// stderr). Now every line of a message is cut to 300 bytes, keeping its end.
#[test]
fn item_9_a_huge_argument_is_never_echoed_whole() {
    let long = "9".repeat(131_000);
    let mut cases: Vec<Vec<&str>> = vec![
        vec!["duel", "--a", "1", "--b", "1", "--racks", &long],
        vec!["duel", "--a", &long, "--b", "1"],
        vec!["breaks", "--cue", &long, "--count", "1"],
        vec!["breaks", "--rack", &long, "--count", "1"],
        vec!["breaks", "--seed", &long, "--count", "1"],
        vec!["breaks", "--count", "1", "--out", &long],
        vec!["breaks", "sweep", "--grid", &long],
        vec!["scenario", "check", &long],
        vec!["judge", &long],
    ];
    if cfg!(feature = "game") {
        cases.push(vec!["play", "--opponent", &long]);
        cases.push(vec!["play", "--window", &long]);
    }
    for args in cases {
        let out = within(20, &args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{:?}: {err}", &args[..2]);
        assert!(err.len() < 1_500, "{:?}: {} bytes", &args[..2], err.len());
        for line in err.lines() {
            assert!(
                line.len() <= 320,
                "{:?}: a line of {} bytes",
                &args[..2],
                line.len()
            );
        }
    }
}

/// Item 10: names of 237-255 bytes failed on the temporary name (`.NAME.partial-PID.EXT` was
/// past the file system's 255), with a debug dump (`ImageError(IoError(Os { code: 36 ...`).
/// Now temporary names are short whatever the final name, and errors are sentences.
#[test]
fn item_10_a_long_valid_name_is_written_and_errors_are_sentences() {
    let dir = super::common::scratch("names");
    let name = format!("{}.png", "q".repeat(245));
    let out = within(
        120,
        &[
            "scenario",
            "diagram",
            "scratch",
            "--out",
            s(&dir.join(&name)),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.join(&name).exists());
    let csv = format!("{}.csv", "w".repeat(230));
    let out = within(
        300,
        &[
            "breaks",
            "sweep",
            "--grid",
            "1x1",
            "--speeds",
            "9",
            "--count",
            "2",
            "--out",
            s(&dir.join(&csv)),
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        dir.join(format!("{}-pocketed.svg", "w".repeat(230)))
            .exists()
    );
    let out = within(
        120,
        &["scenario", "diagram", "scratch", "--out", "/proc/x.png"],
    );
    let err = refused(&out, "cannot be written");
    assert!(!err.contains("Os {") && !err.contains("Error("), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Item 11: script steps were not checked as table files are: 50 m/s played at 20, 95 degrees
/// as 89, an off-table place, `call_ball` 0 or 11, an unknown key, `choose` with no choice due
/// all ignored or changed with exit 0; a bare `"wait"` gave serde's words. Now each is refused
/// with the file, the step number and what is allowed.
#[cfg(feature = "game")]
#[test]
fn item_11_script_steps_are_checked_with_file_and_step() {
    let table = tenball::table::TableSize::NineFoot.spec();
    for (step, says) in [
        (r#"{"stroke": {"aim_deg": 0, "speed": 50}}"#, "at most 20"),
        (
            r#"{"stroke": {"aim_deg": 0, "speed": 3, "elevation_deg": 95}}"#,
            "0 to 89",
        ),
        (r#"{"place": {"x": 3.0, "y": 0.0}}"#, "not on the table"),
        (r#"{"call_ball": 0}"#, "1 to 10"),
        (r#"{"call_ball": 11}"#, "1 to 10"),
        (r#"{"key": "KeyQQ"}"#, "not a key the game uses"),
        (r#""wait""#, r#"{"wait": 60}"#),
        (r#""dance""#, "is no step"),
    ] {
        let text = format!(r#"{{"steps": [{{"wait": 1}}, {step}]}}"#);
        let err = tenball::game::Script::parse("my.json", &text, &table).unwrap_err();
        assert!(err.starts_with("my.json: step 2: "), "{err}");
        assert!(err.contains(says), "{step}: {err}");
    }
    // `choose` is due only when a choice is.
    use tenball::game::{ScriptStep, not_due};
    use tenball::referee::{GameState, PlayerId, Rules, TableChoice};
    let state = GameState::with_breaker(
        Rules::default(),
        tenball::table::TableSize::NineFoot,
        PlayerId::A,
    );
    let choose = ScriptStep::Choose(TableChoice::PlayTable);
    assert!(
        not_due(&choose, &state)
            .unwrap()
            .contains("no choice is due")
    );
    let mut choosing = state;
    choosing.phase = tenball::referee::Phase::Choice {
        chooser: PlayerId::B,
        reason: tenball::referee::ChoiceReason::PushOut,
    };
    assert_eq!(not_due(&choose, &choosing), None);
}

/// Item 12: the smaller findings.
#[test]
fn item_12_messages_and_checks() {
    let dir = super::common::scratch("small");
    // A table mismatch names the tables as the files write them.
    let t = dir.join("t.json");
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("assets/examples/table-practice.json").unwrap(),
    )
    .unwrap();
    v["layout"]["table"] = serde_json::json!("7ft");
    std::fs::write(&t, v.to_string()).unwrap();
    let err = tenball::tablefile::TableFile::load(&t)
        .unwrap_err()
        .to_string();
    assert!(err.contains("a 7ft table"), "{err}");
    assert!(!err.contains("SevenFoot"), "{err}");
    // Player names as --players takes them.
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("assets/examples/table-practice.json").unwrap(),
    )
    .unwrap();
    for bad in ["x".repeat(1_000), String::new(), "a\u{1b}[31mb".into()] {
        v["players"] = serde_json::json!([bad, "B"]);
        std::fs::write(&t, v.to_string()).unwrap();
        let err = tenball::tablefile::TableFile::load(&t)
            .unwrap_err()
            .to_string();
        assert!(err.contains("1 to 40 characters"), "{err}");
        assert!(!err.contains('\u{1b}'), "{err}");
    }
    // A folder given to duel --out is named as one, without suggesting --resume.
    let out = within(
        20,
        &[
            "duel",
            "--a",
            "1",
            "--b",
            "1",
            "--racks",
            "2",
            "--out",
            s(&dir),
        ],
    );
    let err = refused(&out, "is a folder");
    assert!(!err.contains("add --resume"), "{err}");
    // A race longer than the racks.
    refused(
        &within(
            20,
            &[
                "duel",
                "--a",
                "1",
                "--b",
                "1",
                "--racks",
                "2",
                "--race-to",
                "5",
            ],
        ),
        "takes at least 5 racks",
    );
    // A bound at the precision that shows the difference.
    let shot = r#"{"layout": {"balls": [{"ball": 0, "at": {"x": 1.2424872662941304, "y": 0.0}}]}, "strike": {"aim_deg": 180, "speed": 1}}"#;
    let err = refused(
        &tenball(&["shot", "-"], shot),
        "is not on the playing surface",
    );
    assert!(!err.contains("|x| <= 1.2425,"), "{err}");
    assert!(err.contains("|x| <= 1.242486"), "{err}");
    // A scenario naming a rule that does not exist.
    let good = std::fs::read_to_string("assets/scenarios/scratch.json").unwrap();
    for rule in ["9.9", "7.11"] {
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        v["rules"] = serde_json::json!([rule]);
        let err = tenball::teaching::scenario::Scenario::parse("r.json", &v.to_string())
            .unwrap_err()
            .0;
        assert!(err.contains("is no rule of the seed"), "{err}");
    }
    // A sweep's --out must be a CSV; its CSV records its inputs.
    let sweep = |out: &str| {
        within(
            300,
            &[
                "breaks", "sweep", "--grid", "1x1", "--speeds", "9", "--count", "2", "--seed",
                "77", "--rack", "tight", "--out", out,
            ],
        )
    };
    refused(&sweep(s(&dir.join("x.png"))), "a sweep writes a CSV");
    let csv = dir.join("m.csv");
    let out = sweep(s(&csv));
    assert!(out.status.success(), "{}", stderr(&out));
    let first = std::fs::read_to_string(&csv).unwrap();
    let first = first.lines().next().unwrap();
    assert!(first.starts_with("# tenball_sweep {"), "{first}");
    for input in ["\"seed\":77", "\"rack\"", "\"noise\"", "\"count\":2"] {
        assert!(first.contains(input), "{input} not in {first}");
    }
    // A non-UTF-8 stem names the heatmaps after it.
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let stem = std::ffi::OsStr::from_bytes(b"n\xffu");
        let mut name = stem.to_os_string();
        name.push(".csv");
        let out = Command::new(env!("CARGO_BIN_EXE_tenball"))
            .args([
                "breaks", "sweep", "--grid", "1x1", "--speeds", "9", "--count", "2", "--out",
            ])
            .arg(dir.join(&name))
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let mut heat = stem.to_os_string();
        heat.push("-legal.png");
        assert!(dir.join(heat).exists());
        assert!(!dir.join("sweep-legal.png").exists());
    }
    // Escape codes in a file name are shown, not sent to the terminal.
    let out = within(20, &["judge", "no\u{1b}[31mfile.json"]);
    let err = refused(&out, "no\\u{1b}[31mfile.json");
    assert!(!err.contains('\u{1b}'), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

//! `tenball breaks` through the binary: the same bytes whatever the threads, resume after a
//! killed run, shards merged equal to one run, bad input refused without touching files, and
//! the sweep's CSV and heatmaps.

use crate::common;

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn tenball(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn the_output_is_byte_identical_whatever_the_number_of_threads() {
    let dir = common::scratch("threads");
    for ext in ["jsonl", "csv"] {
        let one = dir.join(format!("one.{ext}"));
        let two = dir.join(format!("two.{ext}"));
        let a = common::ok(&tenball(&[
            "breaks",
            "--count",
            "16",
            "--seed",
            "5",
            "--threads",
            "1",
            "--json",
            "--out",
            s(&one),
        ]));
        let b = common::ok(&tenball(&[
            "breaks",
            "--count",
            "16",
            "--seed",
            "5",
            "--threads",
            "2",
            "--json",
            "--out",
            s(&two),
        ]));
        assert_eq!(a, b, "the summaries differ");
        assert!(
            std::fs::read(&one).unwrap() == std::fs::read(&two).unwrap(),
            "the {ext} files differ"
        );
    }
    let summary: serde_json::Value =
        serde_json::from_str(&common::ok(&tenball(&["breaks", "--count", "4", "--json"]))).unwrap();
    for key in [
        "legal",
        "pocketed_any",
        "dry",
        "ten_on_break",
        "scratch",
        "four_rail_foul",
        "wrong_ball_first",
        "off_table",
    ] {
        let share = summary[key]["share"].as_f64().unwrap();
        let ci = summary[key]["ci95"].as_array().unwrap();
        assert!(
            ci[0].as_f64().unwrap() <= share && share <= ci[1].as_f64().unwrap(),
            "{key}"
        );
    }
    assert_eq!(summary["breaks"], 4);
    assert!(summary["balls_pocketed_mean"].is_number());
    let csv = std::fs::read_to_string(dir.join("one.csv")).unwrap();
    // The inputs' comment line, the CSV header, sixteen records.
    assert!(csv.starts_with("# tenball_breaks {"), "{csv}");
    assert!(
        csv.lines()
            .nth(1)
            .unwrap()
            .starts_with("index,seed,cue_x,cue_y,aim_deg,")
    );
    assert_eq!(csv.lines().count(), 18);
}

#[test]
fn a_killed_run_leaves_a_valid_file_and_resume_completes_it_without_duplicates() {
    // Long enough (a few seconds on one thread, about 1 ms a break) to be killed part way.
    const COUNT: &str = "3000";
    let dir = common::scratch("resume");
    let whole = dir.join("whole.jsonl");
    common::ok(&tenball(&[
        "breaks",
        "--count",
        COUNT,
        "--seed",
        "9",
        "--threads",
        "1",
        "--out",
        s(&whole),
    ]));
    for (name, signal) in [("killed.jsonl", "KILL"), ("interrupted.jsonl", "INT")] {
        let path = dir.join(name);
        let child = Command::new(env!("CARGO_BIN_EXE_tenball"))
            .args([
                "breaks",
                "--count",
                COUNT,
                "--seed",
                "9",
                "--threads",
                "1",
                "--out",
                s(&path),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while std::fs::read_to_string(&path)
            .map(|t| t.lines().count())
            .unwrap_or(0)
            < 10
        {
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "no records appeared"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        let out = child.wait_with_output().unwrap();
        if signal == "INT" {
            assert_eq!(out.status.code(), Some(130));
            assert!(String::from_utf8_lossy(&out.stderr).contains("--resume"));
        }
        // Every line in the file is whole: the inputs' header, then records.
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("{\"tenball_breaks\":"), "{text}");
        let done = text.lines().count() - 1;
        assert!((9..3000).contains(&done), "{done} records");
        for line in text.lines() {
            serde_json::from_str::<serde_json::Value>(line).expect("a whole record");
        }
        // A record cut short (as a kill in the middle of a write leaves it) is redone.
        std::fs::write(&path, format!("{text}{{\"index\":{done},\"se")).unwrap();
        common::ok(&tenball(&[
            "breaks",
            "--count",
            COUNT,
            "--seed",
            "9",
            "--threads",
            "2",
            "--resume",
            "--out",
            s(&path),
        ]));
        assert!(
            std::fs::read(&path).unwrap() == std::fs::read(&whole).unwrap(),
            "{name}: the resumed file differs"
        );
    }
}

#[test]
fn shards_merged_give_the_summary_and_records_of_one_run() {
    let dir = common::scratch("shards");
    let one = dir.join("one.csv");
    let single = common::ok(&tenball(&[
        "breaks",
        "--count",
        "18",
        "--seed",
        "4",
        "--json",
        "--out",
        s(&one),
    ]));
    let mut files = Vec::new();
    for k in 0..3 {
        let f = dir.join(format!("shard{k}.jsonl"));
        common::ok(&tenball(&[
            "breaks",
            "--count",
            "18",
            "--seed",
            "4",
            "--shard",
            &format!("{k}/3"),
            "--out",
            s(&f),
        ]));
        files.push(f);
    }
    let merged_out = dir.join("merged.csv");
    let mut args = vec!["breaks", "merge", "--json", "--out", s(&merged_out)];
    args.extend(files.iter().map(|f| s(f)));
    assert_eq!(common::ok(&tenball(&args)), single);
    assert!(
        std::fs::read_to_string(&merged_out).unwrap() == std::fs::read_to_string(&one).unwrap(),
        "the merged records differ from one run's"
    );
    // A missing shard is an error, unless --partial says to merge what is there.
    let missing = tenball(&["breaks", "merge", s(&files[0]), s(&files[2])]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&missing.stderr).contains("1 of the 3 shards is missing: 1"),
        "{}",
        String::from_utf8_lossy(&missing.stderr)
    );
    let partial = tenball(&["breaks", "merge", "--partial", s(&files[0]), s(&files[2])]);
    assert!(partial.status.success());
    assert!(String::from_utf8_lossy(&partial.stderr).contains("1 of the 3 shards is missing: 1"));
    // The same shard twice is refused.
    let twice = tenball(&["breaks", "merge", s(&files[0]), s(&files[0])]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("given twice"));
}

#[test]
fn bad_input_is_refused_with_exit_2_and_no_file_is_touched() {
    let dir = common::scratch("bad");
    let existing = dir.join("existing.jsonl");
    std::fs::write(&existing, "precious\n").unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--cue", "0.5,0.0"], "not in the kitchen"),
        (vec!["--cue", "-0.635,0.0"], "not in the kitchen"),
        (vec!["--cue", "here"], "expected X,Y"),
        (vec!["--speed", "-3"], "positive"),
        (vec!["--speed", "0"], "positive"),
        (vec!["--speed", "NaN"], "positive"),
        (vec!["--shard", "3/3"], "K must be below N"),
        (vec!["--shard", "1/0"], "N must be at least 1"),
        (vec!["--shard", "a/2"], "not a whole number"),
        (vec!["--threads", "0"], "must be 1 to 256"),
        (vec!["--out", s(&existing)], "--resume"),
        (vec!["--resume", "--out", s(&existing)], "existing.jsonl:1"),
    ];
    for (extra, expect) in cases {
        let mut args = vec!["breaks", "--count", "2"];
        args.extend(extra.iter().copied());
        let out = tenball(&args);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expect), "{extra:?}: {err}");
    }
    assert_eq!(
        std::fs::read_to_string(&existing).unwrap(),
        "precious\n",
        "the file was touched"
    );
    // A resume with other inputs than the first run is refused.
    let first = dir.join("first.jsonl");
    common::ok(&tenball(&[
        "breaks",
        "--count",
        "2",
        "--seed",
        "1",
        "--out",
        s(&first),
    ]));
    let before = std::fs::read(&first).unwrap();
    let out = tenball(&[
        "breaks",
        "--count",
        "4",
        "--seed",
        "2",
        "--resume",
        "--out",
        s(&first),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("seed"));
    assert!(
        std::fs::read(&first).unwrap() == before,
        "the file was touched"
    );
}

#[test]
fn the_sweep_writes_csv_and_heatmaps() {
    let dir = common::scratch("sweep");
    let csv = dir.join("map.csv");
    let text = common::ok(&tenball(&[
        "breaks",
        "sweep",
        "--grid",
        "2x1",
        "--speeds",
        "9",
        "--count",
        "3",
        "--no-noise",
        "--out",
        s(&csv),
    ]));
    assert!(text.contains("legal"), "{text}");
    let rows = std::fs::read_to_string(&csv).unwrap();
    // The inputs' comment line, the columns, a row per place.
    let mut lines = rows.lines();
    assert!(
        lines.next().unwrap().starts_with("# tenball_sweep {"),
        "{rows}"
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("x,y,speed,breaks,legal_share")
    );
    assert_eq!(rows.lines().count(), 4);
    for name in [
        "map-legal.png",
        "map-legal.svg",
        "map-pocketed.png",
        "map-pocketed.svg",
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        assert!(bytes.len() > 1000, "{name} is {} bytes", bytes.len());
    }
    assert!(
        std::fs::read(dir.join("map-legal.png"))
            .unwrap()
            .starts_with(b"\x89PNG")
    );
    let again = tenball(&[
        "breaks",
        "sweep",
        "--grid",
        "2x1",
        "--speeds",
        "9",
        "--count",
        "3",
        "--out",
        s(&csv),
    ]);
    assert_eq!(
        again.status.code(),
        Some(2),
        "an existing CSV is not overwritten"
    );
    let bad = tenball(&["breaks", "sweep", "--grid", "0x3"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_recorded_break_replayed_through_shot_ends_as_recorded() {
    let dir = common::scratch("replay");
    let recs = dir.join("r.jsonl");
    common::ok(&tenball(&[
        "breaks",
        "--count",
        "12",
        "--seed",
        "3",
        "--out",
        s(&recs),
    ]));
    let text = std::fs::read_to_string(&recs).unwrap();
    for line in text.lines().skip(1) {
        let r: serde_json::Value = serde_json::from_str(line).unwrap();
        let index = r["index"].to_string();
        let input = common::ok(&tenball(&["breaks", "replay", s(&recs), "--index", &index]));
        let f = dir.join(format!("shot-{index}.json"));
        std::fs::write(&f, &input).unwrap();
        let log: serde_json::Value =
            serde_json::from_str(&common::ok(&tenball(&["shot", "--no-paths", s(&f)]))).unwrap();
        assert_eq!(log["duration"], r["duration"], "break {index}");
        let mut pocketed: Vec<u64> = log["end"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["state"] == "pocketed" && e["ball"] != 0)
            .map(|e| e["ball"].as_u64().unwrap())
            .collect();
        let mut want: Vec<u64> = r["pocketed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["ball"].as_u64().unwrap())
            .collect();
        pocketed.sort();
        want.sort();
        assert_eq!(pocketed, want, "break {index}");
    }
    let missing = tenball(&["breaks", "replay", s(&recs), "--index", "99"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("holds no break 99"));
}

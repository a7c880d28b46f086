//! The fourth hostile round (issue 57): the quiz, links, equipment files, replays, duels and
//! scenario files. Each test is named after the item it pins (`item_N_...`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::common::{ok, scratch, tenball};
use super::helpers::{refused, run_with, s, stderr, stdout};

/// The answer key of a quiz, one line per question, as an answers file takes it.
fn key_answers(seed: &str, count: &str) -> String {
    let key = ok(&tenball(
        &["quiz", "--seed", seed, "--count", count, "--key"],
        "",
    ));
    key.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('#').next().unwrap().trim().to_string() + "\n")
        .collect()
}

/// The key's four parts of question `n` as typed in the terminal, a part a line.
fn typed(seed: &str, count: &str, n: usize) -> String {
    let key = key_answers(seed, count);
    let line = key.lines().nth(n).unwrap();
    let w: Vec<&str> = line.split_whitespace().collect();
    format!("{}\n{}\n{}\n{} {}\n", w[1], w[2], w[3], w[4], w[5])
}

/// Grades the right answers to the first `count` questions of seed 1 from a sheet in `dir`,
/// keeping the run in the progress file `progress`.
fn graded_into(dir: &Path, count: &str, progress: &Path) {
    let answers = dir.join("a.txt");
    std::fs::write(&answers, key_answers("1", count)).unwrap();
    ok(&tenball(
        &[
            "quiz",
            "--answers",
            s(&answers),
            "--count",
            count,
            "--progress",
            s(progress),
        ],
        "",
    ));
}

fn progress_runs(path: &Path) -> u64 {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["runs"].as_u64().unwrap()
}

/// Item 1: `quiz --text < /dev/zero` grew to 2.2 GB and aborted (exit 134). Now an answer
/// line is read to 1 KiB at most: a longer one ends the input, and what was answered is kept.
#[test]
fn item_1_an_answer_line_is_read_in_bounded_memory() {
    let out = run_with(
        60,
        &["quiz", "--text", "--no-progress", "--count", "1"],
        vec![0u8; 4 << 20],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("more than 1 KiB is no answer"), "{text}");
    assert!(text.len() < 10_000, "{} bytes of output", text.len());
}

/// Item 2: `play --screenshot pic.txt` opened the window and never ended (bevy could not save
/// the format). Now a screenshot that is not a PNG is refused before the window opens.
#[cfg(feature = "game")]
#[test]
fn item_2_a_screenshot_in_a_format_it_cannot_save_is_refused_before_the_window() {
    let dir = scratch("i57-2");
    for name in ["pic.txt", "noext"] {
        let out = run_with(
            30,
            &[
                "play",
                "--screenshot",
                s(&dir.join(name)),
                "--link",
                "?scenario=scratch",
            ],
            Vec::new(),
            None,
        );
        refused(&out, "a screenshot is a PNG picture");
    }
}

/// Item 3: escape codes in a file name or a value reached the terminal raw (an OSC title
/// printed twice by `equipment show`) or vanished when stderr was a pipe. Now each control
/// character is shown as `\u{..}`, terminal or not.
#[test]
fn item_3_escape_codes_in_arguments_are_shown_not_sent() {
    let dir = scratch("i57-3");
    let out = tenball(&["equipment", "show", "\u{1b}]0;title\u{7}.json"], "");
    let err = refused(&out, "\\u{1b}]0;title\\u{7}.json");
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    let out = tenball(&["breaks", "--rack", "\u{1b}]0;pwned\u{7}"], "");
    let err = refused(&out, "\\u{1b}]0;pwned\\u{7}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    let file = dir.join("eq.json");
    let json = ok(&tenball(&["equipment", "show", "wpa", "--json"], ""))
        .replace("\"wpa\"", "\"\\u001b[31mred\"");
    std::fs::write(&file, json).unwrap();
    let out = tenball(&["equipment", "show", s(&file)], "");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("\\u{1b}[31mred"), "{err}");
}

/// A library scenario's JSON with `change` applied, written to `dir/name`.
fn scenario_file(dir: &Path, name: &str, change: impl Fn(&mut serde_json::Value)) -> PathBuf {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/scratch.json"),
    )
    .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    change(&mut v);
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
    path
}

/// Item 4: `scenario check` printed a scenario's title raw (`\u001b[2J` cleared the screen).
/// Now a title holds no control character: the file is refused, its title shown escaped.
#[test]
fn item_4_a_scenario_title_never_reaches_the_terminal_raw() {
    let dir = scratch("i57-4");
    let f = scenario_file(&dir, "pwned.json", |v| {
        v["title"] = "\u{1b}[2J\u{1b}[31mPWNED".into();
    });
    let out = tenball(&["scenario", "check", s(&f)], "");
    let all = stdout(&out) + &stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{all}");
    assert!(!all.contains('\u{1b}'), "{all:?}");
    assert!(all.contains("title: a control character"), "{all}");
}

/// Item 5: scenario texts had no bound: a title of 15 million newlines gave a 452 MB error, a
/// million expected fouls one 7 MB line. Now titles, texts and lists are bounded and the
/// error is a line.
#[test]
fn item_5_scenario_texts_and_lists_are_bounded() {
    let dir = scratch("i57-5");
    let cases: [(&str, Box<dyn Fn(&mut serde_json::Value)>, &str); 4] = [
        (
            "newlines.json",
            Box::new(|v| v["title"] = "\n".repeat(1_000_000).into()),
            "a title holds at most 200",
        ),
        (
            "long.json",
            Box::new(|v| v["explanation"] = "a".repeat(1_000_000).into()),
            "an explanation holds at most",
        ),
        (
            "fouls.json",
            Box::new(|v| v["steps"][0]["expect"]["fouls"] = vec!["7.1"; 100_000].into()),
            "expect.fouls: 100000 entries; at most 40",
        ),
        (
            "rules.json",
            Box::new(|v| v["rules"] = vec!["7.1"; 1000].into()),
            "rules: 1000 entries",
        ),
    ];
    for (name, change, says) in cases {
        let f = scenario_file(&dir, name, change);
        let out = tenball(&["scenario", "check", s(&f)], "");
        let err = refused(&out, says);
        assert!(err.len() < 1500, "{name}: {} bytes", err.len());
        let svg = dir.join(format!("{name}.svg"));
        let out = tenball(&["scenario", "diagram", s(&f), "--out", s(&svg)], "");
        refused(&out, says);
        assert!(!svg.exists());
    }
}

/// Item 6: the quiz checked its progress file only after the last question: a damaged file, a
/// folder, a missing folder or a 255-byte name cost the user the whole quiz. Now it is checked
/// before the first question.
#[test]
fn item_6_the_progress_file_is_checked_before_the_first_question() {
    let dir = scratch("i57-6");
    let damaged = dir.join("damaged.json");
    std::fs::write(&damaged, "{ not json").unwrap();
    let long = dir.join("p".repeat(255));
    let cases = [
        dir.join("missing/p.json"),
        damaged,
        dir.clone(),
        PathBuf::from("."),
        long.clone(),
    ];
    for p in &cases[..4] {
        let out = run_with(
            60,
            &["quiz", "--text", "--count", "1", "--progress", s(p)],
            typed("1", "1", 0).into_bytes(),
            None,
        );
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{}: {err}", p.display());
        assert!(
            !stdout(&out).contains("Question 1"),
            "{}: the question was asked before the refusal",
            p.display()
        );
    }
    // A 255-byte name is a name the file system takes: the quiz keeps its progress there.
    let out = run_with(
        60,
        &["quiz", "--text", "--count", "1", "--progress", s(&long)],
        typed("1", "1", 0).into_bytes(),
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(progress_runs(&long), 1);
}

/// Item 7: a progress file that was a link was replaced by a regular file (the link gone, the
/// target's count left behind). Now the count is written through to the target, whose mode
/// is kept.
#[test]
fn item_7_a_linked_progress_file_is_written_through() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("i57-7");
    let target = dir.join("real.json");
    let link = dir.join("link.json");
    graded_into(&dir, "2", &target);
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    graded_into(&dir, "2", &link);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(progress_runs(&target), 2);
    let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
}

/// Item 8: `--merge-progress self.json --progress self.json` doubled every count. Now a file
/// merged into itself is refused.
#[test]
fn item_8_a_progress_file_is_not_merged_into_itself() {
    let dir = scratch("i57-8");
    let p = dir.join("self.json");
    graded_into(&dir, "2", &p);
    let before = std::fs::read(&p).unwrap();
    let out = tenball(
        &["quiz", "--merge-progress", s(&p), "--progress", s(&p)],
        "",
    );
    refused(&out, "is the progress file itself");
    assert_eq!(std::fs::read(&p).unwrap(), before);
}

/// Item 9: `--merge-progress` took 200,000 made-up ids, topic `not-a-topic`, rule 99.99 and
/// runs 4294967295, and wrote a file every later quiz refused. Now a merged file is read as
/// strictly as any, and nothing is written that would be refused.
#[test]
fn item_9_a_merged_progress_file_is_checked_as_strictly_as_a_read() {
    let dir = scratch("i57-9");
    let mine = dir.join("mine.json");
    graded_into(&dir, "2", &mine);
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&mine).unwrap()).unwrap();
    let before = std::fs::read(&mine).unwrap();
    let cases: [(&str, Box<dyn Fn(&mut serde_json::Value)>, &str); 4] = [
        (
            "ids",
            Box::new(|v| {
                let t = v["questions"]
                    .as_object()
                    .unwrap()
                    .values()
                    .next()
                    .unwrap()
                    .clone();
                for i in 0..200 {
                    v["questions"][format!("\u{1b}[31mfake{i}")] = t.clone();
                }
            }),
            "no quiz writes this question id",
        ),
        (
            "topic",
            Box::new(|v| {
                let t = v["topics"]
                    .as_object()
                    .unwrap()
                    .values()
                    .next()
                    .unwrap()
                    .clone();
                v["topics"] = serde_json::json!({ "not-a-topic": t });
            }),
            "topics.not-a-topic: no quiz writes this topic",
        ),
        (
            "rule",
            Box::new(|v| {
                let t = v["rules"]
                    .as_object()
                    .unwrap()
                    .values()
                    .next()
                    .unwrap()
                    .clone();
                v["rules"] = serde_json::json!({ "99.99": t });
            }),
            "rules.99.99: no quiz writes this rule number",
        ),
        (
            "runs",
            Box::new(|v| v["runs"] = 4_294_967_295u64.into()),
            "runs 4294967295 is more than the 2 questions asked",
        ),
    ];
    for (name, change, says) in cases {
        let mut v = good.clone();
        change(&mut v);
        let theirs = dir.join(format!("{name}.json"));
        std::fs::write(&theirs, serde_json::to_string(&v).unwrap()).unwrap();
        let out = tenball(
            &[
                "quiz",
                "--merge-progress",
                s(&theirs),
                "--progress",
                s(&mine),
            ],
            "",
        );
        let err = refused(&out, says);
        assert!(!err.contains('\u{1b}'), "{err:?}");
        assert_eq!(std::fs::read(&mine).unwrap(), before, "{name}");
    }
}

/// Item 10: answers given in the terminal were lost on a line of invalid UTF-8 (exit 2), on
/// a closed stdout (`| head -1`: exit 1) and on Ctrl-C. Now a bad line is asked again, a
/// closed output still grades and keeps, and a signal grades and keeps what was answered.
#[test]
fn item_10_answers_given_are_kept_on_bad_input_a_closed_output_and_ctrl_c() {
    let dir = scratch("i57-10");
    let p = dir.join("p.json");
    let mut input = typed("1", "2", 0).into_bytes();
    input.extend_from_slice(b"\xff\xfe\n");
    input.extend(typed("1", "2", 1).into_bytes());
    let out = run_with(
        60,
        &["quiz", "--text", "--count", "2", "--progress", s(&p)],
        input,
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("not UTF-8 text; answer again"));
    assert!(stdout(&out).contains("Score: 2 of 2"), "{}", stdout(&out));
    assert_eq!(progress_runs(&p), 1);

    // A closed output: the reader went away after the first line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(["quiz", "--text", "--count", "2", "--progress", s(&p)])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all((typed("1", "2", 0) + &typed("1", "2", 1)).as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(progress_runs(&p), 2);

    // Ctrl-C after one answer.
    let mut child = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(["quiz", "--text", "--count", "2", "--progress", s(&p)])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(typed("1", "2", 0).as_bytes()).unwrap();
    stdin.flush().unwrap();
    // The second question's first prompt is on screen once the first is graded.
    std::thread::sleep(Duration::from_secs(3));
    Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    let out = child.wait_with_output().unwrap();
    drop(stdin);
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("stopped after 1 of 2 questions"), "{text}");
    assert!(text.contains("Score: 1 of 1"), "{text}");
    assert_eq!(progress_runs(&p), 3);
}

/// Item 11: a handout's sheet of `--seed 7 --count 5`, filled in rightly, was graded "0 of 5"
/// against seed 1; an empty answers file was recorded as a quiz; no answers printed "every
/// question wholly right". Now the sheet's header names its quiz, a mismatch is refused and
/// nothing answered is nothing recorded.
#[test]
fn item_11_an_answers_sheet_is_graded_against_its_own_quiz() {
    let dir = scratch("i57-11");
    let handout = dir.join("h7");
    ok(&tenball(
        &[
            "quiz",
            "--handout",
            s(&handout),
            "--seed",
            "7",
            "--count",
            "5",
        ],
        "",
    ));
    let sheet = std::fs::read_to_string(handout.join("answers.txt")).unwrap();
    let header = sheet.lines().next().unwrap();
    let filled = dir.join("filled7.txt");
    std::fs::write(&filled, format!("{header}\n{}", key_answers("7", "5"))).unwrap();
    let out = ok(&tenball(
        &[
            "quiz",
            "--answers",
            s(&filled),
            "--count",
            "5",
            "--no-progress",
        ],
        "",
    ));
    assert!(out.contains("Score: 5 of 5"), "{out}");
    let out = tenball(
        &[
            "quiz",
            "--answers",
            s(&filled),
            "--seed",
            "1",
            "--no-progress",
        ],
        "",
    );
    refused(
        &out,
        "the sheet answers another quiz than --seed 1 (the sheet's is 7)",
    );

    let p = dir.join("p.json");
    let empty = dir.join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let out = tenball(&["quiz", "--answers", s(&empty), "--progress", s(&p)], "");
    refused(&out, "answers no question");
    assert!(!p.exists());
    let out = run_with(
        60,
        &["quiz", "--text", "--count", "2", "--progress", s(&p)],
        Vec::new(),
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("No question was answered"),
        "{}",
        stdout(&out)
    );
    assert!(!stdout(&out).contains("wholly right"));
    assert!(!p.exists());
}

/// Item 12: "standard input given as `-`" was suggested where `-` was not taken. Now `-` reads
/// standard input for answers, merged progress, equipment files and scenario files.
#[test]
fn item_12_a_dash_reads_standard_input_wherever_a_file_is_read_whole() {
    let dir = scratch("i57-12");
    let out = tenball(
        &["quiz", "--answers", "-", "--count", "2", "--no-progress"],
        &key_answers("1", "2"),
    );
    assert!(ok(&out).contains("Score: 2 of 2"), "{}", stdout(&out));
    let eq = ok(&tenball(&["equipment", "show", "wpa", "--json"], ""));
    let out = tenball(&["equipment", "show", "-"], &eq);
    assert!(ok(&out).contains("equipment: own"), "{}", stdout(&out));
    let scenario = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/scratch.json"),
    )
    .unwrap();
    let out = tenball(&["scenario", "check", "-"], &scenario);
    assert!(ok(&out).contains("1 passed"), "{}", stdout(&out));
    let mine = dir.join("mine.json");
    graded_into(&dir, "2", &mine);
    let theirs = std::fs::read_to_string(&mine).unwrap();
    let other = dir.join("other.json");
    let out = tenball(
        &["quiz", "--merge-progress", "-", "--progress", s(&other)],
        &theirs,
    );
    assert!(
        ok(&out).contains("merged standard input"),
        "{}",
        stdout(&out)
    );
    // Where `-` is not taken (a FIFO given as a records file), it is not suggested.
    let out = tenball(&["breaks", "replay", "/dev/null", "--index", "0"], "");
    assert!(!stderr(&out).contains("`-`"), "{}", stderr(&out));
}

/// Item 13: `quiz --handout` with a 250-byte folder name failed "File name too long", and a
/// leftover temporary file of a killed run with the same process id blocked the write. Now
/// temporary names are short and a taken one is passed over.
#[test]
fn item_13_temporary_names_are_short_and_a_stale_one_is_passed_over() {
    let dir = scratch("i57-13");
    let long = dir.join("h".repeat(250));
    ok(&tenball(
        &["quiz", "--handout", s(&long), "--count", "1"],
        "",
    ));
    assert!(long.join("answers.txt").exists());
    // Stale temporary names for the next process ids: whichever the next run gets is taken.
    let mine = std::process::id();
    for pid in mine..mine + 200 {
        for n in 0..3 {
            std::fs::write(dir.join(format!(".tenball-{pid}-{n}.partial.svg")), b"").unwrap();
            std::fs::write(dir.join(format!(".tenball-{pid}-{n}.partial.part")), b"").unwrap();
        }
    }
    let svg = dir.join("d.svg");
    ok(&tenball(
        &["scenario", "diagram", "scratch", "--out", s(&svg)],
        "",
    ));
    assert!(svg.exists());
    let p = dir.join("p.json");
    graded_into(&dir, "1", &p);
    assert_eq!(progress_runs(&p), 1);
}

/// Item 14: `breaks --resume` of a file killed before or while its header was written said
/// "no header line ... (made by an older tenball)". Now it is completed, to the byte.
#[test]
fn item_14_a_records_file_cut_in_its_header_is_resumed() {
    let dir = scratch("i57-14");
    for ext in ["jsonl", "csv"] {
        let whole = dir.join(format!("whole.{ext}"));
        ok(&tenball(
            &[
                "breaks",
                "--count",
                "3",
                "--out",
                s(&whole),
                "--threads",
                "1",
            ],
            "",
        ));
        let bytes = std::fs::read(&whole).unwrap();
        for cut in [0, 1, 80, 100] {
            let f = dir.join(format!("cut{cut}.{ext}"));
            std::fs::write(&f, &bytes[..cut]).unwrap();
            ok(&tenball(
                &[
                    "breaks",
                    "--count",
                    "3",
                    "--out",
                    s(&f),
                    "--resume",
                    "--threads",
                    "1",
                ],
                "",
            ));
            assert_eq!(std::fs::read(&f).unwrap(), bytes, "{ext} cut at {cut}");
        }
    }
}

/// Breaks records of 3 breaks in `dir/name.jsonl`, as lines of JSON.
fn breaks_lines(dir: &Path, name: &str) -> (PathBuf, Vec<serde_json::Value>) {
    let f = dir.join(format!("{name}.jsonl"));
    ok(&tenball(&["breaks", "--count", "3", "--out", s(&f)], ""));
    let lines = std::fs::read_to_string(&f)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (f, lines)
}

fn write_lines(f: &Path, lines: &[serde_json::Value]) {
    let text: String = lines
        .iter()
        .map(|l| serde_json::to_string(l).unwrap() + "\n")
        .collect();
    std::fs::write(f, text).unwrap();
}

/// Item 15: `breaks replay` accepted 14 of 14 tampered files (a cue ball at 55 m, speed 1e300,
/// `mu_slide` 50 in the header, shard [7, 3], a duplicated index). Now a record is read as
/// strictly as resume and merge read it.
#[test]
fn item_15_a_replayed_record_is_checked_as_resume_checks_it() {
    let dir = scratch("i57-15");
    let (f, lines) = breaks_lines(&dir, "good");
    ok(&tenball(&["breaks", "replay", s(&f), "--index", "1"], ""));
    type Change = Box<dyn Fn(&mut Vec<serde_json::Value>)>;
    let cases: Vec<(&str, Change, &str)> = vec![
        (
            "far",
            Box::new(|l| l[1]["cue_x"] = 55.0.into()),
            "not in the kitchen",
        ),
        (
            "fast",
            Box::new(|l| l[1]["speed"] = 1e300.into()),
            "1e300 m/s",
        ),
        (
            "back",
            Box::new(|l| l[1]["speed"] = (-5.0).into()),
            "a break with no speed",
        ),
        (
            "lift",
            Box::new(|l| l[1]["elevation_deg"] = 5000.0.into()),
            "elevation_deg",
        ),
        (
            "slide",
            Box::new(|l| {
                l[0]["tenball_breaks"]["spec"]["equipment"]["cloth"]["mu_slide"] = 50.0.into()
            }),
            "a header line no tenball writes",
        ),
        (
            "gap",
            Box::new(|l| {
                l[0]["tenball_breaks"]["spec"]["rack"] = serde_json::json!({"gap": 1e300})
            }),
            "largest gap",
        ),
        (
            "count",
            Box::new(|l| l[0]["tenball_breaks"]["count"] = 0.into()),
            "a run of 0 breaks",
        ),
        (
            "shard",
            Box::new(|l| l[0]["tenball_breaks"]["shard"] = serde_json::json!([7, 3])),
            "K must be below N",
        ),
        (
            "twice",
            Box::new(|l| {
                let again = l[1].clone();
                l[2] = again;
            }),
            "record 2 is break 0",
        ),
        (
            "seed",
            Box::new(|l| {
                let seed = l[1]["seed"].clone();
                l[3]["seed"] = seed;
            }),
            "but break 2 of this run has seed",
        ),
    ];
    for (name, change, says) in cases {
        let mut l = lines.clone();
        change(&mut l);
        let g = dir.join(format!("{name}.jsonl"));
        write_lines(&g, &l);
        let out = tenball(&["breaks", "replay", s(&g), "--index", "1"], "");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(says), "{name}: expected {says:?} in: {err}");
    }
}

/// A one-rack greedy duel's file in `dir`, as lines of JSON.
fn duel_lines(dir: &Path) -> Vec<serde_json::Value> {
    let f = dir.join("duel.jsonl");
    ok(&tenball(
        &[
            "duel",
            "--a",
            "greedy",
            "--b",
            "greedy",
            "--racks",
            "1",
            "--out",
            s(&f),
        ],
        "",
    ));
    std::fs::read_to_string(&f)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Item 16: `duel merge` and `duel ratings` summarised and rated headers no tenball wrote:
/// level 9, `mu_slide` 99, a rack gap of -7, a break from x 99 at -3 m/s, an unknown key,
/// `racks` 0. Now a duel header is checked as the command line checks its options.
#[test]
fn item_16_duel_headers_no_tenball_writes_are_refused() {
    let dir = scratch("i57-16");
    let lines = duel_lines(&dir);
    type Change = Box<dyn Fn(&mut serde_json::Value)>;
    let cases: Vec<(&str, Change, &str)> = vec![
        (
            "level",
            Box::new(|h| h["tenball_duel"]["a"] = serde_json::json!({"level": 9})),
            "level 9 is no level",
        ),
        (
            "zero",
            Box::new(|h| h["tenball_duel"]["b"] = serde_json::json!({"level": 0})),
            "level 0 is no level",
        ),
        (
            "slide",
            Box::new(|h| h["tenball_duel"]["equipment"]["cloth"]["mu_slide"] = 99.0.into()),
            "mu_slide",
        ),
        (
            "gap",
            Box::new(|h| h["tenball_duel"]["rack"] = serde_json::json!({"gap": -7.0})),
            "largest gap",
        ),
        (
            "break",
            Box::new(|h| {
                h["tenball_duel"]["break_shot"] =
                    serde_json::json!({"x": 99.0, "y": 0.0, "speed": -3.0})
            }),
            "break shot",
        ),
        ("key", Box::new(|h| h["extra"] = 1.into()), "unknown field"),
        (
            "racks",
            Box::new(|h| h["racks"] = 0.into()),
            "a run of 0 racks",
        ),
    ];
    for (name, change, says) in cases {
        let mut l = lines.clone();
        change(&mut l[0]);
        let g = dir.join(format!("{name}.jsonl"));
        write_lines(&g, &l);
        for cmd in [vec!["duel", "merge", s(&g)], vec!["duel", "ratings", s(&g)]] {
            let out = tenball(&cmd, "");
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{name} {cmd:?}: {err}");
            assert!(err.contains(says), "{name}: expected {says:?} in: {err}");
            assert!(!stdout(&out).contains("level 9"), "{name}");
        }
    }
}

/// Item 17: `duel ratings` counted the same file twice, took an anchor of 1.8e308 and printed
/// 309-digit numbers, and `--draws 1e-300`. Now duplicates are refused and anchors and draws
/// bounded.
#[test]
fn item_17_ratings_refuse_duplicates_and_absurd_anchors_and_draws() {
    let dir = scratch("i57-17");
    let f = dir.join("d.jsonl");
    ok(&tenball(
        &[
            "duel",
            "--a",
            "greedy",
            "--b",
            "1",
            "--racks",
            "2",
            "--out",
            s(&f),
        ],
        "",
    ));
    let copy = dir.join("copy.jsonl");
    std::fs::copy(&f, &copy).unwrap();
    for other in [&f, &copy] {
        let out = tenball(&["duel", "ratings", s(&f), s(other)], "");
        refused(&out, "each rack counts once");
    }
    let out = tenball(
        &[
            "duel",
            "ratings",
            s(&f),
            "--anchor",
            "greedy=1.7976931348623157e308",
        ],
        "",
    );
    let err = refused(&out, "--anchor: a rating from -10000 to 10000");
    assert!(err.contains("1.7976931348623157e308"), "{err}");
    for d in ["1.7e308", "1e-300", "-1"] {
        let out = tenball(&["duel", "ratings", s(&f), &format!("--draws={d}")], "");
        let err = refused(&out, "--draws must be 0 or 0.01 to 1000");
        assert!(err.len() < 200, "{err}");
    }
}

/// Item 18: huge numbers were printed in full (309 digits) and then cut. Now a number out of
/// range is printed in exponent form.
#[test]
fn item_18_huge_numbers_are_printed_in_exponent_form() {
    let rack: serde_json::Value = serde_json::from_str(&ok(&tenball(&["rack"], ""))).unwrap();
    let layout = &rack["layout"];
    for (field, value, says) in [
        ("speed", 1e300, "1e300"),
        ("elevation_deg", 1e300, "1e300"),
        ("side", 1e300, "(1e300, 0)"),
    ] {
        let mut strike = serde_json::json!({"aim_deg": 0.0, "speed": 5.0});
        strike[field] = value.into();
        let input = serde_json::json!({ "layout": layout, "strike": strike });
        let out = tenball(&["shot"], &input.to_string());
        let err = refused(&out, says);
        assert!(!err.contains("000000000000"), "{err}");
    }
    for args in [
        vec!["breaks", "--speed", "1e300", "--count", "1"],
        vec!["breaks", "--side", "1e300", "--count", "1"],
        vec![
            "duel",
            "--a",
            "1",
            "--b",
            "2",
            "--racks",
            "1",
            "--break-speed",
            "1e300",
        ],
    ] {
        let out = tenball(&args, "");
        let err = refused(&out, "1e300");
        assert!(!err.contains("000000000000"), "{args:?}: {err}");
    }
}

/// Item 19: `play --race-to 2 --load` of a table at 5-3 opened a "race to 2" that refused every
/// shot. Now the position is checked against the race before the window opens.
#[cfg(feature = "game")]
#[test]
fn item_19_a_race_shorter_than_the_loaded_score_is_refused_before_the_window() {
    let dir = scratch("i57-19");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/scratch.json"),
    )
    .unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut table = v["position"].clone();
    table["state"]["score"] = serde_json::json!([5, 3]);
    let f = dir.join("t.json");
    std::fs::write(&f, table.to_string()).unwrap();
    let out = run_with(
        30,
        &["play", "--race-to", "2", "--load", s(&f)],
        Vec::new(),
        None,
    );
    refused(
        &out,
        "--race-to 2: the position loaded does not hold together in a race to 2",
    );
}

/// Item 20: `breaks --count 0` and a shard with no breaks reported "0.0 % (95 % CI 0.0 to
/// 100.0 %)". Now a run of nothing is refused.
#[test]
fn item_20_a_run_of_nothing_is_refused() {
    let dir = scratch("i57-20");
    let out = tenball(&["breaks", "--count", "0"], "");
    refused(&out, "--count must be at least 1");
    let out = tenball(&["breaks", "--count", "3", "--shard", "5/10"], "");
    refused(&out, "--shard 5/10: holds none of the 3 breaks");
    let f = dir.join("s5.jsonl");
    let out = tenball(
        &[
            "duel",
            "--a",
            "1",
            "--b",
            "2",
            "--racks",
            "3",
            "--shard",
            "5/10",
            "--out",
            s(&f),
        ],
        "",
    );
    refused(&out, "--shard 5/10: holds none of the 3 racks");
    assert!(!f.exists());
}

/// Item 21: the link decoder took extra bytes after the packed table, said "HasMoreOutput" of
/// a table too large, decoded `%+1`, took `?quiz=+5`, placed `é%G1`'s error at character 3,
/// opened a fragment's `#?scenario=`, refused an ignored `count=`, refused a byte order mark
/// and took a right-to-left override in a player's name.
#[test]
fn item_21_the_link_decoder_reads_links_as_tenball_writes_them() {
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;
    use tenball::link::{Link, table_query};
    let scenario: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/scratch.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let json = scenario["position"].to_string();
    let pack =
        |bytes: &[u8]| URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(bytes, 9));
    let file: tenball::tablefile::TableFile = serde_json::from_str(&json).unwrap();
    let good = table_query(&file);
    assert!(Link::parse(&good).is_ok());
    // Extra bytes after the DEFLATE data.
    let mut packed = URL_SAFE_NO_PAD.decode(&good["?table=".len()..]).unwrap();
    packed.extend_from_slice(b"junk");
    let e = Link::parse(&format!("?table={}", URL_SAFE_NO_PAD.encode(&packed))).unwrap_err();
    assert!(e.contains("4 bytes after its packed table"), "{e}");
    // Past 256 KiB unpacked.
    let e = Link::parse(&format!("?table={}", pack(&vec![b' '; 300 * 1024]))).unwrap_err();
    assert!(e.contains("more than 256 KiB"), "{e}");
    assert!(!e.contains("HasMoreOutput"), "{e}");
    // A byte order mark is dropped, as a file's is.
    let bom = format!("\u{feff}{json}");
    assert!(Link::parse(&format!("?table={}", pack(bom.as_bytes()))).is_ok());
    // A right-to-left override in a name.
    let mut named = scenario["position"].clone();
    named["players"][0] = "\u{202e}nnA".into();
    let e = Link::parse(&format!("?table={}", pack(named.to_string().as_bytes()))).unwrap_err();
    assert!(e.contains("direction-changing"), "{e}");
    let e = Link::parse("?scenario=%+1").unwrap_err();
    assert!(e.contains("`%` at character 1"), "{e}");
    let e = Link::parse("?scenario=é%G1").unwrap_err();
    assert!(e.contains("`%` at character 2"), "{e}");
    let e = Link::parse("?quiz=+5").unwrap_err();
    assert!(e.contains("`+5` is not a whole number"), "{e}");
    assert!(Link::parse("#?scenario=scratch").is_err());
    assert_eq!(
        Link::parse("?count=abc&scenario=scratch"),
        Ok(Link::Scenario("scratch".into()))
    );
}

/// Item 22: a scenario whose step ended the rack (three fouls, 7.14) failed at the next step
/// ("the layout does not match the state"). Now the next rack is racked and the scenario
/// plays on.
#[test]
fn item_22_a_scenario_plays_on_past_the_end_of_a_rack() {
    let dir = scratch("i57-22");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/scenarios/three-fouls.json"),
    )
    .unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["steps"].as_array_mut().unwrap().push(serde_json::json!({
        "call": {"type": "break"},
        "stroke": {"aim_deg": 0.0, "speed": 10.0, "side": 0.0, "height": 0.0, "elevation_deg": 0.0},
        "expect": {}
    }));
    let f = dir.join("on.json");
    std::fs::write(&f, v.to_string()).unwrap();
    let out = tenball(&["scenario", "check", s(&f)], "");
    assert!(ok(&out).contains("1 passed, 0 failed"), "{}", stdout(&out));
}

/// Item 23: messages: a CSV's second line called "the first line", an equipment error giving
/// its place twice, `sweep --speeds 8,8` taken, a relative XDG_DATA_HOME used.
#[test]
fn item_23_messages_say_the_right_place_once() {
    let dir = scratch("i57-23");
    let f = dir.join("c_badcols.csv");
    ok(&tenball(&["breaks", "--count", "1", "--out", s(&f)], ""));
    let text = std::fs::read_to_string(&f).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1] = "index,seed,wrong";
    std::fs::write(&f, lines.join("\n") + "\n").unwrap();
    let out = tenball(&["breaks", "replay", s(&f), "--index", "0"], "");
    let err = refused(&out, ":2: line 2 is not the CSV header");
    assert!(!err.contains("first line"), "{err}");

    let eq = dir.join("eq.json");
    std::fs::write(&eq, "{\"set\": \"own\", \"cloth\": 5}").unwrap();
    let out = tenball(&["equipment", "show", s(&eq)], "");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(
        err.matches("column").count() + err.matches(":1:").count(),
        1,
        "{err}"
    );

    let out = tenball(
        &[
            "breaks",
            "sweep",
            "--speeds",
            "8,8",
            "--out",
            s(&dir.join("sw")),
        ],
        "",
    );
    refused(&out, "--speeds: 8 m/s given twice");

    let out = Command::new(env!("CARGO_BIN_EXE_tenball"))
        .args(["quiz", "--answers", "-", "--count", "1"])
        .env("XDG_DATA_HOME", "relative/data")
        .env("HOME", &dir)
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin
                .take()
                .unwrap()
                .write_all(key_answers("1", "1").as_bytes())?;
            c.wait_with_output()
        })
        .unwrap();
    ok(&out);
    assert!(!dir.join("relative").exists());
    assert!(dir.join(".local/share/tenball/quiz-progress.json").exists());
}

/// Item 24: `tenball shot` with `"aim_deg": -9223372036854775809` was played (its remainder by
/// 360 is rounding noise). Now an aim is bounded to ten turns either way.
#[test]
fn item_24_an_absurd_aim_is_refused() {
    let rack: serde_json::Value = serde_json::from_str(&ok(&tenball(&["rack"], ""))).unwrap();
    let layout = &rack["layout"];
    let input = serde_json::json!({
        "layout": layout,
        "strike": {"aim_deg": -9223372036854775809.0, "speed": 5.0}
    });
    let out = tenball(&["shot"], &input.to_string());
    refused(
        &out,
        "strike.aim_deg -9.223372036854776e18 is more than 3600 degrees",
    );
}

//! Drills (issue 60): the shipped library loads and plays, a bad drill file is refused with the
//! file, the place and the problem, every outcome comes from the physics and the referee, the
//! levels' scores rise with the level, `drill rate` resumes, and `drill progress` reads a
//! player's file.

use tenball::computer::Level;
use tenball::drills::rating::{LevelScores, place, separates, shipped};
use tenball::drills::{Drill, Session, Stroke, find, library, player};
use tenball::physics::{Equipment, Strike};
use tenball::referee::Call;

use super::common::{ok, scratch, tenball};

#[test]
fn the_library_holds_at_least_twelve_drills_each_playable() {
    let lib = library();
    assert!(lib.len() >= 12, "{} drills", lib.len());
    for (name, d) in lib {
        let d = d.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!d.source.is_empty(), "{name} says where it comes from");
        let s = Session::new(d, 1, Equipment::default()).unwrap();
        assert!(s.due().is_some(), "{name}: an attempt is due");
    }
    let out = ok(&tenball(&["drill", "list"], ""));
    assert!(out.lines().any(|l| l.starts_with("stop-shot ")), "{out}");
    let shown = ok(&tenball(&["drill", "show", "stop-shot"], ""));
    assert!(shown.contains("progressive: 10 attempts"), "{shown}");
}

#[test]
fn a_bad_drill_file_is_refused_with_the_file_the_place_and_the_problem() {
    let dir = scratch("drill-bad");
    let cases = [
        ("{\"title\": \"x\",\n \"sauce\": 1}", "bad.json:2:"),
        (
            &std::fs::read_to_string("assets/drills/stop-shot.json")
                .unwrap()
                .replace("\"start\": 4", "\"start\": 9"),
            "scoring: start 9: from 1 to 7",
        ),
        (
            &std::fs::read_to_string("assets/drills/cut-shot.json")
                .unwrap()
                .replace("\"ball\": 10,", "\"ball\": 3,"),
            "Ten Ball is played with the 10 on the table",
        ),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let path = dir.join("bad.json");
        std::fs::write(&path, text).unwrap();
        let out = tenball(&["drill", "check", path.to_str().unwrap()], "");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "case {i}: {err}");
        assert!(
            err.contains("bad.json") && err.contains(want),
            "case {i}: {err}"
        );
    }
}

/// A stroke that misses the ball: the referee's foul (7.3), never a success, and the
/// progressive place goes down one.
#[test]
fn an_outcome_is_the_referees_ruling_and_the_balls_places() {
    let d = find("stop-shot").unwrap();
    let mut s = Session::new(d, 1, Equipment::default()).unwrap();
    assert_eq!(s.due().unwrap().place, Some(4));
    let call = s.due().unwrap().call.unwrap();
    // Softly away from the 10, toward the head cushion: no ball is hit.
    let miss = Stroke {
        place: None,
        call,
        strike: Strike::new(180.0, 0.5),
    };
    let p = s.play(&miss).unwrap();
    assert!(!p.attempt.unwrap().success);
    assert!(!p.shot.judged.ruling.legal, "{}", p.words);
    assert!(p.words.starts_with("foul (7.3)"), "{}", p.words);
    assert_eq!(s.due().unwrap().place, Some(3));
    // Another call than the drill's is refused and changes nothing.
    let wrong = Stroke {
        call: Call::Safety,
        ..miss
    };
    assert!(s.play(&wrong).unwrap_err().contains("asks for the 10"));
    assert_eq!(s.outcomes().len(), 1);
}

/// The calibration in small: on the stop shot the top level scores above the lowest over the
/// same sessions (the shipped figures are `tools/drill-levels.sh`'s, 40 sessions a level).
#[test]
fn the_top_level_outscores_the_lowest_on_the_same_sessions() {
    let d = find("stop-shot").unwrap();
    let mean = |level: Level| {
        let scores: Vec<u32> = (0..6)
            .map(|seed| {
                let mut s = Session::new(d.clone(), seed, Equipment::default()).unwrap();
                let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
                while s.due().is_some() {
                    let st = player::stroke(&s, level, &mut rng).unwrap();
                    s.play(&st).unwrap();
                }
                s.score().value
            })
            .collect();
        LevelScores::of(&scores).mean
    };
    let (low, top) = (mean(Level::Level(1)), mean(Level::Level(5)));
    assert!(top >= low + 3.0, "level 1 {low}, level 5 {top}");
}

#[test]
fn the_shipped_level_scores_name_every_drill_and_set_level_five_above_one() {
    let levels = shipped();
    for (name, _) in library() {
        let l = levels
            .get(&name)
            .unwrap_or_else(|| panic!("{name}: no level scores; run tools/drill-levels.sh"));
        assert_eq!(l.len(), 5, "{name}");
        // Level 5 above level 1 beyond both means' 95 % intervals.
        assert!(separates(&l[&1], &l[&5]), "{name}: {l:?}");
    }
    // A score halfway up a drill that separates the levels is set between them.
    let stop = &levels["stop-shot"];
    let mid = (stop[&1].mean + stop[&5].mean) / 2.0;
    assert!(
        place(mid, stop).words().starts_with("like level"),
        "{stop:?}"
    );
}

/// The guide's table of the levels' scores is the shipped file's, figure for figure.
#[test]
fn the_guides_table_of_level_scores_is_the_shipped_files() {
    let guide = std::fs::read_to_string("docs/drills.md").unwrap();
    for (name, l) in shipped() {
        let means: Vec<String> = (1..=5).map(|k| format!("{:.2}", l[&k].mean)).collect();
        let apart = |k: u8| {
            format!(
                "{:.2}-{:.2}",
                l[&k].mean_ci95[0].max(0.0),
                l[&k].mean_ci95[1]
            )
        };
        let row = format!(
            "| `{name}` | {} | {} | {} / {} |",
            l[&1].sessions,
            means.join(" | "),
            apart(1),
            apart(5)
        );
        assert!(guide.contains(&row), "the guide lacks: {row}");
    }
}

#[test]
fn drill_rate_resumes_a_file_and_refuses_other_inputs() {
    let dir = scratch("drill-rate");
    let out = dir.join("rate.jsonl");
    let o = out.to_str().unwrap();
    let args = [
        "drill",
        "rate",
        "cut-shot",
        "--levels",
        "1,5",
        "--sessions",
        "3",
        "--out",
        o,
    ];
    let whole = ok(&tenball(&args, ""));
    let full = std::fs::read_to_string(&out).unwrap();
    assert_eq!(full.lines().count(), 1 + 6);
    // Cut after four sessions, the last line half written: the resume completes it to the same.
    let cut: Vec<&str> = full.lines().collect();
    let mut partial = cut[..5].join("\n");
    partial.push('\n');
    partial.push_str(&cut[5][..10]);
    std::fs::write(&out, &partial).unwrap();
    let mut again = args.to_vec();
    again.push("--resume");
    let resumed = ok(&tenball(&again, ""));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), full);
    assert_eq!(resumed, whole);
    // Another seed is refused, the file left as it was.
    let mut other = again.clone();
    other.extend(["--seed", "2"]);
    let r = tenball(&other, "");
    assert_eq!(r.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&r.stderr).contains("resume with the inputs"));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), full);
    // Without --resume an existing file is never written over.
    assert_eq!(tenball(&args, "").status.code(), Some(2));
}

#[test]
fn drill_progress_prints_a_players_table_plots_it_and_names_a_bad_line() {
    let dir = scratch("drill-progress");
    let file = dir.join("progress.jsonl");
    // Three finished sessions, each with a line after an attempt before its last, and one a
    // kill cut short after two attempts.
    let line = |session: u64, t: u64, s: u32, over: bool| {
        format!(
            "{{\"player\":\"Ann\",\"drill\":\"stop-shot\",\"session\":{session},\"time\":{t},\"over\":{over},\"seed\":1,\"score\":{s},\"max\":10,\"attempts\":[true,false]}}\n"
        )
    };
    let text = [
        line(10, 11, 4, false),
        line(10, 12, 3, true),
        "not json\n".to_string(),
        line(20, 21, 8, true),
        line(30, 31, 6, true),
        line(40, 41, 5, false),
        line(40, 42, 6, false),
    ]
    .concat();
    std::fs::write(&file, text).unwrap();
    let f = file.to_str().unwrap();
    let out = tenball(&["drill", "progress", "--player", "Ann", "--file", f], "");
    let table = ok(&out);
    assert!(
        table.contains("| stop-shot | 3 | 3 | 8 | 6 of 10 | 3 8 6 | like level 3"),
        "{table}"
    );
    assert!(table.contains("| 2 attempts (--resume) |"), "{table}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("progress.jsonl:3:"));
    for name in ["plot.png", "plot.svg"] {
        let plot = dir.join(name);
        let p = plot.to_str().unwrap();
        let args = [
            "drill",
            "progress",
            "--file",
            f,
            "--plot",
            p,
            "--drill",
            "stop-shot",
        ];
        ok(&tenball(&args, ""));
        let bytes = std::fs::read(&plot).unwrap();
        assert!(bytes.len() > 1000, "{name}: {} bytes", bytes.len());
        // Never written over.
        assert_eq!(tenball(&args, "").status.code(), Some(2));
    }
    let none = ok(&tenball(
        &[
            "drill",
            "progress",
            "--file",
            dir.join("none.jsonl").to_str().unwrap(),
        ],
        "",
    ));
    assert!(none.starts_with("no sessions yet"), "{none}");
}

/// A session a kill cut short, taken up from its attempts, sets up what the whole session
/// would have, attempt for attempt.
#[test]
fn a_session_taken_up_after_a_kill_goes_on_as_the_whole_one() {
    for name in ["stop-shot", "cut-to-the-corner", "ghost"] {
        let d = find(name).unwrap();
        let mut whole = Session::new(d.clone(), 3, Equipment::default()).unwrap();
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
        while whole.outcomes().len() < 2 {
            let st = player::stroke(&whole, Level::Level(3), &mut rng).unwrap();
            whole.play(&st).unwrap();
        }
        let taken = Session::resume(d, 3, Equipment::default(), whole.outcomes()).unwrap();
        let (a, b) = (whole.due().unwrap(), taken.due().unwrap());
        assert_eq!(
            (a.attempt, a.place, &a.layout, &a.state),
            (b.attempt, b.place, &b.layout, &b.state),
            "{name}"
        );
        assert_eq!(taken.score(), whole.score(), "{name}");
    }
    let run = find("line-of-balls").unwrap();
    let one = [tenball::drills::Attempt {
        success: true,
        balls: 1,
    }];
    assert!(Session::resume(run, 1, Equipment::default(), &one).is_err());
}

/// Against the ghost a rack is lost on the first stroke after the break that does not keep
/// the table, as the referee rules it, and won when the referee gives the player the rack.
#[test]
fn the_ghosts_racks_are_ruled_by_the_referee() {
    let d = find("ghost").unwrap();
    let mut s = Session::new(d, 2, Equipment::default()).unwrap();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(2);
    let mut racks = 0;
    while racks < 3 && s.due().is_some() {
        let stroke = player::stroke(&s, Level::Level(4), &mut rng).unwrap();
        let broke = stroke.call == Call::Break;
        let p = s.play(&stroke).unwrap();
        let r = &p.shot.judged.ruling;
        let kept = match r.rack_result {
            Some(tenball::referee::RackResult::Won { winner, .. }) => {
                winner == tenball::referee::PlayerId::A
            }
            Some(_) => false,
            None => r.next.player == tenball::referee::PlayerId::A,
        };
        match p.attempt {
            // The break of the usual form never decides the rack.
            None => assert!(broke || (kept && r.rack_result.is_none()), "{}", p.words),
            Some(a) => {
                racks += 1;
                assert!(!broke, "a break decided a rack: {}", p.words);
                assert_eq!(a.success, kept && r.rack_result.is_some(), "{}", p.words);
            }
        }
    }
    assert_eq!(racks, 3);
}

#[test]
fn drill_run_gives_json_and_takes_a_number_of_attempts() {
    let out = ok(&tenball(
        &[
            "drill",
            "run",
            "stop-shot",
            "--level",
            "5",
            "--attempts",
            "3",
            "--json",
        ],
        "",
    ));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["attempts"].as_array().unwrap().len(), 3);
    assert_eq!(v["max"], 10);
    let bad = tenball(&["drill", "run", "ghost", "--attempts", "3"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--attempts"));
}

#[test]
fn a_drill_from_a_file_plays_as_the_librarys_does() {
    let dir = scratch("drill-file");
    let path = dir.join("mine.json");
    std::fs::copy("assets/drills/cut-shot.json", &path).unwrap();
    let d = Drill::load(&path).unwrap();
    assert_eq!(d, find("cut-shot").unwrap());
    let out = ok(&tenball(
        &["drill", "run", path.to_str().unwrap(), "--level", "5"],
        "",
    ));
    assert!(out.lines().last().unwrap().starts_with("score: "), "{out}");
    assert_eq!(
        out.lines().filter(|l| l.starts_with("attempt ")).count(),
        10
    );
}

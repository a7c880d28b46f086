//! The teaching library: every scenario in `assets/scenarios/` holds (each step gives the
//! ruling it expects), a changed expectation is caught with its step and difference, and a
//! malformed file is named with its line and column.

mod common;

use std::path::{Path, PathBuf};

use tenball::teaching::scenario::Scenario;

fn library() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir("assets/scenarios")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_scenario_in_the_library_holds() {
    let files = library();
    assert!(files.len() >= 30, "{} scenarios", files.len());
    let mut rules = Vec::new();
    for f in &files {
        let s = Scenario::load(f).unwrap();
        let diffs = s.check();
        assert!(diffs.is_empty(), "{}: {diffs:?}", f.display());
        rules.extend(s.rules.clone());
    }
    for r in [
        "5.4", "5.6", "5.7", "5.8", "7.1", "7.2", "7.3", "7.14", "7.16", "1.4",
    ] {
        assert!(rules.iter().any(|x| x == r), "no scenario teaches {r}");
    }
}

#[test]
fn a_changed_expectation_is_reported_with_its_step() {
    let mut s = Scenario::load(Path::new("assets/scenarios/safety-pocket-choice.json")).unwrap();
    s.steps[1].expect.next_player = Some(tenball::referee::PlayerId::B);
    let diffs = s.check();
    assert_eq!(diffs, ["step 2: expected next player B, got A"]);
    let mut s = Scenario::load(Path::new("assets/scenarios/scratch.json")).unwrap();
    s.steps[0].expect.fouls = Some(vec!["7.2".into()]);
    assert_eq!(
        s.check(),
        [r#"step 1: expected fouls ["7.2"], got ["7.1"]"#]
    );
}

#[test]
fn the_command_checks_the_library_and_fails_on_a_broken_scenario() {
    let out = common::tenball(&["scenario", "check"], "");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains(&format!("{} passed, 0 failed", library().len())),
        "{text}"
    );

    let dir = std::env::temp_dir().join(format!("tenball-scen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("assets/scenarios/wrong-ball-first.json").unwrap(),
    )
    .unwrap();
    v["steps"][0]["expect"]["legal"] = serde_json::json!(true);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, v.to_string()).unwrap();
    let out = common::tenball(&["scenario", "check", bad.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("FAIL") && text.contains("step 1: expected legal true, got false"),
        "{text}"
    );

    let broken = dir.join("broken.json");
    std::fs::write(&broken, "{\n  \"title\": 3\n}").unwrap();
    let out = common::tenball(&["scenario", "check", broken.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("broken.json:2:"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn robustness_replays_strokes_with_execution_noise() {
    let played = Scenario::load(Path::new("assets/scenarios/push-out-played.json")).unwrap();
    // A soft roll into empty cloth: every noisy replay is still a legal push out.
    assert_eq!(played.robustness(20, 7), Some((20, 20)));
    // A soft hit on the 1 that, as struck, leaves no ball at a rail (a foul, 7.3), and that
    // a little more speed turns legal: noise changes its ruling in some replays.
    let mut edge = played.clone();
    edge.steps[0].call = Some(tenball::referee::Call::Ball {
        ball: 1,
        pocket: tenball::table::Pocket::FootLeft,
    });
    // Aim at the 1 at (0.3, 0.2) from (-0.6, 0); 1.0 m/s is just short of a legal shot
    // (at 1.1 m/s the 1 reaches the foot cushion).
    let aim = (0.2f64).atan2(0.9).to_degrees();
    edge.steps[0].stroke = Some(tenball::physics::Strike::new(aim, 1.0));
    edge.steps[0].expect = tenball::teaching::scenario::Expect {
        legal: Some(false),
        ..Default::default()
    };
    let (held, runs) = edge.robustness(20, 7).unwrap();
    assert_eq!(runs, 20);
    assert!(edge.check().is_empty(), "as struck it is a foul");
    assert!(0 < held && held < runs, "{held} of {runs} held");
    // A scenario told as facts has nothing to replay.
    let told = Scenario::load(Path::new("assets/scenarios/declared-double-hit.json")).unwrap();
    assert_eq!(told.robustness(5, 1), None);
}

#[test]
fn a_new_scenario_from_a_saved_table_expects_what_its_stroke_gives() {
    let dir = std::env::temp_dir().join(format!("tenball-scen-new-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut table: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("assets/examples/table-practice.json").unwrap(),
    )
    .unwrap();
    table["call"] = serde_json::json!({"type": "safety"});
    let t = dir.join("t.json");
    std::fs::write(&t, table.to_string()).unwrap();
    let out_path = dir.join("new.json");
    let args = [
        "scenario",
        "new",
        t.to_str().unwrap(),
        "--out",
        out_path.to_str().unwrap(),
    ];
    let out = common::tenball(&args, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = Scenario::load(&out_path).unwrap();
    assert_eq!(s.steps.len(), 1);
    assert!(s.steps[0].expect.rule.is_some() && s.steps[0].expect.next_player.is_some());
    assert!(s.check().is_empty(), "{:?}", s.check());
    // Never written over.
    let before = std::fs::read(&out_path).unwrap();
    let again = common::tenball(&args, "");
    assert_eq!(again.status.code(), Some(2));
    assert_eq!(std::fs::read(&out_path).unwrap(), before);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_diagram_shows_the_table_the_paths_and_the_ruling() {
    let dir = std::env::temp_dir().join(format!("tenball-diag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("d.svg");
    let out = common::tenball(
        &[
            "scenario",
            "diagram",
            "called-ball-pocketed",
            "--out",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("A called ball pocketed"), "the title");
    assert!(text.contains("Legal, rule 5.8"), "the ruling with its rule");
    assert!(
        text.matches("<polyline").count() >= 10,
        "the paths, the dashed one in pieces"
    );
    // Never over an existing file.
    let again = common::tenball(
        &[
            "scenario",
            "diagram",
            "called-ball-pocketed",
            "--out",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(again.status.code(), Some(2));
    // A PNG: cloth green where the table is bare, the 1's yellow where it starts.
    let png_path = dir.join("d.png");
    let out = common::tenball(
        &[
            "scenario",
            "diagram",
            "called-ball-pocketed",
            "--out",
            png_path.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success());
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&png_path).unwrap(),
    ));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let ch = info.color_type.samples();
    let pixel = |x: f64, y: f64| {
        // The drawing's mapping: 330 px/m, 12 px margin, 0.15 m of cushion and rail.
        let px = (12.0 + (x + 1.27 + 0.15) * 330.0).round() as usize;
        let py = (12.0 + (0.635 + 0.15 - y) * 330.0).round() as usize;
        let i = (py * info.width as usize + px) * ch;
        [buf[i], buf[i + 1], buf[i + 2]]
    };
    assert_eq!(pixel(-0.3, -0.4), tenball::palette::CLOTH, "bare cloth");
    let one = pixel(0.3, 0.2 - 0.02);
    assert_eq!(
        one,
        tenball::palette::BALL_COLOURS[1],
        "the 1 where it starts"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 63, item 5: the library's names were to be found only in `scenario check`'s output.
/// Now `tenball scenario list` prints each with its rules and title.
#[test]
fn issue_63_item_5_scenario_list_names_the_library() {
    let out = common::ok(&common::tenball(&["scenario", "list"], ""));
    let (entries, _) = tenball::teaching::scenario::library();
    assert!(entries.len() >= 30);
    for e in &entries {
        let line = out
            .lines()
            .find(|l| l.starts_with(&format!("{} ", e.name)))
            .unwrap_or_else(|| panic!("{} not listed:\n{out}", e.name));
        assert!(line.ends_with(e.title()), "{line}");
    }
    assert!(
        out.contains(&format!("{} scenarios", entries.len())),
        "{out}"
    );
}

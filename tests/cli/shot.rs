//! `tenball shot` and `tenball rack` through the binary.

use crate::common::tenball;

#[test]
fn the_example_break_runs_to_rest_with_events_and_paths() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/shot-break.json"
    );
    let out = tenball(&["shot", path], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let events = v["events"].as_array().unwrap();
    assert_eq!(
        events.iter().filter(|e| e["event"] == "cue_strike").count(),
        1
    );
    assert_eq!(events.last().unwrap()["event"], "at_rest");
    let first_hit = events
        .iter()
        .find(|e| e["event"] == "ball_ball" && e["a"] == 0)
        .unwrap();
    assert_eq!(first_hit["b"], 1, "a straight break hits the 1 first");
    assert_eq!(v["end"].as_array().unwrap().len(), 11);
    assert!(!v["paths"][0]["samples"].as_array().unwrap().is_empty());
    let no_paths = tenball(&["shot", "--no-paths", path], "");
    let v: serde_json::Value = serde_json::from_slice(&no_paths.stdout).unwrap();
    assert!(v["paths"].as_array().unwrap().is_empty());
}

#[test]
fn the_rack_command_makes_a_valid_shot_input() {
    let rack = tenball(
        &[
            "rack",
            "--seed",
            "4",
            "--table",
            "7ft",
            "--break-speed",
            "9",
        ],
        "",
    );
    assert!(rack.status.success());
    let out = tenball(
        &["shot", "--no-paths", "-"],
        &String::from_utf8(rack.stdout).unwrap(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bad = tenball(&["rack", "--table", "10ft"], "");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn overlapping_balls_and_bad_speeds_are_refused_with_the_place_named() {
    let overlap = r#"{"layout": {"balls": [{"ball": 0, "at": {"x": 0.0, "y": 0.0}}, {"ball": 3, "at": {"x": 0.01, "y": 0.0}}]}, "strike": {"aim_deg": 0, "speed": 2}}"#;
    let out = tenball(&["shot"], overlap);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("balls[1]") && err.contains("overlaps ball 0"),
        "{err}"
    );

    for (speed, word) in [("-1", "positive"), ("0", "positive"), ("1e9", "beyond")] {
        let input = format!(
            r#"{{"layout": {{"balls": [{{"ball": 0, "at": {{"x": 0.0, "y": 0.0}}}}]}}, "strike": {{"aim_deg": 0, "speed": {speed}}}}}"#
        );
        let out = tenball(&["shot"], &input);
        assert_eq!(out.status.code(), Some(2), "speed {speed}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("strike.speed") && err.contains(word), "{err}");
    }

    let malformed =
        "{\n \"layout\": {\"balls\": []},\n \"strike\": {\"aim_deg\": 0, \"speed\": \"fast\"}\n}";
    let out = tenball(&["shot"], malformed);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("<stdin>:3:"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let nocue = r#"{"layout": {"balls": [{"ball": 1, "at": {"x": 0.0, "y": 0.0}}]}, "strike": {"aim_deg": 0, "speed": 2}}"#;
    let out = tenball(&["shot"], nocue);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no cue ball"));
}

//! `tenball judge` through the binary: the README's example, malformed input and refused shots.

use crate::common;

use std::process::Output;

fn judge(stdin: &str, args: &[&str]) -> Output {
    let mut all = vec!["judge"];
    all.extend_from_slice(args);
    common::tenball(&all, stdin)
}

#[test]
fn the_readme_example_is_a_legal_break_with_the_ten_spotted() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/judge-break.json"
    );
    let out = judge("", &[path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ruling"]["legal"], true);
    assert_eq!(v["ruling"]["rule"], "5.3");
    assert_eq!(v["ruling"]["spotted"]["ball"], 10);
    assert_eq!(v["ruling"]["stay_down"], serde_json::json!([3]));
    assert_eq!(v["ruling"]["next"]["player"], "A");
    assert_eq!(v["ruling"]["next"]["push_out_allowed"], true);
    assert_eq!(
        v["state"]["on_table"],
        serde_json::json!([1, 2, 4, 5, 6, 7, 8, 9, 10])
    );
}

#[test]
fn malformed_json_names_line_and_column_and_exits_2() {
    let out = judge(
        "{\n  \"state\": {\"phase\": {\"phase\": \"break\", \"breaker\": \"A\"}},\n  \"call\": {\"type\": \"brake\"}\n}",
        &[],
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<stdin>:3:"), "{err}");
    assert!(err.contains("unknown variant `brake`"), "{err}");
    assert!(err.contains("expected one of"), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn a_shot_the_state_does_not_allow_is_refused_with_exit_2() {
    let out = judge(
        r#"{"state": {"phase": {"phase": "lag"}}, "call": {"type": "break"}}"#,
        &["-"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("lag"));
}

#[test]
fn a_missing_file_is_named() {
    let out = judge("", &["/no/such/shot.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/no/such/shot.json"));
}

#[test]
fn a_sequence_walks_the_lag_the_break_a_push_out_and_the_choice() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/examples/judge-sequence.json"
    );
    let out = judge("", &[path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let steps = v["steps"].as_array().unwrap();
    let kinds: Vec<&str> = steps.iter().map(|s| s["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "lag",
            "choose_breaker",
            "shot",
            "shot",
            "choose",
            "shot",
            "shot",
            "shot"
        ]
    );
    assert_eq!(steps[0]["lag_winner"], "A", "the shorter lag wins");
    assert_eq!(steps[1]["next"]["action"], "break");
    assert_eq!(steps[2]["ruling"]["rule"], "5.3");
    assert_eq!(steps[2]["next"]["push_out_allowed"], true);
    assert_eq!(steps[3]["ruling"]["rule"], "5.4");
    assert_eq!(steps[3]["next"]["action"], "choose");
    assert_eq!(steps[3]["next"]["player"], "A");
    assert_eq!(steps[4]["next"]["player"], "B", "A handed the table back");
    assert_eq!(steps[5]["ruling"]["rule"], "7.3");
    assert_eq!(steps[6]["ruling"]["legal"], false);
    assert_eq!(steps[7]["ruling"]["rule"], "5.6");
    // Each step's state is the next step's start; the last is the output's state.
    assert_eq!(v["state"], steps[7]["state"]);
    assert_eq!(v["state"]["fouls"][0]["count"], 1);
}

/// With the warning given by hand (`auto_warn` off), a third foul loses the rack only after
/// the referee's warning (7.14).
#[test]
fn the_two_foul_warning_by_hand_decides_the_third_foul() {
    let miss =
        r#"{"shot": {"call": {"type": "ball", "ball": 1, "pocket": "foot_left"}, "facts": {}}}"#;
    let state = r#"{"phase": {"phase": "shot", "shooter": "B", "cue_ball": "in_hand", "push_out": false},
                    "rules": {"auto_warn": false}, "fouls": [{"count": 0}, {"count": 2}]}"#;
    let warned = judge(
        &format!(r#"{{"state": {state}, "actions": [{{"warn_two_fouls": "B"}}, {miss}]}}"#),
        &["-"],
    );
    assert!(
        warned.status.success(),
        "{}",
        String::from_utf8_lossy(&warned.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&warned.stdout).unwrap();
    assert_eq!(v["steps"][0]["state"]["fouls"][1]["warned"], true);
    let r = &v["steps"][1]["ruling"];
    assert_eq!(r["rack_result"]["winner"], "A", "{r}");
    assert_eq!(r["rule"], "7.14");
    let unwarned = judge(
        &format!(r#"{{"state": {state}, "actions": [{miss}]}}"#),
        &["-"],
    );
    let v: serde_json::Value = serde_json::from_slice(&unwarned.stdout).unwrap();
    assert!(
        v["steps"][0]["ruling"]["rack_result"].is_null(),
        "no warning, no loss of the rack"
    );
    // A warning for a player not on two fouls is refused, naming the action.
    let bad = judge(
        &format!(r#"{{"state": {state}, "actions": [{{"warn_two_fouls": "A"}}]}}"#),
        &["-"],
    );
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("action 1 (warn_two_fouls)") && err.contains("two (7.14)"),
        "{err}"
    );
}

#[test]
fn a_shot_and_actions_together_are_refused() {
    let out = judge(
        r#"{"state": {"phase": {"phase": "break", "breaker": "A"}}, "call": {"type": "break"}, "actions": []}"#,
        &["-"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not both"));
}

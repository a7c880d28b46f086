//! `tenball judge` through the binary: the README's example, malformed input and refused shots.

mod common;

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

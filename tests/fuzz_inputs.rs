//! Mutated inputs for `tenball judge`, `tenball shot` and the table file: valid examples with
//! values replaced by extremes, keys dropped or added, arrays grown, text cut short. Every one
//! must give a result or a clean error (short, naming the input), never a panic, and a shot
//! must end in bounded time. The counts here are kept small for the suite; set
//! `TENBALL_FUZZ_SCALE` (a multiplier) for a longer run.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use serde_json::{Value, json};

use tenball::cli::judge::{judge_text, walk_text};
use tenball::cli::shot::shot_text;
use tenball::tablefile::TableFile;

/// Values a hostile user might put anywhere.
fn extremes() -> Vec<Value> {
    vec![
        json!(0),
        json!(-1),
        json!(1),
        json!(2),
        json!(10),
        json!(11),
        json!(255),
        json!(256),
        json!(4294967295u64),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1e300),
        json!(-1e300),
        json!(1e-300),
        json!(0.5),
        json!(-0.0),
        json!(""),
        json!("x".repeat(5000)),
        json!(true),
        json!(null),
        json!([]),
        json!({}),
        json!("A"),
        json!("B"),
        json!("foot_left"),
        json!("shot"),
        json!("break"),
        json!("in_hand"),
        json!([1, 1, 1]),
        json!({"ball": 0, "x": 0.0, "y": 0.0}),
        json!({"x": 0.0, "y": 0.0}),
    ]
}

/// Every path in a value: object keys and array indices.
fn paths(v: &Value, here: Vec<String>, out: &mut Vec<Vec<String>>) {
    out.push(here.clone());
    match v {
        Value::Object(m) => {
            for (k, c) in m {
                let mut p = here.clone();
                p.push(k.clone());
                paths(c, p, out);
            }
        }
        Value::Array(a) => {
            for (i, c) in a.iter().enumerate() {
                let mut p = here.clone();
                p.push(i.to_string());
                paths(c, p, out);
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[String]) -> Option<&'a mut Value> {
    let mut cur = v;
    for k in path {
        cur = match cur {
            Value::Object(m) => m.get_mut(k)?,
            Value::Array(a) => a.get_mut(k.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(cur)
}

#[derive(Debug, Clone)]
enum Mutation {
    Replace(usize, usize),
    Remove(usize),
    AddKey(usize, usize),
    Grow(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        4 => (any::<usize>(), any::<usize>()).prop_map(|(p, v)| Mutation::Replace(p, v)),
        1 => any::<usize>().prop_map(Mutation::Remove),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(p, v)| Mutation::AddKey(p, v)),
        1 => any::<usize>().prop_map(Mutation::Grow),
    ]
}

/// The seed mutated, as text, maybe cut short at `cut` (a share of its length, over 1: whole).
fn mutate(seed: &Value, muts: &[Mutation], cut: f64) -> String {
    let mut v = seed.clone();
    let pool = extremes();
    for m in muts {
        let mut all = Vec::new();
        paths(&v, vec![], &mut all);
        let pick = |i: usize| all[i % all.len()].clone();
        match *m {
            Mutation::Replace(p, x) => {
                if let Some(slot) = at(&mut v, &pick(p)) {
                    *slot = pool[x % pool.len()].clone();
                }
            }
            Mutation::Remove(p) => {
                let path = pick(p);
                if let Some((last, parent)) = path.split_last()
                    && let Some(parent) = at(&mut v, parent)
                {
                    match parent {
                        Value::Object(m) => {
                            m.remove(last);
                        }
                        Value::Array(a) => {
                            if let Ok(i) = last.parse::<usize>()
                                && i < a.len()
                            {
                                a.remove(i);
                            }
                        }
                        _ => {}
                    }
                }
            }
            Mutation::AddKey(p, x) => {
                if let Some(Value::Object(m)) = at(&mut v, &pick(p)) {
                    m.insert(format!("k{x}"), pool[x % pool.len()].clone());
                }
            }
            Mutation::Grow(p) => {
                if let Some(Value::Array(a)) = at(&mut v, &pick(p))
                    && let Some(first) = a.first().cloned()
                {
                    for _ in 0..20 {
                        a.push(first.clone());
                    }
                }
            }
        }
    }
    let text = v.to_string();
    if cut < 1.0 {
        let mut end = (text.len() as f64 * cut) as usize;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text[..end].to_string()
    } else {
        text
    }
}

fn seed(path: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn called_shot() -> Value {
    json!({
        "state": {
            "phase": {"phase": "shot", "shooter": "B", "cue_ball": "in_hand", "push_out": true},
            "score": [3, 5], "rack": 9, "inning": 4, "on_table": [2, 5, 10],
            "fouls": [{"count": 2, "warned": true}, {"count": 1}],
            "stalemate": [2, 1]
        },
        "call": {"type": "ball", "ball": 2, "pocket": "side_left"},
        "facts": {
            "first_contact": 2,
            "rail_contacts": [{"ball": 5, "rail": "foot"}],
            "pocketed": [{"ball": 2, "pocket": "side_left"}],
            "cue_ball": {"fate": "on_table"},
            "cue_ball_start": {"x": 0.1, "y": 0.1},
            "declared": ["double_hit"],
            "rest": [{"ball": 0, "x": -0.2, "y": 0.1}, {"ball": 5, "x": 0.4, "y": 0.0}, {"ball": 10, "x": 0.9, "y": 0.3}]
        }
    })
}

/// Cases for a test: `base` times `TENBALL_FUZZ_SCALE` (1 when unset).
fn cases(base: u32) -> u32 {
    let scale = std::env::var("TENBALL_FUZZ_SCALE")
        .ok()
        .and_then(|s| s.parse::<u32>().ok())
        .unwrap_or(1);
    base.saturating_mul(scale.max(1))
}

/// An error the user reads: short, and it names the input.
fn clean(message: &str, name: &str) {
    assert!(message.len() < 2_000, "a {}-byte message", message.len());
    assert!(message.starts_with(name), "{message}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    #[test]
    fn judge_inputs_never_panic(
        which in 0..2usize,
        muts in prop::collection::vec(mutation(), 1..6),
        cut in prop_oneof![4 => Just(2.0), 1 => 0.0..1.0f64],
    ) {
        let s = if which == 0 { seed("assets/examples/judge-break.json") } else { called_shot() };
        let text = mutate(&s, &muts, cut);
        if let Err(e) = judge_text("in.json", &text) {
            clean(&e.message, "in.json");
            prop_assert_eq!(e.code, 2);
        }
    }

    #[test]
    fn judge_sequences_never_panic(
        muts in prop::collection::vec(mutation(), 1..6),
        cut in prop_oneof![4 => Just(2.0), 1 => 0.0..1.0f64],
    ) {
        let text = mutate(&seed("assets/examples/judge-sequence.json"), &muts, cut);
        if let Err(e) = walk_text("seq.json", &text) {
            clean(&e.message, "seq.json");
            prop_assert_eq!(e.code, 2);
        }
    }

    #[test]
    fn table_files_never_panic(
        muts in prop::collection::vec(mutation(), 1..6),
        cut in prop_oneof![4 => Just(2.0), 1 => 0.0..1.0f64],
    ) {
        let text = mutate(&seed("assets/examples/table-practice.json"), &muts, cut);
        if let Err(e) = TableFile::parse(&text, "t.json") {
            clean(&e.to_string(), "t.json");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(40), ..ProptestConfig::default() })]

    #[test]
    fn shot_inputs_never_panic_and_end(
        muts in prop::collection::vec(mutation(), 1..4),
        cut in prop_oneof![6 => Just(2.0), 1 => 0.0..1.0f64],
    ) {
        let mut s = seed("assets/examples/shot-break.json");
        s["config"] = json!({"sample_dt": 0.05, "max_time": 20.0});
        let text = mutate(&s, &muts, cut);
        let start = Instant::now();
        match shot_text("shot.json", &text) {
            Ok(log) => prop_assert!(log.duration <= 120.0),
            Err(e) => {
                clean(&e.message, "shot.json");
                prop_assert_eq!(e.code, 2);
            }
        }
        prop_assert!(start.elapsed() < Duration::from_secs(60), "took {:?}", start.elapsed());
    }
}

/// Scenario files mutated from the library's: parsed, then played (a played shot with a short
/// time cap) and checked; an error names the file.
fn scenario_seed(which: usize) -> Value {
    let names = [
        "scratch",
        "push-out-played",
        "two-foul-warning-by-hand",
        "wrong-pocket-choice",
    ];
    seed(&format!(
        "assets/scenarios/{}.json",
        names[which % names.len()]
    ))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(60), ..ProptestConfig::default() })]

    #[test]
    fn scenario_files_never_panic_and_end(
        which in 0..4usize,
        muts in prop::collection::vec(mutation(), 1..5),
        cut in prop_oneof![4 => Just(2.0), 1 => 0.0..1.0f64],
    ) {
        let text = mutate(&scenario_seed(which), &muts, cut);
        let start = Instant::now();
        match tenball::teaching::scenario::Scenario::parse("s.json", &text) {
            Ok(s) => {
                let _ = s.check();
            }
            Err(e) => clean(&e.0, "s.json"),
        }
        prop_assert!(start.elapsed() < Duration::from_secs(60), "took {:?}", start.elapsed());
    }
}

#[cfg(feature = "game")]
proptest! {
    #![proptest_config(ProptestConfig { cases: cases(300), ..ProptestConfig::default() })]

    /// Game scripts: parsed as `tenball play --script` parses them; never a panic.
    #[test]
    fn game_scripts_never_panic(
        muts in prop::collection::vec(mutation(), 1..6),
        cut in prop_oneof![4 => Just(2.0), 1 => 0.0..1.0f64],
    ) {
        let script = json!({"steps": [
            {"wait": 20}, {"point_at": {"x": -0.7, "y": 0.0}}, "mouse_down", {"mouse_move": 20.0},
            "mouse_up", {"stroke": {"aim_deg": 3.0, "speed": 2.0}}, {"call_ball": 1},
            {"call_pocket": "foot_left"}, {"key": "Space"}, "wait_rest", {"camera": "overhead"},
            {"look": {"at": {"x": 0.0, "y": 0.0}, "yaw_deg": 0.0, "pitch_deg": 60.0, "distance": 2.0}},
            {"screenshot": "x.png"}, "exit"
        ]});
        let text = mutate(&script, &muts, cut);
        let _ = serde_json::from_str::<tenball::game::Script>(&text);
    }
}

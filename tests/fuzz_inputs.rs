//! Mutated inputs for `tenball judge`, `tenball shot`, the table file, scenarios, game scripts,
//! duel and breaks records files (resumed, merged, rated and replayed), the quiz's answers
//! sheets and progress files (read and merged), links, equipment files and `breaks sweep`'s
//! options: valid
//! examples with values replaced by extremes, keys dropped or added, arrays grown, text cut
//! short. Every one must give a result or a clean error (short, naming the input), never a
//! panic, and a shot must end in bounded time. The counts here are kept small for the suite;
//! set `TENBALL_FUZZ_SCALE` (a multiplier) for a longer run.

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
        json!("\u{1b}]0;title\u{7}\u{1b}[2J"),
        json!("\n".repeat(20_000)),
        json!("\u{202e}nnA"),
        json!("7.14"),
        json!("break-scratch#1~2"),
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
    cut_short(v.to_string(), cut)
}

/// `text` cut short at `cut` (a share of its length; over 1: whole), at a character boundary.
fn cut_short(text: String, cut: f64) -> String {
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

/// An error the user reads: short (under 1.5 KB), and it names the input.
fn clean(message: &str, name: &str) {
    assert!(message.len() < 1_500, "a {}-byte message", message.len());
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
        match shot_text("shot.json", &text, None) {
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

    /// Game scripts: read as `tenball play --script` reads them (each step checked against the
    /// table); a clean error naming the file, never a panic.
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
            {"place": {"x": -0.8, "y": 0.1}}, {"choose": "play_table"}, {"measure_fps": 10},
            {"screenshot": "x.png"}, "exit"
        ]});
        let text = mutate(&script, &muts, cut);
        let table = tenball::table::TableSize::NineFoot.spec();
        if let Err(e) = tenball::game::Script::parse("script.json", &text, &table) {
            clean(&e, "script.json");
        }
    }
}

/// A scratch file for one fuzz case, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(what: &str, ext: &str) -> Scratch {
        use std::sync::atomic::{AtomicU64, Ordering};
        static N: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        Scratch(std::env::temp_dir().join(format!(
            "tenball-fuzz-{}-{what}-{n}.{ext}",
            std::process::id()
        )))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Lines of JSON values as a records file holds them.
fn lines_of(v: &Value, cut: f64) -> String {
    let text: String = match v {
        Value::Array(items) => items.iter().map(|i| i.to_string() + "\n").collect(),
        other => other.to_string(),
    };
    cut_short(text, cut)
}

/// A duel's records file (its header and two greedy racks) as JSON values, made once.
fn duel_seed() -> &'static (tenball::batch::duel::DuelSpec, Value) {
    static SEED: std::sync::OnceLock<(tenball::batch::duel::DuelSpec, Value)> =
        std::sync::OnceLock::new();
    SEED.get_or_init(|| {
        use tenball::batch::duel::{DuelSpec, play_rack};
        let spec = DuelSpec {
            a: tenball::computer::Level::parse("greedy").unwrap(),
            b: tenball::computer::Level::parse("greedy").unwrap(),
            seed: 3,
            table: tenball::table::TableSize::NineFoot,
            rack: tenball::referee::Tightness::default(),
            equipment: tenball::physics::equipment::WPA,
            break_shot: None,
        };
        let mut lines = vec![json!({"tenball_duel": spec, "racks": 3})];
        for i in 0..2 {
            lines.push(serde_json::to_value(play_rack(&spec, i).unwrap()).unwrap());
        }
        (spec, Value::Array(lines))
    })
}

/// A breaks records file (its header and three breaks) as JSON values, made once.
fn breaks_seed() -> &'static (tenball::batch::BreakSpec, Value) {
    static SEED: std::sync::OnceLock<(tenball::batch::BreakSpec, Value)> =
        std::sync::OnceLock::new();
    SEED.get_or_init(|| {
        use tenball::batch::records::{Format, RunInputs, header};
        let spec = tenball::batch::BreakSpec::default();
        let inputs = RunInputs {
            spec,
            shard: [0, 1],
            count: 4,
        };
        let head: Value = serde_json::from_slice(&header(Format::Jsonl, &inputs)).unwrap();
        let mut lines = vec![head];
        for i in 0..3 {
            lines.push(serde_json::to_value(tenball::batch::run_break(&spec, i).unwrap()).unwrap());
        }
        (spec, Value::Array(lines))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(150), ..ProptestConfig::default() })]

    /// Duel records files, resumed: taken (the records as a duel writes them) or refused with
    /// a clean error naming the file; never a panic.
    #[test]
    fn duel_files_never_panic(
        muts in prop::collection::vec(mutation(), 1..5),
        cut in prop_oneof![4 => Just(2.0), 1 => 0.0..1.0f64],
    ) {
        let (spec, seed) = duel_seed();
        let mutated: Value = serde_json::from_str(&mutate(seed, &muts, 2.0)).unwrap_or(Value::Null);
        let text = lines_of(&mutated, cut);
        let f = Scratch::new("duel", "jsonl");
        std::fs::write(&f.0, &text).unwrap();
        match tenball::batch::duel_run::DuelRun::open_or_resume(*spec, tenball::batch::Shard::whole(3), Some(&f.0), true, &mut |_| {}) {
            Ok(run) => prop_assert!(run.records().iter().all(|r| r.check().is_ok())),
            Err(e) => {
                clean(&e.message, &f.0.display().to_string());
                prop_assert_eq!(e.code, 2);
            }
        }
    }

    /// Breaks records files, merged and resumed: a tally, or a clean error naming the file;
    /// never a panic.
    #[test]
    fn breaks_files_never_panic(
        muts in prop::collection::vec(mutation(), 1..5),
        cut in prop_oneof![4 => Just(2.0), 1 => 0.0..1.0f64],
        as_csv in prop_oneof![3 => Just(false), 1 => Just(true)],
    ) {
        let (spec, seed) = breaks_seed();
        let mutated: Value = serde_json::from_str(&mutate(seed, &muts, 2.0)).unwrap_or(Value::Null);
        let f = Scratch::new("breaks", if as_csv { "csv" } else { "jsonl" });
        std::fs::write(&f.0, lines_of(&mutated, cut)).unwrap();
        let name = f.0.display().to_string();
        match tenball::batch::merge(std::slice::from_ref(&f.0), None, true, &mut |_| {}) {
            Ok(t) => prop_assert!(t.breaks <= 4),
            Err(e) => { clean(&e.message, &name); prop_assert_eq!(e.code, 2); }
        }
        let shard = tenball::batch::Shard::whole(4);
        match tenball::batch::BatchRun::open_or_resume(*spec, shard, Some(&f.0), true, &mut |_| {}) {
            Ok(run) => prop_assert!(run.done() <= 4),
            Err(e) => { clean(&e.message, &name); prop_assert_eq!(e.code, 2); }
        }
    }
}

/// Hostile values for each of `breaks sweep`'s options (none that would make a long sweep).
fn sweep_option() -> impl Strategy<Value = Vec<String>> {
    let grids = [
        "1x1",
        "2x1",
        "0x3",
        "51x1",
        "x",
        "-1x2",
        "1x",
        "99999999999999999999x1",
        "1x1x1",
        "\u{1b}[2J",
        "1 x 1",
        "",
    ];
    let speeds = [
        "9",
        "9,10",
        "nan",
        "-1",
        "0",
        "1e308",
        "inf",
        "",
        "20.000001",
        ",",
        "9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9,9",
    ];
    let counts = [
        "1",
        "2",
        "0",
        "-1",
        "18446744073709551616",
        "1000001",
        "one",
    ];
    let outs = [
        "new.csv",
        "nodir/o.csv",
        "x.png",
        "exists.csv",
        "dangling.csv",
        "/proc/x.csv",
        "noext",
        ".csv",
    ];
    let rest = [
        "",
        "--no-noise",
        "--rack tight",
        "--rack 9",
        "--table 7ft",
        "--table 6ft",
        "--cue 0,0",
        "--elevation 95",
        "--threads 0",
        "--seed -3",
    ];
    (
        0..grids.len(),
        0..speeds.len(),
        0..counts.len(),
        0..outs.len(),
        0..rest.len(),
    )
        .prop_map(move |(g, sp, c, o, r)| {
            let mut args: Vec<String> = vec![
                "breaks".into(),
                "sweep".into(),
                "--grid".into(),
                grids[g].into(),
                "--speeds".into(),
                speeds[sp].into(),
                "--count".into(),
                counts[c].into(),
                "--out".into(),
                outs[o].into(),
            ];
            args.extend(rest[r].split_whitespace().map(str::to_string));
            args
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(40), ..ProptestConfig::default() })]

    /// `breaks sweep` with hostile options, through the binary in a folder of its own: done
    /// (exit 0) or refused (exit 2) with short lines, never a panic, never writing over a file.
    #[test]
    fn sweep_options_never_panic(args in sweep_option()) {
        use std::sync::atomic::{AtomicU64, Ordering};
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "tenball-fuzz-sweep-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("exists.csv"), "mine").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink("/nowhere/z", dir.join("dangling.csv")).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tenball"))
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        prop_assert!(matches!(out.status.code(), Some(0) | Some(2)), "{args:?}: {err}");
        prop_assert!(!err.contains("panicked"), "{args:?}: {err}");
        prop_assert!(err.lines().all(|l| l.len() <= 320), "{args:?}: {err}");
        prop_assert_eq!(std::fs::read_to_string(dir.join("exists.csv")).unwrap(), "mine");
        let partial = std::fs::read_dir(&dir).unwrap().any(|e| {
            e.unwrap().file_name().to_string_lossy().contains("partial")
        });
        prop_assert!(!partial, "{args:?}: a temporary file was left");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// A quiz's progress file (two questions graded) as JSON, made once.
fn progress_seed() -> &'static Value {
    static SEED: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    SEED.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("tenball-fuzz-progress-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("p.json");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tenball"))
            .args(["quiz", "--answers", "-", "--count", "3", "--progress"])
            .arg(&p)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin
                    .take()
                    .unwrap()
                    .write_all(b"1 foul 7.1 down opponent in-hand\n2 legal\n")?;
                c.wait()
            })
            .unwrap();
        assert!(out.success());
        let v = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        v
    })
}

/// Words an answers sheet is made of, hostile ones among them.
fn sheet_text() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        Just("1".to_string()),
        Just("3".to_string()),
        Just("0".to_string()),
        Just("99999999999999999999".to_string()),
        Just("legal".to_string()),
        Just("foul".to_string()),
        Just("7.3".to_string()),
        Just("99.9".to_string()),
        Just("down".to_string()),
        Just("opponent".to_string()),
        Just("in-hand".to_string()),
        Just("-".to_string()),
        Just("#".to_string()),
        Just("\n".to_string()),
        Just("\u{1b}[2J".to_string()),
        Just("x".repeat(3000)),
        "\\PC{0,12}",
    ];
    prop::collection::vec(word, 0..40).prop_map(|w| w.join(" "))
}

/// A link tenball writes (a table with a stroke), as text.
fn link_seed() -> String {
    let s = tenball::teaching::scenario::from_library("scratch").unwrap();
    tenball::link::table_query(&s.position)
}

#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, char),
    Delete(usize),
    Replace(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = prop_oneof![
        Just('%'),
        Just('+'),
        Just('#'),
        Just('?'),
        Just('&'),
        Just('='),
        Just('é'),
        Just('\u{202e}'),
        Just('\u{feff}'),
        any::<char>(),
        prop::char::range('A', 'z'),
    ];
    prop_oneof![
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Replace(i, c)),
    ]
}

fn apply_edits(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Insert(i, c) => chars.insert(i % (chars.len() + 1), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % n);
            }
            Edit::Replace(i, c) if !chars.is_empty() => chars[i % n] = c,
            _ => {}
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(200), ..ProptestConfig::default() })]

    /// Answers sheets: graded or refused with a clean error naming the sheet.
    #[test]
    fn quiz_answer_sheets_never_panic(text in sheet_text()) {
        match tenball::teaching::quiz::grade::parse_answers("sheet.txt", &text, 5) {
            Ok(answers) => prop_assert_eq!(answers.len(), 5),
            Err(e) => clean(&e, "sheet.txt"),
        }
    }

    /// Progress files, read and merged into another: a file the quiz reads back, or a clean
    /// error naming the file; the file merged into is never left one the quiz would refuse.
    #[test]
    fn progress_files_never_panic(
        muts in prop::collection::vec(mutation(), 1..5),
        cut in prop_oneof![4 => Just(2.0), 1 => 0.0..1.0f64],
    ) {
        use tenball::teaching::quiz::progress::Progress;
        let theirs = Scratch::new("theirs", "json");
        let mine = Scratch::new("mine", "json");
        std::fs::write(&theirs.0, mutate(progress_seed(), &muts, cut)).unwrap();
        std::fs::write(&mine.0, progress_seed().to_string()).unwrap();
        match Progress::load(&theirs.0) {
            Ok(Some(p)) => {
                prop_assert!(p.check().is_ok());
                match Progress::record(&mine.0, &p) {
                    Ok(_) => prop_assert!(Progress::load(&mine.0).is_ok()),
                    Err(e) => clean(&e, &mine.0.display().to_string()),
                }
            }
            Ok(None) => {}
            Err(e) => clean(&e, &theirs.0.display().to_string()),
        }
        prop_assert!(Progress::load(&mine.0).is_ok());
    }

    /// Links edited a character at a time: opened, or refused in under 1.5 KB.
    #[test]
    fn links_never_panic(edits in prop::collection::vec(edit(), 0..8), which in 0..3usize) {
        let base = match which {
            0 => link_seed(),
            1 => "?scenario=scratch&count=3".to_string(),
            _ => "https://example.org/?quiz=7&count=5#top".to_string(),
        };
        let text = apply_edits(&base, &edits);
        if let Err(e) = tenball::link::Link::parse(&text) {
            prop_assert!(e.len() < 1_500, "a {}-byte message", e.len());
        }
    }

    /// Equipment files: a set whose figures are within their bounds, or a clean error naming
    /// the file.
    #[test]
    fn equipment_files_never_panic(
        muts in prop::collection::vec(mutation(), 1..5),
        cut in prop_oneof![4 => Just(2.0), 1 => 0.0..1.0f64],
    ) {
        let seed = serde_json::to_value(tenball::physics::equipment::WPA).unwrap();
        let f = Scratch::new("equipment", "json");
        std::fs::write(&f.0, mutate(&seed, &muts, cut)).unwrap();
        match tenball::physics::Equipment::load(&f.0) {
            Ok(e) => prop_assert!(e.validate().is_ok()),
            Err(e) => clean(&e, &f.0.display().to_string()),
        }
    }

    /// Duel files merged and rated (the header mutated more often than not): the racks of one
    /// duel, or a clean error naming the file.
    #[test]
    fn duel_headers_never_panic(
        muts in prop::collection::vec(mutation(), 1..5),
        header_only in prop_oneof![3 => Just(true), 1 => Just(false)],
    ) {
        let (_, seed) = duel_seed();
        let mutated = if header_only {
            let mut lines = seed.as_array().unwrap().clone();
            lines[0] = serde_json::from_str(&mutate(&lines[0], &muts, 2.0)).unwrap_or(Value::Null);
            Value::Array(lines)
        } else {
            serde_json::from_str(&mutate(seed, &muts, 2.0)).unwrap_or(Value::Null)
        };
        let f = Scratch::new("duel-merge", "jsonl");
        std::fs::write(&f.0, lines_of(&mutated, 2.0)).unwrap();
        match tenball::batch::duel_run::merge(std::slice::from_ref(&f.0), true, &mut |_| {}) {
            Ok(m) => {
                prop_assert!(m.spec.check().is_ok());
                prop_assert!(m.records.iter().all(|r| r.check().is_ok()));
            }
            Err(e) => {
                clean(&e.message, &f.0.display().to_string());
                prop_assert_eq!(e.code, 2);
            }
        }
    }

    /// Breaks records replayed: the record of the break asked for, or a clean error naming
    /// the file.
    #[test]
    fn replayed_records_never_panic(
        muts in prop::collection::vec(mutation(), 1..5),
        index in 0..4u64,
    ) {
        let (_, seed) = breaks_seed();
        let mutated: Value = serde_json::from_str(&mutate(seed, &muts, 2.0)).unwrap_or(Value::Null);
        let f = Scratch::new("replay", "jsonl");
        std::fs::write(&f.0, lines_of(&mutated, 2.0)).unwrap();
        match tenball::batch::run::find_record(&f.0, index) {
            Ok((inputs, r)) => {
                prop_assert_eq!(r.index, index);
                prop_assert!(inputs.check().is_ok());
                let (_, strike) = tenball::batch::replay(&inputs.spec, &r);
                prop_assert!(strike.validate().is_ok());
            }
            Err(e) => clean(&e, &f.0.display().to_string()),
        }
    }
}

//! The batch runner from the library (issue 18): a run stopped part way and resumed from its
//! file gives the same file as a run never stopped, and merging its two shards the same
//! summary; no command line involved.

use std::cell::Cell;

use tenball::batch::{BatchRun, BreakSpec, Shard, merge};

fn pool() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
}

#[test]
fn a_run_stopped_and_resumed_writes_what_an_unstopped_run_writes() {
    let dir = std::env::temp_dir().join(format!("tenball-batch-api-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = BreakSpec::default();
    let shard = Shard::whole(70);
    let (whole, cut) = (dir.join("whole.jsonl"), dir.join("cut.jsonl"));
    let mut quiet = |_: String| {};
    let mut run = BatchRun::open_or_resume(spec, shard, Some(&whole), false, &mut quiet).unwrap();
    assert!(run.run(&pool(), &|| false, &mut |_| {}).unwrap());
    assert_eq!(run.done(), 70);
    drop(run);

    // Stopped after its first chunk (32 breaks on one thread).
    let chunks = Cell::new(0);
    let mut first = BatchRun::open_or_resume(spec, shard, Some(&cut), false, &mut quiet).unwrap();
    let finished = first
        .run(&pool(), &|| chunks.get() > 0, &mut |_| {
            chunks.set(chunks.get() + 1)
        })
        .unwrap();
    assert!(!finished);
    assert_eq!(first.done(), 32);
    drop(first);
    // Opening it again without resume is refused; with it, it completes.
    let refused = BatchRun::open_or_resume(spec, shard, Some(&cut), false, &mut quiet);
    assert!(refused.is_err_and(|e| e.code == 2 && e.message.contains("--resume")));
    let mut said = Vec::new();
    let mut rest =
        BatchRun::open_or_resume(spec, shard, Some(&cut), true, &mut |m| said.push(m)).unwrap();
    assert_eq!(rest.done(), 32);
    assert!(rest.run(&pool(), &|| false, &mut |_| {}).unwrap());
    let summary = rest.tally().summary();
    drop(rest);
    assert!(
        said.iter().any(|m| m.contains("resuming: 32 of 70")),
        "{said:?}"
    );
    assert_eq!(std::fs::read(&whole).unwrap(), std::fs::read(&cut).unwrap());

    // Two shards merged: the same summary as the whole run.
    let mut files = Vec::new();
    for k in 0..2 {
        let path = dir.join(format!("shard-{k}.jsonl"));
        let s = Shard { k, n: 2, count: 70 };
        let mut r = BatchRun::open_or_resume(spec, s, Some(&path), false, &mut quiet).unwrap();
        assert!(r.run(&pool(), &|| false, &mut |_| {}).unwrap());
        files.push(path);
    }
    let merged = merge(&files, None, false, &mut quiet).unwrap();
    assert_eq!(
        serde_json::to_string(&merged.summary()).unwrap(),
        serde_json::to_string(&summary).unwrap()
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A break record played again from its seed's rack, its cue ball place and its stroke as
/// played (what `tenball breaks replay` prints for `tenball shot`) ends as the record says, to
/// the bit: the same balls pocketed in the same pockets, the same scratch, the same duration;
/// with the game's path samples too. 200 breaks of typical racks with noise, and 40 elevated
/// side-spin breaks (through rapier's room).
#[test]
fn two_hundred_break_records_replay_exactly_through_a_shot() {
    use tenball::batch::{BreakSpec, replay, run_break};
    use tenball::physics::{BallEnd, SimConfig, simulate};
    let check = |spec: &BreakSpec, count: u64, cfg: &SimConfig| {
        for i in 0..count {
            let r = run_break(spec, i).unwrap();
            let (layout, strike) = replay(spec, &r);
            let log = simulate(&layout, &strike, cfg).unwrap();
            let mut pocketed: Vec<(u8, String)> = log
                .end
                .iter()
                .filter_map(|e| match e {
                    BallEnd::Pocketed { ball, pocket } if *ball != 0 => {
                        Some((*ball, format!("{pocket:?}")))
                    }
                    _ => None,
                })
                .collect();
            let mut want: Vec<(u8, String)> = r
                .pocketed
                .iter()
                .map(|p| (p.ball, format!("{:?}", p.pocket)))
                .collect();
            pocketed.sort();
            want.sort();
            assert_eq!(pocketed, want, "break {i}");
            let scratch = log
                .end
                .iter()
                .any(|e| !matches!(e, BallEnd::OnTable { ball: 0, .. }) && e.ball() == 0);
            assert_eq!(scratch, r.scratch, "break {i}");
            assert_eq!(log.duration, r.duration, "break {i}");
        }
    };
    let spec = BreakSpec::default();
    check(
        &spec,
        200,
        &SimConfig {
            sample_dt: 0.0,
            ..SimConfig::default()
        },
    );
    check(&spec, 40, &SimConfig::default());
    let elevated = BreakSpec {
        elevation_deg: 5.0,
        side: 0.3,
        ..BreakSpec::default()
    };
    check(
        &elevated,
        40,
        &SimConfig {
            sample_dt: 0.0,
            ..SimConfig::default()
        },
    );
}

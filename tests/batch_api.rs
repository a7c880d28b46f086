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

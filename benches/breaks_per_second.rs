//! Breaks per second on one thread: `run_break` (rack, noise, simulation, adapter, referee) for
//! the default batch inputs, one break per iteration, a new break index each time.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tenball::batch::{BreakSpec, run_break};

fn bench(c: &mut Criterion) {
    let spec = BreakSpec::default();
    let mut group = c.benchmark_group("batch");
    group.sample_size(20).throughput(Throughput::Elements(1));
    let mut index = 0u64;
    group.bench_function("run_break_one_thread", |b| {
        b.iter(|| {
            index += 1;
            run_break(&spec, index).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

//! One resumable, sharded run for breaks and duels alike, usable from the library (the command
//! line keeps its options, the progress bar and the printing): [`Run::open`] opens a new
//! records file or completes an interrupted one (the same inputs, a lock against a second
//! writer, a line cut short by a kill written again and nothing else), [`Run::run`] plays the
//! items in chunks on a thread pool until done or asked to stop, writing each chunk as it
//! finishes. What is played and how its file reads is a [`Job`]: the breaks ([`BreakJob`],
//! [`BatchRun`]) here, the racks of a duel in `duel_run`; the merges of shard files are in
//! `merge`. Shards: [`Shard`] (`--shard K/N`).

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::records::{self, Format, RunInputs};
use super::{BreakRecord, BreakSpec, CuePlace, Tally, break_seed, run_break};

/// Why a batch cannot start or go on: `code` 2 for bad input (a file that does not fit the run),
/// 1 for a failure while running (a full disk).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunError {
    pub code: u8,
    pub message: String,
}

impl RunError {
    pub fn input(message: impl Into<String>) -> RunError {
        RunError {
            code: 2,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// The most shards a run may be cut into.
pub const MAX_SHARDS: u64 = 100_000;

/// What a resumable, sharded run plays, and how its records file is written and read back:
/// the breaks of `tenball breaks` ([`BreakJob`]), the racks of `tenball duel`
/// ([`super::duel_run::DuelJob`]). [`Run`] does the rest for both: the file made or completed,
/// the lock, a line cut short by a kill, the chunks on the pool, the progress.
pub trait Job {
    type Record: Send;
    /// The items' word in messages: "breaks", "racks".
    const ITEMS: &'static str;
    /// Items a thread plays in a chunk: enough that uneven items even out across the
    /// threads, few enough that a stop comes within a second or two.
    const CHUNK_PER_THREAD: u64;
    /// Plays item `index` of the run.
    fn play(&self, index: u64) -> Result<Self::Record, String>;
    /// What a new file of `shard` starts with: what the run is made with.
    fn header(&self, shard: &Shard) -> Vec<u8>;
    /// The records' lines.
    fn encode(&self, records: &[Self::Record]) -> Vec<u8>;
    /// Reads an existing file of `shard` back to complete it: what it was made with must be
    /// this run's (a header cut short counts as missing), each record the item its place
    /// says; the records are kept as [`Job::keep`] keeps them.
    fn read_back(&mut self, path: &Path, shard: &Shard) -> Result<Back, RunError>;
    /// Keeps records played (a tally, or the records themselves).
    fn keep(&mut self, records: Vec<Self::Record>);
}

/// Where an existing records file ends, as a resume needs it.
pub struct Back {
    /// Complete records.
    pub records: u64,
    /// The bytes before a last line left without its end.
    pub valid_len: u64,
    /// That last line: its number and its bytes.
    pub partial: Option<(usize, Vec<u8>)>,
    /// What must come before the next record and is not there (the header, a CSV file's
    /// column line): written before the records go on.
    pub missing_head: Vec<u8>,
}

/// A run being played: what it plays, the shard, how many items are done, and the records
/// file (held locked) if any.
pub struct Run<J: Job> {
    job: J,
    shard: Shard,
    done: u64,
    out: Option<(File, PathBuf)>,
}

/// A batch of breaks being run.
pub type BatchRun = Run<BreakJob>;

impl<J: Job> Run<J> {
    /// Starts the run of `shard` of `job`: with no `out`, in memory; with a new `out`, the
    /// file created and its header written; with an existing `out`, refused unless `resume`,
    /// and then completed: the inputs must be the first run's, a line cut short by a kill is
    /// cut and written again (only when it is provably the start of the line due next), and
    /// `warn` says so.
    pub fn open(
        job: J,
        shard: Shard,
        out: Option<&Path>,
        resume: bool,
        warn: &mut dyn FnMut(String),
    ) -> Result<Run<J>, RunError> {
        let mut run = Run {
            job,
            shard,
            done: 0,
            out: None,
        };
        let Some(path) = out else {
            return Ok(run);
        };
        let f = if records_file(path, resume)? {
            run.resume_file(path, warn)?
        } else {
            let mut f = OpenOptions::new()
                .create_new(true)
                .append(true)
                .open(path)
                .map_err(|e| RunError::input(format!("{}: cannot create: {e}", path.display())))?;
            lock(&f, path)?;
            records::append(&mut f, &run.job.header(&run.shard)).map_err(io_err(path))?;
            f
        };
        run.out = Some((f, path.to_path_buf()));
        Ok(run)
    }

    /// Opens an existing records file to complete it (see `open`).
    fn resume_file(&mut self, path: &Path, warn: &mut dyn FnMut(String)) -> Result<File, RunError> {
        let total = self.total();
        // The lock first, then the reading: a second run on the same file is refused before
        // it reads or writes anything.
        let mut f = OpenOptions::new()
            .read(true)
            .append(true)
            .open(path)
            .map_err(|e| RunError::input(format!("{}: cannot open: {e}", path.display())))?;
        lock(&f, path)?;
        let back = self.job.read_back(path, &self.shard)?;
        self.done = back.records;
        if let Some((line, bytes)) = &back.partial {
            // Cut only what is provably the start of the line this run was writing.
            let expected = if !back.missing_head.is_empty() {
                back.missing_head.clone()
            } else if self.done < total {
                let next = self
                    .job
                    .play(self.shard.index(self.done))
                    .map_err(RunError::input)?;
                self.job.encode(&[next])
            } else {
                Vec::new()
            };
            if !expected.starts_with(bytes) {
                return Err(RunError::input(format!(
                    "{}:{line}: the last line is not a record of this run cut short; the file is left as it is (remove that line by hand to resume)",
                    path.display()
                )));
            }
            warn(format!(
                "{}:{line}: a line cut short by the interruption; it is written again",
                crate::echo::path_for_message(path)
            ));
            f.set_len(back.valid_len).map_err(|e| {
                RunError::input(format!(
                    "{}: cannot cut the partial line: {e}",
                    path.display()
                ))
            })?;
        }
        if !back.missing_head.is_empty() {
            records::append(&mut f, &back.missing_head).map_err(io_err(path))?;
        }
        warn(format!(
            "resuming: {} of {total} {} already in {}",
            self.done,
            J::ITEMS,
            crate::echo::path_for_message(path)
        ));
        Ok(f)
    }

    /// Items in the run (this shard's).
    pub fn total(&self) -> u64 {
        self.shard.len()
    }

    /// Items done so far (those resumed from the file included).
    pub fn done(&self) -> u64 {
        self.done
    }

    /// What the run plays, with what it has kept of the items done.
    pub fn job(&self) -> &J {
        &self.job
    }

    /// Plays the remaining items on `pool` in chunks, writing each chunk's records when it is
    /// done and telling `on_progress` how many it held. Returns true when every item is done,
    /// false when `stop` said to stop first.
    pub fn run(
        &mut self,
        pool: &rayon::ThreadPool,
        stop: &dyn Fn() -> bool,
        on_progress: &mut dyn FnMut(u64),
    ) -> Result<bool, RunError>
    where
        J: Sync,
    {
        let total = self.total();
        let chunk = pool.current_num_threads().max(1) as u64 * J::CHUNK_PER_THREAD;
        while self.done < total {
            if stop() {
                return Ok(false);
            }
            let end = (self.done + chunk).min(total);
            let (job, shard) = (&self.job, self.shard);
            let recs = in_order(pool, self.done..end, |j| job.play(shard.index(j)))?;
            if let Some((f, path)) = self.out.as_mut() {
                records::append(f, &self.job.encode(&recs)).map_err(io_err(path))?;
            }
            let n = recs.len() as u64;
            self.job.keep(recs);
            self.done = end;
            on_progress(n);
        }
        Ok(true)
    }
}

/// The breaks of `tenball breaks`: a break spec, the records file's format, and the tally of
/// the breaks done.
pub struct BreakJob {
    spec: BreakSpec,
    format: Format,
    tally: Tally,
}

impl Run<BreakJob> {
    /// Starts the run of `shard` of `spec` ([`Run::open`]), its records as `out`'s name says
    /// (JSON lines, or CSV for a `.csv` name).
    pub fn open_or_resume(
        spec: BreakSpec,
        shard: Shard,
        out: Option<&Path>,
        resume: bool,
        warn: &mut dyn FnMut(String),
    ) -> Result<BatchRun, RunError> {
        let job = BreakJob {
            spec,
            format: out.map_or(Format::Jsonl, Format::of),
            tally: Tally::default(),
        };
        Run::open(job, shard, out, resume, warn)
    }

    /// The tally of every break done so far.
    pub fn tally(&self) -> &Tally {
        &self.job.tally
    }
}

impl BreakJob {
    /// What the records file's header says the run was made with.
    fn inputs(&self, shard: &Shard) -> RunInputs {
        RunInputs {
            spec: self.spec,
            shard: [shard.k, shard.n],
            count: shard.count,
        }
    }
}

impl Job for BreakJob {
    type Record = BreakRecord;
    const ITEMS: &'static str = "breaks";
    const CHUNK_PER_THREAD: u64 = 32;

    fn play(&self, index: u64) -> Result<BreakRecord, String> {
        run_break(&self.spec, index)
    }

    fn header(&self, shard: &Shard) -> Vec<u8> {
        records::header(self.format, &self.inputs(shard))
    }

    fn encode(&self, recs: &[BreakRecord]) -> Vec<u8> {
        records::encode(self.format, recs)
    }

    fn read_back(&mut self, path: &Path, shard: &Shard) -> Result<Back, RunError> {
        let inputs = self.inputs(shard);
        let header = records::header(self.format, &inputs);
        // A file killed before or while its header was written holds the start of that header
        // at most: it is completed as any cut line is, not refused as an old file.
        let have = records::inputs_of(path)?;
        if have.is_some() || !header_cut_short(path, &header) {
            check_inputs(path, have.as_ref(), &inputs)?;
        }
        let (spec, tally) = (self.spec, &mut self.tally);
        let back = records::read_each(path, &mut |_, r| {
            check_resumed(&r, tally.breaks, shard, &spec)?;
            tally.add(&r);
            Ok(())
        })
        .map_err(RunError::input)?;
        let missing_head = if back.valid_len == 0 {
            header
        } else if !back.columns {
            // Killed between the inputs' comment and the column line: the line first.
            records::csv_columns()
        } else {
            Vec::new()
        };
        Ok(Back {
            records: back.records,
            valid_len: back.valid_len,
            partial: back.partial,
            missing_head,
        })
    }

    fn keep(&mut self, recs: Vec<BreakRecord>) {
        for r in &recs {
            self.tally.add(r);
        }
    }
}

/// `f` of each of `range` on `pool`, in parallel, the results in the range's order; the first
/// error ends it as a failure while running (the records before it are kept).
pub(crate) fn in_order<T: Send>(
    pool: &rayon::ThreadPool,
    range: std::ops::Range<u64>,
    f: impl Fn(u64) -> Result<T, String> + Sync + Send,
) -> Result<Vec<T>, RunError> {
    pool.install(|| range.into_par_iter().map(f).collect::<Result<Vec<_>, _>>())
        .map_err(|e| RunError {
            code: 1,
            message: format!("{e}; the records before it are kept"),
        })
}

pub(super) fn io_err(path: &Path) -> impl Fn(std::io::Error) -> RunError + '_ {
    move |e| RunError {
        code: 1,
        message: format!("{}: cannot write: {e}", path.display()),
    }
}

/// The breaks of one shard of a run: indices k, k + n, k + 2n, ... below `count`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
    pub count: u64,
}

impl Shard {
    /// The whole run: share 0 of 1.
    pub fn whole(count: u64) -> Shard {
        Shard { k: 0, n: 1, count }
    }

    /// How many breaks the shard holds.
    pub fn len(&self) -> u64 {
        if self.count > self.k {
            (self.count - self.k - 1) / self.n + 1
        } else {
            0
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index of the shard's `j`th break.
    pub fn index(&self, j: u64) -> u64 {
        self.k + j * self.n
    }
}

/// Whether the records file `path` of a run (breaks or duel) exists to be resumed; refused at
/// once: an existing path without `resume`, anything but a regular file (a folder, a FIFO, a
/// device, a link to nothing: a FIFO would wait for ever), or a new path that cannot be made.
pub(crate) fn records_file(path: &Path, resume: bool) -> Result<bool, RunError> {
    if std::fs::symlink_metadata(path).is_err() {
        return match crate::outfile::problem(path, "the records file") {
            Some(why) => Err(RunError::input(why)),
            None => Ok(false),
        };
    }
    if let Some(why) = crate::echo::regular_file(path) {
        return Err(RunError::input(format!(
            "{why}; --out names a new records file, or with --resume one to complete"
        )));
    }
    if !resume {
        return Err(RunError::input(format!(
            "{}: exists; add --resume to complete it, or choose another --out",
            crate::echo::path_for_message(path)
        )));
    }
    Ok(true)
}

/// Holds the records file for this run alone until it ends: a second run on the same file (a
/// retried job resuming its shard while the first still runs) is refused.
pub(crate) fn lock(f: &std::fs::File, path: &Path) -> Result<(), RunError> {
    match f.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(RunError::input(format!(
            "{}: another tenball run is writing this file; wait for it to end",
            path.display()
        ))),
        Err(std::fs::TryLockError::Error(e)) => Err(RunError::input(format!(
            "{}: cannot lock: {e}",
            path.display()
        ))),
    }
}

/// A file must have been made with the inputs of this run, its count included.
fn check_inputs(path: &Path, have: Option<&RunInputs>, want: &RunInputs) -> Result<(), RunError> {
    let Some(have) = have else {
        return Err(no_header(path));
    };
    let differ = differences(have, want);
    if differ.is_empty() {
        Ok(())
    } else {
        Err(RunError::input(format!(
            "{}: was made with {}; resume with the inputs of the first run",
            path.display(),
            differ.join(", ")
        )))
    }
}

/// Whether the file at `path` holds no more than the start of `header` (nothing, or a header
/// cut short by a kill).
fn header_cut_short(path: &Path, header: &[u8]) -> bool {
    use std::io::Read;
    let mut held = Vec::new();
    let read = crate::echo::open_regular(path)
        .ok()
        .and_then(|f| f.take(header.len() as u64 + 1).read_to_end(&mut held).ok());
    read.is_some() && header.starts_with(&held)
}

pub(super) fn no_header(path: &Path) -> RunError {
    RunError::input(format!(
        "{}:1: no header line saying what the file was made with (made by an older tenball, or not a breaks file)",
        crate::echo::path_for_message(path)
    ))
}

/// Where the cue ball goes, as `--cue` takes it.
fn cue_words(c: &CuePlace) -> String {
    match c {
        CuePlace::At(p) => format!("{},{}", crate::echo::number(p.x), crate::echo::number(p.y)),
        CuePlace::RandomInKitchen => "random".into(),
    }
}

/// How two runs' inputs differ, in the options' words ("this run" is `want`).
pub(super) fn differences(have: &RunInputs, want: &RunInputs) -> Vec<String> {
    let mut differ = Vec::new();
    let (a, b) = (&have.spec, &want.spec);
    if a.seed != b.seed {
        differ.push(format!("--seed {} (this run: {})", a.seed, b.seed));
    }
    if a.speed != b.speed {
        differ.push(format!("--speed {} (this run: {})", a.speed, b.speed));
    }
    if a.cue != b.cue {
        differ.push(format!(
            "--cue {} (this run: {})",
            cue_words(&a.cue),
            cue_words(&b.cue)
        ));
    }
    if a.table != b.table {
        differ.push(format!(
            "--table {} (this run: {})",
            a.table.name(),
            b.table.name()
        ));
    }
    if (a.side, a.height, a.elevation_deg) != (b.side, b.height, b.elevation_deg) {
        differ.push(format!(
            "--side/--height/--elevation {}/{}/{} (this run: {}/{}/{})",
            a.side, a.height, a.elevation_deg, b.side, b.height, b.elevation_deg
        ));
    }
    if a.noise != b.noise {
        differ.push(format!(
            "noise {} (this run: {})",
            if a.noise.is_some() {
                "on"
            } else {
                "off (--no-noise)"
            },
            if b.noise.is_some() {
                "on"
            } else {
                "off (--no-noise)"
            }
        ));
    }
    if a.rack != b.rack {
        differ.push(format!(
            "--rack {} (this run: {})",
            a.rack.name(),
            b.rack.name()
        ));
    }
    differ.extend(a.equipment.difference(&b.equipment));
    if have.count != want.count {
        differ.push(format!("--count {} (this run: {})", have.count, want.count));
    }
    if have.shard != want.shard {
        differ.push(format!(
            "--shard {}/{} (this run: {}/{})",
            have.shard[0], have.shard[1], want.shard[0], want.shard[1]
        ));
    }
    differ
}

/// The record of break `index` in a records file, with the inputs its header says, for
/// `breaks replay`. Every record is read as a resume reads it (the break its place in the
/// file says, with its seed, a cue ball in the kitchen, a stroke tenball plays), so that an
/// edited file is refused rather than replayed.
pub fn find_record(path: &Path, index: u64) -> Result<(RunInputs, BreakRecord), String> {
    let shown = crate::echo::path_for_message(path);
    let inputs = records::inputs_of(path)
        .map_err(|e| e.message)?
        .ok_or_else(|| no_header(path).message)?;
    let shard = inputs.run_shard();
    let mut found = None;
    let mut k = 0;
    records::read_each(path, &mut |_, r| {
        check_resumed(&r, k, &shard, &inputs.spec)?;
        k += 1;
        if r.index == index {
            found = Some(r);
        }
        Ok(())
    })?;
    let record = found.ok_or_else(|| format!("{shown}: holds no break {index}"))?;
    Ok((inputs, record))
}

/// The `k`th record of a file (from 0) must be the `k`th break of this very run (or shard).
pub(super) fn check_resumed(
    r: &BreakRecord,
    k: u64,
    shard: &Shard,
    spec: &BreakSpec,
) -> Result<(), String> {
    if k >= shard.len() {
        return Err(format!(
            "more records than the {} breaks this run makes; check --count and --shard",
            shard.len()
        ));
    }
    let i = shard.index(k);
    if r.index != i || r.seed != break_seed(spec.seed, i) {
        return Err(format!(
            "record {} is break {} with seed {}, but break {} of this run has seed {}; resume with the inputs of the first run (--seed, --count, --shard)",
            k + 1,
            r.index,
            r.seed,
            i,
            break_seed(spec.seed, i)
        ));
    }
    let table = spec.equipment.table(spec.table);
    let cue = crate::table::Point::new(r.cue_x, r.cue_y);
    if !table.in_kitchen(cue) {
        return Err(format!(
            "record {}: the cue ball at ({}, {}) is not in the kitchen of this run's table",
            k + 1,
            crate::echo::number(r.cue_x),
            crate::echo::number(r.cue_y)
        ));
    }
    crate::physics::Strike {
        aim_deg: r.aim_deg,
        speed: r.speed,
        side: r.side,
        height: r.height,
        elevation_deg: r.elevation_deg,
    }
    .validate()
    .map_err(|e| format!("record {}: {}", k + 1, e.replace("strike.", "")))
}

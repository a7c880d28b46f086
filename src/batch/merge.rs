//! Merges of shard files and what every merge shares: [`merge`] combines the shard files of
//! one run of breaks into one run's records and tally, reading them a record at a time;
//! [`claim_shard`], [`refuse_gaps`] and [`missing_shards`] are the checks the duel's merge
//! (`duel_run::merge`) makes as well.

use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

use super::records::{self, Format, RunInputs};
use super::run::{MAX_SHARDS, RunError, check_resumed, differences, io_err, no_header};
use super::{BreakRecord, Tally};

/// The shards of `0..n` not in `seen`, in one line of ranges ("shards 1 to 999 of 1000 are
/// missing"; at most ten ranges named), or `None` when none is.
pub fn missing_shards(seen: &std::collections::BTreeSet<u64>, n: u64) -> Option<String> {
    let mut ranges: Vec<(u64, u64)> = Vec::new();
    let mut next = 0;
    for &k in seen.iter().chain(std::iter::once(&n)) {
        if k > next {
            ranges.push((next, k - 1));
        }
        next = k + 1;
    }
    if ranges.is_empty() {
        return None;
    }
    let count: u64 = ranges.iter().map(|(a, b)| b - a + 1).sum();
    let mut words: Vec<String> = ranges
        .iter()
        .take(10)
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a} to {b}")
            }
        })
        .collect();
    if ranges.len() > 10 {
        words.push(format!("and {} more ranges", ranges.len() - 10));
    }
    Some(format!(
        "{count} of the {n} shards {} missing: {}",
        if count == 1 { "is" } else { "are" },
        words.join(", ")
    ))
}

/// What the shards read so far have in common: the first file and its inputs (every other
/// must come from the same run), the shards seen, what is missing or cut short, the tally.
#[derive(Default)]
struct Shards {
    first: Option<(PathBuf, RunInputs)>,
    seen: std::collections::BTreeSet<u64>,
    gaps: Vec<String>,
    tally: Tally,
}

/// Where one shard's records lie in its file, for writing the merge in break order.
struct ShardFile {
    path: PathBuf,
    format: Format,
    k: u64,
    /// The byte where its next record line starts, and the records left to read.
    offset: u64,
    left: u64,
    reader: Option<std::io::BufReader<File>>,
}

/// The most shard files a merge holds open at once while it writes; the others are opened
/// again for each record (slower, but no limit on open files is met).
const MAX_OPEN_SHARDS: usize = 256;

impl ShardFile {
    /// The next record of the shard, read from where the last one ended.
    fn next(&mut self, keep_open: bool, bytes: &mut Vec<u8>) -> Result<BreakRecord, RunError> {
        use std::io::{Seek, SeekFrom};
        let name = crate::echo::path_for_message(&self.path);
        let changed = || {
            RunError::input(format!(
                "{name}: changed while it was being merged; nothing is named"
            ))
        };
        loop {
            if self.reader.is_none() {
                let mut f = crate::echo::open_regular(&self.path).map_err(RunError::input)?;
                f.seek(SeekFrom::Start(self.offset))
                    .map_err(|e| RunError::input(format!("{name}: cannot read: {e}")))?;
                self.reader = Some(std::io::BufReader::with_capacity(8192, f));
            }
            let reader = self.reader.as_mut().expect("opened above");
            match crate::echo::read_record_line(reader, bytes, &name, 0).map_err(RunError::input)? {
                crate::echo::Line::Complete => {}
                _ => return Err(changed()),
            }
            self.offset += bytes.len() as u64;
            let body = std::str::from_utf8(bytes).map_err(|_| changed())?;
            let parsed =
                records::parse_record(self.format, body.trim_end()).map_err(|_| changed())?;
            if let Some(r) = parsed {
                self.left -= 1;
                if !keep_open || self.left == 0 {
                    self.reader = None;
                }
                return Ok(r);
            }
        }
    }
}

/// Reads one shard file of a merge, a record at a time, and checks it against the others and
/// against its own inputs (each record the break its place in the shard says, with its seed).
fn read_shard(path: &Path, acc: &mut Shards) -> Result<ShardFile, RunError> {
    let shown = crate::echo::path_for_message(path);
    let inputs = records::inputs_of(path)?.ok_or_else(|| no_header(path))?;
    if let Some((first_path, first)) = &acc.first {
        let mut want = first.clone();
        want.shard[0] = inputs.shard[0];
        let differ = differences(&inputs, &want);
        if !differ.is_empty() {
            return Err(RunError::input(format!(
                "{shown}: is not a shard of the run of {}: made with {}",
                crate::echo::path_for_message(first_path),
                differ.join(", ")
            )));
        }
    } else {
        acc.first = Some((path.to_path_buf(), inputs.clone()));
    }
    let [k, n] = inputs.shard;
    claim_shard(&shown, "run", [k, n], &mut acc.seen)?;
    let shard = inputs.run_shard();
    let expected = shard.len();
    let tally = &mut acc.tally;
    let mut held = 0u64;
    let back = records::read_each(path, &mut |_, r| {
        if held >= expected {
            return Err(format!(
                "shard {k}/{n} holds more than the {expected} breaks of its run"
            ));
        }
        check_resumed(&r, held, &shard, &inputs.spec)?;
        held += 1;
        tally.add(&r);
        Ok(())
    })
    .map_err(RunError::input)?;
    if let Some((line, _)) = back.partial {
        acc.gaps.push(format!(
            "{shown}:{line}: the last record is cut short (complete that shard with --resume)"
        ));
    }
    if back.records < expected {
        acc.gaps.push(format!(
            "{shown}: shard {k}/{n} holds {} of its {expected} breaks (unfinished)",
            back.records
        ));
    }
    Ok(ShardFile {
        path: path.to_path_buf(),
        format: Format::of(path),
        k,
        offset: back.records_start,
        left: back.records,
        reader: None,
    })
}

/// Combines the shard files of one run: every file must come from the same run (the same
/// inputs, shards numbered from 0 below N, none twice, each record the break its place says);
/// a shard missing, unfinished or cut short is refused unless `partial`, and then said
/// through `warn`. Writes every record in break order to `out` (a new file) when given;
/// returns the tally of the merged records. Files are read a record at a time, twice (to
/// check, then to write in order): memory does not grow with them.
pub fn merge(
    files: &[PathBuf],
    out: Option<&Path>,
    partial: bool,
    warn: &mut dyn FnMut(String),
) -> Result<Tally, RunError> {
    if let Some(out) = out
        && let Some(why) = crate::outfile::problem(out, "the merged records file")
    {
        return Err(RunError::input(why));
    }
    let mut acc = Shards::default();
    let mut shards = Vec::with_capacity(files.len());
    for path in files {
        shards.push(read_shard(path, &mut acc)?);
    }
    let Shards {
        first: run,
        seen,
        mut gaps,
        tally,
    } = acc;
    let Some((_, first)) = run else {
        return Err(RunError::input("no shard files given"));
    };
    if let Some(missing) = missing_shards(&seen, first.shard[1]) {
        gaps.push(missing);
    }
    refuse_gaps(&gaps, partial, warn)?;
    if let Some(out) = out {
        let merged = RunInputs {
            shard: [0, 1],
            ..first.clone()
        };
        write_in_order(&mut shards, out, &merged)?;
    }
    Ok(tally)
}

/// A merge's shard K/N of a `what` (a run of breaks, a duel) read from the file `shown`: N at
/// most `MAX_SHARDS`, K below it, and not given before (`seen` takes it).
pub(crate) fn claim_shard(
    shown: &str,
    what: &str,
    [k, n]: [u64; 2],
    seen: &mut std::collections::BTreeSet<u64>,
) -> Result<(), RunError> {
    if n > MAX_SHARDS || k >= n {
        return Err(RunError::input(format!(
            "{shown}: shard {k}/{n}: a {what} has from 1 to {MAX_SHARDS} shards, numbered from 0"
        )));
    }
    if !seen.insert(k) {
        return Err(RunError::input(format!(
            "{shown}: shard {k}/{n} is given twice"
        )));
    }
    Ok(())
}

/// What a merge found missing, unfinished or cut short: refused unless `partial`, and then
/// said through `warn` (breaks and duels alike).
pub(crate) fn refuse_gaps(
    gaps: &[String],
    partial: bool,
    warn: &mut dyn FnMut(String),
) -> Result<(), RunError> {
    if gaps.is_empty() {
        return Ok(());
    }
    if !partial {
        return Err(RunError::input(format!(
            "{}; add --partial to merge what is there",
            gaps.join("; ")
        )));
    }
    warn(format!("note (--partial): {}", gaps.join("; ")));
    Ok(())
}

/// Writes the shards' records to the new file `out` in break order: break `r n + k` is the
/// `r`th record of shard `k`, so round `r` takes one record from each shard in shard order.
fn write_in_order(
    shards: &mut [ShardFile],
    out: &Path,
    merged: &RunInputs,
) -> Result<(), RunError> {
    use std::io::Write;
    shards.sort_by_key(|s| s.k);
    let format = Format::of(out);
    let f = OpenOptions::new()
        .create_new(true)
        .append(true)
        .open(out)
        .map_err(|e| {
            RunError::input(format!(
                "{}: cannot create: {e}",
                crate::echo::path_for_message(out)
            ))
        })?;
    let mut w = std::io::BufWriter::new(f);
    let write =
        |w: &mut std::io::BufWriter<File>, bytes: &[u8]| w.write_all(bytes).map_err(io_err(out));
    write(&mut w, &records::header(format, merged))?;
    let mut bytes = Vec::new();
    while shards.iter().any(|s| s.left > 0) {
        for (i, s) in shards.iter_mut().enumerate() {
            if s.left > 0 {
                let r = s.next(i < MAX_OPEN_SHARDS, &mut bytes)?;
                write(&mut w, &records::encode(format, &[r]))?;
            }
        }
    }
    w.flush().map_err(io_err(out))
}

#[cfg(test)]
mod shard_tests {
    use super::missing_shards;

    #[test]
    fn missing_shards_are_said_in_ranges() {
        let seen = [0u64, 5].into_iter().collect();
        assert_eq!(
            missing_shards(&seen, 1_000_000).unwrap(),
            "999998 of the 1000000 shards are missing: 1 to 4, 6 to 999999"
        );
        let all = (0..3u64).collect();
        assert_eq!(missing_shards(&all, 3), None);
    }
}

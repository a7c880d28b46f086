//! A duel's records file on the one resumable, sharded run of `run` ([`DuelJob`], [`DuelRun`]):
//! a header line with the inputs, the number of racks and the shard, then a record per rack
//! as it is played; [`DuelRun::open_or_resume`] makes or completes it, [`Run::run`] plays the
//! racks; [`merge`] puts the shard files of one duel back together in rack order.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::duel::{DuelSpec, RackRecord, play_rack};
use super::lines::{Lines, Words};
use super::run::{Back, Job, Run};
use super::{RunError, Shard, break_seed};

/// The first line of a duel's records file: what it was made with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    tenball_duel: DuelSpec,
    racks: u64,
    /// K and N of `--shard K/N` (files from before shards have none: a whole duel).
    #[serde(default = "whole", skip_serializing_if = "is_whole")]
    shard: [u64; 2],
}

impl Header {
    fn check(&self) -> Result<(), String> {
        self.tenball_duel.check()?;
        if self.racks > MAX_RACKS {
            return Err(format!(
                "racks {}: a duel plays at most {MAX_RACKS}",
                self.racks
            ));
        }
        super::records::check_shard(self.shard, self.racks, "racks")
    }
}

/// The most racks one duel plays (`--racks`).
pub const MAX_RACKS: u64 = 100_000;

fn whole() -> [u64; 2] {
    [0, 1]
}

fn is_whole(s: &[u64; 2]) -> bool {
    *s == whole()
}

/// The racks of a duel, as a [`Job`] of the one resumable run: the duel's inputs and the
/// records of the racks played so far.
pub struct DuelJob {
    spec: DuelSpec,
    records: Vec<RackRecord>,
}

/// A duel being played.
pub type DuelRun = Run<DuelJob>;

impl Run<DuelJob> {
    /// Starts `shard` of a duel (its `count` the duel's racks; `Shard::whole` for all of
    /// them): in memory without `out`; with a new `out`, the file created with its header; an
    /// existing `out` is refused unless `resume`, and then completed ([`Run::open`]), `warn`
    /// saying what was done.
    pub fn open_or_resume(
        spec: DuelSpec,
        shard: Shard,
        out: Option<&Path>,
        resume: bool,
        warn: &mut dyn FnMut(String),
    ) -> Result<DuelRun, RunError> {
        let job = DuelJob {
            spec,
            records: Vec::new(),
        };
        Run::open(job, shard, out, resume, warn)
    }

    /// The racks played so far (those resumed from the file included), in order.
    pub fn records(&self) -> &[RackRecord] {
        &self.job().records
    }
}

impl DuelJob {
    fn header_of(&self, shard: &Shard) -> Header {
        Header {
            tenball_duel: self.spec,
            racks: shard.count,
            shard: [shard.k, shard.n],
        }
    }
}

impl Job for DuelJob {
    type Record = RackRecord;
    const ITEMS: &'static str = "racks";
    const CHUNK_PER_THREAD: u64 = 2;

    fn play(&self, index: u64) -> Result<RackRecord, String> {
        play_rack(&self.spec, index)
    }

    fn header(&self, shard: &Shard) -> Vec<u8> {
        (serde_json::to_string(&self.header_of(shard)).expect("headers serialize") + "\n")
            .into_bytes()
    }

    fn encode(&self, recs: &[RackRecord]) -> Vec<u8> {
        recs.iter()
            .map(|r| serde_json::to_string(r).expect("records serialize") + "\n")
            .collect::<String>()
            .into_bytes()
    }

    fn read_back(&mut self, path: &Path, shard: &Shard) -> Result<Back, RunError> {
        let back = read(path)?;
        let want = self.header_of(shard);
        match &back.header {
            Some(h) if *h == want => {}
            Some(h) => {
                return Err(RunError::input(format!(
                    "{}: was made with {}; resume with the inputs of the first run",
                    path.display(),
                    differences(h, &want).join(", ")
                )));
            }
            // Empty, or the header itself cut short: it is written (again).
            None => {}
        }
        check_shard_records(path, &self.spec, shard, &back.records)?;
        let (records, resumed) = back.into_back(|| self.header(shard));
        self.records = records;
        Ok(resumed)
    }

    fn keep(&mut self, recs: Vec<RackRecord>) {
        self.records.extend(recs);
    }
}

/// How two duels' inputs differ, in the options' words ("this run" is `want`).
fn differences(have: &Header, want: &Header) -> Vec<String> {
    let (a, b) = (&have.tenball_duel, &want.tenball_duel);
    let mut out = Vec::new();
    let differ = |out: &mut Vec<String>, option: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{option} {x} (this run: {y})"));
        }
    };
    differ(&mut out, "--a", a.a.name(), b.a.name());
    differ(&mut out, "--b", a.b.name(), b.b.name());
    differ(&mut out, "--seed", a.seed.to_string(), b.seed.to_string());
    differ(
        &mut out,
        "--table",
        a.table.name().to_string(),
        b.table.name().to_string(),
    );
    differ(&mut out, "--rack", a.rack.name(), b.rack.name());
    let brk = |b: &Option<super::duel::BreakShot>| {
        b.map_or_else(|| "the computer's own".to_string(), |b| b.name())
    };
    differ(
        &mut out,
        "--break-at",
        brk(&a.break_shot),
        brk(&b.break_shot),
    );
    out.extend(a.equipment.difference(&b.equipment));
    differ(
        &mut out,
        "--racks",
        have.racks.to_string(),
        want.racks.to_string(),
    );
    differ(
        &mut out,
        "--shard",
        format!("{}/{}", have.shard[0], have.shard[1]),
        format!("{}/{}", want.shard[0], want.shard[1]),
    );
    out
}

/// The records of a file must be the first racks of `shard` of this duel: each the rack its
/// place says, with that rack's seed, and no more than the shard holds.
fn check_shard_records(
    path: &Path,
    spec: &DuelSpec,
    shard: &Shard,
    have: &[RackRecord],
) -> Result<(), RunError> {
    let shown = crate::echo::path_for_message(path);
    if have.len() as u64 > shard.len() {
        return Err(RunError::input(format!(
            "{shown}: holds {} racks, more than the {} of this run",
            have.len(),
            shard.len()
        )));
    }
    for (k, r) in have.iter().enumerate() {
        let i = shard.index(k as u64);
        let seed = break_seed(spec.seed, i);
        if r.index != i || r.seed != seed {
            return Err(RunError::input(format!(
                "{shown}:{}: rack {} with seed {} is not rack {i} of this run (seed {seed})",
                k + 2,
                r.index,
                r.seed
            )));
        }
    }
    Ok(())
}

/// What the shard files of one duel hold, put back together in rack order.
pub struct Merged {
    pub spec: DuelSpec,
    pub records: Vec<RackRecord>,
}

/// Combines the shard files of one duel: every file must come from the same duel (the same
/// inputs and racks, shards numbered from 0 below N, none twice, each record the rack its place
/// says); a shard missing, unfinished or cut short is refused unless `partial`, and then said
/// through `warn`. The records come back in rack order, as one run would have them, so that
/// its summary (races included) is one run's.
pub fn merge(
    files: &[PathBuf],
    partial: bool,
    warn: &mut dyn FnMut(String),
) -> Result<Merged, RunError> {
    let mut first: Option<(PathBuf, Header)> = None;
    let mut seen = std::collections::BTreeSet::new();
    let mut gaps = Vec::new();
    let mut records = Vec::new();
    for path in files {
        let shown = crate::echo::path_for_message(path);
        let back = read(path)?;
        let Some(h) = back.header else {
            return Err(RunError::input(format!(
                "{shown}:1: no duel header line saying what the file was made with"
            )));
        };
        if let Some((first_path, f)) = &first {
            let want = Header {
                shard: [h.shard[0], f.shard[1]],
                ..f.clone()
            };
            let differ = differences(&h, &want);
            if !differ.is_empty() {
                return Err(RunError::input(format!(
                    "{shown}: is not a shard of the duel of {}: made with {}",
                    crate::echo::path_for_message(first_path),
                    differ.join(", ")
                )));
            }
        } else {
            first = Some((path.clone(), h.clone()));
        }
        let [k, n] = h.shard;
        super::merge::claim_shard(&shown, "duel", [k, n], &mut seen)?;
        let shard = Shard {
            k,
            n,
            count: h.racks,
        };
        check_shard_records(path, &h.tenball_duel, &shard, &back.records)?;
        if let Some((line, _)) = back.partial {
            gaps.push(format!(
                "{shown}:{line}: the last record is cut short (complete that shard with --resume)"
            ));
        }
        if (back.records.len() as u64) < shard.len() {
            gaps.push(format!(
                "{shown}: shard {k}/{n} holds {} of its {} racks (unfinished)",
                back.records.len(),
                shard.len()
            ));
        }
        records.extend(back.records);
    }
    let Some((_, h)) = first else {
        return Err(RunError::input("no shard files given"));
    };
    if let Some(missing) = super::merge::missing_shards(&seen, h.shard[1]) {
        gaps.push(missing);
    }
    super::merge::refuse_gaps(&gaps, partial, warn)?;
    records.sort_by_key(|r| r.index);
    Ok(Merged {
        spec: h.tenball_duel,
        records,
    })
}

/// Reads a records file: the header, the complete records (each checked, see
/// [`RackRecord::check`]), a last line without its end. Only a regular file is read, and no
/// line longer than `echo::MAX_RECORD_LINE`.
fn read(path: &Path) -> Result<Lines<Header, RackRecord>, RunError> {
    super::lines::read(
        path,
        Words {
            run: "duel",
            record: "rack",
        },
        Header::check,
        RackRecord::check,
    )
}

//! A drill played by the computer's levels (`tenball drill rate`) on the one resumable run of
//! `run` ([`DrillJob`], [`DrillRun`]): a header line with the drill and the inputs, then a
//! record per session as it is played. Session `j` of every level plays the same positions
//! and racks (its seed is the run's `j`-th); each level's noise is its own.

use std::path::Path;

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};

use super::lines::{Lines, Words};
use super::run::{Back, Job, Run};
use super::{RunError, Shard, break_seed};
use crate::computer::Level;
use crate::drills::{Drill, Session, player};
use crate::physics::Equipment;

/// What a rating of a drill is made with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateSpec {
    /// The drill's name (its library name or file).
    pub name: String,
    /// The drill itself, so that a resume plays the same drill.
    pub drill: Drill,
    pub levels: Vec<Level>,
    /// Sessions each level plays.
    pub sessions: u64,
    pub seed: u64,
    pub equipment: Equipment,
}

/// The most sessions a level plays in one rating.
pub const MAX_SESSIONS: u64 = 100_000;

impl RateSpec {
    pub fn check(&self) -> Result<(), String> {
        self.drill.check()?;
        if self.levels.is_empty() || self.levels.len() > 6 {
            return Err(format!("{} levels: give 1 to 6", self.levels.len()));
        }
        if !(1..=MAX_SESSIONS).contains(&self.sessions) {
            return Err(format!(
                "sessions {}: from 1 to {MAX_SESSIONS}",
                self.sessions
            ));
        }
        self.equipment.validate()
    }

    /// Sessions in all: each level's.
    pub fn total(&self) -> u64 {
        self.sessions * self.levels.len() as u64
    }

    /// The level and the session of item `index`.
    fn item(&self, index: u64) -> (Level, u64) {
        (
            self.levels[(index / self.sessions) as usize],
            index % self.sessions,
        )
    }
}

/// One session of one level.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionRecord {
    pub index: u64,
    pub level: Level,
    /// The session's seed: its positions and racks.
    pub seed: u64,
    pub score: u32,
    pub max: u32,
    /// Each attempt's success, in order.
    pub attempts: Vec<bool>,
}

impl SessionRecord {
    pub fn check(&self) -> Result<(), String> {
        if self.score > self.max {
            return Err(format!("score {} above its most, {}", self.score, self.max));
        }
        Ok(())
    }
}

/// Plays item `index` of `spec`: its level plays session `j` from its seed.
pub fn play_session(spec: &RateSpec, index: u64) -> Result<SessionRecord, String> {
    let (level, j) = spec.item(index);
    let seed = break_seed(spec.seed, j);
    let mut session = Session::new(spec.drill.clone(), seed, spec.equipment)?;
    // The level's noise: its own stream for this session.
    let mut rng = StdRng::seed_from_u64(break_seed(seed, u64::from(level_number(level))));
    let mut strokes = 0u32;
    while session.due().is_some() {
        let stroke = player::stroke(&session, level, &mut rng)
            .map_err(|e| format!("session {j} of {}: {e}", level.name()))?;
        session
            .play(&stroke)
            .map_err(|e| format!("session {j} of {}: {e}", level.name()))?;
        strokes += 1;
        if strokes > 10_000 {
            return Err(format!(
                "session {j} of {}: no end after 10000 strokes",
                level.name()
            ));
        }
    }
    let s = session.score();
    Ok(SessionRecord {
        index,
        level,
        seed,
        score: s.value,
        max: s.max,
        attempts: session.outcomes().iter().map(|a| a.success).collect(),
    })
}

fn level_number(l: Level) -> u8 {
    match l {
        Level::Greedy => 0,
        Level::Level(n) => n,
    }
}

/// The first line of a rating's records file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    tenball_drill_rating: RateSpec,
    sessions: u64,
}

impl Header {
    fn check(&self) -> Result<(), String> {
        self.tenball_drill_rating.check()?;
        if self.sessions != self.tenball_drill_rating.total() {
            return Err(format!(
                "sessions {}: the levels and sessions make {}",
                self.sessions,
                self.tenball_drill_rating.total()
            ));
        }
        Ok(())
    }
}

/// The sessions of a rating, as a [`Job`]: the inputs and the records so far.
pub struct DrillJob {
    spec: RateSpec,
    records: Vec<SessionRecord>,
}

/// A rating being played.
pub type DrillRun = Run<DrillJob>;

impl Run<DrillJob> {
    /// Starts a rating (in memory without `out`; a new `out` created with its header; an
    /// existing one refused unless `resume`, then completed), `warn` saying what was done.
    pub fn open_or_resume(
        spec: RateSpec,
        out: Option<&Path>,
        resume: bool,
        warn: &mut dyn FnMut(String),
    ) -> Result<DrillRun, RunError> {
        let shard = Shard::whole(spec.total());
        let job = DrillJob {
            spec,
            records: Vec::new(),
        };
        Run::open(job, shard, out, resume, warn)
    }

    /// The sessions played so far, in order.
    pub fn records(&self) -> &[SessionRecord] {
        &self.job().records
    }

    pub fn spec(&self) -> &RateSpec {
        &self.job().spec
    }
}

impl Job for DrillJob {
    type Record = SessionRecord;
    const ITEMS: &'static str = "sessions";
    const CHUNK_PER_THREAD: u64 = 2;

    fn play(&self, index: u64) -> Result<SessionRecord, String> {
        play_session(&self.spec, index)
    }

    fn header(&self, shard: &Shard) -> Vec<u8> {
        let h = Header {
            tenball_drill_rating: self.spec.clone(),
            sessions: shard.count,
        };
        (serde_json::to_string(&h).expect("headers serialize") + "\n").into_bytes()
    }

    fn encode(&self, recs: &[SessionRecord]) -> Vec<u8> {
        recs.iter()
            .map(|r| serde_json::to_string(r).expect("records serialize") + "\n")
            .collect::<String>()
            .into_bytes()
    }

    fn read_back(&mut self, path: &Path, shard: &Shard) -> Result<Back, RunError> {
        let back: Lines<Header, SessionRecord> = super::lines::read(
            path,
            Words {
                run: "drill rating",
                record: "session",
            },
            Header::check,
            SessionRecord::check,
        )?;
        let shown = crate::echo::path_for_message(path);
        if let Some(h) = &back.header
            && h.tenball_drill_rating != self.spec
        {
            return Err(RunError::input(format!(
                "{shown}: was made with another drill, levels, sessions, seed or equipment; resume with the inputs of the first run"
            )));
        }
        if back.records.len() as u64 > shard.len() {
            return Err(RunError::input(format!(
                "{shown}: holds {} sessions, more than the {} of this run",
                back.records.len(),
                shard.len()
            )));
        }
        for (k, r) in back.records.iter().enumerate() {
            let (level, j) = self.spec.item(k as u64);
            if r.index != k as u64 || r.level != level || r.seed != break_seed(self.spec.seed, j) {
                return Err(RunError::input(format!(
                    "{shown}:{}: session {} is not session {k} of this run",
                    k + 2,
                    r.index
                )));
            }
        }
        let (records, resumed) = back.into_back(|| self.header(shard));
        self.records = records;
        Ok(resumed)
    }

    fn keep(&mut self, recs: Vec<SessionRecord>) {
        self.records.extend(recs);
    }
}

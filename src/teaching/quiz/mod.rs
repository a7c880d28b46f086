//! The referee's practical exam (`tenball quiz`). A question is a shot of the scenario library,
//! played on the table or told, from the position before it, or a variation of a played one
//! whose ruling differs, made near the edge of its rule by the physics ([`edges`]). Its answer
//! key is the referee's ruling, read at the time it is asked ([`key`]); nothing is typed by
//! hand. A quiz is drawn from the bank by topic and level with a seed, so that a class can take
//! the same one; answers are graded part by part ([`grade`]) and kept in the user's progress
//! file ([`progress`]); [`handout`] writes an exam to print. Headless: it plays shots through
//! `adapter::play_shot` and asks the referee, and decides no rule itself.

pub mod edges;
pub mod grade;
#[cfg(not(target_arch = "wasm32"))]
pub mod handout;
pub mod key;
pub mod progress;
mod seen;

use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

use crate::adapter::play_shot;
use crate::physics::{Layout, ShotLog, SimConfig, Strike};
use crate::referee::{Call, Ruling, ShotFacts};
use crate::tablefile::TableFile;
use crate::teaching::scenario::{Expect, Scenario, Step, library};

pub use key::Key;
pub use seen::{position_words, seen_words};

/// What a question is about, as the topics name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Topic {
    /// 5.3
    Break,
    /// 5.4
    PushOut,
    /// 5.5-5.7
    Calls,
    /// 5.8, 5.9
    Ten,
    /// 7.x but 7.14
    Fouls,
    /// 7.14
    ThreeFouls,
    /// A position under WPA 2025's switches rather than the seed's.
    Editions,
}

impl Topic {
    pub const ALL: [Topic; 7] = [
        Topic::Break,
        Topic::PushOut,
        Topic::Calls,
        Topic::Ten,
        Topic::Fouls,
        Topic::ThreeFouls,
        Topic::Editions,
    ];

    /// The word `--topic` takes.
    pub fn word(self) -> &'static str {
        match self {
            Topic::Break => "break",
            Topic::PushOut => "push-out",
            Topic::Calls => "calls",
            Topic::Ten => "ten",
            Topic::Fouls => "fouls",
            Topic::ThreeFouls => "three-fouls",
            Topic::Editions => "editions",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Topic::Break => "the break (5.3)",
            Topic::PushOut => "push outs (5.4)",
            Topic::Calls => "calls and safeties (5.5-5.7)",
            Topic::Ten => "the 10 (5.8, 5.9)",
            Topic::Fouls => "fouls (7.x)",
            Topic::ThreeFouls => "three fouls (7.14)",
            Topic::Editions => "editions (WPA 2025's switches)",
        }
    }

    pub fn from_word(w: &str) -> Option<Topic> {
        Topic::ALL.into_iter().find(|t| t.word() == w)
    }

    /// The topic of a shot: its edition first (a position under other switches than the
    /// seed's), then what it is (a third foul, a break, a push out, a shot that makes the 10),
    /// then the rule that decided it.
    fn of(position: &TableFile, call: &Call, ruling: &Ruling) -> Topic {
        let r = position.state.rules;
        let seed = crate::referee::Rules::default();
        if (r.safety_call, r.early_ten_wins, r.cue_on_table_foul)
            != (
                seed.safety_call,
                seed.early_ten_wins,
                seed.cue_on_table_foul,
            )
        {
            return Topic::Editions;
        }
        match (call, ruling.rule) {
            (_, "7.14") => Topic::ThreeFouls,
            (Call::Break, _) => Topic::Break,
            (Call::PushOut, _) | (_, "5.4") => Topic::PushOut,
            // The 10 made or spotted, whatever decided the shot (5.8, 5.9).
            (_, "5.9") => Topic::Ten,
            _ if ten_made(ruling) => Topic::Ten,
            (_, "5.5" | "5.6" | "5.7" | "5.8" | "1.6") => Topic::Calls,
            (_, rule) if rule.starts_with("7.") => Topic::Fouls,
            _ => Topic::Calls,
        }
    }
}

/// The 10 pocketed on the shot: spotted, down, or the rack won with it.
fn ten_made(r: &Ruling) -> bool {
    r.spotted.is_some()
        || r.stay_down.contains(&10)
        || matches!(
            r.rack_result,
            Some(crate::referee::RackResult::Won {
                how: crate::referee::WinReason::Ten,
                ..
            })
        )
}

/// Where a question comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A step of a library scenario, played on the table.
    Played,
    /// A step of a library scenario, told (facts the referee was given).
    Told,
    /// A played step's stroke changed until its ruling differs: the other side of an edge.
    Edge,
}

/// The variation an edge question plays, and how firmly its ruling holds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct EdgeOf {
    pub stroke: Strike,
    /// Replays under the batch runs' execution noise that gave the same key, and how many.
    pub held: u32,
    pub runs: u32,
}

impl EdgeOf {
    pub fn share(&self) -> f64 {
        self.held as f64 / self.runs.max(1) as f64
    }
}

/// One question: the position before a shot and the shot.
#[derive(Debug, Clone)]
pub struct Question {
    /// `scenario#step`, with `~k` for the k-th edge of that step: what the progress file and
    /// answers files name.
    pub id: String,
    /// The library scenario it comes from (`tenball scenario show NAME` shows it).
    pub scenario: String,
    pub title: String,
    /// The step of the scenario, from 1.
    pub step: usize,
    pub kind: Kind,
    pub topic: Topic,
    pub position: TableFile,
    pub shot: Step,
    pub edge: Option<EdgeOf>,
}

/// A question played: the ruling, the facts the referee judged, the shot's log (played shots)
/// and the key.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub ruling: Ruling,
    pub facts: ShotFacts,
    /// The layout the shot started from and its log, for a played shot.
    pub played: Option<(Layout, ShotLog)>,
    pub key: Key,
}

impl Question {
    /// 1 for the library's own shots, 2 for edges.
    pub fn level(&self) -> u8 {
        match self.kind {
            Kind::Played | Kind::Told => 1,
            Kind::Edge => 2,
        }
    }

    /// Plays the question (its stroke, or judges its told facts); `paths` keeps the balls'
    /// paths for a diagram or a replay.
    pub fn outcome(&self, paths: bool) -> Result<Outcome, String> {
        match (&self.shot.stroke, &self.shot.facts) {
            (Some(s), _) => self.outcome_of(s, paths),
            (None, Some(facts)) => {
                let call = self.call();
                let j = self
                    .position
                    .state
                    .judge(&call, facts)
                    .map_err(|e| format!("{}: the referee refused the shot: {e}", self.id))?;
                Ok(Outcome {
                    key: Key::of(&j.ruling),
                    ruling: j.ruling,
                    facts: facts.clone(),
                    played: None,
                })
            }
            (None, None) => Err(format!("{}: neither a stroke nor facts", self.id)),
        }
    }

    /// Plays `stroke` from the question's position with its call and declared fouls.
    pub fn outcome_of(&self, stroke: &Strike, paths: bool) -> Result<Outcome, String> {
        let cfg = SimConfig {
            sample_dt: if paths { 1.0 / 60.0 } else { 0.0 },
            ..SimConfig::default()
        };
        let layout = &self.position.layout;
        let p = play_shot(
            &self.position.state,
            layout,
            &self.call(),
            stroke,
            &self.shot.declared,
            &cfg,
        )
        .map_err(|e| format!("{}: the shot could not be played: {e}", self.id))?;
        Ok(Outcome {
            key: Key::of(&p.judged.ruling),
            ruling: p.judged.ruling,
            facts: p.facts,
            played: Some((layout.clone(), p.log)),
        })
    }

    pub fn call(&self) -> Call {
        self.shot.call.unwrap_or(Call::Break)
    }

    /// The question as a scenario of one step (for the diagram and the scenario player).
    pub fn as_scenario(&self) -> Scenario {
        let mut shot = self.shot.clone();
        shot.expect = Expect::default();
        Scenario {
            title: self.title.clone(),
            rules: Vec::new(),
            explanation: String::new(),
            position: self.position.clone(),
            steps: vec![shot],
        }
    }
}

/// Every shot of the library's scenarios as a question, from the position before it (the
/// steps before it played as the scenario plays them, without noise). A scenario a step of
/// which cannot be taken gives its message.
pub fn library_questions() -> Result<Vec<Question>, String> {
    let (entries, problems) = library();
    if let Some(p) = problems.first() {
        return Err(format!("library: {p}"));
    }
    let mut out = Vec::new();
    for e in entries {
        let run = e
            .scenario
            .run(None, crate::teaching::scenario::Keep::Rulings);
        if let Some(why) = run.stopped {
            return Err(format!("{}: {why}", e.name));
        }
        for (i, (st, (state, layout))) in e.scenario.steps.iter().zip(run.before).enumerate() {
            let Some(call) = st.call else { continue };
            let position = TableFile {
                layout,
                state,
                players: e.scenario.position.players.clone(),
                stroke: None,
                call: None,
            };
            let mut q = Question {
                id: format!("{}#{}", e.name, i + 1),
                scenario: e.name.clone(),
                title: e.scenario.title.clone(),
                step: i + 1,
                kind: if st.stroke.is_some() {
                    Kind::Played
                } else {
                    Kind::Told
                },
                topic: Topic::Calls,
                position,
                shot: st.clone(),
                edge: None,
            };
            let o = q.outcome(false)?;
            q.topic = Topic::of(&q.position, &call, &o.ruling);
            out.push(q);
        }
    }
    Ok(out)
}

/// The whole bank: the library's shots and the stored edge questions beside the shots they vary.
pub fn bank() -> Result<Vec<Question>, String> {
    let library = library_questions()?;
    let stored = edges::stored()?;
    let mut out = Vec::new();
    for q in library {
        let mine: Vec<&edges::StoredEdge> = stored.iter().filter(|e| e.of == q.id).collect();
        let base = q.clone();
        out.push(q);
        for (k, e) in mine.into_iter().enumerate() {
            let mut v = edges::question(&base, k + 1, e.edge);
            let o = v.outcome(false)?;
            v.topic = Topic::of(&v.position, &v.call(), &o.ruling);
            out.push(v);
        }
    }
    if let Some(e) = stored.iter().find(|e| !out.iter().any(|q| q.id == e.of)) {
        return Err(format!(
            "{}: an edge of {}, which is no played shot of the library",
            edges::FILE,
            e.of
        ));
    }
    Ok(out)
}

/// Which questions a quiz takes, and how many.
#[derive(Debug, Clone)]
pub struct Selection {
    pub seed: u64,
    pub count: usize,
    /// None: every topic.
    pub topics: Vec<Topic>,
    /// None: both levels.
    pub level: Option<u8>,
}

/// The quiz a selection draws from `bank`: the questions of its topics and level, shuffled by
/// its seed, the first `count`. The same seed and bank give the same quiz.
pub fn draw<'a>(bank: &'a [Question], sel: &Selection) -> Vec<&'a Question> {
    let mut pool: Vec<&Question> = bank
        .iter()
        .filter(|q| sel.topics.is_empty() || sel.topics.contains(&q.topic))
        .filter(|q| sel.level.is_none_or(|l| q.level() == l))
        .collect();
    let mut rng = StdRng::seed_from_u64(sel.seed);
    pool.shuffle(&mut rng);
    pool.truncate(sel.count);
    pool
}

/// When a played shot's ruling was decided on the table (shot time, s), where a replay is
/// slowed: the cue ball pocketed or off the table on a foul of 7.1, an object ball off the
/// table on 7.5, the 10 dropping when the 10 decided it (5.8, 5.9), else the cue ball's first
/// contact, on which the first ball hit (7.2), the rail after contact (7.3) and a legal shot
/// all turn; with no contact at all, the cue ball's first rail or the shot's end. Read from the
/// adapter's moments, as the markers are.
pub fn deciding_moment(log: &ShotLog, key: &Key) -> f64 {
    use crate::adapter::Moment;
    let ms = crate::adapter::moments(log);
    let first = |f: &dyn Fn(&Moment) -> bool| ms.iter().find(|(_, m)| f(m)).map(|(t, _)| *t);
    let by_rule = match key.rule.as_str() {
        "7.1" => first(&|m| matches!(m, Moment::CueBall(_))),
        "7.5" => first(&|m| matches!(m, Moment::OffTable(_))),
        "5.8" | "5.9" => first(&|m| matches!(m, Moment::Pocketed(p) if p.ball == 10)),
        _ => None,
    };
    by_rule
        .or_else(|| first(&|m| matches!(m, Moment::FirstContact(_))))
        .or_else(|| first(&|m| matches!(m, Moment::CueRailBeforeContact)))
        .unwrap_or(log.duration)
}

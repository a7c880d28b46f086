//! The user's progress file: per question, topic and rule, how often asked and how often wholly
//! right, and each part's rights. It is the user's: a run reads it afresh just before writing,
//! adds its own counts to it (a merge, so two runs, even at once, both count: they take turns on a lock file beside it), writes the whole
//! under a temporary name and renames it over the old, so that it is never overwritten with
//! less. A damaged file is refused with its line and left as it is.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::grade::Graded;

/// The version this build writes and reads.
pub const VERSION: u32 = 1;

/// How often asked, wholly right, and each part right.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub asked: u32,
    pub right: u32,
    /// legal or foul, rule, balls, next.
    pub parts_right: [u32; 4],
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.asked = self.asked.saturating_add(o.asked);
        self.right = self.right.saturating_add(o.right);
        for (a, b) in self.parts_right.iter_mut().zip(o.parts_right) {
            *a = a.saturating_add(b);
        }
    }

    fn check(&self) -> Result<(), String> {
        if self.right > self.asked || self.parts_right.iter().any(|&p| p > self.asked) {
            return Err(format!(
                "right {} and parts_right {:?} cannot be more than asked {}",
                self.right, self.parts_right, self.asked
            ));
        }
        Ok(())
    }
}

/// The progress file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    pub tenball_quiz_progress: u32,
    /// Quizzes counted.
    pub runs: u32,
    pub questions: BTreeMap<String, Tally>,
    pub topics: BTreeMap<String, Tally>,
    pub rules: BTreeMap<String, Tally>,
}

impl Progress {
    /// A run's counts.
    pub fn of_run(graded: &[Graded]) -> Progress {
        let mut p = Progress {
            tenball_quiz_progress: VERSION,
            runs: 1,
            ..Progress::default()
        };
        for g in graded {
            let t = Tally {
                asked: 1,
                right: g.right() as u32,
                parts_right: g.parts.map(|b| b as u32),
            };
            p.questions.entry(g.id.clone()).or_default().add(&t);
            p.topics
                .entry(g.topic.word().to_string())
                .or_default()
                .add(&t);
            p.rules.entry(g.rule.clone()).or_default().add(&t);
        }
        p
    }

    /// Adds another's counts to these.
    pub fn merge(&mut self, o: &Progress) {
        self.tenball_quiz_progress = VERSION;
        self.runs = self.runs.saturating_add(o.runs);
        for (mine, theirs) in [
            (&mut self.questions, &o.questions),
            (&mut self.topics, &o.topics),
            (&mut self.rules, &o.rules),
        ] {
            for (k, t) in theirs {
                mine.entry(k.clone()).or_default().add(t);
            }
        }
    }

    /// Reads a progress file; `None` when there is none. A file that is not one (bad JSON, an
    /// unknown version, counts that cannot be) is an error naming the file and the place.
    pub fn load(path: &Path) -> Result<Option<Progress>, String> {
        let shown = crate::echo::input_name(path);
        if !crate::echo::is_stdin(path) && std::fs::symlink_metadata(path).is_err() {
            return Ok(None);
        }
        let text = crate::echo::read_text(path)?;
        let p: Progress = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{shown}:{} (the quiz progress file is left as it is; move it away to start afresh)",
                crate::echo::json_problem(&e)
            )
        })?;
        p.check().map_err(|e| format!("{shown}: {e}"))?;
        Ok(Some(p))
    }

    /// Everything a progress file holds must be something a quiz writes: this version, known
    /// topics and rule numbers, question ids of the bank's form, counts that add up (each
    /// question asked counts once for its topic and once for its rule; a quiz asks at least
    /// one), and no more ids than [`MAX_IDS`]. A file merged in is read so too, so that no
    /// file is written that a later quiz would refuse.
    pub fn check(&self) -> Result<(), String> {
        if self.tenball_quiz_progress != VERSION {
            return Err(format!(
                "tenball_quiz_progress {} is not a version this build reads ({VERSION})",
                self.tenball_quiz_progress
            ));
        }
        if self.questions.len() > MAX_IDS {
            return Err(format!(
                "{} question ids; a progress file holds at most {MAX_IDS} (the bank has fewer than 100)",
                self.questions.len()
            ));
        }
        let shown = |k: &str| crate::echo::cut(&crate::echo::visible(k));
        let topic = |k: &str| super::Topic::from_word(k).is_some();
        let entries: [(&str, &BTreeMap<String, Tally>, &dyn Fn(&str) -> bool, &str); 3] = [
            (
                "questions",
                &self.questions,
                &is_question_id,
                "question id (SCENARIO#STEP, or SCENARIO#STEP~K for an edge)",
            ),
            ("topics", &self.topics, &topic, "topic"),
            (
                "rules",
                &self.rules,
                &crate::referee::is_rule_number,
                "rule number",
            ),
        ];
        for (what, map, known, kind) in entries {
            for (k, t) in map {
                if !known(k) {
                    return Err(format!("{what}.{}: no quiz writes this {kind}", shown(k)));
                }
                t.check().map_err(|e| format!("{what}.{}: {e}", shown(k)))?;
            }
        }
        let asked = |map: &BTreeMap<String, Tally>| -> u64 {
            map.values().map(|t| u64::from(t.asked)).sum()
        };
        let (q, t, r) = (
            asked(&self.questions),
            asked(&self.topics),
            asked(&self.rules),
        );
        if q != t || q != r {
            return Err(format!(
                "the questions asked ({q}), by topic ({t}) and by rule ({r}) do not add up to the same"
            ));
        }
        if u64::from(self.runs) > q {
            return Err(format!(
                "runs {} is more than the {q} questions asked (a quiz asks at least one)",
                self.runs
            ));
        }
        Ok(())
    }

    /// Whether a quiz can keep its progress in `path`, found before the first question: the
    /// file (if any) is one this build reads, its lock can be taken and a file can be written
    /// beside it. A quiz that would fail to keep its score says so before it is taken.
    pub fn check_usable(path: &Path) -> Result<(), String> {
        let shown = crate::echo::path_for_message(path);
        let target = resolve(path)?;
        Progress::load(&target)?;
        drop(lock(&target, &shown)?);
        let tmp = crate::outfile::temp_beside(&target, "part", crate::outfile::Temp::File)
            .map_err(|e| format!("{shown}: the quiz progress cannot be written there: {e}"))?;
        let _ = std::fs::remove_file(tmp);
        Ok(())
    }

    /// Adds `run` to the file at `path` (made when there is none): read afresh, merged, written
    /// under a temporary name beside it and renamed over it. Gives what the file holds now. A
    /// link is written through (its target gets the new counts and keeps its mode).
    pub fn record(path: &Path, run: &Progress) -> Result<Progress, String> {
        let shown = crate::echo::path_for_message(path);
        let target = resolve(path)?;
        // Runs at once take turns: each holds the lock beside the file while it reads, merges
        // and renames.
        let lock = lock(&target, &shown)?;
        let mut all = Progress::load(&target)?.unwrap_or_default();
        all.merge(run);
        all.check().map_err(|e| {
            format!(
                "{shown}: the merged progress would not be read back ({e}); the file is as it was"
            )
        })?;
        let text = serde_json::to_string_pretty(&all).expect("progress serializes") + "\n";
        if text.len() as u64 > crate::echo::MAX_INPUT_BYTES {
            return Err(format!(
                "{shown}: the merged progress would be larger than {} MiB; the file is as it was",
                crate::echo::MAX_INPUT_BYTES >> 20
            ));
        }
        let mode = std::fs::metadata(&target).ok().map(|m| m.permissions());
        let failed = |e: std::io::Error| {
            format!("{shown}: cannot write the quiz progress: {e} (the file is as it was)")
        };
        let tmp = crate::outfile::temp_beside(&target, "part", crate::outfile::Temp::File)
            .map_err(failed)?;
        let written = std::fs::write(&tmp, text.as_bytes())
            .and_then(|_| match &mode {
                Some(m) => std::fs::set_permissions(&tmp, m.clone()),
                None => Ok(()),
            })
            .and_then(|_| std::fs::rename(&tmp, &target));
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(failed(e));
        }
        drop(lock);
        Ok(all)
    }
}

/// The most question ids a progress file holds (the bank has fewer than a hundred).
pub const MAX_IDS: usize = 10_000;

/// `SCENARIO#STEP` or `SCENARIO#STEP~K`: a library name (letters, digits, `-` and `_`, at most
/// 64), a step and an edge's number.
fn is_question_id(id: &str) -> bool {
    let Some((name, rest)) = id.split_once('#') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
    let (step, edge) = match rest.split_once('~') {
        Some((s, k)) => (s, Some(k)),
        None => (rest, None),
    };
    !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && digits(step)
        && edge.is_none_or(digits)
}

/// The file a progress path names: a link's target (written through, so the link stays a
/// link), the path itself otherwise.
fn resolve(path: &Path) -> Result<PathBuf, String> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path).map_err(|e| {
            format!(
                "{}: a link whose target cannot be reached ({e}); give the file itself",
                crate::echo::path_for_message(path)
            )
        }),
        _ => Ok(path.to_path_buf()),
    }
}

/// The lock runs on one progress file take turns on: a short hidden name beside it (a
/// 255-byte file name has room for no suffix), one for each file name.
fn lock(target: &Path, shown: &str) -> Result<std::fs::File, String> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // FNV-1a of the name: the same file, the same lock.
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(target.with_file_name(format!(".tenball-progress-{hash:016x}.lock")))
        .and_then(|f| f.lock().map(|_| f))
        .map_err(|e| format!("{shown}: cannot lock the quiz progress: {e}"))
}

/// Where the progress is kept unless `--progress` says otherwise:
/// `$XDG_DATA_HOME/tenball/quiz-progress.json` (an absolute XDG_DATA_HOME), else
/// `~/.local/share/tenball/...`.
pub fn default_path() -> Option<PathBuf> {
    // The XDG base directory spec: a relative XDG_DATA_HOME is invalid and ignored.
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|v| v.is_absolute())
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        })?;
    Some(base.join("tenball").join("quiz-progress.json"))
}

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
        let shown = crate::echo::path_for_message(path);
        if std::fs::symlink_metadata(path).is_err() {
            return Ok(None);
        }
        let text = crate::echo::read_text(path)?;
        let p: Progress = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{shown}:{} (the quiz progress file is left as it is; move it away to start afresh)",
                crate::echo::json_problem(&e)
            )
        })?;
        if p.tenball_quiz_progress != VERSION {
            return Err(format!(
                "{shown}: tenball_quiz_progress {} is not a version this build reads ({VERSION})",
                p.tenball_quiz_progress
            ));
        }
        for (what, map) in [
            ("questions", &p.questions),
            ("topics", &p.topics),
            ("rules", &p.rules),
        ] {
            for (k, t) in map {
                t.check().map_err(|e| {
                    format!(
                        "{shown}: {what}.{}: {e}",
                        crate::echo::cut(&crate::echo::visible(k))
                    )
                })?;
            }
        }
        Ok(Some(p))
    }

    /// Adds `run` to the file at `path` (made when there is none): read afresh, merged, written
    /// under a temporary name beside it and renamed over it. Gives what the file holds now.
    pub fn record(path: &Path, run: &Progress) -> Result<Progress, String> {
        let shown = crate::echo::path_for_message(path);
        // Runs at once take turns: each holds the lock beside the file while it reads, merges
        // and renames.
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(beside(path, "lock"))
            .and_then(|f| f.lock().map(|_| f))
            .map_err(|e| format!("{shown}: cannot lock the quiz progress: {e}"))?;
        let mut all = Progress::load(path)?.unwrap_or_default();
        all.merge(run);
        let text = serde_json::to_string_pretty(&all).expect("progress serializes") + "\n";
        let tmp = beside(path, &format!("{}.part", std::process::id()));
        crate::outfile::write_new(&tmp, text.as_bytes())
            .and_then(|_| std::fs::rename(&tmp, path))
            .map_err(|e| {
                let _ = std::fs::remove_file(&tmp);
                format!("{shown}: cannot write the quiz progress: {e} (the file is as it was)")
            })?;
        drop(lock);
        Ok(all)
    }
}

/// A hidden name beside `path`: `.NAME.SUFFIX`.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "progress".into());
    path.with_file_name(format!(".{name}.{suffix}"))
}

/// Where the progress is kept unless `--progress` says otherwise:
/// `$XDG_DATA_HOME/tenball/quiz-progress.json`, else `~/.local/share/tenball/...`.
pub fn default_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        })?;
    Some(base.join("tenball").join("quiz-progress.json"))
}

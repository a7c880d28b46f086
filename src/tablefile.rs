//! The table file: a position on the table (the balls, the referee's state and, optionally, a
//! stroke and a call) as JSON. The game saves and loads it (`tenball play --load FILE`) and the
//! teaching scenarios start from it. Plain serde: no bevy, no rapier.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::physics::{Layout, Strike, check_placement};
use crate::referee::{CUE, Call, CueBall, GameState, Phase};

/// What a table file holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    /// The balls on the table; the cue ball may be missing only when it is in hand.
    pub layout: Layout,
    /// The referee's state: whose turn, the phase (break, shot, choice), fouls, score.
    pub state: GameState,
    /// The players' names, A then B.
    #[serde(default = "default_names")]
    pub players: [String; 2],
    /// A stroke to show or play from this position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stroke: Option<Strike>,
    /// The call for that stroke.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<Call>,
}

pub fn default_names() -> [String; 2] {
    ["Player A".into(), "Player B".into()]
}

/// Why a table file cannot be used: the file, and where and what the problem is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {problem}")]
pub struct TableFileError {
    pub file: String,
    pub problem: String,
}

/// The longest player name a table file or `--players` takes (characters).
pub const MAX_NAME_CHARS: usize = 40;

impl TableFile {
    /// Checks that the file describes a position the game can play from: balls on the bed and
    /// apart, the object balls those the state has on the table, and a cue ball unless it is in
    /// hand.
    pub fn check(&self) -> Result<(), String> {
        self.state.validate().map_err(|e| format!("state: {e}"))?;
        if self.layout.table != self.state.table {
            return Err(format!(
                "the layout is for a {} table, the state for a {} table",
                self.layout.table.name(),
                self.state.table.name()
            ));
        }
        for (who, name) in ["A", "B"].iter().zip(&self.players) {
            let n = name.chars().count();
            if n == 0 || n > MAX_NAME_CHARS || name.chars().any(crate::echo::is_hidden) {
                return Err(format!(
                    "players: player {who}'s name `{}` ({n} characters) must be 1 to {MAX_NAME_CHARS} characters with no control or direction-changing characters (as --players takes)",
                    crate::echo::visible(
                        &name.chars().take(MAX_NAME_CHARS + 10).collect::<String>()
                    )
                ));
            }
        }
        check_placement(&self.layout, &self.layout.table.spec()).map_err(|e| e.0)?;
        let on_layout = self.layout.object_balls();
        let on_table: Vec<u8> = self.state.on_table.iter().collect();
        if on_layout != on_table {
            return Err(format!(
                "state.on_table lists balls {on_table:?} but layout.balls has {on_layout:?}"
            ));
        }
        let cue_placed = self.layout.balls.iter().any(|b| b.ball == CUE);
        let in_hand = matches!(
            self.state.phase,
            Phase::Break { .. }
                | Phase::Shot {
                    cue_ball: CueBall::InHand,
                    ..
                }
        );
        if !cue_placed && !in_hand {
            return Err(
                "layout.balls has no cue ball (0), and the state does not give it in hand".into(),
            );
        }
        if let Some(s) = &self.stroke {
            s.validate().map_err(|e| format!("stroke: {e}"))?;
        }
        Ok(())
    }

    /// Reads and checks a table file.
    pub fn load(path: &Path) -> Result<TableFile, TableFileError> {
        let file = path.display().to_string();
        let text = crate::echo::read_text(path).map_err(|e| TableFileError {
            file: file.clone(),
            problem: e
                .strip_prefix(&format!("{file}: "))
                .unwrap_or(&e)
                .to_string(),
        })?;
        Self::parse(&text, &file)
    }

    /// Parses and checks the text of a table file; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<TableFile, TableFileError> {
        let t: TableFile = serde_json::from_str(text).map_err(|e| TableFileError {
            file: file.to_string(),
            problem: crate::echo::json_problem(&e),
        })?;
        t.check().map_err(|problem| TableFileError {
            file: file.to_string(),
            problem: crate::echo::cut(&problem),
        })?;
        Ok(t)
    }

    /// Writes the file to a new path: `path` itself if nothing is there, otherwise the first
    /// free `stem-2.json`, `stem-3.json`, ...; an existing file is never overwritten. Returns
    /// the path written.
    pub fn save_new(&self, path: &Path) -> Result<PathBuf, TableFileError> {
        let text = serde_json::to_string_pretty(self).expect("a table file serialises");
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "table".into());
        let dir = path.parent().unwrap_or(Path::new(""));
        for k in 1..10_000 {
            let candidate = if k == 1 {
                path.to_path_buf()
            } else {
                dir.join(format!("{stem}-{k}.json"))
            };
            match std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&candidate)
            {
                Ok(mut f) => {
                    use std::io::Write;
                    f.write_all(text.as_bytes())
                        .and_then(|_| f.write_all(b"\n"))
                        .map_err(|e| TableFileError {
                            file: candidate.display().to_string(),
                            problem: format!("cannot write it: {e}"),
                        })?;
                    return Ok(candidate);
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
                Err(e) => {
                    return Err(TableFileError {
                        file: candidate.display().to_string(),
                        problem: format!("cannot create it: {e}"),
                    });
                }
            }
        }
        Err(TableFileError {
            file: path.display().to_string(),
            problem: "no free file name beside it".into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{PlayerId, Rules};
    use crate::table::{Placed, Point, TableSize};

    fn file() -> TableFile {
        let mut state = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
        state.phase = Phase::Shot {
            shooter: PlayerId::B,
            cue_ball: CueBall::AsItLies,
            push_out: false,
        };
        state.on_table = [3, 10].into_iter().collect();
        TableFile {
            layout: Layout {
                table: TableSize::NineFoot,
                balls: vec![
                    Placed {
                        ball: 0,
                        at: Point::new(-0.6, 0.0),
                    },
                    Placed {
                        ball: 3,
                        at: Point::new(0.3, 0.1),
                    },
                    Placed {
                        ball: 10,
                        at: Point::new(0.9, -0.2),
                    },
                ],
            },
            state,
            players: default_names(),
            stroke: Some(Strike::new(5.0, 2.0)),
            call: None,
        }
    }

    #[test]
    fn a_saved_table_loads_back_the_same() {
        let f = file();
        let text = serde_json::to_string_pretty(&f).unwrap();
        assert_eq!(TableFile::parse(&text, "t.json").unwrap(), f);
    }

    #[test]
    fn balls_that_differ_from_the_state_are_refused_with_both_lists() {
        let mut f = file();
        f.layout.balls.pop();
        let e = TableFile::parse(&serde_json::to_string(&f).unwrap(), "t.json").unwrap_err();
        assert!(e.to_string().starts_with("t.json: "), "{e}");
        assert!(
            e.problem.contains("[3, 10]") && e.problem.contains("[3]"),
            "{e}"
        );
    }

    #[test]
    fn a_missing_cue_ball_is_refused_unless_it_is_in_hand() {
        let mut f = file();
        f.layout.balls.retain(|b| b.ball != 0);
        assert!(f.check().unwrap_err().contains("no cue ball"));
        f.state.phase = Phase::Shot {
            shooter: PlayerId::B,
            cue_ball: CueBall::InHand,
            push_out: false,
        };
        f.check().unwrap();
    }

    #[test]
    fn malformed_json_names_file_line_and_column() {
        let e = TableFile::parse("{\n  \"layout\": 3\n}", "bad.json").unwrap_err();
        assert_eq!(e.file, "bad.json");
        assert!(e.problem.starts_with("2:"), "{e}");
    }

    #[test]
    fn overlapping_balls_are_refused() {
        let mut f = file();
        f.layout.balls[2].at = Point::new(0.31, 0.1);
        assert!(f.check().is_err());
    }

    #[test]
    fn saving_never_overwrites_an_existing_file() {
        let dir = std::env::temp_dir().join(format!("tenball-tablefile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("pos.json");
        std::fs::write(&path, "my notes").unwrap();
        let written = file().save_new(&path).unwrap();
        assert_eq!(written, dir.join("pos-2.json"));
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "my notes");
        assert_eq!(TableFile::load(&written).unwrap(), file());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! How a drill is scored, as the drill systems players use score them: Billiard University's
//! progressive practice, points per attempt, and balls run. It only counts: what each attempt
//! came to is decided by the physics and the referee (`play_shot`), never here.

use serde::{Deserialize, Serialize};

/// A drill's scoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Scoring {
    /// Billiard University's progressive practice (Exam I, drills F1-F4): the cue ball's place
    /// is one of `positions`, the first attempt from `start`; a success moves it up one and a
    /// failure down one, staying within 1 and `positions`; after `attempts` attempts the score
    /// is the final place plus a bonus of one for each success at the top place, at most `max`
    /// (BU: 7 places, start at 4, 10 shots, at most 10).
    Progressive {
        positions: u32,
        start: u32,
        attempts: u32,
        max: u32,
    },
    /// `points` for each success in `attempts` attempts.
    Points { points: u32, attempts: u32 },
    /// Balls made in turn from the first attempt until a miss or a foul ends the run, out of
    /// `balls` (a run out from ball in hand, the ghost's rack).
    BallsRun { balls: u32 },
    /// A race to `to` racks against the ghost: each attempt a rack, won or lost; over when
    /// either side reaches `to`; the score is the racks won.
    Race { to: u32 },
}

/// What one attempt came to, as the referee ruled it: the drill's goal met or not, and for a
/// run, how many balls it made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    pub success: bool,
    #[serde(default)]
    pub balls: u32,
}

/// A score so far: its value, the most it can be, whether the drill is over, and for a
/// progressive drill the place the next attempt is played from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Score {
    pub value: u32,
    pub max: u32,
    pub over: bool,
    pub next_position: Option<u32>,
}

/// The most attempts a drill may ask for.
pub const MAX_ATTEMPTS: u32 = 100;
/// The most places a progressive drill may have.
pub const MAX_POSITIONS: u32 = 20;

impl Scoring {
    /// BU's own progressive drill: 7 places, from 4, 10 shots, at most 10.
    pub fn bu_progressive() -> Scoring {
        Scoring::Progressive {
            positions: 7,
            start: 4,
            attempts: 10,
            max: 10,
        }
    }

    /// Whether the figures make a drill: each named, in its bounds, with the reason when not.
    pub fn check(&self) -> Result<(), String> {
        let within = |name: &str, v: u32, lo: u32, hi: u32| {
            if (lo..=hi).contains(&v) {
                Ok(())
            } else {
                Err(format!("{name} {v}: from {lo} to {hi}"))
            }
        };
        match *self {
            Scoring::Progressive {
                positions,
                start,
                attempts,
                max,
            } => {
                within("positions", positions, 2, MAX_POSITIONS)?;
                within("start", start, 1, positions)?;
                within("attempts", attempts, 1, MAX_ATTEMPTS)?;
                within("max", max, positions, positions + attempts)
            }
            Scoring::Points { points, attempts } => {
                within("points", points, 1, 100)?;
                within("attempts", attempts, 1, MAX_ATTEMPTS)
            }
            Scoring::BallsRun { balls } => within("balls", balls, 1, 10),
            Scoring::Race { to } => within("to", to, 1, 50),
        }
    }

    /// How a drill is scored, in a sentence (`drill show`, the game's drill section).
    pub fn words(&self) -> String {
        match *self {
            Scoring::Progressive {
                positions,
                start,
                attempts,
                max,
            } => format!(
                "progressive: {attempts} attempts, the first from place {start} of {positions}, up one place after a success and down one after a miss; the score is the final place plus one for each success at place {positions}, at most {max}"
            ),
            Scoring::Points { points, attempts } => {
                format!("{points} point(s) for each success in {attempts} attempts")
            }
            Scoring::BallsRun { balls } => {
                format!("the balls off the table when the run ends, at most {balls}")
            }
            Scoring::Race { to } => format!("racks won in a race to {to} against the ghost"),
        }
    }

    /// The same scoring with `n` attempts (a progressive drill's most score moves with them);
    /// refused for a run or a race, whose attempts are the rack's or the race's.
    pub fn with_attempts(&self, n: u32) -> Result<Scoring, String> {
        let s = match *self {
            Scoring::Progressive {
                positions, start, ..
            } => Scoring::Progressive {
                positions,
                start,
                attempts: n,
                max: positions + n.min(positions),
            },
            Scoring::Points { points, .. } => Scoring::Points {
                points,
                attempts: n,
            },
            Scoring::BallsRun { .. } | Scoring::Race { .. } => {
                return Err("a run or a race has no number of attempts to set".into());
            }
        };
        s.check()?;
        Ok(s)
    }

    /// The most the drill scores.
    pub fn max(&self) -> u32 {
        match *self {
            Scoring::Progressive { max, .. } => max,
            Scoring::Points { points, attempts } => points * attempts,
            Scoring::BallsRun { balls } => balls,
            Scoring::Race { to } => to,
        }
    }

    /// The score of `outcomes`, the attempts so far in the order played (those past the
    /// drill's end are not counted).
    pub fn score(&self, outcomes: &[Attempt]) -> Score {
        match *self {
            Scoring::Progressive {
                positions,
                start,
                attempts,
                max,
            } => {
                let (mut at, mut bonus) = (start, 0);
                let played = outcomes.iter().take(attempts as usize);
                for a in played {
                    if a.success {
                        if at == positions {
                            bonus += 1;
                        }
                        at = (at + 1).min(positions);
                    } else {
                        at = at.saturating_sub(1).max(1);
                    }
                }
                let over = outcomes.len() as u32 >= attempts;
                Score {
                    value: (at + bonus).min(max),
                    max,
                    over,
                    next_position: (!over).then_some(at),
                }
            }
            Scoring::Points { points, attempts } => {
                let made = outcomes
                    .iter()
                    .take(attempts as usize)
                    .filter(|a| a.success)
                    .count() as u32;
                Score {
                    value: made * points,
                    max: self.max(),
                    over: outcomes.len() as u32 >= attempts,
                    next_position: None,
                }
            }
            Scoring::BallsRun { balls } => {
                let mut run = 0;
                let mut over = false;
                for a in outcomes {
                    run += a.balls;
                    if !a.success || run >= balls {
                        over = true;
                        break;
                    }
                }
                Score {
                    value: run.min(balls),
                    max: balls,
                    over,
                    next_position: None,
                }
            }
            Scoring::Race { to } => {
                let (mut won, mut lost) = (0, 0);
                for a in outcomes {
                    if won == to || lost == to {
                        break;
                    }
                    if a.success {
                        won += 1;
                    } else {
                        lost += 1;
                    }
                }
                Score {
                    value: won,
                    max: to,
                    over: won == to || lost == to,
                    next_position: None,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempts(pattern: &str) -> Vec<Attempt> {
        pattern
            .chars()
            .map(|c| Attempt {
                success: c == 'm',
                balls: u32::from(c == 'm'),
            })
            .collect()
    }

    /// BU's own examples (Exam I, F1-F4 instructions): a last shot made at place 6 ends at 7, a
    /// last shot missed there ends at 5; a success at 7 adds a bonus; the score is at most 10
    /// and the place never below 1.
    #[test]
    fn progressive_scoring_follows_the_bu_examples() {
        // Three shots from 4: two makes reach 6, where the last is shot.
        let three = Scoring::Progressive {
            positions: 7,
            start: 4,
            attempts: 3,
            max: 10,
        };
        assert_eq!(three.score(&attempts("mm")).next_position, Some(6));
        let made = three.score(&attempts("mmm"));
        assert_eq!((made.value, made.over, made.next_position), (7, true, None));
        assert_eq!(three.score(&attempts("mmx")).value, 5);
        let bu = Scoring::bu_progressive();
        // 4 -> 5 -> 6 -> 7, two more made at 7 (a bonus each), three misses to 4, two makes to 6.
        assert_eq!(bu.score(&attempts("mmmmmxxxmm")).value, 6 + 2);
        assert_eq!(
            bu.score(&attempts("mmmmmmmmmm")).value,
            10,
            "7 + 7 bonuses, at most 10"
        );
        assert_eq!(
            bu.score(&attempts("xxxxxxxxxx")).value,
            1,
            "never below place 1"
        );
        assert_eq!(bu.score(&attempts("xxxx")).next_position, Some(1));
        assert!(!bu.score(&attempts("xxxx")).over);
    }

    #[test]
    fn points_and_runs_count_what_the_referee_gave() {
        let p = Scoring::Points {
            points: 2,
            attempts: 5,
        };
        let s = p.score(&attempts("mxmmx"));
        assert_eq!((s.value, s.max, s.over), (6, 10, true));
        assert!(!p.score(&attempts("mm")).over);
        // Attempts past the end do not count.
        assert_eq!(p.score(&attempts("mmmmmmmm")).value, 10);
        let run = Scoring::BallsRun { balls: 10 };
        let three = vec![
            Attempt {
                success: true,
                balls: 2,
            },
            Attempt {
                success: true,
                balls: 1,
            },
            Attempt {
                success: false,
                balls: 0,
            },
        ];
        let s = run.score(&three);
        assert_eq!((s.value, s.over), (3, true));
        assert!(!run.score(&three[..2]).over, "the run goes on");
        let race = Scoring::Race { to: 3 };
        let s = race.score(&attempts("mxmxxm"));
        assert_eq!((s.value, s.over), (2, true), "the ghost reached 3 first");
        assert_eq!(race.score(&attempts("mmxm")).value, 3);
        assert!(!race.score(&attempts("mxmx")).over);
    }

    #[test]
    fn a_scoring_out_of_its_bounds_is_refused_with_the_figure() {
        let bad = Scoring::Progressive {
            positions: 7,
            start: 9,
            attempts: 10,
            max: 10,
        };
        assert_eq!(bad.check().unwrap_err(), "start 9: from 1 to 7");
        assert!(Scoring::bu_progressive().check().is_ok());
        let e = Scoring::Points {
            points: 1,
            attempts: 0,
        }
        .check()
        .unwrap_err();
        assert!(e.starts_with("attempts 0"), "{e}");
        let parsed: Result<Scoring, _> =
            serde_json::from_str(r#"{"kind": "progressive", "positions": 7, "start": 4}"#);
        assert!(parsed.is_err(), "a missing figure is refused");
    }
}

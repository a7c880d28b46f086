//! The one bridge between the physics and the referee: a shot log and the layout before the
//! shot become the facts a referee needs, and `play_shot` plays a shot from a game state to a
//! ruling and the next state. Neither side knows the other's vocabulary; this module knows both.
//! It draws nothing, writes no file and decides no rule (the referee does).

use crate::physics::{BallEnd, Event, Layout, ShotLog, SimConfig, Strike, Touching, simulate};
use crate::referee::{
    BallAt, CUE, Call, CueBallFate, Declared, GameState, Judged, Pocketed, RailContact, RulesError,
    ShotFacts, Spotted,
};
use crate::table::Placed;

/// A fresh rack on the table, as the referee racks one ([`crate::referee::rack`]), with the
/// cue ball 5 cm behind the head string on the long string: the layout of a next rack, for the
/// game and for a scenario that plays past the end of one.
pub fn fresh_rack<R: rand::Rng + ?Sized>(
    t: &crate::table::Table,
    tightness: crate::referee::Tightness,
    rng: &mut R,
) -> Layout {
    let mut balls = crate::referee::rack(t, tightness, rng);
    balls.push(Placed {
        ball: CUE,
        at: crate::table::Point::new(t.head_string_x() - 0.05, 0.0),
    });
    balls.sort_by_key(|b| b.ball);
    Layout {
        table: t.size,
        balls,
    }
}

/// One fact of a shot, as one event of the log gives it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Moment {
    /// A ball lay frozen to a rail at the start.
    FrozenToRail(RailContact),
    /// The cue ball lay frozen to this object ball at the start.
    CueFrozenTo(u8),
    /// The first object ball the cue ball contacted.
    FirstContact(u8),
    /// A ball at a rail after the first contact.
    RailAfterContact(RailContact),
    /// The cue ball met a cushion before it touched any ball (a kick).
    CueRailBeforeContact,
    Pocketed(Pocketed),
    /// The cue ball pocketed or off the table.
    CueBall(CueBallFate),
    /// An object ball off the table.
    OffTable(u8),
}

/// What the referee saw, read off a shot log, with the time (s) of each: the one reading of the
/// events that the facts and the teaching's markers share.
///
/// - First contact: the first ball-ball contact of the cue ball that carried an impulse (a cue
///   ball frozen to a ball and shot into it counts; shot away from it, it does not).
/// - Rails after first contact: every cushion contact from then on; a ball frozen to a rail at
///   the start counts for that rail only if it left and came back (`returned`, from the
///   event's `from_start` being false).
/// - Pocketed balls in order, balls off the table, the cue ball's fate, balls frozen at the
///   start.
pub fn moments(log: &ShotLog) -> Vec<(f64, Moment)> {
    let mut out = Vec::new();
    let mut first_contact_time = None;
    for e in &log.events {
        let moment = match *e {
            Event::Frozen {
                ball,
                to: Touching::Rail(rail),
            } => Moment::FrozenToRail(RailContact {
                ball,
                rail,
                returned: false,
            }),
            Event::Frozen {
                ball: CUE,
                to: Touching::Ball(other),
            } => Moment::CueFrozenTo(other),
            Event::BallBall { t, a, b, .. }
                if first_contact_time.is_none() && (a == CUE || b == CUE) =>
            {
                first_contact_time = Some(t);
                Moment::FirstContact(if a == CUE { b } else { a })
            }
            Event::Cushion {
                t,
                ball,
                rail,
                from_start,
                ..
            } if first_contact_time.is_some_and(|t0| t >= t0) => {
                Moment::RailAfterContact(RailContact {
                    ball,
                    rail,
                    returned: !from_start,
                })
            }
            Event::Cushion {
                ball: CUE,
                from_start: false,
                ..
            } if first_contact_time.is_none() => Moment::CueRailBeforeContact,
            Event::Pocket {
                ball: CUE, pocket, ..
            } => Moment::CueBall(CueBallFate::Pocketed { pocket }),
            Event::Pocket { ball, pocket, .. } => Moment::Pocketed(Pocketed { ball, pocket }),
            Event::OffTable { ball: CUE, .. } => Moment::CueBall(CueBallFate::OffTable),
            Event::OffTable { ball, .. } => Moment::OffTable(ball),
            _ => continue,
        };
        out.push((e.time(), moment));
    }
    out
}

/// The facts the log gives up to time `until` (s): the [`moments`] so far, without where the
/// shot began, what was declared or the places at rest (the balls may still be moving).
pub fn facts_until(log: &ShotLog, until: f64) -> ShotFacts {
    facts_of_moments(&moments(log), until)
}

/// The facts the [`moments`] give up to time `until` (s), as [`facts_until`].
pub fn facts_of_moments(moments: &[(f64, Moment)], until: f64) -> ShotFacts {
    let mut facts = ShotFacts::default();
    for &(_, m) in moments.iter().filter(|(t, _)| *t <= until) {
        match m {
            Moment::FrozenToRail(c) => facts.frozen_to_rail.push(c),
            Moment::CueFrozenTo(b) => facts.cue_frozen_to = Some(b),
            Moment::FirstContact(b) => facts.first_contact = Some(b),
            Moment::RailAfterContact(c) => facts.rail_contacts.push(c),
            Moment::CueRailBeforeContact => facts.cue_rails_before_contact += 1,
            Moment::Pocketed(p) => facts.pocketed.push(p),
            Moment::CueBall(fate) => facts.cue_ball = fate,
            Moment::OffTable(b) => facts.off_table.push(b),
        }
    }
    facts
}

/// What the referee saw, read off a shot log: the whole shot's [`moments`], and where each
/// ball came to rest.
pub fn facts_from_log(layout: &Layout, log: &ShotLog, declared: &[Declared]) -> ShotFacts {
    let mut facts = ShotFacts {
        cue_ball_start: layout.balls.iter().find(|b| b.ball == CUE).map(|b| b.at),
        declared: declared.to_vec(),
        ..facts_until(log, f64::INFINITY)
    };
    facts.rest = log
        .end
        .iter()
        .filter_map(|e| match *e {
            BallEnd::OnTable { ball, at } => Some(BallAt {
                ball,
                x: at.x,
                y: at.y,
            }),
            _ => None,
        })
        .collect();
    facts
}

/// A shot played from a game state.
#[derive(Debug, Clone)]
pub struct PlayedShot {
    pub log: ShotLog,
    pub facts: ShotFacts,
    pub judged: Judged,
    /// The balls on the table afterwards: where they came to rest, the 10 where it was spotted;
    /// the cue ball is absent when it was pocketed or left the table (it is in hand).
    pub layout: Layout,
}

/// Why a shot could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    #[error("{0}")]
    Layout(#[from] crate::physics::LayoutError),
    #[error("{0}")]
    Rules(#[from] RulesError),
    #[error("the layout does not match the state: {0}")]
    Mismatch(String),
}

/// Plays one shot: simulates the strike from the layout, reads the facts, and asks the referee.
/// The game, the batch runs and the teaching scenarios all go through here.
pub fn play_shot(
    state: &GameState,
    layout: &Layout,
    call: &Call,
    strike: &Strike,
    declared: &[Declared],
    cfg: &SimConfig,
) -> Result<PlayedShot, PlayError> {
    let on_layout = layout.object_balls();
    let on_table: Vec<u8> = state.on_table.iter().collect();
    if on_layout != on_table {
        return Err(PlayError::Mismatch(format!(
            "the state has balls {on_table:?} on the table, the layout {on_layout:?}"
        )));
    }
    let log = simulate(layout, strike, cfg)?;
    let facts = facts_from_log(layout, &log, declared);
    let judged = state.judge(call, &facts)?;
    let mut balls: Vec<Placed> = facts
        .rest
        .iter()
        .filter(|b| b.ball == CUE || judged.state.on_table.contains(b.ball))
        .map(|b| Placed {
            ball: b.ball,
            at: b.point(),
        })
        .collect();
    if let Some(Spotted { ball, at }) = judged.ruling.spotted {
        balls.retain(|b| b.ball != ball);
        balls.push(Placed { ball, at });
    }
    balls.sort_by_key(|b| b.ball);
    Ok(PlayedShot {
        log,
        facts,
        judged,
        layout: Layout {
            table: layout.table,
            balls,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::physics::Event as E;
    use crate::table::{Pocket, Point, Rail, TableSize};

    fn log(events: Vec<Event>, end: Vec<BallEnd>) -> ShotLog {
        ShotLog {
            strike: Strike::new(0.0, 1.0),
            events,
            end,
            paths: vec![],
            steps: 0,
            solver_steps: 0,
            duration: 1.0,
        }
    }

    fn layout() -> Layout {
        Layout {
            table: TableSize::NineFoot,
            balls: vec![
                Placed {
                    ball: 0,
                    at: Point::new(-0.8, 0.0),
                },
                Placed {
                    ball: 3,
                    at: Point::new(1.2, 0.0),
                },
            ],
        }
    }

    fn cushion(t: f64, ball: u8, rail: Rail, from_start: bool) -> Event {
        E::Cushion {
            t,
            ball,
            rail,
            impulse: 0.1,
            from_start,
        }
    }

    #[test]
    fn first_contact_is_the_cue_balls_first_real_contact_and_rails_count_after_it() {
        let l = log(
            vec![
                cushion(0.1, 0, Rail::LeftHead, false),
                E::BallBall {
                    t: 0.3,
                    a: 2,
                    b: 5,
                    impulse: 0.2,
                    from_start: false,
                },
                E::BallBall {
                    t: 0.5,
                    a: 0,
                    b: 3,
                    impulse: 0.4,
                    from_start: false,
                },
                cushion(0.7, 3, Rail::Foot, false),
                E::Pocket {
                    t: 0.9,
                    ball: 3,
                    pocket: Pocket::FootLeft,
                },
            ],
            vec![
                BallEnd::OnTable {
                    ball: 0,
                    at: Point::new(0.1, 0.2),
                },
                BallEnd::Pocketed {
                    ball: 3,
                    pocket: Pocket::FootLeft,
                },
            ],
        );
        let f = facts_from_log(&layout(), &l, &[]);
        assert_eq!(f.first_contact, Some(3));
        assert_eq!(
            f.rail_contacts,
            vec![RailContact {
                ball: 3,
                rail: Rail::Foot,
                returned: true
            }]
        );
        assert_eq!(
            f.pocketed,
            vec![Pocketed {
                ball: 3,
                pocket: Pocket::FootLeft
            }]
        );
        assert_eq!(f.cue_ball, CueBallFate::OnTable);
        assert_eq!(f.cue_ball_start, Some(Point::new(-0.8, 0.0)));
        assert_eq!(
            f.rest,
            vec![BallAt {
                ball: 0,
                x: 0.1,
                y: 0.2
            }]
        );
    }

    #[test]
    fn a_ball_frozen_to_a_rail_counts_only_if_it_left_and_came_back() {
        let events = |from_start| {
            vec![
                E::Frozen {
                    ball: 3,
                    to: Touching::Rail(Rail::Foot),
                },
                E::BallBall {
                    t: 0.5,
                    a: 0,
                    b: 3,
                    impulse: 0.4,
                    from_start: false,
                },
                cushion(0.5, 3, Rail::Foot, from_start),
            ]
        };
        let state = GameState {
            on_table: [3, 10].into_iter().collect(),
            phase: crate::referee::Phase::Shot {
                shooter: crate::referee::PlayerId::A,
                cue_ball: crate::referee::CueBall::AsItLies,
                push_out: false,
            },
            ..GameState::with_breaker(
                Default::default(),
                TableSize::NineFoot,
                crate::referee::PlayerId::A,
            )
        };
        let call = Call::Ball {
            ball: 3,
            pocket: Pocket::FootLeft,
        };
        // Pushed into the rail it lay against: no rail (7.3).
        let pushed = facts_from_log(&layout(), &log(events(true), vec![]), &[]);
        assert_eq!(pushed.frozen_to_rail.len(), 1);
        let r = state.judge(&call, &pushed).unwrap().ruling;
        assert_eq!(
            r.fouls.iter().map(|f| f.rule.as_str()).collect::<Vec<_>>(),
            ["7.3"]
        );
        // Left it and came back: driven to it.
        let returned = facts_from_log(&layout(), &log(events(false), vec![]), &[]);
        assert!(state.judge(&call, &returned).unwrap().ruling.legal);
    }

    #[test]
    fn cue_ball_fate_and_off_table_balls_come_from_their_events() {
        let l = log(
            vec![
                E::Frozen {
                    ball: 0,
                    to: Touching::Ball(3),
                },
                E::BallBall {
                    t: 0.01,
                    a: 0,
                    b: 3,
                    impulse: 0.4,
                    from_start: true,
                },
                E::OffTable { t: 0.4, ball: 3 },
                E::Pocket {
                    t: 0.9,
                    ball: 0,
                    pocket: Pocket::SideRight,
                },
            ],
            vec![],
        );
        let f = facts_from_log(&layout(), &l, &[Declared::PushShot]);
        assert_eq!(f.cue_frozen_to, Some(3));
        assert_eq!(
            f.first_contact,
            Some(3),
            "shot into the frozen ball counts as contact"
        );
        assert_eq!(f.off_table, vec![3]);
        assert_eq!(
            f.cue_ball,
            CueBallFate::Pocketed {
                pocket: Pocket::SideRight
            }
        );
        assert_eq!(f.declared, vec![Declared::PushShot]);
        let missed = facts_from_log(
            &layout(),
            &log(
                vec![E::Frozen {
                    ball: 0,
                    to: Touching::Ball(3),
                }],
                vec![],
            ),
            &[],
        );
        assert_eq!(
            missed.first_contact, None,
            "shot away from the frozen ball is no contact"
        );
    }
}

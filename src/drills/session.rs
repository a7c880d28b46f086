//! A drill being played: the position of the stroke due ([`Due`]), each stroke played through
//! `adapter::play_shot` and what it came to, read from the physics (where the balls stopped)
//! and the referee's ruling (legal, made, the table kept), and the score so far. Who plays
//! (a person in the game, a computer level in `drill rate`) gives the strokes; the session
//! decides nothing that the physics or the referee decides.

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::file::{Cue, Drill, Goal, Play};
use super::scoring::{Attempt, Score};
use crate::adapter::{PlayedShot, play_shot};
use crate::computer::{Level, put_cue_ball, stays_or_wins};
use crate::physics::{Equipment, Layout, SimConfig, Strike};
use crate::referee::{BallSet, Call, CueBall, GameState, InHand, Phase, PlayerId, Rules, rack};
use crate::table::{Placed, Point};

/// The player of every drill stroke (the ghost never plays).
pub const PLAYER: PlayerId = PlayerId::A;

/// The most strokes a rack of a run or of the ghost may take before it is called lost (a
/// stalemate of safeties cannot happen: the drills call no safeties in a run).
pub const MAX_STROKES_A_RACK: u32 = 60;

/// The stroke due: the referee's state, the balls (the cue ball absent while in hand), where
/// the cue ball may be placed, and for a progressive drill its place.
#[derive(Debug, Clone)]
pub struct Due {
    pub state: GameState,
    pub layout: Layout,
    pub in_hand: Option<InHand>,
    /// The progressive drill's place of the cue ball (1 is the nearest).
    pub place: Option<u32>,
    /// The attempt this stroke belongs to, from 1.
    pub attempt: usize,
    /// Strokes of this attempt played before this one.
    pub stroke: u32,
    /// The call the drill asks for (a shot drill's ball and pocket, a safety, the break);
    /// none where the player calls (a run, the ghost, a ball without its pocket).
    pub call: Option<Call>,
}

/// A stroke as a player gives it: where the cue ball goes when in hand, the call, the strike
/// as played (any execution error already in it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    pub place: Option<Point>,
    pub call: Call,
    pub strike: Strike,
}

/// What a stroke came to: the shot as played, the attempt it ended (a run's every stroke, a
/// ghost rack's last), and a line saying why.
#[derive(Debug, Clone)]
pub struct Played {
    pub shot: PlayedShot,
    /// The balls as the stroke was played from (the cue ball placed).
    pub from: Layout,
    pub attempt: Option<Attempt>,
    pub words: String,
}

/// A drill being played with `seed` (the drawn positions, racks and breaks).
#[derive(Debug, Clone)]
pub struct Session {
    drill: Drill,
    seed: u64,
    equipment: Equipment,
    outcomes: Vec<Attempt>,
    due: Option<Due>,
}

impl Session {
    /// A session of `drill` from `seed`; refused when the drill's position cannot be set up
    /// (a drawn ball with no room in its zone).
    pub fn new(drill: Drill, seed: u64, equipment: Equipment) -> Result<Session, String> {
        let mut s = Session {
            drill,
            seed,
            equipment,
            outcomes: Vec::new(),
            due: None,
        };
        s.due = s.next_due()?;
        Ok(s)
    }

    /// The session of `seed` taken up after the attempts `outcomes` (a session a crash or a
    /// quit left unfinished): the next attempt's position is the one the session would have
    /// given. A run cannot be taken up mid-rack (its balls are where its strokes left them).
    pub fn resume(
        drill: Drill,
        seed: u64,
        equipment: Equipment,
        outcomes: &[Attempt],
    ) -> Result<Session, String> {
        if matches!(drill.play, Play::Run { .. }) && !outcomes.is_empty() {
            return Err("a run cannot be taken up mid-rack: play it again".into());
        }
        let mut s = Session::new(drill, seed, equipment)?;
        s.outcomes = outcomes.to_vec();
        s.due = s.next_due()?;
        Ok(s)
    }

    pub fn drill(&self) -> &Drill {
        &self.drill
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The stroke due, none when the drill is over.
    pub fn due(&self) -> Option<&Due> {
        self.due.as_ref()
    }

    pub fn outcomes(&self) -> &[Attempt] {
        &self.outcomes
    }

    pub fn score(&self) -> Score {
        self.drill.scoring.score(&self.outcomes)
    }

    /// Plays `stroke` from the position due and records what it came to: refused (nothing
    /// changes) when the drill is over, the cue ball's place is missing or not allowed, or the
    /// call is not the drill's. The shot keeps its paths (for drawing it).
    pub fn play(&mut self, stroke: &Stroke) -> Result<Played, String> {
        let cfg = SimConfig {
            equipment: self.equipment,
            ..SimConfig::default()
        };
        self.play_on(stroke, &cfg)
    }

    /// [`Session::play`] on `cfg` (the game's, whose paths are sampled for its playback).
    pub fn play_on(&mut self, stroke: &Stroke, cfg: &SimConfig) -> Result<Played, String> {
        let played = self.trial(stroke, cfg)?;
        let due = self.due.clone().ok_or("the drill is over")?;
        self.after(&due, &played)?;
        Ok(played)
    }

    /// What `stroke` would come to from the position due, on `cfg`, recording nothing: the
    /// computer's levels try their strokes with it.
    pub fn trial(&self, stroke: &Stroke, cfg: &SimConfig) -> Result<Played, String> {
        let due = self.due.as_ref().ok_or("the drill is over")?;
        let from = placed(due, stroke.place)?;
        if let Some(c) = due.call
            && c != stroke.call
        {
            return Err(format!("this drill asks for {}", call_words(&c)));
        }
        if let (Play::Shot { goal, .. }, Call::Ball { ball, .. }) = (&self.drill.play, stroke.call)
            && let Some(m) = goal.make
            && m.ball != ball
        {
            return Err(format!("this drill asks for the {} to be made", m.ball));
        }
        let shot = play_shot(&due.state, &from, &stroke.call, &stroke.strike, &[], cfg)
            .map_err(|e| e.to_string())?;
        let (attempt, words) = self.judge(due, &shot, &stroke.call);
        Ok(Played {
            shot,
            from,
            attempt,
            words,
        })
    }

    /// The equipment the session plays on.
    pub fn equipment(&self) -> &Equipment {
        &self.equipment
    }

    /// What the stroke came to for the drill.
    fn judge(&self, due: &Due, shot: &PlayedShot, call: &Call) -> (Option<Attempt>, String) {
        let r = &shot.judged.ruling;
        let kept = stays_or_wins(r, PLAYER);
        let cue_at = shot.layout.balls.iter().find(|b| b.ball == 0).map(|b| b.at);
        match &self.drill.play {
            Play::Shot { goal, .. } => {
                let (success, words) = goal_met(goal, shot, call, cue_at, &self.drill);
                (Some(Attempt { success, balls: 0 }), words)
            }
            Play::Break { cue_stops_in } => {
                let made = !shot.facts.pocketed.is_empty();
                let zone_ok = cue_stops_in.is_none_or(|z| cue_at.is_some_and(|p| z.contains(p)));
                let success = r.legal && made && zone_ok;
                let words = format!(
                    "{}{}{}",
                    ruling_words(shot),
                    if made { "" } else { "; nothing made" },
                    match (cue_stops_in, cue_at) {
                        (Some(_), None) => "; the cue ball is off the table".to_string(),
                        (Some(z), Some(p)) if !z.contains(p) => {
                            format!(
                                "; the cue ball stopped at ({:.2}, {:.2}), outside its zone",
                                p.x, p.y
                            )
                        }
                        (Some(_), Some(_)) => "; the cue ball stopped in its zone".into(),
                        _ => String::new(),
                    }
                );
                (
                    Some(Attempt {
                        success,
                        balls: u32::from(made),
                    }),
                    words,
                )
            }
            Play::Run { .. } => {
                let before = due.state.on_table.len() as u32;
                let after = shot.judged.state.on_table.len() as u32;
                let won = r.rack_result.is_some() && kept;
                let balls = if won {
                    before
                } else if kept {
                    before.saturating_sub(after)
                } else {
                    0
                };
                // The first stroke also counts what the break took off the table.
                let balls = if self.outcomes.is_empty() {
                    balls + 10 - before
                } else {
                    balls
                };
                (
                    Some(Attempt {
                        success: kept,
                        balls,
                    }),
                    ruling_words(shot),
                )
            }
            Play::Ghost { in_hand } => {
                let won = r.rack_result.is_some() && kept;
                if *call == Call::Break && *in_hand && r.rack_result.is_none() {
                    // The usual form: whatever the break did, ball in hand follows.
                    (None, ruling_words(shot))
                } else if won {
                    (
                        Some(Attempt {
                            success: true,
                            balls: 0,
                        }),
                        format!("{}; the rack is yours", ruling_words(shot)),
                    )
                } else if !kept || due.stroke + 1 >= MAX_STROKES_A_RACK {
                    (
                        Some(Attempt {
                            success: false,
                            balls: 0,
                        }),
                        format!("{}; the ghost wins the rack", ruling_words(shot)),
                    )
                } else {
                    (None, ruling_words(shot))
                }
            }
        }
    }

    /// Records the stroke's outcome and sets up the next stroke.
    fn after(&mut self, due: &Due, played: &Played) -> Result<(), String> {
        let r = &played.shot.judged.ruling;
        match (&self.drill.play, played.attempt) {
            (Play::Run { .. }, Some(a)) => {
                self.outcomes.push(a);
                if self.score().over || r.rack_result.is_some() {
                    self.due = None;
                } else {
                    self.due = Some(Due {
                        state: played.shot.judged.state.clone(),
                        layout: played.shot.layout.clone(),
                        in_hand: None,
                        attempt: due.attempt + 1,
                        stroke: due.stroke + 1,
                        ..due.clone()
                    });
                }
            }
            (Play::Ghost { in_hand }, None) => {
                // The rack goes on: the next stroke from where the balls stopped, or, after
                // the break in the usual form, with the cue ball in hand.
                let mut state = shooting(&played.shot.judged.state, CueBall::AsItLies);
                let mut layout = played.shot.layout.clone();
                let mut hand = None;
                if matches!(due.call, Some(Call::Break)) && *in_hand {
                    state = shooting(&state, CueBall::InHand);
                    layout.balls.retain(|b| b.ball != 0);
                    hand = Some(InHand::Anywhere);
                }
                self.due = Some(Due {
                    state,
                    layout,
                    in_hand: hand,
                    call: None,
                    stroke: due.stroke + 1,
                    ..due.clone()
                });
            }
            (_, Some(a)) => {
                self.outcomes.push(a);
                self.due = self.next_due()?;
            }
            (_, None) => self.due = self.next_due()?,
        }
        Ok(())
    }

    /// The position of the next attempt's first stroke; none when the drill is over.
    fn next_due(&self) -> Result<Option<Due>, String> {
        if self.score().over {
            return Ok(None);
        }
        let attempt = self.outcomes.len() + 1;
        let table = self.drill.table;
        let mut rng = StdRng::seed_from_u64(crate::batch::break_seed(self.seed, attempt as u64));
        let base = GameState::with_breaker(Rules::default(), table, PLAYER);
        let due = match &self.drill.play {
            Play::Shot {
                balls,
                cue,
                drawn,
                goal,
            } => {
                let mut layout = Layout {
                    table,
                    balls: balls.clone(),
                };
                let place = self.score().next_position;
                let cue_at = match cue {
                    Cue::At(p) => Some(*p),
                    Cue::Places(p) => place.map(|k| p[k as usize - 1]),
                    Cue::InHand => None,
                };
                if let Some(p) = cue_at {
                    put_cue_ball(&mut layout, p);
                }
                for d in drawn {
                    let p = draw_clear(&layout, d, &mut rng).ok_or_else(|| {
                        format!(
                            "ball {} finds no room in its zone ({}) after 200 draws",
                            d.ball,
                            d.zone.words()
                        )
                    })?;
                    layout.balls.push(Placed {
                        ball: d.ball,
                        at: p,
                    });
                }
                let on: BallSet = layout
                    .balls
                    .iter()
                    .map(|b| b.ball)
                    .filter(|&b| b != 0)
                    .collect();
                let in_hand = !layout.balls.iter().any(|b| b.ball == 0);
                let state = GameState {
                    on_table: on,
                    ..shooting(
                        &base,
                        if in_hand {
                            CueBall::InHand
                        } else {
                            CueBall::AsItLies
                        },
                    )
                };
                Due {
                    state,
                    layout,
                    in_hand: in_hand.then_some(InHand::Anywhere),
                    place,
                    attempt,
                    stroke: 0,
                    call: goal_call(goal),
                }
            }
            Play::Break { .. } | Play::Ghost { .. } => Due {
                layout: Layout {
                    table,
                    balls: rack(&table.spec(), self.drill.rack, &mut rng),
                },
                state: base,
                in_hand: Some(InHand::Kitchen),
                place: None,
                attempt,
                stroke: 0,
                call: Some(Call::Break),
            },
            Play::Run { balls } if !balls.is_empty() => Due {
                state: GameState {
                    on_table: balls.iter().map(|b| b.ball).collect(),
                    ..shooting(&base, CueBall::InHand)
                },
                layout: Layout {
                    table,
                    balls: balls.clone(),
                },
                in_hand: Some(InHand::Anywhere),
                place: None,
                attempt,
                stroke: 0,
                call: None,
            },
            Play::Run { .. } => self.after_simulator_break(&base, &mut rng, attempt)?,
        };
        Ok(Some(due))
    }

    /// A run's start on the balls a break of the simulator left: a rack and the computer's
    /// break (its sweep's place, the pros' speed, the top level's hands) drawn from the seed,
    /// broken again until the 10 and another ball are left; then ball in hand.
    fn after_simulator_break(
        &self,
        base: &GameState,
        rng: &mut StdRng,
        attempt: usize,
    ) -> Result<Due, String> {
        let table = self.drill.table;
        for _ in 0..20 {
            let mut layout = Layout {
                table,
                balls: rack(&table.spec(), self.drill.rack, rng),
            };
            let place = crate::computer::break_place(table);
            let crate::computer::Decision::Stroke { call, strike, .. } =
                crate::computer::break_from(
                    base,
                    &layout,
                    place,
                    crate::physics::params::PRO_SPEED,
                )
            else {
                continue;
            };
            put_cue_ball(&mut layout, place);
            let strike = Level::Level(5)
                .noise()
                .apply(strike, table.spec().ball_radius, rng);
            let cfg = crate::computer::sample_config(&self.equipment);
            let Ok(shot) = play_shot(base, &layout, &call, &strike, &[], &cfg) else {
                continue;
            };
            let state = shot.judged.state;
            if state.on_table.len() < 2
                || !matches!(state.phase, Phase::Shot { .. } | Phase::Choice { .. })
            {
                continue;
            }
            let mut layout = shot.layout;
            layout.balls.retain(|b| b.ball != 0);
            return Ok(Due {
                state: shooting(&state, CueBall::InHand),
                layout,
                in_hand: Some(InHand::Anywhere),
                place: None,
                attempt,
                stroke: 0,
                call: None,
            });
        }
        Err("twenty breaks in a row left too little to run".into())
    }
}

/// `state` with the player to shoot next, the cue ball as `cue`, no push out.
fn shooting(state: &GameState, cue: CueBall) -> GameState {
    GameState {
        phase: Phase::Shot {
            shooter: PLAYER,
            cue_ball: cue,
            push_out: false,
        },
        ..state.clone()
    }
}

/// The layout of the stroke: the cue ball put where the player placed it when in hand.
fn placed(due: &Due, place: Option<Point>) -> Result<Layout, String> {
    let mut layout = due.layout.clone();
    let t = layout.table.spec();
    match (due.in_hand, place) {
        (None, None) => {}
        (None, Some(_)) => return Err("the cue ball is not in hand".into()),
        (Some(_), None) => return Err("the cue ball is in hand: say where it goes".into()),
        (Some(h), Some(p)) => {
            if h == InHand::Kitchen && !t.in_kitchen(p) {
                return Err(format!(
                    "({:.3}, {:.3}) is not in the kitchen (behind the head string, x < {:.3})",
                    p.x,
                    p.y,
                    t.head_string_x()
                ));
            }
            put_cue_ball(&mut layout, p);
        }
    }
    crate::physics::check_layout(&layout, &t).map_err(|e| e.to_string())?;
    Ok(layout)
}

/// A drawn ball's place, clear of the balls placed so far; none after 200 draws.
fn draw_clear(layout: &Layout, d: &super::file::Drawn, rng: &mut StdRng) -> Option<Point> {
    let t = layout.table.spec();
    (0..200)
        .map(|_| d.zone.draw(rng))
        .find(|&p| t.on_bed(p) && layout.balls.iter().all(|b| !t.overlap(b.at, p)))
}

/// The call a shot drill asks for: its ball and pocket, or a safety; none when the player
/// chooses the pocket.
fn goal_call(goal: &Goal) -> Option<Call> {
    if goal.safety {
        return Some(Call::Safety);
    }
    let m = goal.make?;
    Some(Call::Ball {
        ball: m.ball,
        pocket: m.pocket?,
    })
}

/// Whether a shot drill's stroke met its goal, with a line that says what fell short.
fn goal_met(
    goal: &Goal,
    shot: &PlayedShot,
    call: &Call,
    cue_at: Option<Point>,
    drill: &Drill,
) -> (bool, String) {
    let r = &shot.judged.ruling;
    let t = drill.table.spec();
    let mut words = vec![ruling_words(shot)];
    let mut ok = r.legal;
    if goal.make.is_some()
        && let Call::Ball { ball, pocket } = *call
    {
        let made = crate::computer::made_call(shot, ball, pocket, PLAYER);
        ok &= made;
    }
    if let Some(z) = goal.cue_stops_in {
        match cue_at {
            Some(p) if z.contains(p) => words.push("the cue ball stopped in its zone".into()),
            Some(p) => {
                ok = false;
                words.push(format!(
                    "the cue ball stopped at ({:.2}, {:.2}), outside its zone",
                    p.x, p.y
                ));
            }
            None => ok = false,
        }
    }
    if let Some(s) = goal.leaves_shot {
        let cut = cue_at.and_then(|c| crate::computer::open_cut(&t, &shot.layout, c, s.ball));
        match cut {
            Some((p, deg)) if deg <= s.max_cut_deg => words.push(format!(
                "the {} is left a {deg:.0} degree cut into the {}",
                s.ball,
                p.name()
            )),
            _ => {
                ok = false;
                words.push(format!(
                    "no cut of {} degrees or less left on the {}",
                    s.max_cut_deg, s.ball
                ));
            }
        }
    }
    if let Some(s) = goal.leaves_no_shot {
        let on = shot.judged.state.ball_on();
        let cut = cue_at.and_then(|c| crate::computer::open_cut(&t, &shot.layout, c, on));
        match cut {
            Some((p, deg)) if deg <= s.max_cut_deg => {
                ok = false;
                words.push(format!(
                    "the opponent has a {deg:.0} degree cut on the {on} into the {}",
                    p.name()
                ));
            }
            _ => words.push(format!("no open cut on the {on} for the opponent")),
        }
    }
    (ok, words.join("; "))
}

/// The ruling in a few words: what was made or the foul with its rule.
fn ruling_words(shot: &PlayedShot) -> String {
    let r = &shot.judged.ruling;
    if let Some(f) = r.fouls.first() {
        return format!("foul ({}): {}", f.rule, f.text);
    }
    let made: Vec<String> = shot
        .facts
        .pocketed
        .iter()
        .map(|p| format!("the {} in the {}", p.ball, p.pocket.name()))
        .collect();
    if made.is_empty() {
        "legal, nothing made".into()
    } else {
        format!("legal, made {}", made.join(" and "))
    }
}

fn call_words(c: &Call) -> String {
    match c {
        Call::Break => "the break".into(),
        Call::Safety => "a safety".into(),
        Call::PushOut => "a push out".into(),
        Call::Ball { ball, pocket } => format!("the {ball} in the {}", pocket.name()),
    }
}

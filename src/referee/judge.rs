//! The referee's decisions: a shot (call and facts) applied to a state gives a ruling and the
//! next state; choices, the lag and the stalemate warning move the state too. Every change of
//! state goes through here, and every ruling names the rule that decided it.

use thiserror::Error;

use super::lag::{LagShot, lag_winner};
use super::ruling::{RackResult, Ruling, WinReason};
use super::shot::{CUE, Call, CueBallFate, ShotFacts, list};
use super::state::{
    BallSet, BreakOrder, CueBall, FoulCount, GameState, Phase, PlayerId, TableChoice,
};
use super::steps::Verdict;

/// A shot, choice or call that the state does not allow, or facts that contradict it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RulesError {
    #[error("no shot is due: {0}")]
    NotAShot(String),
    #[error("call not allowed: {0}")]
    BadCall(String),
    #[error("facts do not fit the table: {0}")]
    BadFacts(String),
    #[error("no choice is due: {0}")]
    NotAChoice(String),
    #[error("not allowed now: {0}")]
    NotNow(String),
    #[error("the state does not hold together: {0}")]
    BadState(String),
}

/// A ruling and the state after it.
#[derive(Debug, Clone)]
pub struct Judged {
    pub ruling: Ruling,
    pub state: GameState,
}

/// What kind of stroke this is, from the phase and the call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum StrokeKind {
    Break,
    PushOut,
    Safety,
    Called {
        ball: u8,
        pocket: crate::table::Pocket,
    },
    /// A shot whose announcement the rules did not allow: ruled as played, with nothing called.
    Uncalled,
}

fn describe_phase(phase: &Phase) -> String {
    match phase {
        Phase::Lag => "the players must lag first".into(),
        Phase::ChooseBreaker { chooser } => format!("{chooser} must choose who breaks"),
        Phase::Choice { chooser, .. } => {
            format!("{chooser} must first choose who plays from the position")
        }
        Phase::MatchOver { winner } => format!("the match is over, won by {winner}"),
        Phase::Break { .. } | Phase::Shot { .. } => "a shot is due".into(),
    }
}

impl GameState {
    /// Judge one shot: the call and what happened. Returns the ruling and the next state.
    /// The steps (pooltool's ruleset, one named call each, in `steps.rs`): what kind of stroke,
    /// the fouls, the balls that leave, what follows a foul or a legal stroke of its kind, the
    /// 10 spotted, the inning; the ruling is read off the verdict they build.
    pub fn judge(&self, call: &Call, facts: &ShotFacts) -> Result<Judged, RulesError> {
        self.validate().map_err(RulesError::BadState)?;
        let (shooter, stroke, not_counted) = self.stroke(call)?;
        self.check_facts(facts)?;
        let found = self.fouls(stroke, facts);
        let balls = self.balls_after(facts);
        let mut v = Verdict::new(self, &balls);
        v.ignored.extend(found.ignored.iter().cloned());
        if let Some(why) = &not_counted {
            v.say(format!(
                "The announcement did not count: {why}; the shot is ruled as it was played."
            ));
            v.ignored.push(format!("the announcement: {why}"));
        }
        if found.fouls.is_empty() {
            self.after_legal(&mut v, shooter, stroke, facts);
        } else {
            self.after_foul(&mut v, shooter, &found);
            if !balls.stay_down.is_empty() {
                v.say(format!(
                    "{} pocketed and {} down: only the 10 is spotted (5.10, 5.9).",
                    ball_words(&balls.stay_down),
                    if balls.stay_down.len() == 1 {
                        "stays"
                    } else {
                        "stay"
                    }
                ));
            }
        }
        self.spot_ten_if_due(&mut v, facts, &balls);
        v.advance_inning(shooter);
        v.warn_if_due();
        let legal = found.fouls.is_empty();
        v.into_judged(self, shooter, call, legal, found.fouls, balls)
    }

    /// The incoming player's choice after a push out (5.4) or a wrongly pocketed ball (5.6, 5.7).
    pub fn choose(&self, choice: TableChoice) -> Result<GameState, RulesError> {
        self.validate().map_err(RulesError::BadState)?;
        let Phase::Choice { chooser, .. } = self.phase else {
            return Err(RulesError::NotAChoice(describe_phase(&self.phase)));
        };
        let mut next = self.clone();
        let shooter = match choice {
            TableChoice::PlayTable => chooser,
            TableChoice::HandBack => chooser.other(),
        };
        next.phase = next.shot_for(shooter);
        next.warn_if_due();
        Ok(next)
    }

    /// The lag (1.2): the winner chooses who breaks; both bad or a tie, lag again.
    pub fn lag(&self, a: LagShot, b: LagShot) -> Result<(Option<PlayerId>, GameState), RulesError> {
        self.validate().map_err(RulesError::BadState)?;
        if self.phase != Phase::Lag {
            return Err(RulesError::NotNow(format!(
                "no lag is due: {}",
                describe_phase(&self.phase)
            )));
        }
        for (who, shot) in [("A", a), ("B", b)] {
            if !(shot.distance.is_finite() && shot.distance >= 0.0) {
                return Err(RulesError::BadFacts(format!(
                    "lag of player {who}: the distance from the head cushion is at least 0 m, got {}",
                    crate::echo::number(shot.distance)
                )));
            }
        }
        let winner = lag_winner(a, b);
        let mut next = self.clone();
        if let Some(chooser) = winner {
            next.phase = Phase::ChooseBreaker { chooser };
        }
        Ok((winner, next))
    }

    /// The lag winner names the first breaker.
    pub fn choose_breaker(&self, breaker: PlayerId) -> Result<GameState, RulesError> {
        self.validate().map_err(RulesError::BadState)?;
        let Phase::ChooseBreaker { .. } = self.phase else {
            return Err(RulesError::NotNow(format!(
                "no breaker to choose: {}",
                describe_phase(&self.phase)
            )));
        };
        let mut next = self.clone();
        next.new_rack(breaker);
        Ok(next)
    }

    /// The referee's stalemate warning (1.12): each player gets a number of innings more.
    pub fn warn_stalemate(&self) -> Result<GameState, RulesError> {
        self.validate().map_err(RulesError::BadState)?;
        match self.phase {
            Phase::Shot { .. } | Phase::Choice { .. } if self.stalemate.is_none() => {
                let mut next = self.clone();
                let n = self.rules.stalemate_innings.max(1);
                next.stalemate = Some([n, n]);
                Ok(next)
            }
            _ => Err(RulesError::NotNow(
                "a stalemate warning is given once, during a rack after the break".into(),
            )),
        }
    }

    /// Who shoots, with what, and with which call allowed.
    /// The stroke the call makes of this shot. A shot that was played is always ruled on: an
    /// announcement the rules do not allow now does not count (the reason is returned), and
    /// the shot is ruled as played: as the break on the break, else with nothing called.
    fn stroke(&self, call: &Call) -> Result<(PlayerId, StrokeKind, Option<String>), RulesError> {
        let uncalled = |shooter, why: String| Ok((shooter, StrokeKind::Uncalled, Some(why)));
        match (self.phase, call) {
            (Phase::Break { breaker }, Call::Break) => Ok((breaker, StrokeKind::Break, None)),
            (Phase::Break { breaker }, _) => Ok((
                breaker,
                StrokeKind::Break,
                Some("nothing is called on the break (5.3)".into()),
            )),
            (Phase::Shot { shooter, .. }, Call::Break) => {
                uncalled(shooter, "the break is over".into())
            }
            (
                Phase::Shot {
                    shooter,
                    push_out: false,
                    ..
                },
                Call::PushOut,
            ) => uncalled(
                shooter,
                "a push out is only allowed on the first shot after a foul-free break (5.4)".into(),
            ),
            (Phase::Shot { shooter, .. }, Call::PushOut) => {
                Ok((shooter, StrokeKind::PushOut, None))
            }
            (Phase::Shot { shooter, .. }, Call::Safety) if !self.rules.safety_call => {
                uncalled(shooter, "this edition has no safety call".into())
            }
            (Phase::Shot { shooter, .. }, Call::Safety) => Ok((shooter, StrokeKind::Safety, None)),
            (Phase::Shot { shooter, .. }, &Call::Ball { ball, pocket }) => {
                if !self.on_table.contains(ball) {
                    return uncalled(shooter, format!("the called {ball} is not on the table"));
                }
                Ok((shooter, StrokeKind::Called { ball, pocket }, None))
            }
            (phase, _) => Err(RulesError::NotAShot(describe_phase(&phase))),
        }
    }

    /// The facts must speak of balls that were on the table, each once.
    fn check_facts(&self, f: &ShotFacts) -> Result<(), RulesError> {
        let bad = |m: String| Err(RulesError::BadFacts(m));
        let on = |b: u8| self.on_table.contains(b);
        if let Some(b) = f.first_contact
            && !on(b)
        {
            return bad(format!("first_contact: ball {b} is not on the table"));
        }
        let mut gone = BallSet::EMPTY;
        for b in f.pocketed_balls().chain(f.off_table.iter().copied()) {
            if !on(b) {
                return bad(format!(
                    "ball {b} is pocketed or off the table but was not on it"
                ));
            }
            if gone.contains(b) {
                return bad(format!(
                    "ball {b} is listed twice among the pocketed and off-table balls"
                ));
            }
            gone.insert(b);
        }
        for c in f.rail_contacts.iter().chain(&f.frozen_to_rail) {
            if c.ball != CUE && !on(c.ball) {
                return bad(format!(
                    "rail contact of ball {} which is not on the table",
                    c.ball
                ));
            }
        }
        if let Some(b) = f.cue_frozen_to
            && !on(b)
        {
            return bad(format!("cue_frozen_to: ball {b} is not on the table"));
        }
        self.check_places(f, gone)
    }

    /// The cue ball's start and every ball at rest lie on the playing surface, each once, the
    /// cue ball only if it stayed on the table, object balls only if they are still on it, and
    /// no two in one place.
    fn check_places(&self, f: &ShotFacts, gone: BallSet) -> Result<(), RulesError> {
        let bad = |m: String| Err(RulesError::BadFacts(m));
        let on = |b: u8| self.on_table.contains(b);
        let table = self.table.spec();
        // A rest place: on the bed, or in a pocket's mouth (a ball in the jaws lies past the
        // cushion line), never sunk into a cushion.
        let on_surface = |p: crate::table::Point| table.rest_place(p);
        let limits = |p: crate::table::Point| {
            format!(
                "on the {} table a ball rests on the bed, {} (touching a cushion), or in a pocket's mouth",
                self.table.name(),
                table.bed_bounds(p)
            )
        };
        if let Some(p) = f.cue_ball_start
            && !on_surface(p)
        {
            return bad(format!(
                "cue_ball_start ({}, {}) is not on the playing surface ({})",
                crate::echo::number(p.x),
                crate::echo::number(p.y),
                limits(p)
            ));
        }
        let mut placed = BallSet::EMPTY;
        let mut cue_placed = false;
        for b in &f.rest {
            if b.ball > 10 {
                return bad(format!("rest: there is no ball {}", b.ball));
            }
            if !on_surface(b.point()) {
                return bad(format!(
                    "rest: ball {} at ({}, {}) is not on the playing surface ({})",
                    b.ball,
                    crate::echo::number(b.x),
                    crate::echo::number(b.y),
                    limits(b.point())
                ));
            }
            if b.ball == CUE {
                if cue_placed {
                    return bad("rest: the cue ball is listed twice".into());
                }
                if f.cue_ball != CueBallFate::OnTable {
                    return bad("rest: the cue ball has a place but left the table".into());
                }
                cue_placed = true;
            } else {
                if placed.contains(b.ball) {
                    return bad(format!("rest: ball {} is listed twice", b.ball));
                }
                if !on(b.ball) || gone.contains(b.ball) {
                    return bad(format!(
                        "rest: ball {} has a place but is not on the table after the shot",
                        b.ball
                    ));
                }
                placed.insert(b.ball);
            }
        }
        // Two balls cannot lie in one place.
        for (i, a) in f.rest.iter().enumerate() {
            for b in &f.rest[i + 1..] {
                if table.overlap(a.point(), b.point()) {
                    return bad(format!(
                        "rest: balls {} and {} overlap ({:.4} m apart)",
                        a.ball,
                        b.ball,
                        a.point().distance(b.point())
                    ));
                }
            }
        }
        Ok(())
    }

    pub(super) fn shot_for(&self, shooter: PlayerId) -> Phase {
        Phase::Shot {
            shooter,
            cue_ball: CueBall::AsItLies,
            push_out: false,
        }
    }

    /// 7.14: a player who comes to the table on two fouls is warned, when the referee does so.
    pub(super) fn warn_if_due(&mut self) -> Option<PlayerId> {
        let Phase::Shot { shooter, .. } = self.phase else {
            return None;
        };
        let f = &mut self.fouls[shooter.index()];
        if self.rules.auto_warn && f.count >= 2 && !f.warned {
            f.warned = true;
            return Some(shooter);
        }
        None
    }

    /// Scores a rack and sets up the next one, or ends the match.
    pub(super) fn win_rack(
        &mut self,
        winner: PlayerId,
        how: WinReason,
        rule: &'static str,
    ) -> RackResult {
        let score = &mut self.score[winner.index()];
        // Below the race (validated), so no overflow.
        *score = score.saturating_add(1);
        let match_over = *score >= self.rules.race_to;
        self.last_rack_winner = Some(winner);
        if match_over {
            self.phase = Phase::MatchOver { winner };
        } else {
            let breaker = match self.rules.break_order {
                BreakOrder::Alternate => self.breaker.other(),
                BreakOrder::WinnerBreaks => winner,
                BreakOrder::LoserBreaks => winner.other(),
            };
            self.rack = self.rack.saturating_add(1);
            self.new_rack(breaker);
        }
        RackResult::Won {
            winner,
            how,
            rule,
            match_over,
        }
    }

    /// The same breaker's fresh rack with the score and the rack number kept: what a practice
    /// re-rack gives (no fouls, no warning, no stalemate count, inning 1), from the one place
    /// that sets up a new rack.
    pub fn rerack(&self) -> GameState {
        let mut s = self.clone();
        s.new_rack(self.breaker);
        s
    }

    pub(super) fn new_rack(&mut self, breaker: PlayerId) {
        self.breaker = breaker;
        self.phase = Phase::Break { breaker };
        self.on_table = BallSet::FULL;
        self.fouls = [FoulCount::default(); 2];
        self.stalemate = None;
        self.inning = 1;
    }
}

pub(super) fn ball_words(balls: &[u8]) -> String {
    format!(
        "{} {} {}",
        if balls.len() == 1 { "ball" } else { "balls" },
        list(balls),
        if balls.len() == 1 { "was" } else { "were" }
    )
}

/// Sentences of an explanation with their first letters in capitals ("player B shoots" opens
/// several, some after another sentence in the same piece: "(5.3). player B shoots").
pub(super) fn sentence(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut start = true;
    let mut prev = ' ';
    for c in text.chars() {
        if start && c.is_alphabetic() {
            out.extend(c.to_uppercase());
            start = false;
        } else {
            out.push(c);
            if !c.is_whitespace() {
                start = false;
            }
        }
        if c == ' ' && matches!(prev, '.' | '!' | '?') {
            start = true;
        }
        prev = c;
    }
    out
}

#[cfg(test)]
mod sentence_tests {
    use super::sentence;

    #[test]
    fn a_sentence_opens_with_a_capital() {
        assert_eq!(sentence("player B shoots (5.4)."), "Player B shoots (5.4).");
        assert_eq!(sentence("Legal break."), "Legal break.");
        assert_eq!(sentence(""), "");
        assert_eq!(
            sentence("A rail was reached (5.3). player B shoots at x = 0.692 m."),
            "A rail was reached (5.3). Player B shoots at x = 0.692 m."
        );
    }
}

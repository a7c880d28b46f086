//! The referee's decisions: a shot (call and facts) applied to a state gives a ruling and the
//! next state; choices, the lag and the stalemate warning move the state too. Every change of
//! state goes through here, and every ruling names the rule that decided it.

use thiserror::Error;

use super::lag::{LagShot, lag_winner};
use super::rack::spot_ten;
use super::ruling::{FoulFound, RackResult, Ruling, Spotted, WinReason};
use super::shot::{CUE, Call, CueBallFate, Declared, Foul, Penalty, ShotFacts, list, plural};
use super::state::{
    BallSet, BreakOrder, ChoiceReason, CueBall, FoulCount, GameState, Phase, PlayerId, TableChoice,
};
use crate::table::Point;

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
enum Stroke {
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
    pub fn judge(&self, call: &Call, facts: &ShotFacts) -> Result<Judged, RulesError> {
        self.validate().map_err(RulesError::BadState)?;
        let (shooter, stroke, not_counted) = self.stroke(call)?;
        self.check_facts(facts)?;
        let table = self.table.spec();
        let opponent = shooter.other();
        let lowest = self.lowest_ball();
        let mut ignored = Vec::new();

        // --- The fouls (5.10, 7.x); several count as one.
        let mut fouls: Vec<Foul> = Vec::new();
        if stroke == Stroke::Break
            && let Some(at) = facts.cue_ball_start
            && !table.in_kitchen(at)
        {
            fouls.push(Foul::CueBallNotInKitchen { at });
        }
        match facts.cue_ball {
            CueBallFate::Pocketed { pocket } => fouls.push(Foul::CueBallPocketed { pocket }),
            CueBallFate::OffTable => fouls.push(Foul::CueBallOffTable),
            CueBallFate::OnTable => {}
        }
        // 5.4: on a push out 7.2 and 7.3 are suspended.
        if stroke != Stroke::PushOut {
            match facts.first_contact {
                None => fouls.push(Foul::CompleteMiss),
                Some(hit) if hit != lowest => fouls.push(Foul::WrongBallFirst { hit, lowest }),
                Some(_) => {}
            }
            if facts.first_contact.is_some() && facts.pocketed.is_empty() {
                if stroke == Stroke::Break {
                    let driven = facts.object_balls_driven_to_rail().len();
                    if driven < 4 {
                        fouls.push(Foul::BreakTooFewRails {
                            driven: driven as u8,
                        });
                    }
                } else if !facts.any_ball_driven_to_rail() {
                    fouls.push(Foul::NoRail);
                }
            }
        }
        if !facts.off_table.is_empty() {
            let mut balls = facts.off_table.clone();
            balls.sort_unstable();
            fouls.push(Foul::ObjectBallOffTable { balls });
        }
        let mut penalty = None;
        for &declared in &facts.declared {
            match declared {
                Declared::CueOnTable if !self.rules.cue_on_table_foul => {
                    ignored
                        .push("7.12 cue stick on the table is not a foul in this edition".into());
                    continue;
                }
                Declared::DoubleHit
                    if facts.cue_frozen_to.is_some()
                        && facts.cue_frozen_to == facts.first_contact =>
                {
                    ignored.push(
                        "7.7 the cue ball was frozen to the ball it hit: shooting into it is no double hit"
                            .into(),
                    );
                    continue;
                }
                Declared::Unsportsmanlike(p) => penalty = Some(p),
                _ => {}
            }
            if !fouls.contains(&Foul::Declared { declared }) {
                fouls.push(Foul::Declared { declared });
            }
        }
        let legal = fouls.is_empty();

        // --- The balls: pocketed and off-table balls leave; the 10 may come back (5.9).
        let mut on_table = self.on_table;
        for b in facts
            .pocketed_balls()
            .chain(facts.off_table.iter().copied())
        {
            on_table.remove(b);
        }
        let ten_down = !on_table.contains(10);
        let mut stay_down: Vec<u8> = facts.pocketed_balls().filter(|&b| b != 10).collect();
        stay_down.sort_unstable();
        let mut stay_off: Vec<u8> = facts
            .off_table
            .iter()
            .copied()
            .filter(|&b| b != 10)
            .collect();
        stay_off.sort_unstable();

        let mut next = self.clone();
        next.on_table = on_table;
        let mut text: Vec<String> = Vec::new();
        if let Some(why) = &not_counted {
            text.push(format!(
                "The announcement did not count: {why}; the shot is ruled as it was played."
            ));
            ignored.push(format!("the announcement: {why}"));
        }
        let mut rule: &'static str;
        let mut rack_result = None;
        let spot: bool;
        let mut continues = false;

        let fouler = next.fouls[shooter.index()];
        let mut shooter_fouls = 0;
        if !legal {
            let found: Vec<String> = fouls
                .iter()
                .map(|f| format!("{} ({})", f.describe(), f.rule()))
                .collect();
            text.push(format!(
                "Foul by {shooter}: {}{}.",
                found.join("; "),
                if fouls.len() > 1 {
                    ", which count as one foul (5.10)"
                } else {
                    ""
                }
            ));
            rule = fouls[0].rule();
            spot = ten_down;
            // 7.14: the count, with or without the warning.
            let three_fouls = fouler.count >= 2 && fouler.warned;
            if fouler.count >= 2 && !fouler.warned {
                text.push(format!(
                    "{shooter} was not warned on two fouls, so this foul counts as {shooter}'s second (7.14)."
                ));
            }
            next.fouls[shooter.index()].count = (fouler.count + 1).min(2);
            shooter_fouls = if three_fouls {
                3
            } else {
                (fouler.count + 1).min(2)
            };
            match penalty {
                Some(Penalty::LossOfMatch) => {
                    rule = "7.16";
                    text.push(format!(
                        "The referee awards the match to {opponent} (7.16)."
                    ));
                    let s = &mut next.score[opponent.index()];
                    *s = (*s).max(next.rules.race_to.saturating_sub(1));
                    rack_result = Some(next.win_rack(opponent, WinReason::Unsportsmanlike, "7.16"));
                }
                Some(Penalty::LossOfRack) => {
                    rule = "7.16";
                    text.push(format!("The referee awards the rack to {opponent} (7.16)."));
                    rack_result = Some(next.win_rack(opponent, WinReason::Unsportsmanlike, "7.16"));
                }
                _ if three_fouls => {
                    rule = "7.14";
                    text.push(format!(
                        "It is {shooter}'s third consecutive foul after a warning: {shooter} loses the rack (7.14)."
                    ));
                    rack_result = Some(next.win_rack(opponent, WinReason::ThreeFouls, "7.14"));
                }
                _ => {
                    text.push(format!(
                        "{opponent} has cue ball in hand anywhere on the table (5.10, 1.5)."
                    ));
                    next.phase = Phase::Shot {
                        shooter: opponent,
                        cue_ball: CueBall::InHand,
                        push_out: false,
                    };
                }
            }
        } else {
            next.fouls[shooter.index()] = FoulCount::default();
            let pocketed_any = !facts.pocketed.is_empty();
            spot = ten_down;
            match stroke {
                Stroke::Break => {
                    rule = "5.3";
                    if pocketed_any {
                        text.push(format!(
                            "Legal break: {} pocketed, so {shooter} continues and may push out (5.3, 5.4).",
                            ball_words(&facts.pocketed_balls().collect::<Vec<_>>())
                        ));
                        continues = true;
                    } else {
                        text.push(format!(
                            "Legal break: nothing pocketed, {} object balls reached a rail (5.3). {opponent} shoots and may push out (5.4).",
                            facts.object_balls_driven_to_rail().len()
                        ));
                    }
                    next.phase = Phase::Shot {
                        shooter: if pocketed_any { shooter } else { opponent },
                        cue_ball: CueBall::AsItLies,
                        push_out: true,
                    };
                }
                Stroke::PushOut => {
                    rule = "5.4";
                    text.push(format!(
                        "Legal push out{}: {opponent} chooses who plays the next shot from the position (5.4).",
                        if pocketed_any {
                            format!(", {} pocketed", ball_words(&facts.pocketed_balls().collect::<Vec<_>>()))
                        } else {
                            String::new()
                        }
                    ));
                    next.phase = Phase::Choice {
                        chooser: opponent,
                        reason: ChoiceReason::PushOut,
                    };
                }
                Stroke::Safety => {
                    rule = "5.6";
                    if pocketed_any {
                        text.push(format!(
                            "Safety called but {} pocketed: the pocketed balls stay down and {opponent} may play the table or hand it back (5.6, 5.7).",
                            ball_words(&facts.pocketed_balls().collect::<Vec<_>>())
                        ));
                        next.phase = Phase::Choice {
                            chooser: opponent,
                            reason: ChoiceReason::SafetyPocket,
                        };
                    } else {
                        text.push(format!(
                            "Legal safety: {shooter}'s inning ends and {opponent} plays from the position (5.6)."
                        ));
                        next.phase = next.shot_for(opponent);
                    }
                }
                Stroke::Called { ball, pocket } => {
                    let made = facts
                        .pocketed
                        .iter()
                        .any(|p| p.ball == ball && p.pocket == pocket);
                    let others_left = on_table.iter().any(|b| b != 10);
                    if made && ball == 10 && (self.rules.early_ten_wins || !others_left) {
                        rule = "5.8";
                        text.push(format!(
                            "{shooter} legally pocketed the called 10 in the {} pocket and wins the rack (5.8).",
                            pocket.name()
                        ));
                        rack_result = Some(next.win_rack(shooter, WinReason::Ten, "5.8"));
                    } else if made {
                        rule = "5.8";
                        continues = true;
                        if ball == 10 {
                            text.push(
                                "The called 10 was made before it was the last ball: in this edition it is spotted and the shooter continues (5.8)."
                                    .to_string(),
                            );
                        } else {
                            text.push(format!(
                                "{shooter} pocketed the called {ball} in the {} pocket and continues (5.8).",
                                pocket.name()
                            ));
                        }
                        let extra: Vec<u8> =
                            facts.pocketed_balls().filter(|&b| b != ball).collect();
                        if !extra.is_empty() {
                            text.push(format!(
                                "{} also pocketed: {} (5.8).",
                                ball_words(&extra),
                                if extra == [10] {
                                    "the 10 is spotted"
                                } else {
                                    "they stay down"
                                }
                            ));
                        }
                        next.phase = next.shot_for(shooter);
                    } else if pocketed_any {
                        rule = "5.7";
                        let missed = if facts.pocketed.iter().any(|p| p.ball == ball) {
                            format!(
                                "the called {ball} went into another pocket than the {}",
                                pocket.name()
                            )
                        } else {
                            format!(
                                "the called {ball} was not made in the {} pocket",
                                pocket.name()
                            )
                        };
                        text.push(format!(
                            "Wrongly pocketed: {missed}, but {} pocketed. The balls stay down, {shooter}'s inning ends and {opponent} may play the table or hand it back (5.7).",
                            ball_words(&facts.pocketed_balls().collect::<Vec<_>>())
                        ));
                        next.phase = Phase::Choice {
                            chooser: opponent,
                            reason: ChoiceReason::WrongBall,
                        };
                    } else {
                        rule = "5.8";
                        text.push(format!(
                            "No foul and no called ball made: {opponent} plays from where the cue ball lies (5.8)."
                        ));
                        next.phase = next.shot_for(opponent);
                    }
                }
                Stroke::Uncalled if pocketed_any => {
                    rule = "5.7";
                    text.push(format!(
                        "Nothing was called, but {} pocketed. The balls stay down, {shooter}'s inning ends and {opponent} may play the table or hand it back (5.7).",
                        ball_words(&facts.pocketed_balls().collect::<Vec<_>>())
                    ));
                    next.phase = Phase::Choice {
                        chooser: opponent,
                        reason: ChoiceReason::WrongBall,
                    };
                }
                Stroke::Uncalled => {
                    rule = "5.8";
                    text.push(format!(
                        "No foul and nothing called: {opponent} plays from where the cue ball lies (5.8)."
                    ));
                    next.phase = next.shot_for(opponent);
                }
            }
        }

        // --- Spot the 10 unless the rack is over (5.9, 1.4).
        let mut spotted = None;
        if spot && rack_result.is_none() {
            let others: Vec<Point> = facts
                .rest
                .iter()
                .filter(|b| b.ball != CUE && b.ball != 10 && on_table.contains(b.ball))
                .map(|b| b.point())
                .collect();
            let cue = (facts.cue_ball == CueBallFate::OnTable)
                .then(|| facts.rest.iter().find(|b| b.ball == CUE).map(|b| b.point()))
                .flatten();
            let at = spot_ten(&table, &others, cue);
            next.on_table.insert(10);
            spotted = Some(Spotted { ball: 10, at });
            text.push(format!(
                "The 10 is spotted at x = {:.3} m on the long string (5.9, 1.4){}.",
                at.x,
                if facts.rest.is_empty() {
                    ", taking the long string as free since no positions were given"
                } else {
                    ""
                }
            ));
        }
        if !stay_off.is_empty() {
            text.push(format!(
                "Ball{} {} stay{} off the table (7.5).",
                plural(stay_off.len()),
                list(&stay_off),
                if stay_off.len() == 1 { "s" } else { "" }
            ));
        }

        // --- Inning, stalemate countdown (1.12) and warning (7.14).
        if rack_result.is_none() && !continues {
            next.inning = next.inning.saturating_add(1);
            if let Some(left) = next.stalemate.as_mut() {
                left[shooter.index()] = left[shooter.index()].saturating_sub(1);
                if *left == [0, 0] {
                    let rebreak = next.breaker;
                    text.push(format!(
                        "Both players have played their innings since the stalemate warning: the rack is a stalemate and {rebreak}, who broke it, breaks again (1.12, 5.12)."
                    ));
                    next.new_rack(rebreak);
                    rule = "5.12";
                    rack_result = Some(RackResult::Stalemate {
                        rebreak,
                        rule: "5.12",
                    });
                    spotted = None;
                }
            }
        }
        let warned = next.warn_if_due();
        if let Some(p) = warned {
            text.push(format!("{p} comes to the table on two fouls and is warned: a third foul loses the rack (7.14)."));
        }

        let ruling = Ruling {
            rack: self.rack,
            inning: self.inning,
            shooter,
            call: *call,
            legal,
            rule,
            fouls: fouls.into_iter().map(FoulFound::from).collect(),
            shooter_fouls,
            stay_down,
            stay_off,
            spotted,
            warned,
            ignored,
            rack_result,
            next: next.turn(),
            explanation: text
                .iter()
                .map(|t| sentence(t))
                .collect::<Vec<_>>()
                .join(" "),
        };
        // The answer must be a state the referee takes as input: a counter at its limit is
        // refused rather than carried past it.
        next.validate().map_err(|e| {
            RulesError::NotNow(format!(
                "this shot would take the state past its limits: {e}"
            ))
        })?;
        Ok(Judged {
            ruling,
            state: next,
        })
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
    fn stroke(&self, call: &Call) -> Result<(PlayerId, Stroke, Option<String>), RulesError> {
        let uncalled = |shooter, why: String| Ok((shooter, Stroke::Uncalled, Some(why)));
        match (self.phase, call) {
            (Phase::Break { breaker }, Call::Break) => Ok((breaker, Stroke::Break, None)),
            (Phase::Break { breaker }, _) => Ok((
                breaker,
                Stroke::Break,
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
            (Phase::Shot { shooter, .. }, Call::PushOut) => Ok((shooter, Stroke::PushOut, None)),
            (Phase::Shot { shooter, .. }, Call::Safety) if !self.rules.safety_call => {
                uncalled(shooter, "this edition has no safety call".into())
            }
            (Phase::Shot { shooter, .. }, Call::Safety) => Ok((shooter, Stroke::Safety, None)),
            (Phase::Shot { shooter, .. }, &Call::Ball { ball, pocket }) => {
                if !self.on_table.contains(ball) {
                    return uncalled(shooter, format!("the called {ball} is not on the table"));
                }
                Ok((shooter, Stroke::Called { ball, pocket }, None))
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
        let table = self.table.spec();
        // A centre on the table: within a radius past the cushion lines (a ball pressed into a
        // cushion, or resting in a pocket's jaws, lies past the playing surface's edge).
        let r = table.ball_radius;
        let (hx, hy) = (table.length / 2.0 + r, table.width / 2.0 + r);
        let on_surface =
            |p: crate::table::Point| p.is_finite() && p.x.abs() <= hx && p.y.abs() <= hy;
        let limits = format!(
            "on the {} table |x| <= {hx:.4} and |y| <= {hy:.4}",
            self.table.name()
        );
        if let Some(p) = f.cue_ball_start
            && !on_surface(p)
        {
            return bad(format!(
                "cue_ball_start ({}, {}) is not on the playing surface ({limits})",
                crate::echo::number(p.x),
                crate::echo::number(p.y)
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
                    "rest: ball {} at ({}, {}) is not on the playing surface ({limits})",
                    b.ball,
                    crate::echo::number(b.x),
                    crate::echo::number(b.y)
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
        // Two balls cannot lie in one place (more than a millimetre of overlap).
        for (i, a) in f.rest.iter().enumerate() {
            for b in &f.rest[i + 1..] {
                if a.point().distance(b.point()) < 2.0 * table.ball_radius - 1e-3 {
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

    fn shot_for(&self, shooter: PlayerId) -> Phase {
        Phase::Shot {
            shooter,
            cue_ball: CueBall::AsItLies,
            push_out: false,
        }
    }

    /// 7.14: a player who comes to the table on two fouls is warned, when the referee does so.
    fn warn_if_due(&mut self) -> Option<PlayerId> {
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
    fn win_rack(&mut self, winner: PlayerId, how: WinReason, rule: &'static str) -> RackResult {
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

    fn new_rack(&mut self, breaker: PlayerId) {
        self.breaker = breaker;
        self.phase = Phase::Break { breaker };
        self.on_table = BallSet::FULL;
        self.fouls = [FoulCount::default(); 2];
        self.stalemate = None;
        self.inning = 1;
    }
}

fn ball_words(balls: &[u8]) -> String {
    format!(
        "{} {} {}",
        if balls.len() == 1 { "ball" } else { "balls" },
        list(balls),
        if balls.len() == 1 { "was" } else { "were" }
    )
}

/// Sentences of an explanation with their first letters in capitals ("player B shoots" opens
/// several, some after another sentence in the same piece: "(5.3). player B shoots").
fn sentence(text: &str) -> String {
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

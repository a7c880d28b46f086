//! The steps of judging a shot, each a named call (pooltool's ruleset): the fouls (5.10, 7.x),
//! the balls that leave the table, what follows a foul (7.14, 7.16, 1.5) or a legal stroke of
//! each kind (the break 5.3, a push out 5.4, a safety 5.6, a called shot 5.7-5.8), the 10
//! spotted (5.9, 1.4), the inning and the stalemate count (1.12), the two-foul warning (7.14).
//! They build a [`Verdict`]: the next state, the rule that decided it and the words, in the
//! order they happen; `GameState::judge` calls them in turn.

use super::judge::{Judged, RulesError, StrokeKind, ball_words, sentence};
use super::rack::spot_ten;
use super::ruling::{FoulFound, RackResult, Ruling, Spotted, WinReason};
use super::shot::{CUE, Call, CueBallFate, Declared, Foul, Penalty, ShotFacts, list, plural};
use super::state::{BallSet, ChoiceReason, CueBall, FoulCount, GameState, Phase, PlayerId};
use crate::table::{Pocket, Point};

/// The fouls of a shot, the referee's penalty if one was declared, and declared events this
/// edition does not count.
pub(super) struct FoulsFound {
    pub fouls: Vec<Foul>,
    pub penalty: Option<Penalty>,
    pub ignored: Vec<String>,
}

/// The object balls after a shot: those left on the table (before any spot), whether the 10
/// went down, and the balls that stay down and stay off.
pub(super) struct BallsAfter {
    pub on_table: BallSet,
    pub ten_down: bool,
    pub stay_down: Vec<u8>,
    pub stay_off: Vec<u8>,
}

/// What judging a shot has decided so far.
pub(super) struct Verdict {
    pub next: GameState,
    pub text: Vec<String>,
    pub ignored: Vec<String>,
    pub rule: &'static str,
    pub rack_result: Option<RackResult>,
    /// The shooter stays at the table.
    pub continues: bool,
    pub shooter_fouls: u8,
    pub spotted: Option<Spotted>,
    pub warned: Option<PlayerId>,
}

impl Verdict {
    pub fn new(before: &GameState, balls: &BallsAfter) -> Verdict {
        let mut next = before.clone();
        next.on_table = balls.on_table;
        Verdict {
            next,
            text: Vec::new(),
            ignored: Vec::new(),
            rule: "",
            rack_result: None,
            continues: false,
            shooter_fouls: 0,
            spotted: None,
            warned: None,
        }
    }

    pub fn say(&mut self, words: String) {
        self.text.push(words);
    }

    /// The next shot is `player`'s from where the cue ball lies.
    fn turn_to(&mut self, player: PlayerId) {
        self.next.phase = self.next.shot_for(player);
    }

    /// `chooser` chooses who plays from the position.
    fn choice_for(&mut self, chooser: PlayerId, reason: ChoiceReason) {
        self.next.phase = Phase::Choice { chooser, reason };
    }

    /// 1.12: the inning passes unless the shooter goes on or the rack is over; after the
    /// stalemate warning each inning counts down, and at zero the rack is a stalemate.
    pub fn advance_inning(&mut self, shooter: PlayerId) {
        if self.rack_result.is_some() || self.continues {
            return;
        }
        self.next.inning = self.next.inning.saturating_add(1);
        let Some(left) = self.next.stalemate.as_mut() else {
            return;
        };
        left[shooter.index()] = left[shooter.index()].saturating_sub(1);
        if *left != [0, 0] {
            return;
        }
        let rebreak = self.next.breaker;
        self.say(format!(
            "Both players have played their innings since the stalemate warning: the rack is a stalemate and {rebreak}, who broke it, breaks again (1.12, 5.12)."
        ));
        self.next.new_rack(rebreak);
        self.rule = "5.12";
        self.rack_result = Some(RackResult::Stalemate {
            rebreak,
            rule: "5.12",
        });
        self.spotted = None;
    }

    /// 7.14: the player coming to the table on two fouls is warned, when the referee does so.
    pub fn warn_if_due(&mut self) {
        self.warned = self.next.warn_if_due();
        if let Some(p) = self.warned {
            self.say(format!(
                "{p} comes to the table on two fouls and is warned: a third foul loses the rack (7.14)."
            ));
        }
    }

    /// The ruling read off the verdict, and the next state (refused if a counter would pass
    /// its limit, so that the answer is always a state the referee takes as input).
    pub fn into_judged(
        self,
        before: &GameState,
        shooter: PlayerId,
        call: &Call,
        legal: bool,
        fouls: Vec<Foul>,
        balls: BallsAfter,
    ) -> Result<Judged, RulesError> {
        let ruling = Ruling {
            rack: before.rack,
            inning: before.inning,
            shooter,
            call: *call,
            legal,
            rule: self.rule,
            fouls: fouls.into_iter().map(FoulFound::from).collect(),
            shooter_fouls: self.shooter_fouls,
            stay_down: balls.stay_down,
            stay_off: balls.stay_off,
            spotted: self.spotted,
            warned: self.warned,
            ignored: self.ignored,
            rack_result: self.rack_result,
            next: self.next.turn(),
            explanation: self
                .text
                .iter()
                .map(|t| sentence(t))
                .collect::<Vec<_>>()
                .join(" "),
        };
        self.next.validate().map_err(|e| {
            RulesError::NotNow(format!(
                "this shot would take the state past its limits: {e}"
            ))
        })?;
        Ok(Judged {
            ruling,
            state: self.next,
        })
    }
}

impl GameState {
    /// The fouls (5.10, 7.x): several count as one. On a push out 7.2 and 7.3 are suspended
    /// (5.4).
    pub(super) fn fouls(&self, stroke: StrokeKind, facts: &ShotFacts) -> FoulsFound {
        let table = self.table.spec();
        let lowest = self.ball_on();
        let mut fouls: Vec<Foul> = Vec::new();
        if stroke == StrokeKind::Break
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
        if stroke != StrokeKind::PushOut {
            match facts.first_contact {
                None => fouls.push(Foul::CompleteMiss),
                Some(hit) if hit != lowest => fouls.push(Foul::WrongBallFirst { hit, lowest }),
                Some(_) => {}
            }
            if let Some(f) = rail_foul(stroke, facts) {
                fouls.push(f);
            }
        }
        if !facts.off_table.is_empty() {
            let mut balls = facts.off_table.clone();
            balls.sort_unstable();
            fouls.push(Foul::ObjectBallOffTable { balls });
        }
        let (penalty, ignored) = self.declared_fouls(facts, &mut fouls);
        FoulsFound {
            fouls,
            penalty,
            ignored,
        }
    }

    /// The declared fouls that count in this edition (7.4-7.16), added to `fouls`; returns the
    /// referee's penalty and what was not counted.
    fn declared_fouls(
        &self,
        facts: &ShotFacts,
        fouls: &mut Vec<Foul>,
    ) -> (Option<Penalty>, Vec<String>) {
        let mut penalty = None;
        let mut ignored = Vec::new();
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
        (penalty, ignored)
    }

    /// Pocketed and off-table balls leave the table; all but the 10 stay down or off (5.9,
    /// 7.5).
    pub(super) fn balls_after(&self, facts: &ShotFacts) -> BallsAfter {
        let mut on_table = self.on_table;
        for b in facts
            .pocketed_balls()
            .chain(facts.off_table.iter().copied())
        {
            on_table.remove(b);
        }
        let mut stay_down: Vec<u8> = facts.pocketed_balls().filter(|&b| b != 10).collect();
        stay_down.sort_unstable();
        let mut stay_off: Vec<u8> = facts
            .off_table
            .iter()
            .copied()
            .filter(|&b| b != 10)
            .collect();
        stay_off.sort_unstable();
        BallsAfter {
            on_table,
            ten_down: !on_table.contains(10),
            stay_down,
            stay_off,
        }
    }

    /// After a foul: the count (7.14, with or without the warning), then the referee's
    /// penalty (7.16), the third foul, or the opponent's cue ball in hand (5.10, 1.5).
    pub(super) fn after_foul(&self, v: &mut Verdict, shooter: PlayerId, found: &FoulsFound) {
        let opponent = shooter.other();
        let fouls = &found.fouls;
        let listed: Vec<String> = fouls
            .iter()
            .map(|f| format!("{} ({})", f.describe(), f.rule()))
            .collect();
        v.say(format!(
            "Foul by {shooter}: {}{}.",
            listed.join("; "),
            if fouls.len() > 1 {
                ", which count as one foul (5.10)"
            } else {
                ""
            }
        ));
        v.rule = fouls[0].rule();
        let fouler = v.next.fouls[shooter.index()];
        let three_fouls = fouler.count >= 2 && fouler.warned;
        if fouler.count >= 2 && !fouler.warned {
            v.say(format!(
                "{shooter} was not warned on two fouls, so this foul counts as {shooter}'s second (7.14)."
            ));
        }
        v.next.fouls[shooter.index()].count = (fouler.count + 1).min(2);
        v.shooter_fouls = if three_fouls {
            3
        } else {
            (fouler.count + 1).min(2)
        };
        match found.penalty {
            Some(Penalty::LossOfMatch) => {
                v.rule = "7.16";
                v.say(format!(
                    "The referee awards the match to {opponent} (7.16)."
                ));
                let s = &mut v.next.score[opponent.index()];
                *s = (*s).max(v.next.rules.race_to.saturating_sub(1));
                v.rack_result = Some(
                    v.next
                        .win_rack(opponent, WinReason::Unsportsmanlike, "7.16"),
                );
            }
            Some(Penalty::LossOfRack) => {
                v.rule = "7.16";
                v.say(format!("The referee awards the rack to {opponent} (7.16)."));
                v.rack_result = Some(
                    v.next
                        .win_rack(opponent, WinReason::Unsportsmanlike, "7.16"),
                );
            }
            _ if three_fouls => {
                v.rule = "7.14";
                v.say(format!(
                    "It is {shooter}'s third consecutive foul after a warning: {shooter} loses the rack (7.14)."
                ));
                v.rack_result = Some(v.next.win_rack(opponent, WinReason::ThreeFouls, "7.14"));
            }
            _ => {
                v.say(format!(
                    "{opponent} has cue ball in hand anywhere on the table (5.10, 1.5)."
                ));
                v.next.phase = Phase::Shot {
                    shooter: opponent,
                    cue_ball: CueBall::InHand,
                    push_out: false,
                };
            }
        }
    }

    /// After a legal stroke: the shooter's fouls are cleared, and what follows depends on the
    /// kind of stroke.
    pub(super) fn after_legal(
        &self,
        v: &mut Verdict,
        shooter: PlayerId,
        stroke: StrokeKind,
        facts: &ShotFacts,
    ) {
        v.next.fouls[shooter.index()] = FoulCount::default();
        match stroke {
            StrokeKind::Break => after_break(v, shooter, facts),
            StrokeKind::PushOut => after_push_out(v, shooter, facts),
            StrokeKind::Safety => after_safety(v, shooter, facts),
            StrokeKind::Called { ball, pocket } => {
                self.after_called(v, shooter, ball, pocket, facts)
            }
            StrokeKind::Uncalled => after_uncalled(v, shooter, facts),
        }
    }

    /// A called shot (5.7, 5.8): the called 10 wins (early, where the edition says so); a
    /// called ball made goes on; another ball pocketed gives the opponent the choice; nothing
    /// made passes the turn.
    fn after_called(
        &self,
        v: &mut Verdict,
        shooter: PlayerId,
        ball: u8,
        pocket: Pocket,
        facts: &ShotFacts,
    ) {
        let opponent = shooter.other();
        let made = facts
            .pocketed
            .iter()
            .any(|p| p.ball == ball && p.pocket == pocket);
        let others_left = v.next.on_table.iter().any(|b| b != 10);
        if made && ball == 10 && (self.rules.early_ten_wins || !others_left) {
            v.rule = "5.8";
            v.say(format!(
                "{shooter} legally pocketed the called 10 in the {} pocket and wins the rack (5.8).",
                pocket.name()
            ));
            v.rack_result = Some(v.next.win_rack(shooter, WinReason::Ten, "5.8"));
        } else if made {
            called_made(v, shooter, ball, pocket, facts);
        } else if !facts.pocketed.is_empty() {
            v.rule = "5.7";
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
            v.say(format!(
                "Wrongly pocketed: {missed}, but {} pocketed. The balls stay down, {shooter}'s inning ends and {opponent} may play the table or hand it back (5.7).",
                pocketed_words(facts)
            ));
            v.choice_for(opponent, ChoiceReason::WronglyPocketed);
        } else {
            v.rule = "5.8";
            v.say(format!(
                "No foul and no called ball made: {opponent} plays from where the cue ball lies (5.8)."
            ));
            v.turn_to(opponent);
        }
    }

    /// 5.9, 1.4: a 10 pocketed or driven off is spotted unless the rack is over.
    pub(super) fn spot_ten_if_due(&self, v: &mut Verdict, facts: &ShotFacts, balls: &BallsAfter) {
        if balls.ten_down && v.rack_result.is_none() {
            let others: Vec<Point> = facts
                .rest
                .iter()
                .filter(|b| b.ball != CUE && b.ball != 10 && balls.on_table.contains(b.ball))
                .map(|b| b.point())
                .collect();
            let cue = (facts.cue_ball == CueBallFate::OnTable)
                .then(|| facts.rest.iter().find(|b| b.ball == CUE).map(|b| b.point()))
                .flatten();
            let at = spot_ten(&self.table.spec(), &others, cue);
            v.next.on_table.insert(10);
            v.spotted = Some(Spotted { ball: 10, at });
            v.say(format!(
                "The 10 is spotted at x = {:.3} m on the long string (5.9, 1.4){}.",
                at.x,
                if facts.rest.is_empty() {
                    ", taking the long string as free since no positions were given"
                } else {
                    ""
                }
            ));
        }
        let stay_off = &balls.stay_off;
        if !stay_off.is_empty() {
            v.say(format!(
                "Ball{} {} stay{} off the table (7.5).",
                plural(stay_off.len()),
                list(stay_off),
                if stay_off.len() == 1 { "s" } else { "" }
            ));
        }
    }
}

/// 5.3, 7.3: a break that pockets nothing must drive four object balls to a rail; another
/// stroke that pockets nothing must drive a ball to a rail after the contact.
fn rail_foul(stroke: StrokeKind, facts: &ShotFacts) -> Option<Foul> {
    if facts.first_contact.is_none() || !facts.pocketed.is_empty() {
        return None;
    }
    if stroke == StrokeKind::Break {
        let driven = facts.object_balls_driven_to_rail().len();
        (driven < 4).then_some(Foul::BreakTooFewRails {
            driven: driven as u8,
        })
    } else {
        (!facts.any_ball_driven_to_rail()).then_some(Foul::NoRail)
    }
}

fn pocketed_words(facts: &ShotFacts) -> String {
    ball_words(&facts.pocketed_balls().collect::<Vec<_>>())
}

/// 5.3: a legal break; the breaker goes on if a ball fell; either way the next shot may be a
/// push out (5.4).
fn after_break(v: &mut Verdict, shooter: PlayerId, facts: &ShotFacts) {
    let opponent = shooter.other();
    let pocketed_any = !facts.pocketed.is_empty();
    v.rule = "5.3";
    if pocketed_any {
        v.say(format!(
            "Legal break: {} pocketed, so {shooter} continues and may push out (5.3, 5.4).",
            pocketed_words(facts)
        ));
        v.continues = true;
    } else {
        v.say(format!(
            "Legal break: nothing pocketed, {} object balls reached a rail (5.3). {opponent} shoots and may push out (5.4).",
            facts.object_balls_driven_to_rail().len()
        ));
    }
    v.next.phase = Phase::Shot {
        shooter: if pocketed_any { shooter } else { opponent },
        cue_ball: CueBall::AsItLies,
        push_out: true,
    };
}

/// 5.4: after a legal push out the opponent chooses who plays.
fn after_push_out(v: &mut Verdict, shooter: PlayerId, facts: &ShotFacts) {
    let opponent = shooter.other();
    v.rule = "5.4";
    v.say(format!(
        "Legal push out{}: {opponent} chooses who plays the next shot from the position (5.4).",
        if facts.pocketed.is_empty() {
            String::new()
        } else {
            format!(", {} pocketed", pocketed_words(facts))
        }
    ));
    v.choice_for(opponent, ChoiceReason::PushOut);
}

/// 5.6: a legal safety ends the inning; a ball pocketed on it gives the opponent the choice.
fn after_safety(v: &mut Verdict, shooter: PlayerId, facts: &ShotFacts) {
    let opponent = shooter.other();
    v.rule = "5.6";
    if facts.pocketed.is_empty() {
        v.say(format!(
            "Legal safety: {shooter}'s inning ends and {opponent} plays from the position (5.6)."
        ));
        v.turn_to(opponent);
    } else {
        v.say(format!(
            "Safety called but {} pocketed: the pocketed balls stay down and {opponent} may play the table or hand it back (5.6, 5.7).",
            pocketed_words(facts)
        ));
        v.choice_for(opponent, ChoiceReason::SafetyPocket);
    }
}

/// 5.8: the called ball made, the shooter goes on; other balls made stay down (the 10 is
/// spotted).
fn called_made(v: &mut Verdict, shooter: PlayerId, ball: u8, pocket: Pocket, facts: &ShotFacts) {
    v.rule = "5.8";
    v.continues = true;
    if ball == 10 {
        v.say(
            "The called 10 was made before it was the last ball: in this edition it is spotted and the shooter continues (5.8)."
                .to_string(),
        );
    } else {
        v.say(format!(
            "{shooter} pocketed the called {ball} in the {} pocket and continues (5.8).",
            pocket.name()
        ));
    }
    let extra: Vec<u8> = facts.pocketed_balls().filter(|&b| b != ball).collect();
    if !extra.is_empty() {
        v.say(format!(
            "{} also pocketed: {} (5.8).",
            ball_words(&extra),
            if extra == [10] {
                "the 10 is spotted"
            } else {
                "they stay down"
            }
        ));
    }
    v.turn_to(shooter);
}

/// A stroke whose announcement did not count: ruled with nothing called (5.7, 5.8).
fn after_uncalled(v: &mut Verdict, shooter: PlayerId, facts: &ShotFacts) {
    let opponent = shooter.other();
    if facts.pocketed.is_empty() {
        v.rule = "5.8";
        v.say(format!(
            "No foul and nothing called: {opponent} plays from where the cue ball lies (5.8)."
        ));
        v.turn_to(opponent);
    } else {
        v.rule = "5.7";
        v.say(format!(
            "Nothing was called, but {} pocketed. The balls stay down, {shooter}'s inning ends and {opponent} may play the table or hand it back (5.7).",
            pocketed_words(facts)
        ));
        v.choice_for(opponent, ChoiceReason::WronglyPocketed);
    }
}

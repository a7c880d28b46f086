//! A player's performance counted from the referee's rulings: Accu-Stats' total performance
//! average (TPA = balls made / (balls made + errors)) and its parts, for a rack, a match or any
//! run of strokes, the same for a person or the computer.
//!
//! Accu-Stats counts five errors, judged by an analyst watching the match (a miss, a break
//! scratch, a missed kick, a failed safety, a position error; a miss and a scratch on one shot
//! are two). Here each is read off what the referee ruled, so nothing is judged by eye:
//!
//! - **Balls made**: object balls pocketed on a legal stroke after which the shooter stays at
//!   the table (the break's balls included), and the 10 of a win by 5.8. Balls that stay down
//!   after a miss (5.7) or a foul are not made.
//! - **Miss**: a called ball (5.5) not legally made, on a stroke that was not a kick foul.
//! - **Foul**: any other foul on a called shot or a push out (Accu-Stats' scratch); with a
//!   miss on the same shot it is a second error, as Accu-Stats counts it.
//! - **Break**: a foul on the break (Accu-Stats' break scratch); a dry break is no error.
//! - **Kick**: a stroke on which the cue ball met a cushion before any ball, ruled a foul.
//! - **Safety**: a safety (5.6) ruled a foul, or one after which the opponent's next stroke
//!   legally makes the ball he called.
//! - **Position**: a safety played right after the same player made a ball in the same
//!   inning, the one sign in the rulings that he got out of line. Accu-Stats also counts a miss
//!   that came from bad position twice; the rulings cannot tell such a miss from another, so
//!   that second error is not counted here.
//!
//! Push outs (5.4) and choices (5.4, 5.6, 5.7) are neither made balls nor errors. Unlike
//! Accu-Stats, no miss counts double for being "easier than a spot shot": the rulings say
//! nothing of difficulty.

use serde::{Deserialize, Serialize};

use super::ruling::{RackResult, Ruling, WinReason};
use super::shot::{Call, ShotFacts};

/// One player's counts over some strokes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Performance {
    /// Strokes played (the break, called shots, safeties, push outs).
    pub strokes: u32,
    pub balls_made: u32,
    pub miss_errors: u32,
    pub foul_errors: u32,
    pub break_errors: u32,
    pub kick_errors: u32,
    pub safety_errors: u32,
    pub position_errors: u32,
}

/// A stroke as the counts need it and as the duel and the game keep it: the referee's ruling,
/// and whether the cue ball met a cushion before any ball (a kick,
/// `ShotFacts::cue_rails_before_contact`).
#[derive(Debug, Clone, PartialEq)]
pub struct RuledStroke {
    pub ruling: Ruling,
    pub kick: bool,
}

impl RuledStroke {
    pub fn of(ruling: &Ruling, facts: &ShotFacts) -> RuledStroke {
        RuledStroke {
            ruling: ruling.clone(),
            kick: facts.cue_rails_before_contact > 0,
        }
    }
}

impl Performance {
    /// Every error of the five kinds (and fouls) together.
    pub fn errors(&self) -> u32 {
        self.miss_errors
            + self.foul_errors
            + self.break_errors
            + self.kick_errors
            + self.safety_errors
            + self.position_errors
    }

    /// Balls made / (balls made + errors); none before either was counted.
    pub fn tpa(&self) -> Option<f64> {
        let all = self.balls_made + self.errors();
        (all > 0).then(|| f64::from(self.balls_made) / f64::from(all))
    }

    pub fn add(&mut self, other: &Performance) {
        self.strokes += other.strokes;
        self.balls_made += other.balls_made;
        self.miss_errors += other.miss_errors;
        self.foul_errors += other.foul_errors;
        self.break_errors += other.break_errors;
        self.kick_errors += other.kick_errors;
        self.safety_errors += other.safety_errors;
        self.position_errors += other.position_errors;
    }

    /// "TPA 0.842 (32 balls, 6 errors: 3 misses, 1 safety, 2 position)"; "TPA -, no balls made
    /// and no errors yet" before either.
    pub fn describe(&self) -> String {
        let Some(tpa) = self.tpa() else {
            return "TPA -, no balls made and no errors yet".into();
        };
        let parts: Vec<String> = [
            (self.miss_errors, "miss", "misses"),
            (self.foul_errors, "foul", "fouls"),
            (self.break_errors, "break foul", "break fouls"),
            (self.kick_errors, "kick", "kicks"),
            (self.safety_errors, "safety", "safeties"),
            (self.position_errors, "position", "position"),
        ]
        .iter()
        .filter(|(n, ..)| *n > 0)
        .map(|&(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
        .collect();
        let errors = self.errors();
        let tail = if parts.is_empty() {
            String::new()
        } else {
            format!(": {}", parts.join(", "))
        };
        format!(
            "TPA {tpa:.3} ({} ball{}, {errors} error{}{tail})",
            self.balls_made,
            if self.balls_made == 1 { "" } else { "s" },
            if errors == 1 { "" } else { "s" },
        )
    }
}

/// The shooter stays at the table after `r`, or won the rack with it.
pub fn shooter_continues(r: &Ruling) -> bool {
    match r.rack_result {
        Some(RackResult::Won { winner, .. }) => winner == r.shooter,
        Some(RackResult::Stalemate { .. }) => false,
        None => r.next.player == r.shooter,
    }
}

/// The shot legally made the ball it called (5.5): the shooter goes on, or won by 5.8.
fn made_called_ball(r: &Ruling) -> bool {
    matches!(r.call, Call::Ball { .. }) && r.legal && shooter_continues(r)
}

/// Object balls the stroke made (see the module's words).
fn balls_made(r: &Ruling) -> u32 {
    if !r.legal || !shooter_continues(r) {
        return 0;
    }
    let ten = matches!(
        r.rack_result,
        Some(RackResult::Won {
            how: WinReason::Ten,
            ..
        })
    );
    r.stay_down.len() as u32 + u32::from(ten)
}

/// Each player's counts, [A, B], over strokes in the order they were played (one rack or
/// several: a safety's success is read from the next stroke, and a position error from the
/// one before, only within the same rack and inning).
pub fn count(strokes: &[RuledStroke]) -> [Performance; 2] {
    let mut out = [Performance::default(); 2];
    for (i, s) in strokes.iter().enumerate() {
        let r = &s.ruling;
        let p = &mut out[r.shooter.index()];
        p.strokes += 1;
        p.balls_made += balls_made(r);
        let kick_foul = s.kick && !r.legal;
        match r.call {
            Call::Break => p.break_errors += u32::from(!r.legal),
            _ if kick_foul => p.kick_errors += 1,
            Call::Ball { .. } if r.legal => p.miss_errors += u32::from(!made_called_ball(r)),
            Call::Ball { .. } => {
                // A foul is one error; with the called ball not down, a miss is a second.
                p.foul_errors += 1;
                p.miss_errors += u32::from(!called_ball_dropped(r));
            }
            Call::Safety => {
                let failed = !r.legal || opponent_made_next(r, strokes.get(i + 1));
                p.safety_errors += u32::from(failed);
            }
            Call::PushOut => p.foul_errors += u32::from(!r.legal),
        }
        if r.call == Call::Safety && made_just_before(r, i.checked_sub(1).map(|j| &strokes[j])) {
            p.position_errors += 1;
        }
    }
    out
}

/// The called ball went down on a foul (it stays down, but the foul ends the inning).
fn called_ball_dropped(r: &Ruling) -> bool {
    matches!(r.call, Call::Ball { ball, .. } if r.stay_down.contains(&ball))
}

/// The stroke after a safety is the opponent's, in the same rack, and legally makes his call.
fn opponent_made_next(safety: &Ruling, next: Option<&RuledStroke>) -> bool {
    next.is_some_and(|n| {
        n.ruling.rack == safety.rack
            && n.ruling.shooter != safety.shooter
            && made_called_ball(&n.ruling)
    })
}

/// The stroke before is the same player's in the same rack and inning, and made a ball.
fn made_just_before(r: &Ruling, before: Option<&RuledStroke>) -> bool {
    before.is_some_and(|b| {
        b.ruling.rack == r.rack
            && b.ruling.inning == r.inning
            && b.ruling.shooter == r.shooter
            && b.ruling.legal
            && balls_made(&b.ruling) > 0
    })
}

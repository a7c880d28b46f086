//! What comes out of the referee: the ruling on a shot (what it meant) and the turn (what the
//! next player may do), after pooltool's `ShotInfo` and `ShotConstraints`.

use serde::{Deserialize, Serialize};

use super::shot::{Call, Foul};
use super::state::{ChoiceReason, CueBall, GameState, Phase, PlayerId};
use crate::table::Point;

/// A foul found on a shot, with the rule that makes it one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FoulFound {
    pub rule: String,
    pub foul: Foul,
    pub text: String,
}

impl From<Foul> for FoulFound {
    fn from(foul: Foul) -> Self {
        FoulFound {
            rule: foul.rule().to_string(),
            text: foul.describe(),
            foul,
        }
    }
}

/// A ball put back on the table (only ever the 10, 5.9).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Spotted {
    pub ball: u8,
    pub at: Point,
}

/// How a rack was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// 5.8: the called 10 legally pocketed.
    Ten,
    /// 7.14: the opponent's third consecutive foul.
    ThreeFouls,
    /// 7.16: the referee's penalty for unsportsmanlike conduct.
    Unsportsmanlike,
}

/// The end of a rack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum RackResult {
    Won {
        winner: PlayerId,
        how: WinReason,
        rule: &'static str,
        /// The winner has won the race: the match is over.
        match_over: bool,
    },
    /// 1.12, 5.12: no progress; the original breaker breaks again.
    Stalemate {
        rebreak: PlayerId,
        rule: &'static str,
    },
}

/// Where the cue ball may be placed by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InHand {
    /// 1.5: anywhere on the playing surface.
    Anywhere,
    /// 5.3: behind the head string.
    Kitchen,
}

/// What the player to act may do (pooltool's shot constraints).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum TurnAction {
    /// 1.2: both players lag.
    Lag,
    /// The lag winner chooses who breaks.
    ChooseBreaker,
    /// 5.3: break with the cue ball in hand in the kitchen; nothing is called; the 1 first.
    /// (`ball_on` is written `hit_first` in JSON.)
    Break {
        ball_in_hand: InHand,
        #[serde(rename = "hit_first")]
        ball_on: u8,
    },
    /// A called shot (5.5): the ball on, the lowest ball on the table, is hit first (7.2).
    Shoot {
        ball_in_hand: Option<InHand>,
        #[serde(rename = "hit_first")]
        ball_on: u8,
        push_out_allowed: bool,
        safety_allowed: bool,
        /// The player is on two fouls (7.14) and has been warned.
        on_two_fouls_warned: bool,
    },
    /// Choose who plays from the position: `play_table` shoots himself, `hand_back` gives the
    /// shot to the player who just shot.
    Choose {
        reason: ChoiceReason,
        rule: &'static str,
    },
    /// The match is over.
    MatchOver { winner: PlayerId },
}

/// The player to act and what he may do. There is always exactly one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Turn {
    pub player: PlayerId,
    #[serde(flatten)]
    pub action: TurnAction,
}

impl GameState {
    /// What the next player may do.
    pub fn turn(&self) -> Turn {
        let ball_on = self.ball_on();
        let action = match self.phase {
            Phase::Lag => TurnAction::Lag,
            Phase::ChooseBreaker { .. } => TurnAction::ChooseBreaker,
            Phase::Break { .. } => TurnAction::Break {
                ball_in_hand: InHand::Kitchen,
                ball_on,
            },
            Phase::Shot {
                shooter,
                cue_ball,
                push_out,
            } => {
                let fouls = self.fouls_of(shooter);
                TurnAction::Shoot {
                    ball_in_hand: (cue_ball == CueBall::InHand).then_some(InHand::Anywhere),
                    ball_on,
                    push_out_allowed: push_out,
                    safety_allowed: self.rules.safety_call,
                    on_two_fouls_warned: fouls.count >= 2 && fouls.warned,
                }
            }
            Phase::Choice { reason, .. } => TurnAction::Choose {
                reason,
                rule: reason.rule(),
            },
            Phase::MatchOver { winner } => TurnAction::MatchOver { winner },
        };
        Turn {
            player: self.to_act(),
            action,
        }
    }
}

/// The referee's ruling on one shot.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Ruling {
    pub rack: u32,
    pub inning: u32,
    pub shooter: PlayerId,
    pub call: Call,
    /// No foul.
    pub legal: bool,
    /// The rule that decided the outcome.
    pub rule: &'static str,
    /// Every foul found; several fouls on one shot count as one (5.10).
    pub fouls: Vec<FoulFound>,
    /// The shooter's consecutive fouls after this shot (7.14).
    pub shooter_fouls: u8,
    /// Pocketed object balls that stay down.
    pub stay_down: Vec<u8>,
    /// Object balls driven off the table that stay off (7.5).
    pub stay_off: Vec<u8>,
    /// The 10, spotted (5.9).
    pub spotted: Option<Spotted>,
    /// A player warned that he is on two fouls (7.14) as he comes to the table.
    pub warned: Option<PlayerId>,
    /// A 7.12 or other declared event that does not count in this edition.
    pub ignored: Vec<String>,
    pub rack_result: Option<RackResult>,
    /// Who acts next, and with what.
    pub next: Turn,
    /// A short English explanation citing the rules.
    pub explanation: String,
}

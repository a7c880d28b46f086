//! Match and rack state: players, score, who acts and with what, the balls on the table, foul
//! counts with the 7.14 warning, the stalemate countdown (1.12) and the edition switches.

use serde::{Deserialize, Serialize};
use std::fmt;

use crate::table::TableSize;

/// One of the two players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PlayerId {
    A,
    B,
}

impl PlayerId {
    pub fn other(self) -> PlayerId {
        match self {
            PlayerId::A => PlayerId::B,
            PlayerId::B => PlayerId::A,
        }
    }

    pub fn index(self) -> usize {
        match self {
            PlayerId::A => 0,
            PlayerId::B => 1,
        }
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerId::A => write!(f, "player A"),
            PlayerId::B => write!(f, "player B"),
        }
    }
}

/// Who breaks the racks after the first (5.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BreakOrder {
    /// Players take turns breaking (the seed's standard format).
    #[default]
    Alternate,
    WinnerBreaks,
    LoserBreaks,
}

/// Edition switches and match format. The defaults are the seed (WPA 2009, Dutch translation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Race to this many racks.
    pub race_to: u32,
    pub break_order: BreakOrder,
    /// 5.6: a shooter may call "safety" (WPA 2025: no).
    pub safety_call: bool,
    /// 5.8: a legally pocketed called 10 wins even when other balls remain (WPA 2025: no, it is
    /// spotted and the shooter continues).
    pub early_ten_wins: bool,
    /// 7.12: a cue stick lying on the table is a foul (WPA 2025: removed).
    pub cue_on_table_foul: bool,
    /// 7.14: the referee warns a player who comes to the table on two fouls. Off, the warning
    /// must be given by hand (`warned` in the state), and without it a third foul counts as the
    /// second.
    pub auto_warn: bool,
    /// 1.12: innings each player gets after the stalemate warning.
    pub stalemate_innings: u8,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            race_to: 7,
            break_order: BreakOrder::Alternate,
            safety_call: true,
            early_ten_wins: true,
            cue_on_table_foul: true,
            auto_warn: true,
            stalemate_innings: 3,
        }
    }
}

impl Rules {
    /// The switches of the 2025 WPA rewrite, where they differ from the seed.
    pub fn wpa_2025() -> Self {
        Rules {
            safety_call: false,
            early_ten_wins: false,
            cue_on_table_foul: false,
            ..Rules::default()
        }
    }
}

/// Where the cue ball is when the next shot is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CueBall {
    /// Played from where it came to rest.
    AsItLies,
    /// In hand anywhere on the playing surface (1.5, after a standard foul).
    InHand,
}

/// Why the incoming player has a choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceReason {
    /// 5.4: after a foul-free push out, who plays the next shot.
    PushOut,
    /// 5.6: a ball was pocketed on a called safety.
    SafetyPocket,
    /// 5.7, wrongly pocketed balls: the called shot was missed but an object ball was pocketed.
    #[serde(alias = "wrong_ball")]
    WronglyPocketed,
}

impl ChoiceReason {
    pub fn rule(self) -> &'static str {
        match self {
            ChoiceReason::PushOut => "5.4",
            ChoiceReason::SafetyPocket => "5.6",
            ChoiceReason::WronglyPocketed => "5.7",
        }
    }
}

/// The incoming player's answer to a choice (5.4, 5.6, 5.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableChoice {
    /// Accept the table and shoot from the position.
    PlayTable,
    /// Hand the table back: the player who shot plays again from the position.
    HandBack,
}

/// Whose move it is and what kind of move. Each phase names exactly one player to act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case", deny_unknown_fields)]
pub enum Phase {
    /// 1.2: both players lag for the first break.
    Lag,
    /// The lag winner chooses who breaks.
    ChooseBreaker { chooser: PlayerId },
    /// 5.3: the break, cue ball in hand in the kitchen.
    Break { breaker: PlayerId },
    /// A called shot.
    Shot {
        shooter: PlayerId,
        cue_ball: CueBall,
        /// 5.4: the first shot after a foul-free break may be a push out.
        push_out: bool,
    },
    /// The incoming player chooses who plays from the position.
    Choice {
        chooser: PlayerId,
        reason: ChoiceReason,
    },
    /// The match is over.
    MatchOver { winner: PlayerId },
}

/// A set of object balls (1 to 10), written as a sorted list of numbers.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BallSet(u16);

impl BallSet {
    pub const EMPTY: BallSet = BallSet(0);
    /// All ten object balls.
    pub const FULL: BallSet = BallSet(0b111_1111_1110);

    pub fn contains(self, ball: u8) -> bool {
        (1..=10).contains(&ball) && self.0 & (1 << ball) != 0
    }

    pub fn insert(&mut self, ball: u8) {
        assert!((1..=10).contains(&ball), "object balls are 1 to 10");
        self.0 |= 1 << ball;
    }

    pub fn remove(&mut self, ball: u8) {
        self.0 &= !(1u16 << ball);
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered ball in the set.
    pub fn lowest(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }

    pub fn iter(self) -> impl Iterator<Item = u8> {
        (1..=10).filter(move |&b| self.contains(b))
    }
}

impl FromIterator<u8> for BallSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut s = BallSet::EMPTY;
        for b in iter {
            s.insert(b);
        }
        s
    }
}

impl fmt::Debug for BallSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for BallSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for BallSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let balls = Vec::<u8>::deserialize(d)?;
        let mut set = BallSet::EMPTY;
        for b in balls {
            if !(1..=10).contains(&b) {
                return Err(serde::de::Error::custom(format!(
                    "ball {b} is not an object ball (1 to 10)"
                )));
            }
            if set.contains(b) {
                return Err(serde::de::Error::custom(format!(
                    "ball {b} is listed twice"
                )));
            }
            set.insert(b);
        }
        Ok(set)
    }
}

/// The longest race accepted.
pub const MAX_RACE: u32 = 1000;
/// The most innings a stalemate warning may give.
pub const MAX_STALEMATE_INNINGS: u8 = 100;
/// The largest rack or inning number accepted.
pub const MAX_COUNTER: u32 = 1_000_000;

/// Consecutive fouls of one player in this rack (7.14) and whether he was warned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FoulCount {
    pub count: u8,
    pub warned: bool,
}

/// Everything the referee needs to know before a shot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameState {
    #[serde(default)]
    pub rules: Rules,
    #[serde(default)]
    pub table: TableSize,
    /// Racks won by A and B.
    #[serde(default)]
    pub score: [u32; 2],
    /// The rack being played, from 1.
    #[serde(default = "one")]
    pub rack: u32,
    /// The inning of this rack, from 1: it goes up each time the turn passes.
    #[serde(default = "one")]
    pub inning: u32,
    /// The player who broke (or is to break) this rack; the stalemate re-break is his (1.12).
    #[serde(default = "player_a")]
    pub breaker: PlayerId,
    pub phase: Phase,
    /// Object balls on the table.
    #[serde(default = "full_rack")]
    pub on_table: BallSet,
    /// Consecutive fouls of A and B.
    #[serde(default)]
    pub fouls: [FoulCount; 2],
    /// After the stalemate warning (1.12): innings A and B have left.
    #[serde(default)]
    pub stalemate: Option<[u8; 2]>,
    /// Winner of the previous rack, for winner/loser breaks.
    #[serde(default)]
    pub last_rack_winner: Option<PlayerId>,
}

fn one() -> u32 {
    1
}
fn player_a() -> PlayerId {
    PlayerId::A
}
fn full_rack() -> BallSet {
    BallSet::FULL
}

impl GameState {
    /// A new match that starts with the lag.
    pub fn new(rules: Rules, table: TableSize) -> Self {
        GameState {
            rules,
            table,
            score: [0, 0],
            rack: 1,
            inning: 1,
            breaker: PlayerId::A,
            phase: Phase::Lag,
            on_table: BallSet::FULL,
            fouls: [FoulCount::default(); 2],
            stalemate: None,
            last_rack_winner: None,
        }
    }

    /// A new match whose first break is `breaker`'s (the lag already decided).
    pub fn with_breaker(rules: Rules, table: TableSize, breaker: PlayerId) -> Self {
        GameState {
            breaker,
            phase: Phase::Break { breaker },
            ..GameState::new(rules, table)
        }
    }

    /// The one player who acts next.
    pub fn to_act(&self) -> PlayerId {
        match self.phase {
            Phase::Lag => PlayerId::A,
            Phase::ChooseBreaker { chooser } => chooser,
            Phase::Break { breaker } => breaker,
            Phase::Shot { shooter, .. } => shooter,
            Phase::Choice { chooser, .. } => chooser,
            Phase::MatchOver { winner } => winner,
        }
    }

    pub fn fouls_of(&self, p: PlayerId) -> FoulCount {
        self.fouls[p.index()]
    }

    /// Checks that the state holds together: the race, scores below it (the winner's at it
    /// once the match is over), counters in range, fouls at most two with a warning only on
    /// two, the stalemate countdown within its setting, the 10 on the table while a rack is
    /// played. Says what is wrong.
    /// The same shot with the cue ball in hand anywhere: practice's "ball in hand" (the game's
    /// button, the Python environments' start from hand), not a ruling. `None` unless a shot
    /// is due.
    pub fn practice_ball_in_hand(&self) -> Option<GameState> {
        let Phase::Shot {
            shooter, push_out, ..
        } = self.phase
        else {
            return None;
        };
        Some(GameState {
            phase: Phase::Shot {
                shooter,
                cue_ball: CueBall::InHand,
                push_out,
            },
            ..self.clone()
        })
    }

    pub fn validate(&self) -> Result<(), String> {
        let r = &self.rules;
        if !(1..=MAX_RACE).contains(&r.race_to) {
            return Err(format!(
                "rules.race_to must be 1 to {MAX_RACE}, got {}",
                r.race_to
            ));
        }
        if !(1..=MAX_STALEMATE_INNINGS).contains(&r.stalemate_innings) {
            return Err(format!(
                "rules.stalemate_innings must be 1 to {MAX_STALEMATE_INNINGS}, got {}",
                r.stalemate_innings
            ));
        }
        for p in [PlayerId::A, PlayerId::B] {
            let s = self.score[p.index()];
            let winner = matches!(self.phase, Phase::MatchOver { winner } if winner == p);
            if winner && s != r.race_to {
                return Err(format!(
                    "{p} won the match, so his score must be the race, {}, not {s}",
                    r.race_to
                ));
            }
            if !winner && s >= r.race_to {
                return Err(format!(
                    "score of {p} is {s}, but the race is to {}: the match would be over",
                    r.race_to
                ));
            }
            let f = self.fouls[p.index()];
            if f.count > 2 {
                return Err(format!(
                    "fouls of {p}: {} in a row is not a state (a third loses the rack, 7.14)",
                    f.count
                ));
            }
            if f.warned && f.count < 2 {
                return Err(format!(
                    "fouls of {p}: warned, but on {} fouls, not two",
                    f.count
                ));
            }
        }
        if !(1..=MAX_COUNTER).contains(&self.rack) {
            return Err(format!(
                "rack must be 1 to {MAX_COUNTER}, got {}",
                self.rack
            ));
        }
        if !(1..=MAX_COUNTER).contains(&self.inning) {
            return Err(format!(
                "inning must be 1 to {MAX_COUNTER}, got {}",
                self.inning
            ));
        }
        if let Some(left) = self.stalemate
            && left.iter().any(|&n| n > r.stalemate_innings)
        {
            return Err(format!(
                "stalemate: {left:?} innings left, more than the {} the warning gives",
                r.stalemate_innings
            ));
        }
        if !matches!(
            self.phase,
            Phase::MatchOver { .. } | Phase::Lag | Phase::ChooseBreaker { .. }
        ) && !self.on_table.contains(10)
        {
            return Err("the 10 is not on the table, but the rack goes on (it leaves only when the rack is won)".into());
        }
        Ok(())
    }

    /// The ball on: the lowest-numbered ball on the table, the one to hit first (7.2).
    pub fn ball_on(&self) -> u8 {
        self.on_table.lowest().unwrap_or(10)
    }
}

//! The answer key of a quiz question, read from the referee's ruling (never typed by hand), in
//! the order a referee answers: legal or foul; the rule that decided; what happens to the balls;
//! who shoots next and how. Each part has the words an answers file and the terminal take.

use serde::{Deserialize, Serialize};

use crate::referee::{InHand, Ruling, TurnAction};

/// What happens to the balls after the shot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Balls {
    /// No object ball was pocketed or driven off the table.
    Nothing,
    /// The pocketed balls stay down.
    StayDown,
    /// The 10 is spotted (any other pocketed ball stays down).
    TenSpotted,
    /// A ball driven off the table stays off (7.5; the 10 would be spotted).
    StayOff,
    /// The rack is over (won, or lost on three fouls): the balls are racked again, nothing
    /// stays down.
    Rack,
}

/// Who acts next, seen from the shooter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Who {
    Shooter,
    Opponent,
}

/// How the next player goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum How {
    /// Shoots the table as it lies.
    AsItLies,
    /// Cue ball in hand anywhere (1.5).
    InHand,
    /// As it lies, and he may push out (5.4).
    PushOut,
    /// Cue ball in hand, and he may push out.
    InHandPushOut,
    /// Chooses who plays the position (5.4, 5.6, 5.7).
    Choose,
    /// Breaks (the next rack, or again).
    Break,
    /// The match is over: he has won it.
    MatchOver,
}

/// The key: what the referee ruled, part by part.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Key {
    pub legal: bool,
    pub rule: String,
    pub balls: Balls,
    pub who: Who,
    pub how: How,
}

/// The four parts of an answer, in the order they are asked.
pub const PARTS: [&str; 4] = ["legal or foul", "rule", "balls", "next"];

impl Key {
    /// The key of a ruling on a shot by `ruling.shooter`.
    pub fn of(ruling: &Ruling) -> Key {
        let balls = if ruling.rack_result.is_some() {
            Balls::Rack
        } else if ruling.spotted.is_some() {
            Balls::TenSpotted
        } else if !ruling.stay_off.is_empty() {
            Balls::StayOff
        } else if !ruling.stay_down.is_empty() {
            Balls::StayDown
        } else {
            Balls::Nothing
        };
        let who = if ruling.next.player == ruling.shooter {
            Who::Shooter
        } else {
            Who::Opponent
        };
        let how = match ruling.next.action {
            TurnAction::Shoot {
                ball_in_hand,
                push_out_allowed,
                ..
            } => match (ball_in_hand.is_some(), push_out_allowed) {
                (false, false) => How::AsItLies,
                (true, false) => How::InHand,
                (false, true) => How::PushOut,
                (true, true) => How::InHandPushOut,
            },
            TurnAction::Choose { .. } => How::Choose,
            TurnAction::Break { .. } | TurnAction::Lag | TurnAction::ChooseBreaker => How::Break,
            TurnAction::MatchOver { .. } => How::MatchOver,
        };
        Key {
            legal: ruling.legal,
            rule: ruling.rule.to_string(),
            balls,
            who,
            how,
        }
    }

    /// Each part graded against `answer`: right or not, in [`PARTS`] order.
    pub fn grade(&self, answer: &Answer) -> [bool; 4] {
        [
            answer.legal == Some(self.legal),
            answer.rule.as_deref() == Some(self.rule.as_str()),
            answer.balls == Some(self.balls),
            answer.next == Some((self.who, self.how)),
        ]
    }

    /// The referee's answer to each part in words, in [`PARTS`] order, as a graded answer
    /// shows it beside the person's (the terminal's and the game's).
    pub fn said(&self) -> [String; 4] {
        [
            if self.legal { "legal" } else { "foul" }.to_string(),
            format!("{} ({})", self.rule, rule_title(&self.rule)),
            self.balls.meaning().to_string(),
            format!("{}: {}", self.who.meaning(), self.how.meaning()),
        ]
    }

    /// The key as an answers file line writes it (after the question's number).
    pub fn words(&self) -> String {
        format!(
            "{} {} {} {} {}",
            if self.legal { "legal" } else { "foul" },
            self.rule,
            self.balls.word(),
            self.who.word(),
            self.how.word()
        )
    }
}

/// A person's answer; a part left out (or `-`) is `None` and graded wrong.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    pub legal: Option<bool>,
    pub rule: Option<String>,
    pub balls: Option<Balls>,
    pub next: Option<(Who, How)>,
}

/// A word that names one of a part's choices, with what each choice means.
pub trait Choice: Sized + Copy + 'static {
    const ALL: &'static [Self];
    fn word(self) -> &'static str;
    fn meaning(self) -> &'static str;
    /// The choice a word names (case ignored).
    fn from_word(w: &str) -> Option<Self> {
        let w = w.trim().to_ascii_lowercase();
        Self::ALL.iter().copied().find(|c| c.word() == w)
    }
    /// "a, b or c", for a message.
    fn words() -> String {
        let all: Vec<&str> = Self::ALL.iter().map(|c| c.word()).collect();
        match all.split_last() {
            Some((last, init)) if !init.is_empty() => format!("{} or {last}", init.join(", ")),
            _ => all.join(""),
        }
    }
}

impl Choice for Balls {
    const ALL: &'static [Self] = &[
        Balls::Nothing,
        Balls::StayDown,
        Balls::TenSpotted,
        Balls::StayOff,
        Balls::Rack,
    ];
    fn word(self) -> &'static str {
        match self {
            Balls::Nothing => "nothing",
            Balls::StayDown => "down",
            Balls::TenSpotted => "spot",
            Balls::StayOff => "off",
            Balls::Rack => "rack",
        }
    }
    fn meaning(self) -> &'static str {
        match self {
            Balls::Nothing => "no object ball was pocketed or left the table",
            Balls::StayDown => "the pocketed balls stay down",
            Balls::TenSpotted => "the 10 is spotted, any other pocketed ball stays down",
            Balls::StayOff => "the ball driven off the table stays off",
            Balls::Rack => "the rack is over: the balls are racked again, nothing stays down",
        }
    }
}

impl Choice for Who {
    const ALL: &'static [Self] = &[Who::Shooter, Who::Opponent];
    fn word(self) -> &'static str {
        match self {
            Who::Shooter => "shooter",
            Who::Opponent => "opponent",
        }
    }
    fn meaning(self) -> &'static str {
        match self {
            Who::Shooter => "the player who just shot",
            Who::Opponent => "his opponent",
        }
    }
}

impl Choice for How {
    const ALL: &'static [Self] = &[
        How::AsItLies,
        How::InHand,
        How::PushOut,
        How::InHandPushOut,
        How::Choose,
        How::Break,
        How::MatchOver,
    ];
    fn word(self) -> &'static str {
        match self {
            How::AsItLies => "lies",
            How::InHand => "in-hand",
            How::PushOut => "push-out",
            How::InHandPushOut => "in-hand-push-out",
            How::Choose => "choose",
            How::Break => "break",
            How::MatchOver => "match-over",
        }
    }
    fn meaning(self) -> &'static str {
        match self {
            How::AsItLies => "shoots the table as it lies",
            How::InHand => "shoots with the cue ball in hand anywhere",
            How::PushOut => "shoots as it lies and may push out",
            How::InHandPushOut => "shoots with the cue ball in hand and may push out",
            How::Choose => "chooses who plays the position",
            How::Break => "breaks",
            How::MatchOver => "has won the match",
        }
    }
}

/// Reads one part of an answer from its word; `-` or nothing is no answer. The error names the
/// words the part takes.
pub fn part<C: Choice>(what: &str, w: &str) -> Result<Option<C>, String> {
    if w.is_empty() || w == "-" {
        return Ok(None);
    }
    C::from_word(w).map(Some).ok_or_else(|| {
        format!(
            "{what}: `{}` is none of {}",
            crate::echo::cut(&crate::echo::visible(w)),
            C::words()
        )
    })
}

/// Reads the verdict: `legal` or `foul`.
pub fn verdict(w: &str) -> Result<Option<bool>, String> {
    match w.trim().to_ascii_lowercase().as_str() {
        "" | "-" => Ok(None),
        "legal" => Ok(Some(true)),
        "foul" => Ok(Some(false)),
        other => Err(format!(
            "legal or foul: `{}` is neither",
            crate::echo::cut(&crate::echo::visible(other))
        )),
    }
}

/// Reads a rule number, which must be one of the seed's.
pub fn rule(w: &str) -> Result<Option<String>, String> {
    let w = w.trim();
    if w.is_empty() || w == "-" {
        return Ok(None);
    }
    if crate::referee::is_rule_number(w) {
        Ok(Some(w.to_string()))
    } else {
        Err(format!(
            "rule: `{}` is no rule of the seed (rules are {})",
            crate::echo::cut(&crate::echo::visible(w)),
            crate::referee::RULE_NUMBERS.join(", ")
        ))
    }
}

/// The short title of each rule number, from the rule book (`shared/rules/ten-ball.md`), for the
/// choices shown beside a question and the review.
pub fn rule_title(rule: &str) -> &'static str {
    match rule {
        "1.2" => "lag",
        "1.4" => "spotting balls",
        "1.5" => "cue ball in hand",
        "1.6" => "called shot",
        "1.12" => "stalemate",
        "5.1" => "lag and order of breaks",
        "5.2" => "the rack",
        "5.3" => "the break",
        "5.4" => "push out",
        "5.5" => "call shot",
        "5.6" => "safety",
        "5.7" => "wrongly pocketed balls",
        "5.8" => "continuing (the 10 made wins)",
        "5.9" => "spotting the 10",
        "5.10" => "standard fouls: ball in hand",
        "5.11" => "serious fouls",
        "5.12" => "stalemate",
        "7.1" => "cue ball pocketed or off the table",
        "7.2" => "wrong ball first",
        "7.3" => "no rail after contact",
        "7.4" => "no foot on the floor",
        "7.5" => "object ball off the table",
        "7.6" => "touched ball",
        "7.7" => "double hit, frozen balls",
        "7.8" => "push shot",
        "7.9" => "balls still moving",
        "7.10" => "bad cue ball placement",
        "7.12" => "cue stick on the table",
        "7.13" => "playing out of turn",
        "7.14" => "three consecutive fouls",
        "7.15" => "slow play",
        "7.16" => "unsportsmanlike conduct",
        "8.1" => "what counts as a rail",
        "8.4" => "driven to a rail",
        "8.5" => "driven off the table",
        _ => "",
    }
}

/// `InHand` in words, for the position's description.
pub fn in_hand_words(h: InHand) -> &'static str {
    match h {
        InHand::Anywhere => "in hand anywhere",
        InHand::Kitchen => "in hand behind the head string",
    }
}

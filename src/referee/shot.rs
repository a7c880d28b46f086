//! What goes into a ruling: the shooter's call and the facts of the shot (what a referee saw),
//! and the fouls the referee can find in them, each with its rule number.

use serde::{Deserialize, Serialize};

use crate::table::{Pocket, Point, Rail};

/// Ball number 0 is the cue ball; 1 to 10 are the object balls.
pub const CUE: u8 = 0;

/// The shooter's call before a shot (5.3, 5.4, 5.5, 5.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Call {
    /// The break: nothing is called.
    Break,
    /// One ball into one pocket (5.5, 1.6).
    Ball { ball: u8, pocket: Pocket },
    /// 5.6: the inning ends after a legal shot.
    Safety,
    /// 5.4: announced push out on the first shot after a foul-free break.
    PushOut,
}

/// An object ball pocketed, in the order they dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pocketed {
    pub ball: u8,
    pub pocket: Pocket,
}

/// A ball touching a rail. After first contact: the ball touched that rail. At the start
/// (`frozen_to_rail`): the ball lay frozen to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RailContact {
    pub ball: u8,
    pub rail: Rail,
    /// The ball left this rail and came back. Matters only for a ball frozen to that rail at
    /// the start, which is driven to it only if it left and came back (8.4).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub returned: bool,
}

/// Where the cue ball ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(tag = "fate", rename_all = "snake_case", deny_unknown_fields)]
pub enum CueBallFate {
    #[default]
    OnTable,
    Pocketed {
        pocket: Pocket,
    },
    OffTable,
}

/// A ball's position at rest after the shot.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BallAt {
    pub ball: u8,
    pub x: f64,
    pub y: f64,
}

impl BallAt {
    pub fn point(&self) -> Point {
        Point::new(self.x, self.y)
    }
}

/// The penalty the referee sets for unsportsmanlike conduct (7.16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Penalty {
    /// Treated as a standard foul.
    Foul,
    LossOfRack,
    LossOfMatch,
}

/// Fouls that physics cannot see, declared by a referee, the game loop or the cue model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declared {
    /// 7.4
    NoFootOnFloor,
    /// 7.6
    TouchedBall,
    /// 7.7 (waived when the cue ball was frozen to the ball it hit first)
    DoubleHit,
    /// 7.8
    PushShot,
    /// 7.9
    BallsStillMoving,
    /// 7.10
    BadCueBallPlacement,
    /// 7.12 (only where the edition has it)
    CueOnTable,
    /// 7.13
    OutOfTurn,
    /// 7.15
    SlowPlay,
    /// 7.16
    Unsportsmanlike(Penalty),
}

impl Declared {
    pub fn rule(self) -> &'static str {
        match self {
            Declared::NoFootOnFloor => "7.4",
            Declared::TouchedBall => "7.6",
            Declared::DoubleHit => "7.7",
            Declared::PushShot => "7.8",
            Declared::BallsStillMoving => "7.9",
            Declared::BadCueBallPlacement => "7.10",
            Declared::CueOnTable => "7.12",
            Declared::OutOfTurn => "7.13",
            Declared::SlowPlay => "7.15",
            Declared::Unsportsmanlike(_) => "7.16",
        }
    }

    pub(crate) fn text(self) -> &'static str {
        match self {
            Declared::NoFootOnFloor => "no foot on the floor",
            Declared::TouchedBall => "a ball was touched other than by the stroke",
            Declared::DoubleHit => "double hit",
            Declared::PushShot => "push shot",
            Declared::BallsStillMoving => "shot while a ball was still moving",
            Declared::BadCueBallPlacement => "cue ball placed wrongly",
            Declared::CueOnTable => "cue stick lying on the table",
            Declared::OutOfTurn => "played out of turn",
            Declared::SlowPlay => "slow play: the shot clock ran out",
            Declared::Unsportsmanlike(_) => "unsportsmanlike conduct",
        }
    }
}

/// What the referee saw on one shot. Every list but `pocketed` is a set; `pocketed` keeps the
/// order in which the balls dropped.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShotFacts {
    /// Where the cue ball lay when it was struck (checked against the kitchen on the break).
    pub cue_ball_start: Option<Point>,
    /// The object ball the cue ball hit first; none for a complete miss.
    pub first_contact: Option<u8>,
    /// Balls (the cue ball included, as 0) that touched a rail after the first contact.
    pub rail_contacts: Vec<RailContact>,
    /// Cushions the cue ball met before its first contact (a kick when above zero); the rules
    /// do not use it, the players' statistics do (Accu-Stats' kick).
    #[serde(skip_serializing_if = "is_zero")]
    pub cue_rails_before_contact: u32,
    /// Object balls pocketed, in order.
    pub pocketed: Vec<Pocketed>,
    /// Object balls driven off the table.
    pub off_table: Vec<u8>,
    pub cue_ball: CueBallFate,
    /// Balls frozen to a rail at the start of the shot.
    pub frozen_to_rail: Vec<RailContact>,
    /// The object ball the cue ball was frozen to at the start, if any.
    pub cue_frozen_to: Option<u8>,
    /// Fouls physics cannot see.
    pub declared: Vec<Declared>,
    /// Positions at rest after the shot, for spotting the 10 (1.4). Without them the 10 is
    /// spotted as if the long string were free.
    pub rest: Vec<BallAt>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl ShotFacts {
    pub fn pocketed_balls(&self) -> impl Iterator<Item = u8> + '_ {
        self.pocketed.iter().map(|p| p.ball)
    }

    /// Object balls driven to a rail after first contact (8.4): a ball frozen to a rail at the
    /// start counts for that rail only if it left and came back; pocketed and off-table balls
    /// count as driven. The cue ball is not an object ball and is never in this list.
    pub fn object_balls_driven_to_rail(&self) -> Vec<u8> {
        let mut balls: Vec<u8> = self
            .rail_contacts
            .iter()
            .filter(|c| c.ball != CUE && self.counts_as_driven(c))
            .map(|c| c.ball)
            .chain(self.pocketed_balls())
            .chain(self.off_table.iter().copied())
            .collect();
        balls.sort_unstable();
        balls.dedup();
        balls
    }

    /// Whether any ball at all, the cue ball included, was driven to a rail (7.3).
    pub fn any_ball_driven_to_rail(&self) -> bool {
        self.rail_contacts.iter().any(|c| self.counts_as_driven(c))
            || !self.pocketed.is_empty()
            || !self.off_table.is_empty()
            || self.cue_ball != CueBallFate::OnTable
    }

    /// Whether this rail contact drives its ball to a rail (8.4): a ball frozen to that rail at
    /// the start only if it left and came back.
    pub fn counts_as_driven(&self, c: &RailContact) -> bool {
        let frozen_there = self
            .frozen_to_rail
            .iter()
            .any(|f| f.ball == c.ball && f.rail == c.rail);
        !frozen_there || c.returned
    }
}

/// A foul the referee found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Foul {
    /// 7.1
    CueBallPocketed { pocket: Pocket },
    /// 7.1
    CueBallOffTable,
    /// 7.2: the first ball hit was not the lowest on the table.
    WrongBallFirst { hit: u8, lowest: u8 },
    /// 7.3: the cue ball hit no ball at all.
    CompleteMiss,
    /// 7.3: nothing pocketed and no ball driven to a rail after first contact.
    NoRail,
    /// 5.3: nothing pocketed on the break and fewer than four object balls driven to a rail.
    BreakTooFewRails { driven: u8 },
    /// 7.5
    ObjectBallOffTable { balls: Vec<u8> },
    /// 7.10 found by the placement check: the cue ball was not behind the head string.
    CueBallNotInKitchen { at: Point },
    /// A declared foul.
    Declared { declared: Declared },
}

impl Foul {
    pub fn rule(&self) -> &'static str {
        match self {
            Foul::CueBallPocketed { .. } | Foul::CueBallOffTable => "7.1",
            Foul::WrongBallFirst { .. } => "7.2",
            Foul::CompleteMiss | Foul::NoRail => "7.3",
            Foul::BreakTooFewRails { .. } => "5.3",
            Foul::ObjectBallOffTable { .. } => "7.5",
            Foul::CueBallNotInKitchen { .. } => "7.10",
            Foul::Declared { declared } => declared.rule(),
        }
    }

    pub fn describe(&self) -> String {
        match self {
            Foul::CueBallPocketed { pocket } => {
                format!("the cue ball was pocketed in the {} pocket", pocket.name())
            }
            Foul::CueBallOffTable => "the cue ball left the table".into(),
            Foul::WrongBallFirst { hit, lowest } => {
                format!("the cue ball hit the {hit} first, not the lowest ball, the {lowest}")
            }
            Foul::CompleteMiss => "the cue ball hit no object ball".into(),
            Foul::NoRail => "no ball was pocketed or driven to a rail after contact".into(),
            Foul::BreakTooFewRails { driven } => format!(
                "nothing was pocketed on the break and only {driven} object ball{} reached a rail, four are required",
                if *driven == 1 { "" } else { "s" }
            ),
            Foul::ObjectBallOffTable { balls } => {
                format!(
                    "object ball{} {} left the table",
                    plural(balls.len()),
                    list(balls)
                )
            }
            Foul::CueBallNotInKitchen { at } => format!(
                "the cue ball was shot from ({:.3}, {:.3}), not from behind the head string",
                at.x, at.y
            ),
            Foul::Declared { declared } => declared.text().into(),
        }
    }
}

pub(crate) fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// "3", "3 and 5", "2, 3 and 5".
pub(crate) fn list(balls: &[u8]) -> String {
    match balls {
        [] => "none".into(),
        [one] => one.to_string(),
        [init @ .., last] => format!(
            "{} and {last}",
            init.iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

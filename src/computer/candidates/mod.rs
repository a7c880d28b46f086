//! Candidate strokes and how the computer scores them: ghost-ball cuts into each pocket (at
//! level 5 aimed at the middle of the aims that make them, and scanned finer for where the cue
//! ball goes), safeties, places for the cue ball in hand, and the geometric ease of a position.

use rand::rngs::StdRng;
use rand::{Rng, RngExt, SeedableRng};

use super::odds::RackOdds;
use super::{Decision, Level, NoMove, sample_config};
use crate::adapter::{PlayedShot, play_shot};
use crate::physics::{Layout, Strike};
use crate::referee::{Call, GameState, PlayerId, Pocketed, RackResult, Ruling, TurnAction};
use crate::table::{Pocket, Point, Table};

/// A cut steeper than this is not tried (degrees).
const MAX_CUT_DEG: f64 = 78.0;
/// The fastest cut tried (m/s), and the softest stroke the scan for position plays.
const MAX_CUT_SPEED: f64 = 8.0;
const MIN_SCAN_SPEED: f64 = 0.5;
/// Below this chance of making a cut, a safety is weighed against it.
const SAFETY_BELOW: f64 = 0.3;
/// What a missed shot is taken to leave the opponent: a chance to make the next ball.
const AFTER_A_MISS: f64 = 0.5;
/// What a foul gives the opponent (ball in hand): a chance to make the next ball.
const AFTER_A_FOUL: f64 = 0.8;

/// What a decision is made from.
pub(super) struct Context<'a> {
    pub state: &'a GameState,
    pub layout: &'a Layout,
    pub level: Level,
    /// The ball on: the lowest on the table (7.2).
    pub ball_on: u8,
    pub safety_allowed: bool,
    /// The cloth, cushions and pockets the samples are played on.
    pub equipment: &'a crate::physics::Equipment,
}

impl<'a> Context<'a> {
    /// A shot on the lowest ball of `state`, no safety: the next shot, or a choice's.
    pub fn on_lowest(
        state: &'a GameState,
        layout: &'a Layout,
        level: Level,
        equipment: &'a crate::physics::Equipment,
    ) -> Context<'a> {
        Context {
            state,
            layout,
            level,
            ball_on: state.ball_on(),
            safety_allowed: false,
            equipment,
        }
    }

    /// The same player's level and equipment at another position, on its lowest ball, no
    /// safety: the next shot from where a sample left the balls.
    fn at<'b>(&self, state: &'b GameState, layout: &'b Layout) -> Context<'b>
    where
        'a: 'b,
    {
        Context::on_lowest(state, layout, self.level, self.equipment)
    }
}

mod ahead;
mod aim;
mod choice;
mod cuts;
mod in_hand;
mod next;
mod safety;
mod sample;
mod scan;
pub(in crate::computer) mod shots;
mod value;
mod window;

use ahead::*;
pub use aim::*;
pub(in crate::computer) use choice::*;
pub(in crate::computer) use cuts::*;
pub(in crate::computer) use in_hand::*;
pub use next::*;
pub(in crate::computer) use safety::*;
pub use sample::*;
use scan::*;
pub(in crate::computer) use value::*;
use window::*;

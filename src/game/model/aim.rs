//! What the player is setting up at the table: the stroke (`Aim`), the call being drafted, a
//! drag in progress, a charge of the power, and where the pointer is. The model's half of the
//! controls: the input layer writes it, the view and the panels read it, and it imports nothing
//! of either.

use bevy::prelude::*;

use crate::physics::Strike;
use crate::physics::params::MISCUE_LIMIT;
use crate::table::{Pocket, Point};

/// Where the pointer is: its ray into the scene (world frame) when a camera casts one, where
/// that ray meets the plane of the balls' centres (table coordinates), and whether a panel has
/// the pointer instead.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct Pointer {
    pub on_table: Option<Point>,
    pub ray: Option<Ray3d>,
    /// The cursor in the window (logical pixels), where there is one: the mouse's, or the
    /// finger's on a touch screen.
    pub cursor: Option<Vec2>,
    /// The finger playing as the left button, while it is down (logical pixels).
    pub finger: Option<Vec2>,
    pub over_panel: bool,
    /// Keyboard input goes to a panel's text field.
    pub typing: bool,
}

/// What kind of call is set up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum CallKind {
    #[default]
    Ball,
    Safety,
    PushOut,
}

/// The call being set up: a ball and a pocket, or a safety or push out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallDraft {
    pub kind: CallKind,
    pub ball: Option<u8>,
    pub pocket: Option<Pocket>,
    /// The player called a ball or a pocket; until then the aim's prediction fills the call.
    pub by_player: bool,
}

/// A drag in progress.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Drag {
    /// The cue ball, in hand, follows the pointer (kept where it may go); the camera holds.
    CueBall(Point),
    /// Overhead or free view: the aim follows the pointer; `fine`: it turns a tenth as fast as
    /// the pointer turns about the cue ball.
    Aim { fine: bool, last: Point },
    /// Behind the cue ball: the mouse's sideways motion turns the cue about the cue ball;
    /// `last_x`: the cursor's place a frame ago.
    Turn { last_x: Option<f32> },
}

/// What a press of the left button picks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Pick {
    Ball(u8),
    Pocket(Pocket),
    /// The cloth (or the rails) at this point.
    Cloth(Point),
    /// Nothing of the table.
    Off,
}

/// The stroke and call being set up, and the aiming aids.
#[derive(Resource, Debug, Clone)]
pub struct Aim {
    pub stroke: Strike,
    pub call: CallDraft,
    /// Aim line and ghost ball.
    pub aim_line: bool,
    pub drag: Option<Drag>,
    pub help: bool,
    /// Space held: the power being charged.
    pub charge: Option<Charge>,
    /// Fine aim, on until turned off (the dock's box or `f`): drags and the arrow keys turn a
    /// tenth as far, as while Shift is held.
    pub fine: bool,
}

/// The power charged while Space is held: it rises from `CHARGE_FROM` to the most the
/// controls give in `CHARGE_RISE` seconds, falls back, and so on; release shoots.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Charge {
    /// Seconds held.
    pub held: f32,
    /// The power before the charge (a tap shoots with it).
    pub set_speed: f64,
}

/// A press shorter than this is a tap (s).
pub const TAP: f32 = 0.25;
/// Power at the start of a charge (m/s).
pub const CHARGE_FROM: f64 = 0.3;
/// Seconds from the least to the most power while charging.
pub const CHARGE_RISE: f32 = 2.0;

impl Charge {
    /// The power charged so far.
    pub fn speed(&self) -> f64 {
        let t = ((self.held - TAP).max(0.0) / CHARGE_RISE) as f64;
        let tri = 1.0 - ((t % 2.0) - 1.0).abs();
        CHARGE_FROM + (MAX_SPEED - CHARGE_FROM) * tri
    }
}

/// Most speed the controls give (m/s).
pub const MAX_SPEED: f64 = 12.0;
/// Most cue elevation the controls give (degrees).
pub const MAX_ELEVATION: f64 = 60.0;

impl Default for Aim {
    fn default() -> Self {
        Aim {
            stroke: Strike::new(0.0, 3.0),
            call: CallDraft::default(),
            aim_line: true,
            drag: None,
            help: false,
            charge: None,
            fine: false,
        }
    }
}

/// The speed a new turn starts at (m/s): a firm shot of the notes' typical 3-4.5 m/s.
pub const NEW_TURN_SPEED: f64 = 3.0;

impl Aim {
    /// A stroke and its call set up as a player would (a scenario's step, a link's shot).
    pub fn set_up(&mut self, call: &crate::referee::Call, stroke: &Strike) {
        use crate::referee::Call;
        self.stroke = *stroke;
        self.call.kind = match call {
            Call::Safety => CallKind::Safety,
            Call::PushOut => CallKind::PushOut,
            _ => CallKind::Ball,
        };
        if let Call::Ball { ball, pocket } = *call {
            self.call.ball = Some(ball);
            self.call.pocket = Some(pocket);
            self.call.by_player = true;
        }
    }

    /// Turns the aim to point from the cue ball at `p`.
    pub fn aim_at(&mut self, cue: Point, p: Point) {
        if cue.distance(p) > 1e-4 {
            self.stroke.aim_deg = (p.y - cue.y).atan2(p.x - cue.x).to_degrees();
        }
    }

    pub fn nudge_aim(&mut self, deg: f64) {
        self.stroke.aim_deg = (self.stroke.aim_deg + deg + 540.0).rem_euclid(360.0) - 180.0;
    }

    pub fn set_speed(&mut self, v: f64) {
        self.stroke.speed = v.clamp(0.1, MAX_SPEED);
    }

    /// Tip offset (shares of the radius), kept within a little past the miscue limit so that a
    /// miscue can be played on purpose.
    pub fn set_tip(&mut self, side: f64, height: f64) {
        let lim = MISCUE_LIMIT * 1.2;
        let (mut s, mut h) = (side, height);
        let r = s.hypot(h);
        if r > lim {
            s *= lim / r;
            h *= lim / r;
        }
        self.stroke.side = s;
        self.stroke.height = h;
    }

    pub fn set_elevation(&mut self, deg: f64) {
        self.stroke.elevation_deg = deg.clamp(0.0, MAX_ELEVATION);
    }
}

/// The ball being carried in set-up mode, if any.
#[derive(Resource, Debug, Default)]
pub struct Carried(pub Option<CarriedBall>);

/// A ball picked up in set-up mode and where the pointer holds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CarriedBall {
    pub ball: u8,
    pub at: Point,
}

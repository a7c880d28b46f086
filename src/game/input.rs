//! Mouse and keyboard at the table: aim, power, tip, elevation, calls, ball in hand, and the
//! keys for replay, undo, camera and the rest. The pointer's place on the table (`Pointer`) is
//! set by the camera in the window and by hand in the tests, so everything here runs headless.

use bevy::prelude::*;

use super::session::{GameAction, Match};
use super::{GameSystems, ShotCycle};
use crate::physics::Strike;
use crate::physics::params::MISCUE_LIMIT;
use crate::referee::{CUE, TableChoice};
use crate::table::{Pocket, Point};

/// Where the pointer is on the table's ball plane (table coordinates), and whether a panel has
/// it instead.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct Pointer {
    pub on_table: Option<Point>,
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
}

/// A drag in progress.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Drag {
    /// The cue ball, in hand, follows the pointer.
    CueBall(Point),
    /// The aim follows the pointer; `fine`: it turns a tenth as fast as the pointer.
    Aim { fine: bool, last: Point },
}

/// The stroke and call being set up, and the aiming aids.
#[derive(Resource, Debug, Clone)]
pub struct Aim {
    pub stroke: Strike,
    pub call: CallDraft,
    /// Aim line and ghost ball.
    pub aim_line: bool,
    /// Predicted paths of every ball that moves.
    pub tracking: bool,
    pub drag: Option<Drag>,
    pub help: bool,
}

/// With the fine-aim modifier (Shift), a drag turns the aim by this share of the pointer's turn.
pub const AIM_DRAG_FINE: f64 = 0.1;
/// A click within this distance of a pocket's mouth centre calls that pocket (m).
const POCKET_PICK: f64 = 0.1;
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
            tracking: true,
            drag: None,
            help: false,
        }
    }
}

impl Aim {
    /// After a shot (or undo): aim at the ball to hit first, break speed on a break, no call.
    pub fn after_shot(&mut self, m: &Match) {
        self.call = CallDraft::default();
        self.drag = None;
        let target = m.state.lowest_ball();
        if let (Some(c), Some(t)) = (
            m.cue_ball(),
            m.layout.balls.iter().find(|b| b.ball == target),
        ) {
            self.stroke.aim_deg = (t.at.y - c.y).atan2(t.at.x - c.x).to_degrees();
        }
        if matches!(m.state.phase, crate::referee::Phase::Break { .. }) {
            self.stroke.speed = 10.0;
            self.stroke.side = 0.0;
            self.stroke.height = 0.0;
        } else if self.stroke.speed > 6.0 {
            self.stroke.speed = 3.0;
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

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pointer>()
        .init_resource::<Aim>()
        .add_systems(Startup, first_aim)
        .add_systems(
            Update,
            (
                mouse.run_if(in_state(ShotCycle::Aiming).or_else(in_state(ShotCycle::BallInHand))),
                keys,
            )
                .in_set(GameSystems::Input),
        );
}

fn first_aim(m: Res<Match>, mut aim: ResMut<Aim>) {
    aim.after_shot(&m);
    if let Some(s) = m.start_stroke {
        aim.stroke = s;
    }
}

/// A left press picks what is under the pointer: the cue ball in hand (drag it), an object ball
/// (call it), a pocket (call it) or the cloth (drag the aim; Shift for fine aim).
fn mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    cycle: Res<State<ShotCycle>>,
    m: Res<Match>,
    mut aim: ResMut<Aim>,
    mut actions: MessageWriter<GameAction>,
) {
    let fine = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let t = m.table();
    if buttons.just_pressed(MouseButton::Left)
        && !pointer.over_panel
        && let Some(p) = pointer.on_table
    {
        let cue = m.cue_ball();
        let on_ball = m.ball_near(p);
        let pocket = Pocket::ALL
            .into_iter()
            .map(|k| (k, t.pocket_mouth_centre(k).distance(p)))
            .filter(|&(_, d)| d < POCKET_PICK)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(k, _)| k);
        match (on_ball, pocket) {
            (Some(CUE), _) if *cycle.get() == ShotCycle::BallInHand => {
                aim.drag = Some(Drag::CueBall(p));
            }
            (Some(b), _) if b != CUE => {
                actions.write(GameAction::CallBall(b));
            }
            (None, Some(k)) => {
                actions.write(GameAction::CallPocket(k));
            }
            _ => {
                if let Some(c) = cue
                    && !fine
                {
                    aim.aim_at(c, p);
                }
                aim.drag = Some(Drag::Aim { fine, last: p });
            }
        }
    }
    if buttons.pressed(MouseButton::Left)
        && let Some(p) = pointer.on_table
    {
        match aim.drag {
            Some(Drag::CueBall(_)) => aim.drag = Some(Drag::CueBall(p)),
            Some(Drag::Aim { last, .. }) => {
                if let Some(c) = m.cue_ball() {
                    if fine {
                        // The pointer's turn about the cue ball, a tenth of it.
                        let a0 = (last.y - c.y).atan2(last.x - c.x);
                        let a1 = (p.y - c.y).atan2(p.x - c.x);
                        let mut d = (a1 - a0).to_degrees();
                        d = (d + 540.0).rem_euclid(360.0) - 180.0;
                        aim.nudge_aim(d * AIM_DRAG_FINE);
                    } else {
                        aim.aim_at(c, p);
                    }
                }
                aim.drag = Some(Drag::Aim { fine, last: p });
            }
            None => {}
        }
    }
    if buttons.just_released(MouseButton::Left) {
        if let Some(Drag::CueBall(p)) = aim.drag {
            actions.write(GameAction::PlaceCueBall(p));
        }
        aim.drag = None;
    }
}

/// The keyboard (see the help overlay, `h`).
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    cycle: Option<Res<State<ShotCycle>>>,
    mut aim: ResMut<Aim>,
    mut actions: MessageWriter<GameAction>,
) {
    if pointer.typing {
        return;
    }
    let Some(cycle) = cycle.map(|c| *c.get()) else {
        return;
    };
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let k = |c: KeyCode| keys.just_pressed(c);
    if k(KeyCode::KeyH) || k(KeyCode::F1) {
        aim.help = !aim.help;
    }
    match cycle {
        ShotCycle::Aiming | ShotCycle::BallInHand => {
            let step = if shift { 0.05 } else { 0.5 };
            if k(KeyCode::ArrowLeft) {
                aim.nudge_aim(step);
            }
            if k(KeyCode::ArrowRight) {
                aim.nudge_aim(-step);
            }
            let dv = if shift { 0.05 } else { 0.25 };
            if k(KeyCode::ArrowUp) {
                let v = aim.stroke.speed + dv;
                aim.set_speed(v);
            }
            if k(KeyCode::ArrowDown) {
                let v = aim.stroke.speed - dv;
                aim.set_speed(v);
            }
            let (s, h) = (aim.stroke.side, aim.stroke.height);
            let dt = 0.05;
            if k(KeyCode::KeyI) {
                aim.set_tip(s, h + dt);
            }
            if k(KeyCode::KeyK) {
                aim.set_tip(s, h - dt);
            }
            if k(KeyCode::KeyJ) {
                aim.set_tip(s - dt, h);
            }
            if k(KeyCode::KeyL) {
                aim.set_tip(s + dt, h);
            }
            if k(KeyCode::KeyO) {
                aim.set_tip(0.0, 0.0);
            }
            if k(KeyCode::PageUp) {
                let e = aim.stroke.elevation_deg + 1.0;
                aim.set_elevation(e);
            }
            if k(KeyCode::PageDown) {
                let e = aim.stroke.elevation_deg - 1.0;
                aim.set_elevation(e);
            }
            if k(KeyCode::KeyS) {
                let kind = if aim.call.kind == CallKind::Safety {
                    CallKind::Ball
                } else {
                    CallKind::Safety
                };
                actions.write(GameAction::CallKind(kind));
            }
            if k(KeyCode::KeyP) {
                let kind = if aim.call.kind == CallKind::PushOut {
                    CallKind::Ball
                } else {
                    CallKind::PushOut
                };
                actions.write(GameAction::CallKind(kind));
            }
            if k(KeyCode::KeyT) {
                aim.tracking = !aim.tracking;
            }
            if k(KeyCode::KeyG) {
                aim.aim_line = !aim.aim_line;
            }
            if k(KeyCode::Space) {
                actions.write(GameAction::Shoot);
            }
            if k(KeyCode::KeyU) {
                actions.write(GameAction::Undo);
            }
            if k(KeyCode::KeyN) {
                actions.write(GameAction::Rerack);
            }
            if k(KeyCode::KeyB) {
                actions.write(GameAction::BallInHand);
            }
        }
        ShotCycle::Playing | ShotCycle::Ruling => {
            if k(KeyCode::Enter) || k(KeyCode::NumpadEnter) {
                actions.write(GameAction::Continue);
            }
        }
        ShotCycle::Choice => {
            if k(KeyCode::Digit1) {
                actions.write(GameAction::Choose(TableChoice::PlayTable));
            }
            if k(KeyCode::Digit2) {
                actions.write(GameAction::Choose(TableChoice::HandBack));
            }
        }
        ShotCycle::MatchOver => {}
    }
    if cycle != ShotCycle::Playing {
        if k(KeyCode::KeyR) {
            actions.write(GameAction::Replay { slow: shift });
        }
        if k(KeyCode::F5) {
            actions.write(GameAction::Save(super::default_save_path()));
        }
    }
}

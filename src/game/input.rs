//! Mouse and keyboard at the table: aim, power, tip, elevation, calls, ball in hand, and the
//! keys for replay, undo, camera and the rest (their table is [`super::keymap`]). In the view
//! behind the cue ball a sideways drag turns the cue about the cue ball by the mouse's motion
//! (never "point at the pointer", which would chase the camera that follows the aim); overhead
//! and in the free view the cue points at the pointer. A press picks a ball by its sphere (the
//! pointer's ray), then a pocket's mouth, then the cloth. Held keys repeat, faster the longer
//! they are held; Space held charges the power and shoots on release. The pointer (`Pointer`)
//! is set by the camera in the window and by hand in the tests, so everything here runs
//! headless.

use bevy::prelude::*;

use bevy::input::mouse::AccumulatedMouseMotion;

use super::camera::CameraView;
use super::keymap::{self, BINDINGS, Context, Control};
use super::scene::world;
use super::session::{GameAction, Match};
use super::{GameSystems, ShotCycle};
use crate::physics::Strike;
use crate::physics::params::MISCUE_LIMIT;
use crate::referee::{CUE, InHand, TableChoice};
use crate::table::{Pocket, Point};

/// Where the pointer is: its ray into the scene (world frame) when a camera casts one, where
/// that ray meets the plane of the balls' centres (table coordinates), and whether a panel has
/// the pointer instead.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct Pointer {
    pub on_table: Option<Point>,
    pub ray: Option<Ray3d>,
    /// The cursor in the window (logical pixels), where there is one.
    pub cursor: Option<Vec2>,
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
/// A drag behind the cue ball turns the cue this much for each pixel of sideways motion (deg),
/// however fast the mouse moves: the same drag always gives the same turn (a speed-dependent
/// gain turned 125 px into 9.06 degrees and 85 px into 3.54).
pub const TURN_DEG_PER_PX: f64 = 0.08;

impl Charge {
    /// The power charged so far.
    pub fn speed(&self) -> f64 {
        let t = ((self.held - TAP).max(0.0) / CHARGE_RISE) as f64;
        let tri = 1.0 - ((t % 2.0) - 1.0).abs();
        CHARGE_FROM + (MAX_SPEED - CHARGE_FROM) * tri
    }
}

/// In fine aim (the dock's box, `f`, or Shift held), a drag or an arrow key turns the aim by this
/// share of what it turns otherwise.
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

    /// After a shot (or undo): aim at the ball to hit first, break speed on a break, no call.
    pub fn after_shot(&mut self, m: &Match) {
        self.call = CallDraft::default();
        self.drag = None;
        self.charge = None;
        self.aim_at_ball_on(m);
        // A new turn: the shot before was another player's (or there was none).
        let new_turn = m
            .last
            .as_ref()
            .is_none_or(|l| l.before.state.to_act() != m.state.to_act());
        if matches!(m.state.phase, crate::referee::Phase::Break { .. }) {
            self.stroke.speed = 10.0;
            self.stroke.side = 0.0;
            self.stroke.height = 0.0;
        } else if new_turn {
            // A new turn starts from a level cue, the tip in the centre, at a normal speed.
            self.stroke.speed = NEW_TURN_SPEED;
            self.stroke.side = 0.0;
            self.stroke.height = 0.0;
        } else if self.stroke.speed > 6.0 {
            self.stroke.speed = NEW_TURN_SPEED;
        }
        // A raised cue is for one shot: the next starts level (a jump is chosen each time).
        self.stroke.elevation_deg = 0.0;
    }

    /// Turns the cue from the cue ball toward the ball to hit first (the ball on).
    pub fn aim_at_ball_on(&mut self, m: &Match) {
        let target = m.state.lowest_ball();
        if let (Some(c), Some(t)) = (
            m.cue_ball(),
            m.layout.balls.iter().find(|b| b.ball == target),
        ) {
            self.aim_at(c, t.at);
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
        .init_resource::<HeldKeys>()
        .add_systems(Startup, first_aim)
        .add_systems(
            Update,
            play_on_open
                .run_if(resource_exists::<PlayOnOpen>)
                .in_set(GameSystems::Input),
        )
        .add_systems(
            Update,
            (
                (press, drag, release)
                    .chain()
                    .run_if(in_state(ShotCycle::Aiming).or_else(in_state(ShotCycle::BallInHand))),
                (stroke_keys, charge)
                    .run_if(in_state(ShotCycle::Aiming).or_else(in_state(ShotCycle::BallInHand))),
                action_keys,
            )
                .in_set(GameSystems::Input),
        );
}

fn first_aim(m: Res<Match>, mut aim: ResMut<Aim>) {
    aim.after_shot(&m);
    match (&m.start_call, m.start_stroke) {
        (Some(call), Some(s)) => aim.set_up(call, &s),
        (None, Some(s)) => aim.stroke = s,
        _ => {}
    }
}

/// A link's shot (`GameOptions::play_on_open`): played once, as soon as the table is shown.
#[derive(Resource)]
pub(super) struct PlayOnOpen;

fn play_on_open(
    mut commands: Commands,
    cycle: Option<Res<State<ShotCycle>>>,
    mut actions: MessageWriter<GameAction>,
) {
    let cycle = cycle.map(|c| *c.get());
    if matches!(cycle, Some(ShotCycle::Aiming | ShotCycle::BallInHand)) {
        actions.write(GameAction::ShootAsSet);
        commands.remove_resource::<PlayOnOpen>();
    }
}

/// What the pointer is over: the nearest ball its ray meets (the whole sphere, so the upper
/// half seen in 3D counts), else a pocket's mouth, else the cloth or rails, else nothing.
/// Without a ray (a test that puts the pointer on the table) a ball within 1.2 radii of the
/// point is picked.
pub fn pick(m: &Match, pointer: &Pointer) -> Pick {
    let t = m.table();
    let r = t.ball_radius;
    let ball = match pointer.ray {
        Some(ray) => m
            .layout
            .balls
            .iter()
            .filter_map(|b| {
                let c = world(b.at.x, b.at.y, r);
                ray_meets_sphere(ray, c, (r * 1.05) as f32).map(|d| (b.ball, d))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(b, _)| b),
        None => pointer.on_table.and_then(|p| m.ball_near(p)),
    };
    if let Some(b) = ball {
        return Pick::Ball(b);
    }
    let Some(p) = pointer.on_table else {
        return Pick::Off;
    };
    let pocket = Pocket::ALL
        .into_iter()
        .map(|k| (k, t.pocket_mouth_centre(k).distance(p)))
        .filter(|&(_, d)| d < POCKET_PICK)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(k, _)| k);
    match pocket {
        Some(k) => Pick::Pocket(k),
        None if p.x.abs() <= t.length / 2.0 + RAIL_PICK
            && p.y.abs() <= t.width / 2.0 + RAIL_PICK =>
        {
            Pick::Cloth(p)
        }
        None => Pick::Off,
    }
}

/// How far past the cushion lines a press still counts as on the table (the rails, m).
const RAIL_PICK: f64 = 0.15;

/// The distance along `ray` to where it first meets the sphere, if it does.
fn ray_meets_sphere(ray: Ray3d, centre: Vec3, radius: f32) -> Option<f32> {
    let oc = ray.origin - centre;
    let b = oc.dot(*ray.direction);
    let c = oc.length_squared() - radius * radius;
    let disc = b * b - c;
    if disc < 0.0 {
        return None;
    }
    let d = -b - disc.sqrt();
    (d >= 0.0).then_some(d)
}

/// Where the cue ball in hand may be dragged: `p` moved onto the bed, and behind the head
/// string when it must lie in the kitchen, so that it stays under the pointer as far as it can.
pub fn keep_in_hand_place(m: &Match, p: Point) -> Point {
    let t = m.table();
    let reach = t.cushion_reach() + 1e-4;
    let (hx, hy) = (t.length / 2.0 - reach, t.width / 2.0 - reach);
    let mut x = p.x.clamp(-hx, hx);
    let y = p.y.clamp(-hy, hy);
    if m.in_hand() == Some(InHand::Kitchen) {
        x = x.min(t.head_string_x() - 1e-3);
    }
    Point::new(x, y)
}

/// The mouse's buttons, the keys (Shift) and where the pointer is.
#[derive(bevy::ecs::system::SystemParam)]
struct Hand<'w> {
    buttons: Res<'w, ButtonInput<MouseButton>>,
    keys: Res<'w, ButtonInput<KeyCode>>,
    pointer: Res<'w, Pointer>,
}

/// A left press starts what the pointer picked: the cue ball in hand is taken up, a ball or a
/// pocket is called, the cloth starts a turn of the cue (behind view) or points it (overhead,
/// free). A press on nothing does nothing.
fn press(
    hand: Hand,
    view: Res<CameraView>,
    cycle: Res<State<ShotCycle>>,
    m: Res<Match>,
    mut aim: ResMut<Aim>,
    mut actions: MessageWriter<GameAction>,
) {
    let Hand {
        buttons,
        keys,
        pointer,
    } = hand;
    if !buttons.just_pressed(MouseButton::Left) || pointer.over_panel {
        return;
    }
    let fine = aim.fine || keymap::shift(&keys);
    match pick(&m, &pointer) {
        Pick::Ball(CUE) if *cycle.get() == ShotCycle::BallInHand => {
            if let Some(c) = m.cue_ball() {
                aim.drag = Some(Drag::CueBall(c));
            }
        }
        Pick::Ball(b) if b != CUE => {
            actions.write(GameAction::CallBall(b));
        }
        Pick::Pocket(k) => {
            actions.write(GameAction::CallPocket(k));
        }
        Pick::Ball(_) | Pick::Cloth(_) if *view == CameraView::Behind => {
            aim.drag = Some(Drag::Turn {
                last_x: pointer.cursor.map(|c| c.x),
            });
        }
        Pick::Cloth(p) => {
            if let Some(c) = m.cue_ball()
                && !fine
            {
                aim.aim_at(c, p);
            }
            aim.drag = Some(Drag::Aim { fine, last: p });
        }
        Pick::Ball(_) | Pick::Off => {}
    }
}

/// A held left button moves what the press took up.
fn drag(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    motion: Option<Res<AccumulatedMouseMotion>>,
    m: Res<Match>,
    mut aim: ResMut<Aim>,
) {
    if !buttons.pressed(MouseButton::Left) {
        return;
    }
    let fine = aim.fine || keymap::shift(&keys);
    match aim.drag {
        Some(Drag::CueBall(_)) => {
            if let Some(p) = pointer.on_table {
                aim.drag = Some(Drag::CueBall(keep_in_hand_place(&m, p)));
            }
        }
        Some(Drag::Turn { last_x }) => {
            // The cursor's own motion where there is a cursor (real pointers under X, where
            // raw motion may not come); the raw motion otherwise (tests, a grabbed pointer).
            let dx = match (pointer.cursor, last_x) {
                (Some(c), Some(x)) => (c.x - x) as f64,
                _ => motion.map_or(0.0, |mm| mm.delta.x as f64),
            };
            aim.nudge_aim(-turn_for_motion(dx, fine));
            aim.drag = Some(Drag::Turn {
                last_x: pointer.cursor.map(|c| c.x),
            });
        }
        Some(Drag::Aim { last, .. }) => {
            let (Some(p), Some(c)) = (pointer.on_table, m.cue_ball()) else {
                return;
            };
            if fine {
                // The pointer's turn about the cue ball, a tenth of it.
                let a0 = (last.y - c.y).atan2(last.x - c.x);
                let a1 = (p.y - c.y).atan2(p.x - c.x);
                let d = ((a1 - a0).to_degrees() + 540.0).rem_euclid(360.0) - 180.0;
                aim.nudge_aim(d * AIM_DRAG_FINE);
            } else {
                aim.aim_at(c, p);
            }
            aim.drag = Some(Drag::Aim { fine, last: p });
        }
        None => {}
    }
}

/// The cue's turn (degrees, to the left for a positive answer of motion to the left) for `dx`
/// pixels of sideways motion: `TURN_DEG_PER_PX` a pixel at any speed, a tenth in fine aim.
pub fn turn_for_motion(dx: f64, fine: bool) -> f64 {
    let fine = if fine { AIM_DRAG_FINE } else { 1.0 };
    dx * TURN_DEG_PER_PX * fine
}

/// Letting go places the cue ball where it was dragged.
fn release(
    buttons: Res<ButtonInput<MouseButton>>,
    mut aim: ResMut<Aim>,
    mut actions: MessageWriter<GameAction>,
) {
    if buttons.pressed(MouseButton::Left) {
        return;
    }
    if let Some(Drag::CueBall(p)) = aim.drag {
        actions.write(GameAction::PlaceCueBall(p));
    }
    aim.drag = None;
}

/// Seconds each key has been held.
#[derive(Resource, Default)]
pub struct HeldKeys(Vec<(KeyCode, f32)>);

impl HeldKeys {
    /// Updates the hold times and returns, for each repeating control pressed or held, its
    /// steps this frame.
    fn steps(&mut self, keys: &ButtonInput<KeyCode>, dt: f32) -> Vec<(Control, f32)> {
        self.0.retain(|(k, _)| keys.pressed(*k));
        let mut out = Vec::new();
        for b in BINDINGS
            .iter()
            .filter(|b| b.repeats && b.context == Context::Table)
        {
            if !keys.pressed(b.key) && !keys.just_pressed(b.key) {
                continue;
            }
            let held = match self.0.iter_mut().find(|(k, _)| *k == b.key) {
                Some((_, h)) => {
                    *h += dt;
                    *h
                }
                None => {
                    self.0.push((b.key, 0.0));
                    0.0
                }
            };
            let max_rate = match b.control {
                Control::AimLeft | Control::AimRight => 80.0,
                _ => 16.0,
            };
            let n = keymap::repeat_steps(keys.just_pressed(b.key), held, dt, max_rate);
            if n > 0.0 {
                out.push((b.control, n));
            }
        }
        out
    }
}

/// The stroke's keys: aim, power, tip and elevation, each repeating while held.
fn stroke_keys(
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    time: Res<Time>,
    mut held: ResMut<HeldKeys>,
    mut aim: ResMut<Aim>,
) {
    if pointer.typing {
        return;
    }
    let fine = aim.fine || keymap::shift(&keys);
    for (control, n) in held.steps(&keys, time.delta_secs()) {
        let n = n as f64;
        let (s, h) = (aim.stroke.side, aim.stroke.height);
        let aim_step = if fine { 0.05 } else { 0.5 } * n;
        let power_step = if fine { 0.05 } else { 0.25 } * n;
        let tip_step = 0.05 * n;
        match control {
            Control::AimLeft => aim.nudge_aim(aim_step),
            Control::AimRight => aim.nudge_aim(-aim_step),
            Control::PowerUp => {
                let v = aim.stroke.speed + power_step;
                aim.set_speed(v);
            }
            Control::PowerDown => {
                let v = aim.stroke.speed - power_step;
                aim.set_speed(v);
            }
            Control::TipUp => aim.set_tip(s, h + tip_step),
            Control::TipDown => aim.set_tip(s, h - tip_step),
            Control::TipLeft => aim.set_tip(s - tip_step, h),
            Control::TipRight => aim.set_tip(s + tip_step, h),
            Control::ElevationUp => {
                let e = aim.stroke.elevation_deg + n;
                aim.set_elevation(e);
            }
            Control::ElevationDown => {
                let e = aim.stroke.elevation_deg - n;
                aim.set_elevation(e);
            }
            _ => {}
        }
    }
}

/// Space: a tap shoots at the power set; held, the power rises and falls until release, which
/// shoots with it.
fn charge(
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    time: Res<Time>,
    mut aim: ResMut<Aim>,
    mut actions: MessageWriter<GameAction>,
) {
    if pointer.typing {
        return;
    }
    if keymap::just(&keys, Control::Shoot) && aim.charge.is_none() {
        aim.charge = Some(Charge {
            held: 0.0,
            set_speed: aim.stroke.speed,
        });
        return;
    }
    let Some(mut c) = aim.charge else {
        return;
    };
    if keymap::held(&keys, Control::Shoot) {
        c.held += time.delta_secs();
        aim.charge = Some(c);
        if c.held > TAP {
            aim.set_speed(c.speed());
        }
        return;
    }
    aim.charge = None;
    if c.held > TAP {
        aim.set_speed(c.speed());
    } else {
        aim.set_speed(c.set_speed);
    }
    actions.write(GameAction::Shoot);
}

/// The keys that act once: help, camera, calls, aids, shot cycle, practice aids, replay and
/// saving.
fn action_keys(
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    cycle: Option<Res<State<ShotCycle>>>,
    mut aim: ResMut<Aim>,
    mut view: ResMut<CameraView>,
    mut actions: MessageWriter<GameAction>,
) {
    if pointer.typing {
        return;
    }
    let k = |c: Control| keymap::just(&keys, c);
    if k(Control::Help) {
        aim.help = !aim.help;
    }
    // The shot cycle runs at the table only (set-up mode has keys of its own).
    let Some(cycle) = cycle.map(|c| *c.get()) else {
        return;
    };
    if k(Control::Camera) {
        *view = super::camera::next_view(*view);
    }
    let mut send = |a: GameAction| {
        actions.write(a);
    };
    match cycle {
        ShotCycle::Aiming | ShotCycle::BallInHand => {
            let toggled = |kind: CallKind| {
                if aim.call.kind == kind {
                    CallKind::Ball
                } else {
                    kind
                }
            };
            if k(Control::Safety) {
                send(GameAction::CallKind(toggled(CallKind::Safety)));
            }
            if k(Control::PushOut) {
                send(GameAction::CallKind(toggled(CallKind::PushOut)));
            }
            if k(Control::TipCentre) {
                aim.set_tip(0.0, 0.0);
            }
            if k(Control::AimLine) {
                aim.aim_line = !aim.aim_line;
            }
            if k(Control::FineAim) {
                aim.fine = !aim.fine;
            }
            for (c, a) in [
                (Control::Aids, GameAction::NextAids),
                (Control::Noise, GameAction::ToggleNoise),
                (Control::Undo, GameAction::Undo),
                (Control::Rerack, GameAction::Rerack),
                (Control::BallInHand, GameAction::BallInHand),
            ] {
                if k(c) {
                    send(a);
                }
            }
        }
        ShotCycle::Playing | ShotCycle::Ruling => {
            if k(Control::Continue) {
                send(GameAction::Continue);
            }
        }
        ShotCycle::Choice => {
            if k(Control::PlayTable) {
                send(GameAction::Choose(TableChoice::PlayTable));
            }
            if k(Control::HandBack) {
                send(GameAction::Choose(TableChoice::HandBack));
            }
        }
        ShotCycle::MatchOver => {}
    }
    if cycle != ShotCycle::Playing {
        if k(Control::Replay) {
            send(GameAction::Replay {
                slow: keymap::shift(&keys),
            });
        }
        if k(Control::Save) {
            send(GameAction::Save(super::default_save_path()));
        }
    }
}

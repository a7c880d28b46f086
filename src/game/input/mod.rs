//! Mouse and keyboard at the table: aim, power, tip, elevation, calls, ball in hand, and the
//! keys for replay, undo, camera and the rest (their table is [`keymap`]). In the view
//! behind the cue ball a sideways drag turns the cue about the cue ball by the mouse's motion
//! (never "point at the pointer", which would chase the camera that follows the aim); overhead
//! and in the free view the cue points at the pointer. A press picks a ball by its sphere (the
//! pointer's ray), then a pocket's mouth, then the cloth. Held keys repeat, faster the longer
//! they are held; Space held charges the power and shoots on release. The pointer (`Pointer`)
//! is set by the camera in the window and by hand in the tests, so everything here runs
//! headless.

use bevy::prelude::*;

use bevy::input::ButtonState;
use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::window::WindowEvent;

pub mod keymap;
pub mod touch;

use self::keymap::{BINDINGS, Context, Control, just};
use crate::game::model::aim::{Aim, CallKind, Charge, Drag, Pick, Pointer, TAP};
use crate::game::model::playback::{Playback, PlaybackClock, STEP};
use crate::game::model::session::{GameAction, Match};
use crate::game::view::camera::CameraView;
use crate::game::view::scene::world;
use crate::game::view::sound::Muted;
use crate::game::{GameSystems, ShotCycle};
use crate::referee::{CUE, InHand, TableChoice};
use crate::table::{Pocket, Point};

/// A drag behind the cue ball turns the cue this much for each pixel of sideways motion (deg),
/// however fast the mouse moves: the same drag always gives the same turn (a speed-dependent
/// gain turned 125 px into 9.06 degrees and 85 px into 3.54).
pub const TURN_DEG_PER_PX: f64 = 0.08;
/// In fine aim (the dock's box, `f`, or Shift held), a drag or an arrow key turns the aim by this
/// share of what it turns otherwise.
pub const AIM_DRAG_FINE: f64 = 0.1;
/// A click within this distance of a pocket's mouth centre calls that pocket (m).
const POCKET_PICK: f64 = 0.1;

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_message::<WindowEvent>()
        .init_resource::<Pointer>()
        .init_resource::<Aim>()
        .init_resource::<HeldKeys>()
        .add_plugins(touch::plugin)
        .add_systems(Startup, first_aim)
        .add_systems(
            Update,
            play_on_open
                .run_if(resource_exists::<PlayOnOpen>.and_then(crate::game::aiming_now))
                .in_set(GameSystems::Input),
        )
        .add_systems(
            Update,
            (
                (press, drag, release)
                    .chain()
                    .run_if(crate::game::aiming_now),
                (stroke_keys, charge).run_if(crate::game::aiming_now),
                help_key,
                action_keys.run_if(crate::game::at_table),
                mute_key,
            )
                .in_set(GameSystems::Input),
        )
        .add_systems(
            Update,
            (
                playback_keys,
                space_pauses.run_if(in_state(ShotCycle::Playing)),
            )
                .chain()
                .in_set(GameSystems::Playback)
                .before(PlaybackClock),
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

fn play_on_open(mut commands: Commands, mut actions: MessageWriter<GameAction>) {
    actions.write(GameAction::ShootAsSet);
    commands.remove_resource::<PlayOnOpen>();
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
    mut events: MessageReader<WindowEvent>,
    mut actions: MessageWriter<GameAction>,
) {
    // Read every frame, so that a later press does not find this frame's events.
    let events: Vec<&WindowEvent> = events.read().collect();
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
            // Where the cursor was when the button went down: a slow frame may hold motion
            // after it, which the drag then takes (`turn_motion`).
            aim.drag = Some(Drag::Turn {
                last_x: cursor_at_press(&events).or(pointer.cursor.map(|c| c.x)),
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

/// A held left button moves what the press took up (also in the frame it is let go, so that
/// the motion of that frame counts).
fn drag(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    motion: Option<Res<AccumulatedMouseMotion>>,
    mut events: MessageReader<WindowEvent>,
    m: Res<Match>,
    mut aim: ResMut<Aim>,
) {
    let events: Vec<&WindowEvent> = events.read().collect();
    if !buttons.pressed(MouseButton::Left) && !buttons.just_released(MouseButton::Left) {
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
            // The window's events in order where there are any (the cursor's own motion from
            // the press to the release, however few frames hold it); else the cursor's place
            // frame by frame, and the raw motion without a cursor (tests, a grabbed pointer).
            let pressed_now = buttons.just_pressed(MouseButton::Left);
            let (dx, x) = match turn_motion(&events, last_x, pressed_now) {
                Some(moved) => moved,
                None => match (pointer.cursor, last_x) {
                    (Some(c), Some(x)) => ((c.x - x) as f64, Some(c.x)),
                    _ => (motion.map_or(0.0, |mm| mm.delta.x as f64), None),
                },
            };
            aim.nudge_aim(-turn_for_motion(dx, fine));
            aim.drag = Some(Drag::Turn {
                last_x: x.or(pointer.cursor.map(|c| c.x)),
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

/// The cursor's x when the left button went down, from a frame's window events: the last
/// place it moved to before the press, or where the first move after it came from (its
/// position less its delta).
fn cursor_at_press(events: &[&WindowEvent]) -> Option<f32> {
    let mut x = None;
    let mut pressed = false;
    for e in events {
        match e {
            WindowEvent::CursorMoved(c) if pressed => {
                return c.delta.map(|d| c.position.x - d.x);
            }
            WindowEvent::CursorMoved(c) => x = Some(c.position.x),
            WindowEvent::MouseButtonInput(b)
                if b.button == MouseButton::Left && b.state == ButtonState::Pressed =>
            {
                if x.is_some() {
                    return x;
                }
                pressed = true;
            }
            _ => {}
        }
    }
    None
}

/// A turn's sideways motion in a frame from its window events, in their order: the cursor's
/// moves after the left button's press (all of them when it was pressed in an earlier frame)
/// and up to its release, from `last_x`. With this, the turn a drag gives does not depend on
/// how many frames it spans: at 1 fps the press, the moves and the release can fall in one or
/// two frames, and the frame-by-frame cursor lost the moves around them (issue 63, item 7).
/// `None` when the frame holds no cursor move (no window: tests, or a still cursor).
pub fn turn_motion(
    events: &[&WindowEvent],
    last_x: Option<f32>,
    pressed_now: bool,
) -> Option<(f64, Option<f32>)> {
    if !events
        .iter()
        .any(|e| matches!(e, WindowEvent::CursorMoved(_)))
    {
        return None;
    }
    let mut on = !pressed_now;
    let (mut x, mut dx) = (last_x, 0.0);
    for e in events {
        match e {
            WindowEvent::MouseButtonInput(b) if b.button == MouseButton::Left => {
                if b.state == ButtonState::Pressed {
                    on = true;
                } else if on {
                    break;
                }
            }
            WindowEvent::CursorMoved(c) if on => {
                if let Some(lx) = x {
                    dx += (c.position.x - lx) as f64;
                }
                x = Some(c.position.x);
            }
            _ => {}
        }
    }
    Some((dx, x))
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

/// The help overlay's key, on every screen.
fn help_key(keys: Res<ButtonInput<KeyCode>>, pointer: Res<Pointer>, mut aim: ResMut<Aim>) {
    if !pointer.typing && keymap::just(&keys, Control::Help) {
        aim.help = !aim.help;
    }
}

/// The keys that act once at the table (set-up has keys of its own): camera, calls, aids,
/// shot cycle, practice aids, replay and saving.
fn action_keys(
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    cycle: Res<State<ShotCycle>>,
    mut aim: ResMut<Aim>,
    mut view: ResMut<CameraView>,
    mut actions: MessageWriter<GameAction>,
) {
    if pointer.typing {
        return;
    }
    let k = |c: Control| keymap::just(&keys, c);
    let cycle = *cycle.get();
    if k(Control::Camera) {
        *view = crate::game::view::camera::next_view(*view);
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
            send(GameAction::Save(crate::game::default_save_path()));
        }
    }
}

/// Pause (`z`), step while paused (`x`), and `Escape` to stop a replay, wherever a log plays
/// back.
fn playback_keys(keys: Res<ButtonInput<KeyCode>>, mut playback: ResMut<Playback>) {
    if !playback.active() {
        return;
    }
    if just(&keys, Control::Pause) {
        playback.paused = !playback.paused;
    }
    if playback.paused && just(&keys, Control::StepFrame) {
        playback.t += STEP;
    }
    if playback.replay && just(&keys, Control::StopReplay) {
        playback.stop();
    }
}

/// Space pauses and goes on while the shot plays, as `z` does (`z` and Space together pause
/// once).
fn space_pauses(keys: Res<ButtonInput<KeyCode>>, mut playback: ResMut<Playback>) {
    if playback.active() && just(&keys, Control::Shoot) && !just(&keys, Control::Pause) {
        playback.paused = !playback.paused;
    }
}

/// `m` mutes and unmutes the sound (where the view has sound; not while a panel takes typing).
fn mute_key(keys: Res<ButtonInput<KeyCode>>, pointer: Res<Pointer>, muted: Option<ResMut<Muted>>) {
    if just(&keys, Control::Mute)
        && !pointer.typing
        && let Some(mut muted) = muted
    {
        muted.0 = !muted.0;
    }
}

//! Scripted play (`tenball play --script FILE`, `--screenshot OUT.png`): a list of steps (set
//! a stroke, call, shoot, wait for the balls to rest, change the camera, press a key, point,
//! press, move and let go the mouse, take a screenshot, measure the frame rate, exit) run one
//! after another in the real window. The
//! rendering test uses it, and so can anyone making pictures for a handout.
//!
//! A screenshot `OUT.png` comes with `OUT.json`: where each ball's centre and a few points of
//! bare cloth fall in the picture (pixels), so that a test can check the picture's content.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use bevy::ecs::system::SystemParam;
use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::PrimaryWindow;
use bevy_panorbit_camera::PanOrbitCamera;
use serde::{Deserialize, Serialize};

use crate::game::ShotCycle;
use crate::game::model::aim::Aim;
use crate::game::model::playback::{BallPoses, Playback};
use crate::game::model::session::{GameAction, Match};
use crate::game::view::camera::{CameraView, TableCamera};
use crate::game::view::scene::world;
use crate::physics::Strike;
use crate::referee::TableChoice;
use crate::table::{Pocket, Point};

/// One step of a script.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum ScriptStep {
    /// Let this many frames pass.
    Wait(u32),
    /// Wait until no shot is playing back.
    WaitRest,
    /// Wait until a rack has been won since the script began (the score moved), at most this
    /// many frames; then go on either way (a screenshot shows where it stood).
    WaitRackWon(u32),
    /// Set the stroke.
    Stroke(Strike),
    /// Call a ball, then a pocket.
    CallBall(u8),
    CallPocket(Pocket),
    CallSafety,
    CallPushOut,
    /// Put the cue ball (in hand) here.
    Place(Point),
    Shoot,
    /// Close the ruling card.
    Continue,
    Choose(TableChoice),
    /// Press and release a key (bevy's `KeyCode` name, e.g. `KeyH`).
    Key(String),
    /// Move the mouse pointer to where this point of the table is drawn.
    PointAt(Point),
    /// Press the left mouse button (and hold it).
    MouseDown,
    /// Let the left mouse button go.
    MouseUp,
    /// Move the mouse this many pixels sideways in one frame (positive: to the right).
    MouseMove(f32),
    Camera(CameraView),
    /// Put the camera (free view) looking at a point on the table from a direction: yaw 0
    /// looks toward the left cushion (+y), pitch 90 straight down; distance in metres.
    Look {
        at: Point,
        yaw_deg: f32,
        pitch_deg: f32,
        distance: f32,
    },
    /// Save a screenshot (and the ball positions in it beside it, as JSON).
    Screenshot(PathBuf),
    /// Count this many frames and print the frame rate.
    MeasureFps(u32),
    Exit,
}

/// A whole script.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    pub steps: Vec<ScriptStep>,
    /// Where each step came from, for messages ("FILE: step 3"); empty for steps the game's
    /// options added.
    #[serde(skip)]
    pub labels: Vec<String>,
}

/// The most frames one step waits or counts (`wait`, `wait_rack_won`, `measure_fps`): about
/// five minutes at 60 frames a second, so that no script can hang the game.
pub const MAX_STEP_FRAMES: u32 = 20_000;

/// The most steps one script holds.
pub const MAX_SCRIPT_STEPS: usize = 10_000;

/// The steps a script may hold, for messages.
const STEP_NAMES: &str = "wait, wait_rest, wait_rack_won, stroke, call_ball, call_pocket, call_safety, call_push_out, place, shoot, continue, choose, key, point_at, mouse_down, mouse_up, mouse_move, camera, look, screenshot, measure_fps, exit";

impl Script {
    /// Reads a script: each step read and checked on its own against the table it will play
    /// on, so that a problem is refused with the file, the step number and what is allowed
    /// (a stroke past its bounds, an off-table place, a ball that does not exist, an unknown
    /// key, a wait without its frames), never played some other way or ignored.
    pub fn parse(name: &str, text: &str, table: &crate::table::Table) -> Result<Script, String> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Raw {
            steps: Vec<serde_json::Value>,
        }
        let raw: Raw = serde_json::from_str(text)
            .map_err(|e| format!("{name}:{}", crate::echo::json_problem(&e)))?;
        if raw.steps.len() > MAX_SCRIPT_STEPS {
            return Err(format!(
                "{name}: {} steps; a script holds at most {MAX_SCRIPT_STEPS}",
                raw.steps.len()
            ));
        }
        let mut script = Script {
            steps: Vec::with_capacity(raw.steps.len()),
            labels: Vec::with_capacity(raw.steps.len()),
        };
        for (i, value) in raw.steps.into_iter().enumerate() {
            let label = format!("{name}: step {}", i + 1);
            let step = read_step(value).map_err(|e| format!("{label}: {e}"))?;
            check_step(&step, table).map_err(|e| format!("{label}: {e}"))?;
            script.steps.push(step);
            script.labels.push(label);
        }
        Ok(script)
    }
}

/// One step from its JSON, with a word on the form when it is wrong.
fn read_step(value: serde_json::Value) -> Result<ScriptStep, String> {
    let bare = value.as_str().map(str::to_string);
    serde_json::from_value(value).map_err(|e| {
        let msg = crate::echo::cut(&e.to_string());
        match bare.as_deref() {
            Some(w @ ("wait" | "wait_rack_won" | "measure_fps")) => {
                format!("`{w}` takes a number of frames: {{\"{w}\": 60}}")
            }
            Some(w) if msg.contains("unit variant") => {
                format!(
                    "`{}` takes a value: {{\"{w}\": ...}} (see the guide)",
                    crate::echo::visible(w)
                )
            }
            Some(w) if msg.contains("unknown variant") => {
                format!(
                    "`{}` is no step; steps are {STEP_NAMES}",
                    crate::echo::cut(&crate::echo::visible(w))
                )
            }
            _ => format!("{msg}; steps are {STEP_NAMES}"),
        }
    })
}

/// What a step may ask, checked before the window opens.
fn check_step(step: &ScriptStep, table: &crate::table::Table) -> Result<(), String> {
    let frames = |what: &str, n: u32| {
        if n > MAX_STEP_FRAMES {
            Err(format!(
                "{what} {n} frames; a step waits or counts at most {MAX_STEP_FRAMES}"
            ))
        } else {
            Ok(())
        }
    };
    let on_table = |what: &str, p: &Point, ok: bool| {
        if ok {
            Ok(())
        } else {
            Err(format!(
                "{what} ({}, {}) is not on the table ({})",
                crate::echo::number(p.x),
                crate::echo::number(p.y),
                table.bed_bounds(*p)
            ))
        }
    };
    match step {
        ScriptStep::Wait(n) => frames("wait", *n),
        ScriptStep::WaitRackWon(n) => frames("wait_rack_won", *n),
        ScriptStep::MeasureFps(n) => frames("measure_fps", *n),
        ScriptStep::Stroke(s) => s.validate().map_err(|e| format!("stroke: {e}")),
        ScriptStep::CallBall(b) if !(1..=10).contains(b) => {
            Err(format!("call_ball {b}: the object balls are 1 to 10"))
        }
        ScriptStep::Place(p) => on_table("place", p, table.on_bed(*p)),
        ScriptStep::Look {
            pitch_deg,
            distance,
            yaw_deg,
            ..
        } if !(yaw_deg.is_finite()
            && (0.0..=90.0).contains(pitch_deg)
            && (0.1..=20.0).contains(distance)) =>
        {
            Err("look: pitch_deg is 0 to 90, distance 0.1 to 20 m, yaw_deg a number".into())
        }
        ScriptStep::PointAt(p) | ScriptStep::Look { at: p, .. } => {
            let near = p.is_finite()
                && p.x.abs() <= table.length / 2.0 + 0.3
                && p.y.abs() <= table.width / 2.0 + 0.3;
            on_table("point_at / look at", p, near)
        }
        ScriptStep::MouseMove(dx) if !(dx.is_finite() && dx.abs() <= 10_000.0) => {
            Err(format!("mouse_move {dx}: at most 10000 pixels"))
        }
        ScriptStep::Key(name) if crate::game::input::keymap::key_from_name(name).is_none() => {
            Err(format!(
                "key `{}`: not a key the game uses ({})",
                crate::echo::cut(&crate::echo::visible(name)),
                crate::game::input::keymap::key_names().join(", ")
            ))
        }
        _ => Ok(()),
    }
}

impl<'de> Deserialize<'de> for CameraView {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match String::deserialize(d)?.as_str() {
            "behind" => Ok(CameraView::Behind),
            "overhead" => Ok(CameraView::Overhead),
            "free" => Ok(CameraView::Free),
            other => Err(serde::de::Error::custom(format!(
                "camera {other:?}: expected \"behind\", \"overhead\" or \"free\""
            ))),
        }
    }
}

impl Serialize for CameraView {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            CameraView::Behind => "behind",
            CameraView::Overhead => "overhead",
            CameraView::Free => "free",
        })
    }
}

/// The picture map written beside a screenshot `OUT.png`: `OUT.json`.
pub fn picture_map_path(picture: &std::path::Path) -> PathBuf {
    picture.with_extension("json")
}

/// Where the ball centres and some bare cloth fall in a screenshot (pixels from the top left).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PictureMap {
    pub width: u32,
    pub height: u32,
    /// Ball number and its centre's pixel.
    pub balls: Vec<(u8, [f32; 2])>,
    /// A ball's radius in the picture (pixels), at the first ball.
    pub radius_px: f32,
    /// Pixels that show bare cloth: no ball within 6 cm.
    pub cloth: Vec<[f32; 2]>,
    /// The table's outer corners (the rails' outer edges) in the picture.
    #[serde(default)]
    pub corners: Vec<[f32; 2]>,
    /// The part of the picture the 3D view is drawn in, free of panels: left, top, right,
    /// bottom (pixels).
    #[serde(default)]
    pub free_area: [f32; 4],
    /// Each pocket's mouth centre on the cloth, by the pocket's name (`foot_left`, ...).
    #[serde(default)]
    pub pockets: Vec<(Pocket, [f32; 2])>,
    /// The window's pixels per logical pixel (a page's CSS pixel): the map is in pixels, a
    /// page's input in CSS pixels.
    #[serde(default = "one")]
    pub scale: f32,
}

fn one() -> f32 {
    1.0
}

#[derive(Resource)]
struct Runner {
    steps: Vec<ScriptStep>,
    labels: Vec<String>,
    next: usize,
    wait: u32,
    released: Option<KeyCode>,
    /// A screenshot being taken: its path, frames waited, and how it went.
    shot: Option<(PathBuf, u32, Arc<AtomicU8>)>,
    fps: Option<(u32, u32, f64)>,
    /// Frames run so far.
    frames: u32,
    /// `WaitRackWon`: the score when it began, and the frames it has waited.
    rack_from: Option<[u32; 2]>,
    rack_wait: u32,
}

/// A screenshot waits for at least this many frames from the start: a software renderer is
/// still compiling pipelines before, and a frame may then show the panels without the table.
const FIRST_PICTURE_FRAME: u32 = 60;

pub(in crate::game) fn plugin(app: &mut App, script: Option<Script>) {
    let Some(script) = script else {
        return;
    };
    app.insert_resource(Runner {
        steps: script.steps,
        labels: script.labels,
        next: 0,
        wait: 0,
        released: None,
        shot: None,
        fps: None,
        frames: 0,
        rack_from: None,
        rack_wait: 0,
    })
    // Before the game's input reads the keys, after bevy's input has cleared last frame's.
    .add_systems(PreUpdate, run.after(bevy::input::InputSystems))
    .add_systems(PostStartup, instant_camera);
}

/// A script's camera moves at once, so that a screenshot shows the view asked for.
fn instant_camera(mut cams: Query<&mut PanOrbitCamera>) {
    for mut c in &mut cams {
        c.orbit_smoothness = 0.0;
        c.pan_smoothness = 0.0;
        c.zoom_smoothness = 0.0;
    }
}

/// What a script's steps drive: the stroke, the keys and mouse, the camera, the actions.
#[derive(SystemParam)]
struct Hands<'w, 's> {
    aim: ResMut<'w, Aim>,
    keys: ResMut<'w, ButtonInput<KeyCode>>,
    mouse: ResMut<'w, ButtonInput<MouseButton>>,
    motion: Option<ResMut<'w, AccumulatedMouseMotion>>,
    view: ResMut<'w, CameraView>,
    actions: MessageWriter<'w, GameAction>,
    exit: MessageWriter<'w, AppExit>,
    orbit: Query<'w, 's, &'static mut PanOrbitCamera>,
    windows: Query<'w, 's, &'static mut Window, With<PrimaryWindow>>,
}

/// What a script reads: the match, the shot cycle, the playback and where things are drawn.
#[derive(SystemParam)]
pub(super) struct Seen<'w, 's> {
    time: Res<'w, Time<Real>>,
    cycle: Option<Res<'w, State<ShotCycle>>>,
    pub(super) playback: Res<'w, Playback>,
    pub(super) m: Res<'w, Match>,
    poses: Res<'w, BallPoses>,
    cams: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<TableCamera>>,
}

/// One frame of the script: the key pressed last frame is let go, a frame-rate count or a
/// screenshot in progress goes on, or the next step is taken.
fn run(mut commands: Commands, mut runner: ResMut<Runner>, mut hands: Hands, seen: Seen) {
    if let Some(k) = runner.released.take() {
        hands.keys.release(k);
    }
    runner.frames = runner.frames.saturating_add(1);
    if count_frames(&mut runner, &seen, &hands)
        || picture_pending(&mut commands, &mut runner, &mut hands)
    {
        return;
    }
    if runner.wait > 0 {
        runner.wait -= 1;
        return;
    }
    // Steps begin once the camera has taken its first place.
    if hands.orbit.iter().any(|c| !c.initialized) {
        return;
    }
    let Some(step) = runner.steps.get(runner.next).cloned() else {
        return;
    };
    if matches!(step, ScriptStep::Screenshot(_)) && runner.frames < FIRST_PICTURE_FRAME {
        return;
    }
    runner.next += 1;
    take_step(step, &mut commands, &mut runner, &mut hands, &seen);
}

/// A frame-rate count in progress: true while it runs; it prints at its end.
fn count_frames(runner: &mut Runner, seen: &Seen, hands: &Hands) -> bool {
    let Some((frames, n, start)) = runner.fps else {
        return false;
    };
    if frames < n {
        runner.fps = Some((frames + 1, n, start));
        return true;
    }
    let secs = seen.time.elapsed_secs_f64() - start;
    let (w, h) = hands
        .windows
        .single()
        .map(|w| (w.physical_width(), w.physical_height()))
        .unwrap_or((0, 0));
    println!(
        "tenball: {n} frames in {secs:.2} s at {w}x{h}: {:.1} frames a second",
        n as f64 / secs
    );
    runner.fps = None;
    false
}

/// A screenshot being taken: true while it waits. The picture is read back from the GPU a few
/// frames later; a blank one (pipelines still compiling on a software renderer) is taken again.
fn picture_pending(commands: &mut Commands, runner: &mut Runner, hands: &mut Hands) -> bool {
    let Some((path, waited, state)) = runner.shot.clone() else {
        return false;
    };
    match state.load(Ordering::SeqCst) {
        SAVED if path.exists() => {
            runner.shot = None;
            false
        }
        SAVED => {
            // The picture is saved as it is captured: no file then is a failed save (a full
            // disk, a folder gone), which ends the run rather than waiting for it.
            crate::echo::warn(&format!(
                "the screenshot {} could not be written",
                crate::echo::path_for_message(&path)
            ));
            hands.exit.write(AppExit::error());
            runner.shot = None;
            true
        }
        BLANK if waited < 2_000 => {
            runner.shot = Some((path.clone(), waited + 1, take_picture(commands, &path)));
            true
        }
        _ if waited < 2_000 => {
            runner.shot = Some((path, waited + 1, state));
            true
        }
        _ => {
            crate::echo::warn(&format!(
                "the screenshot {} was never written",
                path.display()
            ));
            hands.exit.write(AppExit::error());
            runner.shot = None;
            true
        }
    }
}

/// The pixel (window, logical) where a point of the table at the balls' centre height is drawn.
fn pixel_of(seen: &Seen, p: Point) -> Option<Vec2> {
    let (cam, gt) = seen.cams.single().ok()?;
    cam.world_to_viewport(gt, world(p.x, p.y, seen.m.table().ball_radius))
        .ok()
}

fn take_step(
    step: ScriptStep,
    commands: &mut Commands,
    runner: &mut Runner,
    hands: &mut Hands,
    seen: &Seen,
) {
    let mut act = |a: GameAction| {
        hands.actions.write(a);
    };
    let step_now = step.clone();
    match step {
        ScriptStep::Wait(n) => runner.wait = n,
        ScriptStep::WaitRest => {
            let playing = seen
                .cycle
                .as_ref()
                .is_some_and(|c| *c.get() == ShotCycle::Playing);
            if playing || seen.playback.active() {
                runner.next -= 1;
            }
        }
        ScriptStep::WaitRackWon(most) => wait_rack_won(runner, seen, most),
        ScriptStep::Stroke(s) => hands.aim.stroke = s,
        ScriptStep::CallBall(b) => act(GameAction::CallBall(b)),
        ScriptStep::CallPocket(p) => act(GameAction::CallPocket(p)),
        ScriptStep::CallSafety => act(GameAction::CallKind(
            crate::game::model::aim::CallKind::Safety,
        )),
        ScriptStep::CallPushOut => act(GameAction::CallKind(
            crate::game::model::aim::CallKind::PushOut,
        )),
        ScriptStep::Place(p) => act(GameAction::PlaceCueBall(p)),
        ScriptStep::Shoot => act(GameAction::Shoot),
        ScriptStep::Continue => act(GameAction::Continue),
        ScriptStep::Choose(c) => match not_due(&step_now, &seen.m.state) {
            None => act(GameAction::Choose(c)),
            Some(why) => refuse(runner, hands, why),
        },
        ScriptStep::Key(name) => match crate::game::input::keymap::key_from_name(&name) {
            Some(k) => {
                hands.keys.press(k);
                runner.released = Some(k);
            }
            None => refuse(runner, hands, "key: not a key the game uses"),
        },
        ScriptStep::PointAt(p) => match (pixel_of(seen, p), hands.windows.single_mut()) {
            (Some(px), Ok(mut w)) => {
                w.set_cursor_position(Some(px));
                runner.wait = 2;
            }
            _ => warn!("script: {p:?} is not in the view"),
        },
        ScriptStep::MouseDown => hands.mouse.press(MouseButton::Left),
        ScriptStep::MouseUp => hands.mouse.release(MouseButton::Left),
        ScriptStep::MouseMove(dx) => {
            // The cursor moves (what the game reads where there is one), and the raw motion.
            if let Ok(mut w) = hands.windows.single_mut()
                && let Some(c) = w.cursor_position()
            {
                w.set_cursor_position(Some(c + Vec2::new(dx, 0.0)));
            }
            if let Some(m) = hands.motion.as_mut() {
                m.delta = Vec2::new(dx, 0.0);
            }
        }
        ScriptStep::Camera(v) => {
            *hands.view = v;
            runner.wait = 3;
        }
        ScriptStep::Look {
            at,
            yaw_deg,
            pitch_deg,
            distance,
        } => {
            look(hands, seen, at, [yaw_deg, pitch_deg], distance);
            runner.wait = 3;
        }
        ScriptStep::Screenshot(path) => screenshot(path, commands, runner, hands, seen),
        ScriptStep::MeasureFps(n) => {
            runner.fps = Some((0, n.max(1), seen.time.elapsed_secs_f64()));
        }
        ScriptStep::Exit => {
            hands.exit.write(AppExit::Success);
        }
    }
}

/// Why `step` cannot be taken in `state`, for the steps that depend on it (`choose` only when
/// a choice is due); `None` when it can. A step that cannot be taken stops the script.
pub fn not_due(step: &ScriptStep, state: &crate::referee::GameState) -> Option<&'static str> {
    match step {
        ScriptStep::Choose(_) if !matches!(state.phase, crate::referee::Phase::Choice { .. }) => {
            Some(
                "choose: no choice is due now (a choice comes after a push out, 5.4, or a ball made on a safety or a missed call, 5.6, 5.7)",
            )
        }
        _ => None,
    }
}

/// Stops the game on a step that cannot be taken now: the file and step said, exit code 2.
fn refuse(runner: &Runner, hands: &mut Hands, why: &str) {
    let label = runner
        .labels
        .get(runner.next - 1)
        .cloned()
        .unwrap_or_else(|| format!("script step {}", runner.next));
    crate::echo::warn(&format!("{label}: {why}"));
    hands.exit.write(AppExit::from_code(2));
}

/// Holds the script at this step until a rack is won (the score changes) or `most` frames.
fn wait_rack_won(runner: &mut Runner, seen: &Seen, most: u32) {
    let from = *runner.rack_from.get_or_insert(seen.m.state.score);
    let won = seen.m.state.score != from;
    if !won && runner.rack_wait < most {
        runner.rack_wait += 1;
        runner.next -= 1;
    } else {
        runner.rack_from = None;
        runner.rack_wait = 0;
    }
}

/// The free camera looking at `at` from `[yaw, pitch]` degrees and `distance` metres.
fn look(hands: &mut Hands, seen: &Seen, at: Point, [yaw_deg, pitch_deg]: [f32; 2], distance: f32) {
    *hands.view = CameraView::Free;
    let focus = world(at.x, at.y, seen.m.table().ball_radius);
    for mut c in &mut hands.orbit {
        c.target_focus = focus;
        c.focus = focus;
        c.target_yaw = yaw_deg.to_radians();
        c.yaw = Some(c.target_yaw);
        c.target_pitch = pitch_deg.to_radians();
        c.pitch = Some(c.target_pitch);
        c.target_radius = distance;
        c.radius = Some(distance);
        c.force_update = true;
    }
}

/// Writes the picture map and asks for the picture; both must be new files (checked again
/// here: a script's picture may have appeared since the start).
fn screenshot(
    path: PathBuf,
    commands: &mut Commands,
    runner: &mut Runner,
    hands: &mut Hands,
    seen: &Seen,
) {
    let map_path = picture_map_path(&path);
    let problem = crate::outfile::problem(&path, "the screenshot")
        .or_else(|| crate::outfile::problem(&map_path, "its picture map"));
    if let Some(why) = problem {
        crate::echo::warn(&why);
        hands.exit.write(AppExit::error());
        return;
    }
    let window = hands.windows.single().ok();
    if let Some(map) = window.and_then(|w| picture_map(seen, w)) {
        let text = serde_json::to_string_pretty(&map).unwrap_or_default();
        if let Err(e) = crate::outfile::write_new(&map_path, text.as_bytes()) {
            crate::echo::warn(&format!("cannot write {}: {e}", map_path.display()));
            hands.exit.write(AppExit::error());
            return;
        }
    }
    let state = take_picture(commands, &path);
    runner.shot = Some((path, 0, state));
}

const SAVED: u8 = 1;
const BLANK: u8 = 2;

/// Asks for a screenshot of the window; it is saved to `path` unless every pixel is alike.
fn take_picture(commands: &mut Commands, path: &std::path::Path) -> Arc<AtomicU8> {
    let state = Arc::new(AtomicU8::new(0));
    let seen = state.clone();
    let mut save = save_to_disk(path.to_path_buf());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>| {
            let blank = captured
                .image
                .data
                .as_ref()
                .is_none_or(|d| d.len() < 4 || d.chunks_exact(4).all(|p| p[..3] == d[..3]));
            if blank {
                seen.store(BLANK, Ordering::SeqCst);
            } else {
                save(captured);
                seen.store(SAVED, Ordering::SeqCst);
            }
        },
    );
    state
}

pub(super) fn picture_map(seen: &Seen, window: &Window) -> Option<PictureMap> {
    let (m, poses) = (&*seen.m, &*seen.poses);
    let (cam, gt) = seen.cams.single().ok()?;
    let scale = window.scale_factor();
    let px = |p: Vec3| {
        cam.world_to_viewport(gt, p)
            .ok()
            .map(|v| [v.x * scale, v.y * scale])
    };
    let balls = poses
        .0
        .iter()
        .enumerate()
        .filter_map(|(b, pose)| pose.and_then(|(at, _)| px(at).map(|p| (b as u8, p))))
        .collect();
    let t = m.table();
    let radius_px = poses
        .0
        .iter()
        .flatten()
        .next()
        .and_then(|&(at, _)| {
            let (a, b) = (px(at)?, px(at + *gt.right() * t.ball_radius as f32)?);
            Some(((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt())
        })
        .unwrap_or(0.0);
    let mut cloth = Vec::new();
    for i in -3..=3 {
        for j in -1..=1 {
            let p = Point::new(i as f64 * t.length / 8.0, j as f64 * t.width / 4.0);
            let clear = m.layout.balls.iter().all(|b| b.at.distance(p) > 0.06)
                && (p.x - t.head_string_x()).abs() > 0.02
                && p.distance(t.foot_spot()) > 0.03;
            if clear && let Some(q) = px(world(p.x, p.y, 0.0)) {
                cloth.push(q);
            }
        }
    }
    let corners = crate::game::view::camera::table_corners(&t)
        .into_iter()
        .step_by(2)
        .filter_map(px)
        .collect();
    let free_area = cam
        .physical_viewport_rect()
        .map(|r| {
            [
                r.min.x as f32,
                r.min.y as f32,
                r.max.x as f32,
                r.max.y as f32,
            ]
        })
        .unwrap_or([
            0.0,
            0.0,
            window.physical_width() as f32,
            window.physical_height() as f32,
        ]);
    let pockets = Pocket::ALL
        .into_iter()
        .filter_map(|k| {
            let c = t.pocket_mouth_centre(k);
            px(world(c.x, c.y, 0.0)).map(|p| (k, p))
        })
        .collect();
    Some(PictureMap {
        width: window.physical_width(),
        height: window.physical_height(),
        balls,
        radius_px,
        cloth,
        corners,
        free_area,
        pockets,
        scale,
    })
}

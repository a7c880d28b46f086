//! Scripted play (`tenball play --script FILE`, `--screenshot OUT.png`): a list of steps (set
//! a stroke, call, shoot, wait for the balls to rest, change the camera, press a key, take a
//! screenshot, measure the frame rate, exit) run one after another in the real window. The
//! rendering test uses it, and so can anyone making pictures for a handout.
//!
//! A screenshot `OUT.png` comes with `OUT.json`: where each ball's centre and a few points of
//! bare cloth fall in the picture (pixels), so that a test can check the picture's content.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::window::PrimaryWindow;
use bevy_panorbit_camera::PanOrbitCamera;
use serde::{Deserialize, Serialize};

use super::ShotCycle;
use super::camera::CameraView;
use super::input::Aim;
use super::playback::{BallPoses, Playback};
use super::scene::world;
use super::session::{GameAction, Match};
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
}

#[derive(Resource)]
struct Runner {
    steps: Vec<ScriptStep>,
    next: usize,
    wait: u32,
    released: Option<KeyCode>,
    /// A screenshot being taken: its path, frames waited, and how it went.
    shot: Option<(PathBuf, u32, Arc<AtomicU8>)>,
    fps: Option<(u32, u32, f64)>,
    /// Frames run so far.
    frames: u32,
}

/// A screenshot waits for at least this many frames from the start: a software renderer is
/// still compiling pipelines before, and a frame may then show the panels without the table.
const FIRST_PICTURE_FRAME: u32 = 60;

pub(super) fn plugin(app: &mut App, script: Option<Script>) {
    let Some(script) = script else {
        return;
    };
    app.insert_resource(Runner {
        steps: script.steps,
        next: 0,
        wait: 0,
        released: None,
        shot: None,
        fps: None,
        frames: 0,
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

fn key_code(name: &str) -> Option<KeyCode> {
    use KeyCode::*;
    Some(match name {
        "KeyH" => KeyH,
        "KeyC" => KeyC,
        "KeyT" => KeyT,
        "KeyG" => KeyG,
        "KeyM" => KeyM,
        "KeyR" => KeyR,
        "KeyZ" => KeyZ,
        "KeyX" => KeyX,
        "KeyU" => KeyU,
        "KeyN" => KeyN,
        "KeyB" => KeyB,
        "KeyS" => KeyS,
        "KeyP" => KeyP,
        "Space" => Space,
        "Enter" => Enter,
        "Escape" => Escape,
        "F2" => F2,
        "Period" => Period,
        "F5" => F5,
        "ArrowLeft" => ArrowLeft,
        "ArrowRight" => ArrowRight,
        "ArrowUp" => ArrowUp,
        "ArrowDown" => ArrowDown,
        _ => return None,
    })
}

#[allow(clippy::too_many_arguments)]
fn run(
    mut commands: Commands,
    mut runner: ResMut<Runner>,
    time: Res<Time<Real>>,
    cycle: Option<Res<State<ShotCycle>>>,
    playback: Res<Playback>,
    m: Res<Match>,
    mut aim: ResMut<Aim>,
    mut keys: ResMut<ButtonInput<KeyCode>>,
    mut view: ResMut<CameraView>,
    mut actions: MessageWriter<GameAction>,
    mut exit: MessageWriter<AppExit>,
    poses: Res<BallPoses>,
    cams: Query<(&Camera, &GlobalTransform)>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut orbit: Query<&mut PanOrbitCamera>,
) {
    if let Some(k) = runner.released.take() {
        keys.release(k);
    }
    runner.frames = runner.frames.saturating_add(1);
    if let Some((frames, n, start)) = runner.fps {
        if frames < n {
            runner.fps = Some((frames + 1, n, start));
            return;
        }
        let secs = time.elapsed_secs_f64() - start;
        let (w, h) = windows
            .single()
            .map(|w| (w.physical_width(), w.physical_height()))
            .unwrap_or((0, 0));
        println!(
            "tenball: {n} frames in {secs:.2} s at {w}x{h}: {:.1} frames a second",
            n as f64 / secs
        );
        runner.fps = None;
    }
    if let Some((path, waited, state)) = runner.shot.clone() {
        // The picture is read back from the GPU a few frames later; a blank one (pipelines
        // still compiling on a software renderer) is taken again.
        match state.load(Ordering::SeqCst) {
            SAVED if path.exists() => runner.shot = None,
            BLANK if waited < 2_000 => {
                runner.shot = Some((path.clone(), waited + 1, take_picture(&mut commands, &path)));
                return;
            }
            _ if waited < 2_000 => {
                runner.shot = Some((path, waited + 1, state));
                return;
            }
            _ => {
                eprintln!(
                    "tenball: the screenshot {} was never written",
                    path.display()
                );
                exit.write(AppExit::error());
                runner.shot = None;
                return;
            }
        }
    }
    if runner.wait > 0 {
        runner.wait -= 1;
        return;
    }
    // Steps begin once the camera has taken its first place.
    if orbit.iter().any(|c| !c.initialized) {
        return;
    }
    let Some(step) = runner.steps.get(runner.next).cloned() else {
        return;
    };
    if matches!(step, ScriptStep::Screenshot(_)) && runner.frames < FIRST_PICTURE_FRAME {
        return;
    }
    runner.next += 1;
    match step {
        ScriptStep::Wait(n) => runner.wait = n,
        ScriptStep::WaitRest => {
            let playing = cycle.is_some_and(|c| *c.get() == ShotCycle::Playing);
            if playing || playback.active() {
                runner.next -= 1;
            }
        }
        ScriptStep::Stroke(s) => aim.stroke = s,
        ScriptStep::CallBall(b) => {
            actions.write(GameAction::CallBall(b));
        }
        ScriptStep::CallPocket(p) => {
            actions.write(GameAction::CallPocket(p));
        }
        ScriptStep::CallSafety => {
            actions.write(GameAction::CallKind(super::CallKind::Safety));
        }
        ScriptStep::CallPushOut => {
            actions.write(GameAction::CallKind(super::CallKind::PushOut));
        }
        ScriptStep::Place(p) => {
            actions.write(GameAction::PlaceCueBall(p));
        }
        ScriptStep::Shoot => {
            actions.write(GameAction::Shoot);
        }
        ScriptStep::Continue => {
            actions.write(GameAction::Continue);
        }
        ScriptStep::Choose(c) => {
            actions.write(GameAction::Choose(c));
        }
        ScriptStep::Key(name) => match key_code(&name) {
            Some(k) => {
                keys.press(k);
                runner.released = Some(k);
            }
            None => warn!("script: unknown key {name:?}"),
        },
        ScriptStep::Camera(v) => {
            *view = v;
            runner.wait = 3;
        }
        ScriptStep::Look {
            at,
            yaw_deg,
            pitch_deg,
            distance,
        } => {
            *view = CameraView::Free;
            for mut c in &mut orbit {
                let focus = world(at.x, at.y, m.table().ball_radius);
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
            runner.wait = 3;
        }
        ScriptStep::Screenshot(path) => {
            if let Some(map) = picture_map(&m, &poses, &cams, &windows) {
                let json = path.with_extension("json");
                if let Err(e) = std::fs::write(
                    &json,
                    serde_json::to_string_pretty(&map).unwrap_or_default(),
                ) {
                    eprintln!("tenball: cannot write {}: {e}", json.display());
                }
            }
            let _ = std::fs::remove_file(&path);
            let state = take_picture(&mut commands, &path);
            runner.shot = Some((path, 0, state));
        }
        ScriptStep::MeasureFps(n) => {
            runner.fps = Some((0, n.max(1), time.elapsed_secs_f64()));
        }
        ScriptStep::Exit => {
            exit.write(AppExit::Success);
        }
    }
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

fn picture_map(
    m: &Match,
    poses: &BallPoses,
    cams: &Query<(&Camera, &GlobalTransform)>,
    windows: &Query<&Window, With<PrimaryWindow>>,
) -> Option<PictureMap> {
    let (cam, gt) = cams.single().ok()?;
    let window = windows.single().ok()?;
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
    Some(PictureMap {
        width: window.physical_width(),
        height: window.physical_height(),
        balls,
        radius_px,
        cloth,
    })
}

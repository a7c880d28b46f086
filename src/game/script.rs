//! Scripted play (`tenball play --script FILE`, `--screenshot OUT.png`): a list of steps (set
//! a stroke, call, shoot, wait for the balls to rest, change the camera, press a key, take a
//! screenshot, measure the frame rate, exit) run one after another in the real window. The
//! rendering test uses it, and so can anyone making pictures for a handout.
//!
//! A screenshot `OUT.png` comes with `OUT.json`: where each ball's centre and a few points of
//! bare cloth fall in the picture (pixels), so that a test can check the picture's content.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::PrimaryWindow;
use bevy_panorbit_camera::PanOrbitCamera;
use serde::{Deserialize, Serialize};

use super::camera::CameraView;
use super::input::Aim;
use super::playback::{BallPoses, Playback};
use super::scene::world;
use super::session::{GameAction, Match};
use super::{GameSystems, ShotCycle};
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
    /// A screenshot being written: its path and frames waited.
    shot: Option<(PathBuf, u32)>,
    fps: Option<(u32, u32, f64)>,
}

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
    })
    .add_systems(Update, run.in_set(GameSystems::Input))
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
) {
    if let Some(k) = runner.released.take() {
        keys.release(k);
    }
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
    if let Some((path, waited)) = runner.shot.clone() {
        // The picture is read back from the GPU a few frames later.
        if !path.exists() && waited < 600 {
            runner.shot = Some((path, waited + 1));
            return;
        }
        if !path.exists() {
            eprintln!(
                "tenball: the screenshot {} was never written",
                path.display()
            );
            exit.write(AppExit::error());
        }
        runner.shot = None;
    }
    if runner.wait > 0 {
        runner.wait -= 1;
        return;
    }
    let Some(step) = runner.steps.get(runner.next).cloned() else {
        return;
    };
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
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path.clone()));
            runner.shot = Some((path, 0));
        }
        ScriptStep::MeasureFps(n) => {
            runner.fps = Some((0, n.max(1), time.elapsed_secs_f64()));
        }
        ScriptStep::Exit => {
            exit.write(AppExit::Success);
        }
    }
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

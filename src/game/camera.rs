//! Cameras: behind the cue ball while aiming (it follows the aim), overhead, or free orbit,
//! pan and zoom (bevy_panorbit_camera: right button orbits, middle pans, the wheel zooms); moves
//! between them are smoothed. `c` cycles the views. Also where the pointer meets the table, for
//! the input.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_panorbit_camera::{PanOrbitCamera, PanOrbitCameraPlugin};

use super::input::{Aim, Pointer};
use super::playback::Playback;
use super::scene::world;
use super::session::Match;
use super::{GameSystems, ShotCycle};
use crate::table::Point;

/// The camera views.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CameraView {
    /// Low behind the cue ball, looking along the aim.
    #[default]
    Behind,
    /// Straight down on the whole table.
    Overhead,
    /// Where the player orbits it.
    Free,
}

impl CameraView {
    pub fn name(self) -> &'static str {
        match self {
            CameraView::Behind => "behind the cue ball",
            CameraView::Overhead => "overhead",
            CameraView::Free => "free",
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(PanOrbitCameraPlugin)
        .init_resource::<CameraView>()
        .add_systems(Startup, spawn_camera)
        .add_systems(PreUpdate, pointer)
        .add_systems(
            Update,
            (cycle_view, follow).chain().in_set(GameSystems::Show),
        );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        PanOrbitCamera {
            button_orbit: MouseButton::Right,
            button_pan: MouseButton::Middle,
            target_radius: 2.2,
            target_pitch: 1.0,
            zoom_lower_limit: 0.15,
            zoom_upper_limit: Some(6.0),
            pitch_lower_limit: Some(0.02),
            pitch_upper_limit: Some(std::f32::consts::FRAC_PI_2 - 1e-3),
            ..default()
        },
        Transform::from_xyz(0.0, 2.0, 2.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

fn cycle_view(
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    mut view: ResMut<CameraView>,
) {
    if keys.just_pressed(KeyCode::KeyC) && !pointer.typing {
        *view = match *view {
            CameraView::Behind => CameraView::Overhead,
            CameraView::Overhead => CameraView::Free,
            CameraView::Free => CameraView::Behind,
        };
    }
}

/// Overhead: the camera height that shows the whole table with its rails at 16:9.
pub const OVERHEAD_RADIUS: f32 = 2.25;

fn follow(
    view: Res<CameraView>,
    cycle: Option<Res<State<ShotCycle>>>,
    playback: Res<Playback>,
    m: Res<Match>,
    aim: Res<Aim>,
    pointer: Res<Pointer>,
    panels: Option<Res<super::hud::ShowPanels>>,
    mut cams: Query<&mut PanOrbitCamera>,
) {
    let Ok(mut cam) = cams.single_mut() else {
        return;
    };
    cam.enabled = !pointer.over_panel;
    let aiming = cycle
        .as_ref()
        .is_some_and(|c| matches!(c.get(), ShotCycle::Aiming | ShotCycle::BallInHand))
        && !playback.active();
    match *view {
        CameraView::Free => {}
        CameraView::Overhead => {
            // With the panels shown, the table sits left of the stroke panel.
            // Scaled to the table: a 7 ft table fills the view as a 9 ft one does.
            let scale = (m.table().length as f32 + 0.36) / (2.54 + 0.36);
            let (focus_x, radius) = if panels.is_some_and(|p| p.0) {
                (0.55 * scale, OVERHEAD_RADIUS * 1.22 * scale)
            } else {
                (0.0, OVERHEAD_RADIUS * scale)
            };
            cam.target_focus = Vec3::new(focus_x, 0.0, 0.0);
            cam.target_yaw = 0.0;
            cam.target_pitch = std::f32::consts::FRAC_PI_2 - 1e-3;
            cam.target_radius = radius;
        }
        CameraView::Behind => {
            let a = aim.stroke.aim_deg.to_radians() as f32;
            // The camera sits at focus + (sin yaw, 0, cos yaw) * radius: behind the ball along
            // the aim (world direction (cos a, 0, -sin a)).
            let yaw = (-a.cos()).atan2(a.sin());
            match (aiming, m.cue_ball()) {
                (true, Some(c)) => {
                    let c = match aim.drag {
                        Some(super::Drag::CueBall(p)) => p,
                        _ => c,
                    };
                    cam.target_focus = world(c.x, c.y, m.table().ball_radius);
                    cam.target_yaw = yaw;
                    cam.target_pitch = 0.32;
                    cam.target_radius = 0.95;
                }
                _ => {
                    cam.target_focus = Vec3::ZERO;
                    cam.target_pitch = 0.95;
                    cam.target_radius = 2.6;
                }
            }
        }
    }
}

/// Where the cursor's ray meets the plane of the balls' centres, and whether egui has the
/// pointer or the keyboard.
fn pointer(
    windows: Query<&Window>,
    cams: Query<(&Camera, &GlobalTransform)>,
    wants: Option<Res<EguiWantsInput>>,
    m: Res<Match>,
    mut p: ResMut<Pointer>,
) {
    let (over, typing) = wants
        .map(|w| (w.wants_any_pointer_input(), w.wants_any_keyboard_input()))
        .unwrap_or((false, false));
    p.over_panel = over;
    p.typing = typing;
    let (Ok(window), Ok((cam, gt))) = (windows.single(), cams.single()) else {
        return;
    };
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    let Ok(ray) = cam.viewport_to_world(gt, cursor) else {
        return;
    };
    let r = m.table().ball_radius as f32;
    let dy = ray.direction.y;
    if dy.abs() < 1e-6 {
        return;
    }
    let s = (r - ray.origin.y) / dy;
    if s <= 0.0 {
        return;
    }
    let hit = ray.origin + *ray.direction * s;
    p.on_table = Some(Point::new(hit.x as f64, -hit.z as f64));
}

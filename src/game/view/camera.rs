//! Cameras: behind the cue ball while aiming (it follows the aim; it rises near a rail so the
//! rail never fills the view, and holds still while the cue ball in hand is dragged), a view
//! of the whole table while a shot plays, overhead, or free orbit, pan and zoom
//! (bevy_panorbit_camera: right button orbits, middle pans, the wheel zooms a tenth a notch).
//! In the framed views too the wheel zooms and a right drag orbits ([`ViewChanges`]), kept
//! until `c` changes the view. A jump shot is seen from low at the side while the cue ball
//! flies ([`flight_goal`]).
//! Every framed view is fitted to the free area of the window, the part the panels leave, and
//! the 3D view is drawn only there, so no panel covers the table. `c` cycles the views (at the
//! table; in set-up mode it puts the cue ball back). Also
//! where the pointer's ray meets the table, for the input.

use bevy::camera::Viewport;
use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_panorbit_camera::{PanOrbitCamera, PanOrbitCameraPlugin};

use super::scene::{RAIL_WIDTH, world};
use crate::game::GameSystems;
use crate::game::model::aim::{Aim, Drag, Pointer};
use crate::game::model::playback::Playback;
use crate::game::model::session::Match;
use crate::physics::params::RAIL_TOP;
use crate::physics::{CUSHION_DEPTH, Event, ShotLog};
use crate::referee::CUE;
use crate::table::{Point, Table};

/// The camera views.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CameraView {
    /// Low behind the cue ball, looking along the aim; the whole table while a shot plays.
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

/// The part of the window the panels leave free (logical pixels from each edge); the 3D view
/// is drawn there.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct FreeArea {
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
    pub left: f32,
}

/// Where an orbit camera should go: it looks at `focus` from `radius` away, turned by `yaw`
/// about the vertical and raised by `pitch` (bevy_panorbit_camera's angles).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Goal {
    pub focus: Vec3,
    pub yaw: f32,
    pub pitch: f32,
    pub radius: f32,
}

impl Goal {
    /// The camera's transform for this goal, as bevy_panorbit_camera places it.
    pub fn transform(&self) -> Transform {
        let rotation =
            Quat::from_axis_angle(Vec3::Y, self.yaw) * Quat::from_axis_angle(Vec3::X, -self.pitch);
        Transform {
            translation: self.focus + rotation * Vec3::new(0.0, 0.0, self.radius),
            rotation,
            ..default()
        }
    }
}

/// A player's change to a framed view (behind the cue ball, the view of a shot, overhead): the
/// wheel's notches and an orbit about the view's focus by the right button, kept until the
/// view is changed with `c`.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct ViewChange {
    pub notches: f32,
    pub yaw: f32,
    pub pitch: f32,
}

/// The closest and farthest a camera goes from its focus (m).
pub const ZOOM_LIMITS: (f32, f32) = (0.15, 8.0);
/// The lowest and highest pitch (rad): just over the cloth, straight down.
pub const PITCH_LIMITS: (f32, f32) = (0.02, std::f32::consts::FRAC_PI_2 - 1e-3);

impl ViewChange {
    /// The view's goal changed by the player: zoomed a tenth a notch, turned and raised.
    pub fn apply(&self, g: Goal) -> Goal {
        Goal {
            focus: g.focus,
            yaw: g.yaw + self.yaw,
            pitch: (g.pitch + self.pitch).clamp(PITCH_LIMITS.0, PITCH_LIMITS.1),
            radius: zoomed(g.radius, self.notches, ZOOM_LIMITS.0, ZOOM_LIMITS.1),
        }
    }

    /// A right-button drag of `delta` pixels in a window of `size`: a window's width turns a
    /// full turn, its height half a turn, as bevy_panorbit_camera orbits the free view.
    pub fn orbit(&mut self, delta: Vec2, size: Vec2) {
        self.yaw -= delta.x / size.x.max(1.0) * std::f32::consts::TAU;
        self.pitch += delta.y / size.y.max(1.0) * std::f32::consts::PI;
    }
}

/// The player's changes to each framed view: behind the cue ball while aiming, the view of a
/// shot playing, overhead.
#[derive(Resource, Debug, Default, Clone)]
pub struct ViewChanges {
    changes: [ViewChange; 3],
    /// The view they are for; another view (`c`) starts them afresh.
    view: CameraView,
}

impl ViewChanges {
    /// The change for the view and moment; `None` for the free view, which is all the
    /// player's.
    pub fn get_mut(&mut self, view: CameraView, aiming: bool) -> Option<&mut ViewChange> {
        if self.view != view {
            *self = ViewChanges {
                view,
                ..Default::default()
            };
        }
        let i = match (view, aiming) {
            (CameraView::Free, _) => return None,
            (CameraView::Behind, true) => 0,
            (CameraView::Behind, false) => 1,
            (CameraView::Overhead, _) => 2,
        };
        Some(&mut self.changes[i])
    }
}

/// bevy's default vertical field of view.
pub const FOV_Y: f32 = std::f32::consts::FRAC_PI_4;
/// The share of the view's half-width and half-height the table may fill.
const FILL: f32 = 0.94;
/// The pitch of the view of a shot playing (rad): the table seen from its right side, high.
pub const SHOT_PITCH: f32 = 1.2;
/// The behind view's usual pitch and distance.
const BEHIND_PITCH: f32 = 0.32;
const BEHIND_RADIUS: f32 = 0.95;

/// The table's outer corners (the rails' outer edges at the rail top) and the cloth's corners,
/// in the world frame.
pub fn table_corners(t: &Table) -> Vec<Vec3> {
    let out = CUSHION_DEPTH + RAIL_WIDTH;
    let (hx, hy) = (t.length / 2.0, t.width / 2.0);
    let mut pts = Vec::new();
    for (sx, sy) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
        pts.push(world(sx * (hx + out), sy * (hy + out), RAIL_TOP));
        pts.push(world(sx * hx, sy * hy, 0.0));
    }
    pts
}

/// Where `p` falls in a view of `aspect` (width over height) from `goal`, in normalised device
/// coordinates (-1 to 1 across the view), or `None` behind the camera.
pub fn project(goal: &Goal, aspect: f32, p: Vec3) -> Option<Vec2> {
    let view = goal.transform().to_matrix().inverse();
    let clip = Mat4::perspective_rh(FOV_Y, aspect, 0.05, 100.0) * view * p.extend(1.0);
    (clip.w > 0.0).then(|| Vec2::new(clip.x / clip.w, clip.y / clip.w))
}

/// The nearest camera at `yaw` and `pitch` over the table's centre that shows all of the
/// table, rails included, in a view of `aspect`.
pub fn fit_table(t: &Table, yaw: f32, pitch: f32, aspect: f32) -> Goal {
    let corners = table_corners(t);
    let fits = |radius: f32| {
        let g = Goal {
            focus: Vec3::ZERO,
            yaw,
            pitch,
            radius,
        };
        corners.iter().all(|&p| {
            project(&g, aspect, p).is_some_and(|v| v.x.abs() <= FILL && v.y.abs() <= FILL)
        })
    };
    let (mut lo, mut hi) = (0.5_f32, 40.0_f32);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if fits(mid) { hi = mid } else { lo = mid }
    }
    Goal {
        focus: Vec3::ZERO,
        yaw,
        pitch,
        radius: hi,
    }
}

/// Behind the cue ball at `c`, looking along the aim; where a rail stands between the ball and
/// the camera the camera rises until it sees over the rail top.
pub fn behind_goal(t: &Table, c: Point, aim_deg: f64) -> Goal {
    let a = aim_deg.to_radians();
    // The camera sits at focus + (sin yaw, 0, cos yaw) * radius: behind the ball along the aim
    // (world direction (cos a, 0, -sin a)).
    let yaw = (-(a.cos() as f32)).atan2(a.sin() as f32);
    let back = rail_behind(t, c, a + std::f64::consts::PI);
    let r = t.ball_radius;
    let mut pitch = BEHIND_PITCH;
    if (back as f32) < BEHIND_RADIUS * BEHIND_PITCH.cos() {
        let clear = ((RAIL_TOP + 0.03 - r) / back.max(1e-3)).atan() as f32;
        pitch = pitch.max(clear).min(1.35);
    }
    Goal {
        focus: world(c.x, c.y, r),
        yaw,
        pitch,
        radius: BEHIND_RADIUS,
    }
}

/// How far from `c` going in direction `a` (rad) the cushion line is (m).
pub fn rail_behind(t: &Table, c: Point, a: f64) -> f64 {
    let (dx, dy) = (a.cos(), a.sin());
    let (hx, hy) = (t.length / 2.0, t.width / 2.0);
    let mut d = f64::INFINITY;
    if dx.abs() > 1e-9 {
        d = d.min((hx * dx.signum() - c.x) / dx);
    }
    if dy.abs() > 1e-9 {
        d = d.min((hy * dy.signum() - c.y) / dy);
    }
    d.max(0.0)
}

/// How long before its takeoff and after its landing the camera shows a flight (s).
const FLIGHT_LEAD: f64 = 0.2;
const FLIGHT_TAIL: f64 = 0.6;

/// The cue ball's flight the camera should show at shot time `t`: its takeoff and landing,
/// when it leaves the cloth before it meets any ball (a jump shot; not a hop after the break's
/// impact) and flies at least 10 cm, from `FLIGHT_LEAD` before takeoff to `FLIGHT_TAIL` after
/// landing.
pub fn flight_in_view(log: &ShotLog, t: f64) -> Option<(Point, Point)> {
    let mut takeoff = None;
    for e in &log.events {
        match *e {
            Event::BallBall { a, b, .. } if (a == CUE || b == CUE) && takeoff.is_none() => {
                return None;
            }
            Event::Airborne {
                t: t0,
                ball: CUE,
                at,
            } if takeoff.is_none() => {
                takeoff = Some((t0, Point::new(at[0], at[1])));
            }
            Event::Landing {
                t: t1,
                ball: CUE,
                at,
            } => {
                let (t0, from) = takeoff?;
                let long = from.distance(at) >= 0.10;
                return (long && t >= t0 - FLIGHT_LEAD && t <= t1 + FLIGHT_TAIL)
                    .then_some((from, at));
            }
            _ => {}
        }
    }
    None
}

/// The pitch of the view of a flight (rad): low, so that the height shows.
pub const FLIGHT_PITCH: f32 = 0.12;

/// A low view from the side of a flight from `from` to `to`, looking across it (the camera on
/// its right, as the shot's view is on the table's right), near enough that the flight and
/// 25 cm either side fill the view's width.
pub fn flight_goal(from: Point, to: Point, aspect: f32) -> Goal {
    let dir = (to.y - from.y).atan2(to.x - from.x);
    let look = dir + std::f64::consts::FRAC_PI_2;
    let yaw = (-(look.cos() as f32)).atan2(look.sin() as f32);
    let half = (from.distance(to) / 2.0 + 0.25) as f32;
    let tan_x = (FOV_Y / 2.0).tan() * aspect;
    Goal {
        focus: world((from.x + to.x) / 2.0, (from.y + to.y) / 2.0, 0.06),
        yaw,
        pitch: FLIGHT_PITCH,
        radius: (half / tan_x.max(0.1)).clamp(ZOOM_LIMITS.0, ZOOM_LIMITS.1),
    }
}

/// Where the camera goes for the view, the shot cycle and the stroke; `None` to leave it (the
/// free view, and while the cue ball in hand is dragged: the camera holds still so that the
/// ball stays under the pointer).
pub fn goal_for(view: CameraView, aiming: bool, m: &Match, aim: &Aim, aspect: f32) -> Option<Goal> {
    let t = m.table();
    match view {
        CameraView::Free => None,
        CameraView::Overhead => Some(fit_table(
            &t,
            0.0,
            std::f32::consts::FRAC_PI_2 - 1e-3,
            aspect,
        )),
        CameraView::Behind if aiming => {
            if matches!(aim.drag, Some(Drag::CueBall(_))) {
                return None;
            }
            let c = m.cue_ball()?;
            Some(behind_goal(&t, c, aim.stroke.aim_deg))
        }
        CameraView::Behind => Some(fit_table(&t, 0.0, SHOT_PITCH, aspect)),
    }
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_plugins(PanOrbitCameraPlugin)
        .init_resource::<FreeArea>()
        .init_resource::<ViewChanges>()
        .add_systems(Startup, spawn_camera)
        .add_systems(PreUpdate, pointer)
        .add_systems(Update, upright_starts_overhead)
        .add_systems(
            Update,
            (fit_viewport, change_view, follow, zoom)
                .chain()
                .in_set(GameSystems::Show),
        );
}

/// A window narrower than this (logical pixels) is a phone's held upright: the dock goes
/// along the bottom, and the game opens looking down on the whole table.
pub const UPRIGHT_WIDTH: f32 = 630.0;

/// The first time the window is a phone's upright width (a page's canvas takes its size a
/// few frames in), the view goes overhead: from behind the cue ball a 390-px window shows a
/// narrow wedge of the table, most balls out of it.
fn upright_starts_overhead(
    windows: Query<&Window>,
    mut view: ResMut<CameraView>,
    mut done: Local<bool>,
) {
    let Ok(w) = windows.single() else { return };
    if *done || w.width() < 1.0 || w.width() >= UPRIGHT_WIDTH {
        return;
    }
    *done = true;
    if *view == CameraView::Behind {
        *view = CameraView::Overhead;
    }
}

/// Marks the 3D camera (the panels have a camera of their own).
#[derive(Component)]
pub struct TableCamera;

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        TableCamera,
        Camera3d::default(),
        PanOrbitCamera {
            button_orbit: MouseButton::Right,
            button_pan: MouseButton::Middle,
            target_radius: 2.2,
            target_pitch: 1.0,
            // The wheel is read here (`zoom`): bevy_panorbit_camera's own zoom moves by a fifth
            // of the distance a notch, so that a few notches in one slow frame reach the floor.
            zoom_sensitivity: 0.0,
            zoom_lower_limit: ZOOM_LIMITS.0,
            zoom_upper_limit: Some(ZOOM_LIMITS.1),
            pitch_lower_limit: Some(PITCH_LIMITS.0),
            pitch_upper_limit: Some(PITCH_LIMITS.1),
            ..default()
        },
        Transform::from_xyz(0.0, 2.0, 2.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
}

/// The 3D view is drawn in the free area only.
fn fit_viewport(
    free: Res<FreeArea>,
    windows: Query<&Window>,
    mut cams: Query<&mut Camera, With<TableCamera>>,
) {
    let (Ok(window), Ok(mut cam)) = (windows.single(), cams.single_mut()) else {
        return;
    };
    let s = window.scale_factor();
    let (w, h) = (window.physical_width(), window.physical_height());
    let left = ((free.left * s) as u32).min(w.saturating_sub(64));
    let top = ((free.top * s) as u32).min(h.saturating_sub(64));
    let right = ((free.right * s) as u32).min(w - left - 64);
    let bottom = ((free.bottom * s) as u32).min(h - top - 64);
    let viewport = Viewport {
        physical_position: UVec2::new(left, top),
        physical_size: UVec2::new(w - left - right, h - top - bottom),
        ..default()
    };
    if cam
        .viewport
        .as_ref()
        .map(|v| (v.physical_position, v.physical_size))
        != Some((viewport.physical_position, viewport.physical_size))
    {
        cam.viewport = Some(viewport);
    }
}

/// Whether the stroke is being set up (not a shot playing, not a card).
/// In the framed views the wheel zooms and a right drag orbits about the view's focus, as in
/// the free view; the view still follows the aim and the shot.
fn change_view(
    view: Res<CameraView>,
    moment: crate::game::Moment,
    scroll: Res<AccumulatedMouseScroll>,
    motion: Res<AccumulatedMouseMotion>,
    buttons: Res<ButtonInput<MouseButton>>,
    pointer: Res<Pointer>,
    windows: Query<&Window>,
    mut changes: ResMut<ViewChanges>,
    mut last_cursor: Local<Option<Vec2>>,
) {
    let aiming = moment.at_rest();
    let cursor = std::mem::replace(&mut *last_cursor, pointer.cursor);
    let Some(change) = changes.get_mut(*view, aiming) else {
        return;
    };
    if pointer.over_panel {
        return;
    }
    change.notches += notches(&scroll);
    if buttons.pressed(MouseButton::Right)
        && !buttons.just_pressed(MouseButton::Right)
        && let Ok(w) = windows.single()
    {
        // The cursor's own motion where there is a cursor (under X raw motion may not come).
        let delta = match (pointer.cursor, cursor) {
            (Some(now), Some(before)) => now - before,
            _ => motion.delta,
        };
        change.orbit(delta, Vec2::new(w.width(), w.height()));
    }
}

/// The wheel's notches this frame.
fn notches(scroll: &AccumulatedMouseScroll) -> f32 {
    match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
    }
}

fn follow(
    view: Res<CameraView>,
    moment: crate::game::Moment,
    playback: Res<Playback>,
    m: Res<Match>,
    aim: Res<Aim>,
    pointer: Res<Pointer>,
    mut changes: ResMut<ViewChanges>,
    mut cams: Query<(&mut PanOrbitCamera, &Camera), With<TableCamera>>,
) {
    let Ok((mut cam, camera)) = cams.single_mut() else {
        return;
    };
    // bevy_panorbit_camera takes the mouse in the free view only; the framed views read it in
    // `change_view`.
    cam.enabled = *view == CameraView::Free && !pointer.over_panel;
    let aiming = moment.at_rest();
    let aspect = camera
        .logical_viewport_size()
        .map_or(16.0 / 9.0, |s| s.x / s.y.max(1.0));
    // A jump shot playing is seen from the side while the cue ball flies.
    let flight = (*view == CameraView::Behind && !aiming)
        .then(|| {
            playback
                .log
                .as_ref()
                .and_then(|l| flight_in_view(l, playback.t))
        })
        .flatten();
    let goal = match flight {
        Some((from, to)) => Some(flight_goal(from, to, aspect)),
        None => goal_for(*view, aiming, &m, &aim, aspect),
    };
    if let Some(g) = goal {
        let g = changes
            .get_mut(*view, aiming)
            .map_or(g, |change| change.apply(g));
        cam.target_focus = g.focus;
        cam.target_yaw = g.yaw;
        cam.target_pitch = g.pitch;
        cam.target_radius = g.radius;
    }
}

/// The wheel zooms the free view a tenth of the distance a notch, however many notches come
/// in one frame.
fn zoom(
    view: Res<CameraView>,
    scroll: Res<AccumulatedMouseScroll>,
    pointer: Res<Pointer>,
    mut cams: Query<&mut PanOrbitCamera, With<TableCamera>>,
) {
    if *view != CameraView::Free || pointer.over_panel || scroll.delta.y == 0.0 {
        return;
    }
    let notches = notches(&scroll);
    for mut cam in &mut cams {
        let lo = cam.zoom_lower_limit;
        let hi = cam.zoom_upper_limit.unwrap_or(f32::MAX);
        cam.target_radius = zoomed(cam.target_radius, notches, lo, hi);
    }
}

/// A ball centred at `at` (world) as the camera sees it: its centre on the screen and its
/// radius there (logical pixels); `None` behind the camera.
pub fn ball_disc(cam: &Camera, eye: &GlobalTransform, at: Vec3) -> Option<(Vec2, f32)> {
    let c = cam.world_to_viewport(eye, at).ok()?;
    let edge = cam
        .world_to_viewport(eye, at + *eye.right() * crate::table::BALL_RADIUS as f32)
        .ok()?;
    Some((c, c.distance(edge)))
}

/// The distance after `notches` of the wheel: a tenth closer a notch, within the limits.
pub fn zoomed(radius: f32, notches: f32, lo: f32, hi: f32) -> f32 {
    (radius * 0.9_f32.powf(notches)).clamp(lo, hi)
}

/// The next view `c` gives.
pub fn next_view(v: CameraView) -> CameraView {
    match v {
        CameraView::Behind => CameraView::Overhead,
        CameraView::Overhead => CameraView::Free,
        CameraView::Free => CameraView::Behind,
    }
}

/// Where the cursor's ray meets the plane of the balls' centres, the ray itself, and whether
/// egui has the pointer or the keyboard.
pub(in crate::game) fn pointer(
    windows: Query<&Window>,
    cams: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
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
    p.ray = None;
    p.on_table = None;
    p.cursor = window.cursor_position().or(p.finger);
    let Some(cursor) = p.cursor else {
        return;
    };
    // Outside the 3D view the pointer is over the docked panels.
    if cam
        .logical_viewport_rect()
        .is_some_and(|r| !r.contains(cursor))
    {
        p.over_panel = true;
        return;
    }
    let Ok(ray) = cam.viewport_to_world(gt, cursor) else {
        return;
    };
    p.ray = Some(ray);
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

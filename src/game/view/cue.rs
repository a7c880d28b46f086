//! What the player aims with: the cue stick behind the cue ball (turned to the aim, tilted by
//! the elevation, offset by the tip, drawn back by the power), the aim line with the ghost ball
//! and the object ball's line, the tracking lines in each ball's colour, markers for the call
//! (the ball and the pocket) and for where the cue ball may be placed. (The coach's ghost
//! stroke is drawn by `players::coach`, the scenario player's markers by `screens::lesson`.)

use bevy::prelude::*;

use super::balls::ball_colour;
use super::scene::world;
use crate::game::GameSystems;
use crate::game::model::aim::{Aim, CallKind, MAX_SPEED};
use crate::game::model::session::Match;
use crate::game::model::tracking::{AidLevel, Aids, Tracking};
use crate::referee::{CUE, InHand};
use crate::table::Point;

#[derive(Component)]
struct CueStick;

/// The cue's materials, made see-through while the cue stands between the eye and a ball.
#[derive(Resource)]
struct CueMaterials(Vec<Handle<StandardMaterial>>);

/// How opaque the cue is drawn where it would hide a ball (a raised cue seen from behind
/// stands up through the middle of the view, over the balls it is aimed past).
const SEE_THROUGH: f32 = 0.3;

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_cue).add_systems(
        Update,
        (
            (place_cue, see_through).chain(),
            aim_line,
            tracking_lines,
            markers,
        )
            .in_set(GameSystems::Show),
    );
}

const CUE_LENGTH: f32 = 1.45;

fn spawn_cue(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let shaft = materials.add(StandardMaterial {
        base_color: Color::srgb(0.86, 0.76, 0.58),
        perceptual_roughness: 0.4,
        ..default()
    });
    let butt = materials.add(StandardMaterial {
        base_color: Color::srgb(0.15, 0.07, 0.04),
        perceptual_roughness: 0.35,
        ..default()
    });
    let tip = materials.add(StandardMaterial {
        base_color: Color::srgb(0.2, 0.35, 0.75),
        perceptual_roughness: 0.9,
        ..default()
    });
    commands.insert_resource(CueMaterials(vec![shaft.clone(), butt.clone(), tip.clone()]));
    // Built along +y from the tip at the origin.
    commands
        .spawn((CueStick, Transform::default(), Visibility::Hidden))
        .with_children(|c| {
            c.spawn((
                Mesh3d(meshes.add(Cylinder::new(0.0065, 0.012))),
                MeshMaterial3d(tip),
                Transform::from_xyz(0.0, 0.006, 0.0),
            ));
            c.spawn((
                Mesh3d(meshes.add(Cylinder::new(0.0068, 0.74))),
                MeshMaterial3d(shaft),
                Transform::from_xyz(0.0, 0.012 + 0.37, 0.0),
            ));
            c.spawn((
                Mesh3d(meshes.add(Cylinder::new(0.0125, CUE_LENGTH - 0.75))),
                MeshMaterial3d(butt),
                Transform::from_xyz(0.0, 0.75 + (CUE_LENGTH - 0.75) / 2.0, 0.0),
            ));
        });
}

/// The aim direction (world, horizontal) and the cue ball's centre (world).
fn aim_frame(m: &Match, aim: &Aim) -> Option<(Vec3, Vec3, Point)> {
    let mut c = m.cue_ball()?;
    if let Some(crate::game::model::aim::Drag::CueBall(p)) = aim.drag {
        c = p;
    }
    let r = m.table().ball_radius;
    let a = aim.stroke.aim_deg.to_radians();
    let d = world(a.cos(), a.sin(), 0.0).normalize();
    Some((d, world(c.x, c.y, r), c))
}

fn place_cue(
    moment: crate::game::Moment,
    m: Res<Match>,
    aim: Res<Aim>,
    mut q: Query<(&mut Transform, &mut Visibility), With<CueStick>>,
) {
    let Ok((mut tf, mut vis)) = q.single_mut() else {
        return;
    };
    let frame = aim_frame(&m, &aim);
    let (true, Some((d, centre, _))) = (moment.at_rest(), frame) else {
        *vis = Visibility::Hidden;
        return;
    };
    let t = m.table();
    let r = t.ball_radius as f32;
    let s = &aim.stroke;
    let right = d.cross(Vec3::Y).normalize();
    let e =
        (s.elevation_deg as f32)
            .to_radians()
            .max(rail_clearance(&t, &aim, frame_point(&m, &aim)));
    let back = (-d * e.cos() + Vec3::Y * e.sin()).normalize();
    // Where the tip meets the ball: the offset on the ball's face seen along the cue.
    let up_on_face = back.cross(right).normalize();
    let offset = right * (s.side as f32 * r) + up_on_face * (s.height as f32 * r);
    let contact = centre + offset + back * (r * r - offset.length_squared()).max(0.0).sqrt();
    let draw_back = 0.015 + 0.18 * (s.speed / MAX_SPEED) as f32;
    tf.translation = contact + back * draw_back;
    tf.rotation = Quat::from_rotation_arc(Vec3::Y, back);
    *vis = Visibility::Visible;
}

/// The cue drawn see-through while, seen from the camera, it crosses a ball other than the cue
/// ball (a jump cue raised at 50 degrees covered the balls ahead of it from behind).
fn see_through(
    cue: Query<(&GlobalTransform, &Visibility), With<CueStick>>,
    cams: Query<(&Camera, &GlobalTransform), With<super::camera::TableCamera>>,
    poses: Res<crate::game::model::playback::BallPoses>,
    handles: Option<Res<CueMaterials>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let (Ok((tf, vis)), Ok((cam, eye)), Some(handles)) = (cue.single(), cams.single(), handles)
    else {
        return;
    };
    let on_screen = |p: Vec3| cam.world_to_viewport(eye, p).ok();
    // The cue from its tip along its length, as far as it is in front of the camera.
    let (tip, along) = (tf.translation(), *tf.up());
    let cue: Vec<Vec2> = (0..=8)
        .map_while(|i| on_screen(tip + along * CUE_LENGTH * i as f32 / 8.0))
        .collect();
    let balls: Vec<(Vec2, f32)> = poses
        .0
        .iter()
        .enumerate()
        .filter(|(b, _)| *b != crate::referee::CUE as usize)
        .filter_map(|(_, p)| super::camera::ball_disc(cam, eye, (*p)?.0))
        .collect();
    let hides = *vis != Visibility::Hidden && crosses_a_ball(&cue, &balls);
    let alpha = if hides { SEE_THROUGH } else { 1.0 };
    for h in &handles.0 {
        let Some(m) = materials.get(h) else { continue };
        if m.base_color.alpha() == alpha {
            continue;
        }
        if let Some(mut m) = materials.get_mut(h) {
            m.base_color.set_alpha(alpha);
            m.alpha_mode = if hides {
                AlphaMode::Blend
            } else {
                AlphaMode::Opaque
            };
        }
    }
}

/// Whether a line through these screen points passes over one of these discs (centre,
/// radius in pixels).
pub fn crosses_a_ball(line: &[Vec2], balls: &[(Vec2, f32)]) -> bool {
    line.windows(2).any(|w| {
        let (a, b) = (w[0], w[1]);
        balls.iter().any(|&(c, r)| {
            let ab = b - a;
            let t = ((c - a).dot(ab) / ab.length_squared().max(1e-6)).clamp(0.0, 1.0);
            (a + ab * t).distance(c) < r
        })
    })
}

/// The cue ball's place on the table (where it is dragged to, in hand).
fn frame_point(m: &Match, aim: &Aim) -> Point {
    aim_frame(m, aim).map_or(Point::new(0.0, 0.0), |f| f.2)
}

/// The least tilt (rad) at which the drawn cue's butt passes over the rail behind the cue
/// ball: near a cushion the cue is drawn raised so that it never goes through the rail.
pub fn rail_clearance(t: &crate::table::Table, aim: &Aim, c: Point) -> f32 {
    let back =
        super::camera::rail_behind(t, c, aim.stroke.aim_deg.to_radians() + std::f64::consts::PI);
    // The butt is 12.5 mm thick; clear the rail top by a little more.
    let rise = crate::physics::params::RAIL_TOP + 0.02 - t.ball_radius;
    if back > 1.2 {
        return 0.0;
    }
    (rise / back.max(1e-3)).atan().max(0.0) as f32
}

/// The first ball the cue ball would meet going straight along the aim: its number, the ghost
/// ball's place and the distance to it; or where it meets a cushion.
pub fn first_along(m: &Match, from: Point, aim_deg: f64) -> (Option<u8>, Point) {
    let t = m.table();
    let r = t.ball_radius;
    let a = aim_deg.to_radians();
    let d = (a.cos(), a.sin());
    let mut best: Option<(f64, u8)> = None;
    for b in m.layout.balls.iter().filter(|b| b.ball != CUE) {
        let (ox, oy) = (b.at.x - from.x, b.at.y - from.y);
        let along = ox * d.0 + oy * d.1;
        let off2 = ox * ox + oy * oy - along * along;
        let reach = 4.0 * r * r - off2;
        if along <= 0.0 || reach < 0.0 {
            continue;
        }
        let s = along - reach.sqrt();
        if s > 0.0 && best.is_none_or(|(bs, _)| s < bs) {
            best = Some((s, b.ball));
        }
    }
    // The cushion: where the centre reaches a radius from the nose line.
    let (hx, hy) = (t.length / 2.0 - r, t.width / 2.0 - r);
    let mut wall = f64::INFINITY;
    if d.0.abs() > 1e-9 {
        wall = wall.min(((hx * d.0.signum()) - from.x) / d.0);
    }
    if d.1.abs() > 1e-9 {
        wall = wall.min(((hy * d.1.signum()) - from.y) / d.1);
    }
    match best {
        Some((s, ball)) if s < wall => (Some(ball), Point::new(from.x + d.0 * s, from.y + d.1 * s)),
        _ => (None, Point::new(from.x + d.0 * wall, from.y + d.1 * wall)),
    }
}

fn aim_line(m: Res<Match>, aim: Res<Aim>, aids: Res<Aids>, mut gizmos: Gizmos) {
    if !aim.aim_line || aids.level == AidLevel::Pro {
        return;
    }
    let Some((_, centre, c)) = aim_frame(&m, &aim) else {
        return;
    };
    let r = m.table().ball_radius;
    let (hit, ghost) = first_along(&m, c, aim.stroke.aim_deg);
    let g = world(ghost.x, ghost.y, r);
    let white = Color::srgba(1.0, 1.0, 1.0, 0.8);
    gizmos.line(centre, g, white);
    let flat = Quat::from_rotation_arc(Vec3::Z, Vec3::Y);
    gizmos.circle(Isometry3d::new(g, flat), r as f32, white);
    if let Some(b) = hit
        && let Some(ob) = m.layout.balls.iter().find(|x| x.ball == b)
    {
        // The object ball leaves along the line of centres.
        let o = world(ob.at.x, ob.at.y, r);
        let dir = (o - g).normalize_or_zero();
        gizmos.line(o, o + dir * 0.35, ball_colour(b).with_alpha(0.9));
    }
}

fn tracking_lines(aids: Res<Aids>, tracking: Res<Tracking>, mut gizmos: Gizmos) {
    for (ball, pts) in tracking.shown(aids.level) {
        let colour = if ball == CUE {
            Color::WHITE
        } else {
            ball_colour(ball)
        };
        gizmos.linestrip(pts.iter().map(|p| *p + Vec3::Y * 0.001), colour);
    }
}

/// Rings around the called ball and pocket; the kitchen outlined while the cue ball is in hand
/// there.
fn markers(m: Res<Match>, aim: Res<Aim>, mut gizmos: Gizmos) {
    let t = m.table();
    let r = t.ball_radius;
    let flat = Quat::from_rotation_arc(Vec3::Z, Vec3::Y);
    let gold = Color::srgb(1.0, 0.85, 0.2);
    // The ball on: a white ring round the ball the cue ball must hit first.
    let on = m.state.ball_on();
    if let Some(p) = m.layout.balls.iter().find(|x| x.ball == on) {
        gizmos.circle(
            Isometry3d::new(world(p.at.x, p.at.y, 0.003), flat),
            (r * 1.6) as f32,
            Color::srgba(1.0, 1.0, 1.0, 0.9),
        );
    }
    if aim.call.kind == CallKind::Ball {
        if let Some(b) = aim.call.ball
            && let Some(p) = m.layout.balls.iter().find(|x| x.ball == b)
        {
            gizmos.circle(
                Isometry3d::new(world(p.at.x, p.at.y, 0.002), flat),
                (r * 1.35) as f32,
                gold,
            );
        }
        if let Some(k) = aim.call.pocket {
            let p = t.pocket_mouth_centre(k);
            gizmos.circle(Isometry3d::new(world(p.x, p.y, 0.002), flat), 0.075, gold);
        }
    }
    if m.in_hand() == Some(InHand::Kitchen) {
        let (hx, hy) = (t.length / 2.0, t.width / 2.0);
        let x = t.head_string_x();
        let c = Color::srgba(1.0, 1.0, 1.0, 0.5);
        let pts = [
            world(-hx, -hy, 0.001),
            world(x, -hy, 0.001),
            world(x, hy, 0.001),
            world(-hx, hy, 0.001),
            world(-hx, -hy, 0.001),
        ];
        gizmos.linestrip(pts, c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Was (issue 63, item 5): `legal-jump-shot`'s 50-degree cue, seen from behind, stood up
    /// through the middle of the view over the 2 and the 1. Seen so (the cue from below the
    /// view's middle straight up past the balls) it crosses them and is drawn see-through; a
    /// level cue from behind reaches down to the bottom of the view and crosses none.
    #[test]
    fn issue_63_item_5_a_raised_cue_over_the_balls_is_seen_through() {
        let balls = [
            (Vec2::new(475.0, 340.0), 20.0),
            (Vec2::new(475.0, 265.0), 12.0),
        ];
        let raised = [
            Vec2::new(475.0, 380.0),
            Vec2::new(475.0, 250.0),
            Vec2::new(475.0, 60.0),
        ];
        assert!(crosses_a_ball(&raised, &balls));
        let level = [
            Vec2::new(475.0, 400.0),
            Vec2::new(478.0, 560.0),
            Vec2::new(482.0, 720.0),
        ];
        assert!(!crosses_a_ball(&level, &balls));
        // A cue passing beside a ball, a pixel clear of it, does not.
        assert!(!crosses_a_ball(
            &[Vec2::new(496.0, 0.0), Vec2::new(496.0, 720.0)],
            &balls[..1]
        ));
    }
}

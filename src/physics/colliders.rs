//! The table as rapier colliders: the slate bed with its pocket holes, six cushions whose
//! nose sits at 63.5 % of the ball's diameter with jaws cut at the WPA angles, the wooden
//! rails round them (the frame a flying ball can land on) and the floor.
//!
//! World frame: rapier's y is up. Table coordinates (x toward the foot, y toward the left
//! cushion, up) map to world (x, up, -y).

use bevy_rapier3d::rapier::prelude::*;

use super::cushion::{cushion_lines, pocket_holes};
use super::params::{E_BALL, E_BED, MU_BALL, MU_CUSHION, MU_SLIDE, NOSE_HEIGHT_SHARE, RAIL_TOP};
use crate::table::{Point, Rail, Table};

/// Collider roles, kept in `user_data`: 0 to 10 are balls.
pub const ROLE_CUSHION: u128 = 100;
pub const ROLE_BED: u128 = 200;
pub const ROLE_FLOOR: u128 = 201;

/// The restitution rapier is given for a ball-cushion pair, used only where rapier steps the
/// table itself (pressed contacts); the contact engine's cushion is `cushion::rebound`. The nose
/// sits above the ball's centre, so part of each rebound goes into the bed: with this setting
/// rapier's ball came back with about 0.85 of its normal speed.
pub const CUSHION_RESTITUTION_SETTING: f64 = 1.0;

/// Collision groups: balls, the bed, the cushions, the floor.
pub const GROUP_BALL: Group = Group::GROUP_1;
pub const GROUP_BED: Group = Group::GROUP_2;
pub const GROUP_CUSHION: Group = Group::GROUP_3;
pub const GROUP_FLOOR: Group = Group::GROUP_4;

/// Collision groups of a ball: everything, without the bed over a pocket hole; or, while the
/// contact engine resolves every hit itself (`free`), only the bed and the floor.
pub fn ball_groups(over_hole: bool, free: bool) -> InteractionGroups {
    let filter = if free {
        GROUP_BED.union(GROUP_FLOOR)
    } else if over_hole {
        Group::ALL.difference(GROUP_BED)
    } else {
        Group::ALL
    };
    InteractionGroups::new(GROUP_BALL, filter, InteractionTestMode::And)
}

/// Whether a ball's centre (table x, y) is over a pocket's hole, where the slate no longer
/// carries it. Beyond the cushion lines the slab ends anyway.
pub fn over_pocket_hole(t: &Table, x: f64, y: f64) -> bool {
    pocket_holes(t)
        .iter()
        .any(|h| h.centre.distance(Point::new(x, y)) < h.radius)
}

/// Depth of a cushion from its nose to the back of the rail (m).
pub const CUSHION_DEPTH: f64 = 0.05;
/// Width of the wooden rail behind the cushion (m); its top is level with the cushion's.
pub const RAIL_WIDTH: f64 = 0.13;
/// The wooden rails' role: a contact with them is a contact with the rail top.
pub const ROLE_FRAME: u128 = ROLE_CUSHION + 6;
/// Height of the floor's surface below the bed (m).
pub const FLOOR_DEPTH: f64 = 0.76;

/// Table coordinates (x, y, height) to rapier's world.
pub fn to_world(x: f64, y: f64, h: f64) -> Vector {
    Vector::new(x as f32, h as f32, -y as f32)
}

/// A table-frame orientation (a [`PathSample`](super::PathSample)'s turn) as a rotation in the
/// world frame (x, up, -y): the quaternion's vector part maps like a vector.
pub fn quat_to_world(q: bevy::math::Quat) -> bevy::math::Quat {
    bevy::math::Quat::from_xyzw(q.x, q.z, -q.y, q.w).normalize()
}

/// Rapier's world to table coordinates (x, y, height).
pub fn from_world(v: Vector) -> [f64; 3] {
    [v.x as f64, -(v.z as f64), v.y as f64]
}

/// Rapier combines coefficients by their average; each material's own value is chosen so that
/// every pair gets the value of the notes: ball-ball, ball-cloth and ball-cushion.
pub fn ball_material() -> (f32, f32) {
    (MU_BALL as f32, E_BALL as f32)
}

fn paired(pair_value: f64, ball_value: f64) -> f32 {
    (2.0 * pair_value - ball_value) as f32
}

/// The cushion's cross-section: (outward distance from the nose line, height). The nose is the
/// innermost point, at 63.5 % of the ball's diameter; below it the rubber slopes away steeply
/// enough that a ball touches the nose only.
fn cushion_profile(t: &Table) -> [[f64; 2]; 5] {
    let nose = NOSE_HEIGHT_SHARE * 2.0 * t.ball_radius;
    [
        [0.0, nose],
        [0.015, 0.0],
        [CUSHION_DEPTH, 0.0],
        [CUSHION_DEPTH, RAIL_TOP],
        [0.008, RAIL_TOP],
    ]
}

/// Index of a rail in `Rail::CUSHIONS`.
pub fn rail_index(rail: Rail) -> usize {
    Rail::CUSHIONS.iter().position(|&r| r == rail).unwrap_or(6)
}

/// The six cushions, jaws included: prisms of the cross-section (`cushion_profile`) along the
/// nose line, their ends cut back at the pocket's angle. For each cushion, each point of the
/// cross-section at the two ends (table x, y, height): the collider's hull and the game's mesh.
pub fn cushion_shapes(t: &Table) -> Vec<(Rail, Vec<([f64; 3], [f64; 3])>)> {
    let profile = cushion_profile(t);
    cushion_lines(t)
        .into_iter()
        .map(|line| {
            let (a, b, n) = (line.start, line.end, line.out);
            let (cut_a, cut_b) = (line.cut_start_deg, line.cut_end_deg);
            let len = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
            let dir = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
            // The jaw face leaves the nose point at (180 - cut) degrees from the cushion line.
            let cot_a = (180.0 - cut_a).to_radians().tan().recip();
            let cot_b = (180.0 - cut_b).to_radians().tan().recip();
            let ends = profile
                .iter()
                .map(|&[u, h]| {
                    (
                        [
                            a[0] + n[0] * u - dir[0] * u * cot_a,
                            a[1] + n[1] * u - dir[1] * u * cot_a,
                            h,
                        ],
                        [
                            b[0] + n[0] * u + dir[0] * u * cot_b,
                            b[1] + n[1] * u + dir[1] * u * cot_b,
                            h,
                        ],
                    )
                })
                .collect();
            (line.rail, ends)
        })
        .collect()
}

/// Adds the bed, the cushions and the floor as fixed colliders.
pub fn add_table(world: &mut PhysicsWorld, t: &Table) {
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    let (mu_ball, e_ball) = (MU_BALL, E_BALL);

    // Bed: one slab under the playing surface. Pocket holes are not cut into it: a ball over
    // a hole stops colliding with it (see `over_pocket_hole`), so the slab has no seams for a
    // rolling ball to bump on.
    world.insert_collider(
        ColliderBuilder::cuboid(hl as f32, 0.025, hw as f32)
            .translation(to_world(0.0, 0.0, -0.025))
            .collision_groups(InteractionGroups::new(
                GROUP_BED,
                Group::ALL,
                InteractionTestMode::And,
            ))
            .friction(paired(MU_SLIDE, mu_ball))
            .restitution(paired(E_BED, e_ball))
            .user_data(ROLE_BED),
        None,
    );

    // Cushions, jaws included.
    for (rail, ends) in cushion_shapes(t) {
        let pts: Vec<Vector> = ends
            .iter()
            .flat_map(|(pa, pb)| [to_world(pa[0], pa[1], pa[2]), to_world(pb[0], pb[1], pb[2])])
            .collect();
        world.insert_collider(
            ColliderBuilder::convex_hull(&pts)
                .expect("a cushion is convex")
                .collision_groups(InteractionGroups::new(
                    GROUP_CUSHION,
                    Group::ALL,
                    InteractionTestMode::And,
                ))
                .friction(paired(MU_CUSHION, mu_ball))
                .restitution(paired(CUSHION_RESTITUTION_SETTING, e_ball))
                .user_data(ROLE_CUSHION + rail_index(rail) as u128),
            None,
        );
    }

    // The wooden rails: four slabs round the cushions, their tops level with the rail top
    // (the pockets' openings in them are left out: a ball flying over one lands on wood).
    let band = CUSHION_DEPTH + RAIL_WIDTH / 2.0;
    let (outer_l, outer_w) = (hl + CUSHION_DEPTH + RAIL_WIDTH, hw + CUSHION_DEPTH);
    for (x, y, half_x, half_y) in [
        (0.0, hw + band, outer_l, RAIL_WIDTH / 2.0),
        (0.0, -(hw + band), outer_l, RAIL_WIDTH / 2.0),
        (hl + band, 0.0, RAIL_WIDTH / 2.0, outer_w),
        (-(hl + band), 0.0, RAIL_WIDTH / 2.0, outer_w),
    ] {
        world.insert_collider(
            ColliderBuilder::cuboid(half_x as f32, (RAIL_TOP / 2.0) as f32, half_y as f32)
                .translation(to_world(x, y, RAIL_TOP / 2.0))
                .collision_groups(InteractionGroups::new(
                    GROUP_CUSHION,
                    Group::ALL,
                    InteractionTestMode::And,
                ))
                .friction(paired(MU_CUSHION, mu_ball))
                .restitution(paired(E_BED, e_ball))
                .user_data(ROLE_FRAME),
            None,
        );
    }

    // The floor, wide enough for any ball leaving the table.
    world.insert_collider(
        ColliderBuilder::cuboid(10.0, 0.05, 10.0)
            .translation(to_world(0.0, 0.0, -FLOOR_DEPTH - 0.05))
            .collision_groups(InteractionGroups::new(
                GROUP_FLOOR,
                Group::ALL,
                InteractionTestMode::And,
            ))
            .friction(0.5)
            .restitution(0.3)
            .user_data(ROLE_FLOOR),
        None,
    );
}

//! The table as rapier colliders: the slate bed with its pocket holes, six cushions whose
//! nose sits at 63.5 % of the ball's diameter with jaws cut at the WPA angles, the wooden
//! rails round them (the frame a flying ball can land on, with the pockets' openings cut out)
//! and the floor.
//!
//! World frame: rapier's y is up. Table coordinates (x toward the foot, y toward the left
//! cushion, up) map to world (x, up, -y).

use std::sync::{Arc, Mutex};

use bevy::math::DVec3;
use bevy_rapier3d::rapier::prelude::*;

use super::cushion::{Give, PocketHole, cushion_lines, pocket_holes};
use super::equipment::Equipment;
use super::params::{BALL_MASS, E_BALL, E_BED, MU_BALL, NOSE_HEIGHT_SHARE, RAIL_TOP};
use crate::table::{Point, Rail, Table};

/// Collider roles, kept in `user_data`: 0 to 10 are balls.
pub const ROLE_CUSHION: u128 = 100;
pub const ROLE_BED: u128 = 200;
pub const ROLE_FLOOR: u128 = 201;

/// The restitution rapier is given for a ball-cushion pair, used only where rapier steps the
/// table itself (pressed contacts); the contact engine's cushion is `cushion::rebound`. The nose
/// sits above the ball's centre, so part of each rebound goes into the bed: with this setting
/// rapier's ball came back with about 0.85 of its normal speed. Past the cushion's stop
/// `CushionStop` scales it down as the contact engine's cushion does.
pub const CUSHION_RESTITUTION_SETTING: f64 = 1.0;

/// The cushion's stop where rapier steps a hit (a ball in the air meeting a cushion's slope, a
/// pressed contact): each ball-cushion contact's restitution is the setting scaled by the
/// share the stop leaves at the speed the ball met the cushion with (`Give::restitution`
/// over the rubber's), the fastest approach the contact has seen kept in its `user_data`.
pub struct CushionStop {
    pub give: Give,
}

impl PhysicsHooks for CushionStop {
    fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
        let is_ball =
            |c: ColliderHandle| context.colliders.get(c).is_some_and(|c| c.user_data <= 10);
        // The normal points from the first collider to the second: a ball that is the first
        // approaches along it, a ball that is the second against it.
        let (body, first) = if is_ball(context.collider1) {
            (context.rigid_body1, true)
        } else if is_ball(context.collider2) {
            (context.rigid_body2, false)
        } else {
            return;
        };
        let Some(body) = body.and_then(|b| context.bodies.get(b)) else {
            return;
        };
        let along = body.linvel().dot(*context.normal) as f64;
        let approach = if first { along } else { -along };
        // The manifold is made before the ball touches (rapier's prediction) and kept while
        // it does: the fastest approach it has seen is the speed the ball met the cushion with
        // (the compression only slows it). Kept as f32 bits; 0 is no approach yet.
        let kept = f32::from_bits(*context.user_data).max(approach.max(0.0) as f32);
        *context.user_data = kept.to_bits();
        let speed = kept as f64;
        let work = 0.5 * BALL_MASS * speed * speed;
        let share = self.give.restitution(work, BALL_MASS) / self.give.nose;
        *context.restitution = (CUSHION_RESTITUTION_SETTING * share) as f32;
    }
}

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
/// How much wider than its hole in the slate a pocket's opening in the wooden rails is.
pub const RAIL_OPENING_SHARE: f64 = 1.35;
/// How far a pocket's opening in the wooden rails sits outward of its hole, along each axis the
/// pocket is off the table's centre lines (m).
pub const RAIL_OPENING_OUTSET: f64 = 0.015;
/// Strips each opening's curve is cut into, in each rail it crosses.
const OPENING_STRIPS: usize = 12;
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
pub fn from_world(v: Vector) -> DVec3 {
    DVec3::new(v.x as f64, -(v.z as f64), v.y as f64)
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

/// The pockets' openings in the wooden rails, in `pocket_holes` order: a ball that flies over
/// one falls into the pocket (the game draws them from this too).
pub fn rail_openings(t: &Table) -> [PocketHole; 6] {
    let outward = |v: f64| {
        if v.abs() < 1e-9 {
            v
        } else {
            v + v.signum() * RAIL_OPENING_OUTSET
        }
    };
    pocket_holes(t).map(|h| PocketHole {
        centre: Point::new(outward(h.centre.x), outward(h.centre.y)),
        radius: h.radius * RAIL_OPENING_SHARE,
    })
}

/// One straight band of wooden rail seen from above: `along` from `from` to `to`, `across` from
/// `lo` to `hi`; `along_x` says whether `along` is the table's x.
struct RailBand {
    along_x: bool,
    from: f64,
    to: f64,
    lo: f64,
    hi: f64,
}

impl RailBand {
    fn point(&self, along: f64, across: f64) -> Point {
        if self.along_x {
            Point::new(along, across)
        } else {
            Point::new(across, along)
        }
    }

    /// An opening as (along, across, radius) in this band's terms, if it cuts the band.
    fn cut_by(&self, hole: &PocketHole) -> Option<(f64, f64, f64)> {
        let (s, c) = if self.along_x {
            (hole.centre.x, hole.centre.y)
        } else {
            (hole.centre.y, hole.centre.x)
        };
        let off_band = (c - c.clamp(self.lo, self.hi)).abs();
        let off_ends = (s - s.clamp(self.from, self.to)).abs();
        (off_band < hole.radius && off_ends < hole.radius).then_some((s, c, hole.radius))
    }

    /// The band from `a` to `b` along, less the disc (`s0`, `c0`, `r`): the part below the disc
    /// and the part above it, each a convex quadrilateral whose curved side is its chord.
    fn strip(&self, a: f64, b: f64, (s0, c0, r): (f64, f64, f64), out: &mut Vec<Vec<Point>>) {
        let half = |s: f64| (r * r - (s - s0) * (s - s0)).max(0.0).sqrt();
        let below = |s: f64| (c0 - half(s)).clamp(self.lo, self.hi);
        let above = |s: f64| (c0 + half(s)).clamp(self.lo, self.hi);
        let pieces = [
            [(a, self.lo), (b, self.lo), (b, below(b)), (a, below(a))],
            [(a, above(a)), (b, above(b)), (b, self.hi), (a, self.hi)],
        ];
        for piece in pieces {
            let wide = (piece[3].1 - piece[0].1).max(piece[2].1 - piece[1].1);
            if wide > 1e-6 {
                out.push(piece.iter().map(|&(s, c)| self.point(s, c)).collect());
            }
        }
    }

    /// The band as convex pieces, the openings cut out.
    fn pieces(&self, openings: &[PocketHole]) -> Vec<Vec<Point>> {
        let mut cuts: Vec<(f64, f64, f64)> =
            openings.iter().filter_map(|h| self.cut_by(h)).collect();
        cuts.sort_by(|a, b| a.0.total_cmp(&b.0));
        // The whole band's width from `a` to `b` along.
        let solid = |a: f64, b: f64| {
            vec![
                self.point(a, self.lo),
                self.point(b, self.lo),
                self.point(b, self.hi),
                self.point(a, self.hi),
            ]
        };
        let mut out = Vec::new();
        let mut at = self.from;
        for cut in cuts {
            let (start, end) = ((cut.0 - cut.2).max(at), (cut.0 + cut.2).min(self.to));
            if start > at {
                out.push(solid(at, start));
            }
            // Strips evenly spaced in the angle round the opening's centre, so that each
            // chord stays within R (1 - cos(pi / 2N)) of the curve (0.75 mm at a side pocket).
            let (s0, r) = (cut.0, cut.2);
            let angle = |s: f64| ((s0 - s) / r).clamp(-1.0, 1.0).acos();
            let (from, to) = (angle(start), angle(end));
            let at_step = |k: usize| {
                let a = from + (to - from) * k as f64 / OPENING_STRIPS as f64;
                s0 - r * a.cos()
            };
            for k in 0..OPENING_STRIPS {
                self.strip(at_step(k), at_step(k + 1), cut, &mut out);
            }
            at = end;
        }
        if self.to > at {
            out.push(solid(at, self.to));
        }
        out
    }
}

/// The wooden rails seen from above as convex pieces (corners in table x, y), each standing
/// from the bed's level to the rail top: the two long rails run the table's whole length
/// (corners included), the two short ones between them; the pockets' openings
/// (`rail_openings`) are cut out.
pub fn rail_pieces(t: &Table) -> Vec<Vec<Point>> {
    rail_bands(t).into_iter().flatten().collect()
}

/// `rail_pieces`, rail by rail (left, right, foot, head).
fn rail_bands(t: &Table) -> [Vec<Vec<Point>>; 4] {
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    let (inner_l, inner_w) = (hl + CUSHION_DEPTH, hw + CUSHION_DEPTH);
    let (outer_l, outer_w) = (inner_l + RAIL_WIDTH, inner_w + RAIL_WIDTH);
    let band = |along_x, (from, to), (lo, hi)| RailBand {
        along_x,
        from,
        to,
        lo,
        hi,
    };
    let openings = rail_openings(t);
    [
        band(true, (-outer_l, outer_l), (inner_w, outer_w)),
        band(true, (-outer_l, outer_l), (-outer_w, -inner_w)),
        band(false, (-inner_w, inner_w), (inner_l, outer_l)),
        band(false, (-inner_w, inner_w), (-outer_l, -inner_l)),
    ]
    .map(|b| b.pieces(&openings))
}

/// A table's cushions and wooden rails as rapier shapes, built once per table: their convex
/// hulls take longer to build than a short shot takes to play.
struct TableShapes {
    cushions: Vec<(Rail, SharedShape)>,
    /// One compound of prisms per rail, so that a ball meets only the rails near it.
    rails: Vec<SharedShape>,
}

fn table_shapes(t: &Table) -> Arc<TableShapes> {
    static CACHE: Mutex<Vec<(Table, Arc<TableShapes>)>> = Mutex::new(Vec::new());
    let cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, shapes)) = cache.iter().find(|(k, _)| k == t) {
        return shapes.clone();
    }
    drop(cache);
    let cushions = cushion_shapes(t)
        .into_iter()
        .map(|(rail, ends)| {
            let pts: Vec<Vector> = ends
                .iter()
                .flat_map(|(pa, pb)| [to_world(pa[0], pa[1], pa[2]), to_world(pb[0], pb[1], pb[2])])
                .collect();
            (
                rail,
                SharedShape::convex_hull(&pts).expect("a cushion is convex"),
            )
        })
        .collect();
    let prism = |piece: &Vec<Point>| {
        let pts: Vec<Vector> = piece
            .iter()
            .flat_map(|p| [to_world(p.x, p.y, 0.0), to_world(p.x, p.y, RAIL_TOP)])
            .collect();
        SharedShape::convex_hull(&pts).map(|hull| (Pose::IDENTITY, hull))
    };
    let rails = rail_bands(t)
        .iter()
        .map(|band| SharedShape::compound(band.iter().filter_map(prism).collect()))
        .collect();
    let shapes = Arc::new(TableShapes { cushions, rails });
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    cache.push((*t, shapes.clone()));
    shapes
}

/// Adds the bed, the cushions and the floor as fixed colliders, with the equipment's cloth
/// and cushion friction.
pub fn add_table(world: &mut PhysicsWorld, t: &Table, equipment: &Equipment) {
    let (mu_cloth, mu_cushion) = (equipment.cloth.mu_slide, equipment.cushions.friction);
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
            .friction(paired(mu_cloth, mu_ball))
            .restitution(paired(E_BED, e_ball))
            .user_data(ROLE_BED),
        None,
    );

    // Cushions, jaws included, and the wooden rails round them, their tops level with the
    // rail top, the pockets' openings cut out.
    let shapes = table_shapes(t);
    for (rail, shape) in &shapes.cushions {
        world.insert_collider(
            ColliderBuilder::new(shape.clone())
                .collision_groups(InteractionGroups::new(
                    GROUP_CUSHION,
                    Group::ALL,
                    InteractionTestMode::And,
                ))
                .friction(paired(mu_cushion, mu_ball))
                .restitution(paired(CUSHION_RESTITUTION_SETTING, e_ball))
                .active_hooks(ActiveHooks::MODIFY_SOLVER_CONTACTS)
                .user_data(ROLE_CUSHION + rail_index(*rail) as u128),
            None,
        );
    }
    for shape in &shapes.rails {
        world.insert_collider(
            ColliderBuilder::new(shape.clone())
                .collision_groups(InteractionGroups::new(
                    GROUP_CUSHION,
                    Group::ALL,
                    InteractionTestMode::And,
                ))
                .friction(paired(mu_cushion, mu_ball))
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

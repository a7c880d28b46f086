//! The table drawn from the geometry the physics uses: the cloth, the cushions with their noses
//! and jaws (the colliders' own prisms), the rails with their diamonds, the pocket holes with
//! their leather liners and lips, the
//! head string and foot spot marked faintly, the floor and the lights.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use crate::game::model::session::Match;
use crate::physics::params::RAIL_TOP;
use crate::physics::{CUSHION_DEPTH, cushion_shapes, pocket_holes, rail_openings, to_world};
use crate::table::Table;

/// The cloth's colour, also what the rendering test looks for.
pub const CLOTH: Color = Color::srgb_u8(
    crate::game::palette::CLOTH[0],
    crate::game::palette::CLOTH[1],
    crate::game::palette::CLOTH[2],
);
const CUSHION_CLOTH: Color = Color::srgb(0.04, 0.37, 0.19);
const WOOD: Color = Color::srgb(0.32, 0.17, 0.08);
pub use crate::physics::RAIL_WIDTH;

/// Table coordinates (x, y, height) to bevy's world.
pub fn world(x: f64, y: f64, h: f64) -> Vec3 {
    let w = to_world(x, y, h);
    Vec3::new(w.x, w.y, w.z)
}

/// Marks what belongs to the drawn table.
#[derive(Component)]
pub struct TableMesh;

/// The softer lights along the table, left out on a software renderer.
#[derive(Component)]
struct Lamp;

/// How much the renderer is asked to do.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Quality {
    /// Low on a software renderer (no GPU), high otherwise.
    #[default]
    Auto,
    /// No multisampling, no shadows, one light: about three times the frame rate on Mesa's
    /// software renderer.
    Low,
    High,
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.08, 0.08, 0.1)))
        .insert_resource(GlobalAmbientLight {
            color: Color::WHITE,
            brightness: 250.0,
            ..default()
        })
        .init_resource::<Quality>()
        .add_systems(Startup, spawn_table)
        .add_systems(PostStartup, apply_quality);
}

/// A renderer's name that says it draws on the processor: Mesa's llvmpipe and softpipe,
/// Google's SwiftShader (Chromium's WebGL without a GPU), Microsoft's Basic Render Driver.
pub fn software_renderer(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    ["llvmpipe", "softpipe", "swiftshader", "basic render driver"]
        .iter()
        .any(|s| name.contains(s))
}

fn apply_quality(
    mut commands: Commands,
    quality: Res<Quality>,
    adapter: Option<Res<bevy::render::renderer::RenderAdapterInfo>>,
    cams: Query<Entity, With<Camera3d>>,
    mut sun: Query<&mut DirectionalLight>,
    lamps: Query<Entity, With<Lamp>>,
) {
    let software = adapter.as_ref().is_some_and(|a| {
        // bevy re-exports no `DeviceType`: its name says it. A browser's WebGL2 gives no
        // type; its renderer's name does (Chromium without a GPU: "ANGLE (Google, Vulkan 1.3.0
        // (SwiftShader Device (Subzero) ...")".
        format!("{:?}", a.device_type) == "Cpu" || software_renderer(&a.name)
    });
    let low = match *quality {
        Quality::Auto => software,
        Quality::Low => true,
        Quality::High => false,
    };
    if !low {
        return;
    }
    info!("low quality (software renderer: {software}): no multisampling, shadows or lamps");
    for c in &cams {
        commands.entity(c).insert(Msaa::Off);
    }
    for mut s in &mut sun {
        s.shadow_maps_enabled = false;
        s.illuminance *= 1.4;
    }
    for l in &lamps {
        commands.entity(l).despawn();
    }
}

/// A mesh of flat-shaded faces, each face a convex polygon of points, turned to face away from
/// `inside`.
fn flat_mesh(faces: &[Vec<Vec3>], inside: Vec3) -> Mesh {
    let mut pos: Vec<[f32; 3]> = Vec::new();
    let mut nor: Vec<[f32; 3]> = Vec::new();
    let mut idx: Vec<u32> = Vec::new();
    for f in faces {
        if f.len() < 3 {
            continue;
        }
        let c = f.iter().copied().sum::<Vec3>() / f.len() as f32;
        let mut n = (f[1] - f[0]).cross(f[2] - f[0]);
        // The largest cross product of the fan, for faces with a short first edge.
        for k in 2..f.len() {
            let m = (f[k - 1] - f[0]).cross(f[k] - f[0]);
            if m.length_squared() > n.length_squared() {
                n = m;
            }
        }
        let mut n = n.normalize_or_zero();
        let mut pts = f.clone();
        if n.dot(c - inside) < 0.0 {
            n = -n;
            pts.reverse();
        }
        let base = pos.len() as u32;
        for p in &pts {
            pos.push(p.to_array());
            nor.push(n.to_array());
        }
        for k in 1..pts.len() as u32 - 1 {
            idx.extend([base, base + k, base + k + 1]);
        }
    }
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::MAIN_WORLD | RenderAssetUsages::RENDER_WORLD,
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, nor)
    .with_inserted_indices(Indices::U32(idx))
}

/// The materials the table is made of.
struct Materials {
    cloth: Handle<StandardMaterial>,
    cushion: Handle<StandardMaterial>,
    wood: Handle<StandardMaterial>,
    black: Handle<StandardMaterial>,
    faint: Handle<StandardMaterial>,
    pearl: Handle<StandardMaterial>,
    leather: Handle<StandardMaterial>,
    lip: Handle<StandardMaterial>,
    floor: Handle<StandardMaterial>,
}

impl Materials {
    fn new(materials: &mut Assets<StandardMaterial>) -> Materials {
        let mut mat = |c: Color, rough: f32| {
            materials.add(StandardMaterial {
                base_color: c,
                perceptual_roughness: rough,
                reflectance: 0.2,
                ..default()
            })
        };
        let (cloth, cushion, wood) = (mat(CLOTH, 0.95), mat(CUSHION_CLOTH, 0.9), mat(WOOD, 0.45));
        let black = mat(Color::srgb(0.01, 0.01, 0.01), 1.0);
        let pearl = mat(Color::srgb(0.93, 0.92, 0.86), 0.3);
        let leather = mat(Color::srgb(0.24, 0.12, 0.06), 0.6);
        let lip = mat(Color::srgb(0.05, 0.04, 0.035), 1.0);
        let floor = mat(Color::srgb(0.16, 0.13, 0.12), 1.0);
        let faint = materials.add(StandardMaterial {
            base_color: Color::srgba(1.0, 1.0, 1.0, 0.18),
            alpha_mode: AlphaMode::Blend,
            unlit: true,
            ..default()
        });
        Materials {
            cloth,
            cushion,
            wood,
            black,
            faint,
            pearl,
            leather,
            lip,
            floor,
        }
    }
}

/// The table, piece by piece: the bed, the pockets, the cushions, the rails, the diamonds, the
/// strings, the floor and the lights.
fn spawn_table(
    mut commands: Commands,
    m: Res<Match>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let t: Table = m.table();
    let mats = Materials::new(&mut materials);
    let (c, ms) = (&mut commands, meshes.as_mut());
    bed(c, ms, &mats, &t);
    pockets(c, ms, &mats, &t);
    cushions(c, ms, &mats, &t);
    rails(c, ms, &mats, &t);
    diamonds(c, ms, &mats, &t);
    strings(c, ms, &mats, &t);
    floor_and_lights(c, ms, &mats);
}

/// The bed: cloth over the playing surface and out under the cushions.
fn bed(commands: &mut Commands, meshes: &mut Assets<Mesh>, mats: &Materials, t: &Table) {
    // The bed: cloth over the playing surface and out under the cushions.
    let out = CUSHION_DEPTH;
    commands.spawn((
        TableMesh,
        Mesh3d(meshes.add(Cuboid::new(
            (t.length + 2.0 * out) as f32,
            0.04,
            (t.width + 2.0 * out) as f32,
        ))),
        MeshMaterial3d(mats.cloth.clone()),
        Transform::from_translation(world(0.0, 0.0, -0.02)),
    ));
}

/// Pocket holes, their openings in the rails, liners and lips.
fn pockets(commands: &mut Commands, meshes: &mut Assets<Mesh>, mats: &Materials, t: &Table) {
    // Pocket holes: black where the slate stops carrying a ball, and the openings in the rails.
    let disc = |r: f64| Circle::new(r as f32);
    for (hole, opening) in pocket_holes(t).into_iter().zip(rail_openings(t)) {
        let (x, y, r) = (hole.centre.x, hole.centre.y, hole.radius);
        let (ox, oy, or) = (opening.centre.x, opening.centre.y, opening.radius);
        commands.spawn((
            TableMesh,
            Mesh3d(meshes.add(disc(r))),
            MeshMaterial3d(mats.black.clone()),
            Transform::from_translation(world(x, y, 0.0008))
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        ));
        commands.spawn((
            TableMesh,
            Mesh3d(meshes.add(disc(or))),
            MeshMaterial3d(mats.black.clone()),
            Transform::from_translation(world(ox, oy, RAIL_TOP + 0.0008))
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        ));
        // The pocket's leather liner round the opening, and the hole's lip on the bed.
        let ring = |inner: f64, outer: f64| Annulus::new(inner as f32, outer as f32);
        commands.spawn((
            TableMesh,
            Mesh3d(meshes.add(ring(or, r * 1.6))),
            MeshMaterial3d(mats.leather.clone()),
            Transform::from_translation(world(ox, oy, RAIL_TOP + 0.0012))
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        ));
        commands.spawn((
            TableMesh,
            Mesh3d(meshes.add(ring(r * 0.8, r))),
            MeshMaterial3d(mats.lip.clone()),
            Transform::from_translation(world(x, y, 0.0012))
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        ));
    }
}

/// The cushions, jaws included: the colliders' prisms.
fn cushions(commands: &mut Commands, meshes: &mut Assets<Mesh>, mats: &Materials, t: &Table) {
    // Cushions, jaws included: the colliders' prisms.
    for (_, ends) in cushion_shapes(t) {
        let a: Vec<Vec3> = ends.iter().map(|(p, _)| world(p[0], p[1], p[2])).collect();
        let b: Vec<Vec3> = ends.iter().map(|(_, p)| world(p[0], p[1], p[2])).collect();
        let n = a.len();
        let mut faces = vec![a.clone(), b.clone()];
        for i in 0..n {
            let j = (i + 1) % n;
            faces.push(vec![a[i], a[j], b[j], b[i]]);
        }
        let inside = (a.iter().chain(b.iter()).copied().sum::<Vec3>()) / (2 * n) as f32;
        commands.spawn((
            TableMesh,
            Mesh3d(meshes.add(flat_mesh(&faces, inside))),
            MeshMaterial3d(mats.cushion.clone()),
        ));
    }
}

/// The wooden rails and the apron below them.
fn rails(commands: &mut Commands, meshes: &mut Assets<Mesh>, mats: &Materials, t: &Table) {
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    let out = CUSHION_DEPTH;
    // Rails: wood around the cushions, from the cushion's back outward.
    let rail_h = RAIL_TOP as f32 + 0.03;
    let outer_l = t.length + 2.0 * (out + RAIL_WIDTH);
    let rails = [
        (0.0, hw + out + RAIL_WIDTH / 2.0, outer_l, RAIL_WIDTH),
        (0.0, -(hw + out + RAIL_WIDTH / 2.0), outer_l, RAIL_WIDTH),
        (
            hl + out + RAIL_WIDTH / 2.0,
            0.0,
            RAIL_WIDTH,
            t.width + 2.0 * out,
        ),
        (
            -(hl + out + RAIL_WIDTH / 2.0),
            0.0,
            RAIL_WIDTH,
            t.width + 2.0 * out,
        ),
    ];
    for (x, y, lx, ly) in rails {
        commands.spawn((
            TableMesh,
            Mesh3d(meshes.add(Cuboid::new(lx as f32, rail_h, ly as f32))),
            MeshMaterial3d(mats.wood.clone()),
            Transform::from_translation(world(x, y, RAIL_TOP - rail_h as f64 / 2.0)),
        ));
    }
    // The apron below the rails, down toward the floor.
    commands.spawn((
        TableMesh,
        Mesh3d(meshes.add(Cuboid::new(
            (t.length + 2.0 * (out + RAIL_WIDTH)) as f32,
            0.2,
            (t.width + 2.0 * (out + RAIL_WIDTH)) as f32,
        ))),
        MeshMaterial3d(mats.wood.clone()),
        Transform::from_translation(world(0.0, 0.0, -0.14)),
    ));
}

/// The diamonds on the rails.
fn diamonds(commands: &mut Commands, meshes: &mut Assets<Mesh>, mats: &Materials, t: &Table) {
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    let out = CUSHION_DEPTH;
    // Diamonds: at eighths of the length on the long rails, quarters of the width on the short.
    let mid = out + RAIL_WIDTH * 0.45;
    let mut diamonds = Vec::new();
    for k in [-3, -2, -1, 1, 2, 3] {
        let x = k as f64 * t.length / 8.0;
        diamonds.push((x, hw + mid));
        diamonds.push((x, -(hw + mid)));
    }
    for k in [-1, 0, 1] {
        let y = k as f64 * t.width / 4.0;
        diamonds.push((hl + mid, y));
        diamonds.push((-(hl + mid), y));
    }
    let diamond = meshes.add(Circle::new(0.009));
    for (x, y) in diamonds {
        commands.spawn((
            TableMesh,
            Mesh3d(diamond.clone()),
            MeshMaterial3d(mats.pearl.clone()),
            Transform::from_translation(world(x, y, RAIL_TOP + 0.0012))
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2))
                .with_scale(Vec3::new(0.6, 1.4, 1.0)),
        ));
    }
}

/// The head string and the foot spot, faint.
fn strings(commands: &mut Commands, meshes: &mut Assets<Mesh>, mats: &Materials, t: &Table) {
    // Head string and foot spot, faint.
    commands.spawn((
        TableMesh,
        Mesh3d(meshes.add(Rectangle::new(0.003, t.width as f32))),
        MeshMaterial3d(mats.faint.clone()),
        Transform::from_translation(world(t.head_string_x(), 0.0, 0.0005))
            .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
    ));
    let fs = t.foot_spot();
    commands.spawn((
        TableMesh,
        Mesh3d(meshes.add(Circle::new(0.008))),
        MeshMaterial3d(mats.faint.clone()),
        Transform::from_translation(world(fs.x, fs.y, 0.0005))
            .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
    ));
}

/// The floor, and the lights: one over the table with shadows, two softer ones along it.
fn floor_and_lights(commands: &mut Commands, meshes: &mut Assets<Mesh>, mats: &Materials) {
    // The floor.
    commands.spawn((
        Mesh3d(meshes.add(Plane3d::default().mesh().size(12.0, 12.0))),
        MeshMaterial3d(mats.floor.clone()),
        Transform::from_xyz(0.0, -0.76, 0.0),
    ));

    // Lights: one over the table with shadows, two softer ones along it.
    commands.spawn((
        DirectionalLight {
            illuminance: 4000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(0.4, 3.0, 0.6).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    for x in [-0.8f32, 0.8] {
        commands.spawn((
            PointLight {
                intensity: 70_000.0,
                range: 6.0,
                shadow_maps_enabled: false,
                ..default()
            },
            Transform::from_xyz(x, 1.2, 0.0),
            Lamp,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::software_renderer;

    #[test]
    fn issue_62_chromiums_webgl_without_a_gpu_is_a_software_renderer() {
        assert!(software_renderer(
            "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), \
             SwiftShader driver)"
        ));
        assert!(software_renderer("llvmpipe (LLVM 19.1.7, 256 bits)"));
        assert!(!software_renderer(
            "ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)"
        ));
        assert!(!software_renderer("Apple GPU"));
    }
}

//! The balls: spheres in their real colours, the 9 and 10 striped, each number in a white
//! circle on two sides (textures drawn here, no image files), placed and turned each frame as
//! `BallPoses` says.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

use crate::game::GameSystems;
use crate::game::model::playback::BallPoses;
use crate::game::model::session::Match;
pub use crate::palette::BALL_COLOURS;

/// Marks the entity that shows ball `0` (cue) to `10`.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BallId(pub u8);

pub fn ball_colour(ball: u8) -> Color {
    let [r, g, b] = BALL_COLOURS[ball as usize];
    Color::srgb_u8(r, g, b)
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_balls)
        .add_systems(Update, place_balls.in_set(GameSystems::Show));
}

/// 3x5 digits, rows top to bottom, bits left to right.
const DIGITS: [[u8; 5]; 10] = [
    [0b111, 0b101, 0b101, 0b101, 0b111],
    [0b010, 0b110, 0b010, 0b010, 0b111],
    [0b111, 0b001, 0b111, 0b100, 0b111],
    [0b111, 0b001, 0b111, 0b001, 0b111],
    [0b101, 0b101, 0b111, 0b001, 0b001],
    [0b111, 0b100, 0b111, 0b001, 0b111],
    [0b111, 0b100, 0b111, 0b101, 0b111],
    [0b111, 0b001, 0b010, 0b010, 0b010],
    [0b111, 0b101, 0b111, 0b101, 0b111],
    [0b111, 0b101, 0b111, 0b001, 0b111],
];

const TEX_W: usize = 256;
const TEX_H: usize = 128;

/// The ball's texture on the sphere's (u, v) map: its colour, or white with a band for a
/// stripe, and its number in a white circle at u = 1/4 and 3/4 on the equator.
pub fn ball_texture_rgba(ball: u8) -> Vec<u8> {
    let base = BALL_COLOURS[ball as usize];
    let white = [245u8, 243, 235];
    let stripe = ball >= 9;
    let mut px = vec![0u8; TEX_W * TEX_H * 4];
    let label: Vec<u8> = if ball == 0 {
        vec![]
    } else {
        ball.to_string().bytes().map(|c| c - b'0').collect()
    };
    for y in 0..TEX_H {
        let v = y as f32 / TEX_H as f32; // 0 top pole, 1 bottom pole
        for x in 0..TEX_W {
            let u = x as f32 / TEX_W as f32;
            let mut c = if stripe && !(0.3..=0.7).contains(&v) {
                white
            } else {
                base
            };
            if !label.is_empty() {
                for centre in [0.25f32, 0.75] {
                    // Distances on the sphere near the equator: u spans 2 pi, v spans pi.
                    // The sphere's map turns the picture half round at the equator: the digits
                    // are drawn turned back so that they read upright.
                    let du = (centre - u) * 2.0;
                    let dv = 0.5 - v;
                    let d = (du * du + dv * dv).sqrt();
                    if d < 0.12 {
                        c = white;
                        // Digits: 3x5 cells in a box 0.14 (v) tall.
                        let cell = 0.028f32;
                        let n = label.len() as f32;
                        let w = n * 3.0 * cell + (n - 1.0) * cell;
                        let left = -w / 2.0;
                        let (gx, gy) = (du - left, dv + 2.5 * cell);
                        if gx >= 0.0 && gy >= 0.0 && gx < w && gy < 5.0 * cell {
                            let col = (gx / cell) as usize;
                            let row = (gy / cell) as usize;
                            let (digit, dcol) = (col / 4, col % 4);
                            if dcol < 3 && digit < label.len() && row < 5 {
                                let bits = DIGITS[label[digit] as usize][row];
                                if bits & (0b100 >> dcol) != 0 {
                                    c = [10, 10, 10];
                                }
                            }
                        }
                    }
                }
            }
            let i = (y * TEX_W + x) * 4;
            px[i..i + 4].copy_from_slice(&[c[0], c[1], c[2], 255]);
        }
    }
    px
}

fn spawn_balls(
    mut commands: Commands,
    m: Res<Match>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut images: ResMut<Assets<Image>>,
) {
    let r = m.table().ball_radius as f32;
    let mesh = meshes.add(Sphere::new(r).mesh().uv(48, 24));
    for ball in 0..=10u8 {
        let image = Image::new(
            Extent3d {
                width: TEX_W as u32,
                height: TEX_H as u32,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            ball_texture_rgba(ball),
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::RENDER_WORLD,
        );
        let material = materials.add(StandardMaterial {
            base_color_texture: Some(images.add(image)),
            perceptual_roughness: 0.12,
            reflectance: 0.6,
            ..default()
        });
        commands.spawn((
            BallId(ball),
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material),
            Transform::default(),
            Visibility::Hidden,
        ));
    }
}

fn place_balls(
    poses: Res<BallPoses>,
    mut balls: Query<(&BallId, &mut Transform, &mut Visibility)>,
) {
    for (id, mut tf, mut vis) in &mut balls {
        match poses.0[id.0 as usize] {
            Some((at, rot)) => {
                tf.translation = at;
                tf.rotation = rot;
                *vis = Visibility::Visible;
            }
            None => *vis = Visibility::Hidden,
        }
    }
}

//! Ball numbers written over the balls when the camera looks down on the table (overhead, and
//! the view of a shot playing), where the numbers on the balls themselves are too small to
//! read.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::super::camera::TableCamera;
use super::super::playback::BallPoses;
use crate::referee::CUE;
use crate::table::BALL_RADIUS;

/// The camera looks down at least this steeply (the sine of its dip) for numbers to be written.
const LOOKING_DOWN: f32 = 0.8;

pub(super) fn ball_numbers(
    mut contexts: EguiContexts,
    poses: Res<BallPoses>,
    cams: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
) -> Result {
    let Ok((cam, gt)) = cams.single() else {
        return Ok(());
    };
    if gt.forward().y > -LOOKING_DOWN {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("ball-numbers"),
    ));
    for (b, pose) in poses.0.iter().enumerate() {
        let Some((at, _)) = pose else {
            continue;
        };
        if b == CUE as usize {
            continue;
        }
        let (Ok(c), Ok(edge)) = (
            cam.world_to_viewport(gt, *at),
            cam.world_to_viewport(gt, *at + *gt.right() * BALL_RADIUS as f32),
        ) else {
            continue;
        };
        let r = c.distance(edge).max(4.0);
        let centre = egui::pos2(c.x, c.y);
        let font = egui::FontId::proportional((r * 1.2).clamp(11.0, 28.0));
        painter.circle_filled(
            centre,
            r * 0.62,
            egui::Color32::from_rgba_unmultiplied(255, 255, 255, 225),
        );
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            b.to_string(),
            font,
            egui::Color32::BLACK,
        );
    }
    Ok(())
}

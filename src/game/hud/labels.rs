//! Ball numbers written over the balls when the camera looks down on the table (overhead, and
//! the view of a shot playing), where the numbers on the balls themselves are too small to
//! read; in the scenario player, the words of each marker beside its ring, in every view.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::model::playback::BallPoses;
use crate::game::screens::lesson::Markers;
use crate::game::view::camera::TableCamera;
use crate::game::view::scene::world;
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

/// The scenario player's markers in words, each beside its ring (a little above and right of
/// it), on a dark plate so that they read on the cloth; they stay with the ruling card.
pub(super) fn marker_labels(
    mut contexts: EguiContexts,
    markers: Res<Markers>,
    cams: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
) -> Result {
    let labels = markers.0.labels();
    let Ok((cam, gt)) = cams.single() else {
        return Ok(());
    };
    if labels.is_empty() {
        return Ok(());
    }
    let Some(view) = cam.logical_viewport_rect() else {
        return Ok(());
    };
    let view = egui::Rect::from_min_max(
        egui::pos2(view.min.x, view.min.y),
        egui::pos2(view.max.x, view.max.y),
    );
    let ctx = contexts.ctx_mut()?;
    // Kept to the 3D view: a label never covers the dock or the top bar.
    let painter = ctx
        .layer_painter(egui::LayerId::new(
            egui::Order::Background,
            egui::Id::new("marker-labels"),
        ))
        .with_clip_rect(view);
    let font = egui::FontId::proportional(14.0);
    let mut taken: Vec<egui::Rect> = Vec::new();
    for (p, words) in labels {
        let Ok(c) = cam.world_to_viewport(gt, world(p.x, p.y, BALL_RADIUS)) else {
            continue;
        };
        let galley = painter.layout_no_wrap(words, font.clone(), egui::Color32::WHITE);
        let size = galley.size() + egui::vec2(8.0, 4.0);
        // Right of the ring, or left of it where the view ends first.
        let x = if c.x + 18.0 + size.x <= view.max.x {
            c.x + 18.0
        } else {
            c.x - 18.0 - size.x
        };
        let mut rect = egui::Rect::from_min_size(egui::pos2(x, c.y - 30.0), size);
        // Labels at one place (a ball's first contact and its rail) go one under the other.
        while taken.iter().any(|t| t.intersects(rect)) {
            rect = rect.translate(egui::vec2(0.0, rect.height() + 2.0));
        }
        taken.push(rect);
        // A thin line from the plate to its ring, so that a plate moved aside still points.
        let near = egui::pos2(
            c.x.clamp(rect.min.x, rect.max.x),
            c.y.clamp(rect.min.y, rect.max.y),
        );
        painter.line_segment(
            [near, egui::pos2(c.x, c.y)],
            egui::Stroke::new(
                1.0,
                egui::Color32::from_rgba_unmultiplied(240, 240, 240, 200),
            ),
        );
        painter.rect_filled(
            rect,
            3.0,
            egui::Color32::from_rgba_unmultiplied(20, 20, 20, 210),
        );
        painter.galley(
            rect.min + egui::vec2(4.0, 2.0),
            galley,
            egui::Color32::WHITE,
        );
    }
    Ok(())
}

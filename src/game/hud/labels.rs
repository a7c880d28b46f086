//! Ball numbers written over the balls when the camera looks down on the table (overhead, and
//! the view of a shot playing), where the numbers on the balls themselves are too small to
//! read; in the scenario player, the words of each marker beside its ring, in every view.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::model::playback::BallPoses;
use crate::game::screens::lesson::Markers;
use crate::game::view::camera::{TableCamera, ball_disc};
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
        let Some((c, r)) = ball_disc(cam, gt, *at) else {
            continue;
        };
        let r = r.max(4.0);
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
    poses: Res<BallPoses>,
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
    // Every ball shown, as a disc on the screen: a plate is put where it covers none.
    let balls: Vec<(egui::Pos2, f32)> = poses
        .0
        .iter()
        .filter_map(|p| {
            let (c, r) = ball_disc(cam, gt, (*p)?.0)?;
            Some((egui::pos2(c.x, c.y), r))
        })
        .collect();
    let mut taken: Vec<egui::Rect> = Vec::new();
    for (p, words) in labels {
        let Ok(c) = cam.world_to_viewport(gt, world(p.x, p.y, BALL_RADIUS)) else {
            continue;
        };
        let galley = painter.layout_no_wrap(words, font.clone(), egui::Color32::WHITE);
        let size = galley.size() + egui::vec2(8.0, 4.0);
        let rect = place_label(egui::pos2(c.x, c.y), size, view, &taken, &balls);
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

/// Where a marker's plate of `size` goes for a ring at `at`: above and right of it, else
/// above-left, below-right or below-left (the first inside the view), moved on away from the
/// ring until it covers no other plate and no ball (a plate once sat on the 1 it described).
pub fn place_label(
    at: egui::Pos2,
    size: egui::Vec2,
    view: egui::Rect,
    taken: &[egui::Rect],
    balls: &[(egui::Pos2, f32)],
) -> egui::Rect {
    let free = |rect: &egui::Rect| {
        !taken.iter().any(|t| t.intersects(*rect))
            && !balls.iter().any(|&(c, r)| {
                let near = egui::pos2(
                    c.x.clamp(rect.min.x, rect.max.x),
                    c.y.clamp(rect.min.y, rect.max.y),
                );
                near.distance(c) < r
            })
    };
    let gap = 18.0;
    let sides = [
        (egui::vec2(gap, -30.0), -1.0),
        (egui::vec2(-gap - size.x, -30.0), -1.0),
        (egui::vec2(gap, 12.0), 1.0),
        (egui::vec2(-gap - size.x, 12.0), 1.0),
    ];
    let step = size.y + 2.0;
    let mut first_inside = None;
    for moved in 0..6 {
        for (offset, away) in sides {
            let rect = egui::Rect::from_min_size(at + offset, size)
                .translate(egui::vec2(0.0, away * step * moved as f32));
            if !view.contains_rect(rect) {
                continue;
            }
            first_inside.get_or_insert(rect);
            if free(&rect) {
                return rect;
            }
        }
    }
    // Nowhere free near the ring: the first place inside the view, under those taken.
    let mut rect = first_inside
        .unwrap_or_else(|| egui::Rect::from_min_size(at + egui::vec2(gap, -30.0), size));
    while taken.iter().any(|t| t.intersects(rect)) {
        rect = rect.translate(egui::vec2(0.0, step));
    }
    rect
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Was (issue 63, item 5): in the scenario player "the 1 at the foot cushion after
    /// contact" sat on the 1 (its plate right of the rail's ring, where the 1 had stopped).
    #[test]
    fn issue_63_item_5_a_markers_plate_covers_no_ball() {
        let view = egui::Rect::from_min_max(egui::pos2(0.0, 68.0), egui::pos2(950.0, 720.0));
        let size = egui::vec2(250.0, 20.0);
        let ring = egui::pos2(812.0, 393.0);
        // The 1 stopped left of the ring, the 2 further left: a plate left of the ring at the
        // ring's height would cover the 1.
        let balls = [
            (egui::pos2(725.0, 392.0), 9.0),
            (egui::pos2(379.0, 391.0), 9.0),
        ];
        let taken = [egui::Rect::from_min_size(
            egui::pos2(590.0, 361.0),
            egui::vec2(120.0, 20.0),
        )];
        let rect = place_label(ring, size, view, &taken, &balls);
        assert!(view.contains_rect(rect), "{rect:?}");
        assert!(!taken[0].intersects(rect), "{rect:?}");
        for (c, r) in balls {
            let near = egui::pos2(
                c.x.clamp(rect.min.x, rect.max.x),
                c.y.clamp(rect.min.y, rect.max.y),
            );
            assert!(near.distance(c) >= r, "{rect:?} covers the ball at {c:?}");
        }
        // With room, the plate keeps to its ring (within a plate's height or two).
        assert!(
            (rect.center().y - ring.y).abs() < 3.0 * size.y + 30.0,
            "{rect:?}"
        );
    }

    #[test]
    fn a_plate_with_nothing_in_the_way_sits_above_right_of_its_ring() {
        let view = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(950.0, 720.0));
        let rect = place_label(
            egui::pos2(300.0, 300.0),
            egui::vec2(100.0, 20.0),
            view,
            &[],
            &[],
        );
        assert_eq!(rect.min, egui::pos2(318.0, 270.0));
    }
}

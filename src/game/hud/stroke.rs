//! The stroke section of the dock: power (with the charge), aim, elevation, the tip on a
//! cue-ball face in tips with the miscue limit, the call (pre-filled from the aim's path; safety
//! and push out only when the referee's turn allows them), the aids, and the buttons that send
//! the same actions as the keys.

use bevy_egui::egui;

use super::dock::DockParams;
use crate::game::model::aim::{Aim, CallKind, MAX_ELEVATION, MAX_SPEED};
use crate::game::model::session::{GameAction, Match, Mode};
use crate::game::model::tracking::AidLevel;
use crate::game::screens::setup::SetupAction;
use crate::physics::params::MISCUE_LIMIT;
use crate::referee::{Call, TurnAction};
use crate::table::BALL_RADIUS;

/// The call section's height (logical pixels): its buttons and two lines of words.
const CALL_HEIGHT: f32 = 56.0;

/// A cue tip's width (m): tip offsets are shown in tips as well as in shares of the radius.
pub const TIP_WIDTH: f64 = 0.0127;

pub(super) fn section(ui: &mut egui::Ui, p: &mut DockParams) {
    // On a phone's sheet Shoot comes first, under the thumb, above the power: the sheet
    // shows its top without a scroll.
    let thumb = super::dock::narrow(ui.ctx().viewport_rect());
    if thumb {
        shoot_row(ui, p);
    } else {
        ui.heading("Stroke");
    }
    let aim = &mut *p.aim;
    let mut v = aim.stroke.speed;
    ui.add(
        egui::Slider::new(&mut v, 0.1..=MAX_SPEED)
            .text("m/s")
            .fixed_decimals(2),
    );
    if v != aim.stroke.speed {
        aim.set_speed(v);
    }
    if !thumb {
        ui.small("hold Space to charge the power, release to shoot");
    }
    aim_controls(ui, aim);
    let mut e = aim.stroke.elevation_deg;
    ui.add(egui::Slider::new(&mut e, 0.0..=MAX_ELEVATION).text("elevation deg"));
    if e != aim.stroke.elevation_deg {
        aim.set_elevation(e);
    }
    tip_face(ui, aim);
    ui.separator();
    // The call's section keeps one height whatever its words (one line or two): the buttons
    // below never move under the pointer (a wrapped line once moved Undo where Save had been).
    ui.scope(|ui| {
        ui.set_min_height(CALL_HEIGHT);
        call_section(ui, &p.m, aim, &mut p.actions);
    });
    coach_line(ui, p);
    ui.separator();
    if !thumb {
        shoot_row(ui, p);
    }
    aids(ui, p);
    buttons(ui, p);
}

/// Shoot, and the coach's advice beside it.
fn shoot_row(ui: &mut egui::Ui, p: &mut DockParams) {
    ui.horizontal_wrapped(|ui| {
        let b = ui.button("Shoot (Space)");
        super::named(ui, "shoot", &b);
        if b.clicked() {
            p.actions.write(GameAction::Shoot);
        }
        let advice = if p.coach.advice.is_some() {
            "Take the advice (q)"
        } else {
            "Coach's advice (q)"
        };
        if ui
            .button(advice)
            .on_hover_text("the computer's choice here, drawn as a cyan ghost stroke")
            .clicked()
        {
            p.ask_coach.write(crate::game::players::coach::AskCoach);
        }
    });
}

/// The aim: a slider across the whole turn, and below it the fine controls a player sees
/// without the help: steps of a tenth of a degree (a hundredth in fine aim), the figure to drag
/// (a hundredth of a degree a pixel, a thousandth in fine aim), and the fine-aim box, which
/// makes drags on the table and the arrow keys turn a tenth as far.
fn aim_controls(ui: &mut egui::Ui, aim: &mut Aim) {
    let mut a = aim.stroke.aim_deg;
    ui.add(
        egui::Slider::new(&mut a, -180.0..=180.0)
            .text("aim deg")
            .fixed_decimals(2),
    );
    aim.stroke.aim_deg = a;
    let step = aim_step(aim.fine);
    // Wrapped: the buttons' words, the figure and the box are wider than the dock (a row
    // past its edge left a line drawn down the whole window).
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(aim_button_words(step)[0].as_str())
            .on_hover_text("turn the cue left, as the Left key does (the angle grows)")
            .clicked()
        {
            aim.nudge_aim(step);
        }
        let mut a = aim.stroke.aim_deg;
        ui.add(
            egui::DragValue::new(&mut a)
                .speed(step / 10.0)
                .range(-180.0..=180.0)
                .fixed_decimals(if aim.fine { 3 } else { 2 })
                .suffix(" deg"),
        )
        .on_hover_text("drag sideways to turn the aim finely, or click to type it");
        aim.stroke.aim_deg = a;
        if ui
            .button(aim_button_words(step)[1].as_str())
            .on_hover_text("turn the cue right, as the Right key does (the angle falls)")
            .clicked()
        {
            aim.nudge_aim(-step);
        }
        ui.checkbox(&mut aim.fine, "fine aim (f)")
            .on_hover_text("drags on the table and the arrow keys turn a tenth as far");
    });
}

/// The aim buttons' words: the turn they give, left then right ("left 0.1 deg"), not an arrow
/// beside the angle's figure, which read as "less" on the button that makes the angle grow
/// (issue 63, item 6).
pub fn aim_button_words(step: f64) -> [String; 2] {
    [
        format!("turn left {step} deg"),
        format!("turn right {step} deg"),
    ]
}

/// The aim buttons' step (degrees): a tenth of a degree, a hundredth in fine aim.
pub fn aim_step(fine: bool) -> f64 {
    if fine { 0.01 } else { 0.1 }
}

/// The coach's figures for the stroke set up and, below, the next shot it leaves (two lines,
/// always there so nothing below moves).
fn coach_line(ui: &mut egui::Ui, p: &DockParams) {
    use crate::game::players::coach::{next_words, push_out_words, stroke_figures};
    let call = p.m.call_for(&p.aim.call).ok();
    let (words, next) = match (&p.coach.chances, call) {
        (Some(c), Some(call)) => (
            format!("coach: {} (q: advice)", stroke_figures(&call, c)),
            match (next_words(c), call) {
                (_, Call::PushOut) => push_out_words(c),
                (Some(n), _) => n,
                (None, Call::Ball { .. }) => {
                    "then: no next shot from this stroke as set up (it misses, fouls or ends the rack)".into()
                }
                (None, _) => String::new(),
            },
        ),
        _ => (
            "coach: call a ball and a pocket (q: advice)".into(),
            String::new(),
        ),
    };
    ui.small(words);
    ui.small(next);
}

/// The aid level, execution noise, aim line, sound and camera.
fn aids(ui: &mut egui::Ui, p: &mut DockParams) {
    ui.horizontal(|ui| {
        ui.label("aids (t):");
        for level in [AidLevel::Practice, AidLevel::Match, AidLevel::Pro] {
            let name = level.name().split(':').next().unwrap_or("");
            if ui.selectable_label(p.aids.level == level, name).clicked() && p.aids.level != level {
                // The action steps through the levels: as many steps as it takes.
                let mut l = p.aids.level;
                while l != level {
                    p.actions.write(GameAction::NextAids);
                    l = l.next();
                }
            }
        }
    });
    let mut noise = p.aids.noise;
    if ui
        .checkbox(&mut noise, "execution noise (e)")
        .on_hover_text("a person's stroke: aim, power, tip and elevation off by a little")
        .changed()
    {
        p.actions.write(GameAction::ToggleNoise);
    }
    ui.checkbox(&mut p.aim.aim_line, "aim line and ghost ball (g)");
    ui.checkbox(&mut p.muted.0, "mute (m)");
    if ui
        .button(format!("camera: {} (c)", p.view.name()))
        .on_hover_text("behind the cue ball, overhead, free")
        .clicked()
    {
        *p.view = crate::game::view::camera::next_view(*p.view);
    }
}

fn buttons(ui: &mut egui::Ui, p: &mut DockParams) {
    ui.horizontal(|ui| {
        if ui.button("Replay (r)").clicked() {
            p.actions.write(GameAction::Replay { slow: false });
        }
        if ui.button("Slow (R)").clicked() {
            p.actions.write(GameAction::Replay { slow: true });
        }
    });
    if p.m.mode == Mode::Practice {
        ui.horizontal(|ui| {
            if ui.button("Undo (u)").clicked() {
                p.actions.write(GameAction::Undo);
            }
            if ui.button("Re-rack (n)").clicked() {
                p.actions.write(GameAction::Rerack);
            }
            if ui.button("Ball in hand (b)").clicked() {
                p.actions.write(GameAction::BallInHand);
            }
        });
    }
    ui.horizontal(|ui| {
        if ui.button("Save (F5)").clicked() {
            p.actions
                .write(GameAction::Save(crate::game::default_save_path()));
        }
        if ui
            .button("Copy link")
            .on_hover_text("a link that replays the last shot and shows its ruling")
            .clicked()
        {
            p.actions.write(GameAction::CopyLink);
        }
        if ui.button("Set up (F2)").clicked() {
            p.setup.write(SetupAction::Enter);
        }
        if ui.button("Help (h)").clicked() {
            p.aim.help = !p.aim.help;
        }
    });
}

/// The cue ball's face: click or drag to place the tip; the red circle is the miscue limit.
pub(super) fn tip_face(ui: &mut egui::Ui, aim: &mut Aim) {
    let size = 100.0;
    ui.horizontal(|ui| {
        let (resp, painter) =
            ui.allocate_painter(egui::vec2(size, size), egui::Sense::click_and_drag());
        let c = resp.rect.center();
        let rad = size / 2.0 - 4.0;
        painter.circle_filled(c, rad, egui::Color32::from_rgb(238, 236, 224));
        painter.circle_stroke(
            c,
            rad * MISCUE_LIMIT as f32,
            egui::Stroke::new(1.5, egui::Color32::from_rgb(200, 40, 40)),
        );
        painter.line_segment(
            [c - egui::vec2(rad, 0.0), c + egui::vec2(rad, 0.0)],
            egui::Stroke::new(0.5, egui::Color32::GRAY),
        );
        painter.line_segment(
            [c - egui::vec2(0.0, rad), c + egui::vec2(0.0, rad)],
            egui::Stroke::new(0.5, egui::Color32::GRAY),
        );
        // egui gives a press's place even to a disabled face (it hit-tests with the frame
        // before's widgets), so the face asks whether it is enabled itself.
        if let Some(p) = resp.interact_pointer_pos().filter(|_| ui.is_enabled()) {
            let d = (p - c) / rad;
            aim.set_tip(d.x as f64, -d.y as f64);
        }
        let tip = c + egui::vec2(aim.stroke.side as f32, -aim.stroke.height as f32) * rad;
        painter.circle_filled(tip, 6.0, egui::Color32::from_rgb(40, 80, 190));
        ui.vertical(|ui| {
            ui.label("tip (i j k l, o)");
            ui.label(tip_line("side", aim.stroke.side, "right", "left"));
            ui.label(tip_line("height", aim.stroke.height, "follow", "draw"));
        });
    });
    // One line under the face, always there, so that nothing below moves when the tip
    // crosses the miscue limit.
    let miscue = aim.stroke.side.hypot(aim.stroke.height) > MISCUE_LIMIT;
    let (colour, words) = if miscue {
        (
            egui::Color32::from_rgb(230, 60, 60),
            "past the red circle: the tip will slide off (a miscue)",
        )
    } else {
        (egui::Color32::GRAY, "inside the red circle: no miscue")
    };
    ui.add(egui::Label::new(egui::RichText::new(words).small().color(colour)).truncate());
}

/// One tip offset in words: shares of the radius, tips, and which way.
fn tip_line(name: &str, share: f64, plus: &str, minus: &str) -> String {
    let way = if share > 0.0 {
        plus
    } else if share < 0.0 {
        minus
    } else {
        ""
    };
    format!(
        "{name} {share:+.2} R\n({:+.2} tips) {way}",
        share * BALL_RADIUS / TIP_WIDTH
    )
}

fn call_section(
    ui: &mut egui::Ui,
    m: &Match,
    aim: &mut Aim,
    actions: &mut bevy::prelude::MessageWriter<GameAction>,
) {
    match m.state.turn().action {
        TurnAction::Break { .. } => {
            ui.label("Break: nothing to call (5.3)");
        }
        TurnAction::Shoot {
            push_out_allowed,
            safety_allowed,
            ..
        } => {
            ui.horizontal(|ui| {
                ui.label("Call:");
                if ui
                    .selectable_label(aim.call.kind == CallKind::Ball, "ball + pocket")
                    .clicked()
                {
                    actions.write(GameAction::CallKind(CallKind::Ball));
                }
                if safety_allowed
                    && ui
                        .selectable_label(aim.call.kind == CallKind::Safety, "safety (s)")
                        .clicked()
                {
                    actions.write(GameAction::CallKind(CallKind::Safety));
                }
                if push_out_allowed
                    && ui
                        .selectable_label(aim.call.kind == CallKind::PushOut, "push out (p)")
                        .clicked()
                {
                    actions.write(GameAction::CallKind(CallKind::PushOut));
                }
            });
            let text = match m.call_for(&aim.call) {
                Ok(Call::Ball { ball, pocket }) => {
                    let how = if aim.call.by_player {
                        "called"
                    } else {
                        "from the aim's path; click a ball or a pocket to change it"
                    };
                    format!("the {ball} in the {} ({how})", pocket.name())
                }
                Ok(Call::Safety) => "safety: the inning ends after a legal shot (5.6)".into(),
                Ok(Call::PushOut) => "push out: no need to hit a ball or a rail (5.4)".into(),
                Ok(Call::Break) => "break".into(),
                Err(e) => e,
            };
            ui.label(text);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The height the tip's section takes for a stroke, laid out by egui in a 330 px panel.
    fn tip_height(side: f64, height: f64) -> f32 {
        let ctx = egui::Context::default();
        let mut aim = Aim::default();
        aim.stroke.side = side;
        aim.stroke.height = height;
        let mut h = 0.0;
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(330.0, 600.0),
            )),
            ..Default::default()
        };
        let out = ctx.run_ui(input, |ui| {
            h = ui.scope(|ui| tip_face(ui, &mut aim)).response.rect.height();
        });
        out.drop_without_applying_deltas();
        h
    }

    /// Was (issue 30, item 4): the miscue warning appeared under the tip's words and pushed
    /// the Shoot button down 14 px. Now its line is always there.
    #[test]
    fn the_tip_section_keeps_its_height_with_and_without_the_miscue_warning() {
        let inside = tip_height(0.1, 0.2);
        let past = tip_height(0.6, 0.3);
        assert!(inside > 100.0, "{inside}");
        assert_eq!(inside, past);
    }

    /// Was (the play-test of issue 63): the aim row's words ("turn left 0.1 deg", the
    /// figure, "turn right 0.1 deg", the fine-aim box) ran past the dock's right edge, the
    /// box cut at "fi", and a line was drawn down the whole window through the dock. The row
    /// wraps within the dock's width now, in fine aim too (a figure of three decimals).
    #[test]
    fn issue_63_the_aim_row_stays_inside_the_dock() {
        for (fine, angle) in [(false, 0.0), (false, -147.85), (true, -147.853)] {
            let ctx = egui::Context::default();
            let mut aim = Aim::default();
            aim.fine = fine;
            aim.stroke.aim_deg = angle;
            let width = crate::game::hud::DOCK_WIDTH - 16.0;
            let input = egui::RawInput {
                screen_rect: Some(egui::Rect::from_min_size(
                    egui::Pos2::ZERO,
                    egui::vec2(width, 600.0),
                )),
                ..Default::default()
            };
            let mut used = egui::Rect::NOTHING;
            let out = ctx.run_ui(input, |ui| {
                used = ui.scope(|ui| aim_controls(ui, &mut aim)).response.rect;
            });
            out.drop_without_applying_deltas();
            assert!(
                used.max.x <= width,
                "fine {fine}, {angle}: the row reaches {} px of {width}",
                used.max.x
            );
        }
    }

    /// Issue 63, item 6: the `< 0.1` button made the aim's angle grow, so a player read it as
    /// the wrong way. Now the buttons say the turn they give, the way the arrow keys turn.
    #[test]
    fn issue_63_item_6_the_aim_buttons_say_which_way_they_turn() {
        for fine in [false, true] {
            let step = aim_step(fine);
            let [left, right] = aim_button_words(step);
            assert!(left.contains("left") && !left.contains('<'), "{left}");
            assert!(right.contains("right") && !right.contains('>'), "{right}");
            // The left button nudges by +step, the right by -step (aim_controls): left turns
            // the angle up, as the Left key does.
            let mut aim = Aim::default();
            let a0 = aim.stroke.aim_deg;
            aim.nudge_aim(step);
            assert!(aim.stroke.aim_deg > a0);
        }
    }
}

//! The panels (egui), docked so that they never cover the table: a bar along the top (the
//! players, the race, the rack, fouls with the two-foul warning, whose turn and with what, the
//! latest notice, a replay or pause banner, the aids in force) and a dock on the right whose
//! sections follow the shot cycle (the stroke and the call while aiming, the ruling, the
//! choice, the match's end, set-up, the scenario and its library, the rack's log). The 3D view
//! is drawn in the area they leave ([`crate::game::view::camera::FreeArea`]). The help is the one window
//! that floats, on demand. Ball numbers are written over the balls in the views from above.
//! Buttons send the same actions as the keys.

mod dock;
mod drill;
mod labels;
mod lesson;
mod quiz;
mod ruling;
mod setup;
mod stroke;
pub mod text;

use bevy::camera::ClearColorConfig;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy_egui::{
    EguiContexts, EguiGlobalSettings, EguiPlugin, EguiPrimaryContextPass, PrimaryEguiContext, egui,
};

use crate::game::model::aim::Aim;
use crate::game::model::playback::Playback;
use crate::game::model::session::{Match, Mode};
use crate::game::model::tracking::Aids;
use crate::game::view::camera::{FreeArea, TableCamera};
use crate::referee::PlayerId;

pub use text::describe_turn;

/// Whether the panels are drawn (off for clean pictures: `tenball play --hide-panels`).
#[derive(Resource, Debug, Clone, Copy)]
pub struct ShowPanels(pub bool);

/// The dock's width (logical pixels).
pub const DOCK_WIDTH: f32 = 330.0;

pub(super) fn plugin(app: &mut App, show: bool) {
    app.add_plugins(EguiPlugin::default())
        .insert_resource(ShowPanels(show))
        .add_systems(Startup, panels_camera)
        .add_systems(Update, same_msaa)
        .add_systems(
            EguiPrimaryContextPass,
            (
                (finger_sized, top_bar, dock::dock, help).chain(),
                labels::ball_numbers,
                labels::marker_labels,
            )
                .run_if(|s: Res<ShowPanels>| s.0),
        );
}

/// The panels for fingers, once a touch has been seen or the window is a phone's: buttons at
/// least 44 px high (Apple's and Material's least target) and text of at least 14 px (a
/// ruling readable without zooming); the desktop's mouse layout otherwise, unchanged.
fn finger_sized(
    mut contexts: EguiContexts,
    touches: Option<Res<bevy::input::touch::Touches>>,
    mut on: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let wanted = *on
        || touches.is_some_and(|t| t.iter().next().is_some())
        || dock::narrow(ctx.viewport_rect())
        || dock::short(ctx.viewport_rect());
    if wanted && !*on {
        *on = true;
        for_fingers(ctx);
    }
    Ok(())
}

/// The style [`finger_sized`] sets.
pub fn finger_style(style: &mut egui::Style) {
    use egui::{FontId, TextStyle};
    style.spacing.interact_size.y = FINGER;
    style.spacing.button_padding = egui::vec2(10.0, 8.0);
    style.spacing.item_spacing = egui::vec2(10.0, 8.0);
    style.spacing.slider_width = 160.0;
    for (text, size) in [
        (TextStyle::Small, 14.0),
        (TextStyle::Body, 16.0),
        (TextStyle::Button, 16.0),
        (TextStyle::Monospace, 15.0),
        (TextStyle::Heading, 20.0),
    ] {
        let family = style
            .text_styles
            .get(&text)
            .map_or(egui::FontFamily::Proportional, |f| f.family.clone());
        style.text_styles.insert(text, FontId::new(size, family));
    }
}

/// The controls whose place on the page a browser test asks for (to tap them as a finger
/// would): each one's rectangle (logical pixels, as CSS pixels are) while it is shown.
#[cfg(any(target_arch = "wasm32", test))]
pub const NAMED_CONTROLS: [&str; 4] = ["shoot", "continue", "next step", "ruling card"];

/// Notes where a named control was drawn this pass.
pub(super) fn named(ui: &egui::Ui, name: &'static str, response: &egui::Response) {
    let pass = ui.ctx().cumulative_pass_nr();
    ui.ctx()
        .data_mut(|d| d.insert_temp(egui::Id::new(("control", name)), (response.rect, pass)));
}

/// The named controls drawn in the last pass: name and rectangle (left, top, right, bottom).
#[cfg(any(target_arch = "wasm32", test))]
pub fn shown_controls(ctx: &egui::Context) -> Vec<(&'static str, [f32; 4])> {
    let pass = ctx.cumulative_pass_nr();
    NAMED_CONTROLS
        .iter()
        .filter_map(|&name| {
            let (r, at) =
                ctx.data(|d| d.get_temp::<(egui::Rect, u64)>(egui::Id::new(("control", name))))?;
            (at + 1 >= pass).then_some((name, [r.min.x, r.min.y, r.max.x, r.max.y]))
        })
        .collect()
}

/// The panels made for fingers: finger-sized buttons and text, and a tap taken as a click
/// however slow the frames. A tap is down in one frame and up in the next: where a frame takes
/// most of a second (a software renderer drawing a phone's 1170 x 2532 pixels: 0.7-1.5 s)
/// egui's 0.8 s would make it a long press and no click.
pub fn for_fingers(ctx: &egui::Context) {
    ctx.all_styles_mut(finger_style);
    ctx.options_mut(|o| o.input_options.max_click_duration = TAP_SECONDS);
}

/// The longest press that is still a tap on a touch screen (s).
pub const TAP_SECONDS: f64 = 3.0;

/// The least height of a control a finger presses (logical pixels).
pub const FINGER: f32 = 44.0;

/// The panels have a camera of their own over the whole window, so that the table's camera
/// can be drawn in the free area alone. It draws after the table's camera into the same
/// textures (same target and multisampling: bevy shares them), clearing nothing, so the
/// picture is cleared once a frame by the table's camera and the panels lie over it.
fn panels_camera(mut commands: Commands, mut settings: ResMut<EguiGlobalSettings>) {
    settings.auto_create_primary_context = false;
    commands.spawn((
        PanelsCamera,
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        Msaa::Off,
        Camera {
            order: 1,
            clear_color: ClearColorConfig::None,
            ..default()
        },
    ));
}

#[derive(Component)]
struct PanelsCamera;

/// The panels' camera takes the table camera's multisampling, so that the two share textures.
fn same_msaa(
    table: Query<&Msaa, (With<TableCamera>, Without<PanelsCamera>)>,
    mut panels: Query<&mut Msaa, With<PanelsCamera>>,
) {
    if let (Ok(want), Ok(mut have)) = (table.single(), panels.single_mut())
        && *have != *want
    {
        *have = *want;
    }
}

/// A Ui over the whole window, on the background layer, for the docked panels.
fn window_ui(ctx: &egui::Context, id: &str) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        egui::Id::new(id),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The bar along the top: the match, the turn, the notice and banner, the aids.
fn top_bar(
    mut contexts: EguiContexts,
    m: Res<Match>,
    aim: Res<Aim>,
    aids: Res<Aids>,
    playback: Res<Playback>,
    quiz: Option<Res<crate::game::screens::quiz::Quiz>>,
    drill: Option<Res<crate::game::screens::drills::DrillPlay>>,
    mut free: ResMut<FreeArea>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ui = window_ui(ctx, "top-bar");
    let s = &m.state;
    let height = egui::Panel::top("hud")
        .show(&mut ui, |ui| {
            if let Some(q) = &quiz {
                return quiz_bar(ui, q, &m, &playback);
            }
            if let Some(d) = &drill {
                return drill_bar(ui, d, &m, &aim, &aids, &playback);
            }
            let f = |p: PlayerId| {
                let c = s.fouls_of(p);
                let mut t = format!("{} foul{}", c.count, if c.count == 1 { "" } else { "s" });
                if c.warned {
                    t.push_str(", warned");
                }
                t
            };
            ui.horizontal_wrapped(|ui| {
                ui.heading(format!(
                    "{} {}  -  {} {}",
                    m.players[0], s.score[0], s.score[1], m.players[1]
                ));
                ui.label(format!(
                    "race to {} · rack {} · inning {} · {}",
                    s.rules.race_to,
                    s.rack,
                    s.inning,
                    text::breaker_words(&m)
                ));
                ui.label(format!(
                    "· fouls: {} {} · {} {}{}",
                    m.players[0],
                    f(PlayerId::A),
                    m.players[1],
                    f(PlayerId::B),
                    if m.mode == Mode::Practice {
                        " · practice"
                    } else {
                        ""
                    }
                ));
            });
            ui.horizontal_wrapped(|ui| {
                ui.strong(describe_turn(&m));
                ui.label(aids_words(&aids));
            });
            // The third line is always there, empty or not, so that the table below never
            // jumps when a notice comes or goes.
            notices(ui, &m, &playback, Some(&aim));
        })
        .response
        .rect
        .height();
    free.top = height;
    Ok(())
}

/// "· aids: match: ..., exact strokes": the aid level and whether noise is added.
fn aids_words(aids: &Aids) -> String {
    format!(
        "· aids: {}{}",
        aids.level.name(),
        if aids.noise {
            ", execution noise"
        } else {
            ", exact strokes"
        }
    )
}

/// The top bar in a drill: the drill, the attempt and the score; whose turn and the aids; the
/// notice. Never a match's race or fouls, which a drill does not play.
fn drill_bar(
    ui: &mut egui::Ui,
    d: &crate::game::screens::drills::DrillPlay,
    m: &Match,
    aim: &Aim,
    aids: &Aids,
    playback: &Playback,
) {
    let score = d.session.score();
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!("Drill: {}", d.session.drill().title));
        let at = match d.session.due() {
            Some(due) => format!(
                "attempt {}{}",
                due.attempt,
                due.place
                    .map(|p| format!(" from place {p}"))
                    .unwrap_or_default()
            ),
            None => "over".into(),
        };
        let so_far = if d.session.outcomes().is_empty() {
            String::new()
        } else {
            format!(" · score {} of {}", score.value, score.max)
        };
        ui.label(format!("· {} · {at}{so_far}", m.players[0]));
    });
    ui.horizontal_wrapped(|ui| {
        ui.strong(describe_turn(m));
        ui.label(aids_words(aids));
    });
    notices(ui, m, playback, Some(aim));
}

/// The top bar while a quiz is taken: the quiz and the score so far, what to do now, and
/// the notice; never the score of the position's match or whose turn it is, which would tell
/// the ruling before it is given.
fn quiz_bar(
    ui: &mut egui::Ui,
    q: &crate::game::screens::quiz::Quiz,
    m: &Match,
    playback: &Playback,
) {
    use crate::game::screens::quiz::QuizPhase;
    ui.horizontal_wrapped(|ui| {
        ui.heading("The referee's quiz");
        let at = if q.phase == QuizPhase::Over {
            format!("all {} questions ruled", q.run.questions.len())
        } else {
            format!("question {} of {}", q.at + 1, q.run.questions.len())
        };
        ui.label(format!(
            "· seed {} · {at} · {} of {} wholly right",
            q.run.seed,
            q.right(),
            q.graded.len()
        ));
    });
    ui.horizontal_wrapped(|ui| {
        ui.strong(match q.phase {
            QuizPhase::Before => "The position and its shot: play it (or tell it) from the panel on the right, then rule it".to_string(),
            QuizPhase::Shot => "Watch what happens: the marks on the table say what the referee sees".into(),
            QuizPhase::Answer => "Rule the shot in the panel on the right: legal or foul, the rule, the balls, who shoots next".into(),
            QuizPhase::Graded => format!("The referee's ruling is on the right. Next: {}", describe_turn(m)),
            QuizPhase::Over => "The quiz is over: your score is on the right".into(),
        });
    });
    notices(ui, m, playback, None);
}

/// The top bar's third line, there empty or not so that the table below never jumps: the
/// playback's banner, the power while Space is held (`aim`: none in a quiz), the notice.
fn notices(ui: &mut egui::Ui, m: &Match, playback: &Playback, aim: Option<&Aim>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(" ");
        if let Some(b) = text::banner(playback) {
            ui.colored_label(egui::Color32::from_rgb(120, 200, 255), b);
        }
        if let Some(c) = aim
            .and_then(|a| a.charge)
            .filter(|c| c.held > crate::game::model::aim::TAP)
        {
            ui.colored_label(
                egui::Color32::from_rgb(255, 160, 60),
                format!("power {:.2} m/s: release Space to shoot", c.speed()),
            );
        }
        if let Some(msg) = &m.message {
            ui.colored_label(
                egui::Color32::from_rgb(255, 210, 90),
                text::with_names(m, msg),
            );
        }
    });
}

/// The help: every key and what the mouse does, from the one table of keys. It opens in the
/// area the top bar and the dock leave, and scrolls within it: centred on the window, it
/// covered the dock and its last rows fell below a 720-px window (issue 63, item 6).
fn help(mut contexts: EguiContexts, aim: Res<Aim>, free: Res<FreeArea>) -> Result {
    if !aim.help {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let area = help_area(ctx.viewport_rect(), &free);
    show_help(ctx, area);
    Ok(())
}

/// The help's window in `area`; where it was laid out.
fn show_help(ctx: &egui::Context, area: egui::Rect) -> Option<egui::Rect> {
    egui::Window::new("Help (h)")
        .fixed_pos(area.min)
        .collapsible(false)
        .resizable(false)
        .max_width(area.width())
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(area.height())
                .show(ui, |ui| {
                    egui::Grid::new("keys").striped(true).show(ui, |ui| {
                        for (k, what) in crate::game::input::keymap::help_rows() {
                            ui.strong(k);
                            ui.label(what);
                            ui.end_row();
                        }
                    });
                });
        })
        .map(|r| r.response.rect)
}

/// Where the help goes: the free area (the window less the top bar and the dock), less a
/// margin, and less the window's own title bar and frame below its rows (about 40 px).
pub fn help_area(window: egui::Rect, free: &FreeArea) -> egui::Rect {
    let margin = 8.0;
    let min = egui::pos2(
        window.min.x + free.left + margin,
        window.min.y + free.top + margin,
    );
    let max = egui::pos2(
        (window.max.x - free.right - margin).max(min.x + 200.0),
        (window.max.y - free.bottom - margin - 40.0).max(min.y + 120.0),
    );
    egui::Rect::from_min_max(min, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One pass's input in a phone's window (390 x 844) at `time` (s).
    fn phone_input(time: f64, events: Vec<egui::Event>) -> egui::RawInput {
        egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(390.0, 844.0),
            )),
            time: Some(time),
            events,
            ..Default::default()
        }
    }

    /// Issue 62: a tap whose down and up fall either side of a slow frame is still a click
    /// once the panels are made for fingers.
    #[test]
    fn issue_62_a_tap_across_a_slow_frame_is_a_click() {
        let clicked_after = |frame_s: f64, fingers: bool| {
            let ctx = egui::Context::default();
            if fingers {
                for_fingers(&ctx);
            }
            let at = egui::pos2(60.0, 20.0);
            let mut clicked = false;
            let events = [
                vec![],
                vec![
                    egui::Event::PointerMoved(at),
                    egui::Event::PointerButton {
                        pos: at,
                        button: egui::PointerButton::Primary,
                        pressed: true,
                        modifiers: Default::default(),
                    },
                ],
                vec![egui::Event::PointerButton {
                    pos: at,
                    button: egui::PointerButton::Primary,
                    pressed: false,
                    modifiers: Default::default(),
                }],
            ];
            for (i, events) in events.into_iter().enumerate() {
                let _ = ctx.run_ui(phone_input(i as f64 * frame_s, events), |ui| {
                    clicked |= ui.button("Shoot (Space)").clicked();
                });
            }
            clicked
        };
        // A frame of 1.5 s between the finger's down and up: egui's own 0.8 s loses it.
        assert!(!clicked_after(1.5, false));
        assert!(clicked_after(1.5, true));
        assert!(clicked_after(0.05, false));
    }

    /// Issue 62: a finger's panels. The style gives buttons 44 px and text of 14 px at least,
    /// and a named button is found where it was drawn (a test taps it there).
    #[test]
    fn issue_62_finger_sized_buttons_are_found_where_they_are_drawn() {
        let ctx = egui::Context::default();
        ctx.all_styles_mut(finger_style);
        let mut drawn = egui::Rect::NOTHING;
        for i in 0..2 {
            let out = ctx.run_ui(phone_input(f64::from(i), Vec::new()), |ui| {
                ui.add_space(500.0);
                let b = ui.button("Shoot (Space)");
                named(ui, "shoot", &b);
                drawn = b.rect;
            });
            out.drop_without_applying_deltas();
        }
        assert!(drawn.height() >= FINGER, "{drawn:?}");
        let shown = shown_controls(&ctx);
        assert_eq!(
            shown,
            vec![(
                "shoot",
                [drawn.min.x, drawn.min.y, drawn.max.x, drawn.max.y]
            )]
        );
        let smallest = ctx
            .global_style()
            .text_styles
            .values()
            .map(|f| f.size)
            .fold(f32::MAX, f32::min);
        assert!(smallest >= 14.0, "{smallest}");
    }

    /// Issue 63, item 6: the help opened centred on the window, over the dock, and its last
    /// rows fell below a 720-px window. Laid out by egui as the game does, it now lies in the
    /// area the top bar and the dock leave.
    #[test]
    fn issue_63_item_6_the_help_fits_the_area_the_panels_leave() {
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
        let free = FreeArea {
            top: 64.0,
            right: 340.0,
            bottom: 0.0,
            left: 0.0,
        };
        let area = help_area(window, &free);
        let ctx = egui::Context::default();
        let mut shown = None;
        for _ in 0..3 {
            let input = egui::RawInput {
                screen_rect: Some(window),
                ..Default::default()
            };
            let out = ctx.run_ui(input, |ui| shown = show_help(ui.ctx(), area));
            out.drop_without_applying_deltas();
        }
        let shown = shown.expect("the help is laid out");
        assert!(shown.min.y >= free.top, "{shown:?} under the top bar");
        assert!(
            shown.max.x <= window.max.x - free.right,
            "{shown:?} clear of the dock"
        );
        assert!(shown.max.y <= window.max.y, "{shown:?} inside the window");
    }
}

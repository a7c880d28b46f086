//! The dock on the right (a sheet along the bottom on a phone held upright; on a phone on its
//! side, while the stroke is set, a strip for the thumb until unfolded): its sections follow
//! the screen and the shot cycle; the scenario, its library and the rack's log fold away below
//! them. Its width (or height) is taken from the window's free area.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{DOCK_WIDTH, drill, lesson, quiz, ruling, setup, stroke, text, window_ui};
use crate::game::model::aim::Aim;
use crate::game::model::playback::Playback;
use crate::game::model::session::{GameAction, Match};
use crate::game::model::tracking::Aids;
use crate::game::screens::lesson::Lesson;
use crate::game::screens::lesson::Library;
use crate::game::screens::lesson::Markers;
use crate::game::screens::lesson::NextStep;
use crate::game::screens::lesson::OpenScenario;
use crate::game::screens::quiz::{Quiz, QuizAction, QuizPhase};
use crate::game::screens::setup::SetupAction;
use crate::game::view::camera::{CameraView, FreeArea};
use crate::game::view::sound::Muted;
use crate::game::{Screen, ShotCycle};
use crate::referee::PlayerId;

/// What the dock reads and changes.
#[derive(SystemParam)]
pub(super) struct DockParams<'w> {
    pub screen: Res<'w, State<Screen>>,
    pub cycle: Option<Res<'w, State<ShotCycle>>>,
    pub m: Res<'w, Match>,
    pub aim: ResMut<'w, Aim>,
    pub aids: Res<'w, Aids>,
    pub muted: ResMut<'w, Muted>,
    pub view: ResMut<'w, CameraView>,
    pub playback: ResMut<'w, Playback>,
    pub coach: Res<'w, crate::game::players::coach::Coach>,
    pub ask_coach: MessageWriter<'w, crate::game::players::coach::AskCoach>,
    pub actions: MessageWriter<'w, GameAction>,
    pub setup: MessageWriter<'w, SetupAction>,
}

/// The scenario player's parts.
#[derive(SystemParam)]
pub(super) struct LessonParams<'w> {
    pub lesson: Option<Res<'w, Lesson>>,
    pub markers: Res<'w, Markers>,
    pub library: Res<'w, Library>,
    pub next_step: MessageWriter<'w, NextStep>,
    pub open: MessageWriter<'w, OpenScenario>,
    pub quiz: Option<ResMut<'w, Quiz>>,
    pub quiz_actions: MessageWriter<'w, QuizAction>,
    pub drill: Option<Res<'w, crate::game::screens::drills::DrillPlay>>,
    pub open_drill: MessageWriter<'w, crate::game::screens::drills::OpenDrill>,
}

/// The dock's main section, as far as a click on it goes: a section that has just replaced
/// another takes no clicks for `GUARD_SECONDS`, so that a click meant for a card that has just
/// closed (a second click on Continue) never lands on what took its place (the tip's face
/// once took it and set spin unnoticed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SectionKind {
    #[default]
    Setup,
    Stroke,
    Playing,
    Ruling,
    Choice,
    MatchOver,
    /// The quiz's section at this point of a question.
    Quiz(QuizPhase),
}

/// How long a new section takes no clicks (s): longer than a double click (egui's 0.3 s).
pub const GUARD_SECONDS: f64 = 0.4;

/// The section shown and when it came.
#[derive(Debug, Default, Clone, Copy)]
pub struct SectionGuard {
    shown: Option<SectionKind>,
    since: f64,
}

impl SectionGuard {
    /// Notes the section shown at `now` (s); whether it takes clicks.
    pub fn open(&mut self, kind: SectionKind, now: f64) -> bool {
        if self.shown != Some(kind) {
            // The first section of all takes clicks at once: nothing was there to click.
            self.since = if self.shown.is_none() {
                f64::NEG_INFINITY
            } else {
                now
            };
            self.shown = Some(kind);
        }
        now - self.since >= GUARD_SECONDS
    }
}

pub(super) fn dock(
    mut contexts: EguiContexts,
    mut p: DockParams,
    mut l: LessonParams,
    mut free: ResMut<FreeArea>,
    mut guard: Local<SectionGuard>,
    mut folded: Local<Folded>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let now = ctx.input(|i| i.time);
    let kind = match &l.quiz {
        Some(q) => SectionKind::Quiz(q.phase),
        None => section_kind(&p),
    };
    let enabled = guard.open(kind, now);
    if !enabled {
        // Drawn again once the guard lifts, without waiting for the pointer to move.
        ctx.request_repaint();
    }
    let mut ui = window_ui(ctx, "dock");
    // The top bar was laid out first this frame: the dock starts below it.
    ui.add_space(free.top);
    let screen = ctx.viewport_rect();
    let body = |ui: &mut egui::Ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.set_min_width((ui.available_width() - 8.0).min(DOCK_WIDTH - 16.0));
            sections(ui, &mut p, &mut l, kind, enabled)
        });
    };
    if narrow(screen) {
        // A phone held upright: the dock is a sheet along the bottom, the table above it.
        let height = egui::Panel::bottom("dock")
            .exact_size(sheet_height(screen))
            .resizable(false)
            .show(&mut ui, body)
            .response
            .rect
            .height();
        (free.right, free.bottom) = (0.0, height);
    } else if short(screen) && folded.0 && kind == SectionKind::Stroke {
        // A phone on its side: while the stroke is set the dock is a strip for the right
        // thumb (Shoot, the power upright, unfold), the table the rest of the width.
        let width = egui::Panel::right("dock strip")
            .exact_size(STRIP_WIDTH)
            .resizable(false)
            .show(&mut ui, |ui| thumb_strip(ui, &mut p, &mut folded))
            .response
            .rect
            .width();
        (free.right, free.bottom) = (width, 0.0);
    } else {
        if short(screen) && kind == SectionKind::Stroke {
            ui.horizontal(|ui| {
                ui.add_space(screen.width() - DOCK_WIDTH);
                if ui
                    .button("Fold the panel »")
                    .on_hover_text("the table the whole width, Shoot and the power at the edge")
                    .clicked()
                {
                    folded.0 = true;
                }
            });
        }
        let width = egui::Panel::right("dock")
            .exact_size(DOCK_WIDTH)
            .resizable(false)
            .show(&mut ui, body)
            .response
            .rect
            .width();
        (free.right, free.bottom) = (width, 0.0);
    }
    Ok(())
}

/// A window too narrow for the table beside a 330-px dock (a phone held upright, 390 px):
/// the dock goes along the bottom.
pub fn narrow(screen: egui::Rect) -> bool {
    screen.width() < crate::game::view::camera::UPRIGHT_WIDTH
}

/// A window too low for the dock's stroke section beside the table (a phone on its side, 390
/// px high): the dock folds to a strip.
pub fn short(screen: egui::Rect) -> bool {
    !narrow(screen) && screen.height() < SHORT_HEIGHT
}

/// Below this height (logical pixels) a window is a phone on its side.
const SHORT_HEIGHT: f32 = 500.0;

/// The folded dock's width (logical pixels): a finger's button and an upright slider.
pub const STRIP_WIDTH: f32 = 96.0;

/// Whether a short window's dock is folded to the thumb strip (it starts so: the table first).
#[derive(Debug)]
pub struct Folded(pub bool);

impl Default for Folded {
    fn default() -> Self {
        Folded(true)
    }
}

/// The folded dock: unfold, Shoot, and the power as an upright slider.
fn thumb_strip(ui: &mut egui::Ui, p: &mut DockParams, folded: &mut Folded) {
    ui.vertical_centered(|ui| {
        if ui
            .button("« Panel")
            .on_hover_text("the whole dock: aim, spin, the call")
            .clicked()
        {
            folded.0 = false;
        }
        let b = ui.button("Shoot");
        super::named(ui, "shoot", &b);
        if b.clicked() {
            p.actions.write(GameAction::Shoot);
        }
        let mut v = p.aim.stroke.speed;
        ui.spacing_mut().slider_width = (ui.available_height() - 40.0).max(60.0);
        ui.add(
            egui::Slider::new(&mut v, 0.1..=crate::game::model::aim::MAX_SPEED)
                .vertical()
                .fixed_decimals(1),
        );
        if v != p.aim.stroke.speed {
            p.aim.set_speed(v);
        }
        ui.small("m/s");
    });
}

/// The bottom sheet's height: two fifths of the window, so that the table above keeps its
/// width's worth of height.
pub fn sheet_height(screen: egui::Rect) -> f32 {
    (screen.height() * 0.4).max(160.0)
}

/// The dock's sections for the moment: the quiz's alone, else the scenario's or the drill's,
/// the main section, the library, the rack log and the match's counts.
fn sections(
    ui: &mut egui::Ui,
    p: &mut DockParams,
    l: &mut LessonParams,
    kind: SectionKind,
    enabled: bool,
) {
    if let Some(q) = l.quiz.as_mut() {
        // The quiz keeps the ruling back: no card, no rack log, no scenario.
        let (m, markers, playback) = (&p.m, &l.markers, &mut p.playback);
        ui.add_enabled_ui(enabled, |ui| {
            quiz::section(ui, q, m, markers, playback, &mut l.quiz_actions)
        });
        return;
    }
    if let Some(lesson) = &l.lesson {
        lesson::scenario(ui, lesson, &l.markers, &mut l.next_step);
        ui.separator();
    }
    if let Some(d) = &l.drill {
        drill::section(ui, d, &mut l.open_drill);
        ui.separator();
    }
    let scored = l.lesson.is_none() && l.drill.is_none();
    // In a drill the next position is the drill's, not the referee's next turn.
    let next = l.drill.as_ref().map(|d| drill::next_words(d));
    ui.add_enabled_ui(enabled, |ui| {
        main_section(ui, p, kind, scored, next.as_deref())
    });
    if let Some(lesson) = &l.lesson {
        ui.separator();
        lesson::explanation(ui, lesson);
    }
    if !l.library.0.is_empty() {
        lesson::library(ui, &l.library, &mut l.open);
    }
    rack_log(ui, &p.m);
    if l.lesson.is_none() && l.drill.is_none() {
        performance(ui, &p.m);
    }
}

/// Which main section the moment shows.
fn section_kind(p: &DockParams) -> SectionKind {
    if *p.screen.get() == Screen::Setup {
        return SectionKind::Setup;
    }
    match p.cycle.as_ref().map(|c| *c.get()) {
        Some(ShotCycle::Aiming | ShotCycle::BallInHand) if !p.playback.active() => {
            SectionKind::Stroke
        }
        Some(ShotCycle::Ruling) => SectionKind::Ruling,
        Some(ShotCycle::Choice) => SectionKind::Choice,
        Some(ShotCycle::MatchOver) => SectionKind::MatchOver,
        _ => SectionKind::Playing,
    }
}

/// The section for the moment: set-up, the stroke, the shot playing, the ruling, the choice
/// or the match's end. `scored`: a match is played (not a scenario), so a rack's end shows the
/// players' TPA.
fn main_section(
    ui: &mut egui::Ui,
    p: &mut DockParams,
    kind: SectionKind,
    scored: bool,
    next: Option<&str>,
) {
    match kind {
        SectionKind::Setup => setup::section(ui, &p.m, &mut p.setup, &mut p.actions),
        SectionKind::Stroke => stroke::section(ui, p),
        SectionKind::Ruling => {
            if let Some(r) =
                p.m.rulings
                    .last()
                    .or(p.m.last.as_ref().map(|l| &l.played.judged.ruling))
            {
                ruling::card(ui, &p.m, r, scored, next, &mut p.actions);
            }
        }
        SectionKind::Choice => ruling::choice(ui, &p.m, &mut p.actions),
        // Drawn by the dock before the main section, in its place.
        SectionKind::Quiz(_) => {}
        SectionKind::MatchOver => ruling::match_over(ui, &p.m, scored, &mut p.actions),
        SectionKind::Playing => {
            ui.heading("The shot plays");
            // The buttons above the banner, so that they stay where they are when it appears.
            playback_buttons(ui, &mut p.playback);
            if let Some(b) = text::banner(&p.playback) {
                ui.label(b);
            }
            ui.label("Space or z pauses, x steps while paused, Enter skips to the end.");
            if let Some(shot) = p.m.pending.as_ref().or(p.m.last.as_ref())
                && let Some(w) = text::miscue_words(shot)
            {
                ui.colored_label(egui::Color32::from_rgb(240, 120, 80), w);
            }
        }
    }
}

/// Pause, fast forward and skip for the mouse: the same as Space, and Enter (skipping to the
/// end is what Enter does while the shot plays: the ruling follows).
pub(super) fn playback_buttons(ui: &mut egui::Ui, playback: &mut Playback) {
    // Fixed widths: a button's words change (Pause / Play), the buttons do not move.
    let sized = |ui: &mut egui::Ui, width: f32, words: String| {
        ui.add_sized([width, 20.0], egui::Button::new(words))
            .clicked()
    };
    ui.horizontal(|ui| {
        let pause = if playback.paused { "Play" } else { "Pause" };
        if sized(ui, 56.0, pause.into()) {
            playback.paused = !playback.paused;
        }
        let fast = if playback.fast {
            "Normal speed".to_string()
        } else {
            format!("Fast x{}", crate::game::model::playback::FAST)
        };
        if sized(ui, 100.0, fast) {
            playback.toggle_fast();
        }
        if sized(ui, 110.0, "Skip to the end".into()) {
            playback.skip_to_end();
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Was (issue 30, item 4): a click where Continue had been landed on the tip's face, which
    /// had just taken the card's place, and set spin unnoticed. A section that replaces another
    /// takes no clicks for a moment; one that stays takes them.
    #[test]
    fn a_section_that_replaces_another_takes_no_clicks_for_a_moment() {
        let mut g = SectionGuard::default();
        assert!(
            g.open(SectionKind::Stroke, 5.0),
            "the first section takes clicks"
        );
        assert!(g.open(SectionKind::Stroke, 9.0));
        assert!(g.open(SectionKind::Ruling, 10.0) == false);
        assert!(!g.open(SectionKind::Ruling, 10.0 + GUARD_SECONDS - 0.01));
        assert!(g.open(SectionKind::Ruling, 10.0 + GUARD_SECONDS));
        // Continue: the stroke comes back; the second click of a double click lands on nothing.
        assert!(!g.open(SectionKind::Stroke, 11.0));
        assert!(!g.open(SectionKind::Stroke, 11.3));
        assert!(g.open(SectionKind::Stroke, 11.5));
    }

    /// And a disabled section's tip face takes no click: egui, laid out as in the dock.
    #[test]
    fn a_click_on_a_disabled_stroke_section_sets_no_spin() {
        let ctx = egui::Context::default();
        let mut aim = Aim::default();
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(330.0, 600.0));
        let frame = |events: Vec<egui::Event>, enabled: bool, aim: &mut Aim| {
            let input = egui::RawInput {
                screen_rect: Some(screen),
                events,
                ..Default::default()
            };
            let mut rect = egui::Rect::NOTHING;
            ctx.run_ui(input, |ui| {
                rect = ui
                    .add_enabled_ui(enabled, |ui| super::super::stroke::tip_face(ui, aim))
                    .response
                    .rect;
            })
            .drop_without_applying_deltas();
            rect
        };
        // The face's centre is 50 px in, 50 down; a click 30 px right of it is right english.
        let at = egui::pos2(80.0, 58.0);
        let press = |pressed: bool| {
            vec![
                egui::Event::PointerMoved(at),
                egui::Event::PointerButton {
                    pos: at,
                    button: egui::PointerButton::Primary,
                    pressed,
                    modifiers: Default::default(),
                },
            ]
        };
        // egui hit-tests with the frame before's widgets: each click follows a frame laid out
        // as the click's own, the face enabled the frame before the disabled click (the
        // hardest case: a card closing under the pointer).
        let face = frame(vec![], true, &mut aim);
        assert!(face.contains(at), "{face:?}");
        frame(press(true), false, &mut aim);
        frame(press(false), false, &mut aim);
        assert_eq!((aim.stroke.side, aim.stroke.height), (0.0, 0.0));
        frame(vec![], true, &mut aim);
        frame(press(true), true, &mut aim);
        frame(press(false), true, &mut aim);
        assert!(
            aim.stroke.side > 0.2,
            "enabled, the click sets right english: {}",
            aim.stroke.side
        );
        // A button (Shoot, Undo) disabled under a click takes none either.
        let button = |events: Vec<egui::Event>, enabled: bool| {
            let input = egui::RawInput {
                screen_rect: Some(screen),
                events,
                ..Default::default()
            };
            let mut hit = false;
            ctx.run_ui(input, |ui| {
                ui.add_enabled_ui(enabled, |ui| {
                    hit = ui
                        .add_sized([200.0, 100.0], egui::Button::new("Shoot"))
                        .clicked();
                });
            })
            .drop_without_applying_deltas();
            hit
        };
        for enabled in [false, true] {
            button(vec![], true);
            button(press(true), enabled);
            assert_eq!(button(press(false), enabled), enabled);
        }
    }
}

/// Each player's TPA over the match, its parts on hover: the score panel's figures.
fn performance(ui: &mut egui::Ui, m: &Match) {
    if m.strokes.is_empty() {
        return;
    }
    let whole = m.match_performance();
    ui.separator();
    ui.strong("Performance this match (TPA)")
        .on_hover_text("Accu-Stats' total performance average: balls made / (balls made + errors); errors are misses, fouls, break fouls, missed kicks, failed safeties and safeties played after a make");
    for p in [PlayerId::A, PlayerId::B] {
        let perf = &whole[p.index()];
        ui.label(format!(
            "{}: {}",
            super::text::player_name(m, p),
            ruling::short(perf)
        ))
        .on_hover_text(perf.describe());
    }
}

fn rack_log(ui: &mut egui::Ui, m: &Match) {
    if m.rulings.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(format!("Rack log ({})", m.rulings.len()))
        .default_open(false)
        .show(ui, |ui| {
            for r in &m.rulings {
                ui.label(text::ruling_line(m, r))
                    .on_hover_text(text::with_names(m, &r.explanation));
            }
        });
}

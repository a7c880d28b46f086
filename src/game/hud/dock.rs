//! The dock on the right: its sections follow the screen and the shot cycle; the scenario,
//! its library and the rack's log fold away below them. Its width is taken from the window's
//! free area.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::super::camera::{CameraView, FreeArea};
use super::super::input::Aim;
use super::super::playback::Playback;
use super::super::session::{GameAction, Match};
use super::super::setup::SetupAction;
use super::super::sound::Muted;
use super::super::tracking::Aids;
use super::super::{Lesson, Library, Markers, NextStep, OpenScenario, Screen, ShotCycle};
use super::{DOCK_WIDTH, lesson, ruling, setup, stroke, text, window_ui};

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
    pub coach: Res<'w, super::super::coach::Coach>,
    pub ask_coach: MessageWriter<'w, super::super::coach::AskCoach>,
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
}

pub(super) fn dock(
    mut contexts: EguiContexts,
    mut p: DockParams,
    mut l: LessonParams,
    mut free: ResMut<FreeArea>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut ui = window_ui(ctx, "dock");
    // The top bar was laid out first this frame: the dock starts below it.
    ui.add_space(free.top);
    let width = egui::Panel::right("dock")
        .exact_size(DOCK_WIDTH)
        .resizable(false)
        .show(&mut ui, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.set_min_width(DOCK_WIDTH - 16.0);
                main_section(ui, &mut p);
                if let Some(lesson) = &l.lesson {
                    ui.separator();
                    lesson::scenario(ui, lesson, &l.markers, &mut l.next_step);
                }
                if !l.library.0.is_empty() {
                    lesson::library(ui, &l.library, &mut l.open);
                }
                rack_log(ui, &p.m);
            });
        })
        .response
        .rect
        .width();
    free.right = width;
    Ok(())
}

/// The section for the moment: set-up, the stroke, the shot playing, the ruling, the choice
/// or the match's end.
fn main_section(ui: &mut egui::Ui, p: &mut DockParams) {
    if *p.screen.get() == Screen::Setup {
        setup::section(ui, &p.m, &mut p.setup, &mut p.actions);
        return;
    }
    match p.cycle.as_ref().map(|c| *c.get()) {
        Some(ShotCycle::Aiming | ShotCycle::BallInHand) if !p.playback.active() => {
            stroke::section(ui, p);
        }
        Some(ShotCycle::Ruling) => {
            if let Some(r) =
                p.m.rulings
                    .last()
                    .or(p.m.last.as_ref().map(|l| &l.played.judged.ruling))
            {
                ruling::card(ui, &p.m, r, &mut p.actions);
            }
        }
        Some(ShotCycle::Choice) => ruling::choice(ui, &p.m, &mut p.actions),
        Some(ShotCycle::MatchOver) => ruling::match_over(ui, &p.m, &mut p.actions),
        _ => {
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
fn playback_buttons(ui: &mut egui::Ui, playback: &mut Playback) {
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
            format!("Fast x{}", super::super::playback::FAST)
        };
        if sized(ui, 100.0, fast) {
            playback.toggle_fast();
        }
        if sized(ui, 110.0, "Skip to the end".into()) {
            playback.skip_to_end();
        }
    });
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

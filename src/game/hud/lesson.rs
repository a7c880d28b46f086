//! The dock's scenario sections: what the scenario teaches, its steps with how each came out,
//! the button for the next, what decides the shot as it plays; and the library, listed by
//! title, any of which opens in place.

use bevy::prelude::*;
use bevy_egui::egui;

use super::super::{Lesson, Library, Markers, NextStep, OpenScenario};
use super::text::call_words;

pub(super) fn scenario(
    ui: &mut egui::Ui,
    l: &Lesson,
    mk: &Markers,
    next_step: &mut MessageWriter<NextStep>,
) {
    let s = &l.scenario;
    egui::CollapsingHeader::new(format!("Scenario: {}", s.title))
        .default_open(true)
        .show(ui, |ui| {
            ui.label(format!("rules {}", s.rules.join(", ")));
            ui.label(&s.explanation);
            ui.separator();
            for (i, st) in s.steps.iter().enumerate() {
                let what = match (&st.call, &st.stroke, &st.action) {
                    (Some(c), Some(_), _) => format!("shot on the table: {}", call_words(c)),
                    (Some(c), None, _) => format!("shot, told: {}", call_words(c)),
                    (None, _, Some(a)) => a.name().replace('_', " "),
                    _ => "?".into(),
                };
                let status = match l.results.get(i) {
                    Some(d) if d.is_empty() => "ruled as expected".to_string(),
                    Some(d) => d.join("; "),
                    None if i == l.next => "next".into(),
                    None => String::new(),
                };
                ui.label(format!("{}. {what}  {status}", i + 1));
            }
            if !l.done() && ui.button("Play the next step (.)").clicked() {
                next_step.write(NextStep);
            }
        });
    markers(ui, mk);
}

/// What decides the shot so far: the first ball contacted, rails after it, balls pocketed.
fn markers(ui: &mut egui::Ui, Markers(mk): &Markers) {
    let Some((b, _)) = mk.first_contact else {
        return;
    };
    let list = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
    ui.label(format!("first ball contacted: the {b}"));
    if mk.driven_to_rail.is_empty() {
        ui.label("no object ball to a rail after contact yet");
    } else {
        ui.label(format!(
            "{} object ball{} to a rail after contact (8.4, pocketed count): {}",
            mk.driven_to_rail.len(),
            if mk.driven_to_rail.len() == 1 {
                ""
            } else {
                "s"
            },
            list(&mk.driven_to_rail)
        ));
    }
    if !mk.pocketed.is_empty() {
        ui.label(format!("pocketed: {}", list(&mk.pocketed)));
    }
}

pub(super) fn library(
    ui: &mut egui::Ui,
    library: &Library,
    open: &mut MessageWriter<OpenScenario>,
) {
    egui::CollapsingHeader::new(format!("Library ({} scenarios)", library.0.len()))
        .default_open(false)
        .show(ui, |ui| {
            for (i, entry) in library.0.iter().enumerate() {
                if ui
                    .button(entry.title())
                    .on_hover_text(format!("{} ({})", entry.name, entry.rules()))
                    .clicked()
                {
                    open.write(OpenScenario(i));
                }
            }
        });
}

//! The dock's scenario sections: at the top its steps with how each came out, the button for
//! the next and what decides the shot as it plays (the words of the marks on the table); below
//! the stroke or the card what it teaches; and the library, listed by title, any of which
//! opens in place.

use bevy::prelude::*;
use bevy_egui::egui;

use super::text::call_words;
use crate::game::screens::lesson::Lesson;
use crate::game::screens::lesson::Library;
use crate::game::screens::lesson::Markers;
use crate::game::screens::lesson::NextStep;
use crate::game::screens::lesson::OpenScenario;

/// The scenario's head, at the top of the dock so that its button is in sight without
/// scrolling: the title, its rules, its steps with how each came out, the button for the next,
/// and what decides the shot.
pub(super) fn scenario(
    ui: &mut egui::Ui,
    l: &Lesson,
    mk: &Markers,
    next_step: &mut MessageWriter<NextStep>,
) {
    let s = &l.scenario;
    ui.heading(format!("Scenario: {}", s.title));
    ui.label(format!("rules {}", s.rules.join(", ")));
    for (i, st) in s.steps.iter().enumerate() {
        let what = match (&st.call, &st.stroke, &st.action) {
            (Some(c), Some(_), _) => format!("shot on the table: {}", call_words(c)),
            (Some(c), None, _) => format!("shot, told (nothing moves): {}", call_words(c)),
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
    if !l.done() {
        let b = ui.button("Play the next step (.)");
        super::named(ui, "next step", &b);
        if b.clicked() {
            next_step.write(NextStep);
        }
    }
    markers(ui, mk);
}

/// What the scenario teaches, below the stroke or the card.
pub(super) fn explanation(ui: &mut egui::Ui, l: &Lesson) {
    egui::CollapsingHeader::new("What this scenario teaches")
        .default_open(true)
        .show(ui, |ui| {
            ui.label(&l.scenario.explanation);
        });
}

/// What decides the shot so far, in the words drawn beside the rings on the table: the first
/// ball contacted, rails after it, a flight, the 8.4 count, balls pocketed; a told step's
/// marks say they are told.
fn markers(ui: &mut egui::Ui, Markers(mk): &Markers) {
    if mk.first_contact.is_none() && mk.flights.is_empty() && !mk.told {
        return;
    }
    let list = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
    ui.separator();
    ui.strong(if mk.told {
        "What decides it (told, nothing moves)"
    } else {
        "What decides it (marked on the table)"
    });
    for words in mk.words() {
        ui.label(words);
    }
    if mk.first_contact.is_some() {
        if mk.driven_to_rail.is_empty() {
            ui.label("no object ball to a rail after contact yet (8.4)");
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

//! The dock's drill section, at its top: the drill's title, the attempt and its place, the
//! score so far, what the last stroke came to, once over the score among the computer's
//! levels, where the attempts were kept, the player's sessions before and the best; below it
//! what the drill asks and how it is scored.

use bevy_egui::egui;

use bevy::prelude::MessageWriter;

use crate::game::screens::drills::{DrillPlay, OpenDrill};

pub(super) fn section(ui: &mut egui::Ui, d: &DrillPlay, open: &mut MessageWriter<OpenDrill>) {
    let drill = d.session.drill();
    ui.heading(format!("Drill: {}", drill.title));
    let score = d.session.score();
    match d.session.due() {
        Some(due) => {
            let so_far = if d.session.outcomes().is_empty() {
                String::new()
            } else {
                format!(" Score so far: {} of {}.", score.value, score.max)
            };
            ui.label(format!("{}.{so_far}", capitalised(&attempt_words(due))));
        }
        None => {
            ui.strong(format!("Over: {} of {}.", score.value, score.max));
        }
    }
    if let Some(last) = &d.last {
        ui.label(format!("Last stroke: {last}"));
    }
    if let Some(f) = &d.finished {
        ui.label(format!("Your score is {}.", f.placing));
    }
    if let Some(k) = &d.kept {
        ui.small(k);
    }
    if !d.history.is_empty() {
        let recent: Vec<String> = d.history[d.history.len().saturating_sub(5)..]
            .iter()
            .map(u32::to_string)
            .collect();
        ui.label(format!(
            "Your sessions before: {} (the last: {}); best {}.",
            d.history.len(),
            recent.join(", "),
            d.history.iter().max().expect("not empty")
        ));
    }
    egui::CollapsingHeader::new("What to do and how it is scored")
        .default_open(d.session.outcomes().is_empty())
        .show(ui, |ui| {
            ui.label(&drill.what);
            ui.label(drill.scoring.words());
            ui.small(format!("Source: {}", drill.source));
        });
    library(ui, d, open);
}

/// The drill library by title, any of which opens in place (a new session, the same seed).
fn library(ui: &mut egui::Ui, d: &DrillPlay, open: &mut MessageWriter<OpenDrill>) {
    let drills = crate::drills::library();
    egui::CollapsingHeader::new(format!("Other drills ({})", drills.len()))
        .default_open(false)
        .show(ui, |ui| {
            for (name, drill) in drills {
                let Ok(drill) = drill else { continue };
                let here = name == d.name;
                if ui
                    .add_enabled(!here, egui::Button::new(&drill.title))
                    .on_hover_text(format!("{name}: {}", drill.scoring.words()))
                    .clicked()
                {
                    open.write(OpenDrill(name));
                }
            }
        });
}

/// What comes after the card closes: the drill's next attempt or stroke, or its end.
pub(super) fn next_words(d: &DrillPlay) -> String {
    match d.session.due() {
        Some(due) if due.stroke > 0 && due.in_hand.is_some() => "ball in hand: run the rack".into(),
        Some(due) if due.stroke > 0 => "the run goes on from where the balls stopped".into(),
        Some(due) => attempt_words(due),
        None => "the drill is over".into(),
    }
}

/// "attempt 2 from place 3" (a progressive drill's place), "attempt 4".
pub(super) fn attempt_words(due: &crate::drills::Due) -> String {
    format!(
        "attempt {}{}",
        due.attempt,
        due.place
            .map(|p| format!(" from place {p}"))
            .unwrap_or_default()
    )
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

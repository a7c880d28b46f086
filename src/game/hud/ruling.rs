//! The dock's sections after a shot: the ruling card (fouls with their rules, the explanation
//! with the players' names, a miscue named, a spotted ball, the rack's result, what comes
//! next), the incoming player's choice and the match's end.

use bevy::prelude::*;
use bevy_egui::egui;

use super::text::{describe_turn, miscue_words, player_name, with_names};
use crate::game::model::session::{GameAction, Match};
use crate::referee::performance::Performance;
use crate::referee::{Phase, PlayerId, RackResult, Ruling, TableChoice};

pub(super) fn card(
    ui: &mut egui::Ui,
    m: &Match,
    r: &Ruling,
    scored: bool,
    next: Option<&str>,
    actions: &mut MessageWriter<GameAction>,
) {
    let whole = ui.vertical(|ui| {
        card_body(ui, m, r, scored);
        ui.separator();
        match next {
            Some(n) => ui.strong(format!("Next: {n}")),
            None => ui.strong(format!("Next: {}", describe_turn(m))),
        };
        // Wrapped where the window is too narrow; on a phone's sheet without the keys' names
        // (no keyboard there), so that the four fit in a row and the card in the window.
        let keys = !super::dock::narrow(ui.ctx().viewport_rect());
        let word = |w: &'static str, key: &'static str| {
            if keys {
                format!("{w} ({key})")
            } else {
                w.to_string()
            }
        };
        ui.horizontal_wrapped(|ui| {
            let b = ui.button(word("Continue", "Enter"));
            super::named(ui, "continue", &b);
            if b.clicked() {
                actions.write(GameAction::Continue);
            }
            if ui.button(word("Replay", "r")).clicked() {
                actions.write(GameAction::Replay { slow: false });
            }
            if ui.button(word("Slow", "R")).clicked() {
                actions.write(GameAction::Replay { slow: true });
            }
            if ui
                .button("Copy link")
                .on_hover_text("a link that replays this shot and shows this ruling")
                .clicked()
            {
                actions.write(GameAction::CopyLink);
            }
        });
    });
    super::named(ui, "ruling card", &whole.response);
}

/// The card without what comes next or its buttons: the verdict and rule, the fouls, the
/// explanation, a spotted ball, the rack's result (the quiz shows it under its grades).
pub(super) fn card_body(ui: &mut egui::Ui, m: &Match, r: &Ruling, scored: bool) {
    let title = if r.legal { "Legal shot" } else { "Foul" };
    ui.heading(format!("{title} - rule {}", r.rule));
    // What the computer played for, kept from before its shot.
    if let Some(intent) = m.last.as_ref().and_then(|l| l.intent.as_ref()) {
        ui.colored_label(egui::Color32::from_rgb(255, 210, 90), with_names(m, intent));
    }
    if let Some(w) = m.last.as_ref().and_then(miscue_words) {
        ui.colored_label(egui::Color32::from_rgb(240, 150, 80), w);
    }
    for f in &r.fouls {
        ui.colored_label(
            egui::Color32::from_rgb(240, 90, 80),
            format!("{}: {}", f.rule, with_names(m, &f.text)),
        );
    }
    ui.label(with_names(m, &r.explanation));
    // The explanation says where a spotted ball goes already; the card says it only when not.
    if let Some(sp) = r
        .spotted
        .filter(|_| !r.explanation.contains("is spotted at"))
    {
        ui.label(format!(
            "The {} is spotted at x = {:.3} m (1.4).",
            sp.ball, sp.at.x
        ));
    }
    if let Some(res) = r.rack_result {
        match res {
            RackResult::Won {
                winner,
                rule,
                match_over,
                ..
            } => {
                ui.strong(format!(
                    "{} wins the rack ({rule}){}",
                    player_name(m, winner),
                    if match_over { " and the match" } else { "" }
                ));
            }
            RackResult::Stalemate { rebreak, rule } => {
                ui.strong(format!(
                    "Stalemate ({rule}): {} breaks again",
                    player_name(m, rebreak)
                ));
            }
        }
    }
    if scored && r.rack_result.is_some() {
        performance_lines(ui, m);
    }
}

pub(super) fn choice(ui: &mut egui::Ui, m: &Match, actions: &mut MessageWriter<GameAction>) {
    let Phase::Choice { chooser, reason } = m.state.phase else {
        return;
    };
    ui.heading("Choice");
    ui.label(describe_turn(m));
    ui.label(format!("rule {}", reason.rule()));
    let other = player_name(m, chooser.other()).to_string();
    if ui
        .button(format!(
            "Play the table: {} shoots (1)",
            player_name(m, chooser)
        ))
        .clicked()
    {
        actions.write(GameAction::Choose(TableChoice::PlayTable));
    }
    if ui
        .button(format!("Hand it back: {other} shoots (2)"))
        .clicked()
    {
        actions.write(GameAction::Choose(TableChoice::HandBack));
    }
}

pub(super) fn match_over(
    ui: &mut egui::Ui,
    m: &Match,
    scored: bool,
    actions: &mut MessageWriter<GameAction>,
) {
    ui.heading("Match over");
    ui.strong(describe_turn(m));
    ui.label(format!("{} - {}", m.state.score[0], m.state.score[1]));
    if let Some(r) = m.rulings.last() {
        ui.label(with_names(m, &r.explanation));
    }
    if scored {
        performance_lines(ui, m);
    }
    if ui.button("New match").clicked() {
        actions.write(GameAction::NewMatch);
    }
}

/// Each player's TPA in the rack just ended and over the match (Accu-Stats' balls made over
/// balls made and errors, counted from the rulings); the errors' kinds on hover.
fn performance_lines(ui: &mut egui::Ui, m: &Match) {
    let whole = m.match_performance();
    ui.label("TPA (balls made / (balls made + errors)):");
    for p in [PlayerId::A, PlayerId::B] {
        let rack = m
            .rack_performance
            .map(|r| format!("this rack {}; ", short(&r[p.index()])))
            .unwrap_or_default();
        ui.label(format!(
            "  {}: {rack}match {}",
            player_name(m, p),
            short(&whole[p.index()])
        ))
        .on_hover_text(whole[p.index()].describe());
    }
}

/// "0.750 (3 made, 1 error)", or "-" before a ball made or an error.
pub(super) fn short(p: &Performance) -> String {
    let Some(tpa) = p.tpa() else {
        return "-".into();
    };
    let e = p.errors();
    format!(
        "{tpa:.3} ({} made, {e} error{})",
        p.balls_made,
        if e == 1 { "" } else { "s" }
    )
}

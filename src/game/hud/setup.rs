//! The dock's set-up section (F2): whose turn, the referee's phase, push out, fouls and
//! warnings, and the buttons to leave and save.

use bevy::prelude::*;
use bevy_egui::egui;

use super::text::player_name;
use crate::game::model::session::{GameAction, Match};
use crate::game::screens::setup::{SetupAction, SetupPhase};
use crate::referee::{CueBall, Phase, PlayerId};

pub(super) fn section(
    ui: &mut egui::Ui,
    m: &Match,
    setup: &mut MessageWriter<SetupAction>,
    actions: &mut MessageWriter<GameAction>,
) {
    ui.heading("Set up");
    ui.label("Drag any ball; Delete takes the ball under the pointer off; 0-9 (0 = 10) and c put one back at the pointer.");
    let s = &m.state;
    ui.horizontal(|ui| {
        ui.label("to play:");
        for p in [PlayerId::A, PlayerId::B] {
            if ui
                .selectable_label(s.to_act() == p, player_name(m, p))
                .clicked()
            {
                setup.write(SetupAction::SetTurn(p));
            }
        }
    });
    let current = match s.phase {
        Phase::Break { .. } => Some(SetupPhase::Break),
        Phase::Shot {
            cue_ball: CueBall::AsItLies,
            ..
        } => Some(SetupPhase::AsItLies),
        Phase::Shot {
            cue_ball: CueBall::InHand,
            ..
        } => Some(SetupPhase::InHand),
        _ => None,
    };
    ui.horizontal(|ui| {
        for (ph, name) in [
            (SetupPhase::Break, "break"),
            (SetupPhase::AsItLies, "shot, as it lies"),
            (SetupPhase::InHand, "shot, ball in hand"),
        ] {
            if ui.selectable_label(current == Some(ph), name).clicked() {
                setup.write(SetupAction::SetPhase(ph));
            }
        }
    });
    if let Phase::Shot { push_out, .. } = s.phase {
        let mut p = push_out;
        if ui.checkbox(&mut p, "push out available (5.4)").changed() {
            setup.write(SetupAction::SetPushOut(p));
        }
    }
    for p in [PlayerId::A, PlayerId::B] {
        let f = s.fouls_of(p);
        ui.horizontal(|ui| {
            ui.label(format!("{} fouls:", player_name(m, p)));
            for n in 0..=2u8 {
                if ui.selectable_label(f.count == n, n.to_string()).clicked() {
                    setup.write(SetupAction::SetFouls(
                        p,
                        crate::referee::FoulCount {
                            count: n,
                            warned: f.warned,
                        },
                    ));
                }
            }
            let mut w = f.warned;
            if f.count == 2 && ui.checkbox(&mut w, "warned (7.14)").changed() {
                setup.write(SetupAction::SetFouls(
                    p,
                    crate::referee::FoulCount {
                        count: f.count,
                        warned: w,
                    },
                ));
            }
        });
    }
    ui.horizontal(|ui| {
        if ui.button("Done (F2)").clicked() {
            setup.write(SetupAction::Leave);
        }
        if ui.button("Save (F5)").clicked() {
            actions.write(GameAction::Save(crate::game::default_save_path()));
        }
    });
}

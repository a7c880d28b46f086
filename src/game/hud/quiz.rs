//! The dock's quiz section, in place of the stroke and the ruling card while a quiz is taken:
//! the question (its position in words), a button to play the shot, the playback's buttons
//! while it plays, then what was seen and the four parts to answer (legal or foul, the rule,
//! the balls, who shoots next and how) with a button to grade; once graded each part right or
//! wrong beside the referee's, the ruling card, what decided it, the replay slowed from that
//! moment and the next question; after the last, the score and what to review.

use bevy::prelude::*;
use bevy_egui::egui;

use super::{ruling, text};
use crate::game::model::playback::Playback;
use crate::game::model::session::Match;
use crate::game::screens::lesson::Markers;
use crate::game::screens::quiz::{Quiz, QuizAction, QuizPhase};
use crate::referee::RULE_NUMBERS;
use crate::teaching::quiz::key::{self, Balls, Choice, How, Who};
use crate::teaching::quiz::{grade, position_words, seen_words};

const RIGHT: egui::Color32 = egui::Color32::from_rgb(110, 210, 120);
const WRONG: egui::Color32 = egui::Color32::from_rgb(240, 100, 90);

pub(super) fn section(
    ui: &mut egui::Ui,
    quiz: &mut Quiz,
    m: &Match,
    markers: &Markers,
    playback: &mut Playback,
    actions: &mut MessageWriter<QuizAction>,
) {
    if quiz.phase == QuizPhase::Over {
        return over(ui, quiz);
    }
    let Some(q) = quiz.question().cloned() else {
        return;
    };
    ui.heading(format!(
        "Question {} of {}",
        quiz.at + 1,
        quiz.run.questions.len()
    ));
    // The topic names its rules: said once the answer is graded, not before (issue 63, item 2).
    if quiz.phase == QuizPhase::Graded {
        ui.label(format!("{}, level {}", q.topic.title(), q.level()));
    } else {
        ui.label(format!("level {}", q.level()));
    }
    let words = position_words(&q);
    // Open before and during the shot, folded (with an id of its own) while answering.
    let before = matches!(quiz.phase, QuizPhase::Before | QuizPhase::Shot);
    egui::CollapsingHeader::new("The position")
        .id_salt(("quiz-position", quiz.at, before))
        .default_open(before)
        .show(ui, |ui| {
            for w in &words {
                ui.label(text::names_in(&q.position.players, w));
            }
        });
    ui.separator();
    match quiz.phase {
        QuizPhase::Before => {
            let told = q.shot.stroke.is_none();
            ui.label(if told {
                "This shot is told to the referee, not played: nothing moves."
            } else {
                "The stroke is set up on the table. Watch the shot, then rule it."
            });
            let words = if told {
                "Tell the referee (.)"
            } else {
                "Play the shot (.)"
            };
            if ui
                .add_sized([200.0, 28.0], egui::Button::new(words))
                .clicked()
            {
                actions.write(QuizAction::Play);
            }
        }
        QuizPhase::Shot => {
            ui.strong("The shot plays");
            super::dock::playback_buttons(ui, playback);
        }
        QuizPhase::Answer => answer(ui, quiz, &q, m, playback, actions),
        QuizPhase::Graded => graded(ui, quiz, m, markers, actions),
        QuizPhase::Over => {}
    }
}

/// What was seen, and the four parts to answer.
fn answer(
    ui: &mut egui::Ui,
    quiz: &mut Quiz,
    q: &crate::teaching::quiz::Question,
    m: &Match,
    playback: &mut Playback,
    actions: &mut MessageWriter<QuizAction>,
) {
    if let Some(o) = &quiz.outcome {
        ui.strong("What happened");
        for w in seen_words(q, o) {
            ui.label(w);
        }
        if o.played.is_some() {
            ui.horizontal(|ui| {
                if ui.button("Watch again").clicked() {
                    actions.write(QuizAction::WatchAgain);
                }
                if playback.active() && !playback.held() {
                    super::dock::playback_buttons(ui, playback);
                }
            });
        }
    }
    ui.separator();
    ui.strong("Your ruling");
    let d = &mut quiz.draft;
    ui.label("1. Legal or foul?");
    ui.horizontal(|ui| {
        ui.radio_value(&mut d.legal, Some(true), "legal");
        ui.radio_value(&mut d.legal, Some(false), "foul");
    });
    ui.label("2. Which rule decided it?");
    let shown = d
        .rule
        .as_deref()
        .map_or("choose a rule".to_string(), rule_words);
    egui::ComboBox::from_id_salt("quiz-rule")
        .width(290.0)
        .height(320.0)
        .selected_text(shown)
        .show_ui(ui, |ui| {
            for r in RULE_NUMBERS {
                ui.selectable_value(&mut d.rule, Some(r.to_string()), rule_words(r));
            }
        });
    ui.label("3. What happens to the balls?");
    egui::Grid::new("quiz-balls").num_columns(2).show(ui, |ui| {
        for (i, b) in Balls::ALL.iter().enumerate() {
            ui.radio_value(&mut d.balls, Some(*b), balls_short(*b))
                .on_hover_text(b.meaning());
            if i % 2 == 1 {
                ui.end_row();
            }
        }
    });
    let turn = q.position.state.turn().player;
    let shooter = &m.players[turn.index()];
    let other = &m.players[turn.other().index()];
    ui.label("4. Who shoots next, and how?");
    ui.horizontal(|ui| {
        ui.radio_value(
            &mut quiz.who,
            Some(Who::Shooter),
            format!("{shooter} (who shot)"),
        );
        ui.radio_value(&mut quiz.who, Some(Who::Opponent), other.to_string());
    });
    egui::Grid::new("quiz-how").num_columns(2).show(ui, |ui| {
        for (i, h) in How::ALL.iter().enumerate() {
            ui.radio_value(&mut quiz.how, Some(*h), how_short(*h))
                .on_hover_text(h.meaning());
            if i % 2 == 1 {
                ui.end_row();
            }
        }
    });
    quiz.draft.next = quiz.who.zip(quiz.how);
    quiz_half(ui, quiz.who, quiz.how);
    ui.add_space(4.0);
    let d = &quiz.draft;
    let all = d.legal.is_some() && d.rule.is_some() && d.balls.is_some() && d.next.is_some();
    let words = if all {
        "Grade my ruling"
    } else {
        "Grade (parts left out count wrong)"
    };
    if ui
        .add_sized([250.0, 28.0], egui::Button::new(words))
        .clicked()
    {
        actions.write(QuizAction::Grade);
    }
}

/// While only one half of the fourth part is chosen, which half is missing.
fn quiz_half(ui: &mut egui::Ui, who: Option<Who>, how: Option<How>) {
    let missing = match (who, how) {
        (Some(_), None) => "and how he goes on",
        (None, Some(_)) => "and who it is",
        _ => return,
    };
    ui.weak(format!("(choose {missing})"));
}

/// A choice of the third part in the few words a radio button has room for (its meaning
/// on hover).
fn balls_short(b: Balls) -> &'static str {
    match b {
        Balls::Nothing => "none pocketed or off",
        Balls::Rack => "racked again",
        Balls::StayDown => "pocketed stay down",
        Balls::TenSpotted => "the 10 is spotted",
        Balls::StayOff => "off the table stays off",
    }
}

/// A choice of how the next player goes on, in a radio button's few words.
fn how_short(h: How) -> &'static str {
    match h {
        How::AsItLies => "as it lies",
        How::InHand => "ball in hand",
        How::PushOut => "as it lies, push out ok",
        How::InHandPushOut => "in hand, push out ok",
        How::Choose => "chooses who plays",
        How::Break => "breaks",
        How::MatchOver => "has won the match",
    }
}

fn rule_words(r: &str) -> String {
    format!("{r} {}", key::rule_title(r))
}

/// Each part right or wrong beside the referee's, the card, what decided it, the buttons.
fn graded(
    ui: &mut egui::Ui,
    quiz: &Quiz,
    m: &Match,
    markers: &Markers,
    actions: &mut MessageWriter<QuizAction>,
) {
    let (Some(o), Some(g)) = (&quiz.outcome, quiz.graded.last()) else {
        return;
    };
    let k = &o.key;
    let right = g.parts.iter().filter(|&&p| p).count();
    if g.right() {
        ui.colored_label(RIGHT, egui::RichText::new("Right: all four parts").strong());
    } else {
        ui.colored_label(
            WRONG,
            egui::RichText::new(format!("{right} of 4 parts right")).strong(),
        );
    }
    for ((part, ok), words) in key::PARTS.iter().zip(g.parts).zip(k.said()) {
        let (colour, mark) = if ok {
            (RIGHT, "right")
        } else {
            (WRONG, "wrong")
        };
        ui.colored_label(colour, format!("{part}: {mark}; the referee: {words}"));
    }
    // The buttons above what grows while a replay marks the shot again, so that they stay
    // under the pointer.
    ui.horizontal(|ui| {
        if o.played.is_some() && ui.button("Replay the moment, slowed").clicked() {
            actions.write(QuizAction::ReplayMoment);
        }
        let last = quiz.at + 1 >= quiz.run.questions.len();
        let next = if last {
            "See the score"
        } else {
            "Next question"
        };
        if ui
            .add_sized([130.0, 24.0], egui::Button::new(next))
            .clicked()
        {
            actions.write(QuizAction::Next);
        }
    });
    ui.separator();
    ruling::card_body(ui, m, &o.ruling, false);
    ui.strong(format!("Next: {}", text::describe_turn(m)));
    let words = markers.0.words();
    if !words.is_empty() {
        ui.separator();
        ui.strong("What decided it (marked on the table)");
        for w in words {
            ui.label(w);
        }
    }
    let q = quiz
        .question()
        .map(|q| q.scenario.clone())
        .unwrap_or_default();
    ui.weak(format!("Shown in `tenball scenario show {q}`"));
    if let Some(why) = &quiz.keep_problem {
        ui.colored_label(WRONG, format!("not kept: {why}"));
    }
}

/// The score, per topic, and what to review.
fn over(ui: &mut egui::Ui, quiz: &Quiz) {
    ui.heading("The quiz is over");
    let s = grade::summarize(&quiz.graded);
    let q = s.questions;
    ui.strong(format!(
        "{} of {} questions wholly right ({:.0} %)",
        q.right,
        q.asked,
        q.percent()
    ));
    egui::Grid::new("quiz-score").striped(true).show(ui, |ui| {
        for (part, p) in key::PARTS.iter().zip(s.parts) {
            ui.label(*part);
            ui.label(format!("{}/{}", p.right, p.asked));
            ui.end_row();
        }
    });
    ui.add_space(4.0);
    egui::Grid::new("quiz-topics").striped(true).show(ui, |ui| {
        for (t, sc) in &s.topics {
            ui.label(t.title());
            ui.label(format!("{}/{} ({:.0} %)", sc.right, sc.asked, sc.percent()));
            ui.end_row();
        }
    });
    ui.add_space(4.0);
    if s.review.is_empty() {
        ui.label("Nothing to review: every question wholly right.");
    } else {
        ui.strong("To review (the rules of the questions missed, most missed first)");
        for (rule, n, scenario) in &s.review {
            ui.label(format!(
                "{} missed {n}: tenball scenario show {scenario}",
                rule_words(rule)
            ));
        }
    }
    ui.separator();
    ui.label(format!("The same quiz again: {}", quiz.run.again));
    if let Some(kept) = &quiz.run.kept_in {
        ui.label(format!(
            "Your progress is kept in {kept}, each question as it is graded."
        ));
    }
}

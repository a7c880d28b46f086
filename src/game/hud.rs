//! The panels (egui): the HUD (players, score of the race, rack, inning, who broke, fouls with
//! the two-foul warning, whose turn and with what), the stroke panel (power in m/s, tip on a
//! cue-ball face in tips with the miscue limit, elevation, the call with safety and push out
//! only when the referee's turn allows them), the ruling card, the choice, the rack's log of
//! rulings, the set-up panel and the help overlay. Buttons send the same actions as the keys.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

use super::camera::CameraView;
use super::input::{Aim, CallKind, MAX_ELEVATION, MAX_SPEED};
use super::session::{GameAction, Match, Mode};
use super::setup::{SetupAction, SetupPhase};
use super::sound::Muted;
use super::{Screen, ShotCycle};
use crate::physics::params::MISCUE_LIMIT;
use crate::referee::{
    Call, ChoiceReason, CueBall, InHand, Phase, PlayerId, RackResult, Ruling, TableChoice,
    TurnAction,
};
use crate::table::BALL_RADIUS;

/// A cue tip's width (m): tip offsets are shown in tips as well as in shares of the radius.
pub const TIP_WIDTH: f64 = 0.0127;

/// Whether the panels are drawn (off for clean pictures: `tenball play --hide-panels`).
#[derive(Resource, Debug, Clone, Copy)]
pub struct ShowPanels(pub bool);

pub(super) fn plugin(app: &mut App, show: bool) {
    app.add_plugins(EguiPlugin::default())
        .insert_resource(ShowPanels(show))
        .add_systems(
            EguiPrimaryContextPass,
            panels.run_if(|s: Res<ShowPanels>| s.0),
        );
}

/// What the player to act may do, in words, from the referee's turn.
pub fn describe_turn(m: &Match) -> String {
    let turn = m.state.turn();
    let who = &m.players[turn.player.index()];
    match turn.action {
        TurnAction::Break { hit_first, .. } => format!(
            "{who} to break: cue ball in hand behind the head string, hit the {hit_first} first (5.3)"
        ),
        TurnAction::Shoot {
            ball_in_hand,
            hit_first,
            push_out_allowed,
            on_two_fouls_warned,
            ..
        } => {
            let mut s = format!("{who} to shoot: hit the {hit_first} first");
            match ball_in_hand {
                Some(InHand::Anywhere) => s.push_str(", cue ball in hand anywhere (1.5)"),
                Some(InHand::Kitchen) => s.push_str(", cue ball in hand behind the head string"),
                None => {}
            }
            if push_out_allowed {
                s.push_str(", may push out (5.4)");
            }
            if on_two_fouls_warned {
                s.push_str(" - ON TWO FOULS, warned: a third loses the rack (7.14)");
            }
            s
        }
        TurnAction::Choose { reason, rule } => {
            let why = match reason {
                ChoiceReason::PushOut => "after the push out",
                ChoiceReason::SafetyPocket => "a ball fell on the safety",
                ChoiceReason::WrongBall => "the called shot was missed but a ball fell",
            };
            format!("{who} chooses ({why}, {rule}): play the table or hand it back")
        }
        TurnAction::MatchOver { winner } => {
            format!("{} wins the match", m.players[winner.index()])
        }
        TurnAction::Lag => "the players lag (1.2)".into(),
        TurnAction::ChooseBreaker => format!("{who} chooses who breaks"),
    }
}

/// One line for the rack's log.
pub fn ruling_line(m: &Match, r: &Ruling) -> String {
    let who = &m.players[r.shooter.index()];
    let call = match r.call {
        Call::Break => "break".to_string(),
        Call::Ball { ball, pocket } => format!("{ball} in {}", pocket.name()),
        Call::Safety => "safety".into(),
        Call::PushOut => "push out".into(),
    };
    let verdict = if r.legal {
        format!("legal ({})", r.rule)
    } else {
        let rules: Vec<&str> = r.fouls.iter().map(|f| f.rule.as_str()).collect();
        format!("FOUL ({})", rules.join(", "))
    };
    format!("inning {}: {who}, {call}: {verdict}", r.inning)
}

fn player_name(m: &Match, p: PlayerId) -> &str {
    &m.players[p.index()]
}

#[allow(clippy::too_many_arguments)]
fn panels(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    cycle: Option<Res<State<ShotCycle>>>,
    m: Res<Match>,
    mut aim: ResMut<Aim>,
    mut muted: ResMut<Muted>,
    view: Res<CameraView>,
    mut actions: MessageWriter<GameAction>,
    mut setup: MessageWriter<SetupAction>,
    (lesson, markers, library): (
        Option<Res<super::Lesson>>,
        Res<super::Markers>,
        Res<super::Library>,
    ),
    (mut next_step, mut open): (
        MessageWriter<super::NextStep>,
        MessageWriter<super::OpenScenario>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(l) = &lesson {
        lesson_panel(ctx, l, &markers, &mut next_step);
        if !library.0.is_empty() {
            egui::Window::new("Library")
                .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -48.0])
                .default_open(false)
                .resizable(false)
                .show(ctx, |ui| {
                    egui::ScrollArea::vertical()
                        .max_height(300.0)
                        .show(ui, |ui| {
                            for p in &library.0 {
                                let name = p
                                    .file_stem()
                                    .map(|s| s.to_string_lossy().into_owned())
                                    .unwrap_or_default();
                                if ui.button(name).clicked() {
                                    open.write(super::OpenScenario(p.clone()));
                                }
                            }
                        });
                });
        }
    }
    let cycle = cycle.map(|c| *c.get());
    let s = &m.state;

    // The HUD along the top.
    egui::Area::new(egui::Id::new("hud"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 6.0])
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                let f = |p: PlayerId| {
                    let c = s.fouls_of(p);
                    let mut t = format!("{} foul{}", c.count, if c.count == 1 { "" } else { "s" });
                    if c.warned {
                        t.push_str(", warned");
                    }
                    t
                };
                ui.horizontal(|ui| {
                    ui.heading(format!(
                        "{} {}  -  {} {}",
                        m.players[0], s.score[0], s.score[1], m.players[1]
                    ));
                    ui.label(format!(
                        "race to {} · rack {} · inning {} · {} broke",
                        s.rules.race_to,
                        s.rack,
                        s.inning,
                        player_name(&m, s.breaker)
                    ));
                });
                ui.label(format!(
                    "Fouls: {} {} · {} {}{}",
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
                ui.strong(describe_turn(&m));
            });
        });

    if let Some(msg) = &m.message {
        egui::Area::new(egui::Id::new("message"))
            .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.colored_label(egui::Color32::from_rgb(255, 210, 90), msg);
                });
            });
    }

    if *screen.get() == Screen::Setup {
        setup_panel(ctx, &m, &mut setup, &mut actions);
    } else if matches!(cycle, Some(ShotCycle::Aiming | ShotCycle::BallInHand)) {
        stroke_panel(
            ctx,
            &m,
            &mut aim,
            &mut muted,
            *view,
            &mut actions,
            &mut setup,
        );
    }

    match cycle {
        Some(ShotCycle::Ruling) => {
            if let Some(r) = m
                .rulings
                .last()
                .or(m.last.as_ref().map(|l| &l.played.judged.ruling))
            {
                ruling_card(ctx, &m, r, &mut actions);
            }
        }
        Some(ShotCycle::Choice) => {
            if let Phase::Choice { chooser, reason } = s.phase {
                egui::Window::new("Choice")
                    .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                    .collapsible(false)
                    .resizable(false)
                    .show(ctx, |ui| {
                        ui.label(describe_turn(&m));
                        let other = player_name(&m, chooser.other()).to_string();
                        ui.label(format!("rule {}", reason.rule()));
                        ui.horizontal(|ui| {
                            if ui
                                .button(format!(
                                    "Play the table: {} shoots (1)",
                                    player_name(&m, chooser)
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
                        });
                    });
            }
        }
        Some(ShotCycle::MatchOver) => {
            egui::Window::new("Match over")
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .collapsible(false)
                .show(ctx, |ui| {
                    ui.heading(describe_turn(&m));
                    ui.label(format!("{} - {}", s.score[0], s.score[1]));
                    if let Some(r) = m.rulings.last() {
                        ui.label(&r.explanation);
                    }
                    if ui.button("New match").clicked() {
                        actions.write(GameAction::NewMatch);
                    }
                });
        }
        _ => {}
    }

    if !m.rulings.is_empty() {
        egui::Window::new("Rack log")
            .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
            .default_open(false)
            .resizable(false)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(220.0)
                    .show(ui, |ui| {
                        for r in &m.rulings {
                            ui.label(ruling_line(&m, r)).on_hover_text(&r.explanation);
                        }
                    });
            });
    }

    if aim.help {
        egui::Window::new("Help (h)")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                egui::Grid::new("keys").striped(true).show(ui, |ui| {
                    for (k, what) in HELP {
                        ui.strong(*k);
                        ui.label(*what);
                        ui.end_row();
                    }
                });
            });
    }
    Ok(())
}

/// The scenario being shown: what it teaches, its steps with how each came out, the button
/// for the next, and what decides the shot as it plays.
fn lesson_panel(
    ctx: &egui::Context,
    l: &super::Lesson,
    mk: &super::Markers,
    next_step: &mut MessageWriter<super::NextStep>,
) {
    egui::Window::new("Scenario")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 90.0])
        .resizable(false)
        .default_width(330.0)
        .show(ctx, |ui| {
            let s = &l.scenario;
            ui.heading(&s.title);
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
                next_step.write(super::NextStep);
            }
            if let Some((b, _)) = mk.first_contact {
                ui.separator();
                ui.label(format!("first ball contacted: the {b}"));
                if mk.balls_to_rail.is_empty() {
                    ui.label("no rail after contact yet");
                } else {
                    ui.label(format!(
                        "{} object ball{} to a rail after contact ({})",
                        mk.balls_to_rail.len(),
                        if mk.balls_to_rail.len() == 1 { "" } else { "s" },
                        mk.balls_to_rail
                            .iter()
                            .map(u8::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                if !mk.pocketed.is_empty() {
                    ui.label(format!(
                        "pocketed: {}",
                        mk.pocketed
                            .iter()
                            .map(u8::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
            }
        });
}

fn call_words(c: &Call) -> String {
    match c {
        Call::Break => "the break".into(),
        Call::Ball { ball, pocket } => format!("the {ball} in the {}", pocket.name()),
        Call::Safety => "safety".into(),
        Call::PushOut => "push out".into(),
    }
}

/// Every control, for the help overlay (and the README).
pub const HELP: &[(&str, &str)] = &[
    (
        "left drag on the cloth",
        "aim: the cue points from the cue ball at the pointer",
    ),
    (
        "Shift + left drag",
        "fine aim: a tenth of the pointer's turn",
    ),
    ("Left / Right", "nudge the aim 0.5 deg (Shift: 0.05 deg)"),
    ("Up / Down", "power +/- 0.25 m/s (Shift: 0.05)"),
    ("I / K, J / L, O", "tip up / down, left / right, centre"),
    ("PageUp / PageDown", "cue elevation +/- 1 deg"),
    ("click a ball, then a pocket", "call the shot (5.5)"),
    (
        "S / P",
        "call a safety (5.6) / a push out (5.4), when allowed",
    ),
    (
        "left drag the cue ball",
        "ball in hand: place it (refused where the rules forbid)",
    ),
    ("Space", "shoot; while the shot plays: pause"),
    (
        "Enter",
        "skip to the end of the shot; close the ruling card",
    ),
    ("1 / 2", "choice: play the table / hand it back"),
    (
        "R / Shift+R",
        "replay the last shot / slowly (quarter speed)",
    ),
    (
        "Z / X",
        "pause or resume a playback / step 1/60 s while paused",
    ),
    ("Esc", "stop a replay"),
    ("C", "camera: behind the cue ball, overhead, free"),
    ("right drag, middle drag, wheel", "orbit, pan, zoom"),
    ("T / G", "tracking lines / aim line and ghost ball"),
    (
        "U / N / B",
        "practice: undo the last shot / re-rack / ball in hand",
    ),
    (
        "F2",
        "set-up mode: drag balls, Delete takes one off, 0-9 and c put one back",
    ),
    ("F5", "save the table to a new file"),
    ("M", "mute"),
    (".", "scenario player: play the next step"),
    ("H or F1", "this help"),
];

#[allow(clippy::too_many_arguments)]
fn stroke_panel(
    ctx: &egui::Context,
    m: &Match,
    aim: &mut Aim,
    muted: &mut Muted,
    view: CameraView,
    actions: &mut MessageWriter<GameAction>,
    setup: &mut MessageWriter<SetupAction>,
) {
    egui::Window::new("Stroke")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            let mut v = aim.stroke.speed;
            ui.add(
                egui::Slider::new(&mut v, 0.1..=MAX_SPEED)
                    .text("m/s")
                    .fixed_decimals(2),
            );
            if v != aim.stroke.speed {
                aim.set_speed(v);
            }
            let mut a = aim.stroke.aim_deg;
            ui.add(
                egui::Slider::new(&mut a, -180.0..=180.0)
                    .text("aim deg")
                    .fixed_decimals(2),
            );
            aim.stroke.aim_deg = a;
            let mut e = aim.stroke.elevation_deg;
            ui.add(egui::Slider::new(&mut e, 0.0..=MAX_ELEVATION).text("elevation deg"));
            if e != aim.stroke.elevation_deg {
                aim.set_elevation(e);
            }
            tip_widget(ui, aim);
            ui.separator();
            call_section(ui, m, aim, actions);
            ui.separator();
            if ui.button("Shoot (Space)").clicked() {
                actions.write(GameAction::Shoot);
            }
            ui.checkbox(&mut aim.aim_line, "aim line and ghost ball (g)");
            ui.checkbox(&mut aim.tracking, "tracking lines (t)");
            ui.checkbox(&mut muted.0, "mute (m)");
            ui.label(format!("camera: {} (c)", view.name()));
            ui.horizontal(|ui| {
                if ui.button("Replay (r)").clicked() {
                    actions.write(GameAction::Replay { slow: false });
                }
                if ui.button("Slow").clicked() {
                    actions.write(GameAction::Replay { slow: true });
                }
            });
            if m.mode == Mode::Practice {
                ui.horizontal(|ui| {
                    if ui.button("Undo (u)").clicked() {
                        actions.write(GameAction::Undo);
                    }
                    if ui.button("Re-rack (n)").clicked() {
                        actions.write(GameAction::Rerack);
                    }
                    if ui.button("Ball in hand (b)").clicked() {
                        actions.write(GameAction::BallInHand);
                    }
                });
            }
            ui.horizontal(|ui| {
                if ui.button("Save (F5)").clicked() {
                    actions.write(GameAction::Save(super::default_save_path()));
                }
                if ui.button("Set up (F2)").clicked() {
                    setup.write(SetupAction::Enter);
                }
                if ui.button("Help (h)").clicked() {
                    aim.help = !aim.help;
                }
            });
        });
}

/// The cue ball's face: click or drag to place the tip; the red circle is the miscue limit.
fn tip_widget(ui: &mut egui::Ui, aim: &mut Aim) {
    let size = 110.0;
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
        if let Some(p) = resp.interact_pointer_pos() {
            let d = (p - c) / rad;
            aim.set_tip(d.x as f64, -d.y as f64);
        }
        let tip = c + egui::vec2(aim.stroke.side as f32, -aim.stroke.height as f32) * rad;
        painter.circle_filled(tip, 6.0, egui::Color32::from_rgb(40, 80, 190));
        let miscue = aim.stroke.side.hypot(aim.stroke.height) > MISCUE_LIMIT;
        ui.vertical(|ui| {
            ui.label("tip (i j k l, o)");
            ui.label(tip_line("side", aim.stroke.side, "right", "left"));
            ui.label(tip_line("height", aim.stroke.height, "follow", "draw"));
            if miscue {
                ui.colored_label(
                    egui::Color32::from_rgb(230, 60, 60),
                    "past the miscue limit",
                );
            }
        });
    });
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
    actions: &mut MessageWriter<GameAction>,
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
                Ok(Call::Ball { ball, pocket }) => format!("the {ball} in the {}", pocket.name()),
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

fn ruling_card(
    ctx: &egui::Context,
    m: &Match,
    r: &Ruling,
    actions: &mut MessageWriter<GameAction>,
) {
    let title = if r.legal { "Legal shot" } else { "Foul" };
    egui::Window::new(title)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 40.0])
        .collapsible(false)
        .resizable(false)
        .default_width(460.0)
        .show(ctx, |ui| {
            ui.heading(format!("{title} - rule {}", r.rule));
            for f in &r.fouls {
                ui.colored_label(
                    egui::Color32::from_rgb(240, 90, 80),
                    format!("{}: {}", f.rule, f.text),
                );
            }
            ui.label(&r.explanation);
            if let Some(sp) = r.spotted {
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
            ui.separator();
            ui.strong(format!("Next: {}", describe_turn(m)));
            ui.horizontal(|ui| {
                if ui.button("Continue (Enter)").clicked() {
                    actions.write(GameAction::Continue);
                }
                if ui.button("Replay (r)").clicked() {
                    actions.write(GameAction::Replay { slow: false });
                }
                if ui.button("Slow replay (R)").clicked() {
                    actions.write(GameAction::Replay { slow: true });
                }
            });
        });
}

fn setup_panel(
    ctx: &egui::Context,
    m: &Match,
    setup: &mut MessageWriter<SetupAction>,
    actions: &mut MessageWriter<GameAction>,
) {
    egui::Window::new("Set up")
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .resizable(false)
        .show(ctx, |ui| {
            ui.label("Drag any ball; Delete takes the ball under the pointer off; 0-9 (0 = 10) and c put one back at the pointer.");
            let s = &m.state;
            ui.horizontal(|ui| {
                ui.label("to play:");
                for p in [PlayerId::A, PlayerId::B] {
                    if ui.selectable_label(s.to_act() == p, player_name(m, p)).clicked() {
                        setup.write(SetupAction::SetTurn(p));
                    }
                }
            });
            let current = match s.phase {
                Phase::Break { .. } => Some(SetupPhase::Break),
                Phase::Shot { cue_ball: CueBall::AsItLies, .. } => Some(SetupPhase::AsItLies),
                Phase::Shot { cue_ball: CueBall::InHand, .. } => Some(SetupPhase::InHand),
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
                            setup.write(SetupAction::SetFouls(p, crate::referee::FoulCount { count: n, warned: f.warned }));
                        }
                    }
                    let mut w = f.warned;
                    if f.count == 2 && ui.checkbox(&mut w, "warned (7.14)").changed() {
                        setup.write(SetupAction::SetFouls(p, crate::referee::FoulCount { count: f.count, warned: w }));
                    }
                });
            }
            ui.horizontal(|ui| {
                if ui.button("Done (F2)").clicked() {
                    setup.write(SetupAction::Leave);
                }
                if ui.button("Save (F5)").clicked() {
                    actions.write(GameAction::Save(super::default_save_path()));
                }
            });
        });
}

//! Set-up mode (F2): an instructor builds a position without typing coordinates. Any ball is
//! picked up and placed with the mouse, taken off (Delete) or put back (its number key, 0 for
//! the 10, at the pointer); the panel sets whose turn it is and the referee's state (break or
//! shot, cue ball in hand, push out available, fouls and warnings). Leaving checks the position
//! as a table file would be checked; the position can then be saved (F5).

use bevy::prelude::*;

use crate::game::input::keymap::{Control, SETUP_BALL_KEYS, SETUP_REMOVE_KEYS, just};
use crate::game::model::aim::{Aim, Carried, CarriedBall, Pointer};
use crate::game::model::session::Match;
use crate::game::{GameSystems, Screen};
use crate::referee::{CUE, CueBall, FoulCount, Phase, PlayerId};
use crate::table::{Placed, Point};

/// The phase the panel offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupPhase {
    Break,
    AsItLies,
    InHand,
}

/// Edits in set-up mode.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum SetupAction {
    Enter,
    Leave,
    /// Put ball `0`..`10` at a place (moving it, or putting it back on the table).
    Put(u8, Point),
    /// Take a ball off the table.
    Remove(u8),
    SetTurn(PlayerId),
    SetPhase(SetupPhase),
    SetPushOut(bool),
    SetFouls(PlayerId, FoulCount),
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_message::<SetupAction>()
        .init_resource::<Carried>()
        .add_systems(
            Update,
            (
                (mouse, keys).in_set(GameSystems::Input),
                apply.in_set(GameSystems::Act),
            ),
        );
}

fn mouse(
    screen: Res<State<Screen>>,
    buttons: Res<ButtonInput<MouseButton>>,
    pointer: Res<Pointer>,
    m: Res<Match>,
    mut carried: ResMut<Carried>,
    mut out: MessageWriter<SetupAction>,
) {
    if *screen.get() != Screen::Setup {
        carried.0 = None;
        return;
    }
    let Some(p) = pointer.on_table else {
        return;
    };
    if buttons.just_pressed(MouseButton::Left) && !pointer.over_panel {
        carried.0 = m.ball_near(p).map(|ball| CarriedBall { ball, at: p });
    }
    if buttons.pressed(MouseButton::Left)
        && let Some(CarriedBall { ball: b, .. }) = carried.0
    {
        carried.0 = Some(CarriedBall { ball: b, at: p });
    }
    if buttons.just_released(MouseButton::Left)
        && let Some(CarriedBall { ball: b, at }) = carried.0.take()
    {
        out.write(SetupAction::Put(b, at));
    }
}

fn keys(
    screen: Res<State<Screen>>,
    keys: Res<ButtonInput<KeyCode>>,
    pointer: Res<Pointer>,
    m: Res<Match>,
    mut out: MessageWriter<SetupAction>,
    mut actions: MessageWriter<crate::game::model::session::GameAction>,
) {
    if pointer.typing {
        return;
    }
    if *screen.get() == Screen::Setup && just(&keys, Control::Save) {
        actions.write(crate::game::model::session::GameAction::Save(
            crate::game::default_save_path(),
        ));
    }
    if just(&keys, Control::Setup) {
        out.write(if *screen.get() == Screen::Setup {
            SetupAction::Leave
        } else {
            SetupAction::Enter
        });
        return;
    }
    if *screen.get() != Screen::Setup {
        return;
    }
    let Some(p) = pointer.on_table else {
        return;
    };
    if SETUP_REMOVE_KEYS.iter().any(|&k| keys.just_pressed(k))
        && let Some(b) = m.ball_near(p)
    {
        out.write(SetupAction::Remove(b));
    }
    for &(key, ball) in SETUP_BALL_KEYS {
        if keys.just_pressed(key) {
            out.write(SetupAction::Put(ball, p));
        }
    }
}

fn apply(
    mut actions: MessageReader<SetupAction>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut m: ResMut<Match>,
    mut aim: ResMut<Aim>,
    mut playback: ResMut<crate::game::model::playback::Playback>,
) {
    let in_setup = *screen.get() == Screen::Setup;
    for a in actions.read() {
        match a {
            // The quiz's questions and a drill's positions are theirs: set-up would change
            // what is asked or scored.
            SetupAction::Enter if matches!(screen.get(), Screen::Quiz | Screen::Drill) => {
                m.message = Some(format!(
                    "set-up is for a match or a scenario, not {}",
                    if *screen.get() == Screen::Quiz {
                        "the quiz"
                    } else {
                        "a drill"
                    }
                ));
            }
            SetupAction::Enter if !in_setup => {
                playback.stop();
                m.pending = None;
                m.message = Some("set-up: drag balls, Delete takes one off, 0-9 and c put one back at the pointer; F2 when done".into());
                next.set(Screen::Setup);
            }
            SetupAction::Leave if in_setup => match m.to_file(&aim).check() {
                Ok(()) => {
                    m.message = None;
                    m.history.clear();
                    m.rulings.clear();
                    m.last = None;
                    aim.after_shot(&m);
                    next.set(Screen::Table);
                }
                Err(e) => m.message = Some(format!("this position cannot be played: {e}")),
            },
            // The cue turns to the ball on as balls move, so that a table saved now (F5)
            // holds an aim from the cue ball where it lies.
            SetupAction::Put(ball, p) if in_setup => {
                put(&mut m, *ball, *p);
                aim.aim_at_ball_on(&m);
            }
            SetupAction::Remove(ball) if in_setup => {
                m.layout.balls.retain(|b| b.ball != *ball);
                if *ball != CUE {
                    m.state.on_table.remove(*ball);
                }
                aim.aim_at_ball_on(&m);
            }
            SetupAction::SetTurn(p) if in_setup => {
                let p = *p;
                m.state.phase = match m.state.phase {
                    Phase::Break { .. } => Phase::Break { breaker: p },
                    Phase::Shot {
                        cue_ball, push_out, ..
                    } => Phase::Shot {
                        shooter: p,
                        cue_ball,
                        push_out,
                    },
                    _ => Phase::Shot {
                        shooter: p,
                        cue_ball: CueBall::AsItLies,
                        push_out: false,
                    },
                };
                if matches!(m.state.phase, Phase::Break { .. }) {
                    m.state.breaker = p;
                }
            }
            SetupAction::SetPhase(ph) if in_setup => {
                let who = m.state.to_act();
                let push_out = matches!(m.state.phase, Phase::Shot { push_out: true, .. });
                m.state.phase = match ph {
                    SetupPhase::Break => Phase::Break { breaker: who },
                    SetupPhase::AsItLies => Phase::Shot {
                        shooter: who,
                        cue_ball: CueBall::AsItLies,
                        push_out,
                    },
                    SetupPhase::InHand => Phase::Shot {
                        shooter: who,
                        cue_ball: CueBall::InHand,
                        push_out,
                    },
                };
                if *ph == SetupPhase::Break {
                    m.state.breaker = who;
                }
            }
            SetupAction::SetPushOut(on) if in_setup => {
                if let Phase::Shot { push_out, .. } = &mut m.state.phase {
                    *push_out = *on;
                }
            }
            SetupAction::SetFouls(p, f) if in_setup => {
                m.state.fouls[p.index()] = FoulCount {
                    count: f.count.min(2),
                    warned: f.warned && f.count >= 2,
                };
            }
            _ => {}
        }
    }
}

/// Puts a ball at `p` if it fits there (on the bed, touching no other ball); says why not.
fn put(m: &mut Match, ball: u8, p: Point) {
    let t = m.table();
    if !t.on_bed(p) {
        m.message = Some("a ball must lie on the playing surface".into());
        return;
    }
    if let Some(o) = m
        .layout
        .balls
        .iter()
        .find(|b| b.ball != ball && t.overlap(b.at, p))
    {
        m.message = Some(format!(
            "it would overlap the {}",
            if o.ball == CUE {
                "cue ball".to_string()
            } else {
                o.ball.to_string()
            }
        ));
        return;
    }
    m.layout.balls.retain(|b| b.ball != ball);
    m.layout.balls.push(Placed { ball, at: p });
    m.layout.balls.sort_by_key(|b| b.ball);
    if ball != CUE {
        m.state.on_table.insert(ball);
    }
    m.message = None;
}

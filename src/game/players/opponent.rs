//! The computer at the table (`tenball play --opponent LEVEL`). When a computer's seat is to
//! act it decides off the main thread (`computer::decide`, the same as `tenball duel`), then
//! plays like a person: the cue ball put down, the stroke and the call set up so the cue lines
//! up, a pause of `PAUSE` seconds with its reason in the top bar, then the shot; it answers a
//! choice and closes the ruling card the same way. It only sends `GameAction`s: the session
//! plays the shot (with the level's execution noise) and the referee rules on it.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, poll_once};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::computer::{Decision, NoMove, decide};
use crate::game::model::aim::{Aim, CallKind};
use crate::game::model::session::{GameAction, Match};
use crate::game::{GameSystems, ShotCycle};
use crate::referee::{Call, Phase, PlayerId};
use crate::table::Point;

/// Seconds a computer's decision is shown before it is played, and a ruling card before the
/// computer closes it: time for a person to follow.
pub const PAUSE: f32 = 1.5;

/// What the computer is doing.
#[derive(Resource, Default)]
pub struct Opponent {
    /// The turn a decision is for.
    key: Option<TurnKey>,
    task: Option<Task<Result<Decision, NoMove>>>,
    /// The decision made, waiting to be set up and played.
    ready: Option<Ready>,
    /// Seconds the ruling card has been up for a computer to close.
    card: f32,
    /// Decisions made (part of each one's seed).
    made: u64,
}

impl Opponent {
    /// A decision is being worked out off the main thread: the frames meanwhile are the
    /// machine's, not the table's (a test counts the table's).
    pub fn thinking(&self) -> bool {
        self.task.is_some()
    }
}

/// A turn: a decision belongs to one (a choice made adds no ruling, so whether it is a choice
/// is part of it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct TurnKey {
    rack: u32,
    inning: u32,
    rulings: usize,
    to_act: PlayerId,
    choice: bool,
}

/// A decision made: whether it is set up on the table yet, and the seconds left before it is
/// played.
struct Ready {
    decision: Decision,
    set_up: bool,
    left: f32,
}

pub(in crate::game) fn plugin(app: &mut App) {
    app.init_resource::<Opponent>()
        .add_systems(
            Update,
            (
                // Off the table (set-up) the computer neither thinks nor forgets its thought.
                think.run_if(crate::game::at_table),
                close_card.run_if(in_state(ShotCycle::Ruling)),
            )
                .in_set(GameSystems::Input),
        )
        .add_systems(OnEnter(ShotCycle::Ruling), |mut op: ResMut<Opponent>| {
            op.card = 0.0
        });
}

/// The turn the match stands at.
fn key(m: &Match) -> TurnKey {
    TurnKey {
        rack: m.state.rack,
        inning: m.state.inning,
        rulings: m.rulings.len(),
        to_act: m.state.to_act(),
        choice: matches!(m.state.phase, Phase::Choice { .. }),
    }
}

/// At a computer's turn to shoot or choose: start its decision, set it up on the table when it
/// comes, and play it after the pause.
fn think(
    time: Res<Time>,
    mut m: ResMut<Match>,
    cycle: Res<State<ShotCycle>>,
    mut op: ResMut<Opponent>,
    mut aim: ResMut<Aim>,
    mut actions: MessageWriter<GameAction>,
) {
    let cycle = *cycle.get();
    let at_turn = matches!(
        cycle,
        ShotCycle::Aiming | ShotCycle::BallInHand | ShotCycle::Choice
    );
    let level = m.computer[m.state.to_act().index()];
    let (true, Some(level)) = (at_turn, level) else {
        op.key = None;
        op.task = None;
        op.ready = None;
        return;
    };
    if op.key != Some(key(&m)) {
        op.key = Some(key(&m));
        op.ready = None;
        op.made += 1;
        let (state, layout, equipment) = (m.state.clone(), m.layout.clone(), m.equipment);
        let seed = m.seed ^ op.made.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        op.task = Some(AsyncComputeTaskPool::get().spawn(async move {
            decide(
                &state,
                &layout,
                level,
                &equipment,
                &mut StdRng::seed_from_u64(seed),
            )
        }));
        return;
    }
    if let Some(task) = op.task.as_mut()
        && let Some(result) = block_on(poll_once(task))
    {
        op.task = None;
        match result {
            Ok(decision) => {
                op.ready = Some(Ready {
                    decision,
                    set_up: false,
                    left: PAUSE,
                })
            }
            Err(e) => m.message = Some(format!("the computer cannot play here: {e}")),
        }
    }
    let Some(Ready {
        decision,
        set_up,
        left,
    }) = op.ready.as_mut()
    else {
        return;
    };
    if !*set_up {
        set_up_on_table(decision, &mut actions);
        *set_up = true;
        return;
    }
    // The stroke is set after the cue ball is down (putting it down turns the cue to the
    // ball on), and the reason after the call (making a call clears the top bar's notice).
    if let Decision::Stroke { strike, .. } = decision {
        aim.stroke = *strike;
    }
    let words = format!("{}: {}", m.to_act_name(), reason(decision));
    if m.message.as_deref() != Some(words.as_str()) {
        m.message = Some(words);
    }
    *left -= time.delta_secs();
    if *left > 0.0 {
        return;
    }
    match decision {
        Decision::Stroke { .. } => {
            m.intent = Some(format!(
                "{} played for: {}",
                m.to_act_name(),
                reason(decision)
            ));
            actions.write(GameAction::Shoot)
        }
        Decision::Choose { choice, .. } => actions.write(GameAction::Choose(*choice)),
    };
    op.ready = None;
}

/// The cue ball put down and the call made, as a person would with the mouse.
fn set_up_on_table(d: &Decision, actions: &mut MessageWriter<GameAction>) {
    if let Decision::Stroke { place, call, .. } = d {
        actions.write_batch(set_up_actions(*place, call));
    }
}

/// The actions that put the cue ball (in hand) at `place` and make `call`: the computer's and
/// the coach's advice taken.
pub(super) fn set_up_actions(place: Option<Point>, call: &Call) -> Vec<GameAction> {
    let mut out: Vec<GameAction> = place.map(GameAction::PlaceCueBall).into_iter().collect();
    match *call {
        Call::Ball { ball, pocket } => out.extend([
            GameAction::CallKind(CallKind::Ball),
            GameAction::CallBall(ball),
            GameAction::CallPocket(pocket),
        ]),
        Call::Safety => out.push(GameAction::CallKind(CallKind::Safety)),
        Call::PushOut => out.push(GameAction::CallKind(CallKind::PushOut)),
        Call::Break => {}
    }
    out
}

fn reason(d: &Decision) -> &str {
    match d {
        Decision::Stroke { why, .. } | Decision::Choose { why, .. } => why,
    }
}

/// The ruling card of a computer's own shot closes by itself after `PAUSE` when a computer acts
/// next; the card of a person's shot stays until the person closes it (a click), however slow
/// the frames, so that the person sees his ruling before the computer plays (issue 63, item 4).
fn close_card(
    time: Res<Time>,
    m: Res<Match>,
    mut op: ResMut<Opponent>,
    mut actions: MessageWriter<GameAction>,
) {
    let computers_shot = m
        .rulings
        .last()
        .is_some_and(|r| m.computer[r.shooter.index()].is_some());
    if !computers_shot || m.computer[m.state.to_act().index()].is_none() {
        op.card = 0.0;
        return;
    }
    op.card += time.delta_secs();
    if op.card >= 2.0 * PAUSE {
        op.card = 0.0;
        actions.write(GameAction::Continue);
    }
}

//! The scenario player (`tenball scenario show`): a teaching scenario on the table, step by
//! step. A played step goes through the game's own shot (the same `play_shot`), slowed to half
//! speed; a told step and an action go to the referee as they are. After each, the ruling is
//! compared with what the scenario expects. What decides the shot is marked as it plays back,
//! from the teaching's markers (the adapter's facts up to the time shown), and the marks stay
//! with the ruling card until the next step; a told step is marked from its facts and says it
//! is told. Before a played step, its own stroke and call are set up on the table, so the aim
//! and the prediction show the shot about to be played.

use bevy::prelude::*;

use super::input::Aim;
use super::playback::Playback;
use super::session::{GameAction, Match};
use super::{GameSystems, ShotCycle};
use crate::teaching;
use crate::teaching::markers::markers_until;
use crate::teaching::scenario::{Scenario, compare, told_layout};

/// The scenario being shown and how far it has got.
#[derive(Resource, Debug)]
pub struct Lesson {
    pub scenario: Scenario,
    /// The next step to play (from 0).
    pub next: usize,
    /// For each step played: the differences from what it expects (empty: as expected).
    pub results: Vec<Vec<String>>,
    /// A played step waiting for its ruling.
    waiting: Option<usize>,
    /// The step whose stroke is set up on the table.
    set_up: Option<usize>,
}

impl Lesson {
    pub fn new(scenario: Scenario) -> Lesson {
        Lesson {
            scenario,
            next: 0,
            results: Vec::new(),
            waiting: None,
            set_up: None,
        }
    }

    pub fn done(&self) -> bool {
        self.next >= self.scenario.steps.len() && self.waiting.is_none()
    }
}

/// Play the next step.
#[derive(Message, Debug, Clone, Copy)]
pub struct NextStep;

/// Open the library's scenario with this index in the player.
#[derive(Message, Debug, Clone, Copy)]
pub struct OpenScenario(pub usize);

/// The scenarios the player can browse (the library), in name order.
#[derive(Resource, Debug, Default, Clone)]
pub struct Library(pub Vec<crate::teaching::scenario::LibraryEntry>);

/// What decides the shot playing back, up to the shot time shown.
#[derive(Resource, Debug, Default, Clone)]
pub struct Markers(pub teaching::markers::Markers);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<NextStep>()
        .add_message::<OpenScenario>()
        .init_resource::<Markers>()
        .init_resource::<Library>()
        .add_systems(Update, open.in_set(GameSystems::Act))
        .add_systems(
            Update,
            (
                // A step's shot goes to the session in the same frame.
                (keys, play_step).chain().in_set(GameSystems::Input),
                judge_played.in_set(GameSystems::Act),
                (markers, set_up_next_stroke).in_set(GameSystems::Show),
            )
                .run_if(resource_exists::<Lesson>),
        );
}

/// Puts another scenario on the table: its position, a fresh match state, its steps.
fn open(
    mut opens: MessageReader<OpenScenario>,
    library: Res<Library>,
    mut commands: Commands,
    mut playback: ResMut<Playback>,
    mut aim: ResMut<Aim>,
    mut next: ResMut<NextState<ShotCycle>>,
    mut markers: ResMut<Markers>,
) {
    let Some(OpenScenario(i)) = opens.read().last().copied() else {
        return;
    };
    let Some(entry) = library.0.get(i) else {
        return;
    };
    let s = entry.scenario.clone();
    playback.stop();
    let mut opts = super::options_from_file(s.position.clone(), super::Mode::Practice);
    opts.lesson = Some(s.clone());
    let m = Match::new(&opts);
    aim.after_shot(&m);
    if let Some(st) = m.start_stroke {
        aim.stroke = st;
    }
    next.set(m.cycle());
    commands.insert_resource(m);
    commands.insert_resource(Lesson::new(s));
    *markers = Markers::default();
}

fn keys(keys: Res<ButtonInput<KeyCode>>, mut next: MessageWriter<NextStep>) {
    if super::keymap::just(&keys, super::keymap::Control::NextStep) {
        next.write(NextStep);
    }
}

/// What a step changes at the table.
#[derive(bevy::ecs::system::SystemParam)]
struct StepTable<'w> {
    m: ResMut<'w, Match>,
    aim: ResMut<'w, Aim>,
    actions: MessageWriter<'w, GameAction>,
    next_cycle: ResMut<'w, NextState<ShotCycle>>,
    markers: ResMut<'w, Markers>,
}

fn play_step(
    mut steps: MessageReader<NextStep>,
    mut lesson: ResMut<Lesson>,
    cycle: Option<Res<State<ShotCycle>>>,
    table: StepTable,
) {
    let StepTable {
        mut m,
        mut aim,
        mut actions,
        mut next_cycle,
        mut markers,
    } = table;
    let Some(cycle) = cycle.map(|c| *c.get()) else {
        steps.clear();
        return;
    };
    for _ in steps.read() {
        if lesson.waiting.is_some() || cycle == ShotCycle::Playing {
            continue;
        }
        let i = lesson.next;
        let Some(step) = lesson.scenario.steps.get(i).cloned() else {
            m.message = Some("the scenario is over".into());
            continue;
        };
        lesson.next += 1;
        // A new step: the marks of the one before go.
        *markers = Markers::default();
        match (&step.call, &step.facts, &step.stroke, &step.action) {
            (Some(call), None, Some(stroke), None) => {
                aim.set_up(call, stroke);
                m.declared = step.declared.clone();
                m.playback_speed = 0.5;
                lesson.waiting = Some(i);
                actions.write(GameAction::ShootAsSet);
            }
            (Some(call), Some(facts), None, None) => match m.state.judge(call, facts) {
                Ok(j) => {
                    let mut diffs = Vec::new();
                    compare(
                        i + 1,
                        &step.expect,
                        Some(&j.ruling),
                        &j.state.turn(),
                        &mut diffs,
                    );
                    lesson.results.push(diffs);
                    // Nothing moves on a told step: its facts are marked where the balls lie,
                    // and the top bar says it is told.
                    markers.0 = teaching::markers::Markers::told(facts, &m.layout);
                    // A scenario of one step (a quiz's question) has no step to number.
                    let step = if lesson.scenario.steps.len() > 1 {
                        format!("step {}: ", i + 1)
                    } else {
                        String::new()
                    };
                    m.message = Some(format!(
                        "{step}told, not played: nothing moves; the referee is given what \
                         happened (the marks say what)"
                    ));
                    let mut layout = m.layout.clone();
                    told_layout(&mut layout, facts, &j.state, j.ruling.spotted);
                    m.layout = layout;
                    m.rulings.push(j.ruling);
                    m.state = j.state;
                    m.place_cue_ball_if_in_hand();
                    next_cycle.set(ShotCycle::Ruling);
                }
                Err(e) => {
                    lesson
                        .results
                        .push(vec![format!("step {}: refused: {e}", i + 1)]);
                }
            },
            (None, None, None, Some(action)) => match m.state.walk(std::slice::from_ref(action)) {
                Ok(mut s) => {
                    let s = s.pop().expect("one step");
                    let mut diffs = Vec::new();
                    compare(i + 1, &step.expect, s.ruling.as_ref(), &s.next, &mut diffs);
                    lesson.results.push(diffs);
                    m.state = s.state;
                    m.message = Some(format!("step {}: {}", i + 1, action.name()));
                }
                Err(e) => lesson.results.push(vec![format!("step {}: {e}", i + 1)]),
            },
            _ => lesson
                .results
                .push(vec![format!("step {}: not a step", i + 1)]),
        }
    }
}

/// A played step's ruling, once its playback has ended, against what the step expects.
fn judge_played(mut lesson: ResMut<Lesson>, m: Res<Match>, cycle: Option<Res<State<ShotCycle>>>) {
    let Some(i) = lesson.waiting else {
        return;
    };
    let ruling_shown = cycle.is_some_and(|c| *c.get() == ShotCycle::Ruling);
    if !ruling_shown || m.pending.is_some() {
        return;
    }
    if let (Some(step), Some(last)) = (lesson.scenario.steps.get(i).cloned(), m.last.as_ref()) {
        let mut diffs = Vec::new();
        compare(
            i + 1,
            &step.expect,
            Some(&last.played.judged.ruling),
            &m.state.turn(),
            &mut diffs,
        );
        lesson.results.push(diffs);
    }
    lesson.waiting = None;
}

/// The markers up to the playback's time, from the teaching's reading of the adapter's facts;
/// once the playback ends they stay as they were at its end (with the ruling card) until the
/// next step clears them.
fn markers(playback: Res<Playback>, mut out: ResMut<Markers>) {
    if let Some(log) = &playback.log {
        out.0 = markers_until(log, playback.t);
    }
}

/// Before a played step, its stroke and call on the table: the aim, the cue's elevation and
/// the prediction show the shot the step will play (a jump shot showed a level cue into the
/// blocking ball before).
fn set_up_next_stroke(
    mut lesson: ResMut<Lesson>,
    cycle: Option<Res<State<ShotCycle>>>,
    playback: Res<Playback>,
    mut aim: ResMut<Aim>,
) {
    let aiming =
        cycle.is_some_and(|c| matches!(c.get(), ShotCycle::Aiming | ShotCycle::BallInHand));
    let i = lesson.next;
    if !aiming || playback.active() || lesson.waiting.is_some() || lesson.set_up == Some(i) {
        return;
    }
    lesson.set_up = Some(i);
    let Some(step) = lesson.scenario.steps.get(i) else {
        return;
    };
    if let (Some(call), Some(stroke)) = (&step.call, &step.stroke) {
        aim.set_up(call, stroke);
    }
}

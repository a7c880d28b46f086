//! The scenario player (`tenball scenario show`): a teaching scenario on the table, step by
//! step. A played step goes through the game's own shot (the same `play_shot`), slowed to half
//! speed; a told step and an action go to the referee as they are. After each, the ruling is
//! compared with what the scenario expects. What decides the shot is marked as it plays back,
//! from the teaching's markers (the adapter's facts up to the time shown), and the marks stay
//! with the ruling card until the next step; a told step is marked from its facts and says it
//! is told. Before a played step, its own stroke and call are set up on the table, so the aim
//! and the prediction show the shot about to be played.

use bevy::prelude::*;

use crate::game::model::aim::Aim;
use crate::game::model::playback::Playback;
use crate::game::model::session::{GameAction, Match};
use crate::game::view::scene::world;
use crate::game::{GameSystems, Screen, ShotCycle};
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

pub(in crate::game) fn plugin(app: &mut App) {
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
                judge_played
                    .run_if(in_state(ShotCycle::Ruling))
                    .in_set(GameSystems::Act),
                (
                    markers,
                    set_up_next_stroke.run_if(crate::game::aiming_at_rest),
                )
                    .in_set(GameSystems::Show),
            )
                // The quiz puts its first question's scenario on the table in its first frame.
                .run_if(crate::game::scenario_on.and_then(resource_exists::<Lesson>)),
        )
        .add_systems(OnExit(Screen::Scenario), close);
}

/// Leaving the scenario player (for a match, set-up or a drill): its steps and markers go.
pub(in crate::game) fn close(mut commands: Commands, mut markers: ResMut<Markers>) {
    commands.remove_resource::<Lesson>();
    *markers = Markers::default();
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
    mut screen: ScreenNow,
) {
    let Some(OpenScenario(i)) = opens.read().last().copied() else {
        return;
    };
    let Some(entry) = library.0.get(i) else {
        return;
    };
    // The quiz keeps its questions' table: a scenario waits until it is over.
    if *screen.now.get() == Screen::Quiz {
        return;
    }
    // From a match, set-up or a drill the scenario player takes the table (a drill's
    // attempts and call end there); from another scenario it stays.
    NextState::set_if_neq(&mut screen.next, Screen::Scenario);
    let s = entry.scenario.clone();
    playback.stop();
    let mut opts = crate::game::options_from_file(
        s.position.clone(),
        crate::game::model::session::Mode::Practice,
    );
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

/// The screen shown and the one asked for.
#[derive(bevy::ecs::system::SystemParam)]
struct ScreenNow<'w> {
    now: Res<'w, State<Screen>>,
    next: ResMut<'w, NextState<Screen>>,
}

fn keys(keys: Res<ButtonInput<KeyCode>>, mut next: MessageWriter<NextStep>) {
    if crate::game::input::keymap::just(&keys, crate::game::input::keymap::Control::NextStep) {
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
    cycle: Res<State<ShotCycle>>,
    table: StepTable,
) {
    let StepTable {
        mut m,
        mut aim,
        mut actions,
        mut next_cycle,
        mut markers,
    } = table;
    let cycle = *cycle.get();
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
                    let words = action_words(&m.state, action, &m.players);
                    m.state = s.state;
                    m.message = Some(format!("step {}: {words}", i + 1));
                    // The card of the ruling before closes: the table goes on from the choice
                    // (issue 63, item 5).
                    next_cycle.set(m.cycle());
                }
                Err(e) => lesson.results.push(vec![format!("step {}: {e}", i + 1)]),
            },
            _ => lesson
                .results
                .push(vec![format!("step {}: not a step", i + 1)]),
        }
    }
}

/// What a step that is a decision, not a shot, did, in the players' names: "Bo plays the table
/// (5.4)", "Bo hands the shot back to Ann (5.7)", for the top bar after it.
pub fn action_words(
    before: &crate::referee::GameState,
    action: &crate::referee::Action,
    players: &[String; 2],
) -> String {
    use crate::referee::{Action, Phase, TableChoice};
    let name = |p: crate::referee::PlayerId| players[p.index()].clone();
    match (action, before.phase) {
        (Action::Choose(choice), Phase::Choice { chooser, reason }) => match choice {
            TableChoice::PlayTable => {
                format!("{} plays the table ({})", name(chooser), reason.rule())
            }
            TableChoice::HandBack => format!(
                "{} hands the shot back to {} ({})",
                name(chooser),
                name(chooser.other()),
                reason.rule()
            ),
        },
        (Action::ChooseBreaker(p), _) => format!("{} will break", name(*p)),
        (Action::WarnTwoFouls(p), _) => {
            format!("the referee warns {}: on two fouls (7.14)", name(*p))
        }
        (Action::WarnStalemate, _) => "the referee warns of a stalemate (1.12)".into(),
        (other, _) => other.name().replace('_', " "),
    }
}

/// A played step's ruling, once its playback has ended, against what the step expects.
fn judge_played(mut lesson: ResMut<Lesson>, m: Res<Match>) {
    let Some(i) = lesson.waiting else {
        return;
    };
    if m.pending.is_some() {
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
fn set_up_next_stroke(mut lesson: ResMut<Lesson>, mut aim: ResMut<Aim>) {
    let i = lesson.next;
    if lesson.waiting.is_some() || lesson.set_up == Some(i) {
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

/// The scenario player's drawing, added with the view: the markers of what decided the shot,
/// while a scenario is open.
pub(in crate::game) fn view(app: &mut App) {
    app.add_systems(
        Update,
        lesson_markers
            .run_if(crate::game::scenario_on.and_then(resource_exists::<Lesson>))
            .in_set(GameSystems::Show),
    );
}

/// In the scenario player, what decides the shot as it plays: a gold ring where the cue ball
/// met the first ball, a red ring at each rail contact after it; with the ruling shown, a
/// white ring where a ball was spotted.
fn lesson_markers(
    markers: Res<Markers>,
    m: Res<Match>,
    cycle: Res<State<ShotCycle>>,
    mut gizmos: Gizmos,
) {
    let r = m.table().ball_radius;
    let flat = Quat::from_rotation_arc(Vec3::Z, Vec3::Y);
    if *cycle.get() == ShotCycle::Ruling
        && let Some(sp) = m.rulings.last().and_then(|r| r.spotted)
    {
        gizmos.circle(
            Isometry3d::new(world(sp.at.x, sp.at.y, 0.003), flat),
            (r * 1.6) as f32,
            Color::WHITE,
        );
    }
    if let Some((_, p)) = markers.0.first_contact {
        gizmos.circle(
            Isometry3d::new(world(p.x, p.y, 0.003), flat),
            (r * 1.6) as f32,
            Color::srgb(1.0, 0.85, 0.2),
        );
    }
    for (_, _, p) in &markers.0.rails {
        gizmos.circle(
            Isometry3d::new(world(p.x, p.y, 0.003), flat),
            (r * 1.2) as f32,
            Color::srgb(0.9, 0.1, 0.1),
        );
    }
}

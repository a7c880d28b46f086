//! The referee's quiz in the game's window (`tenball quiz`): each question's position on the
//! table with its stroke set up; the shot played by the scenario player (the same
//! `play_shot`, slowed) or told to the referee; the table held on the shot's last picture and
//! its ruling kept back while the person rules it part by part in the dock; then graded
//! against the referee's ruling of the shot as played here, the ruling card shown and the
//! replay slowed from the moment that decided it. The graded questions go to the caller
//! ([`QuizRun::graded`]), which keeps the progress file: the game writes no file.

use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use super::lesson::{Lesson, Markers, NextStep};
use crate::game::model::aim::Aim;
use crate::game::model::playback::Playback;
use crate::game::model::session::Match;
use crate::game::{GameSystems, Screen, ShotCycle};
use crate::teaching::quiz::grade::Graded;
use crate::teaching::quiz::key::{Answer, How, Key, Who};
use crate::teaching::quiz::{Outcome, Question};

/// A quiz to take in the window: the questions drawn, in order, and where the graded ones go.
#[derive(Debug, Clone)]
pub struct QuizRun {
    pub questions: Vec<Question>,
    /// The quiz's seed (said in the top bar, so that a class can take the same one).
    pub seed: u64,
    /// The command that draws this quiz again (said at the end).
    pub again: String,
    /// Each question graded, in order, as soon as it is: what the caller keeps once the
    /// window closes (a quiz left half-way keeps what was answered).
    pub graded: Arc<Mutex<Vec<Graded>>>,
    /// Where the caller keeps the progress (said at the end), if it does.
    pub kept_in: Option<String>,
    /// Called with each question as it is graded (`first`: the quiz's first), so that the
    /// caller keeps it at once (the progress file natively); its error is shown in the panel.
    pub keep: Option<Keep>,
}

/// What keeps each graded question (see [`QuizRun::keep`]).
#[derive(Clone)]
pub struct Keep(pub Arc<dyn Fn(&Graded, bool) -> Result<(), String> + Send + Sync>);

impl std::fmt::Debug for Keep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keep(..)")
    }
}

/// Where a question stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum QuizPhase {
    /// The position, its stroke set up, before the shot.
    #[default]
    Before,
    /// The shot plays (or is told).
    Shot,
    /// The person rules it; the ruling is kept back.
    Answer,
    /// Graded: the referee's ruling beside the answer.
    Graded,
    /// Every question done: the score.
    Over,
}

/// The quiz being taken.
#[derive(Resource, Debug)]
pub struct Quiz {
    pub run: QuizRun,
    /// The question on the table (from 0).
    pub at: usize,
    pub phase: QuizPhase,
    /// The answer being given, part by part.
    pub draft: Answer,
    /// The fourth part's halves as chosen (the answer takes them once both are).
    pub who: Option<Who>,
    pub how: Option<How>,
    /// The shot as the referee ruled it here, once played or told.
    pub outcome: Option<Outcome>,
    /// The questions graded so far.
    pub graded: Vec<Graded>,
    /// Why the last graded question could not be kept, if it could not.
    pub keep_problem: Option<String>,
    /// The question whose position is on the table.
    opened: Option<usize>,
}

impl Quiz {
    pub fn new(run: QuizRun) -> Quiz {
        Quiz {
            run,
            at: 0,
            phase: QuizPhase::Before,
            draft: Answer::default(),
            who: None,
            how: None,
            outcome: None,
            graded: Vec::new(),
            keep_problem: None,
            opened: None,
        }
    }

    pub fn question(&self) -> Option<&Question> {
        self.run.questions.get(self.at)
    }

    /// The referee's key of the shot on the table, once it has been played or told.
    pub fn key(&self) -> Option<&Key> {
        self.outcome.as_ref().map(|o| &o.key)
    }

    /// Questions wholly right so far.
    pub fn right(&self) -> usize {
        self.graded.iter().filter(|g| g.right()).count()
    }
}

/// What the quiz's panel asks for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuizAction {
    /// Play (or tell) the shot set up.
    Play,
    /// See the shot again before answering, at the scenario player's speed.
    WatchAgain,
    /// Grade the answer given.
    Grade,
    /// Replay the shot slowed, from just before the moment that decided it.
    ReplayMoment,
    /// The next question (or the score after the last).
    Next,
}

/// Shot seconds per real second of the replay from the deciding moment.
pub const MOMENT_REPLAY: f64 = 0.2;

/// The replay from the moment starts this long before it (s).
pub const BEFORE_MOMENT: f64 = 0.4;

pub(in crate::game) fn plugin(app: &mut App) {
    app.add_message::<QuizAction>().add_systems(
        Update,
        (
            keys.in_set(GameSystems::Input),
            (open, act).chain().in_set(GameSystems::Act),
            ruled.in_set(GameSystems::Show),
        )
            .run_if(in_state(Screen::Quiz)),
    );
}

/// Enter grades the answer given, then goes to the next question (`.` plays the shot, as in
/// the scenario player): the quiz taken from the keyboard, as a browser test takes it.
fn keys(keys: Res<ButtonInput<KeyCode>>, quiz: Res<Quiz>, mut actions: MessageWriter<QuizAction>) {
    if !crate::game::input::keymap::just(&keys, crate::game::input::keymap::Control::Continue) {
        return;
    }
    match quiz.phase {
        QuizPhase::Answer => {
            actions.write(QuizAction::Grade);
        }
        QuizPhase::Graded => {
            actions.write(QuizAction::Next);
        }
        _ => {}
    }
}

/// What opening a question changes at the table.
#[derive(bevy::ecs::system::SystemParam)]
struct Table<'w, 's> {
    commands: Commands<'w, 's>,
    playback: ResMut<'w, Playback>,
    aim: ResMut<'w, Aim>,
    next: ResMut<'w, NextState<ShotCycle>>,
    markers: ResMut<'w, Markers>,
}

/// Puts the question's position on the table, held for the quiz, with its shot as a scenario
/// of one step (the scenario player plays or tells it and sets up its stroke).
fn open(mut quiz: ResMut<Quiz>, mut t: Table) {
    if quiz.phase == QuizPhase::Over || quiz.opened == Some(quiz.at) {
        return;
    }
    let Some(q) = quiz.question().cloned() else {
        quiz.phase = QuizPhase::Over;
        return;
    };
    quiz.opened = Some(quiz.at);
    quiz.phase = QuizPhase::Before;
    quiz.draft = Answer::default();
    (quiz.who, quiz.how) = (None, None);
    quiz.outcome = None;
    t.playback.stop();
    t.playback.hold_at_end = true;
    let opts = crate::game::options_from_file(
        q.position.clone(),
        crate::game::model::session::Mode::Practice,
    );
    let mut m = Match::new(&opts);
    m.held = true;
    t.aim.after_shot(&m);
    t.next.set(m.cycle());
    t.commands.insert_resource(m);
    t.commands.insert_resource(Lesson::new(q.as_scenario()));
    *t.markers = Markers::default();
}

fn act(
    mut actions: MessageReader<QuizAction>,
    mut quiz: ResMut<Quiz>,
    m: Res<Match>,
    mut playback: ResMut<Playback>,
    mut step: MessageWriter<NextStep>,
) {
    for a in actions.read() {
        match (a, quiz.phase) {
            (QuizAction::Play, QuizPhase::Before) => {
                step.write(NextStep);
                quiz.phase = QuizPhase::Shot;
            }
            (QuizAction::WatchAgain, QuizPhase::Answer) => {
                if let Some(last) = &m.last {
                    let log = last.played.log.clone();
                    playback.start(log, last.before.orient, m.playback_speed, true);
                }
            }
            (QuizAction::Grade, QuizPhase::Answer) => grade(&mut quiz, &mut playback),
            (QuizAction::ReplayMoment, QuizPhase::Graded) => {
                if let (Some(last), Some(key)) = (&m.last, quiz.key()) {
                    let log = last.played.log.clone();
                    let t = crate::teaching::quiz::deciding_moment(&log, key) - BEFORE_MOMENT;
                    playback.start_at(log, last.before.orient, MOMENT_REPLAY, true, t);
                }
            }
            (QuizAction::Next, QuizPhase::Graded) => {
                playback.stop();
                quiz.at += 1;
                if quiz.at >= quiz.run.questions.len() {
                    quiz.phase = QuizPhase::Over;
                }
            }
            _ => {}
        }
    }
}

/// The answer against the key; the graded question goes to the caller at once, and the table
/// lets go of the shot's last picture for the position the ruling leaves.
fn grade(quiz: &mut Quiz, playback: &mut Playback) {
    let (Some(q), Some(key)) = (quiz.question(), quiz.key()) else {
        return;
    };
    let g = Graded::of(q, key, &quiz.draft);
    if let Ok(mut all) = quiz.run.graded.lock() {
        all.push(g.clone());
    }
    if let Some(keep) = &quiz.run.keep {
        quiz.keep_problem = (keep.0)(&g, quiz.graded.is_empty()).err();
    }
    quiz.graded.push(g);
    quiz.phase = QuizPhase::Graded;
    playback.hold_at_end = false;
    if playback.held() {
        playback.stop();
    }
}

/// Once the scenario player has the shot's ruling (played to its end, or told), the quiz
/// reads its key and the facts seen, and asks.
fn ruled(
    mut quiz: ResMut<Quiz>,
    lesson: Option<Res<Lesson>>,
    m: Res<Match>,
    cycle: Res<State<ShotCycle>>,
) {
    let Some(lesson) = lesson else { return };
    // The shot played from the keyboard (`.`, the scenario player's key) as from the button.
    if quiz.phase == QuizPhase::Before && lesson.next > 0 {
        quiz.phase = QuizPhase::Shot;
    }
    let shown = *cycle.get() == ShotCycle::Ruling;
    if quiz.phase != QuizPhase::Shot || !shown || !lesson.done() || lesson.results.is_empty() {
        return;
    }
    let Some(q) = quiz.question() else { return };
    let outcome = match (&m.last, &q.shot.facts) {
        (Some(last), _) => Some(Outcome {
            key: Key::of(&last.played.judged.ruling),
            ruling: last.played.judged.ruling.clone(),
            facts: last.played.facts.clone(),
            played: Some((last.before.layout.clone(), last.played.log.clone())),
        }),
        (None, Some(facts)) => m.rulings.last().map(|r| Outcome {
            key: Key::of(r),
            ruling: r.clone(),
            facts: facts.clone(),
            played: None,
        }),
        (None, None) => None,
    };
    if let Some(o) = outcome {
        quiz.outcome = Some(o);
        quiz.phase = QuizPhase::Answer;
    }
}

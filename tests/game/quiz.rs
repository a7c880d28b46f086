//! The referee's quiz in the game's window (issue 28), headless: a question's shot is played
//! (or told) by the scenario player, the table is held on the shot's last picture with the
//! ruling kept back until the answer is graded against the referee's ruling of the shot as
//! played there, each graded question goes to the caller as it is graded, the replay starts
//! just before the moment that decided the shot, and the score comes after the last.

use std::sync::{Arc, Mutex};

use crate::game_common::*;

use bevy::prelude::*;
use tenball::game::{
    BEFORE_MOMENT, GameAction, GameOptions, Keep, MOMENT_REPLAY, Mode, Playback, Quiz, QuizAction,
    QuizPhase, QuizRun, ShotCycle,
};
use tenball::teaching::quiz::key::Answer;
use tenball::teaching::quiz::{self, Question};

fn question(bank: &[Question], id: &str) -> Question {
    bank.iter()
        .find(|q| q.id == id)
        .unwrap_or_else(|| panic!("{id} is in the bank"))
        .clone()
}

type Kept = Arc<Mutex<Vec<(String, bool)>>>;

/// The quiz of these questions in the game's logic; what its keep was called with.
fn quiz_app(questions: Vec<Question>) -> (App, Kept) {
    let kept: Kept = Arc::default();
    let k = kept.clone();
    let first = questions[0].position.clone();
    let mut opts: GameOptions = tenball::game::options_from_file(first, Mode::Practice);
    opts.quiz = Some(QuizRun {
        questions,
        seed: 7,
        again: "tenball quiz --seed 7".into(),
        graded: Arc::default(),
        kept_in: None,
        keep: Some(Keep(Arc::new(move |g, first| {
            k.lock().unwrap().push((g.id.clone(), first));
            Ok(())
        }))),
    });
    (app_with(opts), kept)
}

fn app_with(opts: GameOptions) -> App {
    app_with_more(opts, |_| {})
}

fn quiz(app: &App) -> &Quiz {
    app.world().resource::<Quiz>()
}

fn act(app: &mut App, a: QuizAction) {
    app.world_mut().write_message(a);
    app.update();
    app.update();
}

/// Frames until the quiz asks (the shot's playback skipped to its end).
fn until_asked(app: &mut App) {
    for _ in 0..200 {
        if quiz(app).phase == QuizPhase::Answer {
            return;
        }
        app.world_mut().resource_mut::<Playback>().skip_to_end();
        app.update();
    }
    panic!("the quiz never asked: {:?}", quiz(app).phase);
}

#[test]
fn a_played_question_holds_the_shot_until_it_is_graded_against_the_referee() {
    let bank = quiz::bank().unwrap();
    let q = question(&bank, "scratch#1");
    let told = question(&bank, "cue-on-table-editions#1");
    let (mut app, kept) = quiz_app(vec![q.clone(), told.clone()]);
    assert_eq!(quiz(&app).phase, QuizPhase::Before);
    // The position is the question's, its stroke set up on the table.
    assert_eq!(m(&app).layout, q.position.layout);
    assert_eq!(
        app.world().resource::<tenball::game::Aim>().stroke,
        q.shot.stroke.unwrap()
    );

    act(&mut app, QuizAction::Play);
    assert_eq!(quiz(&app).phase, QuizPhase::Shot);
    until_asked(&mut app);
    // The key is the referee's ruling of the shot as the game played it, and the same as the
    // terminal's and the answers file's (played headless, without the game).
    let key = quiz(&app).key().unwrap().clone();
    assert_eq!(key, q.outcome(false).unwrap().key);
    assert_eq!(key.rule, "7.1", "the scratch question is a scratch");
    // The shot is held on its last picture: the table does not show the cue ball back in
    // hand before the answer, and the ruling card cannot be closed.
    let pb = app.world().resource::<Playback>();
    assert!(pb.held() && pb.hold_at_end);
    assert_eq!(cycle(&app), ShotCycle::Ruling);
    app.world_mut().write_message(GameAction::Continue);
    app.update();
    app.update();
    assert_eq!(cycle(&app), ShotCycle::Ruling, "Continue is refused");
    assert_eq!(quiz(&app).phase, QuizPhase::Answer);

    // A wholly right answer: the key's own parts.
    {
        let mut qz = app.world_mut().resource_mut::<Quiz>();
        qz.draft = Answer {
            legal: Some(key.legal),
            rule: Some(key.rule.clone()),
            balls: Some(key.balls),
            next: Some((key.who, key.how)),
        };
    }
    act(&mut app, QuizAction::Grade);
    let qz = quiz(&app);
    assert_eq!(qz.phase, QuizPhase::Graded);
    assert!(qz.graded[0].right(), "{:?}", qz.graded[0]);
    assert_eq!(qz.run.graded.lock().unwrap().len(), 1);
    assert_eq!(*kept.lock().unwrap(), vec![("scratch#1".to_string(), true)]);
    // Graded, the table lets go of the last picture for the position the ruling leaves.
    assert!(!app.world().resource::<Playback>().active());

    // The replay starts just before the moment that decided it (the cue ball's drop), slowed.
    let moment = {
        let o = q.outcome(false).unwrap();
        quiz::deciding_moment(&o.played.unwrap().1, &key)
    };
    act(&mut app, QuizAction::ReplayMoment);
    let pb = app.world().resource::<Playback>();
    assert!(pb.active() && pb.replay);
    assert_eq!(pb.speed, MOMENT_REPLAY);
    let start = moment - BEFORE_MOMENT;
    assert!(
        pb.t >= start && pb.t < start + 0.2,
        "replay at {} for a moment at {moment}",
        pb.t
    );

    // The next question: the told one, on its own position.
    act(&mut app, QuizAction::Next);
    assert_eq!(quiz(&app).at, 1);
    assert_eq!(quiz(&app).phase, QuizPhase::Before);
    assert_eq!(m(&app).layout, told.position.layout);
    // From the keyboard this time: `.` plays (tells) the shot, Enter grades and goes on.
    tap(&mut app, KeyCode::Period);
    until_asked(&mut app);
    let key = quiz(&app).key().unwrap().clone();
    assert_eq!(key, told.outcome(false).unwrap().key);
    // Only the verdict given: graded part by part, the rest wrong.
    app.world_mut().resource_mut::<Quiz>().draft = Answer {
        legal: Some(key.legal),
        ..Answer::default()
    };
    tap(&mut app, KeyCode::Enter);
    assert_eq!(quiz(&app).graded[1].parts, [true, false, false, false]);
    assert_eq!(kept.lock().unwrap()[1], (told.id.clone(), false));
    tap(&mut app, KeyCode::Enter);
    assert_eq!(quiz(&app).phase, QuizPhase::Over);
    assert_eq!(quiz(&app).right(), 1);
}

#[test]
fn a_quiz_action_out_of_its_turn_changes_nothing() {
    let bank = quiz::bank().unwrap();
    let (mut app, kept) = quiz_app(vec![question(&bank, "wrong-ball-first#1")]);
    // Grading or moving on before the shot is played does nothing.
    act(&mut app, QuizAction::Grade);
    act(&mut app, QuizAction::Next);
    assert_eq!(quiz(&app).phase, QuizPhase::Before);
    assert!(kept.lock().unwrap().is_empty());
    // A new match is refused while the quiz holds the table.
    app.world_mut().write_message(GameAction::NewMatch);
    app.update();
    assert_eq!(
        m(&app).layout,
        quiz(&app).question().unwrap().position.layout
    );
}

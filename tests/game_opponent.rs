//! The computer at the table (issue 17), headless: with `--opponent` on both sides the game
//! plays a rack by itself to a won rack, every shot through the session and the referee; with
//! one computer seat it waits for the person and plays only its own turns, at a person's pace.
#![cfg(feature = "game")]

mod game_common;

use game_common::*;

use bevy::prelude::*;
use tenball::computer::Level;
use tenball::game::{GameOptions, Mode, ShotCycle};
use tenball::referee::{Phase, PlayerId};

fn computer_game(seats: [Option<Level>; 2]) -> App {
    app_with_more(
        GameOptions {
            mode: Mode::HotSeat,
            computer: seats,
            seed: 3,
            ..GameOptions::default()
        },
        |_| {},
    )
}

#[test]
fn the_computer_against_itself_plays_a_rack_to_its_end() {
    let mut app = computer_game([Some(Level::Level(5)), Some(Level::Level(4))]);
    let mut frames = 0;
    let mut shots = 0;
    // Rulings are the rack's: a won rack starts a fresh list (and a new rack) at once.
    while m(&app).state.score == [0, 0] {
        shots = shots.max(m(&app).rulings.len());
        app.update();
        frames += 1;
        assert!(
            frames < 20_000,
            "no rack won after {frames} frames: {} rulings, {:?}, {:?}, {:?}",
            m(&app).rulings.len(),
            cycle(&app),
            m(&app).state.turn(),
            m(&app).message
        );
    }
    // Every shot was the computer's own, ruled by the referee; the rack ended in a win, and
    // the next rack is racked for its break.
    assert!(shots >= 2, "{shots}");
    assert_eq!(m(&app).state.score.iter().sum::<u32>(), 1);
    assert!(matches!(m(&app).state.phase, Phase::Break { .. }));
    assert_eq!(m(&app).state.rack, 2);
}

#[test]
fn against_a_person_it_waits_for_the_person_and_takes_its_time() {
    // A breaks: a person. Nothing happens until the person shoots.
    let mut app = computer_game([None, Some(Level::Level(3))]);
    for _ in 0..100 {
        app.update();
    }
    assert!(m(&app).rulings.is_empty(), "the computer never plays the person's turn");
    // The computer as A breaks, but not at once: the decision is shown for a pause first.
    let mut app = computer_game([Some(Level::Level(3)), None]);
    let mut frames = 0;
    let mut words = String::new();
    while cycle(&app) != ShotCycle::Playing {
        if let Some(w) = m(&app).message.clone() {
            words = w;
        }
        app.update();
        frames += 1;
        assert!(
            frames < 500,
            "the computer did not break: {:?}, {:?}, {:?}",
            cycle(&app),
            m(&app).state.turn(),
            m(&app).message
        );
    }
    let waited = frames as f32 * FRAME;
    assert!(
        waited >= tenball::game::OPPONENT_PAUSE,
        "it broke after {waited} s, faster than a person can follow"
    );
    assert_eq!(m(&app).state.to_act(), PlayerId::A);
    assert!(words.contains("break"), "the top bar says what it does: {words}");
}

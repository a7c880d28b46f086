//! Helpers shared by the headless game tests (`logic.rs`, `feel.rs`, `opponent.rs`, `quiz.rs`): the game's
//! logic under `MinimalPlugins` with input resources set by hand and a manual clock, keys
//! tapped, the pointer put on the table, positions built from balls and a phase.
#![allow(dead_code)]

use std::time::Duration;

use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

use tenball::game::{GameLogicPlugin, GameOptions, Match, Mode, Pointer, ShotCycle};
use tenball::physics::Layout;
use tenball::referee::{BallSet, GameState, Phase, PlayerId, Rules};
use tenball::table::{Placed, Point, TableSize};
use tenball::tablefile::TableFile;

/// Frames of this length (s) on the manual clock.
pub const FRAME: f32 = 0.1;

/// The game's logic started on `opts` (two frames run), after `more` adds what a test needs.
pub fn app_with_more(opts: GameOptions, more: impl FnOnce(&mut App)) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(ButtonInput::<KeyCode>::default())
        .insert_resource(ButtonInput::<MouseButton>::default())
        .insert_resource(AccumulatedMouseMotion::default())
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_secs_f32(
            FRAME,
        )))
        .add_plugins(GameLogicPlugin(opts));
    more(&mut app);
    app.update();
    app.update();
    app
}

pub fn cycle(app: &App) -> ShotCycle {
    *app.world().resource::<State<ShotCycle>>().get()
}

/// Runs frames until the shot has played back (at most 60 s of shot time).
pub fn play_out(app: &mut App) {
    for _ in 0..700 {
        if cycle(app) != ShotCycle::Playing {
            return;
        }
        app.update();
    }
    panic!("the shot never finished playing back");
}

pub fn m(app: &App) -> &Match {
    app.world().resource::<Match>()
}

/// Presses and releases a key, and lets the frame after the release run too: Space shoots on
/// its release, and the shot cycle changes a frame after the action.
pub fn tap(app: &mut App, key: KeyCode) {
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(key);
    app.update();
    let mut k = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    k.release(key);
    k.clear();
    app.update();
    app.update();
}

/// The pointer on the table at `p`, with no ray (a ball is picked within 1.2 radii).
pub fn set_pointer(app: &mut App, p: Point) {
    let mut ptr = app.world_mut().resource_mut::<Pointer>();
    ptr.on_table = Some(p);
    ptr.ray = None;
}

/// The scenario library and the place of `name` in it (what `OpenScenario` takes).
pub fn library_with(name: &str) -> (Vec<tenball::teaching::scenario::LibraryEntry>, usize) {
    let library = tenball::teaching::scenario::library().0;
    let i = library
        .iter()
        .position(|e| e.name == name)
        .unwrap_or_else(|| panic!("the library has {name}"));
    (library, i)
}

pub fn ball(ball: u8, x: f64, y: f64) -> Placed {
    Placed {
        ball,
        at: Point::new(x, y),
    }
}

/// A position on a 9 ft table with Ann and Bob: the given balls, the phase, the mode.
pub fn position_in(balls: Vec<Placed>, phase: Phase, mode: Mode) -> GameOptions {
    let mut state = GameState::with_breaker(Rules::default(), TableSize::NineFoot, PlayerId::A);
    state.phase = phase;
    state.on_table = balls
        .iter()
        .map(|b| b.ball)
        .filter(|&b| b != 0)
        .collect::<BallSet>();
    let file = TableFile {
        layout: Layout {
            table: TableSize::NineFoot,
            balls,
        },
        state,
        players: ["Ann".into(), "Bob".into()],
        stroke: None,
        call: None,
    };
    file.check().expect("the test's position is valid");
    tenball::game::options_from_file(file, mode)
}

//! The interactive 3D practice game (`tenball play`): Ten Ball racks on the table, two players
//! at one seat or one player playing both sides, on the same physics and referee as the batch
//! runs. Every shot goes through [`crate::adapter::play_shot`]; the game plays back the log it
//! returns (interpolated samples, never physics stepped by frame time) and asks the referee's
//! state what is allowed (calls, push out, ball in hand and where).
//!
//! In layers, each importing only those before it (`docs/architecture.md` lists them and a
//! test holds them to it): `model` (the match, what the player sets up, the actions by shot
//! cycle, playback, the prediction), `view` (table, balls, cue, cameras, sound), `input`
//! (mouse and keys), `players` (the computer opponent, the coach), `screens` (set-up, the
//! scenario player, the quiz, drills), `hud` (the panels), `dev_tools` (scripts and screenshots),
//! `web` and `share` (save and copy link, natively or in a browser). A plugin a file
//! (`pub(in crate::game) fn plugin(app)`); [`GameLogicPlugin`] adds the headless ones (what the
//! tests run under `MinimalPlugins`), [`run`] the view, the panels and the window. The states
//! ([`Screen`], [`ShotCycle`]) and the run conditions [`at_table`], [`scenario_on`],
//! [`aiming_now`] and [`aiming_at_rest`] are here.

pub mod dev_tools;
mod hud;
pub mod input;
pub mod model;
pub mod players;
pub mod screens;
mod share;
pub mod view;
#[cfg(target_arch = "wasm32")]
pub mod web;

use std::path::PathBuf;

use bevy::prelude::*;

pub use dev_tools::{MAX_STEP_FRAMES, Script, ScriptStep, not_due, picture_map_path};
pub use hud::text;
pub use input::keymap;
pub use input::{AIM_DRAG_FINE, TURN_DEG_PER_PX, keep_in_hand_place, pick, turn_for_motion};
pub use model::aim::{Aim, CallDraft, CallKind, Charge, Drag, NEW_TURN_SPEED, Pick, Pointer};
pub use model::playback::{BallPoses, Playback, PlaybackDone, ShotSound, SoundKind};
pub use model::session::{GameAction, Match, Mode, Snapshot};
pub use model::tracking::{AidLevel, Aids, Prediction, Tracking};
pub use players::coach::{AskCoach, Coach};
pub use players::opponent::{Opponent, PAUSE as OPPONENT_PAUSE};
pub use screens::lesson::{Lesson, Library, Markers, NextStep, OpenScenario};
pub use screens::quiz::{BEFORE_MOMENT, Keep, MOMENT_REPLAY, Quiz, QuizAction, QuizPhase, QuizRun};
pub use view::camera::{self, CameraView};
pub use view::scene::{Quality, world as scene_world};

pub use crate::palette;

use crate::referee::Rules;
use crate::table::TableSize;
use crate::tablefile::TableFile;

/// The screens of the game: what the table is used for. Each but set-up plays shots (the
/// [`ShotCycle`] exists there); the scenario player, the quiz and a drill keep their data in a
/// resource of their own (`Lesson`, `Quiz`, `DrillPlay`) that leaving the screen removes, so
/// two of them never run at once.
#[derive(States, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// Racks played, a match or practice.
    #[default]
    Table,
    /// Setting up a position: balls picked up and placed, the referee's state edited.
    Setup,
    /// The scenario player: a scenario's position and its steps.
    Scenario,
    /// The referee's quiz: questions played on the table, answered in the dock.
    Quiz,
    /// A drill of the library: its positions, attempts and score.
    Drill,
}

impl Screen {
    /// The screen a game's options open on.
    fn first(opts: &GameOptions) -> Screen {
        if opts.quiz.is_some() {
            Screen::Quiz
        } else if opts.drill.is_some() {
            Screen::Drill
        } else if opts.lesson.is_some() {
            Screen::Scenario
        } else {
            Screen::Table
        }
    }
}

/// Where the shot cycle stands while the table is shown.
#[derive(SubStates, Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Table | Screen::Scenario | Screen::Quiz | Screen::Drill)]
pub enum ShotCycle {
    /// Setting up the stroke and the call.
    #[default]
    Aiming,
    /// Aiming with the cue ball in hand: it can be dragged (in the kitchen on the break).
    BallInHand,
    /// The shot plays out.
    Playing,
    /// The referee's ruling is shown.
    Ruling,
    /// The incoming player chooses who plays from the position (5.4, 5.6, 5.7).
    Choice,
    /// The match is over.
    MatchOver,
}

/// At the table: a screen where shots are played (all but set-up), so the shot cycle exists.
pub fn at_table(cycle: Option<Res<State<ShotCycle>>>) -> bool {
    cycle.is_some()
}

/// The scenario player's systems run: in the scenario player, and in the quiz, whose
/// questions it plays or tells.
pub fn scenario_on(screen: Res<State<Screen>>) -> bool {
    matches!(screen.get(), Screen::Scenario | Screen::Quiz)
}

/// The one "is the player aiming" test, for the systems that run on every screen and do
/// something else when the player is not (hide the cue, forget the coach's figures, let the
/// camera follow the shot): the shot cycle (absent in set-up) asked in this one place.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Moment<'w> {
    cycle: Option<Res<'w, State<ShotCycle>>>,
    playback: Res<'w, model::playback::Playback>,
}

impl Moment<'_> {
    /// The shot cycle stands at aiming, with or without the cue ball in hand (false off the
    /// table).
    pub fn aiming(&self) -> bool {
        self.cycle
            .as_ref()
            .is_some_and(|c| matches!(c.get(), ShotCycle::Aiming | ShotCycle::BallInHand))
    }

    /// Aiming with the table at rest (no shot or replay playing back): when the aids are
    /// drawn.
    pub fn at_rest(&self) -> bool {
        self.aiming() && !self.playback.active()
    }
}

/// [`Moment::aiming`] as a run condition.
pub fn aiming_now(moment: Moment) -> bool {
    moment.aiming()
}

/// [`Moment::at_rest`] as a run condition.
pub fn aiming_at_rest(moment: Moment) -> bool {
    moment.at_rest()
}

/// The order of the game's systems in a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Mouse, keyboard and script turn into actions and stroke changes.
    Input,
    /// Actions change the match.
    Act,
    /// The playback clock moves; balls take their places.
    Playback,
    /// Drawing, sound and panels read the result.
    Show,
}

/// How a game starts.
#[derive(Debug, Clone)]
pub struct GameOptions {
    pub table: TableSize,
    pub mode: Mode,
    pub players: [String; 2],
    pub rules: Rules,
    /// A table file to start from instead of a fresh rack.
    pub load: Option<TableFile>,
    /// Seed for the racks (order and gaps) and the execution noise.
    pub seed: u64,
    /// How tightly racks are racked.
    pub rack: crate::referee::Tightness,
    /// The cloth, cushions and pockets every shot, prediction and decision is played on.
    pub equipment: crate::physics::Equipment,
    /// The computer's seats, A then B: its level, or none for a person.
    pub computer: [Option<crate::computer::Level>; 2],
    /// A script of actions to run, ending in a screenshot (the rendering test's way in).
    pub script: Option<Script>,
    pub window: (u32, u32),
    /// Draw the panels (HUD, stroke, ruling card).
    pub panels: bool,
    pub quality: Quality,
    /// A teaching scenario to show step by step (its position is `load`).
    pub lesson: Option<crate::teaching::scenario::Scenario>,
    /// Scenarios the player lists to open.
    pub library: Vec<crate::teaching::scenario::LibraryEntry>,
    /// Play the loaded table's stroke and call as soon as the table is shown (a link of a
    /// shot opens on its ruling).
    pub play_on_open: bool,
    /// The referee's quiz to take (`tenball quiz`): its questions in place of a match.
    pub quiz: Option<QuizRun>,
    /// A drill to play (`tenball drill play`), in place of a match.
    pub drill: Option<screens::drills::DrillStart>,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            table: TableSize::NineFoot,
            mode: Mode::Practice,
            players: crate::tablefile::default_names(),
            rules: Rules::default(),
            load: None,
            seed: 1,
            rack: crate::referee::Tightness::default(),
            equipment: crate::physics::Equipment::wpa(),
            computer: [None, None],
            script: None,
            window: (1280, 720),
            panels: true,
            quality: Quality::Auto,
            lesson: None,
            library: Vec::new(),
            play_on_open: false,
            quiz: None,
            drill: None,
        }
    }
}

/// The game's logic, without windows, drawing or sound: what the tests run under
/// `MinimalPlugins` (plus `StatesPlugin` and `InputPlugin`).
pub struct GameLogicPlugin(pub GameOptions);

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (
                GameSystems::Input,
                GameSystems::Act,
                GameSystems::Playback,
                GameSystems::Show,
            )
                .chain(),
        )
        .insert_state(Screen::first(&self.0))
        .add_sub_state::<ShotCycle>()
        .insert_resource(Match::new(&self.0))
        .insert_resource(match self.0.drill {
            // A drill measures the player's own hands: no execution error added, the paths
            // at the match's level (the cue ball to its first ball).
            Some(_) => Aids {
                level: model::tracking::AidLevel::Match,
                noise: false,
            },
            None => Aids::for_mode(self.0.mode),
        })
        .init_resource::<CameraView>()
        // The player's zoom and orbit of each view: changed by touch in the input layer too.
        .init_resource::<view::camera::ViewChanges>();
        model::seat::plugin(app);
        input::plugin(app);
        model::playback::plugin(app);
        model::tracking::plugin(app);
        screens::setup::plugin(app);
        screens::lesson::plugin(app);
        players::opponent::plugin(app);
        players::coach::plugin(app);
        screens::quiz::plugin(app);
        screens::drills::plugin(app);
        share::plugin(app);
        if let Some(run) = &self.0.quiz {
            app.insert_resource(Quiz::new(run.clone()));
        }
        if let Some(s) = &self.0.lesson {
            app.insert_resource(Lesson::new(s.clone()));
        }
        if let Some(start) = &self.0.drill {
            app.insert_resource(screens::drills::DrillPlay::new(start.clone()));
        }
        app.insert_resource(Library(self.0.library.clone()));
        if self.0.play_on_open {
            app.insert_resource(input::PlayOnOpen);
        }
    }
}

/// Opens the game window and runs it until it is closed.
pub fn run(opts: GameOptions) -> AppExit {
    let (w, h) = opts.window;
    let script = opts.script.clone();
    let panels = opts.panels;
    let quality = opts.quality;
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window(w, h)),
                ..default()
            })
            .set(log_plugin()),
    )
    .add_plugins(GameLogicPlugin(opts))
    .insert_resource(quality);
    view::scene::plugin(&mut app);
    view::balls::plugin(&mut app);
    view::cue::plugin(&mut app);
    view::camera::plugin(&mut app);
    hud::plugin(&mut app, panels);
    view::sound::plugin(&mut app);
    players::coach::view(&mut app);
    screens::lesson::view(&mut app);
    screens::drills::view(&mut app);
    dev_tools::plugin(&mut app, script);
    #[cfg(target_arch = "wasm32")]
    web::plugin(&mut app);
    app.run()
}

/// The game's window: a window of its own natively, the page's canvas `#tenball` (filling
/// its parent) in a browser.
fn window(w: u32, h: u32) -> Window {
    Window {
        title: "tenball".into(),
        resolution: (w, h).into(),
        #[cfg(target_arch = "wasm32")]
        canvas: Some("#tenball".into()),
        #[cfg(target_arch = "wasm32")]
        fit_canvas_to_parent: true,
        ..default()
    }
}

/// Warnings, and the game's own notes; natively on stderr without colour codes off a terminal,
/// in a browser on its console.
fn log_plugin() -> bevy::log::LogPlugin {
    bevy::log::LogPlugin {
        filter: "warn,tenball=info".into(),
        #[cfg(not(target_arch = "wasm32"))]
        fmt_layer: plain_log_unless_terminal,
        ..default()
    }
}

/// The log's lines carry colour codes on a terminal only, not in a file or a pipe.
#[cfg(not(target_arch = "wasm32"))]
fn plain_log_unless_terminal(_: &mut App) -> Option<bevy::log::BoxedFmtLayer> {
    use std::io::IsTerminal;
    Some(Box::new(
        bevy::log::tracing_subscriber::fmt::Layer::default()
            .with_ansi(std::io::stderr().is_terminal())
            .with_writer(std::io::stderr),
    ))
}

/// The start-up options from a table file: its table, players and position.
pub fn options_from_file(file: TableFile, mode: Mode) -> GameOptions {
    GameOptions {
        table: file.layout.table,
        mode,
        players: file.players.clone(),
        rules: file.state.rules,
        load: Some(file),
        ..GameOptions::default()
    }
}

/// The start-up options a link gives: a library scenario in the scenario player (the library
/// listed beside it), or a position whose stroke, if it has one, plays at once and shows its
/// ruling. An unknown scenario is refused with the library's names.
pub fn options_from_link(link: crate::link::Link) -> Result<GameOptions, String> {
    use crate::teaching::scenario::library;
    match link {
        crate::link::Link::Scenario(name) => {
            let (entries, _) = library();
            let Some(s) = entries
                .iter()
                .find(|e| e.name == name)
                .map(|e| e.scenario.clone())
            else {
                let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
                return Err(format!(
                    "the link's scenario `{}` is not in the library ({})",
                    crate::echo::cut(&name),
                    names.join(", ")
                ));
            };
            let mut opts = options_from_file(s.position.clone(), Mode::Practice);
            opts.lesson = Some(s);
            opts.library = entries;
            Ok(opts)
        }
        crate::link::Link::Table(file) => {
            let play_on_open = file.stroke.is_some() && file.call.is_some();
            let mut opts = options_from_file(*file, Mode::Practice);
            opts.play_on_open = play_on_open;
            Ok(opts)
        }
        crate::link::Link::Quiz { seed, count } => quiz_options(seed, count),
        crate::link::Link::Drill { name, seed } => drill_options(&name, seed),
    }
}

/// The start-up options of a drill of the library (a link's `?drill=NAME&seed=N`): one
/// player, the ghost or the drill in the other seat; an unknown name is refused with the
/// library's names.
pub fn drill_options(name: &str, seed: u64) -> Result<GameOptions, String> {
    let library = crate::drills::library();
    let Some(drill) = library
        .iter()
        .find(|(n, _)| n == name)
        .and_then(|(_, d)| d.as_ref().ok())
    else {
        let names: Vec<&str> = library.iter().map(|(n, _)| n.as_str()).collect();
        return Err(format!(
            "the link's drill `{}` is not in the library ({})",
            crate::echo::cut(name),
            names.join(", ")
        ));
    };
    let equipment = crate::physics::Equipment::wpa();
    let session = crate::drills::Session::new(drill.clone(), seed, equipment)?;
    Ok(GameOptions {
        table: drill.table,
        mode: Mode::HotSeat,
        players: ["You".into(), drill.other_seat().into()],
        seed,
        equipment,
        drill: Some(screens::drills::DrillStart::new(name, session)),
        ..GameOptions::default()
    })
}

/// The referee's quiz of a link: drawn from the bank as `tenball quiz --seed SEED --count N`
/// draws it; its graded questions are kept by no one (a link keeps no progress file).
fn quiz_options(seed: u64, count: usize) -> Result<GameOptions, String> {
    use crate::teaching::quiz;
    let bank = quiz::bank().map_err(|e| format!("the quiz bank: {e}"))?;
    let sel = quiz::Selection {
        seed,
        count,
        topics: Vec::new(),
        level: None,
    };
    let questions: Vec<quiz::Question> = quiz::draw(&bank, &sel).into_iter().cloned().collect();
    let first = questions
        .first()
        .ok_or("the quiz bank is empty")?
        .position
        .clone();
    let mut opts = options_from_file(first, Mode::Practice);
    let n = questions.len();
    opts.quiz = Some(QuizRun {
        questions,
        seed,
        again: format!(
            "the link ?quiz={seed}&count={n}, or tenball quiz --seed {seed} --count {n}"
        ),
        graded: Default::default(),
        kept_in: None,
        keep: None,
    });
    Ok(opts)
}

/// Where `tenball play` saves tables by default.
pub fn default_save_path() -> PathBuf {
    PathBuf::from("tenball-table.json")
}

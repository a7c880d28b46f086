//! tenball: a physics-backed shot simulator for Ten Ball.
//!
//! - [`table`]: geometry shared by every part (sizes, strings, spots, pockets).
//! - [`referee`]: the rules engine, which knows nothing of the physics.
//! - [`physics`]: the table and balls (a contact engine on the cloth, rapier for balls in the
//!   air and pressed contacts), which know nothing of the rules.
//! - [`adapter`]: the one bridge: shot logs to referee facts, and `play_shot`.
//! - [`computer`]: the computer player: decides a turn by simulating candidate strokes
//!   through `play_shot`.
//! - [`drills`]: drills' scoring (progressive, points, balls run), from outcomes the referee
//!   decides.
//! - [`tablefile`]: a position (balls, referee state, stroke) as a file, saved and loaded by
//!   the game and the teaching scenarios.
//! - [`batch`]: break batches (records, summaries, sweeps and plots), duels between the
//!   computer's levels and their ratings, on one resumable, sharded run.
//! - [`teaching`]: the scenario library (a position, steps and the rulings they must give),
//!   handout diagrams (PNG, SVG, no GPU) and the markers of what decided a shot.
//! - [`game`] (feature `game`, on by default): the interactive 3D game.
//! - [`link`]: links that open a scenario or a position (`?scenario=`, `?table=`), for the web
//!   build's address and `tenball play --link`.
//! - [`outfile`]: every file the tool writes is a new one (never over a user's file).
//! - [`palette`]: the colours and the font of the game, the plots and the diagrams.
//! - [`echo`]: numbers and input quoted back in error messages, short and safe.
//! - [`cli`]: the command-line subcommands behind the `tenball` binary (not in the web build:
//!   wasm32 has no command line, signals or terminal).

pub mod adapter;
pub mod batch;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod computer;
pub mod drills;
pub mod echo;
#[cfg(feature = "game")]
pub mod game;
pub mod link;
pub mod outfile;
pub mod palette;
pub mod physics;
pub mod referee;
pub mod table;
pub mod tablefile;
pub mod teaching;

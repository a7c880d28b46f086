//! The `tenball` subcommands (clap): each reads its input, calls the library and writes JSON or
//! text. Errors name the file, the place and the problem: bad input exits 2, a failed write or
//! run 1, a run stopped by a signal 128 + its number (130, 143). Options,
//! messages, exit codes and progress bars only: what a command does is the library's, so that
//! it can be done without the binary.

mod batch_args;
pub(crate) mod breaks;
mod drill;
mod duel;
mod equipment;
pub mod judge;
mod ladder;
#[cfg(feature = "game")]
pub(crate) mod play;
mod quiz;
mod scenario;
pub mod shot;
mod sweep;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// A failure to report to the user: the message, and the exit code.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
}

impl CliError {
    /// Bad input from the user: exit code 2.
    pub fn input(message: impl Into<String>) -> Self {
        CliError {
            code: 2,
            message: message.into(),
        }
    }
}

#[derive(Debug, Parser)]
#[command(
    name = "tenball",
    version,
    propagate_version = true,
    about = "Ten Ball: a physics-backed shot simulator and referee"
)]
struct Cli {
    /// Without a subcommand: `play`.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play Ten Ball on a 3D table: practice, or two players at one seat (the default command).
    #[cfg(feature = "game")]
    Play(Box<play::PlayArgs>),
    /// Judge one shot: read {state, call, facts} as JSON from FILE (or stdin) and print the
    /// ruling and the next state as JSON.
    Judge(judge::JudgeArgs),
    /// Simulate one shot: read {layout, strike, config} as JSON from FILE (or stdin) and print
    /// the shot log (events, final positions, paths) as JSON.
    Shot(shot::ShotArgs),
    /// Print a racked layout (cue ball behind the head string), ready for `tenball shot`.
    Rack(shot::RackArgs),
    /// Teaching scenarios: `check` plays them and compares each ruling with the expected one.
    Scenario(scenario::ScenarioArgs),
    /// A referee's practical exam: shots played on the table (and told), ruled by you part by
    /// part in the game's window or the terminal and graded against the referee; a handout to
    /// print; an answers file graded.
    Quiz(Box<quiz::QuizArgs>),
    /// Simulate many ten-ball breaks: records (JSON lines or CSV) and a summary; `merge`
    /// combines shards, `sweep` maps places and speeds.
    Breaks(breaks::BreaksArgs),
    /// Racks between two computer players (levels 1 to 5, or greedy) on every core: a record
    /// per rack and a summary.
    Duel(duel::DuelArgs),
    /// Drills scored as players' drill systems score them: the library, a computer level
    /// playing one, the levels' scores (`rate`), a player's progress.
    Drill(drill::DrillArgs),
    /// The equipment sets (cloth, cushions, pockets) with their sources; a set as JSON to
    /// start an equipment file from (`--equipment FILE` of shot, breaks and sweep).
    Equipment(equipment::EquipmentArgs),
}

/// Parses the arguments, runs the subcommand and turns errors into messages and exit codes.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(e),
    };
    let result = match cli.command {
        #[cfg(feature = "game")]
        Some(Command::Play(args)) => play::run(&args),
        #[cfg(feature = "game")]
        None => play::run(&play::PlayArgs {
            table: Some(crate::table::TableSize::NineFoot),
            window: Some((1280, 720)),
            rack: Some(crate::referee::Tightness::default()),
            ..Default::default()
        }),
        #[cfg(not(feature = "game"))]
        None => Err(CliError::input(
            "this build has no game (built without the `game` feature): give a subcommand, see `tenball --help`",
        )),
        Some(c) => run_headless(c),
    };
    // A reader that went away (`| head`) ends the output, never the verdict: the exit status
    // is the command's own, as it would be with the whole output read.
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            warn(&e.message);
            ExitCode::from(e.code)
        }
    }
}

/// Set when stdout's reader went away: the rest of the output is dropped, the work and its
/// verdict go on.
static OUTPUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Help, the version or a usage error from clap, written out: exit 0 for help and the version,
/// 2 for a usage error, and 1 when the text could not be written (a full disk, `>/dev/full`),
/// so that a script sees that nothing was written.
fn clap_exit(e: clap::Error) -> ExitCode {
    use std::io::Write;
    let code = if e.use_stderr() { 2 } else { 0 };
    use std::io::IsTerminal;
    let terminal = if e.use_stderr() {
        std::io::stderr().is_terminal()
    } else {
        std::io::stdout().is_terminal()
    };
    let text = if e.use_stderr() {
        usage_error_text(&e)
    } else if terminal {
        e.render().ansi().to_string()
    } else {
        e.render().to_string()
    };
    let written = if e.use_stderr() {
        let mut err = std::io::stderr().lock();
        err.write_all(text.as_bytes()).and_then(|_| err.flush())
    } else {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|_| out.flush())
    };
    match written {
        Ok(()) => ExitCode::from(code),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(code),
        Err(_) => ExitCode::from(1),
    }
}

/// A usage error as it is written: the arguments parsed again with no styles, so that the
/// text holds no escape code of clap's and every control character in it is the user's, then
/// shown as `\u{1b}` (terminal or not: an escape code in a file name or a value never reaches
/// the terminal, nor vanishes from a log), each line cut as every message is.
fn usage_error_text(e: &clap::Error) -> String {
    use clap::CommandFactory;
    let plain = Cli::command()
        .styles(clap::builder::Styles::plain())
        .try_get_matches()
        .err()
        .filter(|p| p.kind() == e.kind())
        .map(|p| p.render().ansi().to_string())
        .unwrap_or_else(|| e.render().to_string());
    crate::echo::shown(&plain)
}

pub use crate::echo::warn;

/// Writes the command's output to stdout. A closed pipe drops this and all later output but
/// lets the command finish and give its own exit status (a failed check still exits 1 under
/// `| head`); any other failure (a full disk) is an error that says so (exit 1), never a panic.
pub(crate) fn emit(text: &str) -> Result<(), CliError> {
    if text.ends_with('\n') {
        emit_raw(text)
    } else {
        emit_raw(&format!("{text}\n"))
    }
}

/// Like [`emit`], without adding a newline (a prompt).
pub(crate) fn emit_raw(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    use std::sync::atomic::Ordering;
    if OUTPUT_CLOSED.load(Ordering::Relaxed) {
        return Ok(());
    }
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            OUTPUT_CLOSED.store(true, Ordering::Relaxed);
            Ok(())
        }
        Err(e) => Err(CliError {
            code: 1,
            message: format!("cannot write the output: {e}"),
        }),
    }
}

fn run_headless(command: Command) -> Result<(), CliError> {
    match command {
        #[cfg(feature = "game")]
        Command::Play(args) => play::run(&args),
        Command::Judge(args) => judge::run(&args),
        Command::Shot(args) => shot::run(&args),
        Command::Rack(args) => shot::run_rack(&args),
        Command::Equipment(args) => equipment::run(&args),
        Command::Breaks(args) => breaks::run(&args),
        Command::Scenario(args) => scenario::run(&args),
        Command::Quiz(args) => quiz::run(&args),
        Command::Duel(args) => duel::run(&args),
        Command::Drill(args) => drill::run(&args),
    }
}

/// Reads a file, or stdin for `None` or `-`, and names it for messages (at most
/// `echo::MAX_INPUT_BYTES`; a byte order mark dropped).
pub(crate) fn read_input(path: Option<&std::path::Path>) -> Result<(String, String), CliError> {
    match path {
        Some(p) if p.as_os_str() != "-" => {
            let name = p.display().to_string();
            crate::echo::read_text(p)
                .map(|text| (name, text))
                .map_err(CliError::input)
        }
        _ => crate::echo::read_limited("<stdin>", std::io::stdin())
            .map(|text| ("<stdin>".into(), text))
            .map_err(CliError::input),
    }
}

/// Parses JSON, reporting `name:line:column: problem` on error.
pub(crate) fn parse_json<T: serde::de::DeserializeOwned>(
    name: &str,
    text: &str,
) -> Result<T, CliError> {
    serde_json::from_str(text)
        .map_err(|e| CliError::input(format!("{name}:{}", crate::echo::json_problem(&e))))
}

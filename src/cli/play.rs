//! `tenball play` (and `tenball` alone): the 3D game. Options pick the table, practice or two
//! players, a table file to start from, and a script with a screenshot for pictures and tests.

use std::path::PathBuf;

use super::{CliError, read_input};
use crate::game::{CameraView, GameOptions, Mode, Quality, Script, ScriptStep, options_from_file};
use crate::table::TableSize;
use crate::tablefile::TableFile;

#[derive(Debug, Default, clap::Args)]
pub struct PlayArgs {
    /// Table size: 9ft, 8ft or 7ft (ignored with --load, whose file names its table).
    #[arg(long, default_value = "9ft", value_parser = super::shot::parse_size)]
    pub table: Option<TableSize>,
    /// Two players at one seat (hot seat), named A,B; without it one player practises both
    /// sides with undo, re-rack and ball in hand on demand.
    #[arg(long, value_name = "A,B")]
    pub players: Option<String>,
    /// Play against the computer at this level (1 a beginner to 5 the best, or greedy): it is
    /// player B. Two levels, A,B (e.g. 3,5), let the computer play both sides.
    #[arg(long, value_name = "LEVEL[,LEVEL]")]
    pub opponent: Option<String>,
    /// With one --opponent level: the computer is player A and breaks first.
    #[arg(long, requires = "opponent")]
    pub computer_breaks: bool,
    /// Start from a saved table file (layout, referee state, stroke).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Open a link, as the web build's address does: `?scenario=NAME` (a library scenario
    /// in the scenario player), `?table=TEXT` (a position; with a stroke, it is played at
    /// once and its ruling shown) or `?quiz=SEED&count=N` (the referee's quiz, no progress
    /// kept). A whole address works too; the game's Copy link gives one.
    #[arg(long, value_name = "LINK", conflicts_with = "load")]
    pub link: Option<String>,
    /// Racks won to win the match.
    #[arg(long)]
    pub race_to: Option<u32>,
    /// Ten Ball against the ghost (the drill library's `ghost`: break, ball in hand, run out; a
    /// miss gives the ghost the rack; a race to 7), the session kept in the progress file.
    #[arg(long, conflicts_with_all = ["opponent", "players", "load", "link"])]
    pub ghost: bool,
    /// Seed of the racks (order of balls 2 to 9, their gaps) and the execution noise; by
    /// default a new one each game, printed at the start so a game can be played again.
    #[arg(long)]
    pub seed: Option<u64>,
    /// How tightly the balls are racked: template, hand (the default),
    /// loose, even, tight, typical or the largest gap
    /// between neighbours in mm.
    #[arg(long, default_value = "hand", value_parser = crate::referee::Tightness::parse)]
    pub rack: Option<crate::referee::Tightness>,
    /// The cloth, cushions and pockets: a built-in set (wpa, the default; pro: 4.25 in corner
    /// pockets) or an equipment file; the shots, the predictions, the computer and the coach
    /// all play on it.
    #[arg(long, value_parser = crate::physics::Equipment::from_arg)]
    pub equipment: Option<crate::physics::Equipment>,
    /// Run a script of steps (JSON: {"steps": [...]}, see the README).
    #[arg(long, value_name = "FILE")]
    pub script: Option<PathBuf>,
    /// After the script (if any) and once the balls rest, save a screenshot here (with the
    /// balls' places in the picture beside it as .json) and exit.
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<PathBuf>,
    /// Camera to start with: behind, overhead or free.
    #[arg(long, value_parser = parse_camera)]
    pub camera: Option<CameraView>,
    /// Window size in pixels, WIDTHxHEIGHT.
    #[arg(long, default_value = "1280x720", value_parser = parse_window)]
    pub window: Option<(u32, u32)>,
    /// Draw no panels (HUD, stroke, ruling card): clean pictures of the table.
    #[arg(long)]
    pub hide_panels: bool,
    /// Rendering quality: auto (low on a software renderer), low (no multisampling, shadows
    /// or lamps) or high.
    #[arg(long, default_value = "auto", value_parser = parse_quality)]
    pub quality: Option<Quality>,
    /// Print the frame rate over this many frames (after 60 frames to settle), then exit.
    #[arg(long, value_name = "FRAMES")]
    pub measure_fps: Option<u32>,
}

/// The computer's seats from `--opponent`: one level for B (A with `--computer-breaks`), or
/// two, A,B.
fn seats(s: &str, computer_breaks: bool) -> Result<[Option<crate::computer::Level>; 2], CliError> {
    use crate::computer::Level;
    let bad = |e: String| CliError::input(format!("--opponent: {e}"));
    let levels: Vec<&str> = s.split(',').map(str::trim).collect();
    match levels.as_slice() {
        [one] => {
            let l = Level::parse(one).map_err(bad)?;
            Ok(if computer_breaks {
                [Some(l), None]
            } else {
                [None, Some(l)]
            })
        }
        [a, b] => Ok([
            Some(Level::parse(a).map_err(bad)?),
            Some(Level::parse(b).map_err(bad)?),
        ]),
        _ => Err(bad(format!(
            "'{s}': give one level (the computer is B) or two, A,B"
        ))),
    }
}

/// A seed from the clock: each game racks its own way.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000)
        .unwrap_or(1)
}

fn parse_camera(s: &str) -> Result<CameraView, String> {
    serde_json::from_value(serde_json::Value::String(s.into()))
        .map_err(|_| format!("unknown camera `{s}`: use behind, overhead or free"))
}

fn parse_quality(s: &str) -> Result<Quality, String> {
    match s {
        "auto" => Ok(Quality::Auto),
        "low" => Ok(Quality::Low),
        "high" => Ok(Quality::High),
        _ => Err(format!("unknown quality `{s}`: use auto, low or high")),
    }
}

fn parse_window(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("window size `{s}`: use WIDTHxHEIGHT, e.g. 1280x720");
    let (w, h) = s.split_once('x').ok_or_else(bad)?;
    let (w, h) = (
        w.parse::<u32>().map_err(|_| bad())?,
        h.parse::<u32>().map_err(|_| bad())?,
    );
    if !(200..=8192).contains(&w) || !(200..=8192).contains(&h) {
        return Err(format!(
            "window size `{s}`: each side from 200 to 8192 pixels"
        ));
    }
    Ok((w, h))
}

/// A player's name as a table file takes it: 1 to 40 characters, none a control character.
fn name_fits(name: &str) -> bool {
    let n = name.chars().count();
    (1..=crate::tablefile::MAX_NAME_CHARS).contains(&n) && !name.chars().any(crate::echo::is_hidden)
}

/// The game's start-up options from the arguments.
pub fn options(args: &PlayArgs) -> Result<GameOptions, CliError> {
    let computer = match &args.opponent {
        Some(s) => seats(s, args.computer_breaks)?,
        None => [None, None],
    };
    let mode = if args.players.is_some() || args.opponent.is_some() {
        Mode::HotSeat
    } else {
        Mode::Practice
    };
    let mut opts = match (&args.load, &args.link) {
        (Some(path), _) => {
            let file = TableFile::load(path).map_err(|e| CliError::input(e.to_string()))?;
            options_from_file(file, mode)
        }
        (None, Some(text)) => {
            let link = crate::link::Link::parse(text)
                .and_then(crate::game::options_from_link)
                .map_err(|e| CliError::input(format!("--link: {e}")))?;
            GameOptions { mode, ..link }
        }
        (None, None) => GameOptions {
            table: args.table.unwrap_or_default(),
            mode,
            ..GameOptions::default()
        },
    };
    opts.computer = computer;
    name_players(args, &mut opts)?;
    set_race(args, &mut opts)?;
    opts.seed = args.seed.unwrap_or_else(clock_seed);
    opts.rack = args.rack.unwrap_or_default();
    opts.equipment = args.equipment.unwrap_or_default();
    opts.panels = !args.hide_panels;
    opts.quality = args.quality.unwrap_or_default();
    if let Some(w) = args.window {
        opts.window = w;
    }
    let mut steps = Vec::new();
    let mut labels = Vec::new();
    if let Some(c) = args.camera {
        steps.push(ScriptStep::Camera(c));
        labels.push("--camera".to_string());
    }
    if let Some(path) = &args.script {
        let (name, text) = read_input(Some(path))?;
        let table = opts.table.spec();
        let script = Script::parse(&name, &text, &table).map_err(CliError::input)?;
        steps.extend(script.steps);
        labels.extend(script.labels);
    }
    if let Some(out) = &args.screenshot {
        steps.extend([
            ScriptStep::WaitRest,
            ScriptStep::Wait(20),
            ScriptStep::Screenshot(out.clone()),
            ScriptStep::Exit,
        ]);
    }
    if let Some(n) = args.measure_fps {
        let most = crate::game::MAX_STEP_FRAMES;
        if !(1..=most).contains(&n) {
            return Err(CliError::input(format!(
                "--measure-fps {n}: from 1 to {most} frames"
            )));
        }
        steps.extend([
            ScriptStep::Wait(60),
            ScriptStep::MeasureFps(n),
            ScriptStep::Exit,
        ]);
    }
    check_pictures(&steps)?;
    if !steps.is_empty() {
        opts.script = Some(Script { steps, labels });
    }
    Ok(opts)
}

/// The players' names: `--players`, or for a game against the computer its level and "You".
fn name_players(args: &PlayArgs, opts: &mut GameOptions) -> Result<(), CliError> {
    if args.players.is_none() && args.opponent.is_some() {
        opts.players = opts.computer.map(|c| match c {
            Some(level) => format!("Computer (level {})", level.name()),
            None => "You".to_string(),
        });
        if opts.computer.iter().all(Option::is_some) {
            opts.players[0].push_str(" A");
            opts.players[1].push_str(" B");
        }
    }
    if let Some(names) = &args.players {
        let parts: Vec<&str> = names.split(',').map(str::trim).collect();
        match parts.as_slice() {
            [a, b] if [a, b].iter().all(|n| name_fits(n)) => {
                opts.players = [a.to_string(), b.to_string()];
            }
            _ => {
                return Err(CliError::input(
                    "--players: give two names of 1 to 40 characters (no control or direction-changing characters), separated by a comma",
                ));
            }
        }
    }
    Ok(())
}

/// `--race-to`, checked against a loaded or linked position's score before the window opens.
fn set_race(args: &PlayArgs, opts: &mut GameOptions) -> Result<(), CliError> {
    if let Some(r) = args.race_to {
        if !(1..=99).contains(&r) {
            return Err(CliError::input("--race-to: from 1 to 99 racks"));
        }
        opts.rules.race_to = r;
        if let Some(f) = opts.load.as_mut() {
            f.state.rules.race_to = r;
            // A position loaded or linked must hold together in the race asked for (a score
            // of 5-3 is no race to 2), said before the window opens.
            f.check().map_err(|e| {
                CliError::input(format!(
                    "--race-to {r}: the position loaded does not hold together in a race to {r}: {}",
                    crate::echo::cut(&e)
                ))
            })?;
        }
    }
    Ok(())
}

/// Every screenshot a run will take, and the picture map beside it, must be a new file in a
/// folder that exists: refused before the window opens, so that no file (the loaded table
/// among them) is ever written over and no run ends in a failed write.
fn check_pictures(steps: &[ScriptStep]) -> Result<(), CliError> {
    let mut seen = std::collections::HashSet::new();
    for step in steps {
        let ScriptStep::Screenshot(out) = step else {
            continue;
        };
        if !out
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("png"))
        {
            return Err(CliError::input(format!(
                "--screenshot {}: a screenshot is a PNG picture; give a name ending in .png",
                crate::echo::path_for_message(out)
            )));
        }
        let map = crate::game::picture_map_path(out);
        for (path, what) in [(out, "the screenshot"), (&map, "its picture map")] {
            if let Some(why) = crate::outfile::problem(path, what) {
                return Err(CliError::input(format!("--screenshot: {why}")));
            }
            if !seen.insert(path.clone()) {
                return Err(CliError::input(format!(
                    "--screenshot: {} is written twice in one run",
                    path.display()
                )));
            }
        }
    }
    Ok(())
}

pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    if args.ghost {
        return super::drill::play_in_game("ghost", "You", false, args);
    }
    let opts = options(args)?;
    if args.load.is_none() && args.link.is_none() {
        super::warn(&format!(
            "racks {} with seed {} (--seed {} racks this game again), equipment {}",
            opts.rack.name(),
            opts.seed,
            opts.seed,
            opts.equipment.name()
        ));
    }
    run_with(opts)
}

/// Opens the game with these options.
pub fn run_with(opts: GameOptions) -> Result<(), CliError> {
    if cfg!(target_os = "linux") {
        display_problem().map_or(Ok(()), |why| Err(CliError::input(why)))?;
    }
    // winit panics where a display it was promised cannot be opened after all (a server that
    // refuses the connection): a message and exit 2 instead of a backtrace.
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| crate::game::run(opts)));
    match run {
        Ok(bevy::app::AppExit::Success) => Ok(()),
        Ok(bevy::app::AppExit::Error(code)) => Err(CliError {
            code: code.get(),
            message: "the game stopped with an error".into(),
        }),
        Err(_) => Err(CliError::input(format!(
            "the game's window could not be opened on this display ({}); {RUN_UNDER_XVFB}",
            display_words()
        ))),
    }
}

const RUN_UNDER_XVFB: &str =
    "on a machine without a display run it under Xvfb: xvfb-run -a tenball play ...";

fn display_words() -> String {
    let var = |k: &str| std::env::var(k).ok();
    format!(
        "DISPLAY={:?}, WAYLAND_DISPLAY={:?}",
        var("DISPLAY").unwrap_or_default(),
        var("WAYLAND_DISPLAY").unwrap_or_default()
    )
}

/// Why no window can be opened, when neither a Wayland socket nor an X server named by the
/// environment answers (a stale DISPLAY over ssh or in a container is common).
fn display_problem() -> Option<String> {
    let wayland = std::env::var("WAYLAND_DISPLAY")
        .ok()
        .filter(|w| !w.is_empty());
    let x = std::env::var("DISPLAY").ok().filter(|d| !d.is_empty());
    if wayland.is_none() && x.is_none() {
        return Some(format!(
            "no display to open the game's window on (neither DISPLAY nor WAYLAND_DISPLAY is \
             set); {RUN_UNDER_XVFB}"
        ));
    }
    if wayland.as_deref().is_some_and(wayland_answers) || x.as_deref().is_some_and(x_answers) {
        return None;
    }
    Some(format!(
        "no display answers ({}): the X server or Wayland compositor named is not running or \
         cannot be reached; {RUN_UNDER_XVFB}",
        display_words()
    ))
}

/// Whether the Wayland compositor's socket accepts a connection.
fn wayland_answers(name: &str) -> bool {
    let path = if name.starts_with('/') {
        PathBuf::from(name)
    } else {
        match std::env::var_os("XDG_RUNTIME_DIR") {
            Some(dir) => PathBuf::from(dir).join(name),
            None => return false,
        }
    };
    unix_answers(&path)
}

#[cfg(unix)]
fn unix_answers(path: &std::path::Path) -> bool {
    std::os::unix::net::UnixStream::connect(path).is_ok()
}

#[cfg(not(unix))]
fn unix_answers(_: &std::path::Path) -> bool {
    true
}

/// Whether the X server a DISPLAY value names accepts a connection: `:N` on its local socket,
/// `HOST:N` on TCP port 6000 + N.
fn x_answers(display: &str) -> bool {
    let Some((host, rest)) = display.rsplit_once(':') else {
        return false;
    };
    let Some(n) = rest.split('.').next().and_then(|n| n.parse::<u16>().ok()) else {
        return false;
    };
    if host.is_empty() || host == "unix" {
        return unix_answers(&PathBuf::from(format!("/tmp/.X11-unix/X{n}")));
    }
    let Some(port) = n.checked_add(6000) else {
        return false;
    };
    use std::net::ToSocketAddrs;
    (host, port).to_socket_addrs().is_ok_and(|mut addrs| {
        addrs.any(|a| {
            std::net::TcpStream::connect_timeout(&a, std::time::Duration::from_secs(2)).is_ok()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_display_that_names_no_server_does_not_answer() {
        assert!(!x_answers(":9999"));
        assert!(!x_answers("nonsense"));
        assert!(!x_answers(":x"));
        assert!(!wayland_answers("/nonexistent/wayland-socket"));
    }
}

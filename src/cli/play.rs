//! `tenball play` (and `tenball` alone): the 3D game. Options pick the table, practice or two
//! players, a table file to start from, and a script with a screenshot for pictures and tests.

use std::path::PathBuf;

use super::{CliError, parse_json, read_input};
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
    /// Start from a saved table file (layout, referee state, stroke).
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// Racks won to win the match.
    #[arg(long)]
    pub race_to: Option<u32>,
    /// Seed of the racks' random order.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
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

/// The game's start-up options from the arguments.
pub fn options(args: &PlayArgs) -> Result<GameOptions, CliError> {
    let mode = if args.players.is_some() {
        Mode::HotSeat
    } else {
        Mode::Practice
    };
    let mut opts = match &args.load {
        Some(path) => {
            let file = TableFile::load(path).map_err(|e| CliError::input(e.to_string()))?;
            options_from_file(file, mode)
        }
        None => GameOptions {
            table: args.table.unwrap_or_default(),
            mode,
            ..GameOptions::default()
        },
    };
    if let Some(names) = &args.players {
        let parts: Vec<&str> = names.split(',').map(str::trim).collect();
        match parts.as_slice() {
            [a, b] if !a.is_empty() && !b.is_empty() && a.len() <= 40 && b.len() <= 40 => {
                opts.players = [a.to_string(), b.to_string()];
            }
            _ => {
                return Err(CliError::input(
                    "--players: give two names of up to 40 characters, separated by a comma",
                ));
            }
        }
    }
    if let Some(r) = args.race_to {
        if !(1..=99).contains(&r) {
            return Err(CliError::input("--race-to: from 1 to 99 racks"));
        }
        opts.rules.race_to = r;
        if let Some(f) = opts.load.as_mut() {
            f.state.rules.race_to = r;
        }
    }
    opts.seed = args.seed;
    opts.panels = !args.hide_panels;
    opts.quality = args.quality.unwrap_or_default();
    if let Some(w) = args.window {
        opts.window = w;
    }
    let mut steps = Vec::new();
    if let Some(c) = args.camera {
        steps.push(ScriptStep::Camera(c));
    }
    if let Some(path) = &args.script {
        let (name, text) = read_input(Some(path))?;
        let script: Script = parse_json(&name, &text)?;
        steps.extend(script.steps);
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
        steps.extend([
            ScriptStep::Wait(60),
            ScriptStep::MeasureFps(n),
            ScriptStep::Exit,
        ]);
    }
    if !steps.is_empty() {
        opts.script = Some(Script { steps });
    }
    Ok(opts)
}

pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    run_with(options(args)?)
}

/// Opens the game with these options.
pub fn run_with(opts: GameOptions) -> Result<(), CliError> {
    // Without a display winit cannot open a window (and would panic): say what to do.
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none()
        && std::env::var_os("WAYLAND_DISPLAY").is_none()
    {
        return Err(CliError::input(
            "no display to open the game's window on (neither DISPLAY nor WAYLAND_DISPLAY is set); \
             on a machine without one run it under Xvfb: xvfb-run -a tenball play ...",
        ));
    }
    match crate::game::run(opts) {
        bevy::app::AppExit::Success => Ok(()),
        bevy::app::AppExit::Error(code) => Err(CliError {
            code: code.get(),
            message: "the game stopped with an error".into(),
        }),
    }
}

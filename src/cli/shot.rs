//! `tenball shot`: one shot simulated from a layout and a strike; `tenball rack`: a racked
//! layout to start from.

use std::path::PathBuf;

use rand::SeedableRng;
use rand::rngs::StdRng;
use serde::{Deserialize, Serialize};

use super::{CliError, parse_json, read_input};
use crate::physics::{Layout, SimConfig, Strike, simulate};
use crate::referee::rack;
use crate::table::{Placed, Point, TableSize};

#[derive(Debug, clap::Args)]
pub struct ShotArgs {
    /// JSON file with {layout, strike, config}; stdin when absent or `-`.
    pub file: Option<PathBuf>,
    /// Leave the sampled paths out of the output.
    #[arg(long)]
    pub no_paths: bool,
    /// Play it on this equipment: a built-in set (wpa, pro) or an equipment file; it replaces
    /// the input's `config.equipment`.
    #[arg(long, value_parser = crate::physics::Equipment::from_arg)]
    pub equipment: Option<crate::physics::Equipment>,
}

/// The input of `tenball shot`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShotInput {
    pub layout: Layout,
    pub strike: Strike,
    #[serde(default)]
    pub config: SimConfig,
}

pub fn run(args: &ShotArgs) -> Result<(), CliError> {
    let (name, text) = read_input(args.file.as_deref())?;
    let mut log = shot_text(&name, &text, args.equipment)?;
    if args.no_paths {
        log.paths.clear();
    }
    super::emit(&serde_json::to_string_pretty(&log).expect("logs serialize"))
}

/// The shot an input text describes, simulated; `name` names it in errors.
pub fn shot_text(
    name: &str,
    text: &str,
    equipment: Option<crate::physics::Equipment>,
) -> Result<crate::physics::ShotLog, CliError> {
    let mut input: ShotInput = parse_json(name, text)?;
    if let Some(e) = equipment {
        input.config.equipment = e;
    }
    simulate(&input.layout, &input.strike, &input.config)
        .map_err(|e| CliError::input(format!("{name}: {}", crate::echo::cut(&e.to_string()))))
}

#[derive(Debug, clap::Args)]
pub struct RackArgs {
    /// Seed of the random order of balls 2 to 9 and of the rack's gaps.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// How tightly the balls are racked: template, hand (the default),
    /// loose, even, tight, typical or the largest gap
    /// between neighbours in mm.
    #[arg(long, default_value = "hand", value_parser = crate::referee::Tightness::parse)]
    pub rack: crate::referee::Tightness,
    /// Table size: 9ft, 8ft or 7ft.
    #[arg(long, default_value = "9ft", value_parser = parse_size)]
    pub table: TableSize,
    /// Also print a break strike from the head spot at this cue ball speed (m/s), giving a
    /// complete `tenball shot` input.
    #[arg(long)]
    pub break_speed: Option<f64>,
}

pub(crate) fn parse_size(s: &str) -> Result<TableSize, String> {
    serde_json::from_value(serde_json::Value::String(s.to_string()))
        .map_err(|_| format!("unknown table size `{s}`: use 9ft, 8ft or 7ft"))
}

#[derive(Serialize)]
struct RackOut {
    layout: Layout,
    #[serde(skip_serializing_if = "Option::is_none")]
    strike: Option<Strike>,
}

pub fn run_rack(args: &RackArgs) -> Result<(), CliError> {
    let table = args.table.spec();
    let mut balls = vec![Placed {
        ball: 0,
        at: Point::new(table.head_string_x() - 0.01, 0.0),
    }];
    balls.extend(rack(
        &table,
        args.rack,
        &mut StdRng::seed_from_u64(args.seed),
    ));
    let strike = args.break_speed.map(|speed| Strike::new(0.0, speed));
    if let Some(s) = strike {
        s.validate()
            .map_err(|e| CliError::input(format!("--break-speed: {e}")))?;
    }
    let out = RackOut {
        layout: Layout {
            table: args.table,
            balls,
        },
        strike,
    };
    super::emit(&serde_json::to_string_pretty(&out).expect("layouts serialize"))
}

//! `tenball breaks sweep`: the options of a sweep, checked and turned into the batch layer's
//! break specs; the progress bar; the summary printed.

use std::path::PathBuf;

use super::CliError;
use super::batch_args::{SpecArgs, progress};
use crate::batch::CuePlace;
use crate::batch::sweep::{SweepInputs, claim, kitchen_grid, run_cell, write};

#[derive(Debug, clap::Args)]
pub struct SweepArgs {
    /// Cue ball places: COLUMNS x ROWS over the kitchen (along x ACROSS), for example 5x3.
    #[arg(long, default_value = "5x3")]
    pub grid: String,
    /// Cue ball speeds (m/s), comma separated.
    #[arg(
        long,
        default_value = "8,10,12",
        value_delimiter = ',',
        allow_hyphen_values = true
    )]
    pub speeds: Vec<f64>,
    /// Breaks at each place and speed.
    #[arg(long, default_value_t = 50)]
    pub count: u64,
    #[command(flatten)]
    pub spec: SpecArgs,
    /// The CSV file; the heatmaps go beside it as NAME-legal.png/.svg and NAME-pocketed.png/.svg.
    #[arg(long, default_value = "sweep.csv")]
    pub out: PathBuf,
    /// Vary one equipment figure over values, FIGURE=A,B,C (for example
    /// cushions.restitution=0.85,0.9,0.95 or pockets.corner_mouth_in=4.25,4.5): the whole
    /// sweep at each value, a column and a heatmap panel each.
    #[arg(long)]
    pub vary: Option<String>,
}

/// `--vary FIGURE=A,B,C`: the figure and its values, each checked against the equipment.
fn parse_vary(s: &str, base: &crate::physics::Equipment) -> Result<(String, Vec<f64>), CliError> {
    let (figure, values) = s.split_once('=').ok_or_else(|| {
        CliError::input(format!(
            "--vary {s:?}: expected FIGURE=A,B,C, for example cushions.restitution=0.85,0.9"
        ))
    })?;
    let figure = figure.trim();
    let mut out = Vec::new();
    for v in values.split(',') {
        let x: f64 = v
            .trim()
            .parse()
            .map_err(|_| CliError::input(format!("--vary {figure}: {v:?} is not a number")))?;
        base.with(figure, x)
            .map_err(|e| CliError::input(format!("--vary: {e}")))?;
        if out.contains(&x) {
            return Err(CliError::input(format!(
                "--vary {figure}: {} given twice",
                crate::echo::number(x)
            )));
        }
        out.push(x);
    }
    Ok((figure.to_string(), out))
}

/// The most speeds one sweep takes.
pub const MAX_SPEEDS: usize = 20;
/// The most breaks at one place and speed.
pub const MAX_SWEEP_COUNT: u64 = 1_000_000;

fn parse_grid(s: &str) -> Result<(usize, usize), CliError> {
    let bad = || {
        CliError::input(format!(
            "--grid `{s}`: expected COLUMNSxROWS, for example 5x3, each from 1 to 50"
        ))
    };
    let (c, r) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (c, r): (usize, usize) = (
        c.trim().parse().map_err(|_| bad())?,
        r.trim().parse().map_err(|_| bad())?,
    );
    if !(1..=50).contains(&c) || !(1..=50).contains(&r) {
        return Err(bad());
    }
    Ok((c, r))
}

pub fn run(args: &SweepArgs) -> Result<(), CliError> {
    let (cols, rows) = parse_grid(&args.grid)?;
    check_speeds_and_count(args)?;
    let vary = match &args.vary {
        Some(v) => Some(parse_vary(v, &args.spec.equipment)?),
        None => None,
    };
    let values: Vec<Option<f64>> = match &vary {
        Some((_, v)) => v.iter().copied().map(Some).collect(),
        None => vec![None],
    };
    if args.speeds.len() * values.len() > MAX_SPEEDS {
        return Err(CliError::input(format!(
            "--speeds times --vary: {} panels; a sweep draws at most {MAX_SPEEDS}",
            args.speeds.len() * values.len()
        )));
    }
    let table = args.spec.equipment.table(args.spec.table);
    let places = kitchen_grid(&table, cols, rows);
    // Check every point before any work.
    let mut specs = Vec::new();
    for &speed in &args.speeds {
        for &value in &values {
            for &p in &places {
                let mut spec = args.spec.spec(CuePlace::At(p), speed).map_err(|e| {
                    CliError::input(format!(
                        "--speeds {}: {}",
                        crate::echo::number(speed),
                        e.message
                    ))
                })?;
                if let (Some((figure, _)), Some(v)) = (&vary, value) {
                    spec.equipment = spec.equipment.with(figure, v).map_err(CliError::input)?;
                }
                specs.push((spec, value));
            }
        }
    }
    // Every file the sweep writes is claimed before the first break: new names in a folder
    // that takes files, named together at the end.
    let claimed = claim(&args.out).map_err(CliError::input)?;
    let first = &specs[0].0;
    let inputs = SweepInputs {
        grid: [cols, rows],
        speeds: args.speeds.clone(),
        count: args.count,
        seed: first.seed,
        table: first.table,
        rack: first.rack,
        noise: first.noise,
        side: first.side,
        height: first.height,
        elevation_deg: first.elevation_deg,
        equipment: args.spec.equipment,
        vary: vary.clone(),
    };
    let pool = args.spec.pool()?;
    let bar = progress(specs.len() as u64 * args.count, 0);
    let mut cells = Vec::with_capacity(specs.len());
    for (spec, value) in &specs {
        let mut cell = pool
            .install(|| run_cell(spec, args.count))
            .map_err(CliError::input)?;
        cell.vary = *value;
        cells.push(cell);
        bar.inc(args.count);
    }
    bar.finish_and_clear();
    let written = write(claimed, &inputs, &table, &cells).map_err(CliError::input)?;
    super::emit(&summary(
        places.len(),
        args,
        vary.as_ref(),
        &cells,
        &written,
    ))
}

/// `--speeds` and `--count` within their bounds, no speed twice (each speed is a panel).
fn check_speeds_and_count(args: &SweepArgs) -> Result<(), CliError> {
    if args.speeds.is_empty() || args.count == 0 {
        return Err(CliError::input(
            "--speeds and --count must not be empty or zero",
        ));
    }
    if args.speeds.len() > MAX_SPEEDS {
        return Err(CliError::input(format!(
            "--speeds: {} values; a sweep takes at most {MAX_SPEEDS} (a panel each in the heatmaps)",
            args.speeds.len()
        )));
    }
    if args.count > MAX_SWEEP_COUNT {
        return Err(CliError::input(format!(
            "--count: at most {MAX_SWEEP_COUNT} breaks at each place and speed"
        )));
    }
    if let Some((_, &twice)) = args
        .speeds
        .iter()
        .enumerate()
        .find(|&(i, v)| args.speeds[..i].contains(v))
    {
        return Err(CliError::input(format!(
            "--speeds: {} m/s given twice (each speed is one panel)",
            crate::echo::number(twice)
        )));
    }
    Ok(())
}

/// What the sweep prints: its size, a line a cell, the files written.
fn summary(
    places: usize,
    args: &SweepArgs,
    vary: Option<&(String, Vec<f64>)>,
    cells: &[crate::batch::sweep::Cell],
    written: &[PathBuf],
) -> String {
    let mut text = format!(
        "{} places x {} speeds{} x {} breaks\n",
        places,
        args.speeds.len(),
        vary.map(|(f, v)| format!(" x {} values of {f}", v.len()))
            .unwrap_or_default(),
        args.count
    );
    for c in cells {
        let value = match (vary, c.vary) {
            (Some((f, _)), Some(v)) => format!("  {f} {v}"),
            _ => String::new(),
        };
        text.push_str(&format!(
            "  x {:+.3} y {:+.3}  {:>5.1} m/s{value}  legal {:>5.1} %  pocketed {:.2}  a ball {:>5.1} %\n",
            c.x,
            c.y,
            c.speed,
            c.legal_share * 100.0,
            c.balls_pocketed_mean,
            c.pocketed_any_share * 100.0
        ));
    }
    text.push_str(&format!(
        "wrote {}",
        written
            .iter()
            .map(|p| crate::echo::path_for_message(p))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    text
}

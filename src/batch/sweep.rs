//! `tenball breaks sweep`: a grid of cue ball places in the kitchen times a list of speeds; at
//! each point a batch of breaks (the same racks everywhere, for fair comparison). Written as CSV
//! and drawn as heatmaps of the legal-break share and the balls pocketed (PNG and SVG).

use std::path::{Path, PathBuf};

use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;
use rayon::prelude::*;
use serde::Serialize;

use super::{CuePlace, Tally, run_break};
use crate::cli::CliError;
use crate::cli::breaks::{SpecArgs, progress};
use crate::table::{Point, Table};

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
        allow_negative_numbers = true
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
}

/// One point of the sweep.
#[derive(Debug, Clone, Serialize)]
pub struct Cell {
    pub x: f64,
    pub y: f64,
    pub speed: f64,
    pub breaks: u64,
    pub legal_share: f64,
    pub legal_ci_lo: f64,
    pub legal_ci_hi: f64,
    pub balls_pocketed_mean: f64,
    pub pocketed_any_share: f64,
    pub four_rail_foul_share: f64,
    pub scratch_share: f64,
}

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

/// Centres of a grid of cells over the kitchen.
pub fn kitchen_grid(table: &Table, cols: usize, rows: usize) -> Vec<Point> {
    let r = table.ball_radius;
    let (x0, x1) = (-table.length / 2.0 + r, table.head_string_x());
    let (y0, y1) = (-table.width / 2.0 + r, table.width / 2.0 - r);
    let mut points = Vec::with_capacity(cols * rows);
    for j in 0..rows {
        for i in 0..cols {
            points.push(Point::new(
                x0 + (i as f64 + 0.5) * (x1 - x0) / cols as f64,
                y0 + (j as f64 + 0.5) * (y1 - y0) / rows as f64,
            ));
        }
    }
    points
}

pub fn run(args: &SweepArgs) -> Result<(), CliError> {
    let (cols, rows) = parse_grid(&args.grid)?;
    if args.speeds.is_empty() || args.count == 0 {
        return Err(CliError::input(
            "--speeds and --count must not be empty or zero",
        ));
    }
    let table = args.spec.table.spec();
    let places = kitchen_grid(&table, cols, rows);
    // Check every point before any work.
    let mut specs = Vec::new();
    for &speed in &args.speeds {
        for &p in &places {
            specs.push(
                args.spec
                    .spec(CuePlace::At(p), speed)
                    .map_err(|e| CliError::input(format!("--speeds {speed}: {}", e.message)))?,
            );
        }
    }
    // Every file the sweep writes must be new: the CSV and its four heatmaps.
    let outputs: Vec<PathBuf> = std::iter::once(args.out.clone())
        .chain(
            ["legal", "pocketed"]
                .into_iter()
                .flat_map(|what| ["png", "svg"].map(|ext| sibling(&args.out, what, ext))),
        )
        .collect();
    if let Some(p) = outputs.iter().find(|p| p.exists()) {
        return Err(CliError::input(format!(
            "{}: exists; the sweep never writes over a file, choose another --out",
            p.display()
        )));
    }
    let pool = args.spec.pool()?;
    let bar = progress(specs.len() as u64 * args.count, 0);
    let mut cells = Vec::with_capacity(specs.len());
    for spec in &specs {
        let records: Vec<_> = pool
            .install(|| {
                (0..args.count)
                    .into_par_iter()
                    .map(|i| run_break(spec, i))
                    .collect::<Result<Vec<_>, _>>()
            })
            .map_err(CliError::input)?;
        let mut tally = Tally::default();
        records.iter().for_each(|r| tally.add(r));
        let s = tally.summary();
        let CuePlace::At(p) = spec.cue else {
            unreachable!("the sweep places the cue ball")
        };
        cells.push(Cell {
            x: p.x,
            y: p.y,
            speed: spec.speed,
            breaks: s.breaks,
            legal_share: s.legal.share,
            legal_ci_lo: s.legal.ci95[0],
            legal_ci_hi: s.legal.ci95[1],
            balls_pocketed_mean: s.balls_pocketed_mean,
            pocketed_any_share: s.pocketed_any.share,
            four_rail_foul_share: s.four_rail_foul.share,
            scratch_share: s.scratch.share,
        });
        bar.inc(args.count);
    }
    bar.finish_and_clear();
    let mut w = csv::Writer::from_path(&args.out)
        .map_err(|e| CliError::input(format!("{}: cannot create: {e}", args.out.display())))?;
    for c in &cells {
        w.serialize(c)
            .map_err(|e| CliError::input(format!("{}: {e}", args.out.display())))?;
    }
    w.flush()
        .map_err(|e| CliError::input(format!("{}: {e}", args.out.display())))?;
    let mut written = vec![args.out.clone()];
    for (what, title, value, max) in [
        (
            "legal",
            "Legal breaks (share)",
            (|c: &Cell| c.legal_share) as fn(&Cell) -> f64,
            1.0,
        ),
        (
            "pocketed",
            "Balls pocketed per break",
            |c: &Cell| c.balls_pocketed_mean,
            cells
                .iter()
                .map(|c| c.balls_pocketed_mean)
                .fold(0.5, f64::max),
        ),
    ] {
        let map = Heatmap {
            table: &table,
            cells: &cells,
            speeds: &args.speeds,
            grid: (cols, rows),
            title,
            value,
            max,
        };
        for ext in ["png", "svg"] {
            let path = sibling(&args.out, what, ext);
            draw(&path, &map)
                .map_err(|e| CliError::input(format!("{}: cannot draw: {e}", path.display())))?;
            written.push(path);
        }
    }
    let mut text = format!(
        "{} places x {} speeds x {} breaks\n",
        places.len(),
        args.speeds.len(),
        args.count
    );
    for c in &cells {
        text.push_str(&format!(
            "  x {:+.3} y {:+.3}  {:>5.1} m/s  legal {:>5.1} %  pocketed {:.2}\n",
            c.x,
            c.y,
            c.speed,
            c.legal_share * 100.0,
            c.balls_pocketed_mean
        ));
    }
    text.push_str(&format!(
        "wrote {}",
        written
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    crate::cli::emit(&text)?;
    Ok(())
}

fn sibling(csv: &Path, what: &str, ext: &str) -> PathBuf {
    let stem = csv.file_stem().and_then(|s| s.to_str()).unwrap_or("sweep");
    csv.with_file_name(format!("{stem}-{what}.{ext}"))
}

static FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

fn register_font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// What a heatmap shows.
struct Heatmap<'a> {
    table: &'a Table,
    cells: &'a [Cell],
    speeds: &'a [f64],
    grid: (usize, usize),
    title: &'a str,
    value: fn(&Cell) -> f64,
    max: f64,
}

/// Draws a heatmap to a PNG, or an SVG for a `.svg` name.
fn draw(path: &Path, map: &Heatmap) -> Result<(), Box<dyn std::error::Error>> {
    register_font();
    let size = (420 * map.speeds.len() as u32, 400);
    match path.extension().and_then(|e| e.to_str()) {
        Some("svg") => paint(SVGBackend::new(path, size).into_drawing_area(), map),
        _ => paint(BitMapBackend::new(path, size).into_drawing_area(), map),
    }
}

fn paint<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    m: &Heatmap,
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let (top, body) = root.split_vertically(40);
    top.titled(m.title, ("sans-serif", 22))?;
    let panels = body.split_evenly((1, m.speeds.len()));
    let (cols, rows) = m.grid;
    let r = m.table.ball_radius;
    let (x0, x1) = (-m.table.length / 2.0 + r, m.table.head_string_x());
    let (y0, y1) = (-m.table.width / 2.0 + r, m.table.width / 2.0 - r);
    let (dx, dy) = ((x1 - x0) / cols as f64, (y1 - y0) / rows as f64);
    for (area, &speed) in panels.iter().zip(m.speeds) {
        let mut chart = ChartBuilder::on(area)
            .caption(format!("{speed} m/s"), ("sans-serif", 18))
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(x0..x1, y0..y1)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("x (m): head cushion to head string")
            .y_desc("y (m)")
            .label_style(("sans-serif", 12))
            .draw()?;
        for c in m.cells.iter().filter(|c| c.speed == speed) {
            let v = (m.value)(c);
            let color = ViridisRGB::get_color_normalized(v, 0.0, m.max);
            chart.draw_series(std::iter::once(Rectangle::new(
                [
                    (c.x - dx / 2.0, c.y - dy / 2.0),
                    (c.x + dx / 2.0, c.y + dy / 2.0),
                ],
                color.filled(),
            )))?;
            let text_color = if v / m.max > 0.6 { BLACK } else { WHITE };
            chart.draw_series(std::iter::once(Text::new(
                format!("{v:.2}"),
                (c.x - dx * 0.2, c.y),
                ("sans-serif", 13).into_font().color(&text_color),
            )))?;
        }
    }
    root.present()?;
    Ok(())
}

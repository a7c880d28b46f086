//! Sweeps of break batches: a grid of cue ball places in the kitchen times a list of speeds;
//! at each point a batch of breaks (the same racks everywhere, for fair comparison), written as
//! CSV and drawn as heatmaps of the legal-break share and the balls pocketed (PNG and SVG).
//! `tenball breaks sweep` (in `cli`) parses the options into these types.

use std::path::{Path, PathBuf};

use plotters::prelude::*;
use plotters::style::colors::colormaps::ViridisRGB;
use rayon::prelude::*;
use serde::Serialize;

use super::{BreakSpec, CuePlace, Tally, run_break};
use crate::palette::register_font;
use crate::table::{Point, Table};

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

/// The breaks of one point of the sweep (on the current rayon pool), summed up.
/// The breaks are run in chunks of this many and summed up in order: memory stays flat however
/// large the count, and the sums are the same whatever the number of threads.
const CHUNK: u64 = 4096;

pub fn run_cell(spec: &BreakSpec, count: u64) -> Result<Cell, String> {
    let mut tally = Tally::default();
    let mut next = 0;
    while next < count {
        let end = (next + CHUNK).min(count);
        let records = (next..end)
            .into_par_iter()
            .map(|i| run_break(spec, i))
            .collect::<Result<Vec<_>, _>>()?;
        records.iter().for_each(|r| tally.add(r));
        next = end;
    }
    let s = tally.summary();
    let CuePlace::At(p) = spec.cue else {
        return Err("a sweep places the cue ball at each point of its grid".into());
    };
    Ok(Cell {
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
    })
}

/// Every file a sweep writes: the CSV and its four heatmaps beside it.
pub fn outputs(csv: &Path) -> Vec<PathBuf> {
    std::iter::once(csv.to_path_buf())
        .chain(
            ["legal", "pocketed"]
                .into_iter()
                .flat_map(|what| ["png", "svg"].map(|ext| sibling(csv, what, ext))),
        )
        .collect()
}

/// Writes the CSV and the heatmaps (a panel per speed over a `grid` of places); returns the
/// files written. An error names the file.
pub fn write(
    csv_path: &Path,
    table: &Table,
    cells: &[Cell],
    speeds: &[f64],
    grid: (usize, usize),
) -> Result<Vec<PathBuf>, String> {
    // Each file is written under a name of its own first and given its name only when all
    // are done: a sweep stopped half-way leaves none of its outputs to block the rerun.
    let parts = crate::outfile::Staged::default();
    let name = csv_path.display();
    let csv_part = parts.add(csv_path);
    let mut w =
        csv::Writer::from_path(&csv_part).map_err(|e| format!("{name}: cannot create: {e}"))?;
    for c in cells {
        w.serialize(c).map_err(|e| format!("{name}: {e}"))?;
    }
    w.flush().map_err(|e| format!("{name}: {e}"))?;
    drop(w);
    let mut written = vec![csv_path.to_path_buf()];
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
            table,
            cells,
            speeds,
            grid,
            title,
            value,
            max,
        };
        for ext in ["png", "svg"] {
            let path = sibling(csv_path, what, ext);
            let part = parts.add(&path);
            draw(&part, &map).map_err(|e| format!("{}: cannot draw: {e}", path.display()))?;
            written.push(path);
        }
    }
    parts.finish()?;
    Ok(written)
}

fn sibling(csv: &Path, what: &str, ext: &str) -> PathBuf {
    let stem = csv.file_stem().and_then(|s| s.to_str()).unwrap_or("sweep");
    csv.with_file_name(format!("{stem}-{what}.{ext}"))
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

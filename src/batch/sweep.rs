//! Sweeps of break batches: a grid of cue ball places in the kitchen times a list of speeds,
//! and, with `--vary`, times the values of one equipment figure; at each point a batch of
//! breaks (the same racks everywhere, for fair comparison), written as CSV and drawn as
//! heatmaps of the legal-break share and the balls pocketed (PNG and SVG), a panel for each
//! speed and value.
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
    /// The varied equipment figure's value at this point (`--vary`), else empty; last, so
    /// that the columns before it stay where they were.
    pub vary: Option<f64>,
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
        vary: None,
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

/// A sweep's five files, claimed before any break is played: each name checked new, each
/// temporary file created (so a missing or unwritable folder, a name too long, a dangling
/// link are found at once), all named together at the end or none.
pub struct Claimed {
    staged: crate::outfile::Staged,
    /// The temporary names, in the order of [`outputs`].
    parts: Vec<PathBuf>,
    finals: Vec<PathBuf>,
}

/// Claims the sweep's outputs for the CSV `csv` (which must end in `.csv`).
pub fn claim(csv: &Path) -> Result<Claimed, String> {
    let is_csv = csv
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    if !is_csv {
        return Err(format!(
            "--out {}: a sweep writes a CSV (NAME.csv; the heatmaps go beside it as NAME-legal.png/.svg and NAME-pocketed.png/.svg)",
            crate::echo::path_for_message(csv)
        ));
    }
    let staged = crate::outfile::Staged::default();
    let finals = outputs(csv);
    let parts = finals
        .iter()
        .zip([
            "the sweep's CSV",
            "a heatmap",
            "a heatmap",
            "a heatmap",
            "a heatmap",
        ])
        .map(|(p, what)| staged.add(p, what))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Claimed {
        staged,
        parts,
        finals,
    })
}

/// What a sweep was made with, written as the CSV's first line (`# tenball_sweep {...}`, the
/// way a breaks CSV carries its inputs): every input but the place, which each row gives.
#[derive(Debug, Clone, Serialize)]
pub struct SweepInputs {
    pub grid: [usize; 2],
    pub speeds: Vec<f64>,
    pub count: u64,
    pub seed: u64,
    pub table: crate::table::TableSize,
    pub rack: crate::referee::Tightness,
    pub noise: Option<crate::physics::Noise>,
    pub side: f64,
    pub height: f64,
    pub elevation_deg: f64,
    /// The equipment the sweep was played on (`--vary` changes one figure of it).
    pub equipment: crate::physics::Equipment,
    /// The figure `--vary` changes and its values.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vary: Option<(String, Vec<f64>)>,
}

impl SweepInputs {
    /// The heatmaps' panels: each speed, times each varied value.
    fn panels(&self) -> Vec<Panel> {
        let mut out = Vec::new();
        for &speed in &self.speeds {
            match &self.vary {
                None => out.push(Panel {
                    speed,
                    vary: None,
                    caption: format!("{speed} m/s"),
                }),
                Some((name, values)) => out.extend(values.iter().map(|&v| Panel {
                    speed,
                    vary: Some(v),
                    caption: format!("{speed} m/s, {name} {v}"),
                })),
            }
        }
        out
    }
}

/// One panel of a heatmap.
struct Panel {
    speed: f64,
    vary: Option<f64>,
    caption: String,
}

/// Writes the CSV and the heatmaps (a panel per speed over a `grid` of places) to the claimed
/// names and names them; returns the files written. An error names the file.
pub fn write(
    claimed: Claimed,
    inputs: &SweepInputs,
    table: &Table,
    cells: &[Cell],
) -> Result<Vec<PathBuf>, String> {
    let Claimed {
        staged,
        parts,
        finals,
    } = claimed;
    let name = crate::echo::path_for_message(&finals[0]);
    let mut bytes = format!(
        "# tenball_sweep {}\n",
        serde_json::to_string(inputs).expect("inputs serialize")
    )
    .into_bytes();
    {
        let mut w = csv::Writer::from_writer(&mut bytes);
        for c in cells {
            w.serialize(c).map_err(|e| format!("{name}: {e}"))?;
        }
        w.flush().map_err(|e| format!("{name}: {e}"))?;
    }
    std::fs::write(&parts[0], &bytes).map_err(|e| format!("{name}: cannot write: {e}"))?;
    let grid = (inputs.grid[0], inputs.grid[1]);
    let maps = [
        (
            "Legal breaks (share)",
            (|c: &Cell| c.legal_share) as fn(&Cell) -> f64,
            1.0,
        ),
        (
            "Balls pocketed per break",
            |c: &Cell| c.balls_pocketed_mean,
            cells
                .iter()
                .map(|c| c.balls_pocketed_mean)
                .fold(0.5, f64::max),
        ),
    ];
    for (k, (title, value, max)) in maps.into_iter().enumerate() {
        let map = Heatmap {
            table,
            cells,
            panels: inputs.panels(),
            grid,
            title,
            value,
            max,
        };
        for j in 0..2 {
            let i = 1 + 2 * k + j;
            draw(&parts[i], j == 1, &map).map_err(|e| {
                format!(
                    "{}: {}",
                    crate::echo::path_for_message(&finals[i]),
                    crate::outfile::drawing_error(e.as_ref())
                )
            })?;
        }
    }
    staged.finish()?;
    Ok(finals)
}

/// `NAME-what.ext` beside `NAME.csv`, the stem kept as it is (not UTF-8 included).
fn sibling(csv: &Path, what: &str, ext: &str) -> PathBuf {
    let mut name = csv
        .file_stem()
        .map(|s| s.to_os_string())
        .unwrap_or_else(|| "sweep".into());
    name.push(format!("-{what}.{ext}"));
    csv.with_file_name(name)
}

/// What a heatmap shows.
struct Heatmap<'a> {
    table: &'a Table,
    cells: &'a [Cell],
    panels: Vec<Panel>,
    grid: (usize, usize),
    title: &'a str,
    value: fn(&Cell) -> f64,
    max: f64,
}

/// Draws a heatmap to a PNG, or an SVG when `svg`.
fn draw(path: &Path, svg: bool, map: &Heatmap) -> Result<(), Box<dyn std::error::Error>> {
    register_font();
    let size = (420 * map.panels.len() as u32, 400);
    if svg {
        paint(SVGBackend::new(path, size).into_drawing_area(), map)
    } else {
        paint(BitMapBackend::new(path, size).into_drawing_area(), map)
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
    let panels = body.split_evenly((1, m.panels.len()));
    let (cols, rows) = m.grid;
    let r = m.table.ball_radius;
    let (x0, x1) = (-m.table.length / 2.0 + r, m.table.head_string_x());
    let (y0, y1) = (-m.table.width / 2.0 + r, m.table.width / 2.0 - r);
    let (dx, dy) = ((x1 - x0) / cols as f64, (y1 - y0) / rows as f64);
    for (area, panel) in panels.iter().zip(&m.panels) {
        let mut chart = ChartBuilder::on(area)
            .caption(&panel.caption, ("sans-serif", 18))
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
        for c in m
            .cells
            .iter()
            .filter(|c| c.speed == panel.speed && c.vary == panel.vary)
        {
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

//! The break against the pros: breaks at the pros' mean speed from one place, for each rack
//! tightness, beside the published ten-ball figures (`shared/notes/physics.md`), with where the
//! balls of each part of the rack go. `cargo run --release --example break_vs_pros` writes the
//! README's table and `docs/break-vs-pros.png`.

use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;

use super::{BreakSpec, CuePlace, Tally, break_seed, run_break};
use crate::physics::Noise;
use crate::referee::{Tightness, rack};
use crate::table::{Pocket, Point};

pub use crate::physics::params::PRO_SPEED;
/// Ten ball, pros: balls made a break (about 1.5; 1.66 and 1.79 in one challenge match).
pub const PRO_BALLS: (f64, f64) = (1.5, 1.79);
/// Ten ball, pros: share of breaks that make a ball (74 % and 88 %, the same match).
pub const PRO_MAKE_SHARE: (f64, f64) = (0.74, 0.88);

/// The parts of a ten-ball rack, by place: the apex (the 1), the second row, the two back
/// corners, and the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RackPart {
    Apex,
    SecondRow,
    BackCorners,
    Others,
}

impl RackPart {
    pub const ALL: [RackPart; 4] = [
        RackPart::Apex,
        RackPart::SecondRow,
        RackPart::BackCorners,
        RackPart::Others,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RackPart::Apex => "the 1 (apex)",
            RackPart::SecondRow => "second row",
            RackPart::BackCorners => "back corners",
            RackPart::Others => "the rest",
        }
    }

    /// The part of the rack's place `k` (0 apex; 1-2 second row; 3-5 third; 6-9 back row).
    fn of_place(k: usize) -> RackPart {
        match k {
            0 => RackPart::Apex,
            1 | 2 => RackPart::SecondRow,
            6 | 9 => RackPart::BackCorners,
            _ => RackPart::Others,
        }
    }
}

/// What the breaks of one tightness gave.
#[derive(Debug, Clone)]
pub struct TightnessRow {
    pub tightness: Tightness,
    pub breaks: u64,
    pub balls_mean: f64,
    pub make_share: f64,
    pub legal_share: f64,
    pub scratch_share: f64,
    /// The same breaks without execution noise: balls made a break, breaks that make a ball
    /// (the band from a perfect stroke to FastFiz's noise).
    pub quiet: Option<(f64, f64)>,
    /// Per rack part: pocketed into a foot corner, a side, a head corner (share of breaks,
    /// per ball of the part).
    pub parts: Vec<(RackPart, [f64; 3])>,
}

/// The breaks at `PRO_SPEED` from `place`, `count` of them, with `noise` (FastFiz's in the
/// README's figures).
pub fn run(
    place: Point,
    tightness: Tightness,
    count: u64,
    noise: Option<Noise>,
) -> Result<TightnessRow, String> {
    let spec = BreakSpec {
        cue: CuePlace::At(place),
        speed: PRO_SPEED,
        noise,
        rack: tightness,
        ..BreakSpec::default()
    };
    spec.validate()?;
    let records = (0..count)
        .into_par_iter()
        .map(|i| run_break(&spec, i))
        .collect::<Result<Vec<_>, _>>()?;
    let mut tally = Tally::default();
    records.iter().for_each(|r| tally.add(r));
    let s = tally.summary();
    let table = spec.table.spec();
    let mut counts = [[0u64; 3]; 4];
    let mut balls_in = [0u64; 4];
    for r in &records {
        // The rack is the first thing drawn from the break's seed: the same places again.
        let placed = rack(
            &table,
            tightness,
            &mut StdRng::seed_from_u64(break_seed(spec.seed, r.index)),
        );
        for (k, p) in placed.iter().enumerate() {
            let part = RackPart::of_place(k) as usize;
            balls_in[part] += 1;
            if let Some(hit) = r.pocketed.iter().find(|q| q.ball == p.ball) {
                let slot = match hit.pocket {
                    Pocket::FootLeft | Pocket::FootRight => 0,
                    Pocket::SideLeft | Pocket::SideRight => 1,
                    Pocket::HeadLeft | Pocket::HeadRight => 2,
                };
                counts[part][slot] += 1;
            }
        }
    }
    let parts = RackPart::ALL
        .iter()
        .map(|&p| {
            let n = balls_in[p as usize].max(1) as f64;
            (p, counts[p as usize].map(|c| c as f64 / n))
        })
        .collect();
    Ok(TightnessRow {
        tightness,
        breaks: s.breaks,
        balls_mean: s.balls_pocketed_mean,
        make_share: s.pocketed_any.share,
        legal_share: s.legal.share,
        scratch_share: s.scratch.share,
        quiet: None,
        parts,
    })
}

/// The README's table: one line per tightness (with noise, and without where measured), the
/// pros' line last.
pub fn markdown(rows: &[TightnessRow]) -> String {
    let mut out = String::from(
        "| rack | breaks | balls made a break (no noise) | breaks that make a ball (no noise) | legal | scratch |\n|---|---|---|---|---|---|\n",
    );
    for r in rows {
        let (qb, qs) = r.quiet.map_or((String::new(), String::new()), |(b, s)| {
            (format!(" ({b:.2})"), format!(" ({:.0} %)", 100.0 * s))
        });
        out.push_str(&format!(
            "| {} | {} | {:.2}{qb} | {:.0} %{qs} | {:.0} % | {:.1} % |\n",
            r.tightness.name(),
            r.breaks,
            r.balls_mean,
            100.0 * r.make_share,
            100.0 * r.legal_share,
            100.0 * r.scratch_share
        ));
    }
    out.push_str(&format!(
        "| pros (ten ball) | 99, 85 | about {:.1} ({:.2}-{:.2}) | {:.0}-{:.0} % | | |\n",
        PRO_BALLS.0,
        1.66,
        PRO_BALLS.1,
        100.0 * PRO_MAKE_SHARE.0,
        100.0 * PRO_MAKE_SHARE.1
    ));
    out.push_str(
        "\n| rack | part | foot corners | sides | head corners |\n|---|---|---|---|---|\n",
    );
    for r in rows {
        for (part, s) in &r.parts {
            out.push_str(&format!(
                "| {} | {} | {:.1} % | {:.1} % | {:.1} % |\n",
                r.tightness.name(),
                part.name(),
                100.0 * s[0],
                100.0 * s[1],
                100.0 * s[2]
            ));
        }
    }
    out
}

/// Bars of balls made a break and breaks that make a ball, per tightness, against the pros'
/// band (shaded): dark with noise, light behind it without. Not in the web build.
#[cfg(not(target_arch = "wasm32"))]
pub fn plot(rows: &[TightnessRow], out: &std::path::Path) -> Result<(), String> {
    use plotters::prelude::*;
    crate::palette::register_font();
    let go = || -> Result<(), Box<dyn std::error::Error>> {
        let root = BitMapBackend::new(out, (900, 420)).into_drawing_area();
        root.fill(&WHITE)?;
        let (left, right) = root.split_horizontally(450);
        let n = rows.len();
        for (area, title, value, band, max) in [
            (
                &left,
                "Balls made a break (10.7 m/s)",
                (|r: &TightnessRow| (r.balls_mean, r.quiet.map(|q| q.0)))
                    as fn(&TightnessRow) -> (f64, Option<f64>),
                (PRO_BALLS.0, PRO_BALLS.1),
                2.0,
            ),
            (
                &right,
                "Breaks that make a ball",
                |r: &TightnessRow| (r.make_share, r.quiet.map(|q| q.1)),
                PRO_MAKE_SHARE,
                1.0,
            ),
        ] {
            let mut chart = ChartBuilder::on(area)
                .caption(title, ("sans-serif", 18))
                .margin(12)
                .x_label_area_size(30)
                .y_label_area_size(45)
                .build_cartesian_2d((0..n - 1).into_segmented(), 0.0..max)?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .x_label_formatter(&|x| match x {
                    SegmentValue::CenterOf(i) if *i < n => rows[*i].tightness.name(),
                    _ => String::new(),
                })
                .label_style(("sans-serif", 13))
                .draw()?;
            chart.draw_series(std::iter::once(Rectangle::new(
                [
                    (SegmentValue::Exact(0), band.0),
                    (SegmentValue::Last, band.1),
                ],
                RGBColor(240, 170, 60).mix(0.35).filled(),
            )))?;
            chart.draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
                let quiet = value(r).1?;
                let mut bar = Rectangle::new(
                    [
                        (SegmentValue::Exact(i), 0.0),
                        (SegmentValue::Exact(i + 1), quiet),
                    ],
                    RGBColor(150, 190, 225).filled(),
                );
                bar.set_margin(0, 0, 6, 6);
                Some(bar)
            }))?;
            chart.draw_series(rows.iter().enumerate().map(|(i, r)| {
                let mut bar = Rectangle::new(
                    [
                        (SegmentValue::Exact(i), 0.0),
                        (SegmentValue::Exact(i + 1), value(r).0),
                    ],
                    RGBColor(40, 110, 170).filled(),
                );
                bar.set_margin(0, 0, 16, 16);
                bar
            }))?;
            chart.draw_series(std::iter::once(Text::new(
                "pros",
                (SegmentValue::Exact(0), band.1),
                ("sans-serif", 13).into_font().color(&RGBColor(150, 90, 0)),
            )))?;
            chart.draw_series(std::iter::once(Text::new(
                "dark: FastFiz's noise; light: a perfect stroke",
                (SegmentValue::Exact(0), 0.97 * max),
                ("sans-serif", 12).into_font().color(&RGBColor(40, 70, 110)),
            )))?;
        }
        root.present()?;
        Ok(())
    };
    go().map_err(|e| format!("{}: cannot draw the plot: {e}", out.display()))
}

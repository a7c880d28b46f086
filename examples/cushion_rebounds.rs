//! Writes `docs/cushion-rebounds.png`: tenball's cushion model (lines) against the reference
//! values of Mathavan et al. 2010's model (dots). `cargo run --release --example cushion_rebounds`.
//! The physics draws nothing; this example is its testbed for the README's plot.

use std::path::Path;

use plotters::prelude::*;

fn main() {
    let out = Path::new("docs/cushion-rebounds.png");
    if let Err(e) = cushion_rebounds(out) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    println!("wrote {}", out.display());
}

/// Mathavan's cushion model as tenball computes it against the paper's model as pooltool 0.6
/// computes it (`physics::cushion::PAPER`): rebound angle and speed against the angle of
/// incidence, at 1 m/s with the paper's ball and cushion, one line per spin (tenball) with the
/// reference values as dots. The README shows it (`docs/cushion-rebounds.png`).
fn cushion_rebounds(out: &Path) -> Result<(), String> {
    use bevy::math::{DVec2, DVec3};
    use tenball::physics::cushion::{PAPER_BALL, rebound_model};
    tenball::palette::register_font();
    let p = PAPER_BALL;
    let (m, r, h) = (p.mass, p.radius, p.nose_height);
    let (e, mu_s, mu_w) = (p.restitution, p.mu_slide, p.mu_cushion);
    let spins: [Spin; 5] = [
        (0.0, 0.0, "stun", RGBColor(90, 90, 90)),
        (1.0, 0.0, "rolling", RGBColor(30, 100, 200)),
        (-1.0, 0.0, "backspin", RGBColor(120, 60, 160)),
        (1.0, 1.0, "rolling, running english", RGBColor(20, 150, 60)),
        (1.0, -1.0, "rolling, reverse english", RGBColor(200, 60, 40)),
    ];
    // (angle off the cushion line, speed) after a hit at incidence `alpha` (degrees from the line).
    let ours = |kt: f64, ks: f64, alpha: f64| {
        let a = alpha.to_radians();
        let v = DVec3::new(a.cos(), a.sin(), 0.0);
        let w = DVec3::new(-kt * a.sin() / r, kt * a.cos() / r, ks / r);
        let (o, _, _) = rebound_model(v, w, DVec2::Y, r, m, (h - r) / r, e, mu_s, mu_w, 200);
        ((-o.y).atan2(o.x).to_degrees(), o.x.hypot(o.y))
    };
    let svg = out.extension().is_some_and(|e| e == "svg");
    if svg {
        let root = SVGBackend::new(out, (1100, 480)).into_drawing_area();
        rebound_panels(root, &spins, &ours)
    } else {
        let root = BitMapBackend::new(out, (1100, 480)).into_drawing_area();
        rebound_panels(root, &spins, &ours)
    }
    .map_err(|e| format!("{}: {e}", out.display()))
}

type Spin = (f64, f64, &'static str, RGBColor);

fn rebound_panels<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    spins: &[Spin],
    ours: &dyn Fn(f64, f64, f64) -> (f64, f64),
) -> Result<(), Box<dyn std::error::Error>>
where
    DB::ErrorType: 'static,
{
    use tenball::physics::cushion::PAPER;
    {
        root.fill(&WHITE)?;
        let (left, right) = root.split_horizontally(550);
        for (panel, speed) in [(left, false), (right, true)] {
            let (title, y_range) = if speed {
                ("Rebound speed (m/s), 1 m/s in", 0.6..1.0)
            } else {
                ("Rebound angle off the cushion (deg)", 0.0..110.0)
            };
            let mut chart = ChartBuilder::on(&panel)
                .caption(title, ("sans-serif", 18))
                .margin(12)
                .x_label_area_size(36)
                .y_label_area_size(44)
                .build_cartesian_2d(0.0..90.0, y_range)?;
            chart
                .configure_mesh()
                .x_desc("incidence off the cushion (deg)")
                .label_style(("sans-serif", 13))
                .light_line_style(RGBColor(240, 240, 240))
                .bold_line_style(RGBColor(215, 215, 215))
                .draw()?;
            for &(kt, ks, name, colour) in spins {
                let line: Vec<(f64, f64)> = (1..=179)
                    .map(|k| {
                        let alpha = k as f64 * 0.5;
                        let (ang, sp) = ours(kt, ks, alpha);
                        (alpha, if speed { sp } else { ang })
                    })
                    .collect();
                let series = chart.draw_series(LineSeries::new(line, colour.stroke_width(2)))?;
                if !speed {
                    series.label(name).legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
                    });
                }
                let dots = PAPER
                    .iter()
                    .filter(|p| p.topspin == kt && p.sidespin == ks)
                    .map(|p| {
                        let v = if speed {
                            p.along.hypot(p.off)
                        } else {
                            (-p.off).atan2(p.along).to_degrees()
                        };
                        Circle::new((p.incidence_deg, v), 4, colour.filled())
                    });
                chart.draw_series(dots)?;
            }
            if !speed {
                chart
                    .configure_series_labels()
                    .position(SeriesLabelPosition::UpperLeft)
                    .label_font(("sans-serif", 12))
                    .background_style(WHITE.mix(0.8))
                    .border_style(BLACK)
                    .draw()?;
            }
        }
        root.present()?;
        Ok(())
    }
}

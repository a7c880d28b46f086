//! Writes `docs/cushion-rebounds.png`: tenball's cushion model (lines) against the reference
//! values of Mathavan et al. 2010's model (dots); and `docs/cushion-fig7a.png`: the cushion's
//! stop against the paper's measured rebounds (Fig. 7(a)), with the fit's uncertainty printed.
//! `cargo run --release --example cushion_rebounds`. The physics draws nothing; this example
//! is its testbed for the guide's plots.

use std::path::Path;

use plotters::prelude::*;

fn main() {
    let out = Path::new("docs/cushion-rebounds.png");
    if let Err(e) = cushion_rebounds(out) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    println!("wrote {}", out.display());
    let out = Path::new("docs/cushion-fig7a.png");
    if let Err(e) = fig_7a(out) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    println!("wrote {}", out.display());
}

/// Fig. 7(a)'s measured rebounds (dots) against the paper's rigid model (e 0.98) and the same
/// model with the stop (`E_STOP`, `STOP_SPEED`), with the snooker ball; the WPA set's pool
/// ball on the same law (its rubber's 0.90) to 7 m/s; and the fit's spread over 200 resamples
/// of the 19 points (printed).
fn fig_7a(out: &Path) -> Result<(), String> {
    use bevy::math::{DVec2, DVec3};
    use rand::{RngExt, SeedableRng};
    use tenball::physics::Equipment;
    use tenball::physics::cushion::{
        FIG_7A, Give, PAPER_BALL, fit_rolling_rebounds, paper_rolling_rebound, rebound,
        rolling_misses,
    };
    use tenball::physics::params::{E_STOP, STOP_SPEED};
    tenball::palette::register_font();
    let rigid = Give::rigid(PAPER_BALL.restitution);
    let stop = Give {
        nose: PAPER_BALL.restitution,
        stop: E_STOP,
        stop_speed: STOP_SPEED,
    };
    let rms = |g: Give| rolling_misses(&FIG_7A, g);
    println!(
        "Fig. 7(a), 19 points: root mean square miss {:.3} m/s rigid, {:.3} m/s with the stop",
        rms(rigid),
        rms(stop)
    );
    // The fit's spread: 200 resamples of the points, with replacement.
    let mut rng = rand::rngs::StdRng::seed_from_u64(61);
    let mut fits: Vec<(f64, f64)> = (0..200)
        .map(|_| {
            let pick: Vec<(f64, f64)> = (0..FIG_7A.len())
                .map(|_| FIG_7A[rng.random_range(0..FIG_7A.len())])
                .collect();
            let (g, _) = fit_rolling_rebounds(&pick);
            (g.stop, g.stop_speed)
        })
        .collect();
    let band = |xs: &mut Vec<f64>| {
        xs.sort_by(f64::total_cmp);
        (xs[xs.len() * 5 / 100], xs[xs.len() * 95 / 100])
    };
    let (s_lo, s_hi) = band(&mut fits.iter().map(|f| f.0).collect());
    let (v_lo, v_hi) = band(&mut fits.iter().map(|f| f.1).collect());
    fits.clear();
    println!(
        "the fit: stop restitution {E_STOP} (90 % of resamples {s_lo:.3}-{s_hi:.3}), stop speed {STOP_SPEED} m/s ({v_lo:.2}-{v_hi:.2})"
    );
    // The pool ball on the WPA set, rolling square in.
    let wpa = Equipment::wpa();
    let r = tenball::table::BALL_RADIUS;
    let pool = |v: f64| {
        let (o, _, _) = rebound(
            DVec3::new(0.0, v, 0.0),
            DVec3::new(-v / r, 0.0, 0.0),
            DVec2::Y,
            r,
            &wpa,
        );
        o.truncate().length()
    };
    for v in [1.0, 2.0, 3.0, 4.0, 5.0, 7.0] {
        println!(
            "pool ball rolling in at {v} m/s: rebound {:.3} m/s ({:.3} of it)",
            pool(v),
            pool(v) / v
        );
    }
    let go = || -> Result<(), Box<dyn std::error::Error>> {
        let root = BitMapBackend::new(out, (900, 520)).into_drawing_area();
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "A rolling ball square into the cushion: rebound against incident speed",
                ("sans-serif", 18),
            )
            .margin(14)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0.0..7.0, 0.0..6.5)?;
        chart
            .configure_mesh()
            .x_desc("incident speed (m/s)")
            .y_desc("rebound speed (m/s)")
            .label_style(("sans-serif", 13))
            .light_line_style(RGBColor(240, 240, 240))
            .bold_line_style(RGBColor(215, 215, 215))
            .draw()?;
        let curve = |f: &dyn Fn(f64) -> f64, top: f64| -> Vec<(f64, f64)> {
            (1..=140)
                .map(|k| k as f64 * 0.05)
                .filter(|&v| v <= top)
                .map(|v| (v, f(v)))
                .collect()
        };
        let lines: [(&str, Vec<(f64, f64)>, RGBColor); 3] = [
            (
                "paper's rigid model, e 0.98 (snooker ball)",
                curve(&|v| paper_rolling_rebound(v, rigid), 7.0),
                RGBColor(150, 150, 150),
            ),
            (
                "with the stop, fitted (snooker ball)",
                curve(&|v| paper_rolling_rebound(v, stop), 7.0),
                RGBColor(30, 100, 200),
            ),
            (
                "tenball's WPA set, pool ball (rubber 0.90, the same stop)",
                curve(&pool, 7.0),
                RGBColor(200, 60, 40),
            ),
        ];
        for (name, line, colour) in lines {
            chart
                .draw_series(LineSeries::new(line, colour.stroke_width(2)))?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
                });
        }
        chart
            .draw_series(
                FIG_7A
                    .iter()
                    .map(|&(v, o)| Circle::new((v, o), 4, BLACK.filled())),
            )?
            .label("measured, Mathavan et al. 2010 Fig. 7(a)")
            .legend(|(x, y)| Circle::new((x + 9, y), 4, BLACK.filled()));
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font(("sans-serif", 13))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
        Ok(())
    };
    go().map_err(|e| format!("{}: {e}", out.display()))
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
        let (o, _, _) = rebound_model(
            v,
            w,
            DVec2::Y,
            r,
            m,
            (h - r) / r,
            tenball::physics::cushion::Give::rigid(e),
            mu_s,
            mu_w,
            200,
        );
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

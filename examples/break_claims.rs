//! The break against the sources, claim by claim (issue 61): the cue ball's place scanned
//! across the table, 4 cm behind the head string, every 2 cm from the long string to the edge
//! of the pro events' break box (0.20 m), then every 6 cm to 4 cm off the side cushion; template,
//! hand and loose racks at the pros' 10.7 m/s with FastFiz's noise; what each of Alciatore's and
//! Appleton's claims measures at each place. Writes `docs/break-claims.csv` and
//! `docs/break-claims.png` and prints the guide's tables; `--candidates` measures the claims
//! again with one physical setting changed at a time (template racks, four places), and
//! `--candidates --as-built` only the first line, for a constant changed in the source;
//! `--elevation DEG` and `--height H` scan with that stroke (tables only).
//! `cargo run --release --no-default-features --example break_claims [COUNT] [--candidates]
//! [--elevation DEG] [--height H]`.

use std::fmt::Write as _;

use tenball::batch::BreakSpec;
use tenball::batch::claims::{ClaimCounts, run};
use tenball::batch::pros::PRO_SPEED;
use tenball::physics::{Equipment, Noise};
use tenball::referee::Tightness;
use tenball::table::Point;

/// 4 cm behind the head string, as the guide's best place.
const X: f64 = -0.678;
/// The pro events' break box: about 8 in either side of the long string.
const BOX: f64 = 0.20;

fn places() -> Vec<f64> {
    let mut ys: Vec<f64> = (0..=10).map(|k| 0.02 * k as f64).collect();
    ys.extend([0.26, 0.32, 0.38, 0.44, 0.50, 0.56]);
    ys
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count = args
        .first()
        .and_then(|a| a.parse::<u64>().ok())
        .unwrap_or(1000);
    // `--elevation DEG` and `--height H` play the scan with that stroke (tables only: the CSV
    // and the plot are the level, centre-ball stroke's).
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|k| args.get(k + 1))
            .and_then(|v| v.parse::<f64>().ok())
    };
    let stroke = BreakSpec {
        elevation_deg: option("--elevation").unwrap_or(0.0),
        height: option("--height").unwrap_or(0.0),
        ..spec()
    };
    let result = if args.iter().any(|a| a == "--candidates") {
        candidates(count, args.iter().any(|a| a == "--as-built"))
    } else {
        scan(count, stroke)
    };
    if let Err(e) = result {
        eprintln!("{e}");
        std::process::exit(1);
    }
}

fn spec() -> BreakSpec {
    BreakSpec {
        speed: PRO_SPEED,
        ..BreakSpec::default()
    }
}

const RACKS: [Tightness; 3] = [Tightness::Template, Tightness::Hand, Tightness::Loose];

fn scan(count: u64, spec: BreakSpec) -> Result<(), String> {
    let files = spec == self::spec();
    let ys = places();
    let mut rows: Vec<(Tightness, f64, ClaimCounts)> = Vec::new();
    for rack in RACKS {
        for &y in &ys {
            let c = run(&spec, Point::new(X, y), rack, count, Some(Noise::default()))?;
            rows.push((rack, y, c));
        }
    }
    let mut csv = String::from(
        "rack,y,breaks,balls_made,breaks_making_a_ball,second_row_in_a_side,second_row_stay_foot_side,\
         one_in_foot_corner,one_in_side,one_in_head_corner,one_first_head,one_first_long_head_half,\
         one_first_long_foot_half,one_first_foot,one_first_none,back_corner_in_a_corner,\
         back_corner_in_a_corner_after_four\n",
    );
    for (rack, y, c) in &rows {
        let _ = writeln!(
            csv,
            "{},{y:.2},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            rack.name(),
            c.breaks,
            c.balls_made,
            c.breaks_making_a_ball,
            c.second_row_in_a_side,
            c.second_row_stay_foot_side,
            c.one_pocketed[0],
            c.one_pocketed[1],
            c.one_pocketed[2],
            c.one_first_cushion[0],
            c.one_first_cushion[1],
            c.one_first_cushion[2],
            c.one_first_cushion[3],
            c.one_first_cushion[4],
            c.back_corner_in_a_corner,
            c.back_corner_in_a_corner_after_four
        );
    }
    std::fs::write("docs/break-claims.csv", &csv)
        .map_err(|e| format!("docs/break-claims.csv: {e}"))?;
    println!("wrote docs/break-claims.csv");
    // Per rack: each place's row, then the box against outside it.
    for rack in RACKS {
        println!(
            "\n{} racks, {count} breaks a place, x {X}, {PRO_SPEED} m/s, FastFiz's noise, cue \
             elevation {} deg, tip {} R above centre",
            rack.name(),
            spec.elevation_deg,
            spec.height
        );
        println!(
            "| y (m) | balls | a ball | 2nd row in a side | 2nd row stay foot side | the 1: head corner / side / foot corner | the 1's first cushion: head / long, head half / long, foot half | back corner in a corner (4+ cushions) |"
        );
        println!("|---|---|---|---|---|---|---|---|");
        for (_, y, c) in rows.iter().filter(|r| r.0 == rack) {
            println!("{}", line(&format!("{y:.2}"), c));
        }
        let pool = |inside: bool| {
            let mut t = ClaimCounts::default();
            for (_, y, c) in rows.iter().filter(|r| r.0 == rack) {
                if (*y <= BOX + 1e-9) == inside {
                    t.add(c);
                }
            }
            t
        };
        println!("{}", line("in the box", &pool(true)));
        println!("{}", line("outside it", &pool(false)));
    }
    if files {
        plot(&rows, count).map_err(|e| format!("docs/break-claims.png: {e}"))?;
        println!("\nwrote docs/break-claims.png");
    }
    Ok(())
}

/// One line of the guide's table.
fn line(label: &str, c: &ClaimCounts) -> String {
    let p = |n: u64, per: u64| 100.0 * c.share(n, per);
    format!(
        "| {label} | {:.2} | {:.0} % | {:.1} % | {:.0} % | {:.1} / {:.1} / {:.1} % | {:.0} / {:.0} / {:.0} % | {:.1} % ({:.1} %) |",
        c.balls_mean(),
        p(c.breaks_making_a_ball, 1),
        p(c.second_row_in_a_side, 1),
        p(c.second_row_stay_foot_side, 2),
        p(c.one_pocketed[2], 1),
        p(c.one_pocketed[1], 1),
        p(c.one_pocketed[0], 1),
        p(c.one_first_cushion[0], 1),
        p(c.one_first_cushion[1], 1),
        p(c.one_first_cushion[2], 1),
        p(c.back_corner_in_a_corner, 2),
        p(c.back_corner_in_a_corner_after_four, 2),
    )
}

/// Balls made a break and the share of breaks with a second-row ball in a side, against the
/// cue ball's distance from the long string, one line per rack, the break box shaded.
fn plot(
    rows: &[(Tightness, f64, ClaimCounts)],
    count: u64,
) -> Result<(), Box<dyn std::error::Error>> {
    use plotters::prelude::*;
    tenball::palette::register_font();
    let root = BitMapBackend::new("docs/break-claims.png", (1000, 440)).into_drawing_area();
    root.fill(&WHITE)?;
    let (left, right) = root.split_horizontally(500);
    let colours = [
        RGBColor(30, 100, 200),
        RGBColor(200, 120, 30),
        RGBColor(120, 120, 120),
    ];
    for (area, title, max, value) in [
        (
            &left,
            "Balls made a break",
            2.0,
            &(|c: &ClaimCounts| c.balls_mean()) as &dyn Fn(&ClaimCounts) -> f64,
        ),
        (
            &right,
            "Breaks with a 2nd-row ball in a side (%)",
            80.0,
            &(|c: &ClaimCounts| 100.0 * c.share(c.second_row_in_a_side, 1))
                as &dyn Fn(&ClaimCounts) -> f64,
        ),
    ] {
        let mut chart = ChartBuilder::on(area)
            .caption(title, ("sans-serif", 17))
            .margin(12)
            .x_label_area_size(38)
            .y_label_area_size(44)
            .build_cartesian_2d(0.0..0.6, 0.0..max)?;
        chart
            .configure_mesh()
            .x_desc(format!(
                "cue ball from the long string (m); {count} breaks a point"
            ))
            .label_style(("sans-serif", 12))
            .light_line_style(RGBColor(240, 240, 240))
            .draw()?;
        chart.draw_series(std::iter::once(Rectangle::new(
            [(0.0, 0.0), (BOX, max)],
            RGBColor(235, 245, 235).filled(),
        )))?;
        for (k, rack) in RACKS.iter().enumerate() {
            let pts: Vec<(f64, f64)> = rows
                .iter()
                .filter(|r| r.0 == *rack)
                .map(|r| (r.1, value(&r.2)))
                .collect();
            let colour = colours[k];
            chart
                .draw_series(LineSeries::new(pts.clone(), colour.stroke_width(2)))?
                .label(format!("{} racks", rack.name()))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
                });
            chart.draw_series(pts.into_iter().map(|p| Circle::new(p, 3, colour.filled())))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font(("sans-serif", 12))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()?;
    Ok(())
}

/// The claims with one setting changed at a time: template racks, the centre, slightly off
/// it, the box's edge and outside it; `as_built` alone, for a constant changed in the source
/// (the balls' restitution, their friction).
fn candidates(count: u64, as_built: bool) -> Result<(), String> {
    let base = spec();
    let wpa = Equipment::wpa();
    let variants: Vec<(&str, BreakSpec)> = vec![
        ("as built", base),
        (
            "no stop (cushion restitution 0.90 at every speed)",
            BreakSpec {
                equipment: wpa.with("cushions.stop_restitution", wpa.cushions.restitution)?,
                ..base
            },
        ),
        (
            "cloth mu_slide 0.15",
            BreakSpec {
                equipment: wpa.with("cloth.mu_slide", 0.15)?,
                ..base
            },
        ),
        (
            "cloth mu_slide 0.3",
            BreakSpec {
                equipment: wpa.with("cloth.mu_slide", 0.3)?,
                ..base
            },
        ),
        (
            "elevation 3 deg",
            BreakSpec {
                elevation_deg: 3.0,
                ..base
            },
        ),
        (
            "elevation 6 deg",
            BreakSpec {
                elevation_deg: 6.0,
                ..base
            },
        ),
        (
            "follow (tip 0.3 R above centre)",
            BreakSpec {
                height: 0.3,
                ..base
            },
        ),
        (
            "draw (tip 0.3 R below centre)",
            BreakSpec {
                height: -0.3,
                ..base
            },
        ),
    ];
    println!("template racks, {count} breaks a place, x {X}, {PRO_SPEED} m/s, FastFiz's noise");
    println!(
        "| setting | y (m) | balls | a ball | 2nd row in a side | 2nd row stay foot side | the 1: head corner / side / foot corner | the 1's first cushion: head / long, head half / long, foot half | back corner in a corner (4+ cushions) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for (name, spec) in variants
        .into_iter()
        .take(if as_built { 1 } else { usize::MAX })
    {
        for y in [0.0, 0.04, BOX, 0.38] {
            let c = run(
                &spec,
                Point::new(X, y),
                Tightness::Template,
                count,
                Some(Noise::default()),
            )?;
            println!("| {name} {}", line(&format!("{y:.2}"), &c));
        }
    }
    Ok(())
}

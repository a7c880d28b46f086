//! Top-down handout drawings of a scenario, made without a GPU (plotters, PNG or SVG): the
//! table with its pockets and diamonds, the balls numbered in their colours where the shot
//! began, each moving ball's path (the cue ball solid, object balls dashed in their colour),
//! the contacts numbered in order (ball on ball, and each rail hit), and the ruling with its
//! rule as the caption.

use std::path::Path;

use plotters::prelude::*;

use crate::palette::{BALL_COLOURS, CLOTH};
use crate::physics::{CUSHION_DEPTH, Event, Layout, ShotLog, pocket_holes};
use crate::table::Table;
use crate::teaching::scenario::{Keep, Scenario};

/// Pixels per metre.
const SCALE: f64 = 330.0;
/// Wood around the cushions (m).
const RAIL: f64 = 0.1;
const MARGIN: f64 = 12.0;
const CAPTION: u32 = 130;
/// The most contacts numbered.
const MAX_CONTACTS: usize = 20;

fn rgb(c: [u8; 3]) -> RGBColor {
    RGBColor(c[0], c[1], c[2])
}

/// Draws the scenario to `out` (an SVG for a `.svg` name, a PNG for `.png`, either case); an
/// existing file is never written over, and a scenario a step of which cannot be taken is not
/// drawn.
pub fn draw(s: &Scenario, out: &Path) -> Result<(), String> {
    draw_captioned(s, out, None)
}

/// [`draw`] with the caption's lines given (a quiz question's, which must not tell the ruling)
/// instead of the title and the first shot's ruling.
pub fn draw_captioned(s: &Scenario, out: &Path, caption: Option<&[String]>) -> Result<(), String> {
    let svg = match out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
    {
        Some(e) if e == "svg" => true,
        Some(e) if e == "png" => false,
        _ => {
            return Err(format!(
                "{}: a diagram is a .png or an .svg file",
                out.display()
            ));
        }
    };
    let staged = crate::outfile::Staged::default();
    let part = staged.add(out, "the diagram")?;
    let run = s.run(None, Keep::FirstShot);
    if let Some(why) = &run.stopped {
        return Err(format!("{}: not drawn: {why}", s.title));
    }
    let table = s.position.layout.table.spec();
    let (w, h) = size(&table);
    let size = (w, h + CAPTION);
    let result = if svg {
        paint(
            SVGBackend::new(&part, size).into_drawing_area(),
            s,
            &run,
            &table,
            caption,
        )
    } else {
        paint(
            BitMapBackend::new(&part, size).into_drawing_area(),
            s,
            &run,
            &table,
            caption,
        )
    };
    result.map_err(|e| {
        format!(
            "{}: {}",
            crate::echo::path_for_message(out),
            crate::outfile::drawing_error(e.as_ref())
        )
    })?;
    staged.finish()
}

fn size(t: &Table) -> (u32, u32) {
    let edge = CUSHION_DEPTH + RAIL;
    (
        ((t.length + 2.0 * edge) * SCALE + 2.0 * MARGIN) as u32,
        ((t.width + 2.0 * edge) * SCALE + 2.0 * MARGIN) as u32,
    )
}

/// Table coordinates to pixels.
fn px(t: &Table, x: f64, y: f64) -> (i32, i32) {
    let edge = CUSHION_DEPTH + RAIL;
    (
        (MARGIN + (x + t.length / 2.0 + edge) * SCALE).round() as i32,
        (MARGIN + (t.width / 2.0 + edge - y) * SCALE).round() as i32,
    )
}

type Drawn = Result<(), Box<dyn std::error::Error>>;

/// The handout, step by step: the table, the shot's paths, the balls where it began, the
/// contacts numbered, a spotted ball, the caption.
fn paint<DB: DrawingBackend>(
    root: DrawingArea<DB, plotters::coord::Shift>,
    s: &Scenario,
    run: &crate::teaching::scenario::Run,
    t: &Table,
    given: Option<&[String]>,
) -> Drawn
where
    DB::ErrorType: 'static,
{
    crate::palette::register_font();
    root.fill(&WHITE)?;
    table(&root, t)?;
    // The shot shown: its start, paths and contacts; else the position.
    let (layout, log): (&Layout, Option<&ShotLog>) = match &run.shown {
        Some((l, log)) => (l, Some(log)),
        None => (&s.position.layout, None),
    };
    if let Some(log) = log {
        paths(&root, t, log)?;
    }
    balls(&root, t, layout)?;
    if let Some(log) = log {
        contacts(&root, t, log)?;
    }
    match given {
        Some(lines) => caption_lines(&root, t, lines)?,
        None => {
            if let Some(sp) = run.rulings.first().and_then(|r| r.spotted) {
                spotted(&root, t, sp)?;
            }
            caption(&root, t, s, run)?;
        }
    }
    root.present()?;
    Ok(())
}

/// Rails, cushions, cloth, pockets, diamonds, the head string and the foot spot.
fn table<DB: DrawingBackend>(root: &DrawingArea<DB, plotters::coord::Shift>, t: &Table) -> Drawn
where
    DB::ErrorType: 'static,
{
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    let edge = CUSHION_DEPTH + RAIL;
    // Rails, cushions, cloth.
    root.draw(&Rectangle::new(
        [px(t, -hl - edge, hw + edge), px(t, hl + edge, -hw - edge)],
        RGBColor(110, 62, 30).filled(),
    ))?;
    root.draw(&Rectangle::new(
        [
            px(t, -hl - CUSHION_DEPTH, hw + CUSHION_DEPTH),
            px(t, hl + CUSHION_DEPTH, -hw - CUSHION_DEPTH),
        ],
        RGBColor(10, 85, 44).filled(),
    ))?;
    root.draw(&Rectangle::new(
        [px(t, -hl, hw), px(t, hl, -hw)],
        rgb(CLOTH).filled(),
    ))?;
    for hole in pocket_holes(t) {
        let (x, y, r) = (hole.centre.x, hole.centre.y, hole.radius);
        root.draw(&Circle::new(
            px(t, x, y),
            (r * 1.3 * SCALE) as i32,
            BLACK.filled(),
        ))?;
    }
    // Diamonds, head string, foot spot.
    let mid = CUSHION_DEPTH + RAIL / 2.0;
    let mut diamonds = Vec::new();
    for k in [-3, -2, -1, 1, 2, 3] {
        let x = k as f64 * t.length / 8.0;
        diamonds.extend([(x, hw + mid), (x, -hw - mid)]);
    }
    for k in [-1, 0, 1] {
        let y = k as f64 * t.width / 4.0;
        diamonds.extend([(hl + mid, y), (-hl - mid, y)]);
    }
    for (x, y) in diamonds {
        root.draw(&Circle::new(px(t, x, y), 3, WHITE.filled()))?;
    }
    let faint = RGBColor(170, 210, 185);
    root.draw(&PathElement::new(
        vec![px(t, t.head_string_x(), hw), px(t, t.head_string_x(), -hw)],
        faint.stroke_width(1),
    ))?;
    let fs = t.foot_spot();
    root.draw(&Circle::new(px(t, fs.x, fs.y), 3, faint.filled()))?;
    Ok(())
}

/// Each moving ball's path: the cue ball's solid black, an object ball's dashed in its colour.
fn paths<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    t: &Table,
    log: &ShotLog,
) -> Drawn
where
    DB::ErrorType: 'static,
{
    for p in &log.paths {
        let pts: Vec<(i32, i32)> = p
            .samples
            .iter()
            .map(|s| px(t, s.at.x as f64, s.at.y as f64))
            .collect();
        let moved = pts.first() != pts.last();
        if !moved || pts.len() < 2 {
            continue;
        }
        if p.ball == 0 {
            root.draw(&PathElement::new(pts, BLACK.stroke_width(2)))?;
        } else {
            let c = rgb(BALL_COLOURS[p.ball as usize]);
            root.draw(&plotters::element::DashedPathElement::new(
                pts,
                7,
                5,
                c.stroke_width(2),
            ))?;
        }
    }
    Ok(())
}

/// The balls, numbered in their colours (the 9 and 10 striped).
fn balls<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    t: &Table,
    layout: &Layout,
) -> Drawn
where
    DB::ErrorType: 'static,
{
    let r_px = (t.ball_radius * SCALE).round() as i32;
    for b in &layout.balls {
        let at = px(t, b.at.x, b.at.y);
        let c = rgb(BALL_COLOURS[b.ball as usize]);
        if b.ball >= 9 {
            root.draw(&Circle::new(at, r_px, WHITE.filled()))?;
            root.draw(&Rectangle::new(
                [
                    (at.0 - r_px + 2, at.1 - r_px / 2),
                    (at.0 + r_px - 2, at.1 + r_px / 2),
                ],
                c.filled(),
            ))?;
        } else {
            root.draw(&Circle::new(at, r_px, c.filled()))?;
        }
        root.draw(&Circle::new(at, r_px, BLACK.stroke_width(1)))?;
        if b.ball > 0 {
            root.draw(&Circle::new(at, r_px * 3 / 5, WHITE.filled()))?;
            let label = b.ball.to_string();
            let dx = if label.len() > 1 { 7 } else { 4 };
            root.draw(&Text::new(
                label,
                (at.0 - dx, at.1 - 6),
                ("sans-serif", 12).into_font().color(&BLACK),
            ))?;
        }
    }
    Ok(())
}

/// The contacts in order (ball on ball, and each rail hit), numbered up to `MAX_CONTACTS`.
fn contacts<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    t: &Table,
    log: &ShotLog,
) -> Drawn
where
    DB::ErrorType: 'static,
{
    let path_of = |ball: u8| log.paths.iter().find(|p| p.ball == ball);
    let at = |ball: u8, time: f64| {
        path_of(ball)
            .and_then(|p| p.point_at(time))
            .map(|q| (q.x, q.y))
    };
    let mut n = 0;
    for e in &log.events {
        let place = match *e {
            Event::BallBall { t: time, a, b, .. } => match (at(a, time), at(b, time)) {
                (Some(p), Some(q)) => Some(((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)),
                _ => None,
            },
            Event::Cushion {
                t: time,
                ball,
                from_start: false,
                ..
            } => at(ball, time),
            _ => None,
        };
        let Some((x, y)) = place else { continue };
        n += 1;
        if n > MAX_CONTACTS {
            break;
        }
        // A marker unlike a ball: a red ring with the number in red, set off the contact.
        let c = px(t, x, y);
        let red = RGBColor(200, 20, 20);
        root.draw(&Circle::new(c, 3, red.filled()))?;
        let m = (c.0 + 11, c.1 - 11);
        root.draw(&Circle::new(m, 8, WHITE.filled()))?;
        root.draw(&Circle::new(m, 8, red.stroke_width(2)))?;
        root.draw(&Text::new(
            n.to_string(),
            (m.0 - if n >= 10 { 7 } else { 4 }, m.1 - 6),
            ("sans-serif", 11).into_font().color(&red),
        ))?;
    }
    Ok(())
}

/// A ball spotted by the first ruling: a ring where it goes.
fn spotted<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    t: &Table,
    sp: crate::referee::Spotted,
) -> Drawn
where
    DB::ErrorType: 'static,
{
    let r_px = (t.ball_radius * SCALE).round() as i32;
    let c = px(t, sp.at.x, sp.at.y);
    root.draw(&Circle::new(
        c,
        r_px + 3,
        RGBColor(200, 20, 20).stroke_width(2),
    ))?;
    root.draw(&Text::new(
        format!("{} spotted", sp.ball),
        (c.0 + r_px + 6, c.1 - 6),
        ("sans-serif", 12).into_font().color(&WHITE),
    ))?;
    Ok(())
}

/// The caption: title, rules, and the first shot's ruling with its rule.
fn caption<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    t: &Table,
    s: &Scenario,
    run: &crate::teaching::scenario::Run,
) -> Drawn
where
    DB::ErrorType: 'static,
{
    let mut lines = vec![format!("{}  ({})", s.title, s.rules.join(", "))];
    if let Some(r) = run.rulings.first() {
        let verdict = if r.legal { "Legal" } else { "Foul" };
        lines.extend(wrap(
            &format!("{verdict}, rule {}: {}", r.rule, r.explanation),
            130,
        ));
    }
    caption_lines(root, t, &lines)
}

/// Up to six lines under the table, the first larger.
fn caption_lines<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    t: &Table,
    lines: &[String],
) -> Drawn
where
    DB::ErrorType: 'static,
{
    let (_, h) = size(t);
    for (i, line) in lines.iter().take(6).enumerate() {
        let size = if i == 0 { 18 } else { 14 };
        root.draw(&Text::new(
            line.clone(),
            (MARGIN as i32, h as i32 + 8 + i as i32 * 20),
            ("sans-serif", size).into_font().color(&BLACK),
        ))?;
    }
    Ok(())
}

/// Words in lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_whitespace() {
        let last = lines.last_mut().expect("one line");
        if !last.is_empty() && last.len() + 1 + word.len() > width {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

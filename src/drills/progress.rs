//! A player's drill sessions in a progress file of JSON lines (natively `progress.jsonl` in
//! the platform's data folder under `tenball/`; `TENBALL_PROGRESS` names another): a line after
//! every attempt, each holding the session so far, so that a crash or a kill loses nothing
//! played; a session's last line is the session. The table `drill progress` prints from it:
//! per drill, the sessions finished, the first and the best score, the last few, where the last
//! sits among the computer's levels, and a session left unfinished (which `drill play
//! --resume` takes up). A line that does not read is named and passed over; nothing in the
//! file is ever rewritten.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::rating::{DrillLevels, place};

/// One session a player played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub player: String,
    pub drill: String,
    /// The session: seconds since 1970 (UTC) when it began.
    pub session: u64,
    /// Seconds since 1970 (UTC) when this line was written.
    pub time: u64,
    /// The session is over (its last line); false while attempts remain.
    pub over: bool,
    pub seed: u64,
    pub score: u32,
    pub max: u32,
    /// Each attempt's success, in order.
    pub attempts: Vec<bool>,
}

/// The progress file: `TENBALL_PROGRESS` if set, else `tenball/progress.jsonl` in the data
/// folder; none where the platform has no data folder.
pub fn default_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TENBALL_PROGRESS") {
        return Some(PathBuf::from(p));
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        dirs::data_dir().map(|d| d.join("tenball").join("progress.jsonl"))
    }
    #[cfg(target_arch = "wasm32")]
    {
        None
    }
}

/// `player`'s finished scores on `drill` in the progress file, oldest first (none where there
/// is no file, or in a browser, whose sessions are in its local storage).
pub fn finished_scores(player: &str, drill: &str) -> Vec<u32> {
    let Some(text) = default_path().and_then(|p| std::fs::read_to_string(p).ok()) else {
        return Vec::new();
    };
    let (entries, _) = read("", &text);
    finished(&entries, Some(player), drill)
        .iter()
        .map(|e| e.score)
        .collect()
}

/// The finished sessions of `drill` (`player`'s, or everyone's when none), oldest first.
pub fn finished<'a>(entries: &'a [Entry], player: Option<&str>, drill: &str) -> Vec<&'a Entry> {
    sessions(entries, player)
        .into_iter()
        .filter(|e| e.drill == drill && e.over)
        .collect()
}

/// Adds `entry` as a line at the end of `path` (the folder made if missing).
pub fn append(path: &Path, entry: &Entry) -> Result<(), String> {
    use std::io::Write;
    if let Some(dir) = path.parent()
        && !dir.as_os_str().is_empty()
    {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("{}: cannot make the folder: {e}", dir.display()))?;
    }
    let line = serde_json::to_string(entry).expect("entries serialize") + "\n";
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .and_then(|mut f| f.write_all(line.as_bytes()))
        .map_err(|e| format!("{}: cannot add the session: {e}", path.display()))
}

/// The entries of `text` (a progress file's), with a message for each line that does not
/// read ("FILE:LINE:COLUMN: problem"), which is passed over.
pub fn read(name: &str, text: &str) -> (Vec<Entry>, Vec<String>) {
    let (mut out, mut bad) = (Vec::new(), Vec::new());
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Entry>(line) {
            Ok(e) => out.push(e),
            Err(e) => bad.push(format!(
                "{name}:{}:{}: not a drill session, passed over: {}",
                i + 1,
                e.column(),
                crate::echo::cut(&e.to_string())
            )),
        }
    }
    (out, bad)
}

/// One drill's line of the progress table.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub drill: String,
    /// Sessions finished.
    pub sessions: usize,
    pub first: Option<u32>,
    pub best: Option<u32>,
    pub last: Option<u32>,
    pub max: u32,
    /// The last five finished scores, oldest first.
    pub recent: Vec<u32>,
    /// The last score among the computer's levels.
    pub placing: String,
    /// The newest session left unfinished, if it is newer than the last finished one: its
    /// attempts made.
    pub unfinished: Option<usize>,
}

/// Each session's last line (the session as it stands), in the order the sessions began.
pub fn sessions<'a>(entries: &'a [Entry], player: Option<&str>) -> Vec<&'a Entry> {
    let mut last: BTreeMap<(&str, &str, u64), &Entry> = BTreeMap::new();
    for e in entries
        .iter()
        .filter(|e| player.is_none_or(|p| e.player == p))
    {
        let key = (e.player.as_str(), e.drill.as_str(), e.session);
        if last.get(&key).is_none_or(|l| e.time >= l.time) {
            last.insert(key, e);
        }
    }
    let mut v: Vec<&Entry> = last.into_values().collect();
    v.sort_by_key(|e| (e.session, e.time));
    v
}

/// The newest unfinished session of `player` on `drill`, if none finished after it.
pub fn unfinished<'a>(entries: &'a [Entry], player: &str, drill: &str) -> Option<&'a Entry> {
    let s = sessions(entries, Some(player));
    let mine: Vec<&&Entry> = s.iter().filter(|e| e.drill == drill).collect();
    mine.last().filter(|e| !e.over).map(|e| **e)
}

/// The table of `player`'s sessions (every player's when none), a row per drill in name
/// order, the last score set among `levels` where the drill has them.
pub fn table(
    entries: &[Entry],
    player: Option<&str>,
    levels: &BTreeMap<String, DrillLevels>,
) -> Vec<Row> {
    let mut by: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
    for e in sessions(entries, player) {
        by.entry(e.drill.as_str()).or_default().push(e);
    }
    by.into_iter()
        .map(|(drill, v)| {
            let done: Vec<&Entry> = v.iter().filter(|e| e.over).copied().collect();
            let scores: Vec<u32> = done.iter().map(|e| e.score).collect();
            let newest = v.last().expect("a drill listed has a session");
            Row {
                drill: drill.to_string(),
                sessions: done.len(),
                first: scores.first().copied(),
                best: scores.iter().max().copied(),
                last: scores.last().copied(),
                max: newest.max,
                recent: scores[scores.len().saturating_sub(5)..].to_vec(),
                placing: match (levels.get(drill), scores.last()) {
                    (Some(l), Some(&s)) => place(f64::from(s), l).words(),
                    (None, _) => "the levels have not played it".to_string(),
                    (_, None) => "no session finished".to_string(),
                },
                unfinished: (!newest.over).then_some(newest.attempts.len()),
            }
        })
        .collect()
}

/// Draws `player`'s finished sessions of `drill` (score against session, oldest first) with
/// the computer's levels behind them (each level's quartiles a band, its mean a line, named);
/// a PNG, or an SVG for a `.svg` name. Not in the web build.
#[cfg(not(target_arch = "wasm32"))]
pub fn plot(
    scores: &[u32],
    max: u32,
    title: &str,
    levels: Option<&DrillLevels>,
    out: &Path,
) -> Result<(), String> {
    use plotters::prelude::*;
    crate::palette::register_font();
    let svg = out
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    let size = (800, 440);
    let err = |e: String| format!("{}: {e}", out.display());
    if svg {
        draw_plot(
            SVGBackend::new(out, size).into_drawing_area(),
            scores,
            max,
            title,
            levels,
        )
    } else {
        draw_plot(
            BitMapBackend::new(out, size).into_drawing_area(),
            scores,
            max,
            title,
            levels,
        )
    }
    .map_err(err)
}

/// [`plot`] on any of plotters' backends.
#[cfg(not(target_arch = "wasm32"))]
fn draw_plot<DB: plotters::prelude::DrawingBackend>(
    root: plotters::prelude::DrawingArea<DB, plotters::coord::Shift>,
    scores: &[u32],
    max: u32,
    title: &str,
    levels: Option<&DrillLevels>,
) -> Result<(), String> {
    use plotters::prelude::*;
    let err = |e: &dyn std::fmt::Display| e.to_string();
    root.fill(&WHITE).map_err(|e| err(&e))?;
    let n = scores.len().max(1);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(14)
        .x_label_area_size(34)
        .y_label_area_size(40)
        .build_cartesian_2d(0.5..n as f64 + 0.5, 0.0..f64::from(max.max(1)))
        .map_err(|e| err(&e))?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_max_light_lines(0)
        .x_desc("session")
        .y_desc("score")
        .x_labels(n.min(12))
        .x_label_formatter(&|x| format!("{x:.0}"))
        .label_style(("sans-serif", 13))
        .draw()
        .map_err(|e| err(&e))?;
    let shades = [
        RGBColor(230, 230, 230),
        RGBColor(215, 230, 245),
        RGBColor(215, 240, 215),
        RGBColor(250, 235, 200),
        RGBColor(245, 215, 215),
    ];
    for (i, (level, l)) in levels.into_iter().flatten().enumerate() {
        let c = shades[i % shades.len()];
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.5, l.low_quartile), (n as f64 + 0.5, l.high_quartile)],
                c.mix(0.6).filled(),
            )))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(LineSeries::new(
                [(0.5, l.mean), (n as f64 + 0.5, l.mean)],
                c.mix(1.0).stroke_width(2),
            ))
            .map_err(|e| err(&e))?;
        chart
            .draw_series(std::iter::once(Text::new(
                format!("level {level}"),
                (0.52, l.mean),
                ("sans-serif", 12).into_font().color(&RGBColor(90, 90, 90)),
            )))
            .map_err(|e| err(&e))?;
    }
    let points: Vec<(f64, f64)> = scores
        .iter()
        .enumerate()
        .map(|(i, &s)| ((i + 1) as f64, f64::from(s)))
        .collect();
    chart
        .draw_series(LineSeries::new(
            points.clone(),
            RGBColor(30, 90, 160).stroke_width(2),
        ))
        .map_err(|e| err(&e))?;
    chart
        .draw_series(
            points
                .iter()
                .map(|&p| Circle::new(p, 4, RGBColor(30, 90, 160).filled())),
        )
        .map_err(|e| err(&e))?;
    root.present().map_err(|e| err(&e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(drill: &str, time: u64, score: u32) -> Entry {
        Entry {
            player: "Ann".into(),
            drill: drill.into(),
            session: time,
            time,
            over: true,
            seed: 1,
            score,
            max: 10,
            attempts: vec![],
        }
    }

    #[test]
    fn the_table_keeps_first_best_and_last_in_time_order() {
        let e = vec![
            entry("stop-shot", 30, 7),
            entry("stop-shot", 10, 3),
            entry("stop-shot", 20, 9),
            entry("cut-shot", 5, 4),
        ];
        let rows = table(&e, Some("Ann"), &BTreeMap::new());
        assert_eq!(rows.len(), 2);
        let stop = &rows[1];
        assert_eq!(
            (stop.sessions, stop.first, stop.best, stop.last),
            (3, Some(3), Some(9), Some(7))
        );
        assert_eq!(stop.recent, vec![3, 9, 7]);
        assert_eq!(stop.unfinished, None);
        assert!(table(&e, Some("Bob"), &BTreeMap::new()).is_empty());
    }

    /// A session's lines after each attempt: its last is the session; one cut short by a kill
    /// keeps its attempts and is the one to resume.
    #[test]
    fn a_session_is_its_last_line_and_an_unfinished_one_is_kept() {
        let line = |session: u64, time: u64, attempts: usize, over: bool| Entry {
            session,
            time,
            over,
            score: attempts as u32,
            attempts: vec![true; attempts],
            ..entry("stop-shot", time, 0)
        };
        let e = vec![
            line(100, 101, 1, false),
            line(100, 102, 2, false),
            line(100, 103, 3, true),
            line(200, 201, 1, false),
            line(200, 202, 2, false),
        ];
        let s = sessions(&e, Some("Ann"));
        assert_eq!(s.len(), 2);
        assert_eq!((s[0].attempts.len(), s[0].over), (3, true));
        let rows = table(&e, None, &BTreeMap::new());
        assert_eq!((rows[0].sessions, rows[0].unfinished), (1, Some(2)));
        assert_eq!(unfinished(&e, "Ann", "stop-shot").unwrap().session, 200);
        assert!(unfinished(&e[..3], "Ann", "stop-shot").is_none());
    }

    #[test]
    fn a_line_that_does_not_read_is_named_and_passed_over() {
        let good = serde_json::to_string(&entry("stop-shot", 1, 5)).unwrap();
        let (e, bad) = read("p.jsonl", &format!("{good}\n{{\"player\": 3}}\n\n{good}\n"));
        assert_eq!(e.len(), 2);
        assert_eq!(bad.len(), 1);
        assert!(bad[0].starts_with("p.jsonl:2:"), "{}", bad[0]);
    }

    #[test]
    fn append_adds_a_line_and_makes_the_folder() {
        let dir = std::env::temp_dir().join(format!("tenball-progress-{}", std::process::id()));
        let path = dir.join("sub").join("progress.jsonl");
        append(&path, &entry("stop-shot", 1, 5)).unwrap();
        append(&path, &entry("stop-shot", 2, 6)).unwrap();
        let (e, bad) = read("p", &std::fs::read_to_string(&path).unwrap());
        assert_eq!((e.len(), bad.len()), (2, 0));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! A drill file (JSON, like the scenarios): what is set up, what each attempt must do, and how
//! the attempts are scored. [`Drill::parse`] refuses a bad file with its name, the place and
//! the problem; [`library`] holds the drills shipped in `assets/drills/`. The format is
//! documented in `docs/drills.md`.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::scoring::Scoring;
use crate::referee::Tightness;
use crate::table::{Placed, Pocket, Point, Table, TableSize};

/// A drill.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drill {
    pub title: String,
    /// Where the drill comes from, or the reason for its design.
    pub source: String,
    /// What the player is to do, as the game's card and `drill show` say it.
    pub what: String,
    #[serde(default)]
    pub table: TableSize,
    /// How the racks of a break, a run from a break and the ghost are racked: by default with
    /// a template, as a practising player racks (the break study's `template`, whose breaks
    /// make a ball as often as the pros' do).
    #[serde(default = "template", skip_serializing_if = "is_template")]
    pub rack: Tightness,
    /// What each attempt is.
    pub play: Play,
    pub scoring: Scoring,
}

/// What an attempt is: one stroke from a set-up position, a break, a run of a rack, or a
/// rack against the ghost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Play {
    /// One stroke from a position: the object balls in `balls`, the cue ball as `cue` says,
    /// balls in `drawn` placed anew in their zones for each attempt; the attempt succeeds when
    /// the stroke meets `goal`.
    Shot {
        balls: Vec<Placed>,
        cue: Cue,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        drawn: Vec<Drawn>,
        goal: Goal,
    },
    /// The break of a full rack (racked from the session's seed), the cue ball in hand in the
    /// kitchen: a success is a legal break that makes a ball, with the cue ball stopped in
    /// `cue_stops_in` where one is given.
    Break {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cue_stops_in: Option<Zone>,
    },
    /// A run of one rack: each stroke an attempt, from ball in hand on the balls a break of the
    /// simulator left (`from_break`, the rack and break drawn from the session's seed) or on
    /// `balls`; the run ends at the first stroke that does not keep the table, or the rack won.
    Run {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        balls: Vec<Placed>,
    },
    /// Ten Ball against the ghost: each attempt a rack, the player's break and then ball in
    /// hand anywhere (`in_hand`, the usual form) or the table as the break leaves it (a break
    /// that does not keep the table loses the rack); a rack is won by running out, lost at the
    /// first stroke that does not keep the table.
    Ghost {
        #[serde(default = "yes")]
        in_hand: bool,
    },
}

fn template() -> Tightness {
    Tightness::Template
}

fn is_template(t: &Tightness) -> bool {
    *t == Tightness::Template
}

fn yes() -> bool {
    true
}

/// Where the cue ball is for a stroke.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Cue {
    /// Always at this point.
    At(Point),
    /// At one of these places, the first is place 1: a progressive drill's ladder.
    Places(Vec<Point>),
    /// In hand anywhere: the player places it.
    InHand,
}

/// A ball placed anew for each attempt, uniformly in its zone (away from the other balls).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drawn {
    pub ball: u8,
    pub zone: Zone,
}

/// A rectangle of the bed, from one corner to the other (metres, the table's frame).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    pub from: Point,
    pub to: Point,
}

impl Zone {
    pub fn contains(&self, p: Point) -> bool {
        let (x0, x1) = (self.from.x.min(self.to.x), self.from.x.max(self.to.x));
        let (y0, y1) = (self.from.y.min(self.to.y), self.from.y.max(self.to.y));
        (x0..=x1).contains(&p.x) && (y0..=y1).contains(&p.y)
    }

    /// A point drawn uniformly in the zone.
    pub fn draw<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Point {
        use rand::RngExt;
        let (x0, x1) = (self.from.x.min(self.to.x), self.from.x.max(self.to.x));
        let (y0, y1) = (self.from.y.min(self.to.y), self.from.y.max(self.to.y));
        Point::new(
            x0 + (x1 - x0) * rng.random::<f64>(),
            y0 + (y1 - y0) * rng.random::<f64>(),
        )
    }

    /// "x 0.3 to 0.6, y -0.2 to 0.2" (metres).
    pub fn words(&self) -> String {
        let (x0, x1) = (self.from.x.min(self.to.x), self.from.x.max(self.to.x));
        let (y0, y1) = (self.from.y.min(self.to.y), self.from.y.max(self.to.y));
        format!("x {x0} to {x1}, y {y0} to {y1} (m)")
    }
}

/// What one stroke must do. Every part is read from the physics and the referee's ruling.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Goal {
    /// Make this ball (legally, keeping the table), in `pocket` when one is given (else the
    /// pocket the player calls).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub make: Option<Make>,
    /// A called safety, legal (5.6); for a kick, a legal hit is the goal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub safety: bool,
    /// The cue ball comes to rest in this zone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cue_stops_in: Option<Zone>,
    /// Leaves this ball a shot: an open cut of at most `max_cut_deg` into some pocket.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaves_shot: Option<Shot>,
    /// Leaves the opponent no shot: no open cut on the ball on of at most `max_cut_deg`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaves_no_shot: Option<NoShot>,
}

/// A ball to make.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Make {
    pub ball: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pocket: Option<Pocket>,
}

/// A shot left on `ball`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shot {
    pub ball: u8,
    pub max_cut_deg: f64,
}

/// No shot left on the ball on.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoShot {
    pub max_cut_deg: f64,
}

/// Why a drill file cannot be used: the file, the place and the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DrillError(pub String);

/// The longest title and text a drill holds (bytes).
pub const MAX_TITLE_BYTES: usize = 120;
pub const MAX_TEXT_BYTES: usize = 4000;

impl Drill {
    /// Reads a drill file: malformed JSON gives the file, line and column; a drill that cannot
    /// be played gives the part and the problem.
    pub fn load(path: &Path) -> Result<Drill, DrillError> {
        let text = crate::echo::read_text(path).map_err(DrillError)?;
        Drill::parse(&crate::echo::input_name(path), &text)
    }

    /// A drill from its text; `name` (a file or a library name) heads every message.
    pub fn parse(name: &str, text: &str) -> Result<Drill, DrillError> {
        let d: Drill = serde_json::from_str(text)
            .map_err(|e| DrillError(format!("{name}:{}", crate::echo::json_problem(&e))))?;
        d.check()
            .map_err(|e| DrillError(format!("{name}: {}", crate::echo::cut(&e))))?;
        Ok(d)
    }

    /// Whether the drill can be played: its texts, positions, goal and scoring, with the part
    /// that is wrong.
    pub fn check(&self) -> Result<(), String> {
        texts(self)?;
        self.scoring.check().map_err(|e| format!("scoring: {e}"))?;
        let t = self.table.spec();
        let kind_fits = match (&self.play, &self.scoring) {
            (Play::Ghost { .. }, Scoring::Race { .. }) => true,
            (Play::Ghost { .. }, _) | (_, Scoring::Race { .. }) => false,
            (Play::Run { .. }, Scoring::BallsRun { .. }) => true,
            (Play::Run { .. }, _) | (_, Scoring::BallsRun { .. }) => false,
            _ => true,
        };
        if !kind_fits {
            return Err("scoring: a run is scored by balls_run and the ghost by race; the others by progressive or points".into());
        }
        match &self.play {
            Play::Shot {
                balls,
                cue,
                drawn,
                goal,
            } => check_shot(&t, balls, cue, drawn, goal, &self.scoring),
            Play::Break { cue_stops_in } => cue_stops_in.map_or(Ok(()), |z| {
                check_zone(&t, &z).map_err(|e| format!("play.cue_stops_in: {e}"))
            }),
            Play::Run { balls } => {
                if !balls.is_empty() {
                    check_balls(&t, balls, &[])?;
                    if !balls.iter().any(|b| b.ball == 10) {
                        return Err("play.balls: a run needs the 10 on the table".into());
                    }
                }
                Ok(())
            }
            Play::Ghost { .. } => Ok(()),
        }
    }

    /// The name of the seat that never plays, beside the player's: the ghost, or the drill.
    pub fn other_seat(&self) -> &'static str {
        match self.play {
            Play::Ghost { .. } => "the ghost",
            _ => "the drill",
        }
    }

    /// How many places a progressive drill's cue ball has (0 for the others).
    pub fn places(&self) -> usize {
        match &self.play {
            Play::Shot {
                cue: Cue::Places(p),
                ..
            } => p.len(),
            _ => 0,
        }
    }
}

fn texts(d: &Drill) -> Result<(), String> {
    if d.title.trim().is_empty() || d.title.len() > MAX_TITLE_BYTES {
        return Err(format!(
            "title: {} bytes; a title holds 1 to {MAX_TITLE_BYTES}",
            d.title.len()
        ));
    }
    if d.title.chars().any(crate::echo::is_hidden) {
        return Err(
            "title: a control character or one that reorders text; a title is one line of text"
                .into(),
        );
    }
    for (what, t) in [("source", &d.source), ("what", &d.what)] {
        if t.trim().is_empty() || t.len() > MAX_TEXT_BYTES {
            return Err(format!(
                "{what}: {} bytes; it holds 1 to {MAX_TEXT_BYTES}",
                t.len()
            ));
        }
        if t.chars()
            .any(|c| c != '\n' && (c.is_control() || crate::echo::is_hidden(c)))
        {
            return Err(format!(
                "{what}: a control character other than a newline, or one that reorders text"
            ));
        }
    }
    Ok(())
}

fn check_zone(t: &Table, z: &Zone) -> Result<(), String> {
    let (hl, hw) = (t.length / 2.0, t.width / 2.0);
    for p in [z.from, z.to] {
        if !p.is_finite() || p.x.abs() > hl || p.y.abs() > hw {
            return Err(format!(
                "the corner ({}, {}) is off the bed (|x| <= {hl}, |y| <= {hw})",
                p.x, p.y
            ));
        }
    }
    Ok(())
}

fn check_balls(t: &Table, balls: &[Placed], extra: &[Placed]) -> Result<(), String> {
    if balls.iter().any(|b| b.ball == 0) {
        return Err("play.balls: the cue ball (0) is placed by `cue`, not in `balls`".into());
    }
    let mut all = balls.to_vec();
    all.extend_from_slice(extra);
    crate::physics::check_placement(
        &crate::physics::Layout {
            table: t.size,
            balls: all,
        },
        t,
    )
    .map_err(|e| format!("play.{e}"))
}

fn check_shot(
    t: &Table,
    balls: &[Placed],
    cue: &Cue,
    drawn: &[Drawn],
    goal: &Goal,
    scoring: &Scoring,
) -> Result<(), String> {
    if balls.is_empty() && drawn.iter().all(|d| d.ball == 0) {
        return Err("play.balls: no object ball to play".into());
    }
    check_balls(t, balls, &[])?;
    for (i, d) in drawn.iter().enumerate() {
        check_zone(t, &d.zone).map_err(|e| format!("play.drawn[{i}].zone: {e}"))?;
        if d.ball > 10 || balls.iter().any(|b| b.ball == d.ball) {
            return Err(format!(
                "play.drawn[{i}]: ball {} is not a ball, or is also in `balls`",
                d.ball
            ));
        }
        if d.ball == 0 && !matches!(cue, Cue::InHand) {
            return Err(format!(
                "play.drawn[{i}]: the cue ball is drawn: give \"cue\": \"in_hand\""
            ));
        }
    }
    let places: Vec<Point> = match cue {
        Cue::At(p) => vec![*p],
        Cue::Places(p) => p.clone(),
        Cue::InHand => Vec::new(),
    };
    for (i, p) in places.iter().enumerate() {
        let cue_ball = Placed { ball: 0, at: *p };
        check_balls(t, balls, &[cue_ball]).map_err(|e| format!("play.cue place {}: {e}", i + 1))?;
    }
    match (cue, scoring) {
        (Cue::Places(p), Scoring::Progressive { positions, .. })
            if p.len() != *positions as usize =>
        {
            return Err(format!(
                "play.cue: {} places, but the scoring has {positions} positions",
                p.len()
            ));
        }
        (Cue::Places(_), Scoring::Progressive { .. }) | (_, Scoring::Points { .. }) => {}
        (_, Scoring::Progressive { .. }) => {
            return Err("play.cue: a progressive drill gives the cue ball's `places`".into());
        }
        (Cue::Places(_), _) => {
            return Err("play.cue: `places` are for a progressive drill".into());
        }
        _ => {}
    }
    let on_table: Vec<u8> = balls
        .iter()
        .map(|b| b.ball)
        .chain(drawn.iter().map(|d| d.ball).filter(|&b| b != 0))
        .collect();
    if !on_table.contains(&10) {
        return Err("play.balls: Ten Ball is played with the 10 on the table: place it (a drill of one ball plays the 10)".into());
    }
    match (goal.make, goal.safety) {
        (Some(_), true) | (None, false) => {
            return Err(
                "play.goal: give `make` (a ball to make) or `safety`: true, one of them".into(),
            );
        }
        (Some(m), false) if !on_table.contains(&m.ball) => {
            return Err(format!(
                "play.goal.make: ball {} is not on the table",
                m.ball
            ));
        }
        _ => {}
    }
    if let Some(z) = goal.cue_stops_in {
        check_zone(t, &z).map_err(|e| format!("play.goal.cue_stops_in: {e}"))?;
    }
    if let Some(s) = goal.leaves_shot
        && (!on_table.contains(&s.ball) || !(0.0..=89.0).contains(&s.max_cut_deg))
    {
        return Err(format!(
            "play.goal.leaves_shot: ball {} must be on the table and max_cut_deg from 0 to 89",
            s.ball
        ));
    }
    if let Some(s) = goal.leaves_no_shot
        && !(0.0..=89.0).contains(&s.max_cut_deg)
    {
        return Err("play.goal.leaves_no_shot: max_cut_deg from 0 to 89".into());
    }
    Ok(())
}

static LIBRARY: include_dir::Dir<'static> =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets/drills");

/// The shipped drills by name (the file's name without `.json`), in name order, each checked;
/// a shipped file that does not load is a bug a test catches.
pub fn library() -> Vec<(String, Result<Drill, DrillError>)> {
    let mut v: Vec<(String, Result<Drill, DrillError>)> = LIBRARY
        .files()
        .filter_map(|f| {
            let name = f.path().file_stem()?.to_str()?.to_string();
            (f.path().extension()? == "json" && name != "levels").then(|| {
                let text = f.contents_utf8().unwrap_or("");
                let d = Drill::parse(&format!("drills/{name}.json"), text);
                (name, d)
            })
        })
        .collect();
    v.sort_by(|a, b| a.0.cmp(&b.0));
    v
}

/// A drill by its library name, or from a file when `name` is a path to one.
pub fn find(name: &str) -> Result<Drill, DrillError> {
    if name.ends_with(".json") || name.contains('/') {
        return Drill::load(Path::new(name));
    }
    match library().into_iter().find(|(n, _)| n == name) {
        Some((_, d)) => d,
        None => Err(DrillError(format!(
            "no drill called '{}' (`tenball drill list` names them; a file's path ends in .json)",
            crate::echo::cut(name)
        ))),
    }
}

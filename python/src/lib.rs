//! `tenball._native`: the compiled half of the Python package. Each function takes and gives
//! the JSON the command line takes and gives (the CLI is the reference), so that a layout, a
//! strike, a state or a ruling has one form in both; `python/tenball` turns it into Python
//! objects, numpy arrays and DataFrames. [`Table`] is a rack in play for the environments: a
//! client of `play_shot` and of the referee's own choices, deciding no rule itself. Every
//! error is a `ValueError` with the message the CLI gives; no input aborts the interpreter.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;

use tenball::adapter::play_shot;
use tenball::batch::records::{Format, csv_columns, encode};
use tenball::batch::{BreakSpec, CuePlace, run_break};
use tenball::computer::{Decision, Level, decide as computer_decide, put_cue_ball};
use tenball::physics::{Equipment, Layout, Noise, SimConfig, Strike};
use tenball::referee::{Call, GameState, PlayerId, Rules, TableChoice, Tightness, TurnAction};
use tenball::table::{Point, TableSize};

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

fn parse<T: serde::de::DeserializeOwned>(what: &str, text: &str) -> PyResult<T> {
    serde_json::from_str(text)
        .map_err(|e| value_error(format!("{what}:{}", tenball::echo::json_problem(&e))))
}

fn json(v: &impl serde::Serialize) -> String {
    serde_json::to_string(v).expect("tenball's types serialize")
}

fn table_size(table: &str) -> PyResult<TableSize> {
    serde_json::from_value(serde_json::Value::String(table.to_string())).map_err(|_| {
        value_error(format!(
            "table: unknown table size `{}`: use 9ft, 8ft or 7ft",
            tenball::echo::cut(&tenball::echo::visible(table))
        ))
    })
}

fn tightness(rack: &str) -> PyResult<Tightness> {
    Tightness::parse(rack).map_err(|e| value_error(format!("rack: {e}")))
}

fn equipment(name: &str) -> PyResult<Equipment> {
    Equipment::from_arg(name).map_err(|e| value_error(format!("equipment: {e}")))
}

fn level(name: &str) -> PyResult<Level> {
    Level::parse(name).map_err(|e| value_error(format!("level: {e}")))
}

/// A racked layout as `tenball rack` prints it: `{"layout": ...}` with the cue ball 1 cm
/// behind the head string.
#[pyfunction]
#[pyo3(signature = (seed=1, rack="hand", table="9ft"))]
fn rack(seed: u64, rack: &str, table: &str) -> PyResult<String> {
    let size = table_size(table)?;
    let t = size.spec();
    let mut balls = vec![tenball::table::Placed {
        ball: 0,
        at: Point::new(t.head_string_x() - 0.01, 0.0),
    }];
    balls.extend(tenball::referee::rack(
        &t,
        tightness(rack)?,
        &mut StdRng::seed_from_u64(seed),
    ));
    Ok(json(
        &serde_json::json!({ "layout": Layout { table: size, balls } }),
    ))
}

/// `tenball shot`: the input `{layout, strike, config}` simulated; the shot log as JSON.
#[pyfunction]
#[pyo3(signature = (input, equipment=None))]
fn shot(py: Python<'_>, input: &str, equipment: Option<&str>) -> PyResult<String> {
    let e = equipment.map(self::equipment).transpose()?;
    let log = py
        .detach(|| tenball::cli::shot::shot_text("shot", input, e))
        .map_err(|e| value_error(e.message))?;
    Ok(json(&log))
}

/// A stroke played from a referee's state: `{state, layout, call, strike, declared?,
/// config?}` through `play_shot` (physics, the adapter's facts, the referee); gives
/// `{facts, ruling, state, layout, log}` as JSON: the facts `tenball judge` would be given,
/// the ruling and next state it gives, the balls at rest, the shot log.
#[pyfunction]
fn play(py: Python<'_>, input: &str) -> PyResult<String> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Input {
        state: GameState,
        layout: Layout,
        call: Call,
        strike: Strike,
        #[serde(default)]
        declared: Vec<tenball::referee::Declared>,
        #[serde(default)]
        config: SimConfig,
    }
    let i: Input = parse("play", input)?;
    i.state
        .validate()
        .map_err(|e| value_error(format!("play: state: {e}")))?;
    let p = py
        .detach(|| {
            play_shot(
                &i.state,
                &i.layout,
                &i.call,
                &i.strike,
                &i.declared,
                &i.config,
            )
        })
        .map_err(|e| value_error(format!("play: {e}")))?;
    Ok(json(&serde_json::json!({
        "facts": p.facts,
        "ruling": p.judged.ruling,
        "state": p.judged.state,
        "layout": p.layout,
        "log": p.log,
    })))
}

/// `tenball judge`: `{state, call, facts}` judged, or `{state, actions}` walked; the answer
/// as JSON.
#[pyfunction]
fn judge(input: &str) -> PyResult<String> {
    let value: serde_json::Value = parse("judge", input)?;
    if value.get("actions").is_some() {
        tenball::cli::judge::walk_text("judge", input)
            .map(|o| json(&o))
            .map_err(|e| value_error(e.message))
    } else {
        tenball::cli::judge::judge_text("judge", input)
            .map(|o| json(&o))
            .map_err(|e| value_error(e.message))
    }
}

/// `tenball breaks` in memory: the CSV of the records (its column line and a line a break) a
/// run with the same inputs writes, computed on `threads` threads with the GIL released.
#[pyfunction]
#[pyo3(signature = (count, seed, cue, speed, side, height, elevation, rack, table, equipment, noise, threads))]
#[allow(clippy::too_many_arguments)]
fn breaks(
    py: Python<'_>,
    count: u64,
    seed: u64,
    cue: Option<(f64, f64)>,
    speed: f64,
    side: f64,
    height: f64,
    elevation: f64,
    rack: &str,
    table: &str,
    equipment: &str,
    noise: bool,
    threads: Option<usize>,
) -> PyResult<String> {
    if count == 0 {
        return Err(value_error("count must be at least 1"));
    }
    if count > 100_000_000 {
        return Err(value_error("count: at most 100000000 breaks in memory"));
    }
    let size = table_size(table)?;
    let spec = BreakSpec {
        seed,
        table: size,
        cue: match cue {
            Some((x, y)) => CuePlace::At(Point::new(x, y)),
            None => CuePlace::At(Point::new(size.spec().head_string_x() - 0.05, 0.0)),
        },
        speed,
        side,
        height,
        elevation_deg: elevation,
        noise: noise.then(Noise::default),
        rack: tightness(rack)?,
        equipment: self::equipment(equipment)?,
    };
    spec.validate().map_err(value_error)?;
    let threads = threads.unwrap_or(0);
    if threads > 256 {
        return Err(value_error(format!(
            "threads must be 1 to 256, got {threads}"
        )));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(value_error)?;
    let records = py
        .detach(|| {
            pool.install(|| {
                (0..count)
                    .into_par_iter()
                    .map(|i| run_break(&spec, i))
                    .collect::<Result<Vec<_>, _>>()
            })
        })
        .map_err(value_error)?;
    let mut bytes = csv_columns();
    bytes.extend(encode(Format::Csv, &records));
    String::from_utf8(bytes).map_err(value_error)
}

/// A referee's state (checked) and the balls, from their JSON.
fn position(state: &str, layout: &str) -> PyResult<(GameState, Layout)> {
    let state: GameState = parse("state", state)?;
    state
        .validate()
        .map_err(|e| value_error(format!("state: {e}")))?;
    Ok((state, parse("layout", layout)?))
}

/// The computer's move at `level` (1 to 5 or greedy) for the player to act: a stroke (where
/// the cue ball goes when in hand, the call, the stroke as aimed, its chance) or a choice.
#[pyfunction]
#[pyo3(signature = (level, state, layout, equipment="wpa", seed=1))]
fn decide(
    py: Python<'_>,
    level: &str,
    state: &str,
    layout: &str,
    equipment: &str,
    seed: u64,
) -> PyResult<String> {
    let (lv, e) = (self::level(level)?, self::equipment(equipment)?);
    let (state, layout) = position(state, layout)?;
    py.detach(|| computer_decide(&state, &layout, lv, &e, &mut StdRng::seed_from_u64(seed)))
        .map(|d| json(&d))
        .map_err(|e| value_error(e.0))
}

/// The coach's figures: a stroke with its call from this position, played `tries` times
/// with a level's execution noise; the share that make the call legally, scratch and foul.
#[pyfunction]
#[pyo3(signature = (state, layout, call, strike, level="5", tries=100, equipment="wpa", seed=1))]
#[allow(clippy::too_many_arguments)]
fn chances(
    py: Python<'_>,
    state: &str,
    layout: &str,
    call: &str,
    strike: &str,
    level: &str,
    tries: usize,
    equipment: &str,
    seed: u64,
) -> PyResult<String> {
    if !(1..=100_000).contains(&tries) {
        return Err(value_error("tries: from 1 to 100000"));
    }
    let (lv, e) = (self::level(level)?, self::equipment(equipment)?);
    let (state, layout) = position(state, layout)?;
    let call: Call = parse("call", call)?;
    let strike: Strike = parse("strike", strike)?;
    strike.validate().map_err(value_error)?;
    let c = py.detach(|| {
        tenball::computer::chances(
            &state,
            &layout,
            &call,
            &strike,
            &lv.noise(),
            tries,
            &e,
            &mut StdRng::seed_from_u64(seed),
        )
    });
    Ok(json(&c))
}

/// A match in play, rack after rack: the referee's state, the balls, the equipment; each
/// stroke played through `play_shot`, each choice through the referee; a new rack racked
/// (from its own seeded draw) when one is won. The environments are built on it.
#[pyclass(module = "tenball._native")]
struct Table {
    state: GameState,
    layout: Layout,
    equipment: Equipment,
    rack: Tightness,
    rng: StdRng,
}

#[pymethods]
impl Table {
    /// A match racing to `race_to`, A to break, the first rack drawn from `seed`.
    #[new]
    #[pyo3(signature = (seed=1, rack="hand", table="9ft", equipment="wpa", race_to=1))]
    fn new(seed: u64, rack: &str, table: &str, equipment: &str, race_to: u32) -> PyResult<Table> {
        let size = table_size(table)?;
        let rules = Rules {
            race_to,
            ..Rules::default()
        };
        let state = GameState::with_breaker(rules, size, PlayerId::A);
        state.validate().map_err(value_error)?;
        let mut t = Table {
            state,
            layout: Layout {
                table: size,
                balls: Vec::new(),
            },
            equipment: self::equipment(equipment)?,
            rack: tightness(rack)?,
            rng: StdRng::seed_from_u64(seed),
        };
        t.new_rack();
        Ok(t)
    }

    /// `{state, layout, turn}` as JSON: the referee's state, the balls (no cue ball while it
    /// is in hand) and what the player to act may do.
    fn view(&self) -> String {
        json(&serde_json::json!({
            "state": self.state,
            "layout": self.layout,
            "turn": self.state.turn(),
        }))
    }

    /// Plays a stroke for the player to act: `place` puts the cue ball first (only while it is
    /// in hand), `call` and `strike` as `tenball judge` and `shot` take them; the noise of
    /// `level` (when given) is added to the stroke as aimed. Gives `{ruling, facts, strike}`
    /// as JSON (the stroke as played); a stroke the referee refuses is a ValueError and
    /// changes nothing.
    #[pyo3(signature = (call, strike, place=None, level=None))]
    fn shoot(
        &mut self,
        py: Python<'_>,
        call: &str,
        strike: &str,
        place: Option<(f64, f64)>,
        level: Option<&str>,
    ) -> PyResult<String> {
        let call: Call = parse("call", call)?;
        let mut strike: Strike = parse("strike", strike)?;
        strike.validate().map_err(value_error)?;
        let mut layout = self.layout.clone();
        if let Some((x, y)) = place {
            if !(x.is_finite() && y.is_finite()) {
                return Err(value_error("place: not a finite point"));
            }
            if !matches!(
                self.state.turn().action,
                TurnAction::Break { .. }
                    | TurnAction::Shoot {
                        ball_in_hand: Some(_),
                        ..
                    }
            ) {
                return Err(value_error(
                    "place: the cue ball is not in hand; play it where it lies",
                ));
            }
            put_cue_ball(&mut layout, Point::new(x, y));
        }
        if let Some(l) = level {
            let noise = self::level(l)?.noise();
            strike = noise.apply(strike, layout.table.spec().ball_radius, &mut self.rng);
        }
        let cfg = SimConfig {
            sample_dt: 0.0,
            equipment: self.equipment,
            ..SimConfig::default()
        };
        let state = &self.state;
        let played = py
            .detach(|| play_shot(state, &layout, &call, &strike, &[], &cfg))
            .map_err(value_error)?;
        let out = json(&serde_json::json!({
            "ruling": played.judged.ruling,
            "facts": played.facts,
            "strike": strike,
        }));
        self.state = played.judged.state;
        self.layout = played.layout;
        if played.judged.ruling.rack_result.is_some()
            && matches!(self.state.turn().action, TurnAction::Break { .. })
        {
            self.new_rack();
        }
        Ok(out)
    }

    /// Practice's ball in hand (as the game's button gives it): the shot due, with the cue
    /// ball in hand anywhere. A ValueError when no shot is due.
    fn ball_in_hand(&mut self) -> PyResult<String> {
        let state = self
            .state
            .practice_ball_in_hand()
            .ok_or_else(|| value_error("ball in hand is given for a shot, not now"))?;
        self.state = state;
        self.layout.balls.retain(|b| b.ball != 0);
        Ok(self.view())
    }

    /// The incoming player's choice (5.4, 5.6, 5.7): play the table or hand it back.
    fn choose(&mut self, play_table: bool) -> PyResult<String> {
        let choice = if play_table {
            TableChoice::PlayTable
        } else {
            TableChoice::HandBack
        };
        self.state = self.state.choose(choice).map_err(value_error)?;
        Ok(self.view())
    }

    /// The computer's move at `level` for the player to act, played (its stroke with the
    /// level's noise, or its choice); gives `{decision, ruling?, facts?, strike?}` as JSON.
    fn computer(&mut self, py: Python<'_>, level: &str) -> PyResult<String> {
        let lv = self::level(level)?;
        let (state, layout, e) = (&self.state, &self.layout, &self.equipment);
        let mut rng = StdRng::seed_from_u64(rand::RngExt::random(&mut self.rng));
        let decision = py
            .detach(|| computer_decide(state, layout, lv, e, &mut rng))
            .map_err(|e| value_error(e.0))?;
        let shown = serde_json::to_value(&decision).expect("decisions serialize");
        match decision {
            Decision::Choose { choice, .. } => {
                self.choose(choice == TableChoice::PlayTable)?;
                Ok(json(&serde_json::json!({ "decision": shown })))
            }
            Decision::Stroke {
                place,
                call,
                strike,
                ..
            } => {
                let played = self.shoot(
                    py,
                    &json(&call),
                    &json(&strike),
                    place.map(|p| (p.x, p.y)),
                    Some(level),
                )?;
                let mut v: serde_json::Value = serde_json::from_str(&played).expect("our JSON");
                v["decision"] = shown;
                Ok(json(&v))
            }
        }
    }
}

impl Table {
    /// The next rack's balls, the cue ball in hand in the kitchen.
    fn new_rack(&mut self) {
        let t = self.equipment.table(self.layout.table);
        self.layout.balls = tenball::referee::rack(&t, self.rack, &mut self.rng);
    }
}

/// A table's sizes (m): `{length, width, ball_radius, head_string_x}`, the bed's centre at
/// (0, 0), its long side along x.
#[pyfunction]
#[pyo3(signature = (table="9ft", equipment="wpa"))]
fn table_spec(table: &str, equipment: &str) -> PyResult<String> {
    let t = self::equipment(equipment)?.table(table_size(table)?);
    Ok(json(&serde_json::json!({
        "length": t.length,
        "width": t.width,
        "ball_radius": t.ball_radius,
        "head_string_x": t.head_string_x(),
    })))
}

/// The compiled half of `tenball`: racks, shots, rulings, break batches, the computer and a
/// table in play. See the package `tenball` for the Python API.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rack, m)?)?;
    m.add_function(wrap_pyfunction!(shot, m)?)?;
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    m.add_function(wrap_pyfunction!(breaks, m)?)?;
    m.add_function(wrap_pyfunction!(decide, m)?)?;
    m.add_function(wrap_pyfunction!(chances, m)?)?;
    m.add_function(wrap_pyfunction!(table_spec, m)?)?;
    m.add_class::<Table>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add(
        "BREAK_COLUMNS",
        tenball::batch::records::CSV_HEADER.to_vec(),
    )?;
    Ok(())
}

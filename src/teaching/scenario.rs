//! Teaching scenarios: a position (the table file format), the rules it teaches, and steps with
//! the ruling each must produce. A step is a shot with declared facts (for what physics cannot
//! see, or a situation told rather than played), a shot played through physics, adapter and
//! referee (`stroke`), or another action of the referee's (a choice, a warning). `check` plays
//! a scenario and lists every difference from what it expects. No bevy here: the game's
//! scenario player and the diagrams build on this.

use std::path::Path;

use serde::{Deserialize, Serialize};

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::adapter::play_shot;
use crate::physics::{Layout, Noise, SimConfig, Strike};
use crate::referee::{
    Action, CUE, Call, CueBallFate, Declared, GameState, InHand, PlayerId, RackResult, Ruling,
    ShotFacts, Turn, TurnAction,
};
use crate::table::BALL_RADIUS;
use crate::tablefile::TableFile;

/// A scenario file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub title: String,
    /// The rule numbers it teaches.
    pub rules: Vec<String>,
    pub explanation: String,
    /// Where it starts: balls, referee state, players.
    pub position: TableFile,
    pub steps: Vec<Step>,
}

/// One step and what it must give.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// A shot: its call, and either `facts` (told) or a `stroke` (played on the table).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call: Option<Call>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facts: Option<ShotFacts>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stroke: Option<Strike>,
    /// With a stroke: fouls physics cannot see (7.4, 7.6, 7.8-7.16).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub declared: Vec<Declared>,
    /// Not a shot: a choice, the lag, a warning (as in `tenball judge` actions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Action>,
    pub expect: Expect,
}

/// What a step must give; what is left out is not checked.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Expect {
    pub legal: Option<bool>,
    /// The rule that decided.
    pub rule: Option<String>,
    /// The rules of the fouls found, in any order.
    pub fouls: Option<Vec<String>>,
    /// Who acts next.
    pub next_player: Option<PlayerId>,
    /// What the next player does: `break`, `shoot`, `choose` or `match_over`.
    pub next_action: Option<String>,
    /// Cue ball in hand next: `anywhere`, `kitchen` or `none`.
    pub ball_in_hand: Option<String>,
    /// The rack's winner, when the step ends the rack.
    pub rack_winner: Option<PlayerId>,
    /// A ball spotted (the 10).
    pub spotted: Option<u8>,
}

/// The words `next_action` takes.
pub const NEXT_ACTIONS: [&str; 6] = [
    "break",
    "shoot",
    "choose",
    "match_over",
    "lag",
    "choose_breaker",
];
/// The words `ball_in_hand` takes.
pub const IN_HAND: [&str; 3] = ["anywhere", "kitchen", "none"];

impl Expect {
    /// Every expectation names something that can happen (a misspelt one would fail every
    /// run as if the rules had changed).
    pub fn check(&self) -> Result<(), String> {
        if let Some(a) = &self.next_action
            && !NEXT_ACTIONS.contains(&a.as_str())
        {
            return Err(format!(
                "next_action {a:?} is none of {}",
                NEXT_ACTIONS.join(", ")
            ));
        }
        if let Some(h) = &self.ball_in_hand
            && !IN_HAND.contains(&h.as_str())
        {
            return Err(format!(
                "ball_in_hand {h:?} is none of {}",
                IN_HAND.join(", ")
            ));
        }
        if let Some(b) = self.spotted
            && !(1..=10).contains(&b)
        {
            return Err(format!("spotted: there is no object ball {b}"));
        }
        Ok(())
    }
}

/// The most steps a scenario may hold (the library's longest has a handful).
pub const MAX_STEPS: usize = 1_000;
/// The longest title (bytes; the library's longest is 70).
pub const MAX_TITLE_BYTES: usize = 200;
/// The longest explanation (bytes; the library's longest is 632).
pub const MAX_TEXT_BYTES: usize = 8_000;
/// The most entries of a list: the rules taught, a step's fouls expected or declared (the
/// library's longest has 3; the seed has fewer than 40 rules).
pub const MAX_LIST: usize = 40;

/// The library of teaching scenarios, built into the binary from `assets/scenarios` so that
/// it travels with the tool wherever it is run.
static LIBRARY: include_dir::Dir<'static> =
    include_dir::include_dir!("$CARGO_MANIFEST_DIR/assets/scenarios");

/// A scenario of the library: its name (the file's stem, what `scenario show NAME` takes) and
/// the scenario.
#[derive(Debug, Clone)]
pub struct LibraryEntry {
    pub name: String,
    pub scenario: Scenario,
}

impl LibraryEntry {
    pub fn title(&self) -> &str {
        &self.scenario.title
    }

    /// Its rules, for a list.
    pub fn rules(&self) -> String {
        self.scenario.rules.join(", ")
    }
}

/// The built-in library, in name order. Each file was checked by the suite; one that no longer
/// parses is left out with its message.
pub fn library() -> (Vec<LibraryEntry>, Vec<String>) {
    let mut files: Vec<_> = LIBRARY
        .files()
        .filter(|f| f.path().extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort_by_key(|f| f.path());
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for f in files {
        let name = f
            .path()
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        match f
            .contents_utf8()
            .ok_or_else(|| ScenarioError(format!("{name}: not UTF-8")))
            .and_then(|text| Scenario::parse(&name, text))
        {
            Ok(scenario) => out.push(LibraryEntry { name, scenario }),
            Err(e) => problems.push(e.0),
        }
    }
    (out, problems)
}

/// A scenario of the built-in library by name.
pub fn from_library(name: &str) -> Option<Scenario> {
    library()
        .0
        .into_iter()
        .find(|e| e.name == name)
        .map(|e| e.scenario)
}

impl Scenario {
    /// A scenario from a table file (as the game saves it): its position and, when the file
    /// holds a stroke and a call, one step that plays them, expecting the ruling they give now.
    pub fn from_table(file: &TableFile, title: &str) -> Result<Scenario, ScenarioError> {
        file.check().map_err(ScenarioError)?;
        let mut steps = Vec::new();
        if let (Some(stroke), Some(call)) = (file.stroke, file.call) {
            let cfg = SimConfig {
                sample_dt: 0.0,
                ..SimConfig::default()
            };
            let p = play_shot(&file.state, &file.layout, &call, &stroke, &[], &cfg)
                .map_err(|e| ScenarioError(format!("the saved stroke cannot be played: {e}")))?;
            let r = &p.judged.ruling;
            let next = p.judged.state.turn();
            let rack_winner = match r.rack_result {
                Some(RackResult::Won { winner, .. }) => Some(winner),
                _ => None,
            };
            steps.push(Step {
                call: Some(call),
                facts: None,
                stroke: Some(stroke),
                declared: Vec::new(),
                action: None,
                expect: Expect {
                    legal: Some(r.legal),
                    rule: Some(r.rule.to_string()),
                    fouls: Some(r.fouls.iter().map(|f| f.rule.clone()).collect()),
                    next_player: Some(next.player),
                    rack_winner,
                    spotted: r.spotted.map(|s| s.ball),
                    ..Expect::default()
                },
            });
        }
        Ok(Scenario {
            title: title.to_string(),
            rules: Vec::new(),
            explanation: String::new(),
            position: file.clone(),
            steps,
        })
    }
}

/// What a run of a scenario keeps beside the differences and the rulings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    Rulings,
    /// The first shot played on the table too, with its paths (for a diagram).
    FirstShot,
}

/// What playing a scenario gave.
#[derive(Debug, Default)]
pub struct Run {
    /// Differences from what the steps expect.
    pub diffs: Vec<String>,
    /// Each shot's ruling, in order.
    pub rulings: Vec<Ruling>,
    /// The referee's state and the balls before each step taken, in order (the quiz asks
    /// about a step from there).
    pub before: Vec<(GameState, Layout)>,
    /// The first shot played on the table: the layout before it and its log (with paths), when
    /// the run was asked to keep it.
    pub shown: Option<(Layout, crate::physics::ShotLog)>,
    /// The step that could not be taken at all (the referee refused it, or its shot could not
    /// be played), and why; the run stopped there.
    pub stopped: Option<String>,
}

/// Every library scenario played: its differences from what it expects, each ruling's rule and
/// words, and where the balls of its first shot on the table ended (to the bit: JSON keeps an
/// f64 exactly). The web build writes this for `?check=library`, so that a test can compare
/// the browser's physics and referee with the native build's, scenario by scenario.
pub fn library_report() -> serde_json::Value {
    let (entries, problems) = library();
    let scenarios: Vec<serde_json::Value> = entries
        .iter()
        .map(|e| {
            let run = e.scenario.run(None, Keep::FirstShot);
            serde_json::json!({
                "name": e.name,
                "diffs": run.diffs,
                "stopped": run.stopped,
                "rulings": run.rulings.iter().map(|r| (r.rule, &r.explanation)).collect::<Vec<_>>(),
                "first_shot_end": run.shown.map(|(_, log)| log.end),
            })
        })
        .collect();
    serde_json::json!({ "problems": problems, "scenarios": scenarios })
}

/// Every rule a scenario names (what it teaches, what each step expects) must exist.
fn check_rule_numbers(name: &str, s: &Scenario) -> Result<(), ScenarioError> {
    let unknown = |where_: String, rule: &str| {
        ScenarioError(format!(
            "{name}: {where_}: `{}` is no rule of the seed (rules are {})",
            crate::echo::cut(&crate::echo::visible(rule)),
            crate::referee::RULE_NUMBERS.join(", ")
        ))
    };
    if let Some(r) = s.rules.iter().find(|r| !crate::referee::is_rule_number(r)) {
        return Err(unknown("rules".into(), r));
    }
    for (i, st) in s.steps.iter().enumerate() {
        let named = st
            .expect
            .rule
            .iter()
            .chain(st.expect.fouls.iter().flatten());
        for r in named {
            if !crate::referee::is_rule_number(r) {
                return Err(unknown(format!("step {}: expect", i + 1), r));
            }
        }
    }
    Ok(())
}

/// Why a scenario file cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ScenarioError(pub String);

impl Scenario {
    /// Reads a scenario file: malformed JSON gives the file, line and column; a position that
    /// cannot be played gives the problem.
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let text = crate::echo::read_text(path).map_err(ScenarioError)?;
        let name = crate::echo::input_name(path);
        Scenario::parse(&name, &text)
    }

    /// A scenario from its text; `name` (a file's path or a library name) heads every message.
    pub fn parse(name: &str, text: &str) -> Result<Scenario, ScenarioError> {
        let s: Scenario = serde_json::from_str(text)
            .map_err(|e| ScenarioError(format!("{name}:{}", crate::echo::json_problem(&e))))?;
        s.check_bounds()
            .map_err(|e| ScenarioError(format!("{name}: {e}")))?;
        for (i, st) in s.steps.iter().enumerate() {
            st.expect.check().map_err(|e| {
                ScenarioError(format!(
                    "{name}: step {}: expect: {}",
                    i + 1,
                    crate::echo::cut(&e)
                ))
            })?;
        }
        check_rule_numbers(name, &s)?;
        if s.steps.is_empty() {
            return Err(ScenarioError(format!(
                "{name}: no steps; a scenario plays at least one"
            )));
        }
        s.position
            .check()
            .map_err(|e| ScenarioError(format!("{name}: position: {}", crate::echo::cut(&e))))?;
        for (i, st) in s.steps.iter().enumerate() {
            let shot = st.call.is_some();
            let ok = match (
                shot,
                st.facts.is_some(),
                st.stroke.is_some(),
                st.action.is_some(),
            ) {
                (true, true, false, false) | (true, false, true, false) => true,
                (false, false, false, true) => true,
                _ => false,
            };
            if !ok {
                return Err(ScenarioError(format!(
                    "{name}: step {}: give a `call` with `facts` or a `stroke`, or an `action`",
                    i + 1
                )));
            }
        }
        Ok(s)
    }

    /// The scenario's texts and lists within [`MAX_TITLE_BYTES`], [`MAX_TEXT_BYTES`] and
    /// [`MAX_LIST`] (so that a message or a drawing of it stays small), its steps within
    /// [`MAX_STEPS`], and no control character in the title (a newline in the explanation
    /// is a paragraph).
    fn check_bounds(&self) -> Result<(), String> {
        let len = |t: &str| t.len();
        if len(&self.title) > MAX_TITLE_BYTES {
            return Err(format!(
                "title: {} bytes; a title holds at most {MAX_TITLE_BYTES}",
                len(&self.title)
            ));
        }
        if self.title.chars().any(crate::echo::is_hidden) {
            return Err("title: a control character (a newline, an escape code) or one that reorders text (U+202E); a title is one line of text".into());
        }
        if len(&self.explanation) > MAX_TEXT_BYTES {
            return Err(format!(
                "explanation: {} bytes; an explanation holds at most {MAX_TEXT_BYTES}",
                len(&self.explanation)
            ));
        }
        if self
            .explanation
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
        {
            return Err("explanation: a control character other than a newline or a tab".into());
        }
        if self.steps.len() > MAX_STEPS {
            return Err(format!(
                "{} steps; a scenario holds at most {MAX_STEPS}",
                self.steps.len()
            ));
        }
        let list = |what: String, n: usize| {
            if n > MAX_LIST {
                Err(format!("{what}: {n} entries; at most {MAX_LIST}"))
            } else {
                Ok(())
            }
        };
        list("rules".into(), self.rules.len())?;
        for (i, st) in self.steps.iter().enumerate() {
            list(
                format!("step {}: expect.fouls", i + 1),
                st.expect.fouls.as_ref().map_or(0, Vec::len),
            )?;
            list(format!("step {}: declared", i + 1), st.declared.len())?;
        }
        Ok(())
    }

    /// Plays the steps from the position; every difference from what they expect, as
    /// "step N: expected ..., got ...". Empty: the scenario holds.
    pub fn check(&self) -> Vec<String> {
        self.check_with(None)
    }

    /// How often the scenario holds when each stroke is played with the batch runs' execution
    /// noise (`Noise::default()`): (runs that held, runs). `None` when no step is played on
    /// the table. How close to the edge of a rule the position is.
    pub fn robustness(&self, runs: u32, seed: u64) -> Option<(u32, u32)> {
        if !self.steps.iter().any(|s| s.stroke.is_some()) {
            return None;
        }
        let mut rng = StdRng::seed_from_u64(seed);
        let noise = Noise::default();
        let held = (0..runs)
            .filter(|_| self.check_with(Some((&noise, &mut rng))).is_empty())
            .count() as u32;
        Some((held, runs))
    }

    fn check_with(&self, noise: Option<(&Noise, &mut StdRng)>) -> Vec<String> {
        self.run(noise, Keep::Rulings).diffs
    }

    /// Plays the steps: the differences from what they expect, each shot's ruling, and (with
    /// `Keep::FirstShot`) the first shot played on the table with the layout it started from.
    pub fn run(&self, mut noise: Option<(&Noise, &mut StdRng)>, keep: Keep) -> Run {
        let paths = keep == Keep::FirstShot;
        let mut out = Run::default();
        let diffs = &mut out.diffs;
        let mut state: GameState = self.position.state.clone();
        let mut layout: Layout = self.position.layout.clone();
        let cfg = SimConfig {
            sample_dt: if paths { 1.0 / 60.0 } else { 0.0 },
            ..SimConfig::default()
        };
        for (i, st) in self.steps.iter().enumerate() {
            let n = i + 1;
            out.before.push((state.clone(), layout.clone()));
            let (ruling, next): (Option<Ruling>, GameState) =
                match (&st.call, &st.facts, &st.stroke, &st.action) {
                    (Some(call), Some(facts), None, None) => match state.judge(call, facts) {
                        Ok(j) => {
                            told_layout(&mut layout, facts, &j.state, j.ruling.spotted);
                            (Some(j.ruling), j.state)
                        }
                        Err(e) => {
                            let why = format!("step {n}: the referee refused the shot: {e}");
                            diffs.push(why.clone());
                            out.stopped = Some(why);
                            return out;
                        }
                    },
                    (Some(call), None, Some(stroke), None) => {
                        let stroke = match noise.as_mut() {
                            Some((n, rng)) => n.apply(*stroke, BALL_RADIUS, *rng),
                            None => *stroke,
                        };
                        match play_shot(&state, &layout, call, &stroke, &st.declared, &cfg) {
                            Ok(p) => {
                                if paths && out.shown.is_none() {
                                    out.shown = Some((layout.clone(), p.log.clone()));
                                }
                                layout = p.layout;
                                (Some(p.judged.ruling), p.judged.state)
                            }
                            Err(e) => {
                                let why = format!("step {n}: the shot could not be played: {e}");
                                diffs.push(why.clone());
                                out.stopped = Some(why);
                                return out;
                            }
                        }
                    }
                    (None, None, None, Some(action)) => {
                        match state.walk(std::slice::from_ref(action)) {
                            Ok(mut steps) => {
                                let s = steps.pop().expect("one step for one action");
                                (s.ruling, s.state)
                            }
                            Err(e) => {
                                // The step's one action: its own words, not "action 1".
                                let why = format!("step {n} ({}): {}", e.kind, e.error);
                                diffs.push(why.clone());
                                out.stopped = Some(why);
                                return out;
                            }
                        }
                    }
                    _ => {
                        let why = format!("step {n}: neither a shot nor an action");
                        diffs.push(why.clone());
                        out.stopped = Some(why);
                        return out;
                    }
                };
            compare(n, &st.expect, ruling.as_ref(), &next.turn(), diffs);
            // A step that ended the rack leaves the next rack racked (as the game racks one,
            // the default rack drawn by the step's number), so that a scenario plays on.
            if ruling.as_ref().is_some_and(|r| r.rack_result.is_some())
                && matches!(next.turn().action, TurnAction::Break { .. })
            {
                layout = crate::adapter::fresh_rack(
                    &layout.table.spec(),
                    crate::referee::Tightness::default(),
                    &mut StdRng::seed_from_u64(n as u64),
                );
            }
            out.rulings.extend(ruling);
            state = next;
        }
        out
    }
}

/// The layout after a told shot (public for the game's scenario player): pocketed and off-table balls gone (the cue ball too when it
/// left), the rest where `facts.rest` puts them, a spotted ball on its spot.
pub fn told_layout(
    layout: &mut Layout,
    facts: &ShotFacts,
    next: &GameState,
    spotted: Option<crate::referee::Spotted>,
) {
    layout.balls.retain(|b| {
        if b.ball == CUE {
            facts.cue_ball == CueBallFate::OnTable
        } else {
            next.on_table.contains(b.ball)
        }
    });
    for r in &facts.rest {
        if let Some(b) = layout.balls.iter_mut().find(|b| b.ball == r.ball) {
            b.at = r.point();
        }
    }
    if let Some(s) = spotted {
        layout.balls.retain(|b| b.ball != s.ball);
        layout.balls.push(crate::table::Placed {
            ball: s.ball,
            at: s.at,
        });
        layout.balls.sort_by_key(|b| b.ball);
    }
}

/// The differences between what step `n` expects and what it gave (public for the player).
pub fn compare(n: usize, e: &Expect, r: Option<&Ruling>, next: &Turn, diffs: &mut Vec<String>) {
    let mut differ = |what: &str, want: String, got: String| {
        if want != got {
            diffs.push(format!("step {n}: expected {what} {want}, got {got}"));
        }
    };
    if let Some(r) = r {
        if let Some(l) = e.legal {
            differ("legal", l.to_string(), r.legal.to_string());
        }
        if let Some(rule) = &e.rule {
            differ("rule", rule.clone(), r.rule.to_string());
        }
        if let Some(f) = &e.fouls {
            let mut want = f.clone();
            want.sort();
            let mut got: Vec<String> = r.fouls.iter().map(|f| f.rule.clone()).collect();
            got.sort();
            differ("fouls", format!("{want:?}"), format!("{got:?}"));
        }
        if let Some(w) = e.rack_winner {
            let got = match r.rack_result {
                Some(RackResult::Won { winner, .. }) => format!("{winner:?}"),
                _ => "no winner".into(),
            };
            differ("rack winner", format!("{w:?}"), got);
        }
        if let Some(b) = e.spotted {
            differ(
                "spotted",
                b.to_string(),
                r.spotted
                    .map(|s| s.ball.to_string())
                    .unwrap_or("none".into()),
            );
        }
    } else if e.legal.is_some() || e.rule.is_some() || e.fouls.is_some() || e.rack_winner.is_some()
    {
        differ("a ruling", "".into(), "none: the step is not a shot".into());
    }
    if let Some(p) = e.next_player {
        differ(
            "next player",
            format!("{p:?}"),
            format!("{:?}", next.player),
        );
    }
    let (action, in_hand) = match next.action {
        TurnAction::Break { ball_in_hand, .. } => ("break", Some(ball_in_hand)),
        TurnAction::Shoot { ball_in_hand, .. } => ("shoot", ball_in_hand),
        TurnAction::Choose { .. } => ("choose", None),
        TurnAction::MatchOver { .. } => ("match_over", None),
        TurnAction::Lag => ("lag", None),
        TurnAction::ChooseBreaker => ("choose_breaker", None),
    };
    if let Some(a) = &e.next_action {
        differ("next action", a.clone(), action.into());
    }
    if let Some(h) = &e.ball_in_hand {
        let got = match in_hand {
            Some(InHand::Anywhere) => "anywhere",
            Some(InHand::Kitchen) => "kitchen",
            None => "none",
        };
        differ("ball in hand", h.clone(), got.into());
    }
}

//! `tenball judge`: one shot in (state, call, facts), the ruling and the next state out.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{CliError, parse_json, read_input};
use crate::referee::performance::{self, Performance, RuledStroke};
use crate::referee::{Action, Call, GameState, Ruling, ShotFacts, Step};

#[derive(Debug, clap::Args)]
pub struct JudgeArgs {
    /// JSON file with {state, call, facts}; stdin when absent or `-`.
    pub file: Option<PathBuf>,
}

/// The input of `tenball judge`: one shot (`call` and `facts`), or a sequence of `actions`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeInput {
    pub state: GameState,
    #[serde(default)]
    pub call: Option<Call>,
    #[serde(default)]
    pub facts: Option<ShotFacts>,
    #[serde(default)]
    pub actions: Option<Vec<Action>>,
}

/// The output of `tenball judge` for a sequence: each action's answer, and the state at the
/// end.
#[derive(Debug, Serialize)]
pub struct SequenceOutput {
    pub steps: Vec<Step>,
    pub state: GameState,
    /// Each player's Accu-Stats TPA counts over the sequence's shots.
    pub performance: SequencePerformance,
}

/// A sequence's TPA counts of each player, with the average itself (null before a ball made or
/// an error).
#[derive(Debug, Serialize)]
pub struct SequencePerformance {
    #[serde(rename = "A")]
    pub a: PlayerPerformance,
    #[serde(rename = "B")]
    pub b: PlayerPerformance,
}

#[derive(Debug, Serialize)]
pub struct PlayerPerformance {
    pub tpa: Option<f64>,
    #[serde(flatten)]
    pub counts: Performance,
}

impl SequencePerformance {
    fn of(actions: &[Action], steps: &[Step]) -> SequencePerformance {
        let strokes: Vec<RuledStroke> = steps
            .iter()
            .filter_map(|s| {
                let ruling = s.ruling.as_ref()?;
                match &actions[s.action] {
                    Action::Shot { facts, .. } => Some(RuledStroke::of(ruling, facts)),
                    _ => None,
                }
            })
            .collect();
        let [a, b] = performance::count(&strokes);
        let player = |counts: Performance| PlayerPerformance {
            tpa: counts.tpa(),
            counts,
        };
        SequencePerformance {
            a: player(a),
            b: player(b),
        }
    }
}

/// The output of `tenball judge`.
#[derive(Debug, Serialize)]
pub struct JudgeOutput {
    pub ruling: Ruling,
    pub state: GameState,
}

pub fn run(args: &JudgeArgs) -> Result<(), CliError> {
    let (name, text) = read_input(args.file.as_deref())?;
    let input: JudgeInput = parse_json(&name, &text)?;
    let json = if input.actions.is_some() {
        serde_json::to_string_pretty(&walk_input(&name, input)?)
    } else {
        serde_json::to_string_pretty(&judge_input(&name, input)?)
    };
    super::emit(&json.expect("rulings serialize"))
}

fn refuse(name: &str, e: impl ToString) -> CliError {
    CliError::input(format!("{name}: {}", crate::echo::cut(&e.to_string())))
}

/// The ruling on the one shot an input text describes; `name` names it in errors.
pub fn judge_text(name: &str, text: &str) -> Result<JudgeOutput, CliError> {
    judge_input(name, parse_json(name, text)?)
}

/// Each action's answer for an input text with `actions`; `name` names it in errors.
pub fn walk_text(name: &str, text: &str) -> Result<SequenceOutput, CliError> {
    walk_input(name, parse_json(name, text)?)
}

fn judge_input(name: &str, input: JudgeInput) -> Result<JudgeOutput, CliError> {
    if input.actions.is_some() {
        return Err(refuse(
            name,
            "give either `call` (and `facts`) or `actions`, not both",
        ));
    }
    let call = input
        .call
        .ok_or_else(|| refuse(name, "missing `call` (or a list of `actions`)"))?;
    let judged = input
        .state
        .judge(&call, &input.facts.unwrap_or_default())
        .map_err(|e| refuse(name, e))?;
    Ok(JudgeOutput {
        ruling: judged.ruling,
        state: judged.state,
    })
}

fn walk_input(name: &str, input: JudgeInput) -> Result<SequenceOutput, CliError> {
    if input.call.is_some() || input.facts.is_some() {
        return Err(refuse(
            name,
            "give either `call` (and `facts`) or `actions`, not both; a shot in `actions` is {\"shot\": {\"call\": ..., \"facts\": ...}}",
        ));
    }
    let actions = input.actions.unwrap_or_default();
    let steps = input.state.walk(&actions).map_err(|e| refuse(name, e))?;
    let state = steps.last().map(|s| s.state.clone()).unwrap_or(input.state);
    let performance = SequencePerformance::of(&actions, &steps);
    Ok(SequenceOutput {
        steps,
        state,
        performance,
    })
}

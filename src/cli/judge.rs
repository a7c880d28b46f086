//! `tenball judge`: one shot in (state, call, facts), the ruling and the next state out.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::{CliError, parse_json, read_input};
use crate::referee::{Call, GameState, Ruling, ShotFacts};

#[derive(Debug, clap::Args)]
pub struct JudgeArgs {
    /// JSON file with {state, call, facts}; stdin when absent or `-`.
    pub file: Option<PathBuf>,
}

/// The input of `tenball judge`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JudgeInput {
    pub state: GameState,
    pub call: Call,
    #[serde(default)]
    pub facts: ShotFacts,
}

/// The output of `tenball judge`.
#[derive(Debug, Serialize)]
pub struct JudgeOutput {
    pub ruling: Ruling,
    pub state: GameState,
}

pub fn run(args: &JudgeArgs) -> Result<(), CliError> {
    let (name, text) = read_input(args.file.as_deref())?;
    let out = judge_text(&name, &text)?;
    super::emit(&serde_json::to_string_pretty(&out).expect("rulings serialize"))
}

/// The ruling on the shot an input text describes; `name` names it in errors.
pub fn judge_text(name: &str, text: &str) -> Result<JudgeOutput, CliError> {
    let input: JudgeInput = parse_json(name, text)?;
    let judged = input
        .state
        .judge(&input.call, &input.facts)
        .map_err(|e| CliError::input(format!("{name}: {}", crate::echo::cut(&e.to_string()))))?;
    Ok(JudgeOutput {
        ruling: judged.ruling,
        state: judged.state,
    })
}

//! A situation walked through from one state: shots, and the decisions the rules give players
//! and the referee: the incoming player's choice after a push out or a wrongly pocketed ball
//! (5.4, 5.6, 5.7), the lag (1.2) and the choice of the first breaker, the referee's two-foul
//! warning (7.14, when it is given by hand) and the stalemate warning (1.12). Each action gets
//! its answer and the state after it, so that every situation of the rules can be followed
//! step by step (`tenball judge` with `actions`).

use serde::{Deserialize, Serialize};

use super::judge::RulesError;
use super::lag::LagShot;
use super::ruling::{Ruling, Turn};
use super::shot::{Call, ShotFacts};
use super::state::{GameState, PlayerId, TableChoice};

/// One action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// A shot: the call and what happened.
    Shot {
        call: Call,
        #[serde(default)]
        facts: ShotFacts,
    },
    /// The incoming player's answer to a choice.
    Choose(TableChoice),
    /// Both players' lag balls.
    Lag { a: LagShot, b: LagShot },
    /// The lag winner names the first breaker.
    ChooseBreaker(PlayerId),
    /// The referee warns a player on two fouls (7.14).
    WarnTwoFouls(PlayerId),
    /// The referee's stalemate warning (1.12).
    WarnStalemate,
}

impl Action {
    pub fn name(&self) -> &'static str {
        match self {
            Action::Shot { .. } => "shot",
            Action::Choose(_) => "choose",
            Action::Lag { .. } => "lag",
            Action::ChooseBreaker(_) => "choose_breaker",
            Action::WarnTwoFouls(_) => "warn_two_fouls",
            Action::WarnStalemate => "warn_stalemate",
        }
    }
}

/// The answer to one action.
#[derive(Debug, Clone, Serialize)]
pub struct Step {
    /// Which action (from 0) and what kind.
    pub action: usize,
    pub kind: &'static str,
    /// The ruling, for a shot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ruling: Option<Ruling>,
    /// The lag's winner; none when both lagged badly or tied (lag again).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lag_winner: Option<Option<PlayerId>>,
    /// Who acts next, and with what.
    pub next: Turn,
    pub state: GameState,
}

/// Why an action could not be taken: which one, and the referee's reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActionError {
    /// From 0; the message counts from 1, as a person does.
    pub index: usize,
    pub kind: &'static str,
    pub error: RulesError,
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "action {} ({}): {}",
            self.index + 1,
            self.kind,
            self.error
        )
    }
}

impl std::error::Error for ActionError {}

/// The most actions one list may hold (a whole match of long racks is a few thousand).
pub const MAX_ACTIONS: usize = 100_000;

impl GameState {
    /// The referee warns `player`, who is on two fouls, that a third loses the rack (7.14).
    /// With `auto_warn` on, the referee does so by himself as the player comes to the table.
    pub fn warn_two_fouls(&self, player: PlayerId) -> Result<GameState, RulesError> {
        self.validate().map_err(RulesError::BadState)?;
        let f = self.fouls_of(player);
        if f.count < 2 {
            return Err(RulesError::NotNow(format!(
                "{player} is on {} foul{}: the warning is for two (7.14)",
                f.count,
                if f.count == 1 { "" } else { "s" }
            )));
        }
        if f.warned {
            return Err(RulesError::NotNow(format!(
                "{player} has already been warned (7.14)"
            )));
        }
        let mut next = self.clone();
        next.fouls[player.index()].warned = true;
        Ok(next)
    }

    /// Takes the actions one after another from this state.
    /// The state is checked first, so that even an empty list refuses a state that does not
    /// hold together (and nothing the referee refuses as input is printed as an answer).
    pub fn walk(&self, actions: &[Action]) -> Result<Vec<Step>, ActionError> {
        if actions.len() > MAX_ACTIONS {
            return Err(ActionError {
                index: MAX_ACTIONS,
                kind: actions[MAX_ACTIONS].name(),
                error: RulesError::NotNow(format!(
                    "a list holds at most {MAX_ACTIONS} actions, this one {}",
                    actions.len()
                )),
            });
        }
        self.validate().map_err(|e| ActionError {
            index: 0,
            kind: actions.first().map_or("none", Action::name),
            error: RulesError::BadState(e),
        })?;
        let mut state = self.clone();
        let mut steps = Vec::with_capacity(actions.len());
        for (index, a) in actions.iter().enumerate() {
            let fail = |error| ActionError {
                index,
                kind: a.name(),
                error,
            };
            let (ruling, lag_winner, next) = match a {
                Action::Shot { call, facts } => {
                    let j = state.judge(call, facts).map_err(fail)?;
                    (Some(j.ruling), None, j.state)
                }
                Action::Choose(c) => (None, None, state.choose(*c).map_err(fail)?),
                Action::Lag { a, b } => {
                    let (w, s) = state.lag(*a, *b).map_err(fail)?;
                    (None, Some(w), s)
                }
                Action::ChooseBreaker(p) => (None, None, state.choose_breaker(*p).map_err(fail)?),
                Action::WarnTwoFouls(p) => (None, None, state.warn_two_fouls(*p).map_err(fail)?),
                Action::WarnStalemate => (None, None, state.warn_stalemate().map_err(fail)?),
            };
            steps.push(Step {
                action: index,
                kind: a.name(),
                ruling,
                lag_winner,
                next: next.turn(),
                state: next.clone(),
            });
            state = next;
        }
        Ok(steps)
    }
}

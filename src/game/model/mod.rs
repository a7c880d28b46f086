//! The model: the match at the table and what the player is setting up, with no import from
//! the view, the input, the screens or the panels. `session` (the match: the referee's state,
//! the balls, `play_shot`, undo), `aim` (the stroke, the call being drafted, a drag, the
//! pointer, a ball carried in set-up), `seat` (the actions of a frame taken by the shot cycle;
//! save and copy link asked of the platform as `Share` messages), `playback` (the shot log's
//! clock) and `tracking` (the aim's prediction through the adapter).

pub mod aim;
pub mod playback;
pub mod seat;
pub mod session;
pub mod tracking;

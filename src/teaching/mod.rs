//! Teaching: the scenario library (its file format, `check` and the robust replays under
//! execution noise), the handout diagrams, the markers that show what decided a shot, read
//! from the adapter's facts, and the referee's quiz built on them. Headless (no bevy, no window): the game's scenario player
//! and `tenball scenario` are its clients. It may play shots through `adapter::play_shot` and
//! ask the referee; it never decides a rule or steps physics itself. The diagrams (files drawn
//! by plotters) are not in the web build.

#[cfg(not(target_arch = "wasm32"))]
pub mod diagram;
pub mod markers;
pub mod quiz;
pub mod scenario;

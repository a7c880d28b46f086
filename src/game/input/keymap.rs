//! The one table of keys: what each key does, where it works, whether it repeats when held,
//! and its line in the help. The input, the other plugins' keys, the help overlay and the
//! scripts' key names all read it, so a key is listed once.

use bevy::prelude::*;

/// What a key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Control {
    AimLeft,
    AimRight,
    PowerUp,
    PowerDown,
    TipUp,
    TipDown,
    TipLeft,
    TipRight,
    TipCentre,
    ElevationUp,
    ElevationDown,
    Safety,
    PushOut,
    /// Hold to charge the power, release to shoot; a tap shoots at the power set.
    Shoot,
    Continue,
    PlayTable,
    HandBack,
    Replay,
    Pause,
    StepFrame,
    StopReplay,
    Camera,
    Aids,
    AimLine,
    FineAim,
    Noise,
    Undo,
    Rerack,
    BallInHand,
    Setup,
    Save,
    Mute,
    NextStep,
    Coach,
    Help,
}

/// Where a key works.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Context {
    /// At the table (aiming, playing back, the ruling); set-up mode's own keys are
    /// [`SETUP_BALL_KEYS`] and [`SETUP_REMOVE_KEYS`].
    Table,
    /// On either screen.
    Anywhere,
}

/// A key's line in the table.
#[derive(Debug, Clone, Copy)]
pub struct Binding {
    pub key: KeyCode,
    pub control: Control,
    pub context: Context,
    /// Held down, it acts again and again, faster the longer it is held.
    pub repeats: bool,
}

const fn bind(key: KeyCode, control: Control, context: Context, repeats: bool) -> Binding {
    Binding {
        key,
        control,
        context,
        repeats,
    }
}

use Context::{Anywhere, Table};
use Control as C;

/// Every key of the game.
pub const BINDINGS: &[Binding] = &[
    bind(KeyCode::ArrowLeft, C::AimLeft, Table, true),
    bind(KeyCode::ArrowRight, C::AimRight, Table, true),
    bind(KeyCode::ArrowUp, C::PowerUp, Table, true),
    bind(KeyCode::ArrowDown, C::PowerDown, Table, true),
    bind(KeyCode::KeyI, C::TipUp, Table, true),
    bind(KeyCode::KeyK, C::TipDown, Table, true),
    bind(KeyCode::KeyJ, C::TipLeft, Table, true),
    bind(KeyCode::KeyL, C::TipRight, Table, true),
    bind(KeyCode::KeyO, C::TipCentre, Table, false),
    bind(KeyCode::PageUp, C::ElevationUp, Table, true),
    bind(KeyCode::PageDown, C::ElevationDown, Table, true),
    bind(KeyCode::KeyS, C::Safety, Table, false),
    bind(KeyCode::KeyP, C::PushOut, Table, false),
    bind(KeyCode::Space, C::Shoot, Table, false),
    bind(KeyCode::Enter, C::Continue, Table, false),
    bind(KeyCode::NumpadEnter, C::Continue, Table, false),
    bind(KeyCode::Digit1, C::PlayTable, Table, false),
    bind(KeyCode::Digit2, C::HandBack, Table, false),
    bind(KeyCode::KeyR, C::Replay, Table, false),
    bind(KeyCode::KeyZ, C::Pause, Table, false),
    bind(KeyCode::KeyX, C::StepFrame, Table, false),
    bind(KeyCode::Escape, C::StopReplay, Table, false),
    bind(KeyCode::KeyC, C::Camera, Table, false),
    bind(KeyCode::KeyT, C::Aids, Table, false),
    bind(KeyCode::KeyG, C::AimLine, Table, false),
    bind(KeyCode::KeyF, C::FineAim, Table, false),
    bind(KeyCode::KeyE, C::Noise, Table, false),
    bind(KeyCode::KeyU, C::Undo, Table, false),
    bind(KeyCode::KeyN, C::Rerack, Table, false),
    bind(KeyCode::KeyB, C::BallInHand, Table, false),
    bind(KeyCode::F2, C::Setup, Anywhere, false),
    bind(KeyCode::F5, C::Save, Anywhere, false),
    bind(KeyCode::KeyM, C::Mute, Anywhere, false),
    bind(KeyCode::Period, C::NextStep, Table, false),
    bind(KeyCode::KeyQ, C::Coach, Table, false),
    bind(KeyCode::KeyH, C::Help, Anywhere, false),
    bind(KeyCode::F1, C::Help, Anywhere, false),
];

/// Set-up mode's own keys: a ball put back at the pointer (0 is the 10, `c` the cue ball), or
/// taken off.
pub const SETUP_BALL_KEYS: &[(KeyCode, u8)] = &[
    (KeyCode::Digit0, 10),
    (KeyCode::Digit1, 1),
    (KeyCode::Digit2, 2),
    (KeyCode::Digit3, 3),
    (KeyCode::Digit4, 4),
    (KeyCode::Digit5, 5),
    (KeyCode::Digit6, 6),
    (KeyCode::Digit7, 7),
    (KeyCode::Digit8, 8),
    (KeyCode::Digit9, 9),
    (KeyCode::KeyC, 0),
];
pub const SETUP_REMOVE_KEYS: &[KeyCode] = &[KeyCode::Delete, KeyCode::Backspace];

impl Control {
    /// The help's words for it.
    pub fn help(self) -> &'static str {
        match self {
            C::AimLeft => "turn the aim left (held: faster and faster; Shift or fine aim: a tenth)",
            C::AimRight => {
                "turn the aim right (held: faster and faster; Shift or fine aim: a tenth)"
            }
            C::PowerUp => "more power (held: repeats; Shift: fine)",
            C::PowerDown => "less power (held: repeats; Shift: fine)",
            C::TipUp => "tip up: follow",
            C::TipDown => "tip down: draw",
            C::TipLeft => "tip left: left english",
            C::TipRight => "tip right: right english",
            C::TipCentre => "tip to the centre",
            C::ElevationUp => "raise the cue 1 deg (a jump needs no less than the table allows)",
            C::ElevationDown => "lower the cue 1 deg",
            C::Safety => "call a safety (5.6), when allowed",
            C::PushOut => "call a push out (5.4), when allowed",
            C::Shoot => {
                "tap: shoot at the power set; hold: charge the power, release to shoot; \
                         while a shot plays: pause"
            }
            C::Continue => {
                "skip to the end of the shot; close the ruling card; the quiz: grade, then the next question"
            }
            C::PlayTable => "choice: play the table",
            C::HandBack => "choice: hand it back",
            C::Replay => "replay the last shot (Shift: slowly, a quarter speed)",
            C::Pause => "pause or resume a playback",
            C::StepFrame => "while paused: step 1/60 s",
            C::StopReplay => "stop a replay",
            C::Camera => "camera: behind the cue ball, overhead, free",
            C::Aids => {
                "aids: practice (every path), match (the cue ball to its first ball), pro (none)"
            }
            C::AimLine => "aim line and ghost ball",
            C::FineAim => "fine aim on or off: drags and arrow keys turn a tenth as far",
            C::Noise => "execution noise on or off (a person's stroke is never exact)",
            C::Undo => "practice: undo the last shot",
            C::Rerack => "practice: a fresh rack",
            C::BallInHand => "practice: ball in hand now",
            C::Setup => "set-up mode: drag balls, Delete takes one off, 0-9 and c put one back",
            C::Save => "save the table to a new file",
            C::Mute => "mute",
            C::NextStep => "scenario player: play the next step; the quiz: play the shot",
            C::Coach => "coach: the computer's choice here (press again to take it)",
            C::Help => "this help",
        }
    }
}

/// A key's name as a player reads it.
pub fn key_name(key: KeyCode) -> String {
    let s = format!("{key:?}");
    let s = s
        .strip_prefix("Key")
        .or_else(|| s.strip_prefix("Digit"))
        .unwrap_or(&s);
    match s {
        "ArrowLeft" => "Left".into(),
        "ArrowRight" => "Right".into(),
        "ArrowUp" => "Up".into(),
        "ArrowDown" => "Down".into(),
        "Period" => ".".into(),
        "Escape" => "Esc".into(),
        other => other.to_string(),
    }
}

/// Every key the game reads.
fn keys_read() -> impl Iterator<Item = KeyCode> {
    let game = BINDINGS.iter().map(|b| b.key);
    let setup = SETUP_BALL_KEYS.iter().map(|&(k, _)| k);
    let more = SETUP_REMOVE_KEYS
        .iter()
        .copied()
        .chain([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    game.chain(setup).chain(more)
}

/// A key from its script name: bevy's `KeyCode` name (`KeyH`, `Space`, `ArrowLeft`, `F5`),
/// for every key the game reads.
pub fn key_from_name(name: &str) -> Option<KeyCode> {
    keys_read().find(|k| format!("{k:?}") == name)
}

/// The script names of every key the game reads, each once, for messages.
pub fn key_names() -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for k in keys_read() {
        let n = format!("{k:?}");
        if !names.contains(&n) {
            names.push(n);
        }
    }
    names
}

/// Whether a key for `control` was pressed this frame.
pub fn just(keys: &ButtonInput<KeyCode>, control: Control) -> bool {
    BINDINGS
        .iter()
        .any(|b| b.control == control && keys.just_pressed(b.key))
}

/// Whether a key for `control` was released this frame.
pub fn just_released(keys: &ButtonInput<KeyCode>, control: Control) -> bool {
    BINDINGS
        .iter()
        .any(|b| b.control == control && keys.just_released(b.key))
}

/// Whether a key for `control` is held.
pub fn held(keys: &ButtonInput<KeyCode>, control: Control) -> bool {
    BINDINGS
        .iter()
        .any(|b| b.control == control && keys.pressed(b.key))
}

/// Whether Shift is held (fine steps, slow replay).
pub fn shift(keys: &ButtonInput<KeyCode>) -> bool {
    keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight)
}

/// The help's rows: the keys of each control, then the mouse.
pub fn help_rows() -> Vec<(String, &'static str)> {
    let mut rows: Vec<(String, &'static str)> = MOUSE_HELP
        .iter()
        .map(|&(k, what)| (k.to_string(), what))
        .collect();
    let mut seen: Vec<Control> = Vec::new();
    for b in BINDINGS {
        if seen.contains(&b.control) {
            continue;
        }
        seen.push(b.control);
        let keys: Vec<String> = BINDINGS
            .iter()
            .filter(|x| x.control == b.control)
            .map(|x| key_name(x.key))
            .collect();
        rows.push((keys.join(" or "), b.control.help()));
    }
    rows
}

/// What the mouse does.
pub const MOUSE_HELP: &[(&str, &str)] = &[
    (
        "left drag sideways (behind view)",
        "turn the cue about the cue ball (Shift: a tenth as fast)",
    ),
    (
        "left drag on the cloth (overhead, free)",
        "aim: the cue points from the cue ball at the pointer",
    ),
    (
        "click a ball, then a pocket",
        "call the shot (5.5); the aim's path pre-fills it",
    ),
    (
        "left drag the cue ball",
        "ball in hand: place it (the camera holds still)",
    ),
    (
        "right drag, middle drag, wheel",
        "orbit, pan, zoom (free view)",
    ),
];

/// How many steps a repeating key gives this frame, held for `held` seconds of which `dt` were
/// this frame: one on the press, then none for `REPEAT_DELAY`, then `REPEAT_RATE` a second
/// rising to `max_rate` over `REPEAT_RAMP` seconds (a fractional count: the step is scaled).
pub fn repeat_steps(just_pressed: bool, held: f32, dt: f32, max_rate: f32) -> f32 {
    if just_pressed {
        return 1.0;
    }
    let after = held - REPEAT_DELAY;
    if after <= 0.0 {
        return 0.0;
    }
    let ramp = (after / REPEAT_RAMP).min(1.0);
    let rate = REPEAT_RATE + (max_rate - REPEAT_RATE).max(0.0) * ramp;
    rate * dt.min(after)
}

/// A held key starts repeating after this long (s).
pub const REPEAT_DELAY: f32 = 0.3;
/// First repeats a second.
pub const REPEAT_RATE: f32 = 8.0;
/// Seconds of repeating until the fastest rate.
pub const REPEAT_RAMP: f32 = 1.5;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_listed_once_and_every_control_has_a_key() {
        for (i, a) in BINDINGS.iter().enumerate() {
            for b in &BINDINGS[i + 1..] {
                assert!(
                    a.key != b.key || a.context != b.context,
                    "{:?} is bound twice",
                    a.key
                );
            }
            assert_eq!(key_from_name(&format!("{:?}", a.key)), Some(a.key));
        }
        assert!(help_rows().len() > MOUSE_HELP.len() + 20);
    }

    #[test]
    fn a_held_key_repeats_faster_the_longer_it_is_held() {
        assert_eq!(repeat_steps(true, 0.0, 0.1, 60.0), 1.0);
        assert_eq!(repeat_steps(false, 0.2, 0.1, 60.0), 0.0);
        let early = repeat_steps(false, 0.5, 0.1, 60.0);
        let late = repeat_steps(false, 3.0, 0.1, 60.0);
        assert!(early > 0.0 && late > 3.0 * early, "{early} {late}");
    }
}

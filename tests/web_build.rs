//! The web build's first step (issue 26): the headless library, and with the `game` feature
//! the game, compile for wasm32, the browser's target, through Debian's web toolchain
//! (`tools/web-check.sh`, which `setup.sh` makes possible). They fail when a part the browser
//! needs takes on something wasm32 lacks (signals, a terminal, plots to files), as
//! signal-hook, plotters' file backends and the game's use of the command line's `warn` did.

use std::process::Command;

/// Runs the check with `args` after the script's own; the command's stderr in a failure.
fn web_check(args: &[&str]) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/web-check.sh");
    let out = Command::new("bash")
        .arg(script)
        .args(["--message-format", "short"])
        .args(args)
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "tools/web-check.sh {args:?} failed (exit {:?}):\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_headless_library_compiles_for_the_browser() {
    web_check(&[]);
}

/// The game too (bevy's rendering, windows, input, sound, egui), as far as `cargo check` goes:
/// not yet linked, nor run in a page.
#[cfg(feature = "game")]
#[test]
fn the_game_compiles_for_the_browser() {
    web_check(&["--features", "game"]);
}

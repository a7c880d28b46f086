//! The web build's first step (issue 26): the headless library compiles for wasm32, the
//! browser's target, through Debian's web toolchain (`tools/web-check.sh`, which `setup.sh`
//! makes possible). It fails when a part the browser needs takes on something wasm32 lacks
//! (signals, a terminal, plots to files), as signal-hook and plotters' file backends did.

use std::process::Command;

#[test]
fn the_headless_library_compiles_for_the_browser() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tools/web-check.sh");
    let out = Command::new("bash")
        .arg(script)
        .args(["--message-format", "short"])
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("bash runs");
    assert!(
        out.status.success(),
        "tools/web-check.sh failed (exit {:?}):\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

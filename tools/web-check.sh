#!/usr/bin/env bash
# The web build's first step (issue 26): the headless library (physics, referee, adapter,
# computer, teaching, batch without its plots) compiles for wasm32-unknown-unknown, the target
# a browser runs; `--features game` checks the game as well (tools/web-build.sh builds, links
# and packs it for a page). rustup adds no target here, so the route is Debian's web toolchain, which
# `setup.sh` installs: `rustc-web` and `cargo-web` (Rust 1.96), `rust-web-src` (the standard
# library's source, built for wasm32 by `-Z build-std`, allowed on a stable compiler by
# RUSTC_BOOTSTRAP) and `lld-22` (`wasm-ld-22`, the linker). Its own target folder, so it never
# invalidates the native build. Extra arguments go to cargo (e.g. `--message-format short`).
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in /usr/bin/rustc /usr/bin/cargo /usr/bin/wasm-ld-22; do
    [ -x "$tool" ] || { echo "web-check: $tool is missing: run ./setup.sh" >&2; exit 2; }
done
export CARGO_TARGET_DIR="${TENBALL_WEB_TARGET:-$HOME/.cache/tenball-web-target}"
export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22
exec /usr/bin/cargo check --target wasm32-unknown-unknown -Z build-std=std,panic_abort \
    --no-default-features --lib "$@"

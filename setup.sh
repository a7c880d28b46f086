#!/usr/bin/env bash
# Set-up on a fresh Debian machine: system packages, then the crates (so a later build works
# offline). Safe to run again. Needs root or sudo for apt-get.
set -euo pipefail
cd "$(dirname "$0")"

# pkg-config and a C compiler for -sys crates (all the headless simulator needs); the game's
# window, input and sound (Wayland, XKB, udev, ALSA headers; X11 libraries winit loads at run
# time); for the rendering test and for playing without a GPU, Xvfb with Mesa's software
# Vulkan driver; and for the test of the guide's cluster recipe (tests/scheduler.rs), Slurm and
# munge (the test starts its own one-node cluster in a temporary folder and stops it after);
# for the web build's check (tools/web-check.sh, tests/web_build.rs), Debian's web toolchain:
# Rust 1.96 with the standard library's source and the wasm linker (rustup adds no target here).
packages=(
    pkg-config build-essential
    libwayland-dev libxkbcommon-dev libudev-dev libasound2-dev
    libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0
    xvfb xauth mesa-vulkan-drivers libvulkan1
    slurm-wlm munge
    rustc-web cargo-web rust-web-src lld-22
)
missing=()
for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}"
fi

command -v cargo >/dev/null || {
    echo "setup: cargo not found; install Rust 1.95 (rustup) first" >&2
    exit 1
}
cargo fetch --locked
echo "setup: ready. Build output goes to \${CARGO_TARGET_DIR:-target}; we use \$HOME/.cache/tenball-target."

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
# for the web build (tools/web-check.sh, tools/web-build.sh), Debian's web toolchain: Rust 1.96
# with the standard library's source and the wasm linker (rustup adds no target here); for its
# test in a browser (tests/web_build.rs), Debian's Chromium, and Node.js with npm where the
# machine has no npm of its own.
packages=(
    pkg-config build-essential
    libwayland-dev libxkbcommon-dev libudev-dev libasound2-dev
    libx11-6 libxcursor1 libxrandr2 libxi6 libxkbcommon-x11-0
    xvfb xauth mesa-vulkan-drivers libvulkan1
    slurm-wlm munge
    rustc-web cargo-web rust-web-src lld-22
    chromium
)
command -v npm >/dev/null || packages+=(nodejs npm)
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

# The web build's JavaScript glue: wasm-bindgen's CLI at exactly the version of the
# wasm-bindgen crate in Cargo.lock (they must match). Not `--locked`: its lock names a
# webpki-roots release the registry here does not have.
bindgen=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }')" != "$bindgen" ]; then
    cargo install wasm-bindgen-cli --version "=$bindgen"
fi
# The browser test's driver (playwright-core, at the version package-lock.json pins).
(cd tests/web && npm ci --no-audit --no-fund --loglevel=error)

# The Python package's build and tests (python/, tests/python.rs): a virtual environment with
# python/requirements-dev.txt's pinned maturin, pytest, numpy, pandas, gymnasium, pettingzoo,
# matplotlib and nbclient. TENBALL_VENV puts it elsewhere.
venv="${TENBALL_VENV:-$HOME/.cache/tenball-venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" || {
        sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q python3-venv
        python3 -m venv "$venv"
    }
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r python/requirements-dev.txt
echo "setup: ready. Build output goes to \${CARGO_TARGET_DIR:-target}; we use \$HOME/.cache/tenball-target."

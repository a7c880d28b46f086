#!/usr/bin/env bash
# Set-up on a fresh Debian machine: system packages, then the crates (so a later build works
# offline). Safe to run again. Needs root or sudo for apt-get.
set -euo pipefail
cd "$(dirname "$0")"

# pkg-config and a C compiler for -sys crates; the headless simulator needs nothing else.
packages=(pkg-config build-essential)
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

#!/usr/bin/env bash
# The web build (issue 26): the game for wasm32-unknown-unknown, drawn with WebGL2, and the page
# that runs it, in one folder a static web server can serve (by default
# $HOME/.cache/tenball-web-target/site; `--out DIR` for another, which must not exist or be
# an earlier site). The route is Debian's web toolchain, which `setup.sh` installs (rustup adds
# no target here): `rustc-web` and `cargo-web` (Rust 1.96), `rust-web-src` (the standard
# library's source, built for wasm32 by `-Z build-std`, allowed on a stable compiler by
# RUSTC_BOOTSTRAP) and `lld-22` (`wasm-ld-22`); then `wasm-bindgen` (the CLI at the version of
# the wasm-bindgen crate in Cargo.lock, which setup.sh installs) writes the JavaScript glue;
# binaryen's wasm-opt (npm, tests/web) on request.
# Its own target folder and cargo profile (`web`), so it never invalidates the native build.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${TENBALL_WEB_TARGET:-$HOME/.cache/tenball-web-target}"
out="$CARGO_TARGET_DIR/site"
opt=""
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="${2:?--out needs a folder}"; shift 2 ;;
        --wasm-opt)
            opt="${2:?--wasm-opt needs a level: O2, Os or Oz}"; shift 2
            case "$opt" in O1|O2|O3|O4|Os|Oz) ;; *)
                echo "web-build: --wasm-opt $opt: the level is one of O1 O2 O3 O4 Os Oz" >&2
                exit 2 ;;
            esac ;;
        *) echo "web-build: unknown argument $1 (--out DIR, --wasm-opt LEVEL)" >&2; exit 2 ;;
    esac
done
for tool in /usr/bin/rustc /usr/bin/cargo /usr/bin/wasm-ld-22; do
    [ -x "$tool" ] || { echo "web-build: $tool is missing: run ./setup.sh" >&2; exit 2; }
done
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' Cargo.lock)
bindgen=$(command -v wasm-bindgen || true)
have=$([ -n "$bindgen" ] && "$bindgen" --version | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
    echo "web-build: wasm-bindgen $want is needed (found: ${have:-none}): run ./setup.sh" >&2
    exit 2
fi
if [ -e "$out" ] && [ ! -f "$out/.tenball-site" ]; then
    echo "web-build: $out exists and is not a site this script wrote: give --out a new folder" >&2
    exit 2
fi
RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22 \
    /usr/bin/cargo build --target wasm32-unknown-unknown -Z build-std=std,panic_abort \
    --profile web --features web --bin tenball
mkdir -p "$out"
touch "$out/.tenball-site"
wasm-bindgen --target web --no-typescript --remove-name-section --remove-producers-section \
    --out-dir "$out" \
    "$CARGO_TARGET_DIR/wasm32-unknown-unknown/web/tenball.wasm"
# binaryen's optimiser on request (`--wasm-opt O2`), from npm (its JavaScript/wasm build: no
# binary to download), with the features Rust's wasm target emits. Not by default: measured on
# the web profile's opt-level "z" module (38.0 MiB, 9.75 MiB gzip), -O2 took 6 min and gave
# 34.3 MiB but 10.3 MiB gzip, -Oz 17 min for 31.2 MiB and 10.1 MiB gzip: a smaller module
# that downloads larger (README, "The web build").
if [ -n "$opt" ]; then
    wasm_opt=tests/web/node_modules/binaryen/bin/wasm-opt
    [ -f "$wasm_opt" ] || { echo "web-build: $wasm_opt is missing: run ./setup.sh" >&2; exit 2; }
    node "$wasm_opt" "-$opt" --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
        --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
        "$out/tenball_bg.wasm" -o "$out/tenball_bg.opt.wasm"
    mv "$out/tenball_bg.opt.wasm" "$out/tenball_bg.wasm"
fi
cp web/index.html "$out/index.html"
gzip -9 -k -c "$out/tenball_bg.wasm" > "$out/tenball_bg.wasm.gz"
size=$(stat -c %s "$out/tenball_bg.wasm")
packed=$(stat -c %s "$out/tenball_bg.wasm.gz")
echo "web-build: wrote $out (tenball_bg.wasm $((size / 1024)) KiB, $((packed / 1024)) KiB gzip)"
echo "web-build: serve it with: python3 -m http.server --directory $out 8000"

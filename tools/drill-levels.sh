#!/usr/bin/env bash
# Plays every shipped drill by the computer's five levels (`tenball drill rate`) and writes
# their scores to assets/drills/levels.json, which sets a player's score among the levels.
# Usage: tools/drill-levels.sh [TENBALL]   (default: the release build's binary)
# Sessions a level plays: 40 of a shot drill or a break, 16 of a run, 8 races with the ghost.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-${CARGO_TARGET_DIR:-$HOME/.cache/tenball-target}/release/tenball}
out=assets/drills/levels.json
tmp=$(mktemp)
{
  echo "{"
  first=1
  for name in $("$bin" drill list | awk '{print $1}'); do
    case "$name" in
      ghost) n=8 ;;
      line-of-balls|run-out-after-the-break) n=16 ;;
      *) n=40 ;;
    esac
    echo "rating $name: $n sessions a level" >&2
    [ $first = 1 ] || echo ","
    first=0
    printf '"%s": ' "$name"
    "$bin" drill rate "$name" --sessions "$n" --seed 1 --json
  done
  echo "}"
} > "$tmp"
mv "$tmp" "$out"
echo "wrote $out" >&2

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates docs/screenshots/*.png with the studio's --screenshot under Xvfb and software GL.
# Usage: bash tools/screenshots.sh BUILD_DIR
set -euo pipefail
BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
STUDIO=$(cd "$BUILD" && pwd)/bin/dominoes-studio
OUT=$ROOT/docs/screenshots
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
[ -x "$STUDIO" ] || { echo "screenshots: $STUDIO is not built (make build)" >&2; exit 1; }
command -v Xvfb >/dev/null || { echo "screenshots: Xvfb is missing (make deps)" >&2; exit 1; }

shot() {  # shot NAME SCRIPT-TEXT [ARGS...]
  local name=$1 script=$2
  shift 2
  printf '%s\n' "$script" > "$WORK/$name.script"
  sh "$ROOT/tests/xvfb.sh" env LIBGL_ALWAYS_SOFTWARE=1 \
    "$STUDIO" --no-ini --frames 300 --script "$WORK/$name.script" --screenshot "$OUT/$name.png" "$@" 2>/dev/null
  # Losslessly recompressed when optipng is there (make deps installs it).
  if command -v optipng >/dev/null; then optipng -quiet -o2 "$OUT/$name.png"; fi
  echo "screenshots: docs/screenshots/$name.png"
}

GAME=$ROOT/tests/studio/game.dgn
FULL=$ROOT/tests/studio/full.dgn

shot overview "step last
select 2-1
wait 20" "$GAME"

shot new-game "key tab
wait 20" --seed 7

# A game of two greedy players from `dominoes match` (seeded, so always the same game): before move
# 8, B's 5-3 can take three headings at end L.
"$(dirname "$STUDIO")/dominoes" match --a greedy --b greedy --rules dominoes2 --games 1 --seed 5 --out "$WORK/d2" > /dev/null
shot free-layout "jump 7
select 5-3
teaching on
wait 20" "$WORK/d2/game-1.dgn"

shot hidden-hands "jump 2
visibility a
open branches
wait 20" "$GAME"

shot branches "jump 3
play 6-5 L
open branches
step first
jump 4
wait 20" "$GAME"

shot editor "open editor
editor load
editor move 6-6 A
wait 20" "$FULL"

shot all-panes "open branches
open editor
open scenarios
open log
select 6-5
wait 20" "$FULL"

shot scenario "open scenarios
wait 2
open-scenario 2
step next
step next
wait 20"

shot new-game-dialog "dialog new
wait 20" --seed 7

shot open-dialog "dialog open
wait 20" --seed 7

shot fallback "step last
wait 20" "$GAME" --no-shaders

SCEN=$ROOT/scenarios
shot blocked-end "step last
wait 20" "$SCEN/end_blocked_by_line.dgn"

shot whole-table "step last
key w
wait 20" "$SCEN/line_bends_at_edge.dgn"

shot overlapping-ghosts "jump 5
select 3-1
wait 20" "$SCEN/free_placement_corner.dgn"

COACH="close scenarios
open analysis
open tracker
jump 3
wait 2
wait-analysis
hint
wait 2
wait-analysis
wait 20"
shot coach "$COACH" "$GAME"

# The coach in Hindi (shaped Devanagari): the same position as coach.png.
shot hindi "$COACH" --lang hi "$GAME"

shot analysed-record "analyse-record
wait 2
wait-record-analysis
wait 2
mistake-side A
next-mistake
next-mistake
next-mistake
next-mistake
next-mistake
analysis-notes
wait 20" "$ROOT/tests/studio/mistakes.dgn"

# The puzzle trainer after a wrong move (the spec's example): the verdict, the note and the line
# against the hardest split, still at the solution (the autoplay slowed so the shot shows it).
shot puzzle "speed 0.25
puzzle $ROOT/puzzles/sample.dgn 1
wait 2
play 1-0 L
wait 20"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Rewrites the golden playthroughs of tests/playthroughs/playthroughs.txt: each match's record
# (NAME.dgn, from `dominoes play`) and its final position (NAME.json, from `dominoes replay --json`).
# Run it after a deliberate change to the rules, a player or the record's format, and review the diff.
# Usage: tools/regenerate_playthroughs.sh [PATH/TO/dominoes]   (default build/bin/dominoes)
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${1:-$ROOT/build/bin/dominoes}
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
DIR=$ROOT/tests/playthroughs
[ -x "$BIN" ] || { echo "regenerate_playthroughs: no dominoes binary at $BIN (build first)" >&2; exit 2; }
# The files the list no longer names go, so that the folder holds exactly the list.
find "$DIR" -maxdepth 1 \( -name '*.dgn' -o -name '*.json' \) -delete
n=0
while read -r rules a b seed; do
  case "$rules" in '' | '#'*) continue ;; esac
  name="${rules}_${a}_${b}_${seed}"
  "$BIN" play --rules "$rules" --a "$a" --b "$b" --seed "$seed" --out "$DIR/$name.dgn" 2>/dev/null
  "$BIN" replay --json "$DIR/$name.dgn" >"$DIR/$name.json"
  n=$((n + 1))
done <"$DIR/playthroughs.txt"
echo "regenerate_playthroughs: wrote $n playthroughs in tests/playthroughs"

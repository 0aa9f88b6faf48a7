#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The golden playthroughs (tests/playthroughs/playthroughs.txt): each match played again must give its
# stored record byte for byte, the stored record must replay to its stored final position byte for
# byte and pass `check`, and every preset must have one. tools/regenerate_playthroughs.sh rewrites them.
# Usage: tests/playthroughs_test.sh PATH/TO/dominoes REPO_ROOT
set -u
BIN=${1:?usage: playthroughs_test.sh DOMINOES_BINARY REPO_ROOT}
ROOT=${2:?usage: playthroughs_test.sh DOMINOES_BINARY REPO_ROOT}
DIR=$ROOT/tests/playthroughs
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
n=0
: >"$TMP/presets"
: >"$TMP/names"
while read -r rules a b seed; do
  case "$rules" in '' | '#'*) continue ;; esac
  name="${rules}_${a}_${b}_${seed}"
  n=$((n + 1))
  echo "$rules" >>"$TMP/presets"
  echo "$name" >>"$TMP/names"
  for f in "$name.dgn" "$name.json"; do
    [ -f "$DIR/$f" ] || fail "$f is missing (tools/regenerate_playthroughs.sh writes it)"
  done
  [ -f "$DIR/$name.dgn" ] || continue
  "$BIN" play --rules "$rules" --a "$a" --b "$b" --seed "$seed" >"$TMP/played.dgn" 2>/dev/null ||
    fail "$name: play failed"
  cmp -s "$TMP/played.dgn" "$DIR/$name.dgn" ||
    fail "$name: the match played now differs from the stored record: $(diff "$DIR/$name.dgn" "$TMP/played.dgn" | head -n 5 | tr '\n' ' ')"
  "$BIN" check "$DIR/$name.dgn" >"$TMP/out" 2>&1 || fail "$name.dgn: check failed: $(head -n 3 "$TMP/out" | tr '\n' ' ')"
  "$BIN" replay --json "$DIR/$name.dgn" >"$TMP/replayed.json" 2>"$TMP/err" || fail "$name.dgn: replay failed: $(cat "$TMP/err")"
  [ -f "$DIR/$name.json" ] && { cmp -s "$TMP/replayed.json" "$DIR/$name.json" ||
    fail "$name: the stored record replays to another final position: $(head -c 300 "$TMP/replayed.json")"; }
done <"$DIR/playthroughs.txt"
[ "$n" -gt 0 ] || fail "no playthrough listed"
# Every preset has a playthrough, and the folder holds nothing the list does not name.
for p in $("$BIN" rules | sed -n 's/^\([^ ].*\)  (.*/\1/p'); do
  grep -qx -- "$p" "$TMP/presets" || fail "preset $p has no playthrough"
done
[ "$("$BIN" rules | grep -c '^[^ ]')" -ge 4 ] || fail "dominoes rules lists fewer than 4 presets"
for f in "$DIR"/*.dgn "$DIR"/*.json; do
  [ -e "$f" ] || continue
  base=$(basename "$f")
  grep -qx -- "${base%.*}" "$TMP/names" || fail "$base is not in playthroughs.txt"
done
if [ "$failures" -ne 0 ]; then
  echo "playthroughs_test: $failures failure(s) (after a deliberate change: tools/regenerate_playthroughs.sh)"
  exit 1
fi
echo "playthroughs_test: $n playthroughs passed"

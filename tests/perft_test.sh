#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `dominoes perft`: pinned counts of move sequences from fixed deals for every preset, and each count
# of depth 1 and 2 checked against the reader's own replay (the `legal` list of `replay --json`
# after the first move, for every first move of the divide).
# Usage: tests/perft_test.sh PATH/TO/dominoes
set -u
BIN=${1:?usage: perft_test.sh DOMINOES_BINARY}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# RULES SEED COUNTS...: the counts at depths 1, 2, ... (found when perft was written; a change in
# the rules or the move generation changes them).
pinned() {
  local rules=$1 seed=$2 depth=0 want got
  shift 2
  for want in "$@"; do
    depth=$((depth + 1))
    got=$("$BIN" perft --rules "$rules" --seed "$seed" --depth "$depth" | tail -n 1)
    [ "$got" = "perft $depth from seed $seed: $want" ] || fail "perft --rules $rules --seed $seed --depth $depth: '$got', expected $want"
  done
}
pinned dominoes2 1 1 4 28 164 754 3390 14216
pinned dominoes2 2 1 2 10 42 208 1076 4680
pinned en-linea 1 1 4 12 32 78 170 340
pinned en-linea 2 1 2 6 14 40 92 184
pinned draw 1 1 4 12 32 78 170 340
pinned draw 2 1 2 6 14 40 92 184
pinned block 1 1 4 12 32 78 174 352
pinned block 2 1 2 6 14 40 90 180
pinned "dominoes2 table=8x6" 3 1 2 8 22 76 140 312

# The number of legal moves the reader lists after the moves given (one per line, with their player).
legal_after() {
  local rules=$1 seed=$2
  shift 2
  { printf 'dgn 1\nrules %s\nround 1\nseed %s\n' "$rules" "$seed"; printf '%s\n' "$@"; } >"$TMP/r.dgn"
  "$BIN" replay --json "$TMP/r.dgn" >"$TMP/j" 2>"$TMP/err" || { echo "ERROR $(cat "$TMP/err")"; return; }
  local list
  list=$(sed -n 's/.*"legal":\[\(.*\)\]}$/\1/p' "$TMP/j")
  [ -z "$list" ] && { echo 0; return; }
  echo "$list" | tr ',' '\n' | grep -c .
}
turn_after() {  # the player to move in the reader's replay after the moves given
  local rules=$1 seed=$2
  shift 2
  { printf 'dgn 1\nrules %s\nround 1\nseed %s\n' "$rules" "$seed"; printf '%s\n' "$@"; } >"$TMP/r.dgn"
  "$BIN" replay --json "$TMP/r.dgn" | sed -n 's/.*"turn":"\([AB]\)".*/\1/p'
}
for rules in dominoes2 en-linea draw block "dominoes2 table=8x6"; do
  for seed in 1 2 3; do
    n1=$("$BIN" perft --rules "$rules" --seed "$seed" --depth 1 | tail -n 1 | sed 's/.*: //')
    [ "$n1" = "$(legal_after "$rules" "$seed")" ] || fail "$rules seed $seed: perft 1 is $n1, the reader lists $(legal_after "$rules" "$seed")"
    who=$(turn_after "$rules" "$seed")
    "$BIN" perft --rules "$rules" --seed "$seed" --depth 2 | sed '1d;$d' >"$TMP/divide"
    [ -s "$TMP/divide" ] || fail "$rules seed $seed: perft 2 divides into nothing"
    while IFS= read -r line; do
      move=${line%: *}
      n=${line##*: }
      got=$(legal_after "$rules" "$seed" "$who: $move")
      [ "$got" = "$n" ] || fail "$rules seed $seed: after $who: $move perft counts $n, the reader lists $got"
    done <"$TMP/divide"
  done
done

# Usage errors.
"$BIN" perft --depth 0 >/dev/null 2>&1
[ $? -eq 2 ] || fail "perft --depth 0 is not a usage error"
"$BIN" perft --depth 13 >/dev/null 2>&1
[ $? -eq 2 ] || fail "perft --depth 13 is not a usage error"
"$BIN" perft --rules nosuch >/dev/null 2>&1
[ $? -eq 2 ] || fail "perft --rules nosuch is not a usage error"
"$BIN" perft --rules en-linea --seed 1 --depth 2 --json | grep -q '^{"rules":"en-linea [^"]*","seed":1,"depth":2,"count":4,"divide":\[{"move":"6-6","count":4}\]}$' ||
  fail "perft --json: $("$BIN" perft --rules en-linea --seed 1 --depth 2 --json)"

if [ "$failures" -ne 0 ]; then
  echo "perft_test: $failures failure(s)"
  exit 1
fi
echo "perft_test: all passed"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CLI tests for `dominoes analyse`: exit codes and messages, the text report, the JSON shape
# (docs/analysis.md), the side filter, --as all, and the same output for the same seed.
# Usage: tests/analyse_test.sh PATH/TO/dominoes REPO_ROOT
set -u
BIN=${1:?usage: analyse_test.sh DOMINOES_BINARY REPO_ROOT}
ROOT=${2:?usage: analyse_test.sh DOMINOES_BINARY REPO_ROOT}
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
cd "$ROOT" || { echo "FAIL: cannot cd to $ROOT"; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_rc() {
  local want=$1 what=$2; shift 2
  "$@" >"$TMP/out" 2>"$TMP/err"
  local rc=$?
  [ "$rc" -eq "$want" ] || fail "$what: exit $rc, expected $want ($(head -c 300 "$TMP/err"))"
  return 0
}

# Two small records: a single en-linea round and a dominoes2 round (free layout), from `play`.
expect_rc 0 "play en-linea" "$BIN" play --rules en-linea --a greedy --b random --seed 5 --out "$TMP/a.dgn"
expect_rc 0 "play dominoes2" "$BIN" play --rules "dominoes2 target=0" --a random --b greedy --seed 8 --out "$TMP/b.dgn"

# Usage errors: exit 2, the option named.
expect_rc 2 "no file" "$BIN" analyse
expect_rc 2 "--as C" "$BIN" analyse "$TMP/a.dgn" --as C
grep -q "dominoes analyse: --as: 'C' is not A, B or all" "$TMP/err" || fail "--as C message: $(cat "$TMP/err")"
expect_rc 2 "--samples 0" "$BIN" analyse "$TMP/a.dgn" --samples 0
grep -q -- "--samples: '0'" "$TMP/err" || fail "--samples 0 message: $(cat "$TMP/err")"
expect_rc 2 "--seed -1" "$BIN" analyse "$TMP/a.dgn" --seed -1
# A missing file and an invalid record: exit 1, FILE:LINE on standard error, nothing on standard output.
expect_rc 1 "missing file" "$BIN" analyse "$TMP/missing.dgn"
grep -q "^$TMP/missing.dgn:0: " "$TMP/err" || fail "missing file message: $(cat "$TMP/err")"
printf 'dgn 1\nrules en-linea\nround 1\nseed 1\nA: 9-9\n' >"$TMP/bad.dgn"
expect_rc 1 "invalid record" "$BIN" analyse "$TMP/bad.dgn"
grep -q "^$TMP/bad.dgn:[1-9][0-9]*: " "$TMP/err" || fail "invalid record message: $(cat "$TMP/err")"
[ -s "$TMP/out" ] && fail "invalid record: output on standard output"

# The text report: a header, positions with their moves, the played move marked, a summary.
expect_rc 0 "analyse text" "$BIN" analyse "$TMP/a.dgn" --samples 20
grep -q "^knowledge the mover's (20 sampled deals, seed 1)" "$TMP/out" || fail "text header: $(head -n 3 "$TMP/out")"
grep -q "<- played" "$TMP/out" || fail "text: no played move"
# The tips' words in their column, where any apply (a double or a heavy tile gone, tiles kept...).
grep -qE "^  [0-9]-[0-9].* [+-][0-9]+\.[0-9](  <- played|           )  (a |I keep|my |only |every )" "$TMP/out" ||
  fail "text: no move with the tips' words: $(sed -n 4,12p "$TMP/out")"
grep -qE "^summary  A: [0-9]* positions?" "$TMP/out" || fail "text: no summary"
# A count of one takes the singular: "1 mistake", never "1 mistakes".
! grep -E "(^|[^0-9])1 (positions|inaccuracies|mistakes|blunders)" "$TMP/out" >/dev/null || fail "text: '1' with a plural: $(grep '^summary' "$TMP/out")"

# JSON: the shape of docs/analysis.md, for each record and knowledge.
check_json() {  # FILE WANT_KNOWLEDGE WANT_SIDE
  python3 - "$@" <<'PY'
import json, sys
path, knowledge, side = sys.argv[1:4]
j = json.load(open(path))
def need(c, msg):
    if not c:
        print("FAIL: json:", msg); sys.exit(1)
need(list(j) == ["file", "rules", "knowledge", "side", "samples", "seed", "positions", "summary"], "keys %s" % list(j))
need(j["knowledge"] == knowledge and j["side"] == side, "knowledge/side %s %s" % (j["knowledge"], j["side"]))
need(len(j["positions"]) > 0, "no positions")
tipped = 0
for p in j["positions"]:
    need(list(p) == ["round", "number", "line", "mover", "played", "played_win", "played_points", "best", "mark",
                     "exact", "samples", "moves"], "position keys %s" % list(p))
    need(side in ("both", p["mover"]), "mover %s with side %s" % (p["mover"], side))
    need(p["mark"] in ("", "inaccuracy", "mistake", "blunder"), "mark %s" % p["mark"])
    need(len(p["moves"]) >= 2, "fewer than two moves")
    need(p["best"] == p["moves"][0]["move"], "best is not the first move")
    wins = [m["win"] for m in p["moves"]]
    need(wins == sorted(wins, reverse=True), "moves not best first")
    need(all(0 <= w <= 1 for w in wins), "win out of 0..1")
    need(p["played"] in [m["move"] for m in p["moves"]], "played move not listed")
    need(all(list(m) == ["move", "win", "points", "exact_share", "tips"] for m in p["moves"]), "move keys")
    need(all(isinstance(m["tips"], str) for m in p["moves"]), "tips not text")
    tipped += sum(1 for m in p["moves"] if m["tips"])
    loss = p["moves"][0]["win"] - p["played_win"]
    want = "blunder" if loss >= 0.2 - 1e-9 else "mistake" if loss >= 0.1 - 1e-9 else "inaccuracy" if loss >= 0.05 - 1e-9 else ""
    need(p["mark"] == want, "mark %s for a loss of %f" % (p["mark"], loss))
    if knowledge == "all":
        need(p["exact"] and all(m["win"] in (0, 0.5, 1) for m in p["moves"]), "all: not exact")
need(sorted(j["summary"]) == ["A", "B"], "summary keys")
need(tipped > 0, "no move has the tips' words")
PY
}
expect_rc 0 "analyse --json" "$BIN" analyse "$TMP/a.dgn" --json --samples 20 --seed 7
cp "$TMP/out" "$TMP/a1.json"
check_json "$TMP/a1.json" mover both || failures=$((failures + 1))
expect_rc 0 "analyse --json again" "$BIN" analyse "$TMP/a.dgn" --json --samples 20 --seed 7
cmp -s "$TMP/out" "$TMP/a1.json" || fail "the same seed gave another report"
expect_rc 0 "analyse --as B" "$BIN" analyse "$TMP/a.dgn" --json --samples 10 --as B
check_json "$TMP/out" mover B || failures=$((failures + 1))
expect_rc 0 "analyse --as all" "$BIN" analyse "$TMP/a.dgn" --json --as all
check_json "$TMP/out" all both || failures=$((failures + 1))
expect_rc 0 "analyse dominoes2" "$BIN" analyse "$TMP/b.dgn" --json --samples 4 --as A
check_json "$TMP/out" mover A || failures=$((failures + 1))

# Issue 26 #6: outcomes are scored by who wins. A domino against a hand of 0-0 scores 0 points and is
# a certain win (it showed 50.0% under --as all and 98% from the mover's knowledge); a blocked round
# with equal pips is a real tie (50%).
for as in all A mover; do
  args=(--json --samples 50)
  [ "$as" = mover ] || args+=(--as "$as")
  expect_rc 0 "analyse --as $as of a 0-point domino" "$BIN" analyse tests/records/analyse_zero_point_domino.dgn "${args[@]}"
  [ "$(grep -o '"win":[0-9.]*' "$TMP/out" | sort -u)" = '"win":1.0' ] || fail "0-point domino ($as): $(head -c 400 "$TMP/out")"
  expect_rc 0 "analyse --as $as of a blocked tie" "$BIN" analyse tests/records/analyse_blocked_tie_setup.dgn "${args[@]}"
  [ "$(grep -o '"win":[0-9.]*' "$TMP/out" | sort -u)" = '"win":0.5' ] || fail "blocked tie ($as): $(head -c 400 "$TMP/out")"
done

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "analyse tests passed"

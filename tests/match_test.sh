#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# CLI tests of `dominoes match` on small runs: the JSON object and its sums, the same results for 1
# and 2 threads, paired deals, records that pass `check` with their results, every player under every
# preset, and usage errors (exit 2, naming the option).
# Usage: tests/match_test.sh PATH/TO/dominoes
set -u
BIN=${1:?usage: match_test.sh DOMINOES_BINARY}
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)  # the source tree (tools/fit_policy.py)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
cd "$TMP" || exit 1
# The system's Python when there is one (a version manager's shim takes a second to start).
PY=$(command -v /usr/bin/python3 || command -v python3)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# run WANT DESCRIPTION ARGS...: `dominoes match ARGS` (output to out, err), checking the status.
run() {
  local want=$1 what=$2; shift 2
  "$BIN" match "$@" >out 2>err
  local rc=$?
  [ "$rc" -eq "$want" ] || fail "$what: exit $rc, expected $want ($(head -c 300 err))"
  return 0
}

# The searching players (flatmc, expert) may not be in this build yet: their runs wait for them. A
# player that is present but fails is a failure, not a skip.
has_player() {
  "$BIN" match --a "$1" --b greedy --games 1 >/dev/null 2>"$TMP/has" && return 0
  grep -q "unknown player" "$TMP/has" && { echo "note: no player '$1' in this build, its runs skipped"; return 1; }
  fail "match --a $1: $(head -c 200 "$TMP/has")"
  return 1
}
FLATMC=0 EXPERT=0
has_player flatmc:2 && FLATMC=1
has_player expert:ms=1 && EXPERT=1

# (a0) the text summary's first lines count the games in words that agree with the number.
run 0 "one round" --a greedy --b random --games 1 --seed 3
grep -q "^A greedy  vs  B random: 1 single round, seed 3, 1 thread, " out || fail "one round: $(head -c 300 out)"
run 0 "two rounds" --a greedy --b random --games 2 --seed 3 --threads 2
grep -q ": 2 single rounds, seed 3, 2 threads, " out || fail "two rounds: $(head -c 300 out)"
run 0 "one match" --a greedy --b random --games 1 --seed 3 --matches --rules "en-linea target=50"
grep -qE ": 1 match \([0-9]+ rounds?\), seed 3, " out || fail "one match: $(head -c 300 out)"

# (a) the JSON object: exactly the documented fields in order, sums and the interval.
run 0 "json run" --a greedy --b random --games 40 --seed 3 --json
[ ! -s err ] || fail "json run: standard error is not a terminal, yet it got: $(head -c 200 err)"
"$PY" - out <<'EOF' || fail "json run: $(cat out)"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) == 1, f"{len(lines)} lines"
j = json.loads(lines[0])
want = ["rules", "a", "b", "games", "wins", "losses", "ties", "win_rate", "ci95", "points_per_round", "decision_ms", "forfeits"]
assert list(j) == want, list(j)
assert j["rules"].startswith("en-linea hand=7 "), j["rules"]
assert j["a"] == "greedy" and j["b"] == "random"
assert j["games"] == 40
assert j["wins"] + j["losses"] + j["ties"] == 40
assert abs(j["win_rate"] - (j["wins"] + 0.5 * j["ties"]) / 40) < 1e-12
lo, hi = j["ci95"]
assert 0 <= lo <= j["win_rate"] <= hi <= 1 and hi - lo > 0.1, (lo, hi)
assert isinstance(j["points_per_round"], (int, float))
assert list(j["decision_ms"]) == ["a", "b"]
for p in "ab":
    t = j["decision_ms"][p]
    assert list(t) == ["mean", "median", "p95"], t
    assert 0 <= t["median"] <= t["p95"] and t["mean"] >= 0, t
EOF

# (b) deterministic for a seed, whatever the threads; another seed deals other games.
strip() { "$PY" -c 'import json,sys; j=json.load(open(sys.argv[1])); del j["decision_ms"]; print(json.dumps(j))' "$1"; }
pairs=("greedy random" "random strategist")
[ "$FLATMC" = 1 ] && pairs+=("strategist flatmc:2")
for pair in "${pairs[@]}"; do
  set -- $pair
  run 0 "T=1 $pair" --a "$1" --b "$2" --games 30 --seed 99 --threads 1 --json --rules draw
  strip out >t1 || continue
  run 0 "T=2 $pair" --a "$1" --b "$2" --games 30 --seed 99 --threads 2 --json --rules draw
  strip out >t2
  run 0 "T=3 $pair" --a "$1" --b "$2" --games 30 --seed 99 --threads 3 --json --rules draw
  strip out >t3
  cmp -s t1 t2 || fail "$pair: --threads 1 and 2 differ: $(cat t1) / $(cat t2)"
  cmp -s t1 t3 || fail "$pair: --threads 1 and 3 differ: $(cat t1) / $(cat t3)"
done
run 0 "seed 1" --a random --b random --games 60 --seed 1 --json
strip out >s1
run 0 "seed 2" --a random --b random --games 60 --seed 2 --json
strip out >s2
cmp -s s1 s2 && fail "seeds 1 and 2 gave the same games: $(cat s1)"
# greedy against itself: the paired deals give each seat both hands, so A wins exactly as often as B.
run 0 "greedy mirror" --a greedy --b greedy --games 200 --seed 5 --json
"$PY" -c 'import json,sys; j=json.load(open("out")); assert j["wins"]==j["losses"] and j["points_per_round"]==0, j' ||
  fail "greedy vs greedy on paired deals is not even: $(cat out)"

# (c) records: one file a game, canonical rules, passing `check` with their results.
run 0 "out" --a strategist --b greedy --games 12 --seed 4 --out games --rules dominoes2
n=$(ls games | wc -l)
[ "$n" -eq 12 ] || fail "--out wrote $n files, expected 12"
[ -f games/game-01.dgn ] && [ -f games/game-12.dgn ] || fail "--out file names: $(ls games | head -3 | tr '\n' ' ')"
"$BIN" check games >chk 2>&1 || fail "check of the match records: $(grep -v '^ok' chk | head -5)"
grep -q "^12 passed, 0 failed$" chk || fail "check: $(tail -n 1 chk)"
[ "$(grep -l '^expect result' games/*.dgn | wc -l)" -eq 12 ] || fail "not every record has its expect result"
grep -q '^rules dominoes2 hand=7 reserve=2 ' games/game-01.dgn || fail "rules not canonical: $(grep '^rules' games/game-01.dgn)"
grep -q '^players "strategist" "greedy"$' games/game-01.dgn || fail "game 1 seats: $(grep '^players' games/game-01.dgn)"
grep -q '^players "greedy" "strategist"$' games/game-02.dgn || fail "game 2 seats: $(grep '^players' games/game-02.dgn)"
grep -q '^note ' games/game-01.dgn || fail "no reason written as a note in game 1"
# Games 1 and 2 share their deal: the same hands and stock.
[ "$(grep -E '^(hand|stock) ' games/game-01.dgn)" = "$(grep -E '^(hand|stock) ' games/game-02.dgn)" ] ||
  fail "games 1 and 2 are not dealt the same tiles"
[ "$(grep -E '^(hand|stock) ' games/game-01.dgn)" != "$(grep -E '^(hand|stock) ' games/game-03.dgn)" ] ||
  fail "games 1 and 3 are dealt the same tiles"
# The records' results agree with the report: A (the --a player) wins where its seat won.
run 0 "out json" --a strategist --b greedy --games 12 --seed 4 --json --rules dominoes2
"$PY" - out games <<'EOF' || fail "the records' results disagree with the report"
import json, re, sys, os
j = json.load(open(sys.argv[1]))
wins = losses = ties = 0
for i in range(1, 13):
    text = open(os.path.join(sys.argv[2], f"game-{i:02d}.dgn")).read()
    seatA = re.search(r'^players "([^"]*)" "([^"]*)"', text, re.M).group(1)
    m = re.search(r"^expect result (\S+)", text, re.M).group(1)
    if m == "tie": ties += 1
    elif (m == "A") == (seatA == "strategist"): wins += 1
    else: losses += 1
assert (wins, losses, ties) == (j["wins"], j["losses"], j["ties"]), ((wins, losses, ties), j)
EOF

# (d) full matches: every round recorded, the match's winner expected.
run 0 "matches" --a greedy --b random --games 4 --seed 8 --matches --rules "draw target=40" --out matches --json
"$PY" -c 'import json; j=json.load(open("out")); assert j["games"]==4 and j["wins"]+j["losses"]+j["ties"]==4, j' ||
  fail "--matches json: $(cat out)"
"$BIN" check matches >chk 2>&1 || fail "check of the match records: $(grep -v '^ok' chk | head -5)"
[ "$(grep -l '^expect match ' matches/*.dgn | wc -l)" -eq 4 ] || fail "not every match record ends with expect match"
[ "$(grep -h '^round ' matches/*.dgn | wc -l)" -gt 4 ] || fail "the matches were single rounds"

# (e) every player under every preset, records checked.
search_a=strategist search_b=random
[ "$EXPERT" = 1 ] && search_a=expert:ms=1
[ "$FLATMC" = 1 ] && search_b=flatmc:2
for rules in en-linea dominoes2 draw block; do
  run 0 "$rules: $search_a vs $search_b" --a $search_a --b $search_b --games 2 --seed 6 --rules "$rules" --out "p-$rules"
  run 0 "$rules: strategist vs random" --a strategist --b random --games 2 --seed 6 --rules "$rules" --out "q-$rules"
  "$BIN" check "p-$rules" "q-$rules" >chk 2>&1 || fail "$rules: check: $(grep -v '^ok' chk | head -3)"
done

# --cpu-time: the same games, the times from the thread's CPU clock.
run 0 "cpu time" --a greedy --b random --games 40 --seed 3 --json --cpu-time
strip out >c1
run 0 "wall time" --a greedy --b random --games 40 --seed 3 --json
strip out >c2
cmp -s c1 c2 || fail "--cpu-time changed the games: $(cat c1) / $(cat c2)"
run 0 "cpu time report" --a strategist --b random --games 10 --cpu-time
grep -q "^decision CPU time A (strategist): mean" out || fail "--cpu-time report: $(cat out)"

# (f) the human report.
run 0 "human" --a greedy --b random --games 10
grep -q "Wilson" out || fail "human report without its interval: $(cat out)"
grep -q "^A won [0-9]*, lost [0-9]*, tied [0-9]*: win rate" out || fail "human report: $(cat out)"
grep -q "^decision time B (random)" out || fail "human report without B's times: $(cat out)"

# (f2) --policy-data: A's choices among placements with the policy's features, the same for any
# --threads, and tools/fit_policy.py reads them.
run 0 "policy data 1" --a expert:ms=1 --b greedy --games 12 --seed 5 --threads 1 --policy-data pd1.txt
run 0 "policy data 2" --a expert:ms=1 --b greedy --games 12 --seed 5 --threads 2 --policy-data pd2.txt
[ -s pd1.txt ] || fail "--policy-data wrote nothing"
cmp -s pd1.txt pd2.txt || fail "--policy-data differs with --threads"
"$PY" - pd1.txt <<'PYEOF' || fail "--policy-data lines: $(head -c 300 pd1.txt)"
import sys
lines = open(sys.argv[1]).read().splitlines()
assert len(lines) >= 12, len(lines)
for line in lines:
    parts = line.split("|")
    chosen, moves = int(parts[0]), [list(map(int, p.split(","))) for p in parts[1:]]
    assert len(moves) >= 2 and 0 <= chosen < len(moves), line
    for f in moves:
        assert len(f) == 11 and 0 <= f[0] <= 12 and f[1] in (0, 1) and f[3] in (0, 1) and f[7] in (0, 1), line
        assert 0 <= f[4] <= 6 and 0 <= f[5] <= 7 and 0 <= f[6] <= 6, line
        # stuck: no tile left for either new end; unseen both: at least the new end's unseen tiles
        assert f[8] == (1 if f[2] <= 0 else 0) and f[4] <= f[9] <= 12 and f[10] in (0, 1), line
PYEOF
run 0 "policy data, many" --a expert:ms=1 --b greedy --games 40 --seed 6 --threads 2 --policy-data pd3.txt
"$PY" "$ROOT/tools/fit_policy.py" pd3.txt >fit.txt 2>&1 || fail "fit_policy.py failed: $(cat fit.txt)"
grep -q "^kPolicyWeights{" fit.txt || fail "fit_policy.py printed no weights: $(cat fit.txt)"

# (g) usage errors: exit 2, the option named, nothing on standard output.
usage() {
  local option=$1; shift
  run 2 "usage $*" "$@"
  grep -qF -- "$option" err || fail "usage $*: '$option' not named in: $(head -c 200 err)"
  [ ! -s out ] || fail "usage $*: printed on standard output"
}
usage --a --a nosuch --b greedy
usage --b --a greedy --b flatmc:0
usage --b --a greedy --b "expert:ms=x"
usage --a --b greedy
usage --games --a greedy --b random --games 0
usage --games --a greedy --b random --games 10x
usage --seed --a greedy --b random --seed -1
usage --threads --a greedy --b random --threads 0
usage --threads --a greedy --b random --threads 1000
usage --rules --a greedy --b random --rules nosuch
touch afile
usage --out --a greedy --b random --out afile --games 1
usage --nosuch --a greedy --b random --nosuch
usage --policy-data --a greedy --b random --games 1 --policy-data nosuchfolder/x.txt

if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "match tests passed"

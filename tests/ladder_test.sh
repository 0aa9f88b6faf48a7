#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `dominoes ladder` (docs/ladder.md): the JSON's shape (weakest first, random at 0 with an empty
# interval, each level inside its interval), the same ratings with any --threads, the plot drawn by
# gnuplot, and usage errors.
set -euo pipefail
DOMINOES=$1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "ladder_test: $*" >&2; exit 1; }

"$DOMINOES" ladder --levels random,greedy,strategist --games 40 --seed 3 --json > "$WORK/one.json"
"$DOMINOES" ladder --levels random,greedy,strategist --games 40 --seed 3 --threads 2 --json > "$WORK/two.json"
python3 - "$WORK/one.json" "$WORK/two.json" <<'PY' || fail "the ratings depend on --threads"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
strip = lambda j: [(l["name"], l["elo"], l["ci95"]) for l in j["levels"]]  # times are the clock's
assert strip(a) == strip(b), (strip(a), strip(b))
PY
python3 - "$WORK/one.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["rules"].startswith("en-linea"), j["rules"]
levels = j["levels"]
assert [l["spec"] for l in levels if l["spec"] == "random"] == ["random"]
elos = [l["elo"] for l in levels]
assert elos == sorted(elos), elos
for l in levels:
    assert set(l) == {"name", "spec", "elo", "ci95", "decision_ms"}, l
    lo, hi = l["ci95"]
    assert lo <= l["elo"] <= hi, l
    assert set(l["decision_ms"]) == {"median", "p95"}, l
    if l["spec"] == "random":
        assert l["elo"] == 0 and lo == 0 and hi == 0, l
    else:
        assert hi > lo, l
PY
# A level by its name, matches under a target, and the plot.
"$DOMINOES" ladder --levels Beginner,Novice --rules "dominoes2 target=20" --games 4 --plot "$WORK/l.png" > "$WORK/text.txt"
grep -q "pairings of 4 matches" "$WORK/text.txt" || fail "a target plays matches: $(cat "$WORK/text.txt")"
grep -q "^Novice (strategist:random=0.7): " "$WORK/text.txt" || fail "a level by its name: $(cat "$WORK/text.txt")"
[ "$(head -c 8 "$WORK/l.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "--plot wrote no PNG"
# Usage errors exit 2 and name the option.
for args in "--games 3" "--games 0" "--levels random" "--levels random,nobody" "--rules nonsense"; do
  set +e
  # shellcheck disable=SC2086
  err=$("$DOMINOES" ladder $args 2>&1 >/dev/null)
  rc=$?
  set -e
  [ "$rc" = 2 ] || fail "ladder $args exited $rc: $err"
  case "$err" in "dominoes ladder: --"*) ;; *) fail "ladder $args: $err" ;; esac
done
echo "ladder_test: ok"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The teaching scenarios of the seed's tips (scenarios/tip_*.dgn): each marks its taught move with a
# comment line `# teaches: MOVE` right before the move's line (docs/dgn.md, "Teaching markers"). For
# every marker, `dominoes analyse --as all --json` (all tiles known, exact solver) must rate the taught
# move best, with an exact value, and every other move at least half a point of win probability below
# it (a loss or a tie against a win), but for the same tile at the other end with the same value; from
# the mover's own knowledge (`analyse`'s default, 200 samples, seed 1) the taught move must be ahead of
# every other move too (but for such an equal placement).
# A copy of one scenario whose marker names the worse move must fail the same check.
# Usage: tests/tips_test.sh PATH/TO/dominoes REPO_ROOT
set -u
BIN=${1:?usage: tips_test.sh DOMINOES_BINARY REPO_ROOT}
ROOT=${2:?usage: tips_test.sh DOMINOES_BINARY REPO_ROOT}
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
PY=$(command -v /usr/bin/python3 || command -v python3)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# check FILE: prints one line per marker ("ok ..." or "FAIL ..."); exit 0 only if every marker holds
# and the file has at least one.
check() {
  "$PY" - "$BIN" "$1" <<'PY'
import json, re, subprocess, sys

binary, path = sys.argv[1], sys.argv[2]
lines = open(path, encoding="utf-8").read().split("\n")

def key(move):
    # "4-3 L" and "3-4 L" are the same move: the tile as a sorted pair, then the end
    words = move.split()
    a, b = words[0].split("-")
    return (tuple(sorted((int(a), int(b)))),) + tuple(words[1:])

def tile(move):
    return key(move)[0]

markers = []
for i, text in enumerate(lines):
    m = re.match(r"\s*#\s*teaches:\s*(.+?)\s*$", text)
    if m:
        markers.append((i + 1, m.group(1)))
if not markers:
    print(f"FAIL {path}: no '# teaches:' marker")
    sys.exit(1)

def analyse(extra):
    out = subprocess.run([binary, "analyse", path, "--json"] + extra, capture_output=True, text=True)
    if out.returncode != 0:
        print(f"FAIL {path}: analyse {' '.join(extra)} exited {out.returncode}: {out.stderr.strip()}")
        sys.exit(1)
    return {p["line"]: p for p in json.loads(out.stdout)["positions"]}

exact = analyse(["--as", "all"])
mover = analyse([])
bad = 0
for line, move in markers:
    at = line + 1  # the taught move is the next line
    where = f"{path}:{at}"
    if at not in exact or at not in mover:
        print(f"FAIL {where}: no analysed choice on the line after '# teaches: {move}'")
        bad += 1
        continue
    p, q = exact[at], mover[at]
    if key(p["played"]) != key(move):
        print(f"FAIL {where}: the marker names {move} but the move played is {p['played']}")
        bad += 1
        continue
    if not p["exact"]:
        print(f"FAIL {where}: the analysis with all tiles known is an estimate, not exact")
        bad += 1
        continue
    taught = next(m for m in p["moves"] if key(m["move"]) == key(move))
    best = p["moves"][0]
    # every other move: the same tile at the other end with the same value, or clearly worse
    def rest(moves, t):
        return [m for m in moves if key(m["move"]) != key(move) and not (
            tile(m["move"]) == tile(move) and (m["win"], m["points"]) == (t["win"], t["points"]))]
    others = rest(p["moves"], taught)
    margin = taught["win"] - max(m["win"] for m in others) if others else 1.0
    if (taught["win"], taught["points"]) != (best["win"], best["points"]):
        print(f"FAIL {where}: {move} is not the best move: {best['move']} (win {best['win']}, points "
              f"{best['points']}) beats it (win {taught['win']}, points {taught['points']})")
        bad += 1
        continue
    if margin < 0.5:
        print(f"FAIL {where}: {move} is best by only {margin:.3f} of win probability")
        bad += 1
        continue
    mt = next(m for m in q["moves"] if key(m["move"]) == key(move))
    mo = rest(q["moves"], mt)
    mmargin = mt["win"] - max(m["win"] for m in mo) if mo else 1.0
    if mmargin <= 0:
        print(f"FAIL {where}: from the mover's knowledge {move} (win {mt['win']}) is not ahead of "
              f"every other move (margin {mmargin:.3f})")
        bad += 1
        continue
    runner = max(others, key=lambda m: (m["win"], m["points"])) if others else None
    print(f"ok   {where}: {move}: exact win {taught['win']} points {taught['points']}"
          + (f" against {runner['move']} win {runner['win']} points {runner['points']}" if runner else "")
          + f"; mover's knowledge win {mt['win']:.3f}, {mmargin:.3f} ahead")
sys.exit(1 if bad else 0)
PY
}

# The six tips of the seed, each in its own scenario with one marker.
for name in heavy_tiles_early get_rid_of_doubles keep_variety strongest_number_on_ends read_draws_and_passes count_the_tiles; do
  f="$ROOT/scenarios/tip_$name.dgn"
  [ -f "$f" ] || { fail "missing scenario $f"; continue; }
  [ "$(grep -c '^# teaches:' "$f")" -eq 1 ] || fail "$f: not exactly one '# teaches:' marker"
done
# Every marker of every scenario holds.
for f in "$ROOT"/scenarios/*.dgn; do
  grep -q '^# teaches:' "$f" || continue
  check "$f" || fail "$f"
done

# A marker on the worse move must fail: the heavy-tile position with 6-0 played and marked instead.
src="$ROOT/scenarios/tip_heavy_tiles_early.dgn"
sed -n '1,/^# teaches:/p' "$src" | sed '$d' >"$TMP/wrong.dgn"
printf '# teaches: 6-0 L\nA: 6-0 L\n' >>"$TMP/wrong.dgn"
"$BIN" check "$TMP/wrong.dgn" >/dev/null || fail "the mutated copy is not a valid record"
if check "$TMP/wrong.dgn" >"$TMP/wrong.out"; then
  fail "a marker on the worse move 6-0 passed: $(cat "$TMP/wrong.out")"
else
  grep -q "6-0 L is not the best move" "$TMP/wrong.out" || fail "wrong marker: unexpected message: $(cat "$TMP/wrong.out")"
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "tips: every taught move is best"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Outside engines (docs/engine-protocol.md): a match between our own players through `dominoes
# engine` gives the records of the same players in process, move for move; each hostile engine
# (tests/engines/hostile.sh) loses its game with its reason and leaves no process; the examples play;
# bad specs are usage errors.
set -euo pipefail
DOMINOES=$1
GREEDY_ENGINE=${2:-}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
MARK="engine-test-marker-$$"
trap 'pkill -KILL -f "$MARK" 2>/dev/null || true; rm -rf "$WORK"' EXIT
fail() { echo "engine_test: $*" >&2; exit 1; }

# The protocol spoken by `dominoes engine` itself.
printf 'hello 1\ngame\nrules en-linea\nseed 1\nseat A\nround 1\nscore A 0 B 0\nhand A 6-6 5-4 3-2 2-2 1-0 0-0 4-1\ntiles B 7\nstock 14\nlead A 6-6\ngo ms 100 legal 6-6\nquit\n' |
  "$DOMINOES" engine --player greedy > "$WORK/out.txt"
grep -qx 'hello ok 1' "$WORK/out.txt" || fail "no handshake: $(cat "$WORK/out.txt")"
grep -qx 'option name Player type text default greedy' "$WORK/out.txt" || fail "no Player option"
grep -qx 'move 6-6' "$WORK/out.txt" || fail "no move: $(cat "$WORK/out.txt")"

# Move for move: engines through the protocol and the same players in process.
same() {  # RULES OPTIONS A B
  rm -rf "$WORK/e" "$WORK/p"
  "$DOMINOES" match --rules "$1" $2 --seed 11 --games 4 --out "$WORK/e" \
    --a "engine:$DOMINOES engine --player $3" --b "engine:$DOMINOES engine --player $4" > /dev/null
  "$DOMINOES" match --rules "$1" $2 --seed 11 --games 4 --out "$WORK/p" --a "$3" --b "$4" > /dev/null
  diff <(cat "$WORK"/e/*.dgn | grep -v '^players') <(cat "$WORK"/p/*.dgn | grep -v '^players') > /dev/null ||
    fail "$3 against $4 under $1 differs through the protocol"
  grep -q '^A: ' "$WORK"/e/game-1.dgn || fail "no moves in the record"
}
same en-linea "" strategist greedy
same dominoes2 --matches expert:ms=2 random
same "dominoes2 layout=free target=30" --matches strategist:random=0.3 flatmc:20

# Hostile engines: each loses with its reason, and none of its processes is left.
hostile() {  # MODE REASON
  local err
  err=$("$DOMINOES" play --a "engine[ms=50,grace=100]:sh $HERE/engines/hostile.sh $1 $MARK" --b greedy --seed 3 \
    --out "$WORK/h.dgn" 2>&1) || fail "$1: play failed: $err"
  [[ $err == *"forfeit: A loses the game: $2"* ]] || fail "$1: wrong reason: $err"
  grep -qF "# forfeit: A loses the game: $2" "$WORK/h.dgn" || fail "$1: the record lacks the forfeit"
  "$DOMINOES" check "$WORK/h.dgn" > /dev/null || fail "$1: the record does not read back"
  if pgrep -f "$MARK" > /dev/null; then fail "$1: a process is left: $(pgrep -af "$MARK")"; fi
}
hostile crash "engine 'hostile crash' was killed by signal 11 (Segmentation fault) while thinking"
hostile hang "engine 'hostile hang' did not answer within 50 ms and 100 ms of grace"
hostile flood "engine 'hostile flood' wrote a line longer than 65536 bytes"
hostile illegal "engine 'hostile illegal' played 0-0 R: 0-0 is not in A's hand"
hostile twice "engine 'hostile twice' spoke out of turn: 'move 5-5'"
hostile close "engine 'hostile close' closed its output while thinking"
hostile exit0 "engine 'sh $HERE/engines/hostile.sh exit0 $MARK' exited with status 0 before the handshake"

# A match goes on past forfeits and counts them.
"$DOMINOES" match --a "engine[ms=20,grace=20]:sh $HERE/engines/hostile.sh hang $MARK" --b greedy --games 4 \
  --threads 2 --json > "$WORK/m.json" 2> "$WORK/m.err"
grep -q '"forfeits":{"a":4,"b":0}' "$WORK/m.json" || fail "forfeits not counted: $(cat "$WORK/m.json")"
grep -q 'forfeited 4 games' "$WORK/m.err" || fail "forfeits not said: $(cat "$WORK/m.err")"
if pgrep -f "$MARK" > /dev/null; then fail "match: a process is left"; fi

# An unknown option, and options out of bounds, fail at the handshake.
"$DOMINOES" play --a "engine[Depth=3]:$DOMINOES engine" --b greedy --out "$WORK/o.dgn" 2> "$WORK/o.err"
grep -q "has no option 'Depth' (its options: Player)" "$WORK/o.err" || fail "unknown option: $(cat "$WORK/o.err")"

# The examples, and a ladder whose entrant's settings hold commas.
"$DOMINOES" ladder --games 4 --levels "random,engine[ms=500,grace=5000]:python3 $HERE/../examples/engines/random_engine.py,greedy" \
  --json > "$WORK/l.json" || fail "the ladder with an engine failed"
grep -q 'random_engine.py' "$WORK/l.json" || fail "the engine is not rated"
if [[ -n $GREEDY_ENGINE ]]; then
  "$DOMINOES" match --a "engine:$GREEDY_ENGINE" --b greedy --games 10 --seed 3 --json > "$WORK/g1.json"
  "$DOMINOES" match --a greedy --b greedy --games 10 --seed 3 --json > "$WORK/g2.json"
  python3 - "$WORK/g1.json" "$WORK/g2.json" <<'PY' || fail "the greedy example plays unlike greedy"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert (a["wins"], a["losses"], a["ties"]) == (b["wins"], b["losses"], b["ties"]), (a, b)
PY
fi

# Bad specs are usage errors.
for spec in "engine" "engine:" "engine[ms=0]:x" "engine[ms=5:x" "engine[grace=1,grace=2]:x"; do
  set +e
  "$DOMINOES" match --a "$spec" --b greedy --games 2 > /dev/null 2> "$WORK/u.err"
  code=$?
  set -e
  [[ $code == 2 ]] || fail "'$spec' exits $code"
  grep -q "player '" "$WORK/u.err" || fail "'$spec': $(cat "$WORK/u.err")"
done
echo "engine_test: ok"

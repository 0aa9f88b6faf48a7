#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 42 (round four), the command's items: `check` keeps one copy of the match however many tasks
# wait at a position (#7); `ladder --plot` refuses a FIFO or device before the games and never touches
# the user's PLOT.dat / PLOT.gp or reads a name as gnuplot's option (#8, #13, #18); a failed `puzzles
# generate` keeps --out (#14); a failed write on standard output exits 1 with a message (#15); a BOM
# opening the second file of `cat a b` (#19); a wrong puzzle's title is cut in the FAIL line (#22);
# `check` has a proof budget per file (#10).
# Usage: reliability4_test.sh DOMINOES REPO_ROOT [check|skip]   (skip: no memory bound, for sanitizer builds)
set -u
BIN=${1:?usage: reliability4_test.sh DOMINOES REPO_ROOT}
ROOT=${2:?usage: reliability4_test.sh DOMINOES REPO_ROOT}
MEMORY=${3:-check}
case "$BIN" in /*) ;; *) BIN="$PWD/$BIN" ;; esac
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
cd "$TMP" || exit 1

# --- #15: standard output that cannot be written: exit 1 and say so, for every command that prints.
outcmds=("rules" "rules dominoes2" "play --seed 3 --out -" "replay --json $ROOT/lessons/01_highest_double_leads.dgn"
  "check $ROOT/puzzles/sample.dgn" "layout $ROOT/lessons/01_highest_double_leads.dgn"
  "puzzles generate --count 1 --out -" "ladder --levels Beginner,Novice --games 2 --json")
for c in "${outcmds[@]}"; do
  # shellcheck disable=SC2086
  "$BIN" $c >/dev/full 2>"$TMP/err"
  rc=$?
  [ "$rc" -eq 1 ] || fail "'$c' into /dev/full: exit $rc, expected 1"
  grep -q "cannot write to standard output: \(No space left on device\|a write to it failed\)" "$TMP/err" ||
    fail "'$c' into /dev/full says: $(head -c 300 "$TMP/err")"
  # shellcheck disable=SC2086
  "$BIN" $c >&- 2>"$TMP/err"
  rc=$?
  [ "$rc" -eq 1 ] || fail "'$c' with standard output closed: exit $rc, expected 1"
  grep -q "cannot write to standard output: it is closed" "$TMP/err" ||
    fail "'$c' with standard output closed says: $(head -c 300 "$TMP/err")"
done
# A closed stdout must not hand its number to the file a save opens: the record goes to the file only.
"$BIN" play --seed 3 --out "$TMP/closed.dgn" >&- 2>/dev/null
head -n 1 "$TMP/closed.dgn" | grep -q "^dgn 1$" || fail "play --out FILE with stdout closed wrote no record"
grep -q "match over" "$TMP/closed.dgn" && fail "play's summary leaked into the saved record"

# --- #8, #18: --plot to a FIFO, a device or a folder is refused at once, before any game.
mkfifo "$TMP/fifo"
for target in "$TMP/fifo" /dev/full "$TMP"; do
  timeout 120 "$BIN" ladder --levels Beginner,Novice --games 2 --plot "$target" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  [ "$rc" -eq 1 ] || fail "--plot $target: exit $rc, expected 1"
  grep -q "only a regular file is replaced" "$TMP/err" || fail "--plot $target says: $(head -c 300 "$TMP/err")"
  [ -s "$TMP/out" ] && fail "--plot $target played the games before refusing"
done
# #13, #18: the user's keep.png.dat and keep.png.gp stay; a name starting with '-' is a file name.
echo "mine" >keep.png.dat
echo "mine too" >keep.png.gp
"$BIN" ladder --levels Beginner,Novice --games 2 --plot keep.png >/dev/null 2>"$TMP/err" || fail "--plot keep.png: $(head -c 300 "$TMP/err")"
[ "$(head -c 8 keep.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "--plot keep.png drew no PNG"
[ "$(cat keep.png.dat)" = "mine" ] || fail "--plot keep.png overwrote or removed keep.png.dat"
[ "$(cat keep.png.gp)" = "mine too" ] || fail "--plot keep.png overwrote or removed keep.png.gp"
"$BIN" ladder --levels Beginner,Novice --games 2 --plot -x.png >/dev/null 2>"$TMP/err" || fail "--plot -x.png: $(head -c 300 "$TMP/err")"
[ "$(head -c 8 ./-x.png 2>/dev/null | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "--plot -x.png drew no PNG"
ls "$TMP" | grep -q "dominoes-ladder" && fail "the plot's temporary folder was left behind"

# --- #14: a run that gives up keeps --out as it was, and says so.
echo "my old puzzles" >old.dgn
"$BIN" puzzles generate --count 50 --max-games 1 --out old.dgn >/dev/null 2>"$TMP/err"
rc=$?
[ "$rc" -eq 1 ] || fail "a failed puzzles generate: exit $rc, expected 1"
[ "$(cat old.dgn)" = "my old puzzles" ] || fail "a failed puzzles generate replaced --out"
grep -q "old.dgn is left as it was" "$TMP/err" || fail "a failed puzzles generate says: $(tail -c 300 "$TMP/err")"

# --- #19: a BOM at the start of the second file of a concatenation.
printf '\xef\xbb\xbf' >bom.dgn
cat "$ROOT/puzzles/sample.dgn" >>bom.dgn
{ cat "$ROOT/lessons/01_highest_double_leads.dgn"; cat bom.dgn; } >both.dgn
"$BIN" check both.dgn >"$TMP/out" 2>&1 || fail "cat a.dgn bom.dgn: $(grep FAIL "$TMP/out" | head -c 300)"

# --- #22: a wrong puzzle's 1 MB title is cut in the FAIL line.
python3 - "$ROOT/puzzles/sample.dgn" >longtitle.dgn <<'PY'
import re, sys
text = "dgn 1" + open(sys.argv[1]).read().split("\ndgn 1")[1]
print(re.sub(r'puzzle "[^"]*"', 'puzzle "' + "T" * 1000000 + '"', text, count=1).replace("\nsolution 1-1 L", "\nsolution 1-0 L", 1))
PY
"$BIN" check longtitle.dgn >"$TMP/out" 2>&1
[ "$(wc -c <"$TMP/out")" -lt 2000 ] || fail "a wrong puzzle's 1 MB title is echoed whole ($(wc -c <"$TMP/out") bytes)"
grep -q "^FAIL .*puzzle \"TTTT.*…\"" "$TMP/out" || fail "the cut title: $(head -c 300 "$TMP/out")"

# --- #7: 20,000 tasks waiting at one position of a 2,000-round lesson cost check no more memory than
# the rounds alone (one copy of the match, not one per task). Peak memory, not time.
python3 - "$BIN" "$TMP" "$MEMORY" <<'PY'
import resource, subprocess, sys
binary, tmp, memory = sys.argv[1], sys.argv[2], sys.argv[3]
stock = "stock " + " ".join(f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1)
                            if (a, b) not in ((6, 6), (6, 5), (0, 0)))
def record(tasks):
    out = ["dgn 1", "rules en-linea target=1000", 'title "many tasks"']
    for r in range(1, 2001):
        out += [f"round {r}", "hand A 6-5", "hand B 0-0", stock, "line 6-6*", "turn A"]
        if r == 2000:
            out += ['task play 6-5 R "Play the last tile."'] * tasks
        out.append("A: 6-5 R")
    return "\n".join(out) + "\n"
def peak(path):
    code = ("import resource,subprocess,sys;"
            "p=subprocess.run([sys.argv[1],'check',sys.argv[2]],capture_output=True,text=True);"
            "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, p.stdout[-200:].replace(chr(10),' '))")
    out = subprocess.run([sys.executable, "-c", code, binary, path], capture_output=True, text=True).stdout
    rc, kb, rest = out.split(" ", 2)
    return int(rc), int(kb) / 1024.0, rest
for name, tasks in (("plain", 0), ("tasks", 20000)):
    open(f"{tmp}/{name}.dgn", "w").write(record(tasks))
rc0, plain, _ = peak(f"{tmp}/plain.dgn")
rc1, many, text = peak(f"{tmp}/tasks.dgn")
if rc0 != 0 or rc1 != 0 or "20000 tasks" not in text:
    print(f"FAIL: check of the lessons: exit {rc0}/{rc1}: {text}"); sys.exit(1)
print(f"ok   check: 2,000 rounds {plain:.1f} MB; with 20,000 tasks at one position {many:.1f} MB")
if memory == "check" and many > 2 * plain + 8:
    print(f"FAIL: 20,000 waiting tasks took {many:.1f} MB against {plain:.1f} MB without them"); sys.exit(1)
PY
[ $? -eq 0 ] || failures=$((failures + 1))

# --- #10: the proofs of one file share a budget: past it, the rest is refused with one line. A block
# puzzle too big to prove (3,432 worlds; its proof passes the 2M positions a puzzle may visit), 30 times.
cat >hard.dgn <<'DGN'
dgn 1
rules block layout=free
puzzle "A block puzzle too big to prove"  # issue 42 #10
round 1
hand A 1-0 3-0 4-2 2-0 3-3 6-1 6-2
hand B 5-3 2-2 4-1 4-0 6-3 3-1 0-0
stock 5-2 1-1 6-0 2-1 5-1 5-4 5-0
line 5-5 5-6 6-6* 6-4 4-4 4-3 3-2
turn A
solution 4-2 R
DGN
for i in $(seq 30); do cat hard.dgn; echo; done >heavy.dgn
"$BIN" check --proof-budget 3000000 heavy.dgn >"$TMP/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "30 puzzles too big to prove: exit $rc, expected 1"
[ "$(grep -c "the search passed its budget" "$TMP/out")" -eq 2 ] ||
  fail "the proofs did not stop at the file's budget: $(grep -c "passed its budget" "$TMP/out") proofs ran out"
grep -q "^FAIL heavy.dgn: the proofs spent this file's budget of 3000000 positions; 28 puzzles were not proved" "$TMP/out" ||
  fail "the budget's one line: $(tail -n 3 "$TMP/out")"
grep -q "^0 passed, 3 failed" "$TMP/out" || fail "the count: $(tail -n 1 "$TMP/out")"
"$BIN" check --proof-budget 0 heavy.dgn >/dev/null 2>&1
[ $? -eq 2 ] || fail "--proof-budget 0 is not a usage error"

if [ "$failures" -eq 0 ]; then echo "ok   reliability round four: every check passed"; fi
exit $((failures > 0))

#!/bin/sh
# SPDX-License-Identifier: MIT
# Issue 26 #1: text of any length is drawn safely. Records with a 1 MB note, a 1 MB player's name
# and a 1 MB title (opened, and listed in the Scenarios pane), a note of 200,000 words and 20,000
# notes at a position (logged into the Log pane) are valid (`dominoes check` accepts them). The
# studio aborted on them ("Too many vertices in ImDrawList using 16-bit indices"); now each draws,
# the note under the table is cut with the whole of it a window away, drawn only as far as it is in
# view, and names and titles are cut for display.
# usage: long_text_test.sh STUDIO DOMINOES OUTDIR XVFB_SH
set -u
studio=$1 dominoes=$2 out=$3 xvfb=$4
mkdir -p "$out/long/folder" && cd "$out/long" || exit 1
python3 - <<'PY' || exit 1
def rec(title="t", players=("A", "B"), note="n", notes=1):
    s = ('dgn 1\nrules en-linea\ntitle "%s"\nplayers "%s" "%s"\nround 1\nhand A 5-6\nhand B 6-6\nstock\n'
         'line 6-0 0-0 0-1 1-1 1-2 2-0 0-3 3-1 1-4 4-0 0-5 5-1 1-6 6-2* 2-2 2-3 3-3 3-4 4-2 2-5 5-3 3-6 6-4 '
         '4-4 4-5 5-5\nturn A\n') % (title, players[0], players[1])
    return s + ('note "%s"\n' % note) * notes
M = 1000000
open("note.dgn", "w").write(rec(note="x" * M))
open("name.dgn", "w").write(rec(players=("N" * M, "\u00e9" * M)))
open("title.dgn", "w").write(rec(title="T" * M))
open("folder/title.dgn", "w").write(rec(title="T" * M))
open("words.dgn", "w").write(rec(note="word " * 200000))
open("notes.dgn", "w").write(rec(notes=20000, note="a note of the many"))
PY
"$dominoes" check note.dgn name.dgn title.dgn words.dgn notes.dgn > check.out || { echo "FAIL: dominoes check refused a record"; cat check.out; exit 1; }
fail=0
run() {  # NAME FILE SCRIPT-LINES...: runs the studio on FILE with the script; exit 0 expected
  name=$1 file=$2
  shift 2
  printf '%s\n' "$@" > "$name.script"
  sh "$xvfb" env LIBGL_ALWAYS_SOFTWARE=1 ASAN_OPTIONS=detect_leaks=0 "$studio" --no-ini --frames 40 "$file" \
    --script "$name.script" --dump-state "$name.json" --screenshot "$name.png" > "$name.err" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then echo "FAIL $name: exit $rc: $(grep -m2 -iE 'assert|fail|error' "$name.err")"; fail=1; else echo "ok   $name"; fi
}
run note note.dgn "wait 3" "check-contains /table/caption (999700 more characters)" "action view.whole_note" "wait 3" \
  "check /wholeNote/open true" "check /wholeNote/lines 12500" "open log" "wait 2"
run name name.dgn "wait 3" "open log" "wait 2"
run title title.dgn "wait 3"
run listed "" "scenarios-dir $out/long/folder" "open scenarios" "wait 5" "check /scenarios 1"
run words words.dgn "wait 3" "action view.whole_note" "wait 3" "check /wholeNote/open true"
run notes notes.dgn "open log" "wait 3" "step first" "wait 2" "step last" "wait 3"
# What was drawn: the whole note's window drew only the lines in view, the Hands pane's labels and
# the window title are cut, and the pixels are not blank.
python3 - <<'PY' || fail=1
import json, sys
bad = []
n = json.load(open("note.json"))
if not (0 < n["wholeNote"]["drawn"] < 200): bad.append("whole note drew %s lines" % n["wholeNote"]["drawn"])
m = json.load(open("name.json"))
if len(m["windowTitle"]) > 200: bad.append("window title of %d characters" % len(m["windowTitle"]))
if any(len(p) > 100 for p in m["score"]["players"]): bad.append("player labels not cut")
for f in ("note", "name", "title", "listed", "words", "notes"):
    if len(open(f + ".png", "rb").read()) < 10000: bad.append(f + ".png is blank")
if bad:
    print("FAIL: " + "; ".join(bad)); sys.exit(1)
print("ok   drawn: %d of %d lines of the whole note" % (n["wholeNote"]["drawn"], n["wholeNote"]["lines"]))
PY
exit $fail

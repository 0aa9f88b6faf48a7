#!/bin/sh
# SPDX-License-Identifier: MIT
# Issue 42 #9 and #12: the studio's settings file as a user may have it.
#  - 100,000 window entries (4.8 MB): read in linear work; the saved file keeps a bounded few of them,
#    the studio's own settings and the studio's own window entry (before: 13-20 s to start, and all
#    100,000 written back at exit).
#  - A file the studio cannot read (over 16 MiB, or not a settings file) is left untouched at exit,
#    and the message names it (before: overwritten with defaults, and the message named --max-size).
# Usage: settings_file_test.sh XVFB_SH STUDIO
set -u
xvfb=${1:?usage: settings_file_test.sh XVFB_SH STUDIO}
studio=${2:?usage: settings_file_test.sh XVFB_SH STUDIO}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
status=0
fail() { echo "FAIL $*"; status=1; }
run() {  # INI SCRIPT: a short headless run that reads and saves INI
  sh "$xvfb" env LIBGL_ALWAYS_SOFTWARE=1 "$studio" --ini "$1" --frames 5 --script "$2" --dump-state "$dir/state.json" \
    2>"$dir/err"
}

python3 - "$dir/big.ini" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    for i in range(100000):
        f.write("[Window][Window %d]\nPos=%d,0\nSize=10,10\nCollapsed=0\n\n" % (i, i))
    f.write("[Window][###log]\nPos=60,70\nSize=300,200\nCollapsed=0\n\n")
    f.write("[DominoesStudio][Settings]\nPane.log=1\nLessonStars=01-first.dgn=3\n"
            "PuzzleTry=book.dgn#1=1@1000\n\n")
PY
printf 'check /panes/log true\ncheck /learn/done/0/stars 3\n' >"$dir/big.script"
run "$dir/big.ini" "$dir/big.script" || fail "the studio did not run on 100,000 window entries: $(tail -3 "$dir/err")"
windows=$(grep -c '^\[Window\]' "$dir/big.ini")
[ "$windows" -le 300 ] || fail "100,000 window entries: $windows written back"
grep -q '^\[Window\]\[###log\]' "$dir/big.ini" || fail "100,000 window entries: the studio's own ###log entry is gone"
grep -q '^LessonStars=01-first.dgn=3$' "$dir/big.ini" || fail "100,000 window entries: the lesson stars are gone"
grep -q '^PuzzleTry=book.dgn#1=1@1000$' "$dir/big.ini" || fail "100,000 window entries: the puzzle try is gone"

printf 'wait 1\n' >"$dir/plain.script"
# Over 16 MiB: the studio's settings, then 17 MiB of padding.
python3 - "$dir/huge.ini" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("[DominoesStudio][Settings]\nLessonStars=01-first.dgn=3\n\n")
    f.write(("; padding\n") * (17 * 2**20 // 10))
PY
printf 'just some notes\nof the user\n' >"$dir/notes.ini"
printf '[Window][x]\n\000\n' >"$dir/binary.ini"
for f in huge notes binary; do
  cp "$dir/$f.ini" "$dir/$f.before"
  run "$dir/$f.ini" "$dir/plain.script" || fail "$f: the studio did not run: $(tail -3 "$dir/err")"
  cmp -s "$dir/$f.ini" "$dir/$f.before" || fail "$f: the settings file was written over"
  grep -q "$dir/$f.ini not read" "$dir/state.json" || fail "$f: the status line does not name the file: $(grep '"status"' "$dir/state.json")"
  grep -q "left as it is" "$dir/err" || fail "$f: the log does not say the file is left as it is"
  if grep -q -- "--max-size" "$dir/err" "$dir/state.json"; then fail "$f: the message names --max-size"; fi
  ls "$dir" | grep -q "^$f.ini\..*tmp\|^\.$f" && fail "$f: a temp file was left"
done
[ "$status" -eq 0 ] && echo "ok: settings with 100,000 windows read and saved bounded; unreadable files left untouched"
exit "$status"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `dominoes worksheet` (issue 52 #16; docs/lessons.md, "Printing a worksheet"): a lesson's PDF has a
# page a task and the answer key; its words are in the language asked for (Spanish, and Hindi's
# Devanagari as text, not boxes); each task's page shows the table (the felt's green and the tiles'
# ivory in the picture of the page); a record with no task, a lesson that check refuses and a bad
# language are refused with a reason and write nothing.
# usage: worksheet_test.sh DOMINOES SOURCE_DIR
set -u
bin=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

lesson=$src/lessons/08_end_blocked_by_the_edge.dgn
tasks=$(grep -c '^task ' "$lesson")
"$bin" worksheet "$lesson" --out "$tmp/es.pdf" --lang es 2>"$tmp/err" || fail "the Spanish worksheet: $(cat "$tmp/err")"
pages=$(pdfinfo "$tmp/es.pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
[ "$pages" = $((tasks + 1)) ] || fail "$pages pages for $tasks tasks (a page a task and the answer key)"
pdftotext -layout "$tmp/es.pdf" "$tmp/es.txt"
grep -q "Tarea 1 de $tasks" "$tmp/es.txt" || fail "no 'Tarea 1 de $tasks' in the Spanish worksheet"
grep -q "Toca el extremo que está bloqueado" "$tmp/es.txt" || fail "the first task's prompt is not in Spanish"
grep -q "Soluciones" "$tmp/es.txt" || fail "no answer key in Spanish"
# The answer of the end task is on the last page only, never on a task's page.
pdftotext -f 1 -l "$tasks" -layout "$tmp/es.pdf" "$tmp/tasks.txt"
grep -q "Soluciones" "$tmp/tasks.txt" && fail "a task's page holds the answer key"
pdftotext -f $((tasks + 1)) -l $((tasks + 1)) -layout "$tmp/es.pdf" "$tmp/key.txt"
grep -q "Extremo R" "$tmp/key.txt" || fail "the answer key lacks the end task's answer (Extremo R)"

# The first page as a picture: the felt and the tiles are drawn.
pdftoppm -r 50 -f 1 -l 1 -png "$tmp/es.pdf" "$tmp/page"
python3 - "$tmp"/page*.png <<'PY' || fail "the first page shows no table"
import struct, sys, zlib
def pixels(path):
    data = open(path, "rb").read()
    w, h, depth, ctype = struct.unpack(">IIBB", data[16:26])
    idat = b"".join(data[i + 8:i + 8 + struct.unpack(">I", data[i:i + 4])[0]]
                    for i in range(8, len(data)) if data[i + 4:i + 8] == b"IDAT")
    raw, n = zlib.decompress(idat), {2: 3, 6: 4}[ctype]
    stride, prev, rows, at = w * n, bytearray(w * n), [], 0
    for _ in range(h):
        f, line = raw[at], bytearray(raw[at + 1:at + 1 + stride]); at += 1 + stride
        for i in range(stride):
            a = line[i - n] if i >= n else 0; b = prev[i]; c = prev[i - n] if i >= n else 0
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + [0, a, b, (a + b) // 2, a if pa <= pb and pa <= pc else b if pb <= pc else c][f]) & 255
        rows.append(line); prev = line
    return [(r[i], r[i + 1], r[i + 2]) for r in rows for i in range(0, stride, n)]
px = pixels(sys.argv[1])
felt = sum(1 for r, g, b in px if g > r + 40 and g > b + 20 and g < 140)
ivory = sum(1 for r, g, b in px if r > 240 and g > 235 and 210 < b < 235)
print("felt", felt, "ivory", ivory)
sys.exit(0 if felt > 500 and ivory > 50 else 1)
PY

# Hindi: Devanagari as text (shaped, extractable), the tile names as they are.
"$bin" worksheet "$src/lessons/01_highest_double_leads.dgn" --out "$tmp/hi.pdf" --lang hi 2>"$tmp/err" ||
  fail "the Hindi worksheet: $(cat "$tmp/err")"
pdftotext "$tmp/hi.pdf" - | grep -q "काम 1 / " || fail "no Devanagari 'काम 1 /' in the Hindi worksheet"
pdffonts "$tmp/hi.pdf" | grep -q "NotoSansDevanagari" || fail "the Hindi worksheet embeds no Devanagari font"

# Refusals: a record with no task, a lesson check refuses, a bad language; nothing written.
"$bin" worksheet "$src/tests/studio/game.dgn" --out "$tmp/no.pdf" 2>"$tmp/err" && fail "a record with no task was taken"
grep -q "game.dgn:.*no task" "$tmp/err" || fail "no task: the reason names the file: $(cat "$tmp/err")"
sed 's/^task end R /task end L /' "$lesson" >"$tmp/wrong.dgn"
"$bin" worksheet "$tmp/wrong.dgn" --out "$tmp/no.pdf" 2>"$tmp/err" && fail "a lesson check refuses was taken"
grep -q "wrong.dgn:[0-9]" "$tmp/err" || fail "a refused lesson: the reason names no line: $(cat "$tmp/err")"
"$bin" worksheet "$lesson" --out "$tmp/no.pdf" --lang xx 2>"$tmp/err"
[ $? = 2 ] || fail "--lang xx is not a usage error"
[ -e "$tmp/no.pdf" ] && fail "a refused worksheet left a file"
[ "$failures" = 0 ] && echo "worksheet: $pages pages in Spanish, Hindi shaped, refusals named"
exit $((failures > 0))

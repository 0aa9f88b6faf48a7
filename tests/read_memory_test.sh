#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issues 9 and 26: reading a record takes memory within 4x the file, for every shape of record.
# `dominoes bench-read` writes a generated record to a temp file, reads it as `check` does and
# reports the peak memory the read added (getrusage's high-water mark, deterministic enough for a
# bound; no time limit here). The shapes: one long `expect legal` line, many notes, many other
# statements, every kind of expect, many short rounds (issue 26: a 64 KiB chunk per round was 312x
# the file), and lines of many words of each kind (an unknown statement, deal lines, expects, a
# move, a note: 11-53x before they were split only as far as any statement reads).
# Usage: read_memory_test.sh DOMINOES
set -u
dominoes=${1:?usage: read_memory_test.sh DOMINOES}
status=0
cases=("notes 10M" "other 10M" "legal 1M" "expects 10M" "rounds 10M")
for w in words words-hand words-stock words-seed words-score words-expect-hand words-expect-ends words-move words-note; do
  cases+=("$w 10M")
done
for case in "${cases[@]}"; do
  set -- $case
  out=$("$dominoes" bench-read --what "$1" --size "$2" --json) || { echo "FAIL $case: exit $?"; status=1; continue; }
  ratio=$(printf '%s' "$out" | sed -n 's/.*"memory_per_byte":\([0-9.eE+-]*\).*/\1/p')
  bytes=$(printf '%s' "$out" | sed -n 's/.*"bytes":\([0-9]*\).*/\1/p')
  if [ -z "$ratio" ] || [ -z "$bytes" ]; then echo "FAIL $case: no figures in $out"; status=1; continue; fi
  # The file must be the size asked for (10 MB, or 1M items of 5 bytes), or the bound proves nothing.
  if [ "$bytes" -lt 4000000 ]; then echo "FAIL $case: only $bytes bytes generated"; status=1; continue; fi
  if awk -v r="$ratio" 'BEGIN { exit !(r <= 4.0) }'; then
    echo "ok   $case: $bytes bytes, peak grew ${ratio}x the file"
  else
    echo "FAIL $case: $bytes bytes, peak grew ${ratio}x the file (over 4x)"
    status=1
  fi
done
# The statements are all there: a bound met by reading nothing would be no test.
n=$("$dominoes" bench-read --what notes --size 10M --json | sed -n 's/.*"statements":\([0-9]*\).*/\1/p')
if [ "${n:-0}" -lt 1000000 ]; then echo "FAIL notes 10M kept ${n:-0} statements, expected over a million"; status=1; fi
# The rounds are all read: 10 MB of 166-byte rounds of one move each.
n=$("$dominoes" bench-read --what rounds --size 10M --json | sed -n 's/.*"statements":\([0-9]*\).*/\1/p')
if [ "${n:-0}" -lt 60000 ]; then echo "FAIL rounds 10M kept ${n:-0} moves, expected over 60,000"; status=1; fi
# `analyse` on 20,000 short rounds (3.3 MB, a position with a choice each): the record read in
# linear memory, and no position's tables filled before they are used (5.27 GB and 167 s for 100,000
# rounds before issue 26). Its report keeps every position's moves: bounded at 10x the file, plus
# 30 MB for the program itself.
python3 - "$dominoes" <<'PY' || status=1
import os, resource, subprocess, sys, tempfile
tiles = ["%d-%d" % (a, b) for a in range(6, -1, -1) for b in range(a, -1, -1)]
stock = " ".join(t for t in tiles if t not in ("6-6", "6-5", "0-0"))
with tempfile.NamedTemporaryFile("w", suffix=".dgn", delete=False) as f:
    f.write("dgn 1\nrules en-linea target=1000\n")
    for r in range(1, 20001):
        f.write("round %d\nhand A 6-5\nhand B 0-0\nstock %s\nline 6-6*\nturn A\nA: 6-5 R\n" % (r, stock))
    path = f.name
size = os.path.getsize(path)
out = subprocess.run([sys.argv[1], "analyse", path, "--samples", "20"], capture_output=True, text=True)
os.unlink(path)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
if out.returncode != 0 or "A: 20000 positions" not in out.stdout:
    print("FAIL analyse of 20,000 rounds: exit %d, %s" % (out.returncode, (out.stderr or out.stdout[-300:])[:300]))
    sys.exit(1)
if peak > 10 * size + 30 * 2**20:
    print("FAIL analyse of 20,000 rounds (%d bytes) peaked at %.1f MB" % (size, peak / 2**20))
    sys.exit(1)
print("ok   analyse of 20,000 rounds (%d bytes) peaked at %.1f MB" % (size, peak / 2**20))
PY
exit $status

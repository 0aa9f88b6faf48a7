#!/usr/bin/env bash
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
exit $status

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 26 #3: an allocation failure while reading is reported as `FILE:LINE: out of memory`, like any
# other error of the file, never as a bare `dominoes: std::bad_alloc`. A 100 MB record of notes is
# read by check, replay and layout under an address-space limit (ulimit -v) too small for it.
# Usage: read_oom_test.sh DOMINOES
set -u
dominoes=${1:?usage: read_oom_test.sh DOMINOES}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
f=$tmp/big.dgn
{ printf 'dgn 1\nrules en-linea\nround 1\nseed 7\n'; yes 'note "x"' | head -n 11000000; } >"$f"
status=0
for cmd in check replay layout; do
  (ulimit -v 150000 && "$dominoes" "$cmd" --max-size 1G "$f") >"$tmp/out" 2>"$tmp/err"
  rc=$?
  text=$(cat "$tmp/out" "$tmp/err")
  if [ "$rc" -ne 1 ]; then echo "FAIL $cmd: exit $rc, expected 1: $(head -c 300 <<<"$text")"; status=1; continue; fi
  if grep -q "bad_alloc" <<<"$text"; then echo "FAIL $cmd: a bare bad_alloc: $(head -c 300 <<<"$text")"; status=1; continue; fi
  if ! grep -qE "$f:[0-9]+: out of memory" <<<"$text"; then
    echo "FAIL $cmd: no '$f:LINE: out of memory' in: $(head -c 300 <<<"$text")"
    status=1
    continue
  fi
  echo "ok   $cmd: $(grep -oE "$f:[0-9]+: out of memory" <<<"$text" | head -n 1)"
done
# Without the limit the same file reads (the failure above is the limit's, not the file's).
"$dominoes" check --max-size 1G "$f" >"$tmp/out" 2>&1 || { echo "FAIL: the record is refused without a limit: $(head -c 300 "$tmp/out")"; status=1; }
exit $status

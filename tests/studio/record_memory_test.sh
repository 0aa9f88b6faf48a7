#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 42 #6: opening a long record costs the studio memory in proportion to the record, not to its
# rounds squared (each position's copy of the match once held every round's result: 10,000 rounds of
# 1.6 MB took 1.3 GB, 20,000 rounds 4.9 GB and 41 s). The memory the record adds to the studio (its
# peak against the same studio on a 10-round record) must stay within 4x what `dominoes check` takes
# for the same file. Peak memory (getrusage's high-water mark of the studio alone), never time.
# Usage: record_memory_test.sh STUDIO DOMINOES XVFB_SH
set -u
studio=${1:?usage: record_memory_test.sh STUDIO DOMINOES XVFB_SH}
dominoes=${2:?} xvfb=${3:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY'
import sys
stock = "stock " + " ".join(f"{a}-{b}" for a in range(6, -1, -1) for b in range(a, -1, -1)
                            if (a, b) not in ((6, 6), (6, 5), (0, 0)))
for n in (10, 10000):
    out = ["dgn 1", "rules en-linea target=1000"]
    for r in range(1, n + 1):
        out += [f"round {r}", "hand A 6-5", "hand B 0-0", stock, "line 6-6*", "turn A", "A: 6-5 R"]
    open(f"{sys.argv[1]}/r{n}.dgn", "w").write("\n".join(out) + "\n")
PY
# peak.py COMMAND...: the command's own peak resident memory in KiB (-1 when it fails).
cat >"$tmp/peak.py" <<'PY'
import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss if r.returncode == 0 else -1)
PY
small=$(sh "$xvfb" env LIBGL_ALWAYS_SOFTWARE=1 python3 "$tmp/peak.py" \
  "$studio" --no-ini --frames 5 "$tmp/r10.dgn")
big=$(sh "$xvfb" env LIBGL_ALWAYS_SOFTWARE=1 python3 "$tmp/peak.py" \
  "$studio" --no-ini --frames 5 "$tmp/r10000.dgn")
check=$(python3 "$tmp/peak.py" "$dominoes" check "$tmp/r10000.dgn")
for v in "$small" "$big" "$check"; do
  case "$v" in '' | -1) echo "FAIL: a run failed (studio small $small, big $big, check $check)"; exit 1 ;; esac
done
# The studio does open every position: 10,000 deals and 10,000 moves (a run of its own: the dump's
# JSON would count in the peak).
sh "$xvfb" env LIBGL_ALWAYS_SOFTWARE=1 "$studio" --no-ini --frames 5 "$tmp/r10000.dgn" --dump-state "$tmp/dump.json" \
  >/dev/null 2>&1
nodes=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["timeline"]))' "$tmp/dump.json")
[ "$nodes" -ge 20000 ] || { echo "FAIL: the studio's timeline holds $nodes positions, not 20,000"; exit 1; }
added=$((big - small))
echo "studio: 10 rounds $((small / 1024)) MB, 10,000 rounds $((big / 1024)) MB (the record adds $((added / 1024)) MB); check: $((check / 1024)) MB"
if [ "$added" -gt $((4 * check)) ]; then
  echo "FAIL: the record adds $((added / 1024)) MB to the studio, over 4x check's $((check / 1024)) MB"
  exit 1
fi
echo "ok   within 4x check's memory"

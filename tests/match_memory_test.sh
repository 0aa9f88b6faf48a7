#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Issue 26 #15: `match` summarises each game as it ends instead of keeping every game's decision
# times (1M games took 166 MB, and 10^9 would need ~150 GB). A million games of random against
# greedy must peak under 40 MB (the process's high-water mark, through python's getrusage).
# Usage: match_memory_test.sh DOMINOES
set -u
dominoes=${1:?usage: match_memory_test.sh DOMINOES}
python3 - "$dominoes" <<'PY'
import json, resource, subprocess, sys
out = subprocess.run([sys.argv[1], "match", "--a", "random", "--b", "greedy", "--games", "1000000", "--json"],
                     capture_output=True, text=True)
if out.returncode != 0:
    print("FAIL: exit %d: %s" % (out.returncode, out.stderr[:300])); sys.exit(1)
j = json.loads(out.stdout)
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
if j["games"] != 1000000 or j["wins"] + j["losses"] + j["ties"] != 1000000:
    print("FAIL: the games do not add up: %s" % out.stdout[:300]); sys.exit(1)
if peak_mb > 40:
    print("FAIL: 1M games peaked at %.1f MB (over 40 MB)" % peak_mb); sys.exit(1)
print("ok   1M games peaked at %.1f MB" % peak_mb)
PY

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The owner's rule for the dominoes2 ladder (issue 45): each level must beat the one below it in a
# head-to-head of matches to 100 with 95% confidence. Plays each adjacent pair of levels and prints a
# Markdown table: the upper level's wins, losses and ties, its win share and the share's 95%
# interval, and whether the interval lies above one half.
# usage: tools/ladder_heads.sh BUILD_DIR [MATCHES] [RULES] [THREADS]
set -euo pipefail
build=${1:?usage: ladder_heads.sh BUILD_DIR [MATCHES] [RULES] [THREADS]}
games=${2:-200}
rules=${3:-dominoes2}
threads=${4:-2}
levels=(Beginner Novice Apprentice Club-player Skilled Advanced Candidate-master Master)
echo "| upper level | lower level | wins | losses | ties | win share | 95% interval | above one half |"
echo "|---|---|---|---|---|---|---|---|"
for ((i = 1; i < ${#levels[@]}; ++i)); do
  upper=${levels[i]} lower=${levels[i - 1]}
  json=$("$build/bin/dominoes" match --a "$upper" --b "$lower" --rules "$rules" --matches --games "$games" \
    --seed 45 --threads "$threads" --json)
  python3 - "$upper" "$lower" "$json" <<'PY'
import json, sys
upper, lower, j = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
lo, hi = j["ci95"]
print(f"| {upper} | {lower} | {j['wins']} | {j['losses']} | {j['ties']} | {j['win_rate']:.3f} | "
      f"{lo:.3f} to {hi:.3f} | {'yes' if lo > 0.5 else 'NO'} |")
PY
done

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates docs/ladder.md and its plots (`make ladder`): `dominoes ladder` on both presets, its
# JSON turned into the table. Usage: bash tools/ladder.sh BUILD_DIR [GAMES_EN_LINEA] [GAMES_DOMINOES2]
set -euo pipefail
BUILD=${1:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DOMINOES=$(cd "$BUILD" && pwd)/bin/dominoes
EN=${2:-1000}
D2=${3:-200}
THREADS=${LADDER_THREADS:-$(nproc)}
[ -x "$DOMINOES" ] || { echo "ladder: $DOMINOES is not built (make build)" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "ladder: gnuplot is missing (make deps)" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$DOMINOES" ladder --rules en-linea --games "$EN" --seed 2026 --threads "$THREADS" --json \
  --plot "$ROOT/docs/ladder-en-linea.png" > "$WORK/en-linea.json"
"$DOMINOES" ladder --rules dominoes2 --games "$D2" --seed 2026 --threads "$THREADS" --json \
  --plot "$ROOT/docs/ladder-dominoes2.png" > "$WORK/dominoes2.json"
python3 - "$WORK/en-linea.json" "$WORK/dominoes2.json" "$EN" "$D2" > "$ROOT/docs/ladder.md" <<'PY'
import json, sys
en, d2 = (json.load(open(p)) for p in sys.argv[1:3])
print("# The ladder of levels\n")
print("Made by `make ladder` (tools/ladder.sh): `dominoes ladder` on both presets, seed 2026;")
print(f"{sys.argv[3]} single rounds a pairing for `en-linea`, {sys.argv[4]} matches to 100 for `dominoes2`.")
print("Each level plays the level above it and the two weakest levels, seats swapped on paired deals.")
print("The results are fitted with a Bradley-Terry model to Elo ratings, with random at 0 and 95%")
print("intervals; one virtual tie is added to each pairing. Decision times are CPU per choice, on the")
print("machine that ran it. Levels are listed weakest first by their rating on each preset.\n")
for j, name in ((en, "en-linea"), (d2, "dominoes2")):
    print(f"## `{name}`\n")
    print("| level | spec | Elo | 95% interval | median decision | p95 |")
    print("|---|---|---|---|---|---|")
    for l in j["levels"]:
        lo, hi = l["ci95"]
        t = l["decision_ms"]
        print(f"| {l['name']} | `{l['spec']}` | {l['elo']:.0f} | {lo:.0f} to {hi:.0f} | {t['median']:.3f} ms | {t['p95']:.3f} ms |")
    print(f"\n![Rating against decision time, {name}](ladder-{name}.png)\n")
PY
echo "ladder: docs/ladder.md"

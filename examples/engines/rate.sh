#!/bin/sh
# SPDX-License-Identifier: MIT
# Rates the example engines on the ladder's Elo scale (random at 0, docs/ladder.md): each plays the
# weakest levels and the expert through the engine protocol (docs/engine-protocol.md).
#   examples/engines/rate.sh [RULES [GAMES]]     e.g. examples/engines/rate.sh dominoes2 100
# DOMINOES names the dominoes command and GREEDY_ENGINE the built example (defaults: build/bin/).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
rules=${1:-en-linea}
games=${2:-100}
dominoes=${DOMINOES:-$here/../../build/bin/dominoes}
greedy=${GREEDY_ENGINE:-$here/../../build/bin/greedy_engine}
random_engine="engine:python3 $here/random_engine.py"
levels="Beginner,Novice,$random_engine"
[ -x "$greedy" ] && levels="$levels,engine:$greedy"
"$dominoes" ladder --rules "$rules" --games "$games" --levels "$levels,Master" --threads 2

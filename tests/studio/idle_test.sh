#!/bin/sh
# SPDX-License-Identifier: MIT
# Issue 53 #9: an idle studio draws nothing. Three seconds of a new game with nothing happening
# (no script, no --frames: the loop a user gets): the frames keep coming at the idle poll's rate
# (about 10 a second, to see what the workers bring), but only the first few, while the window and
# the first picture settle, are drawn. Before, every frame was drawn (382 in 5 s, 160% of a core
# with software GL). Counts, not times: a slow machine polls less often but draws no more.
set -eu
studio=$1 xvfb=$2
out=$(sh "$xvfb" env LIBGL_ALWAYS_SOFTWARE=1 "$studio" --no-ini --seed 7 --run-for 3 --stats 2>/dev/null)
echo "$out" | head -2
frames=$(echo "$out" | sed -n 's/^frames \([0-9]*\) .*/\1/p')
drawn=$(echo "$out" | sed -n 's/^frames drawn \([0-9]*\) .*/\1/p')
[ -n "$frames" ] && [ -n "$drawn" ] || { echo "no frame counts in --stats"; exit 1; }
[ "$drawn" -le 10 ] || { echo "the idle studio drew $drawn frames of $frames"; exit 1; }
[ "$frames" -ge $((drawn + 5)) ] || { echo "only $frames frames in 3 s: the idle loop stopped polling"; exit 1; }

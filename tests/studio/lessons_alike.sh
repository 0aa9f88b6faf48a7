#!/bin/sh
# SPDX-License-Identifier: MIT
# usage: lessons_alike.sh PNG_CHECK DIR
# Checks every task's state (and picture, where lessons_walk.py took one) of a course walk with
# `studio_png_check --alike`: while a task waits, nothing drawn answers it (issue 52). Fails when a
# task was not dumped or any check fails.
set -u
check=$1 dir=$2
n=0 bad=0
for j in "$dir"/task_*.json; do
  [ -e "$j" ] || { echo "lessons_alike: no task was dumped in $dir" >&2; exit 1; }
  png=${j%.json}.png
  [ -e "$png" ] || png=-
  "$check" --alike "$png" "$j" >/dev/null || bad=$((bad + 1))
  n=$((n + 1))
done
echo "lessons_alike: $n tasks, $bad with something drawn that answers them"
[ "$bad" -eq 0 ]

#!/bin/sh
# SPDX-License-Identifier: MIT
# Run a command under its own Xvfb and return the command's exit status unchanged.
# Usage: xvfb.sh COMMAND [ARG...]   (the screen is $XVFB_SCREEN, 1280x800x24 by default)
#
# Why not xvfb-run: it picks a display number by looking at /tmp/.X*-lock, which parallel tests race
# for, and it exits 5 instead of the command's status when it cannot remove its temporary folder (CI
# saw both under load). Here the server picks a free display itself (-displayfd) and the command's
# status is what we return; a server that does not start is exit 125 with its log.
set -u
[ $# -gt 0 ] || { echo "usage: xvfb.sh COMMAND [ARG...]" >&2; exit 125; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/dominoes-xvfb.XXXXXX") || exit 125
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
Xvfb -displayfd 3 -screen 0 "${XVFB_SCREEN:-1280x800x24}" -nolisten tcp 3>"$dir/display" >"$dir/log" 2>&1 &
pid=$!
# The server writes its display number once it accepts connections; give it up to 30 s on a loaded
# machine.
tries=0
until [ -s "$dir/display" ]; do
  if ! kill -0 "$pid" 2>/dev/null || [ $tries -ge 600 ]; then
    echo "xvfb.sh: Xvfb did not start:" >&2
    cat "$dir/log" >&2
    exit 125
  fi
  tries=$((tries + 1))
  sleep 0.05
done
DISPLAY=:$(cat "$dir/display") "$@"
exit $?

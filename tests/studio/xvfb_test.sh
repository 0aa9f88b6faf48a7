#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/xvfb.sh, which every headless studio test runs under: the command sees a display, its exit
# status comes back unchanged (xvfb-run once turned the studio's 3 into its own 5), a client can
# connect, and no temporary folder is left. Usage: xvfb_test.sh XVFB_SH
set -u
xvfb=$1
fail() { echo "FAIL: $*"; exit 1; }
# A folder of its own for the wrapper's temporary folders: other tests run at the same time.
TMPDIR=$(mktemp -d) || exit 1
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
for want in 0 1 3 7; do
  sh "$xvfb" sh -c "[ -n \"\$DISPLAY\" ] || exit 99; exit $want"; rc=$?
  [ $rc -eq "$want" ] || fail "exit $rc, want $want"
done
if command -v xdpyinfo >/dev/null; then
  sh "$xvfb" xdpyinfo > /dev/null || fail "a client could not connect"
fi
[ -z "$(ls -A "$TMPDIR")" ] || fail "left behind: $(ls -A "$TMPDIR")"
echo "ok: exit statuses 0, 1, 3 and 7 came back unchanged"

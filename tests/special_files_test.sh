#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Special files (issue 9): what the CLI reads must be a regular file (a FIFO, device or folder is
# refused at once, with its kind), and `play --out` replaces only a regular file (a symlink is followed,
# the mode is kept; a device, FIFO or folder is refused before anything is written).
# Usage: tests/special_files_test.sh PATH/TO/dominoes REPO_ROOT
set -u
BIN=${1:?usage: special_files_test.sh DOMINOES_BINARY REPO_ROOT}
ROOT=${2:?usage: special_files_test.sh DOMINOES_BINARY REPO_ROOT}
cd "$ROOT" || exit 1
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# run WANT DESCRIPTION COMMAND...: runs COMMAND with a 10 s timeout (a hang is a failure).
run() {
  local want=$1 what=$2; shift 2
  timeout 10 "$@" >"$TMP/out" 2>"$TMP/err"
  local rc=$?
  [ "$rc" -eq "$want" ] || fail "$what: exit $rc, expected $want ($(head -c 200 "$TMP/err"))"
}
valid=tests/records/opening_double_six.dgn

# Reading.
mkfifo "$TMP/fifo.dgn"
run 1 "replay of a FIFO" "$BIN" replay "$TMP/fifo.dgn"
grep -qx "$TMP/fifo.dgn:0: is a FIFO, not a regular file" "$TMP/err" || fail "replay of a FIFO: $(cat "$TMP/err")"
for dev in /dev/zero /dev/urandom; do
  run 1 "replay $dev" "$BIN" replay "$dev"
  grep -qx "$dev:0: is a character device, not a regular file" "$TMP/err" || fail "replay $dev: $(cat "$TMP/err")"
  run 1 "layout $dev" "$BIN" layout "$dev"
  run 1 "check $dev" "$BIN" check "$dev"
done
run 1 "replay of a folder" "$BIN" replay "$TMP"
grep -qx "$TMP:0: is a folder, not a file" "$TMP/err" || fail "replay of a folder: $(cat "$TMP/err")"
# A folder holding a FIFO named *.dgn: the listing skips it (no hang), the record beside it passes.
mkdir "$TMP/mixed" && mkfifo "$TMP/mixed/pipe.dgn" && cp "$valid" "$TMP/mixed/a.dgn"
run 0 "check of a folder with a FIFO" "$BIN" check "$TMP/mixed"
[ "$(tail -n 1 "$TMP/out")" = "1 passed, 0 failed" ] || fail "check of a folder with a FIFO: $(tail -n 1 "$TMP/out")"
ln -s "$PWD/$valid" "$TMP/link.dgn"
run 0 "replay through a symlink" "$BIN" replay "$TMP/link.dgn"

# Writing.
PLAY=("$BIN" play --seed 4 --out)
run 1 "play --out a FIFO" "${PLAY[@]}" "$TMP/fifo.dgn"
[ -p "$TMP/fifo.dgn" ] || fail "play --out a FIFO replaced it"
grep -q "cannot save $TMP/fifo.dgn: it is a FIFO; only a regular file is replaced" "$TMP/err" || fail "play --out FIFO: $(cat "$TMP/err")"
run 1 "play --out a folder" "${PLAY[@]}" "$TMP/mixed"
[ -d "$TMP/mixed" ] || fail "play --out a folder replaced it"
# A character device: a private one when root can make it (so /dev/null is never at risk); otherwise
# /dev/null itself, which a user cannot replace anyway.
dev=/dev/null
if [ "$(id -u)" = 0 ] && mknod "$TMP/null" c 1 3 2>/dev/null; then dev=$TMP/null; fi
run 1 "play --out $dev" "${PLAY[@]}" "$dev"
[ -c "$dev" ] || fail "play --out $dev: it is no longer a character device"
grep -q "cannot save $dev: it is a character device; only a regular file is replaced" "$TMP/err" || fail "play --out $dev: $(cat "$TMP/err")"
[ -c /dev/null ] || fail "/dev/null is no longer a character device"
# A symlink is followed: the link stays, its target gets the record.
echo old >"$TMP/target.dgn" && ln -s target.dgn "$TMP/save-link.dgn"
run 0 "play --out a symlink" "${PLAY[@]}" "$TMP/save-link.dgn"
[ -L "$TMP/save-link.dgn" ] || fail "play --out a symlink: the link was replaced"
"$BIN" check "$TMP/target.dgn" >/dev/null || fail "play --out a symlink: its target is not the record"
# The mode of the file replaced is kept.
echo old >"$TMP/private.dgn" && chmod 600 "$TMP/private.dgn"
run 0 "play --out a mode-600 file" "${PLAY[@]}" "$TMP/private.dgn"
[ "$(stat -c %a "$TMP/private.dgn")" = 600 ] || fail "play --out a mode-600 file: mode $(stat -c %a "$TMP/private.dgn")"
run 1 "play --out into a missing folder" "${PLAY[@]}" "$TMP/no/such/game.dgn"
grep -q "cannot save $TMP/no/such/game.dgn: cannot create a temporary file in $TMP/no/such: No such file or directory" "$TMP/err" ||
  fail "play --out into a missing folder: $(cat "$TMP/err")"
if [ "$(id -u)" != 0 ]; then
  mkdir "$TMP/ro" && chmod 500 "$TMP/ro"
  run 1 "play --out into a read-only folder" "${PLAY[@]}" "$TMP/ro/game.dgn"
  grep -q "cannot save $TMP/ro/game.dgn: .*Permission denied" "$TMP/err" || fail "read-only folder: $(cat "$TMP/err")"
  chmod 700 "$TMP/ro"
fi
[ -z "$(find "$TMP" -name '*.tmp')" ] || fail "temp files left: $(find "$TMP" -name '*.tmp')"

if [ "$failures" -ne 0 ]; then
  echo "special_files_test: $failures failure(s)"
  exit 1
fi
echo "special_files_test: all passed"

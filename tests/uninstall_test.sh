#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `make uninstall` (tools/uninstall.sh) on an install tree laid out as ours: every listed file goes,
# and so do our folders left empty (share/dominoes-studio/..., include/dominoes/...,
# lib/cmake/Dominoes); folders shared with other software stay, and so does a file we did not
# install.
set -euo pipefail
ROOT=$1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "uninstall_test: $*" >&2; exit 1; }
P="$WORK/prefix with space/usr"
files=(bin/dominoes bin/dominoes-studio share/dominoes-studio/lessons/01.dgn share/dominoes-studio/fonts/a.ttf
  share/man/man1/dominoes.1.gz include/dominoes/core/match.h lib/cmake/Dominoes/DominoesConfig.cmake
  lib/python3/dist-packages/dominoes.so share/doc/dominoes-studio/README.md)
for f in "${files[@]}"; do mkdir -p "$(dirname "$P/$f")"; echo x > "$P/$f"; echo "$P/$f"; done > "$WORK/manifest"
echo keep > "$P/share/dominoes-studio/user-added.txt"
bash "$ROOT/tools/uninstall.sh" "$WORK/manifest" > "$WORK/out"
for f in "${files[@]}"; do [ ! -e "$P/$f" ] || fail "$f was not removed"; done
for d in include/dominoes lib/cmake/Dominoes share/doc/dominoes-studio share/dominoes-studio/lessons; do
  [ ! -d "$P/$d" ] || fail "the empty folder $d stayed"
done
[ -f "$P/share/dominoes-studio/user-added.txt" ] || fail "a file we did not install was removed"
for d in bin share/man/man1 include lib/python3/dist-packages; do [ -d "$P/$d" ] || fail "the shared folder $d was removed"; done
# No manifest: a clear error, not a silent success.
if bash "$ROOT/tools/uninstall.sh" "$WORK/none" 2> "$WORK/err"; then fail "a missing manifest passed"; fi
grep -q "no $WORK/none" "$WORK/err" || fail "the error does not name the manifest: $(cat "$WORK/err")"
echo "uninstall_test: ok"

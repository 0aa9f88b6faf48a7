#!/bin/sh
# SPDX-License-Identifier: MIT
# Issue 43 #15: a reason logged to standard error in Hindi is plain Devanagari, not the private-use
# glyph codes the studio draws with. A pass while A can play is refused with the rules' reason in
# Hindi (the script's line fails: exit 3), and standard error must carry it as text.
# usage: hindi_stderr_test.sh XVFB_SH STUDIO OUT_DIR
set -u
xvfb=$1
studio=$2
cd "$3" || exit 2
printf 'new 11 en-linea\nseat B human\nlang hi\nwait 2\nplay pass\nwait 2\n' > hindi_stderr.script
sh "$xvfb" env LIBGL_ALWAYS_SOFTWARE=1 "$studio" --no-ini --frames 30 --script hindi_stderr.script 2> hindi_stderr.txt
rc=$?
[ $rc = 3 ] || { echo "expected exit 3 (the refused pass), got $rc" >&2; exit 1; }
grep -q 'खेल सकता' hindi_stderr.txt || { echo "no Devanagari reason on stderr:" >&2; cat hindi_stderr.txt >&2; exit 1; }
# U+E000-U+F8FF in UTF-8 begins with the byte EE or EF (a BOM or U+FFFD, also EF, is not expected here).
if LC_ALL=C grep -n "$(printf '\356')\|$(printf '\357')" hindi_stderr.txt >&2; then
  echo "private-use glyph codes on stderr (above)" >&2
  exit 1
fi
echo "hindi_stderr: the reason is plain text"

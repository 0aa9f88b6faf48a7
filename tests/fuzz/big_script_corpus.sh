#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Writes large seeds (up to 1 MB) for the script reader's fuzz target into OUTDIR: long scripts of
# every action, long words, long check values, many comments and blank lines, odd bytes.
# Usage: tests/fuzz/big_script_corpus.sh OUTDIR
set -eu
out=${1:?usage: big_script_corpus.sh OUTDIR}
mkdir -p "$out"
every='open log\nclose table\nedit on\nload game.dgn\nload-bad bad.dgn\nstep first\nundo\nredo\njump 3\nselect 6-4\nmonkey 10 3\nclick 10.5 -2\nresize 800x600\nclick-ghost 0\nthrow-in-frame\nscenarios-dir s\nopen-scenario 1\ndialog save\nexport-table t.png\nselect-playable\nplay 6-4 R left\ndeal\nkey left\nctrl z\nvisibility b\nteaching on\nanimate off\nautoplay on\nspeed 2.5\ndelay 0\nseat B greedy\nnew 5 dominoes2 hand=5\neditor move 6-6 stock\nsave s.dgn\nwait 2\nscreenshot s.png\ndump s.json\ncheck /round 1\ncheck /moves >4\ncheck /title "a b"\ncheck-contains /status saved\nhint\nwait-analysis\nwait-computer\nanalysis all\nanalysis-row 0\nanalysis-play 1\nopen analysis\nopen tracker\nseat B expert:ms=50\nanalyse-record\nwait-record-analysis\nnext-mistake\nprev-mistake\nmistake-side B\nanalysis-notes\nquit\n'
{ for i in $(seq 1 2000); do printf "$every"; done; } | head -c 1000000 >"$out/big_every.script"
{ printf 'check /title '; head -c 1000000 /dev/zero | tr '\0' 'a'; echo; } >"$out/big_word.script"
{ printf 'check /x '; head -c 200000 /dev/zero | tr '\0' '['; head -c 200000 /dev/zero | tr '\0' ']'; echo; } >"$out/big_nesting.script"
{ for i in $(seq 1 60000); do printf '# a comment\n\n'; done; } >"$out/big_comments.script"
{ printf 'load '; head -c 1000000 /dev/zero | tr '\0' ' '; printf 'x\n'; } >"$out/big_spaces.script"
{ for i in $(seq 1 50000); do printf 'wait 1\r\n\t \xff\xfe\n'; done; } >"$out/big_odd.script"

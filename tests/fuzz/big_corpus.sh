#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Writes large fuzz seeds (up to 1 MB) into OUTDIR: long statements and long records that the 4 KB
# cap kept the fuzzer from ever trying (issue 9: the quadratic `expect legal` hid there).
# Usage: tests/fuzz/big_corpus.sh OUTDIR
set -eu
out=${1:?usage: big_corpus.sh OUTDIR}
mkdir -p "$out"
head='dgn 1\nrules en-linea\nround 1\nseed 7\n'
{ printf "$head"; printf 'expect legal '; for i in $(seq 1 50000); do printf '6-6 L,draw,'; done; printf 'pass\n'; } >"$out/big_legal.dgn"
{ printf "$head"; printf 'expect legal '; head -c 1000000 /dev/zero | tr '\0' ','; echo; } >"$out/big_commas.dgn"
{ printf "$head"; for i in $(seq 1 100000); do printf 'note "x"\n'; done; } >"$out/big_notes.dgn"
{ printf "$head"; printf 'note "'; head -c 1000000 /dev/zero | tr '\0' 'a'; printf '"\n'; } >"$out/big_note.dgn"
{ printf "$head"; printf 'A: '; head -c 1000000 /dev/zero | tr '\0' '6'; echo; } >"$out/big_word.dgn"
{ printf "$head"; for i in $(seq 1 60000); do printf '# a comment line\n'; done; } >"$out/big_comments.dgn"

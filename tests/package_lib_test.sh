#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The library's packages (docs/library.md, docs/python.md), from package_test.sh's CPack output:
# dominoes-dev, libdominoes0 and python3-dominoes unpacked into a scratch root; every public header
# compiled alone as <dominoes/...>; the example built against it three ways (pkg-config, CMake,
# -ldominoes shared) and run; the Python module imported from it and a round played.
# usage: package_lib_test.sh CPACK_OUTPUT_DIR SOURCE_DIR
set -eu
out=$1 src=$2
work=$(mktemp -d /tmp/dominoes-lib.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

dev=$(ls "$out"/dominoes-dev_*.deb 2>/dev/null | head -1)
so=$(ls "$out"/libdominoes0_*.deb 2>/dev/null | head -1)
[ -f "$dev" ] || fail "no dominoes-dev package was written"
[ -f "$so" ] || fail "no libdominoes0 package was written"
dpkg-deb -f "$dev" Section | grep -qx libdevel || fail "dominoes-dev: section is not libdevel"
dpkg-deb -f "$dev" Depends | grep -q 'libdominoes0 (= ' || fail "dominoes-dev does not depend on libdominoes0"
dpkg-deb -c "$dev" > "$work/contents"
dpkg-deb -c "$so" >> "$work/contents"
lib=usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)
for f in usr/include/dominoes/core/match.h usr/include/dominoes/ai/players.h usr/include/dominoes/ai/game.h \
         $lib/libdominoes_core.a $lib/libdominoes_ai.a $lib/libdominoes.so $lib/libdominoes.so.0 \
         $lib/cmake/Dominoes/DominoesConfig.cmake $lib/cmake/Dominoes/DominoesConfigVersion.cmake \
         $lib/pkgconfig/dominoes.pc usr/share/doc/dominoes-dev/examples/play_round.cpp; do
  grep -qE " ./$f( -> .*)?\$" "$work/contents" || fail "dominoes-dev or libdominoes0 lacks /$f"
done
# Internal headers stay internal.
for h in ai/search_table.h ai/fast.h ai/batch.h core/dgn_lex.h core/summary.h; do
  if grep -q " ./usr/include/dominoes/$h\$" "$work/contents"; then fail "the internal header $h is installed"; fi
done
root="$work/root"
dpkg-deb -x "$dev" "$root"
dpkg-deb -x "$so" "$root"
objdump -p "$root/$lib/libdominoes.so.0" | grep -q 'SONAME *libdominoes.so.0$' || fail "libdominoes.so.0's SONAME"
# The .pc file: a normalised prefix and the C++ standard in Cflags.
pc="$root/$lib/pkgconfig/dominoes.pc"
grep -qx 'prefix=/usr' "$pc" || fail "dominoes.pc's prefix: $(grep '^prefix=' "$pc")"
grep -q '^Cflags: -std=c++20 -I${includedir}$' "$pc" || fail "dominoes.pc's Cflags: $(grep '^Cflags' "$pc")"
# The headers stand alone: every installed header compiles by itself as <dominoes/AREA/NAME.h> with
# only -I PREFIX/include.
for h in "$root"/usr/include/dominoes/*/*.h; do
  echo "#include <${h#"$root"/usr/include/}>" > "$work/one.cpp"
  g++ -std=c++20 -fsyntax-only -I"$root/usr/include" "$work/one.cpp" || fail "$h does not compile alone"
done
cp -r "$root/usr/share/doc/dominoes-dev/examples" "$work/ex"
cd "$work/ex"  # nothing of the source or build tree is used from here on
# 1. pkg-config (the scratch root as its sysroot: the .pc names /usr).
PKG_CONFIG_PATH="$root/$lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root" make -s >"$work/make.log" 2>&1 ||
  { cat "$work/make.log"; fail "the example with pkg-config"; }
./play_round "dominoes2" 3 expert:ms=5 greedy | grep -qE '^# (A wins|B wins|tie)' || fail "the example (pkg-config) ran wrong"
# 2. CMake's find_package(Dominoes).
cmake -S . -B build -DCMAKE_PREFIX_PATH="$root/usr" >"$work/cmake.log" 2>&1 && cmake --build build >>"$work/cmake.log" 2>&1 \
  || { cat "$work/cmake.log"; fail "the example with find_package(Dominoes)"; }
build/play_round en-linea 5 | grep -qE '^# (A wins|B wins|tie)' || fail "the example (CMake) ran wrong"
# 3. The shared library: -ldominoes, run against libdominoes.so.0.
g++ -std=c++20 -O2 -I"$root/usr/include" -o play_round_shared play_round.cpp -L"$root/$lib" -ldominoes -pthread \
  || fail "the example with -ldominoes"
objdump -p play_round_shared | grep -q 'NEEDED *libdominoes.so.0$' || fail "the shared example does not need libdominoes.so.0"
LD_LIBRARY_PATH="$root/$lib" ./play_round_shared en-linea 9 | grep -qE '^# (A wins|B wins|tie)' || fail "the example (-ldominoes) ran wrong"
echo "sizes: static example $(stat -c %s play_round) B, shared example $(stat -c %s play_round_shared) B," \
     "libdominoes_core.a $(stat -c %s "$root/$lib/libdominoes_core.a") B, libdominoes_ai.a $(stat -c %s "$root/$lib/libdominoes_ai.a") B," \
     "libdominoes.so.0 $(stat -L -c %s "$root/$lib/libdominoes.so.0") B"
echo "ok: the example builds against dominoes-dev with pkg-config, with CMake and with -ldominoes"

py=$(ls "$out"/python3-dominoes_*.deb 2>/dev/null | head -1)
[ -f "$py" ] || fail "no python3-dominoes package was written"
dpkg-deb -x "$py" "$work/pyroot"
ls "$work"/pyroot/usr/lib/python3/dist-packages/dominoes/_dominoes.*.so >/dev/null || fail "python3-dominoes lacks the module"
PYTHONPATH="$work/pyroot/usr/lib/python3/dist-packages" /usr/bin/python3 -c '
import dominoes
m = dominoes.Match("en-linea")
m.start_round(seed=7)
expert, greedy = dominoes.make_player("expert"), dominoes.make_player("greedy")
while m.in_round: (expert if m.to_move == dominoes.A else greedy).play(m)
assert dominoes.read_dgn(m.dgn()).scores == m.scores
import numpy as np
b = dominoes.Batch("en-linea", 64)
for _ in range(200): b.step(np.zeros(64, np.int32))
assert b.rounds > 64 and sum(b.wins) == b.rounds
assert dominoes.__file__.startswith("'"$work"'/pyroot/"), dominoes.__file__
' || fail "importing dominoes from python3-dominoes"
echo "ok: python3-dominoes imports, plays a round and steps a Batch"

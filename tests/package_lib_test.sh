#!/usr/bin/env bash
# The library's packages (docs/library.md, docs/python.md), from package_test.sh's CPack output:
# dominoes-dev and python3-dominoes unpacked into a scratch root; the example built against it both
# ways (pkg-config and CMake) and run; the Python module imported from it and a round played.
# usage: package_lib_test.sh CPACK_OUTPUT_DIR SOURCE_DIR
set -eu
out=$1 src=$2
work=$(mktemp -d /tmp/dominoes-lib.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

dev=$(ls "$out"/dominoes-dev_*.deb 2>/dev/null | head -1)
[ -f "$dev" ] || fail "no dominoes-dev package was written"
dpkg-deb -f "$dev" Section | grep -qx libdevel || fail "dominoes-dev: section is not libdevel"
dpkg-deb -c "$dev" > "$work/contents"
lib=usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)
for f in usr/include/dominoes/core/match.h usr/include/dominoes/ai/players.h $lib/libdominoes_core.a \
         $lib/libdominoes_ai.a $lib/cmake/Dominoes/DominoesConfig.cmake \
         $lib/cmake/Dominoes/DominoesConfigVersion.cmake $lib/pkgconfig/dominoes.pc \
         usr/share/doc/dominoes-dev/examples/play_round.cpp; do
  grep -q " ./$f\$" "$work/contents" || fail "dominoes-dev lacks /$f"
done
root="$work/root"
dpkg-deb -x "$dev" "$root"
# The headers stand alone: every installed header compiles by itself from the installed tree.
for h in "$root"/usr/include/dominoes/*/*.h; do
  echo "#include \"${h#"$root"/usr/include/dominoes/}\"" > "$work/one.cpp"
  g++ -std=c++20 -fsyntax-only -I"$root/usr/include/dominoes" "$work/one.cpp" || fail "$h does not compile alone"
done
cp -r "$root/usr/share/doc/dominoes-dev/examples" "$work/ex"
cd "$work/ex"  # nothing of the source or build tree is used from here on
PKG_CONFIG_PATH="$root/$lib/pkgconfig" make -s >"$work/make.log" 2>&1 || { cat "$work/make.log"; fail "the example with pkg-config"; }
./play_round "dominoes2" 3 expert:ms=5 greedy | grep -qE '^# (A wins|B wins|tie)' || fail "the example (pkg-config) ran wrong"
cmake -S . -B build -DCMAKE_PREFIX_PATH="$root/usr" >"$work/cmake.log" 2>&1 && cmake --build build >>"$work/cmake.log" 2>&1 \
  || { cat "$work/cmake.log"; fail "the example with find_package(Dominoes)"; }
build/play_round en-linea 5 | grep -qE '^# (A wins|B wins|tie)' || fail "the example (CMake) ran wrong"
echo "ok: the example builds against dominoes-dev with pkg-config and with CMake"

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

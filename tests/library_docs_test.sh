#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# docs/library.md's examples against the library as a user gets it (CTest's library_docs): the build's
# `dev` and `lib` components installed into a scratch prefix (cmake --install), then
#   - every ```cpp block of the page, extracted by tests/library_docs.py (a block without `int main`
#     is wrapped into one, the same way for all: see that script), compiled with the installed
#     dominoes.pc's flags (-Wall -Wextra -Werror) and run in a folder holding a record as match.dgn;
#   - the page's ```cmake block as a consumer project's CMakeLists.txt (find_package(Dominoes) from the
#     prefix), its mine.cpp the page's first C++ block, built and run.
# Every block is tried; the test fails naming each block (DOC:LINE) that does not compile or run.
# usage: library_docs_test.sh BUILD_DIR SOURCE_DIR [DOC]   (DOC: docs/library.md by default)
set -u
BUILD=$(cd "$1" && pwd)
SRC=$(cd "$2" && pwd)
DOC=${3:-$SRC/docs/library.md}
WORK=$(mktemp -d /tmp/dominoes-libdocs.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "library_docs: $*" >&2; exit 1; }

prefix="$WORK/prefix"
for component in dev lib; do
  cmake --install "$BUILD" --prefix "$prefix" --component $component > "$WORK/install.log" 2>&1 ||
    { cat "$WORK/install.log"; fail "cmake --install --component $component"; }
done
pc=$(find "$prefix" -path '*/pkgconfig/dominoes.pc' | head -1)
[ -n "$pc" ] || fail "the install has no dominoes.pc"
pcdir=$(dirname "$pc")
export PKG_CONFIG_PATH="$pcdir"
grep -qx "prefix=$prefix" "$pcdir/dominoes.pc" || fail "dominoes.pc's prefix is not $prefix: $(grep '^prefix=' "$pcdir/dominoes.pc")"
cflags=$(pkg-config --cflags dominoes) || fail "pkg-config --cflags dominoes"
libs=$(pkg-config --libs dominoes) || fail "pkg-config --libs dominoes"

mkdir -p "$WORK/src" "$WORK/run"
python3 "$SRC/tests/library_docs.py" "$DOC" "$prefix/include" "$WORK/src" > "$WORK/blocks" || fail "extracting the blocks of $DOC"
cp "$SRC/tests/playthroughs/en-linea_greedy_strategist_7.dgn" "$WORK/run/match.dgn" || fail "no record for match.dgn"
failed=0 count=0
while read -r file kind; do
  line=${file##*block_} line=${line%.cpp}
  count=$((count + 1))
  # shellcheck disable=SC2086 # the flags are words
  if ! g++ $cflags -Wall -Wextra -Werror -O1 -o "${file%.cpp}" "$file" $libs > "$WORK/cc.log" 2>&1; then
    cat "$WORK/cc.log"
    echo "FAIL: $DOC:$line: the $kind does not compile"
    failed=$((failed + 1))
    continue
  fi
  if ! (cd "$WORK/run" && "${file%.cpp}" > "$WORK/run.log" 2>&1); then
    cat "$WORK/run.log"
    echo "FAIL: $DOC:$line: the $kind compiles but its run fails"
    failed=$((failed + 1))
    continue
  fi
  echo "ok: $DOC:$line ($kind): $(head -c 200 "$WORK/run.log" | head -1)"
done < "$WORK/blocks"

# The page's CMake project, with its first C++ block as mine.cpp.
mkdir -p "$WORK/cmake"
awk '/^```cmake$/ { on = 1; next } on && /^```$/ { exit } on' "$DOC" > "$WORK/cmake/CMakeLists.txt"
[ -s "$WORK/cmake/CMakeLists.txt" ] || fail "$DOC has no \`\`\`cmake block"
cp "$(head -1 "$WORK/blocks" | cut -d' ' -f1)" "$WORK/cmake/mine.cpp"
if cmake -S "$WORK/cmake" -B "$WORK/cmake/build" -DCMAKE_PREFIX_PATH="$prefix" > "$WORK/cmake.log" 2>&1 &&
   cmake --build "$WORK/cmake/build" >> "$WORK/cmake.log" 2>&1 && (cd "$WORK/run" && "$WORK/cmake/build/mine" > /dev/null); then
  echo "ok: $DOC's cmake block builds mine.cpp with find_package(Dominoes)"
else
  cat "$WORK/cmake.log"
  echo "FAIL: $DOC's cmake block with find_package(Dominoes) from $prefix"
  failed=$((failed + 1))
fi
[ "$count" -gt 0 ] || fail "no C++ block was found in $DOC"
[ "$failed" -eq 0 ] || fail "$failed of $((count + 1)) examples failed"
echo "library_docs: ok, $count C++ blocks and the CMake project"

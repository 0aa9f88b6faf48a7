#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The licence (issue 45): MIT for the whole project. LICENSE at the top, SPDX MIT in the AppStream
# metainfo, DEP-5 Expat for every file in debian/copyright, no stanza naming a path that does not
# exist, and the notices of what the binaries hold from other projects (Dear ImGui linked statically,
# header-only libraries compiled in); what is linked as a shared library is a dependency only.
# usage: licence_test.sh SOURCE_DIR
set -eu
src=$1
fail() { echo "FAIL: $*"; exit 1; }
cd "$src"
[ -f LICENSE ] || fail "no LICENSE at the top"
head -1 LICENSE | grep -qx 'MIT License' || fail "LICENSE is not the MIT licence"
grep -qx 'Copyright (c) 2026 The Dominoes Studio authors' LICENSE || fail "LICENSE's copyright line"
grep -q '<project_license>MIT</project_license>' data/dominoes-studio.metainfo.xml || fail "metainfo's project_license is not MIT"
c=debian/copyright
grep -qi 'not be redistributed\|all rights are reserved\|License: other' "$c" && fail "$c still forbids redistribution"
# The first Files stanza covers the whole source under Expat.
awk '/^Files:/{f=$0} /^License:/{if (f) {print f " -> " $0; f=""}}' "$c" > /tmp/licence_test.$$
trap 'rm -f /tmp/licence_test.$$' EXIT
head -1 /tmp/licence_test.$$ | grep -qx 'Files: \* -> License: Expat' || fail "$c: Files: * is not under Expat"
# DEP-5 fields start a line: a "License:" or "Files:" inside a Comment's text would be read as one.
grep -nE '^ +(License|Files|Copyright):' "$c" && fail "$c: a field inside a paragraph's text"
# Every Files pattern names something in this source.
for pattern in $(sed -n 's/^Files: //p' "$c"); do
  [ "$pattern" = '*' ] && continue
  compgen -G "$pattern" >/dev/null || fail "$c names $pattern, which does not exist"
done
# What is linked statically or compiled in carries its notice; stb is the shared libstb.so.0.
for notice in 'Omar Cornut' 'libimgui.a' 'Sean Barrett' 'Niels Lohmann' "Melissa O'Neill" 'Henry' 'libstb.so.0'; do
  grep -qF "$notice" "$c" || fail "$c lacks '$notice'"
done
tr '\n' ' ' < "$c" | grep -qi 'stb_image_write[^.;]*compiled' && fail "$c says stb is compiled in"
grep -qi 'shared librar[a-z]* of Debian packages (.*Dear ImGui' "$c" && fail "$c says ImGui is a shared library"
# Every source file of ours names its licence in its first lines (an SPDX line after any #! line).
missing=$(git ls-files 2>/dev/null | grep -E '\.(cpp|h|js|glsl|py|sh|cmake)$|(^|/)CMakeLists\.txt$|(^|/)Makefile$' |
  grep -v node_modules | while read -r f; do head -3 "$f" | grep -q 'SPDX-License-Identifier: MIT' || echo "$f"; done)
[ -z "$missing" ] || fail "no SPDX line in: $(echo $missing | head -c 400)"
echo "ok: MIT licence, $c true to the binaries, an SPDX line in every source file"

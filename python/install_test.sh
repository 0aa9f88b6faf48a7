#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `make install` puts the package where the prefix's Python looks (python/install.cmake): the user's
# site for ~/.local (imported with no PYTHONPATH, its dist-info read by importlib.metadata),
# lib/python3.X/dist-packages for /usr/local (Debian's posix_local scheme), lib/python3/dist-packages for /usr.
# usage: python/install_test.sh BUILD_DIR [PYTHON]   (CTest's python_install)
set -euo pipefail
BUILD=$(cd "$1" && pwd)
PY=${2:-/usr/bin/python3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "install_test: $*" >&2; exit 1; }
export HOME="$WORK/home"
mkdir -p "$HOME"
cmake --install "$BUILD" --prefix "$HOME/.local" --component python > "$WORK/log" || { cat "$WORK/log"; fail "install to ~/.local"; }
# RECORD: every installed file with its sha256 and size (python/record.py), and a changed file is caught.
record="$(dirname "$0")/record.py"
site=$("$PY" -c 'import site; print(site.getusersitepackages())')
dist=$(cd "$site" && ls -d dominoes-*.dist-info) || fail "no dist-info in $site"
"$PY" "$record" check-dir "$site" "$dist" || fail "the installed RECORD does not match the files"
grep -qx "$site/$dist/RECORD" "$BUILD/install_manifest_python.txt" || fail "RECORD is not in the install manifest"
cp -r "$site" "$WORK/changed"
echo "# changed" >> "$WORK/changed/dominoes/env.py"
if "$PY" "$record" check-dir "$WORK/changed" "$dist" 2> /dev/null; then fail "a changed file passed the RECORD check"; fi
cd "$WORK"
unset PYTHONPATH
PYTHONDONTWRITEBYTECODE=1 "$PY" - <<'PY' || fail "dominoes is not imported from ~/.local"
import importlib.metadata, os, site, dominoes
assert dominoes.__file__.startswith(site.getusersitepackages()), dominoes.__file__
assert importlib.metadata.version("dominoes") == dominoes.__version__
m = dominoes.Match("en-linea"); m.start_round(7); assert m.legal_count() == 1
PY
for prefix in /usr/local /usr; do
  DESTDIR="$WORK/stage" cmake --install "$BUILD" --prefix "$prefix" --component python > "$WORK/log"
  want=$("$PY" -c "import sys, sysconfig; print(sysconfig.get_path('platlib', 'posix_local' if sys.argv[1] == '/usr/local' else 'deb_system'))" "$prefix")
  ls "$WORK/stage$want"/dominoes/_dominoes.*.so > /dev/null || fail "no module in $want for --prefix $prefix: $(grep _dominoes "$WORK/log")"
  ls "$WORK/stage$want"/dominoes-*.dist-info/METADATA > /dev/null || fail "no dist-info in $want"
  "$PY" "$record" check-dir "$WORK/stage$want" "$dist" || fail "the RECORD in $want does not match the files"
done
echo "install_test: ok"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `pip install .` as a user would (docs/python.md, Installing): a wheel built from the source tree
# with Debian's setuptools and no download (--no-build-isolation, --no-index), installed into a venv
# outside the tree, and python/tests run against it from a folder that holds nothing of the tree.
# usage: python/wheel_test.sh SOURCE_ROOT [PYTHON]   (CTest's python_wheel, label slow)
set -euo pipefail
ROOT=$(cd "$1" && pwd)
PY=${2:-/usr/bin/python3}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "wheel_test: $*" >&2; exit 1; }
"$PY" -m venv --system-site-packages "$WORK/venv"
VPY="$WORK/venv/bin/python"
DOMINOES_WHEEL_BUILD="$WORK/cmake" "$VPY" -m pip wheel --no-build-isolation --no-deps --no-index -q \
  -w "$WORK/dist" "$ROOT" > "$WORK/build.log" 2>&1 || { tail -40 "$WORK/build.log"; fail "pip wheel failed"; }
wheel=$(ls "$WORK"/dist/dominoes-*.whl) || fail "no wheel was written"
echo "wheel: $(basename "$wheel"), $(stat -c %s "$wheel") bytes"
# The listing is read from a file: `unzip -l | grep -q` under pipefail fails when grep stops early
# and unzip dies of SIGPIPE (CI saw "the wheel lacks the stubs" on a wheel that held them).
unzip -l "$wheel" > "$WORK/listing"
grep -q "dominoes/_dominoes.pyi" "$WORK/listing" || fail "the wheel lacks the stubs"
grep -q "dominoes/py.typed" "$WORK/listing" || fail "the wheel lacks py.typed"
# RECORD (PEP 376, PEP 427): every member listed with its sha256 and size, recomputed here from the
# zip (python/record.py); a copy whose RECORD gives one file a wrong hash must fail the same check.
"$PY" "$ROOT/python/record.py" check-wheel "$wheel" || fail "the wheel's RECORD does not match its files"
"$PY" - "$wheel" "$WORK/tampered.whl" <<'PY' || fail "could not write a tampered copy of the wheel"
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as src, zipfile.ZipFile(sys.argv[2], "w", zipfile.ZIP_DEFLATED) as dst:
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".dist-info/RECORD"):
            path, digest, size = data.decode().splitlines()[0].split(",")
            data = data.replace(digest.encode(), b"sha256=" + b"A" * 43, 1)
        dst.writestr(info, data)
PY
if "$PY" "$ROOT/python/record.py" check-wheel "$WORK/tampered.whl" 2> "$WORK/tampered.log"; then
  fail "a RECORD with a wrong hash passed the check"
fi
grep -q "RECORD says sha256=AAAA" "$WORK/tampered.log" || fail "the wrong hash was not named: $(cat "$WORK/tampered.log")"
"$VPY" -m pip install --no-deps --no-index -q "$wheel" || fail "pip install of the wheel failed"
cp -r "$ROOT/python/tests" "$WORK/tests"
cd "$WORK"
unset PYTHONPATH
"$VPY" - "$WORK/venv" <<'PY' || fail "the installed package is not the wheel's"
import importlib.metadata, sys, dominoes
assert dominoes.__file__.startswith(sys.argv[1]), dominoes.__file__
assert importlib.metadata.version("dominoes") == dominoes.__version__, dominoes.__version__
PY
# The engine tests start the tree's example and hostile engines (the package itself is the wheel's).
DOMINOES_SOURCE_DIR="$ROOT" PYTHONDONTWRITEBYTECODE=1 "$VPY" -m pytest -q -p no:cacheprovider "$WORK/tests" ||
  fail "pytest against the wheel"
echo "wheel_test: ok"

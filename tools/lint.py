#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""make lint: clang-tidy over the given sources, with a cache of the files that passed.

clang-tidy takes ~6 minutes over src/ on two cores, and CI runs it on a clean clone every time. A
file that passed is remembered under a key that covers everything its result depends on: the
clang-tidy version, .clang-tidy, the file's compile command and its preprocessed text with comments
(so every header it includes, and every NOLINT). The clone's own paths are taken out of the key, so a
clean clone in another folder finds what the last one checked. A file that fails is never cached.

Usage: tools/lint.py BUILD_DIR JOBS FILE...
The cache lives in $DOMINOES_TIDY_CACHE, else $XDG_CACHE_HOME/dominoes/clang-tidy (~/.cache/...);
DOMINOES_TIDY_CACHE=off checks every file.
"""

import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

TIDY = os.environ.get("CLANG_TIDY", "clang-tidy")
EXTRA = "-extra-arg=-Wno-unknown-warning-option"
NOISE = re.compile(r"^(\d+ warnings? generated\.|Suppressed \d+ warnings .*|Use -header-filter=.*)$")


def cache_dir():
    env = os.environ.get("DOMINOES_TIDY_CACHE")
    if env:
        return None if env == "off" else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "dominoes" / "clang-tidy"


def preprocess(entry):
    """The file's preprocessed text with comments, from its own compile command."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a != "-c":
            out.append(a)
    run = subprocess.run(out + ["-E", "-C"], cwd=entry["directory"], capture_output=True)
    if run.returncode != 0:
        return None, out
    return run.stdout, out


def key_of(entry, common, root, build):
    text, args = preprocess(entry)
    if text is None:
        return None
    h = hashlib.sha256(common)
    for part in [" ".join(args).encode(), text]:
        h.update(part.replace(build, b"@BUILD").replace(root, b"@ROOT"))
        h.update(b"\0")
    return h.hexdigest()


def check(path, entry, common, root, build, cache, build_dir):
    key = key_of(entry, common, root, build) if cache and entry else None
    if key and (cache / key).exists():
        return path, True, 0, ""
    run = subprocess.run([TIDY, "-p", build_dir, "-quiet", EXTRA, path], capture_output=True, text=True)
    # clang-tidy counts the warnings it hid in the system headers on every file; only real ones remain.
    output = "".join(
        line for line in (run.stdout + run.stderr).splitlines(keepends=True) if not NOISE.match(line)
    )
    if run.returncode == 0 and key:
        cache.mkdir(parents=True, exist_ok=True)
        tmp = cache / (key + ".tmp")
        tmp.write_text(path + "\n")
        tmp.rename(cache / key)
    return path, False, run.returncode, output


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    build_dir, jobs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    root = str(Path.cwd().resolve()).encode()
    build = str(Path(build_dir).resolve()).encode()
    try:
        db = json.loads((Path(build_dir) / "compile_commands.json").read_text())
    except (OSError, ValueError) as e:
        print(f"lint: {build_dir}/compile_commands.json: {e}", file=sys.stderr)
        return 2
    entries = {str(Path(e["directory"], e["file"]).resolve()): e for e in db}
    version = subprocess.run([TIDY, "--version"], capture_output=True).stdout
    common = version + Path(".clang-tidy").read_bytes() + EXTRA.encode()
    cache = cache_dir()
    failed, cached = [], 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        jobs_ = [
            pool.submit(check, f, entries.get(str(Path(f).resolve())), common, root, build, cache, build_dir)
            for f in files
        ]
        for job in jobs_:
            path, hit, rc, output = job.result()
            cached += hit
            if output.strip():
                sys.stdout.write(output)
            if rc != 0:
                failed.append(path)
    where = f"cache {cache}" if cache else "no cache"
    print(f"lint: {len(files)} files, {cached} passed before ({where}), {len(files) - cached} checked now")
    if failed:
        print("lint: clang-tidy failed on " + " ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A dist-info's RECORD, as the wheel and installed-project specs have it (PEP 376, PEP 427).

Each line is `path,sha256=DIGEST,SIZE`: DIGEST the file's SHA-256 in URL-safe base64 without its
`=` padding, SIZE its length in bytes; the RECORD's own line is `path,,`. Paths are relative to the
folder the package lies in (site-packages, or the wheel's root), with `/`.

usage:
  record.py write SITE DIST_INFO FILE...   write SITE/DIST_INFO/RECORD for FILEs (paths below SITE)
                                           and the RECORD itself (make install: python/install.cmake)
  record.py check-dir SITE DIST_INFO       check SITE/DIST_INFO/RECORD against the files
  record.py check-wheel WHEEL              check a wheel's RECORD against its members
A check prints each mismatch (the path and what differs) and exits 1 on any; the wheel's check
also wants every member listed.
"""
import base64
import csv
import hashlib
import io
import os
import sys
import zipfile


def entry(path, data):
    """The RECORD line's fields for a file at `path` holding `data`."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return [path, f"sha256={digest}", str(len(data))]


def record_text(rows):
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def check(record, read, record_path, members=None):
    """Mismatches of a RECORD's text against read(path) (bytes, or None when absent)."""
    problems, listed = [], set()
    for number, row in enumerate(csv.reader(io.StringIO(record)), 1):
        if not row:
            continue
        if len(row) != 3:
            problems.append(f"{record_path}:{number}: a line has 3 fields, not {len(row)}: {row}")
            continue
        path, hashed, size = row
        listed.add(path)
        if path == record_path:
            if hashed or size:
                problems.append(f"{record_path}:{number}: the RECORD's own line is '{path},,'")
            continue
        data = read(path)
        if data is None:
            problems.append(f"{record_path}:{number}: {path} is listed but absent")
        elif [hashed, size] != entry(path, data)[1:]:
            want = ",".join(entry(path, data)[1:])
            problems.append(f"{record_path}:{number}: {path}: RECORD says {hashed},{size}, the file is {want}")
    if record_path not in listed:
        problems.append(f"{record_path}: the RECORD does not list itself")
    for path in sorted(set(members or ()) - listed):
        problems.append(f"{record_path}: {path} is not listed")
    return problems


def check_wheel(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = [n for n in z.namelist() if not n.endswith("/")]
        records = [n for n in names if n.count("/") == 1 and n.endswith(".dist-info/RECORD")]
        if len(records) != 1:
            return [f"{wheel}: {len(records)} .dist-info/RECORD files, not one"]

        def read(path):
            return z.read(path) if path in names else None

        return check(z.read(records[0]).decode("utf-8"), read, records[0], names)


def check_dir(site, dist_info):
    def read(path):
        full = os.path.join(site, *path.split("/"))
        if not os.path.isfile(full):
            return None
        with open(full, "rb") as f:
            return f.read()

    record_path = f"{dist_info}/RECORD"
    with open(os.path.join(site, dist_info, "RECORD"), encoding="utf-8") as f:
        return check(f.read(), read, record_path)


def write(site, dist_info, files):
    rows = []
    for path in files:
        with open(os.path.join(site, *path.split("/")), "rb") as f:
            rows.append(entry(path, f.read()))
    rows.append([f"{dist_info}/RECORD", "", ""])
    target = os.path.join(site, dist_info, "RECORD")
    with open(target + ".tmp", "w", encoding="utf-8") as f:
        f.write(record_text(rows))
    os.replace(target + ".tmp", target)


def main(argv):
    if len(argv) >= 4 and argv[1] == "write":
        write(argv[2], argv[3], argv[4:])
        return 0
    if len(argv) == 4 and argv[1] == "check-dir":
        problems = check_dir(argv[2], argv[3])
    elif len(argv) == 3 and argv[1] == "check-wheel":
        problems = check_wheel(argv[2])
    else:
        print(__doc__.split("usage:")[1].split("A check")[0], file=sys.stderr)
        return 2
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

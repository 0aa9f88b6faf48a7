#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The JSON checks of cli_test.sh, run in one python3 at its end.

cli_test.sh queues each check as a folder under CHECKS: `kind` (a function below), `label` (what a
failure names) and the items 00, 01, ... (the texts the function receives: command outputs and
arguments). Prints "FAIL: label: problem" for each check that fails and exits with their count.
"""
import json
import os
import re
import sys

TILE = re.compile(r"^[0-6]-[0-6]$")


def isint(x):
    return isinstance(x, int) and not isinstance(x, bool)


def shape(text):
    """replay --json: the keys in order, and each value's type and range."""
    try:
        d = json.loads(text, object_pairs_hook=lambda kv: kv)
    except Exception as e:
        return "not JSON: %s" % e
    bad = []
    keys = [k for k, _ in d]
    want = ["rules", "round", "turn", "line", "ends", "hands", "stock", "scores", "result", "match", "legal"]
    if keys != want:
        bad.append("keys %s" % keys)
    d = dict(d)
    if not isinstance(d.get("rules"), str):
        bad.append("rules not a string")
    if not isint(d.get("round")) or d["round"] < 1:
        bad.append("round")
    if d.get("turn") not in ("A", "B", None):
        bad.append("turn")
    if not isinstance(d.get("line"), list) or not all(isinstance(t, str) and TILE.match(t) for t in d["line"]):
        bad.append("line")
    e = d.get("ends")
    if not isinstance(e, list) or len(e) not in (0, 2) or not all(isint(x) and 0 <= x <= 6 for x in e):
        bad.append("ends")
    if len(d.get("line") or []) and len(e or []) != 2:
        bad.append("ends missing with a line")
    for k in ("hands", "scores"):
        v = d.get(k)
        if not isinstance(v, list) or [a for a, _ in v] != ["A", "B"]:
            bad.append(k + " keys")
            continue
        v = dict(v)
        if k == "hands" and not all(
            isinstance(h, list) and all(isinstance(t, str) and TILE.match(t) for t in h) for h in v.values()
        ):
            bad.append("hands")
        if k == "scores" and not all(isint(x) and x >= 0 for x in v.values()):
            bad.append("scores")
    if not isint(d.get("stock")) or not 0 <= d["stock"] <= 28:
        bad.append("stock")
    r = d.get("result")
    if r is not None:
        if not isinstance(r, list) or [a for a, _ in r] != ["winner", "how", "points"]:
            bad.append("result keys")
        else:
            r = dict(r)
            if r["winner"] not in ("A", "B", None) or r["how"] not in ("domino", "blocked") or not isint(r["points"]):
                bad.append("result")
    m = d.get("match")
    if m is not None and (
        not isinstance(m, list) or [a for a, _ in m] != ["winner"] or dict(m)["winner"] not in ("A", "B", None)
    ):
        bad.append("match")
    legal = d.get("legal")
    if not isinstance(legal, list) or not all(isinstance(x, str) for x in legal):
        bad.append("legal")
    if d.get("turn") is None and legal:
        bad.append("legal moves with no player to move")
    if d.get("turn") is not None and not legal:
        bad.append("no legal move for the player to move")
    n = len(d.get("line") or []) + d.get("stock", 0) + sum(len(h) for _, h in (d.get("hands") or []))
    if n != 28:
        bad.append("%d tiles in all" % n)
    return "bad JSON shape: " + "; ".join(bad) if bad else None


def exact(prefix, want, text):
    """replay --json: the rules start with prefix, and every key of want has its value."""
    want, got = json.loads(want), json.loads(text)
    bad = []
    if not got.get("rules", "").startswith(prefix):
        bad.append("rules %r does not start with %r" % (got.get("rules"), prefix))
    got.pop("rules", None)
    for k in want:
        if got.get(k) != want[k]:
            bad.append("%s: expected %s, found %s" % (k, json.dumps(want[k]), json.dumps(got.get(k))))
    return "; ".join(bad) or None


def blocked_by(why, text):
    """layout --json: end L is open and end R blocked by `why`."""
    found = [e["blocked_by"] for e in json.loads(text)["ends"]]
    return None if found == [[], [why]] else "blocked_by %s" % found


def snake_open(text):
    """layout --json of a snake record: no end is blocked."""
    ok = all(e["blocked_by"] == [] for e in json.loads(text)["ends"])
    return None if ok else "a snake end is blocked"


def bench(text):
    """bench --games 1000 --json: its fields."""
    d = json.loads(text)
    assert list(d) == ["rules", "path", "games", "seconds", "games_per_second"], list(d)
    assert d["path"] in ("generic", "popcnt", "bmi2"), d["path"]
    assert isinstance(d["rules"], str) and d["games"] == 1000
    assert isinstance(d["seconds"], (int, float)) and isinstance(d["games_per_second"], (int, float))
    assert d["games_per_second"] > 0
    return None


def bench_free(rules, text):
    """bench --what free-layout --games 1000 --json: its fields, on the rules asked for."""
    d = json.loads(text)
    assert list(d) == [
        "rules",
        "what",
        "games",
        "plays",
        "seconds",
        "games_per_second",
        "plays_per_second",
        "checksum",
    ], list(d)
    assert d["rules"].startswith(rules) and d["what"] == "free-layout" and d["games"] == 1000, d
    assert 1000 <= d["plays"] <= 27 * 1000, d  # at least the first placement beside a lead fits
    assert d["games_per_second"] > 0 and d["plays_per_second"] >= d["games_per_second"], d
    return None


def bench_solver(chance, text):
    """bench-solver --positions 20 --left 10 [--chance] --json: its fields."""
    d = json.loads(text)
    assert list(d) == [
        "rules",
        "positions",
        "left",
        "chance",
        "nodes",
        "seconds",
        "nodes_per_second",
        "nodes_per_position",
    ], list(d)
    assert d["positions"] == 20 and d["left"] == 10 and d["chance"] == (chance == "--chance"), d
    p = d["nodes_per_position"]
    assert 0 < p["median"] <= p["p90"] <= p["max"] <= d["nodes"], p
    return None


def more_nodes(plain, chance):
    """Draws as chance nodes search more positions than draws whose tiles are known."""
    a, b = json.loads(plain), json.loads(chance)
    assert b["nodes"] > a["nodes"], (a["nodes"], b["nodes"])
    return None


CHECKS = {f.__name__: f for f in (shape, exact, blocked_by, snake_open, bench, bench_free, bench_solver, more_nodes)}


def main(folder):
    failures = 0
    checks = sorted(os.listdir(folder))
    for name in checks:
        d = os.path.join(folder, name)

        def read(f):
            with open(os.path.join(d, f), encoding="utf-8", errors="replace") as fh:
                return fh.read()

        kind, label = read("kind"), read("label")
        items = [read(f) for f in sorted(os.listdir(d)) if f.isdigit()]
        try:
            problem = CHECKS[kind](*items)
        except Exception as e:  # an assertion or unreadable JSON: the check fails with what it saw
            problem = "%s %s in %s" % (type(e).__name__, e, (items[-1] if items else "")[:300])
        if problem:
            print("FAIL: %s: %s" % (label, problem))
            failures += 1
    if not checks:
        print("FAIL: no JSON check was queued")
        failures += 1
    return failures


if __name__ == "__main__":
    sys.exit(min(main(sys.argv[1]), 100))

#!/usr/bin/env python3
"""The studio's analysis against `dominoes analyse --json` on the same record.

  compare_analysis.py position STATE.json CLI.json NUMBER
      the Analysis pane's rows (/analysis/rows in the studio's dumped state) equal the moves of the
      CLI's position NUMBER (its 1-based move number in round 1): same moves, same order, same win
      probabilities and points.
Exits 1 with the differences printed when they differ.
"""
import json
import sys


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def position(state_path, cli_path, number):
    with open(state_path) as f:
        rows = json.load(f)["analysis"]["rows"]
    with open(cli_path) as f:
        cli = json.load(f)
    pos = [p for p in cli["positions"] if p["round"] == 1 and p["number"] == number]
    if len(pos) != 1:
        print(f"the CLI analysed no position {number}")
        return 1
    moves = pos[0]["moves"]
    bad = []
    if not rows:
        bad.append("the pane shows no rows")
    if len(rows) != len(moves):
        bad.append(f"{len(rows)} rows in the pane, {len(moves)} moves from the CLI")
    for i, (r, m) in enumerate(zip(rows, moves)):
        if r["move"] != m["move"] or not close(r["win"], m["win"]) or not close(r["points"], m["points"]):
            bad.append(f"row {i}: pane {r}, CLI {m}")
    for b in bad:
        print(b)
    if not bad:
        print(f"{len(rows)} rows equal the CLI's")
    return 1 if bad else 0


def main(argv):
    if len(argv) == 5 and argv[1] == "position":
        return position(argv[2], argv[3], int(argv[4]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

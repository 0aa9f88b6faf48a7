#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The studio's analysis against `dominoes analyse --json` on the same record.

  compare_analysis.py position STATE.json CLI.json NUMBER
      the Analysis pane's rows (/analysis/rows in the studio's dumped state) equal the moves of the
      CLI's position NUMBER (its 1-based move number in round 1): same moves, same order, same win
      probabilities, points and tips' words.
  compare_analysis.py record STATE.json CLI.json
      the record analysis (/record_analysis in the dumped state) is the CLI's: one ply per position of
      the CLI, with the same round, move number, mover, played and best moves, win probabilities and
      mark; and the marks the Timeline drew are exactly the CLI's marked moves (by round and move),
      with their symbols.
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
        if (r["move"] != m["move"] or not close(r["win"], m["win"]) or not close(r["points"], m["points"]) or
                r["tips"] != m["tips"]):
            bad.append(f"row {i}: pane {r}, CLI {m}")
    for b in bad:
        print(b)
    if not bad:
        print(f"{len(rows)} rows equal the CLI's")
    return 1 if bad else 0


SYMBOL = {"": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def record(state_path, cli_path):
    with open(state_path) as f:
        ra = json.load(f)["record_analysis"]
    with open(cli_path) as f:
        cli = json.load(f)
    plies, positions = ra["plies"], cli["positions"]
    bad = []
    if not positions:
        bad.append("the CLI analysed no position")
    if len(plies) != len(positions):
        bad.append(f"{len(plies)} plies in the studio, {len(positions)} positions from the CLI")
    for p, c in zip(plies, positions):
        same = (p["round"] == c["round"] and p["number"] == c["number"] and p["mover"] == c["mover"]
                and p["played"] == c["played"] and p["best"] == c["best"] and p["mark"] == c["mark"]
                and close(p["played_win"], c["played_win"]) and close(p["best_win"], c["moves"][0]["win"])
                and close(p["played_points"], c["played_points"]))
        if not same:
            bad.append(f"move {c['number']}: studio {p}, CLI {c}")
    # A drawn mark names its Timeline row, numbered over the whole record; the ply of the same node
    # gives its round and its number in the round, as the CLI counts.
    ply_of = {p["node"]: p for p in plies}
    drawn = [(ply_of[m["node"]]["round"], ply_of[m["node"]]["number"], m["mark"]) if m["node"] in ply_of
             else ("no ply at node", m["node"], m["mark"]) for m in ra["marks"]]
    marked = [(c["round"], c["number"], SYMBOL[c["mark"]]) for c in positions if c["mark"]]
    if drawn != marked:
        bad.append(f"the Timeline drew the marks {drawn}, the CLI marks {marked}")
    if not marked:
        bad.append("the record has no marked move: nothing is tested")
    for b in bad:
        print(b)
    if not bad:
        print(f"{len(plies)} plies and {len(drawn)} marks equal the CLI's")
    return 1 if bad else 0


def main(argv):
    if len(argv) == 4 and argv[1] == "record":
        return record(argv[2], argv[3])
    if len(argv) == 5 and argv[1] == "position":
        return position(argv[2], argv[3], int(argv[4]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))

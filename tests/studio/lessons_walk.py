#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes a studio script that walks the whole course as a learner would (issue 43 #6, #7).

usage: lessons_walk.py LESSONS_DIR PUZZLES_FILE [OUT_DIR [shots]] > walk.script

Each lesson of LESSONS_DIR/ORDER is opened and every task answered right, in order. A `tiles` task is
answered as drawn: the script checks that every tile of the mover's hand is drawn whole in the Learn
pane (its button inside the pane's view), clicks each expected tile at the centre of its drawn rect
(`click-at /learnPane/picks/TILE`) and then the drawn Check button; the task must then be answered
right. The other tasks are answered by the script's verbs (play, answer). Before each answer, the
answer is on no text of the screen (`check-absent`, issue 43 #1-3; what is checked in every
language: hidden_lines). At every task, no text of
any window is cut (`check /clipped []`: docs/studio.md, "No text is cut"), and no note under the
table is cut. After the course: every pane open, a puzzle's verdict with Next puzzle and Try again
in view.

With OUT_DIR, the state is dumped at every task before its answer (OUT_DIR/task_NNN.json), and with
`shots` the screen too (OUT_DIR/task_NNN.png): lessons_alike.sh then checks with `studio_png_check
--alike` that nothing drawn answers the task (issue 52: the hands' tiles alike, the ends alike, the
stock's tiles alike, every hand tile's face the same colour). At a points task the position before
the round's last move shows no pip total either.
"""
import os
import re
import shlex
import sys


def tasks_and_moves(path):
    """The lesson's statements that matter to a walk: ('task', kind, args) and ('move',)."""
    out = []
    skip_next_move = False
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("expect error"):
                skip_next_move = True  # the move after it is refused: not a move of the record
            elif line.startswith("task "):
                words = shlex.split(line)
                kind = words[1]
                args = [w for w in words[2:] if not re.search(r"\s", w) and re.fullmatch(r"[0-9LR-]+", w)]
                out.append(("task", kind, args))
            elif re.match(r"^[AB]: ", line):
                if skip_next_move:
                    skip_next_move = False
                else:
                    out.append(("move",))
    return out


def answer_lines(kind, args):
    if kind == "play":  # the first of the moves the task accepts: a tile and its end, if named
        return ["play " + " ".join(args[:2] if len(args) > 1 and args[1] in ("L", "R") else args[:1])]
    if kind in ("draw", "pass"):
        return ["play " + kind]
    if kind == "end":
        return ["answer end " + args[0]]
    if kind == "points":
        return ["answer points " + args[0]]
    assert kind == "tiles", kind
    lines = ["check /learnPane/kind \"tiles\""]
    for t in args:
        lines += ["check /learnPane/picks/%s/whole true" % t, "click-at /learnPane/picks/%s" % t, "wait 3",
                  "check /learnPane/picks/%s/picked true" % t]
    lines += ["click-at /learnPane/buttons/check", "wait 3"]
    return lines


# What a learner reads at a task besides its prompt (the question): the caption, the explanation
# under the table, the Timeline's rows, the Learn pane's and the course's verdict, the status line and
# the Score pane.
SCREEN = ["/caption", "/explain", "/timeline", "/learnPane/feedback", "/learn/feedback", "/status", "/statusLine",
          "/score"]


def tile_words(tile):
    """A tile as written either way round: 6-2 and 2-6."""
    a, b = tile.split("-")
    return [tile] if a == b else [a + "-" + b, b + "-" + a]


def hidden_lines(kind, args):
    """The checks that the task's answer is not on screen before it is given (test_course.cpp's notion,
    the words that read the same in every language): a play task's move with its end ("6-2 L") on no
    text of SCREEN, a lead's tile not in the caption; a tiles task's tiles not in the caption; a points
    task's number not in the Score pane nor the hands' pip totals. Draw, pass and end tasks are answered
    by words each language writes its own way: test_course.cpp checks them in English."""
    lines = []
    if kind == "play" and len(args) > 1 and args[1] in ("L", "R"):
        for i in range(0, len(args) - 1, 2):  # every move the task accepts
            if args[i + 1] in ("L", "R"):
                lines += ["check-absent %s %s %s" % (p, t, args[i + 1]) for t in tile_words(args[i]) for p in SCREEN]
    elif kind == "play":
        lines += ["check-absent /caption %s" % t for t in tile_words(args[0])]
    elif kind == "tiles":
        lines += ["check-absent /caption %s" % t for tile in args for t in tile_words(tile)]
    elif kind == "points":
        lines += ["check-absent %s %s" % (p, args[0]) for p in ("/scores", "/score", "/hands/A/pips", "/hands/B/pips")]
    return lines


OUT = {"dir": None, "shots": False, "count": 0}


def alike_lines():
    """The dump (and the screen) at a task, for lessons_alike.sh."""
    if not OUT["dir"]:
        return []
    OUT["count"] += 1
    base = os.path.join(OUT["dir"], "task_%03d" % OUT["count"])
    lines = ["dump %s.json" % base]
    if OUT["shots"]:
        lines.append("screenshot %s.png" % base)
    return lines + ["wait 1"]


def lesson_lines(path):
    lines = ["lesson " + path, "wait 2"]
    step = 0
    pending = 0  # moves of the record between the last answer and this task
    answered_by_move = False
    for item in tasks_and_moves(path):
        if item[0] == "move":
            if answered_by_move:
                answered_by_move = False
            else:
                pending += 1
            continue
        _, kind, args = item
        lines += ["step next"] * (pending + 1)  # a step too many is refused at the task: harmless
        lines += ["wait 2", "check /learn/step %d" % step, "check /learn/waiting true",
                  "check /clipped []", "check /wholeNote/cut false"]
        lines += hidden_lines(kind, args)
        lines += ["check /disclosure/legality false", "check /disclosure/pips false"]
        if kind == "points":  # one step back shows no pip total either (issue 52 #5)
            lines += ["step prev", "wait 2", "check /hands/A/pips -1", "check /hands/B/pips -1", "step next", "wait 2",
                      "check /learn/waiting true"]
        lines += ["hover 1 1", "wait 2"] + alike_lines()  # no tooltip over the hands
        lines += answer_lines(kind, args)
        lines += ["wait 2", "check /learn/step %d" % (step + 1), "check /learn/wrong 0"]
        step += 1
        pending = 0
        answered_by_move = kind in ("play", "draw", "pass")
    lines += ["check /learn/stars 3", "check /clipped []"]
    return lines


def main():
    lessons, puzzles = sys.argv[1], sys.argv[2]
    if len(sys.argv) > 3:
        OUT["dir"] = sys.argv[3]
        OUT["shots"] = len(sys.argv) > 4 and sys.argv[4] == "shots"
        os.makedirs(OUT["dir"], exist_ok=True)
    with open(os.path.join(lessons, "ORDER"), encoding="utf-8") as f:
        order = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    out = ["action learn.course", "wait 3", "check /clipped []"]
    for name in order:
        out += lesson_lines(os.path.join(lessons, name))
    out += ["action learn.course", "wait 3", "check /clipped []"]
    # A puzzle's verdict: Next puzzle and Try again in view (`whole`), nothing cut.
    out += ["puzzle %s 1" % puzzles, "wait 2", "play 1-0 L", "wait 1", "wait-judging", "wait 3",
            "check /puzzle/solved false", "check /clipped []"]
    # Every pane open on a game against the computer, the analysis computed; then the editor.
    out += ["new 7 en-linea", "wait 2"]
    out += ["open " + p for p in ("timeline", "branches", "rules", "score", "scenarios", "log", "tracker",
                                  "analysis", "puzzles", "learn")]
    out += ["wait 3", "wait-analysis", "wait 3", "check /clipped []", "edit on", "wait 3", "check /clipped []",
            "edit off", "wait 2"]
    print("\n".join(out))


if __name__ == "__main__":
    main()

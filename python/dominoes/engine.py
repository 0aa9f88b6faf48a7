# SPDX-License-Identifier: MIT
"""Outside engines (docs/engine-protocol.md) from Python.

``Engine(cmd, seed=0)`` is a player that runs ``cmd`` and speaks the engine protocol with it (the
host's ``engine:CMD`` spec). ``serve(decide)`` turns a function ``decide(observation) -> move words``
into an engine on standard input and output; the observation is a dict of what the seat knows.
"""
import random
import sys


def Engine(cmd, seed=0):  # noqa: N802 (a player's constructor)
    """A player for the bindings that runs the outside engine ``cmd`` (``make_player('engine:' + cmd)``)."""
    from ._dominoes import make_player
    return make_player("engine:" + cmd, seed)


def serve(decide, name="Python engine", author="", stdin=None, stdout=None):
    """Speak the engine protocol, calling ``decide(observation)`` at each ``go`` for its move's words.

    The observation dict holds ``rules``, ``seed``, ``seat``, ``round``, ``scores``, ``hand`` (tiles
    as words), ``opponent_tiles``, ``stock``, ``moves`` (this round's, as ``(player, words)``; the
    opponent's draws without their tile), ``legal`` (the move words) and ``budget_ms``, and
    ``random``, a ``random.Random`` seeded by the host's seed.
    """
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    obs = {"rules": "", "seed": 0, "seat": "A", "round": 0, "scores": [0, 0], "hand": [], "opponent_tiles": 0,
           "stock": 0, "moves": [], "legal": [], "budget_ms": 0, "random": random.Random(0)}

    def say(*lines):
        stdout.write("".join(line + "\n" for line in lines))
        stdout.flush()

    for line in stdin:
        words = line.split()
        if not words:
            continue
        head, rest = words[0], line.strip()[len(words[0]):].strip()
        if head == "hello":
            say("id name " + name, "id author " + (author or "unknown"), "hello ok 1")
        elif head == "rules":
            obs["rules"] = rest
        elif head == "seed":
            obs["seed"] = int(rest)
            obs["random"] = random.Random(int(rest))
        elif head == "seat":
            obs["seat"] = rest
        elif head == "round":
            obs.update(round=int(rest), moves=[], hand=[])
        elif head == "score":
            obs["scores"] = [int(words[2]), int(words[4])]
        elif head == "hand":
            obs["hand"] = words[2:]
        elif head == "tiles":
            obs["opponent_tiles"] = int(words[2])
        elif head == "stock":
            obs["stock"] = int(rest)
        elif head in ("A:", "B:"):
            _move(obs, head[0], rest)
        elif head == "go":
            obs["budget_ms"] = int(words[2])
            obs["legal"] = [m.strip() for m in line.split(" legal ", 1)[1].split(",")]
            say("move " + decide(dict(obs)))
        elif head == "quit":
            break


def _move(obs, who, words):
    """One move of the round into the observation: the hand, the stock and the opponent's count."""
    obs["moves"].append((who, words))
    w = words.split()
    mine = who == obs["seat"]
    if w[0] == "draw":
        obs["stock"] -= 1
        if mine:
            obs["hand"].append(w[1])
        else:
            obs["opponent_tiles"] += 1
    elif w[0] != "pass":
        if mine:
            a, b = w[0].split("-")
            obs["hand"] = [t for t in obs["hand"] if t not in (a + "-" + b, b + "-" + a)]
        else:
            obs["opponent_tiles"] -= 1

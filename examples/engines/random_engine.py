#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# A random domino engine: the engine protocol (docs/engine-protocol.md) in the standard library only.
# It plays a legal move at random from the `go` line's list, seeded by the host's `seed`.
#   dominoes match --a engine:'python3 examples/engines/random_engine.py' --b expert --games 100
import random
import sys

rng = random.Random(0)


def say(*lines):
    sys.stdout.write("".join(line + "\n" for line in lines))
    sys.stdout.flush()


for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "hello":
        say("id name Random (Python)", "id author Dominoes Studio examples", "hello ok 1")
    elif words[0] == "seed":
        rng.seed(int(words[1]))
    elif words[0] == "go":
        legal = line.split(" legal ", 1)[1].split(",")
        move = rng.choice(legal).strip()
        say("info text one of %d legal moves, at random" % len(legal), "move " + move)
    elif words[0] == "quit":
        break

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fits the tips' policy of the expert's playouts (kPolicyWeights in src/ai/playout_impl.h).

Usage:
  dominoes match --a expert:policy=0 --b greedy --games 1500 --seed 555 --threads 2 --policy-data choices.txt
  python3 tools/fit_policy.py [--steps N] [--rate R] choices.txt [more.txt ...]

Each line of the data is one choice of player A among placements: the index of the placement chosen,
then for every placement (a tile at an end; under layout=free its headings are one) its features (ai::PolicyFeatures: pips, double, mine next, blocks, unseen new,
distinct, mine new, dead new, stuck, unseen both, double new), "|"-separated. The model is a
conditional logit: a move weighs exp(w . f), and the chance of the choice is its weight over the
sum. It is fitted by gradient ascent on the log-likelihood of 80% of the choices (in a fixed
shuffled order), N steps (default 300) of rate R (default 0.5), which stops short of convergence
and keeps the weights nearer zero; the other 20% report how well it predicts choices it did not
see. The weights are printed per unit of each feature, in kPolicyWeights' form. The kept weights
come from the choices of the expert playing without the policy (expert:policy=0, as above): fitted
to the choices of the expert that uses them, they played worse (docs/research/players-log.md). Plain Python, no
packages.
"""
import math
import random
import sys

NAMES = ["pips", "isDouble", "mineNext", "blocks", "unseenNew", "distinct", "mineNew", "deadNew", "stuck", "unseenBoth",
         "doubleNew"]
# Each feature's scale for the fit (the weights are fitted per scaled unit and printed per unit).
SCALE = [12, 1, 4, 1, 6, 7, 4, 1, 1, 12, 1]


def load(paths):
    data = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                line = line.strip()
                if not line:
                    continue
                parts = line.split("|")
                try:
                    chosen = int(parts[0])
                    moves = [[float(x) / s for x, s in zip(p.split(","), SCALE)] for p in parts[1:]]
                except ValueError:
                    sys.exit(f"{path}:{number}: not a choice line: {line[:60]}")
                if any(len(m) != len(NAMES) for m in moves) or not 0 <= chosen < len(moves):
                    sys.exit(f"{path}:{number}: expected the chosen index and {len(NAMES)} features a move")
                if len(moves) > 1:
                    data.append((chosen, moves))
    return data


def scores(w, moves):
    z = [sum(a * b for a, b in zip(w, f)) for f in moves]
    top = max(z)
    e = [math.exp(x - top) for x in z]
    return z, e, sum(e)


def evaluate(w, data):
    ll = hits = 0
    for chosen, moves in data:
        z, e, total = scores(w, moves)
        ll += math.log(e[chosen] / total)
        hits += max(range(len(z)), key=z.__getitem__) == chosen
    return ll / len(data), hits / len(data)


def main():
    args, steps, rate = sys.argv[1:], 300, 0.5
    try:
        while args and args[0] in ("--steps", "--rate"):
            if args[0] == "--steps":
                steps = int(args[1])
            else:
                rate = float(args[1])
            args = args[2:]
    except (IndexError, ValueError):
        sys.exit("--steps takes a whole number, --rate a number")
    if not args or steps < 1 or not rate > 0:
        sys.exit(__doc__)
    data = load(args)
    if len(data) < 50:
        sys.exit(f"only {len(data)} choices: play more games")
    random.Random(1).shuffle(data)
    cut = len(data) * 4 // 5
    train, test = data[:cut], data[cut:]
    w = [0.0] * len(NAMES)
    for step in range(1, steps + 1):
        grad = [0.0] * len(NAMES)
        for chosen, moves in train:
            _, e, total = scores(w, moves)
            for k in range(len(NAMES)):
                grad[k] += moves[chosen][k] - sum(e[i] * moves[i][k] for i in range(len(moves))) / total
        w = [a + rate * g / len(train) for a, g in zip(w, grad)]
        if step % 100 == 0 or step == steps:
            ll, hits = evaluate(w, test)
            print(f"step {step}: held-out log-likelihood {ll:.4f} a choice, top move agrees {100 * hits:.1f}%")
    uniform = sum(-math.log(len(m)) for _, m in test) / len(test)
    print(f"{len(data)} choices; a uniform choice's held-out log-likelihood {uniform:.4f}")
    print("per unit: " + ", ".join(f"{n} {a / s:+.4f}" for n, a, s in zip(NAMES, w, SCALE)))
    print("kPolicyWeights{" + ", ".join(f"{a / s:.5f}" for a, s in zip(w, SCALE)) + "}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Trains a small tabular policy by self-play through dominoes.Batch and rates it against random.

usage: PYTHONPATH=build/python python3 examples/rl_selfplay.py [--rules en-linea] [--slots 1024]
                                                             [--train-steps 3000] [--eval-rounds 20000]

The policy is a table of one value per action id (docs/python.md, For reinforcement learning): the
mean outcome (+1 win, -1 loss, 0 tie) of the rounds in which the player to move took that action,
learned by epsilon-greedy self-play over the Batch's per-player view (legal_actions_masks), without
leaving NumPy. It plays the legal action of highest value. Its rating is on the ladder's scale
(docs/ladder.md: random at 0, Elo): from its score s against random over single rounds, with half a
point for a tie, 400 log10(s / (1 - s)), and the 95% interval of s (normal approximation) mapped the
same way. Exit status 1 when the interval does not lie above random's 0.
"""
import argparse
import math
import sys

import numpy as np

import dominoes


def random_legal(masks, rng):
    return np.where(masks, rng.random(masks.shape), -1.0).argmax(1)


def greedy(masks, table):
    return np.where(masks, table[None, :], -np.inf).argmax(1)


def train(rules, slots, steps, seed, eps=0.2):
    """The action values learned by epsilon-greedy self-play (both sides use the table)."""
    b = dominoes.Batch(rules, slots, seed=seed)
    rng = np.random.default_rng(seed)
    actions = b.num_distinct_actions
    sums, seen = np.zeros(actions), np.zeros(actions)
    taken = np.zeros((slots, 2, actions), np.int32)  # per slot and player, the actions of this round
    table = np.zeros(actions)
    rows = np.arange(slots)
    for step in range(steps):
        masks = b.legal_actions_masks().astype(bool)
        chosen = np.where(rng.random(slots) < eps, random_legal(masks, rng), greedy(masks, table))
        taken[rows, b.to_move(), chosen] += 1
        b.step_actions(chosen)
        winners = b.round_winners()
        ended = winners >= 0
        if ended.any():
            a_result = np.select([winners[ended] == 0, winners[ended] == 1], [1.0, -1.0], 0.0)
            sums += (taken[ended, 0, :] * a_result[:, None]).sum(0) - (taken[ended, 1, :] * a_result[:, None]).sum(0)
            seen += taken[ended].sum((0, 1))
            taken[ended] = 0
        if step % 100 == 99:
            table = sums / np.maximum(seen, 1)
    return table, b.rounds


def rate(rules, table, rounds, seed, slots=1024):
    """The table's score against random in single rounds, each slot's side fixed (half the slots A)."""
    b = dominoes.Batch(rules, slots, seed=seed)
    rng = np.random.default_rng(seed)
    side = np.arange(slots) % 2  # the policy plays A in even slots, B in odd ones
    points = played = 0.0
    while played < rounds:
        masks = b.legal_actions_masks().astype(bool)
        mine = b.to_move() == side
        b.step_actions(np.where(mine, greedy(masks, table), random_legal(masks, rng)))
        w = b.round_winners()
        ended = w >= 0
        points += np.sum(w[ended] == side[ended]) + 0.5 * np.sum(w[ended] == 2)
        played += ended.sum()
    s = points / played
    half = 1.96 * math.sqrt(s * (1 - s) / played)

    def elo(p):
        p = min(max(p, 1e-9), 1 - 1e-9)
        return 400 * math.log10(p / (1 - p))

    return s, int(played), elo(s), elo(s - half), elo(s + half)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="en-linea")
    ap.add_argument("--slots", type=int, default=1024)
    ap.add_argument("--train-steps", type=int, default=3000)
    ap.add_argument("--eval-rounds", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    table, trained = train(args.rules, args.slots, args.train_steps, args.seed)
    s, n, r, lo, hi = rate(args.rules, table, args.eval_rounds, args.seed + 1000)
    best = np.argsort(table)[::-1][:5]
    m = dominoes.Match(args.rules)
    words = [repr(m.action_to_move(int(a))) for a in best]
    print(f"trained on {trained} self-play rounds ({args.rules}); the most valued actions: {', '.join(words)}")
    print(f"against random over {n} rounds: score {s:.3f}, rating {r:.0f} Elo (95%: {lo:.0f} to {hi:.0f}), random at 0")
    levels = ", ".join(f"{lv['name']} {lv['elo'][args.rules]:.0f}" for lv in dominoes.levels()
                       if args.rules in lv["elo"] and lv["elo"][args.rules] is not None)
    print(f"the ladder's levels (docs/ladder.md): {levels}")
    return 0 if lo > 0 else 1


if __name__ == "__main__":
    sys.exit(main())

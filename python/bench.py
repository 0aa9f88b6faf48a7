#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Self-play speed through the bindings, to set beside `dominoes bench` (docs/python.md, Speed).

usage: PYTHONPATH=build/python python3 python/bench.py [--rules en-linea] [--rounds 20000] [--n 4096]
                                                     [--only loop,greedy,vector,batch] [--generic]

Four figures, rounds per second on one thread:
  loop   a Python-driven loop: each move chosen in Python (uniformly at random) and played through
         Match.play_index, a round dealt by Match.start_round (the issue's "self-play loop")
  greedy the same loop with the greedy computer player deciding through Computer.play
  vector a vectorized loop: dominoes.Batch of N games; each step Python chooses a uniformly random
         legal move for all N at once with numpy and one call plays them (the way to self-play fast);
         its step is the BMI2 build where the processor runs it well, the generic one with --generic
  batch  dominoes.random_rounds: the rounds played inside C++ (the generic path of `dominoes bench`);
         this measures C++, not the bindings' per-move cost
"""
import argparse
import random
import time

import numpy as np

import dominoes


def loop(rules, rounds, seed):
    rng = random.Random(seed)
    moves = 0
    for i in range(rounds):
        m = dominoes.Match(rules)
        m.start_round(seed + i)
        while m.in_round:
            m.play_index(rng.randrange(m.legal_count()))
            moves += 1
    return moves


def greedy(rules, rounds, seed):
    players = [dominoes.make_player("greedy", seed), dominoes.make_player("greedy", seed + 1)]
    moves = 0
    for i in range(rounds):
        m = dominoes.Match(rules)
        m.start_round(seed + i)
        while m.in_round:
            players[int(m.to_move)].play(m)
            moves += 1
    return moves


def vector(rules, moves, n, seed, fast=True):
    """Steps a Batch of n games until about `moves` moves are played; returns (rounds, moves, path).

    Each move is drawn as 16 random bits times the slot's legal count, shifted down 16 bits: one
    multiply-shift over the array (Lemire's method without its rejection step), so every legal move
    comes with a chance within count/65536 of uniform (0.02% for 14 moves). The bits come from
    NumPy's SFC64 four to a 64-bit draw: the cheapest way found to draw the moves with NumPy (2.0 ns
    a move here, against 4.7 for `(rng.random(n) * counts).astype(np.int32)` on the default PCG64).
    """
    batch = dominoes.Batch(rules, n, seed, fast=fast)
    bits = np.random.SFC64(seed)
    counts = batch.legal_counts()  # a view the steps keep up to date
    indices = np.empty(n, np.int32)
    for _ in range(max(1, moves // n)):
        np.multiply(bits.random_raw((n + 3) // 4).view(np.uint16)[:n], counts, out=indices)
        np.right_shift(indices, 16, out=indices)
        batch.step(indices)
    return batch.rounds, batch.moves, batch.path


def report(name, rounds, moves, seconds, note=""):
    print(f"{name:7} {rounds / seconds:12,.0f} rounds/s  {moves / seconds:13,.0f} moves/s  ({rounds} rounds{note})")


def timed(name, f, rounds):
    start = time.perf_counter()
    moves = f()
    report(name, rounds, moves, time.perf_counter() - start)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="en-linea")
    ap.add_argument("--rounds", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n", type=int, default=4096, help="games in the vectorized loop's Batch")
    ap.add_argument("--only", default="loop,greedy,vector,batch", help="the figures to measure")
    ap.add_argument("--generic", action="store_true", help="the vectorized loop on the generic build of the step")
    a = ap.parse_args()
    rules = dominoes.Rules(a.rules)
    only = a.only.split(",")
    if "loop" in only:
        timed("loop", lambda: loop(rules, a.rounds, a.seed), a.rounds)
    if "greedy" in only:
        timed("greedy", lambda: greedy(rules, a.rounds // 4, a.seed), a.rounds // 4)
    if "vector" in only:
        start = time.perf_counter()
        rounds, moves, path = vector(rules, a.rounds * 1500, a.n, a.seed, not a.generic)  # en-linea: about a second
        report("vector", rounds, moves, time.perf_counter() - start, f", {path} path")
    if "batch" in only:
        batch = a.rounds * 100
        timed("batch", lambda: dominoes.random_rounds(rules, batch, a.seed), batch)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Self-play speed through the bindings, to set beside `dominoes bench` (docs/python.md, Speed).

usage: PYTHONPATH=build/python python3 python/bench.py [--rules en-linea] [--rounds 20000]

Three figures, rounds per second on one thread:
  loop   a Python-driven loop: each move chosen in Python (uniformly at random) and played through
         Match.play_index, a round dealt by Match.start_round (the issue's "self-play loop")
  greedy the same loop with the greedy computer player deciding through Computer.play
  batch  dominoes.random_rounds: the rounds played inside C++ (the generic path of `dominoes bench`);
         this measures C++, not the bindings' per-move cost
"""
import argparse
import random
import time

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


def timed(name, f, rounds):
    start = time.perf_counter()
    moves = f()
    seconds = time.perf_counter() - start
    print(f"{name:7} {rounds / seconds:12,.0f} rounds/s  {moves / seconds:13,.0f} moves/s  ({rounds} rounds)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="en-linea")
    ap.add_argument("--rounds", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rules = dominoes.Rules(a.rules)
    timed("loop", lambda: loop(rules, a.rounds, a.seed), a.rounds)
    timed("greedy", lambda: greedy(rules, a.rounds // 4, a.seed), a.rounds // 4)
    batch = a.rounds * 100
    timed("batch", lambda: dominoes.random_rounds(rules, batch, a.seed), batch)


if __name__ == "__main__":
    main()

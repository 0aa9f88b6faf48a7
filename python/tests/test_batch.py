# SPDX-License-Identifier: MIT
"""dominoes.Batch (docs/python.md): N single rounds stepped together agree with Match, move for move."""
import numpy as np
import pytest

import dominoes


def mask(tiles):
    return sum(1 << t for t in tiles)


class Matches:
    """What a Batch should hold: per slot a fresh Match dealt from the slot's next seed."""

    def __init__(self, rules, n, seed):
        self.rules, self.n, self.seed = rules, n, seed
        self.dealt = [0] * n
        self.games = [self.deal(i) for i in range(n)]
        self.wins, self.points, self.rounds = [0, 0, 0], [0, 0], 0

    def deal(self, i):
        m = dominoes.Match(self.rules)
        m.start_round(self.seed + i + self.dealt[i] * self.n)
        self.dealt[i] += 1
        return m

    def step(self, indices):
        ended = []
        for i, k in enumerate(indices):
            m = self.games[i]
            m.play_index(int(k))
            if not m.in_round:
                r = m.last_result
                w = 2 if r.winner is None else int(r.winner)
                self.wins[w] += 1
                if w < 2:
                    self.points[w] += r.points
                self.rounds += 1
                ended.append((i, w, r.points))
                self.games[i] = self.deal(i)
        return ended


def check_slots(b, ms):
    hands, ends, to_move = b.hands(), b.ends(), b.to_move()
    stock, counts = b.stock_counts(), b.legal_counts()
    for i, m in enumerate(ms.games):
        assert hands[i, 0] == mask(m.hand(dominoes.A)) and hands[i, 1] == mask(m.hand(dominoes.B)), i
        assert tuple(ends[i]) == m.ends and to_move[i] == int(m.to_move), i
        assert stock[i] == m.stock_count and counts[i] == m.legal_count(), i


@pytest.mark.parametrize("fast", [True, False])
@pytest.mark.parametrize("rules,n,steps", [("en-linea", 64, 700), ("block", 16, 300), ("dominoes2", 8, 300),
                                           ("draw hand=5 reserve=2", 16, 300)])
def test_agrees_with_match(rules, n, steps, fast):
    b, ms = dominoes.Batch(rules, n, seed=5, fast=fast), Matches(rules, n, 5)
    if not fast or "dominoes2" in rules:  # layout=free has one step, the generic one
        assert b.path == "generic"
    rng = np.random.default_rng(3)
    check_slots(b, ms)
    for step in range(steps):
        counts = b.legal_counts()
        idx = (rng.random(n) * counts).astype(np.int32)
        if step % 7 == 0:
            idx = counts - 1  # the last legal move too
        ended = ms.step(idx)
        b.step(idx)
        winners, points = b.round_winners(), b.round_points()
        assert [(i, int(winners[i]), int(points[i])) for i in np.flatnonzero(winners >= 0)] == ended
        check_slots(b, ms)
        if step % 50 == 0:
            i = step % n
            assert b.legal_moves(i) == ms.games[i].legal_moves()
    assert b.rounds == ms.rounds > n and b.wins == tuple(ms.wins) and b.points == tuple(ms.points)
    assert b.moves == steps * n and sum(b.wins) == b.rounds
    assert all(b.match(i).dgn() == ms.games[i].dgn() for i in range(0, n, 5))


def test_match_of_a_slot():
    b, ms = dominoes.Batch("dominoes2", 4, seed=9), Matches("dominoes2", 4, 9)
    for _ in range(40):
        ms.step([0, 1 % b.legal_counts()[1], 0, 0])
        b.step(np.array([0, 1 % b.legal_counts()[1], 0, 0], np.int32))
    # A step refused for one bad index leaves every slot's history as it was (the log's next row
    # was written as the indices were checked, and does not count).
    last = b.legal_counts() - 1
    last[3] = 255
    with pytest.raises(ValueError, match="slot 3"):
        b.step(last.astype(np.int32))
    for i in range(4):
        m = b.match(i)
        assert m.dgn() == ms.games[i].dgn() and m.legal_moves() == b.legal_moves(i)
        assert len(m.observation().history) == len(ms.games[i].observation().history)
    assert b.match(-1).dgn() == b.match(3).dgn()
    with pytest.raises(IndexError):
        b.match(4)


def test_restarts_and_counts_rounds():
    b = dominoes.Batch("en-linea", 3, seed=1)
    assert [b.round_seed(i) for i in range(3)] == [1, 2, 3]
    ended = np.zeros(3, int)
    while b.rounds < 10:
        b.step(np.zeros(3, np.int32))
        ended += b.round_winners() >= 0
    assert ended.sum() == b.rounds == sum(b.wins)
    for i in range(3):
        assert b.round_seed(i) == 1 + i + 3 * ended[i]
        m = b.match(i)
        assert m.round == 1 and m.in_round


def test_rejects_bad_indices():
    b = dominoes.Batch("en-linea", 4, seed=2)
    before = b.hands()
    bad = b.legal_counts().copy()  # one past the last legal move in every slot
    bad[:2] = 0
    with pytest.raises(ValueError, match=r"^slot 2: "):
        b.step(bad)
    with pytest.raises(ValueError, match="slot 0"):
        b.step(np.array([-1, 0, 0, 0], np.int32))
    with pytest.raises(ValueError, match="length 4"):
        b.step(np.zeros(5, np.int32))
    with pytest.raises(TypeError):
        b.step(np.zeros(4, np.float64))
    assert (b.hands() == before).all() and b.moves == 0  # nothing was played
    with pytest.raises(ValueError):
        dominoes.Batch("en-linea", 0)
    counts = b.legal_counts()
    with pytest.raises(ValueError):
        counts[0] = 3  # a read-only view
    b.step(np.zeros(4, np.int32))
    assert b.moves == 4 and counts is not None


def test_paths_play_the_same_rounds():
    # The BMI2 build of the step (where this processor runs it) and the generic one: the same
    # states, counts and results, step by step, over rounds with every kind of move.
    fast, generic = dominoes.Batch("en-linea", 256, seed=11), dominoes.Batch("en-linea", 256, seed=11, fast=False)
    assert generic.path == "generic" and fast.path in ("bmi2", "generic")
    rng = np.random.default_rng(4)
    for _ in range(400):
        idx = (rng.random(256) * fast.legal_counts()).astype(np.int32)
        fast.step(idx)
        generic.step(idx)
        assert np.array_equal(fast.legal_counts(), generic.legal_counts())
        assert np.array_equal(fast.hands(), generic.hands()) and np.array_equal(fast.ends(), generic.ends())
        assert np.array_equal(fast.round_winners(), generic.round_winners())
        assert np.array_equal(fast.round_points(), generic.round_points())
    assert fast.rounds == generic.rounds > 256 and fast.wins == generic.wins

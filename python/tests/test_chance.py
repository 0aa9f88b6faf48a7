# SPDX-License-Identifier: MIT
"""Issue 45 #7: chance nodes and their outcomes with probabilities (docs/python.md, Chance): a draw is
chance's move, its outcomes the tiles it may bring, as OpenSpiel's chance_outcomes() gives them."""
import collections
import math
import random

import pytest

import dominoes


def chance_nodes(preset, seeds):
    """Each position where a draw is due, over random rounds: (match before the draw, the tile drawn)."""
    for seed in seeds:
        m = dominoes.Match(preset)
        m.start_round(seed)
        rng = random.Random(seed)
        while m.in_round:
            if m.is_chance_node():
                before = m.copy()
                yield before, m.draw().tile
            else:
                assert all(mv.kind != dominoes.MoveKind.DRAW for mv in m.legal_moves())
                m.play_index(rng.randrange(m.legal_count()))


@pytest.mark.parametrize("preset", ["en-linea", "draw", "dominoes2"])
def test_outcomes_are_the_tiles_a_draw_may_bring(preset):
    nodes = 0
    for m, drawn in chance_nodes(preset, range(60)):
        nodes += 1
        assert m.legal_count() == 1 and m.legal_moves()[0].kind == dominoes.MoveKind.DRAW
        outcomes = m.chance_outcomes()
        tiles = [t for t, _ in outcomes]
        assert len(tiles) == m.stock_count and len(set(tiles)) == len(tiles)
        assert math.isclose(sum(p for _, p in outcomes), 1.0) and all(p == 1 / m.stock_count for _, p in outcomes)
        held = set(m.hand(dominoes.A)) | set(m.hand(dominoes.B)) | {laid.tile for laid in m.line}
        assert all(isinstance(t, dominoes.Tile) for t in tiles) and not held & set(tiles)
        assert drawn in tiles and tiles == sorted(tiles, key=lambda t: (-(t.high + t.low), -t.high))
        for player in (dominoes.A, dominoes.B):  # from a player's point of view: the tiles unseen by them
            seen = m.chance_outcomes(player)
            unseen = m.observation(player).unseen
            assert [t for t, _ in seen] == unseen and drawn in unseen
            assert math.isclose(sum(p for _, p in seen), 1.0) and all(p == 1 / len(unseen) for _, p in seen)
    assert nodes > 20


def test_the_draws_follow_the_probabilities():
    """The first draw of many rounds: each stock tile comes about 1/stock_count of the time."""
    counts, expected = collections.Counter(), collections.Counter()
    for m, drawn in chance_nodes("draw", range(3000)):
        for t, p in m.chance_outcomes():
            expected[t] += p
        counts[drawn] += 1
    total = sum(counts.values())
    assert total > 3000 and math.isclose(sum(expected.values()), total)
    chi2 = sum((counts[t] - expected[t]) ** 2 / expected[t] for t in expected)
    assert chi2 < 70  # 27 degrees of freedom: p < 1e-5 only when the probabilities are wrong


def test_no_chance_node_is_a_value_error():
    m = dominoes.Match("en-linea")
    assert not m.is_chance_node()
    with pytest.raises(ValueError, match="no round is on"):
        m.chance_outcomes()
    m.start_round(7)
    assert not m.is_chance_node()
    with pytest.raises(ValueError, match="A is not to draw"):
        m.chance_outcomes(dominoes.B)

# SPDX-License-Identifier: MIT
"""Issue 45 #6: Tile values, reprs that read like DGN, pickle and deepcopy, NumPy's integers, the
module's own exceptions, docstrings and signatures."""
import copy
import inspect
import pickle

import numpy as np
import pytest

import dominoes


def test_tiles_print_as_pips_and_index_as_ints():
    m = dominoes.Match("en-linea")
    m.start_round(7)
    hand = m.hand(dominoes.A)
    assert repr(hand) == "[6-6, 6-4, 5-3, 4-4, 5-0, 2-1, 0-0]"
    t = hand[1]
    assert isinstance(t, dominoes.Tile) and isinstance(t, int) and t == dominoes.tile(6, 4) and int(t) == t
    assert str(t) == "6-4" and t.pips == (6, 4) and (t.high, t.low) == (6, 4)
    assert list(range(28))[t] == int(t) and np.zeros(28)[t] == 0
    assert dominoes.Tile("6-4") == dominoes.Tile(6, 4) == dominoes.Tile(int(t)) == t
    assert pickle.loads(pickle.dumps(t)) == t and type(pickle.loads(pickle.dumps(t))) is dominoes.Tile
    assert m.legal_moves()[0].tile == dominoes.tile(6, 6) and str(m.legal_moves()[0].tile) == "6-6"
    for bad in (28, -1, "6-x", "7-1"):
        with pytest.raises(ValueError):
            dominoes.Tile(bad)


def test_reprs_read_like_dgn():
    m = dominoes.Match("en-linea")
    assert repr(m) == "Match(en-linea, no round dealt)"
    m.start_round(7)
    assert repr(m) == "Match(en-linea, round 1, A to move, no tile laid)"
    m.play("6-6")
    m.play("6-3 R")
    assert repr(m) == "Match(en-linea, round 1, A to move, ends 6|3)"
    assert repr(m.observation().history[1]) == "Event(2: B 6-3 R)"
    assert repr(m.observation()).startswith("Observation(A sees en-linea, round 1, A to move, hand 6-4 5-3")
    assert repr(dominoes.make_player("greedy")) == "Computer(greedy)"
    assert repr(dominoes.Batch("en-linea", 4)) == "Batch(en-linea, 4 slots, 0 rounds played, bmi2)" or \
        repr(dominoes.Batch("en-linea", 4)).endswith("generic)")
    while m.in_round:
        m.play_index(0)
    assert repr(m.last_result).startswith("RoundResult(round 1, ")
    for name in ("Match", "Observation", "Event", "Computer", "Batch", "RoundResult", "Move", "Rules", "LaidTile"):
        assert "object at 0x" not in repr(getattr(dominoes, name)), name


def test_pickle_and_deepcopy():
    m = dominoes.Match("dominoes2")
    m.start_round(3)
    for _ in range(9):
        m.play_index(m.legal_count() - 1)
    for other in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m), copy.copy(m)):
        assert other.dgn() == m.dgn() and repr(other) == repr(m)
        assert [x.move.tile for x in other.observation().history] == [x.move.tile for x in m.observation().history]
        mine, theirs = m.copy(), other
        while mine.in_round:  # the same stock: the same draws
            a, b = mine.play_index(0), theirs.play_index(0)
            assert a == b and a.tile == b.tile
    r = dominoes.Rules("dominoes2 target=50")
    assert pickle.loads(pickle.dumps(r)) == r and copy.deepcopy(r) == r
    mv = dominoes.Move(tile=dominoes.tile(2, 0), end=dominoes.End.R)
    assert pickle.loads(pickle.dumps(mv)) == mv


def test_numpy_integers_are_ints():
    m = dominoes.Match("en-linea")
    m.start_round(np.uint64(7))
    assert str(m.play_index(np.int64(0)).tile) == "6-6"
    six_four = int(dominoes.tile(6, 4))
    assert dominoes.tile_text(np.int32(six_four)) == "6-4" and dominoes.tile(np.int8(6), np.int64(4)) == six_four
    b = dominoes.Batch("en-linea", 8, seed=np.int64(2))
    for dtype in (np.int64, np.int16, np.uint8, np.int32):
        b.step(np.zeros(8, dtype))


def test_exceptions():
    m = dominoes.Match("en-linea")
    m.start_round(7)
    with pytest.raises(dominoes.IllegalMove, match="the lead must be 6-6"):
        m.play("4-4")
    with pytest.raises(dominoes.IllegalMove):
        m.play(dominoes.Move(tile=dominoes.tile(4, 4)))
    assert issubclass(dominoes.IllegalMove, ValueError) and issubclass(dominoes.DgnError, ValueError)
    with pytest.raises(dominoes.DgnError) as e:
        dominoes.read_dgn("dgn 1\nrules en-linea\nround 1 seed 7\nA 4-4\n", "game.dgn")
    assert e.value.file == "game.dgn" and e.value.line >= 1 and str(e.value).startswith(f"game.dgn:{e.value.line}: ")


def test_signatures():
    assert list(inspect.signature(dominoes.tile).parameters) == ["a", "b"]
    assert str(inspect.signature(dominoes.analyse)) == "(match, samples=200, seed=1, knowledge='mover')"
    m = dominoes.Match("en-linea")
    assert list(inspect.signature(m.start_round).parameters) == ["seed"]
    assert str(inspect.signature(dominoes.Batch.step)) == "(self, indices)"
    assert str(inspect.signature(dominoes.Match.__init__)) == "(self, rules='en-linea')"
    failed = []
    for name in dir(dominoes):
        obj = getattr(dominoes, name)
        members = vars(obj).items() if isinstance(obj, type) else [(name, obj)]
        for attr, f in members:
            f = getattr(f, "__func__", f)
            if type(f).__name__ in ("builtin_function_or_method", "instancemethod") and not attr.startswith("_"):
                try:
                    inspect.signature(getattr(obj, attr) if isinstance(obj, type) else f)
                except (ValueError, TypeError):
                    failed.append(f"{name}.{attr}")
    assert failed == []

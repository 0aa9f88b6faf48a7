# SPDX-License-Identifier: MIT
"""Issue 45 #6: pickle, copy.copy and copy.deepcopy of every public value of the package (docs/python.md,
pickle and copy): each comes back equal, field for field; a Batch refuses with a TypeError that says why."""
import copy
import pickle

import pytest

import dominoes


def positions():
    """Matches at several points of rounds of every layout, both players' views included."""
    out = []
    for preset, seed, moves in (("en-linea", 7, 0), ("dominoes2", 3, 9), ("draw", 5, 14), ("block", 2, 30)):
        m = dominoes.Match(preset)
        m.start_round(seed)
        for _ in range(moves):
            if not m.in_round:
                break
            m.play_index(m.legal_count() - 1)
        out.append(m)
    return out


def round_trips(value):
    return [pickle.loads(pickle.dumps(value, protocol)) for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1)] + \
        [copy.copy(value), copy.deepcopy(value)]


def test_observations_and_events_round_trip():
    for m in positions():
        for player in (dominoes.A, dominoes.B):
            o = m.observation(player) if m.in_round else None
            if o is None:
                continue
            for other in round_trips(o):
                assert other == o and other is not o and repr(other) == repr(o)
                assert other.__getstate__() == o.__getstate__()
                for attr in ("rules", "me", "turn", "opener", "round", "scores", "hand", "line", "lead_index", "ends",
                             "stock_count", "opponent_count", "legal", "from_deal", "unseen", "can_draw"):
                    assert getattr(other, attr) == getattr(o, attr), attr
                assert [(a.tile, a.left, a.right, a.heading) for a in other.laid] == \
                    [(a.tile, a.left, a.right, a.heading) for a in o.laid]
                assert other.history == o.history
            for e in o.history:
                for other in round_trips(e):
                    assert other == e and repr(other) == repr(e) and other.move == e.move
                    assert (other.who, other.ends, other.number, other.stock_count, other.can_draw) == \
                        (e.who, e.ends, e.number, e.stock_count, e.can_draw)
            if o.turn == o.me:  # a player decides the same from the copy
                greedy = dominoes.make_player("greedy")
                assert greedy.decide(pickle.loads(pickle.dumps(o))) == greedy.decide(o)


def test_observation_equality_sees_every_field():
    m = positions()[2]
    a, b = m.observation(dominoes.A), m.observation(dominoes.B)
    assert a != b and a == m.observation(dominoes.A)
    state = list(a.__getstate__())
    state[10] = not state[10]  # from_deal
    other = dominoes.Observation.__new__(dominoes.Observation)
    other.__setstate__(tuple(state))
    assert other != a and other.from_deal != a.from_deal


def test_laid_tiles_and_results_round_trip():
    for m in positions():
        for laid in m.line:
            for other in round_trips(laid):
                assert other == laid and (other.tile, other.left, other.right, other.heading) == \
                    (laid.tile, laid.left, laid.right, laid.heading)
        while m.in_round:
            m.play_index(0)
        r = m.last_result
        for other in round_trips(r):
            assert other == r and repr(other) == repr(r)
            assert (other.round, other.winner, other.how, other.points) == (r.round, r.winner, r.how, r.points)
        assert pickle.loads(pickle.dumps(m.results)) == m.results


def test_players_round_trip_as_their_spec_and_seed():
    for spec, seed in (("random", 9), ("greedy", 1), ("expert:ms=5", 3), ("club-player", 4)):
        p = dominoes.make_player(spec, seed=seed)
        for other in round_trips(p):
            assert (other.name, other.seed, repr(other)) == (p.name, p.seed, repr(p))
        # The copy is the player make_player(spec, seed) gives: the same moves as a fresh one.
        fresh, copied = dominoes.make_player(spec, seed=seed), pickle.loads(pickle.dumps(p))
        for m in positions():
            if m.in_round:
                o = m.observation()
                assert copied.decide(o)[0] == fresh.decide(o)[0]


def test_batch_refuses_with_the_reason():
    b = dominoes.Batch("en-linea", 4)
    for how in (pickle.dumps, copy.copy, copy.deepcopy):
        with pytest.raises(TypeError, match="a Batch does not pickle or copy: its rounds"):
            how(b)


def test_bad_state_is_a_value_error():
    o = positions()[1].observation()
    state = list(o.__getstate__())
    for field, bad in ((2, (1 << 30, 0, 255)), (4, 99), (0, "no-such-preset"), (8, [(0,)])):
        wrong = list(state)
        wrong[field] = bad
        other = dominoes.Observation.__new__(dominoes.Observation)
        with pytest.raises(ValueError):
            other.__setstate__(tuple(wrong))
    with pytest.raises(ValueError, match="a pickled Observation is 11 fields"):
        dominoes.Observation.__new__(dominoes.Observation).__setstate__((1, 2))


def test_every_public_value_pickles():
    """Every public class of the package: an instance of it pickles and copies equal (a Batch refuses)."""
    m = positions()[1]
    o = m.observation()
    err = None
    try:
        dominoes.read_dgn("dgn 1\nrules en-linea\nround 1 seed 7\nA 4-4\n", "game.dgn")
    except dominoes.DgnError as e:
        err = e
    env = dominoes.DominoesEnv("dominoes2")
    env.reset(seed=4)
    done = m.copy()
    while done.in_round:
        done.play_index(0)
    samples = {
        "Tile": dominoes.tile(6, 4), "Move": m.legal_moves()[0], "Rules": dominoes.Rules("draw target=50"),
        "Match": m, "Observation": o, "Event": o.history[0], "LaidTile": m.line[0], "RoundResult": done.last_result,
        "Computer": dominoes.make_player("strategist", 2), "DominoesEnv": env,
        "Player": dominoes.B, "End": dominoes.End.R, "Heading": dominoes.Heading.LEFT,
        "MoveKind": dominoes.MoveKind.DRAW, "RoundStatus": dominoes.RoundStatus.BLOCKED,
        "DrawRule": dominoes.DrawRule.NONE, "LeadRule": dominoes.LeadRule.WINNER,
        "BlockedRule": dominoes.BlockedRule.LOSER, "LayoutRule": dominoes.LayoutRule.FREE,
        "IllegalMove": dominoes.IllegalMove("B cannot draw while able to play"), "DgnError": err,
    }
    classes = {name for name in dir(dominoes) if isinstance(getattr(dominoes, name), type) and not name.startswith("_")}
    assert classes - set(samples) - {"Batch"} == set(), "a public class without a pickle test"
    for name, value in samples.items():
        assert type(value).__name__ == name
        for other in round_trips(value):
            assert type(other) is type(value), name
            if name == "Match":
                assert other.dgn() == value.dgn() and repr(other) == repr(value)
            elif name == "Computer":
                assert (other.name, other.seed) == (value.name, value.seed)
            elif name == "DominoesEnv":
                assert other.match.dgn() == value.match.dgn() and other.agents == value.agents
                assert (other.observe("A")["observation"] == value.observe("A")["observation"]).all()
            elif name in ("IllegalMove", "DgnError"):
                assert str(other) == str(value) and getattr(other, "line", None) == getattr(value, "line", None)
            else:
                assert other == value and repr(other) == repr(value), name
    for c in (dominoes.DRAW, dominoes.PASS):
        assert pickle.loads(pickle.dumps(c)) == c

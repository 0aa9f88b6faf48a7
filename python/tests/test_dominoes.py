# SPDX-License-Identifier: MIT
"""The Python module (docs/python.md): rule sets, a match, observations, DGN, layout, players, analysis."""
import pytest

import dominoes


def play_round(match, a="greedy", b="random", seed=1):
    players = {dominoes.A: dominoes.make_player(a, seed), dominoes.B: dominoes.make_player(b, seed + 1)}
    while match.in_round:
        players[match.to_move].play(match)
    return match.last_result


def test_rules():
    assert dominoes.presets() == ["dominoes2", "en-linea", "draw", "block"]
    r = dominoes.Rules("dominoes2 target=150")
    assert r.target == 150 and r.layout == dominoes.LayoutRule.FREE
    assert dominoes.parse_rules(r.text()) == r
    with pytest.raises(ValueError):
        dominoes.Rules("dominoes2 target=x")


def test_tiles():
    t = dominoes.tile(6, 4)
    assert dominoes.tile_text(t) == "6-4" and dominoes.tile_pips(t) == (6, 4)
    assert dominoes.tile(4, 6) == t


def test_match_moves():
    m = dominoes.Match("en-linea")
    m.start_round(7)
    assert m.in_round and m.to_move == dominoes.A
    assert len(m.hand(dominoes.A)) == 7 and m.stock_count == 14
    legal = m.legal_moves()
    assert [m.move_text(x) for x in legal] == ["6-6"]  # the double rule forces the lead
    wrong = dominoes.Move(tile=dominoes.tile(4, 4))
    assert "6-6" in m.illegal(wrong)
    with pytest.raises(ValueError):
        m.play(wrong)
    applied = m.play("6-6")
    assert applied.is_lead and m.ends == (6, 6) and m.to_move == dominoes.B


def test_draw_and_pass():
    m = dominoes.Match("en-linea")
    m.start_round(7)
    kinds = set()
    while m.in_round:
        mv = m.play(m.legal_moves()[0])
        kinds.add(mv.kind)
        if mv.kind == dominoes.MoveKind.DRAW:
            assert mv.tile != dominoes.NO_TILE
    assert dominoes.MoveKind.DRAW in kinds
    assert m.last_result.how in (dominoes.RoundStatus.DOMINO, dominoes.RoundStatus.BLOCKED)


def test_observation_hides_the_opponent():
    m = dominoes.Match("draw")
    m.start_round(3)
    mover = m.to_move
    waiting = dominoes.B if mover == dominoes.A else dominoes.A
    o = m.observation(waiting)
    assert o.me == waiting and o.legal == [] and len(o.hand) == 7
    assert set(o.unseen).isdisjoint(o.hand) and len(o.unseen) == 21
    m.play_index(0)
    o = m.observation()
    assert o.me == waiting and o.legal and len(o.history) == 1 and o.history[0].who == mover


def test_dgn_round_trip():
    m = dominoes.Match("dominoes2")
    m.start_round(11)
    result = play_round(m, "greedy", "strategist", 5)
    text = m.dgn()
    back = dominoes.read_dgn(text)
    assert back.dgn() == text and back.scores == m.scores and back.last_result.points == result.points
    with pytest.raises(ValueError, match=r"^x.dgn:2:"):
        dominoes.read_dgn("dgn 1\nrules nonsense\n", "x.dgn")


def test_read_keeps_the_history():
    m = dominoes.Match("en-linea")
    m.start_round(2)
    for _ in range(4):
        m.play_index(0)
    back = dominoes.read_dgn(m.dgn())
    assert len(back.observation().history) == 4 and back.legal_moves() == m.legal_moves()


def test_layout_as_data():
    m = dominoes.Match("dominoes2")
    m.start_round(1)
    for _ in range(3):
        m.play_index(0)
    table = m.layout()
    assert len(table["tiles"]) == len(m.line) == 3 - sum(1 for e in m.observation(dominoes.A).history if e.move.kind != dominoes.MoveKind.PLAY)
    assert "ends" in table and m.layout_text()


def test_players():
    assert "expert" in dominoes.player_names()
    with pytest.raises(ValueError):
        dominoes.make_player("nobody")
    m = dominoes.Match("en-linea")
    m.start_round(4)
    move, reason = dominoes.make_player("expert:ms=10").decide(m.observation())
    assert move in m.legal_moves() and reason
    assert play_round(m, "expert:ms=5", "greedy").points >= 0


def test_levels():
    levels = dominoes.levels()
    assert [l["name"] for l in levels][0] == "Beginner" and levels[-1]["name"] == "Master" and len(levels) == 8
    assert levels[0]["elo"] == {"en-linea": 0.0, "dominoes2": 0.0}
    assert [l["elo"]["en-linea"] for l in levels] == sorted(l["elo"]["en-linea"] for l in levels)
    club = next(l for l in levels if l["name"] == "Club player")
    assert club["spec"] == "strategist:random=0.2"
    # a level's name stands for its spec, case and hyphens aside
    m = dominoes.Match("en-linea")
    m.start_round(4)
    for name in ("club-player", "Club player"):
        move, _ = dominoes.make_player(name, 3).decide(m.observation())
        assert move == dominoes.make_player(club["spec"], 3).decide(m.observation())[0]
    with pytest.raises(ValueError):
        dominoes.make_player("Club plaer")


def test_analyse():
    m = dominoes.Match("block")
    m.start_round(9)
    m.play_index(0)
    evals = dominoes.analyse(m, samples=8)
    assert {e["text"] for e in evals} == {m.move_text(x) for x in m.legal_moves()}
    assert all(0 <= e["win"] <= 1 for e in evals)
    assert evals == sorted(evals, key=lambda e: (-e["win"], -e["points"]))
    whole = dominoes.analyse_record(m, samples=4)
    assert all(a["moves"] for a in whole)


def test_random_rounds():
    assert dominoes.random_rounds(dominoes.Rules("en-linea"), 100, 1) > 100

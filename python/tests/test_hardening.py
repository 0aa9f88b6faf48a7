# SPDX-License-Identifier: MIT
"""Issue 42, items 1, 2, 3, 20 and 21: what the user gives the module cannot hurt it (docs/python.md).

Each crash is reproduced in a child interpreter, so that a segfault fails its test instead of
ending the run."""
import subprocess
import sys
import textwrap
import threading

import pytest

import dominoes


def run_child(code):
    """Runs code in a fresh interpreter; fails on a crash (a signal) or any error, with its output."""
    proc = subprocess.run([sys.executable, "-c", "import dominoes\n" + textwrap.dedent(code)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


# 1. A rule knob is checked when it is set, with parse_rules' own message.
def test_knob_checked_when_set_crash_reproduction():
    out = run_child("""
        r = dominoes.Rules("en-linea")
        try:
            r.hand = -5
        except ValueError as e:
            print(e)
        m = dominoes.Match(r)
        m.start_round(1)
        print(len(m.hand(dominoes.A)))
        try:
            r.hand = 100
        except ValueError as e:
            print(e)
        print(dominoes.random_rounds(r, 1000) > 0)
    """)
    assert out.splitlines() == ["knob hand must be 1..14, not '-5'", "7",
                                "knob hand must be 1..14, not '100'", "True"]


def test_knobs_refuse_out_of_range_and_stay_unchanged():
    r = dominoes.Rules("en-linea")
    before = r.text()
    cases = [("hand", 0), ("hand", 15), ("reserve", -1), ("reserve", 29), ("target", 1001), ("target", -1),
             ("table_w", 30000), ("table_h", 3), ("table_w", 49), ("preset", "nonsense"),
             ("preset", "en-linea hand=3")]
    for knob, value in cases:
        with pytest.raises(ValueError) as e:
            setattr(r, knob, value)
        assert str(e.value), knob
        assert r.text() == before
    with pytest.raises(ValueError, match="knob table must be WxH with W and H in 4..64"):
        r.table_w = 30000
    with pytest.raises(ValueError, match="too small for layout=snake"):
        r.table_h = 20
    # An enum made from an int out of range is refused where it is made.
    for enum in (dominoes.DrawRule, dominoes.LeadRule, dominoes.BlockedRule, dominoes.LayoutRule):
        with pytest.raises(ValueError):
            enum(7)
    r.hand = 14
    r.reserve = 28
    r.target = 1000
    r.layout = dominoes.LayoutRule.FREE  # then a small table, knob by knob
    r.table_w = 4
    r.table_h = 4
    assert dominoes.parse_rules(r.text()) == r
    assert dominoes.Rules() == dominoes.Rules("en-linea")  # a valid rule set, not a 0x0 table


# 2. An observation is read-only: its attributes are copies.
def test_observation_rules_crash_reproduction():
    out = run_child("""
        m = dominoes.Match("en-linea")
        m.start_round(1)
        m.play_index(0)
        o = m.observation()
        o.rules.layout = dominoes.LayoutRule.FREE
        for w, h in ((0, 0), (4, 4)):
            try:
                o.rules.table_w = w
                o.rules.table_h = h
            except ValueError:
                pass
        for spec in ("flatmc:20", "expert:ms=20"):
            print(dominoes.make_player(spec).decide(o)[0] in o.legal)
        print(o.rules == m.rules)
    """)
    assert out.split() == ["True", "True", "True"]


def test_observation_attributes_are_copies():
    m = dominoes.Match("dominoes2")
    m.start_round(3)
    m.play_index(0)
    o = m.observation()
    for name in ("rules", "me", "hand", "history", "laid", "legal", "scores", "stock_count"):
        with pytest.raises(AttributeError):
            setattr(o, name, None)
    event = o.history[0]
    first = event.move.tile
    o.history[0].move.tile = (first + 1) % 28
    assert o.history[0].move.tile == first
    o.rules.target = 5
    assert o.rules.target == 100
    o.legal[0].end = dominoes.End.R
    assert o.legal == m.observation().legal


# 3. Every call that releases the GIL works on what it owns.
def test_analyse_record_racing_play_crash_reproduction():
    # Before the fix: a segfault in every run (the record's rounds reallocated under the analysis).
    out = run_child("""
        import threading
        m = dominoes.Match("en-linea target=1000")
        for seed in range(10):
            m.start_round(seed)
            while m.in_round:
                m.play_index(0)
        stop = False
        def analyse():
            while not stop:
                dominoes.analyse_record(m, samples=1)
        t = threading.Thread(target=analyse)
        t.start()
        for seed in range(10, 2000):
            if m.match_over:
                break
            m.start_round(seed)
            while m.in_round:
                m.play_index(0)
        stop = True
        t.join()
        print(m.match_over)
    """)
    assert out.split() == ["True"]


def test_one_player_on_two_threads():
    out = run_child("""
        import threading
        m = dominoes.Match("en-linea")
        m.start_round(2)
        p = dominoes.make_player("flatmc:50")
        o = m.observation()
        errors = []
        def decide():
            for _ in range(20):
                try:
                    assert p.decide(o)[0] in o.legal
                except RuntimeError as e:
                    errors.append(str(e))
        threads = [threading.Thread(target=decide) for _ in range(3)]
        for t in threads: t.start()
        for t in threads: t.join()
        print(set(errors) <= {"the player is deciding on another thread"})
    """)
    assert out.split() == ["True"]


# 20. A lead that names an end: play and illegal agree, and a refusal always says why.
def test_lead_naming_an_end():
    m = dominoes.Match("en-linea")
    m.start_round(7)
    six = dominoes.tile(6, 6)
    lead = dominoes.Move(tile=six, end=dominoes.End.L)
    assert m.illegal(lead) == ""
    assert m.copy().play("6-6 L").tile == six
    applied = m.play(lead)
    assert applied.tile == six and applied.is_lead


def test_play_and_illegal_agree_on_every_move():
    E, H, K = dominoes.End, dominoes.Heading, dominoes.MoveKind
    for rules in ("en-linea", "dominoes2"):
        m = dominoes.Match(rules)
        m.start_round(11)
        for step in range(12):
            if not m.in_round:
                break
            for kind in (K.PLAY, K.DRAW, K.PASS):
                for t in range(28) if kind == K.PLAY else (dominoes.NO_TILE,):
                    for end in (E.L, E.R, E.NONE):
                        for heading in (H.STRAIGHT, H.LEFT, H.RIGHT):
                            mv = dominoes.Move(kind, t, end, heading)
                            why = m.illegal(mv)
                            try:
                                m.copy().play(mv)
                                assert why == "", (mv, why)
                            except ValueError as e:
                                assert str(e), mv
                                assert why == str(e), mv
            m.play_index(step % m.legal_count())


# 21. Tile numbers outside 0..27 are refused wherever a tile enters.
def test_tile_numbers_refused():
    for bad in (-1, 28, 254, 256, 1000):
        with pytest.raises(ValueError, match="a tile is 0..27"):
            dominoes.Move(tile=bad)
        with pytest.raises(ValueError, match="a tile is 0..27"):
            dominoes.tile_text(bad)
        with pytest.raises(ValueError, match="a tile is 0..27"):
            dominoes.tile_pips(bad)
    mv = dominoes.Move(tile=3)
    with pytest.raises(ValueError, match="a tile is 0..27"):
        mv.tile = 1000
    assert mv.tile == 3
    with pytest.raises(ValueError):
        mv.left_pip = 7
    with pytest.raises(ValueError):
        dominoes.Move(tile=3, left_pip=300)
    for enum in (dominoes.End, dominoes.Heading, dominoes.MoveKind, dominoes.Player):
        with pytest.raises(ValueError):
            enum(9)
    m = dominoes.Match("en-linea")
    m.start_round(7)
    with pytest.raises(ValueError, match="a play names a tile"):
        m.play(dominoes.Move())
    with pytest.raises(ValueError, match="a play names a tile"):
        m.move_text(dominoes.Move())
    assert m.move_text(dominoes.Move(tile=dominoes.tile(6, 6), end=dominoes.End.R)) == "6-6"
    with pytest.raises(ValueError):
        m.move_text(dominoes.Move(tile=dominoes.tile(1, 0), end=dominoes.End.R))  # not legal: no words read past
    assert repr(dominoes.Move(tile=27)) == "Move(6-6)"

# SPDX-License-Identifier: MIT
"""Hypothesis fuzz of the Python API (issue 42): random sequences of calls on Rules, Match, Batch,
observations and the players, some on a second thread, must never crash. A refusal is a Python
exception of the documented kinds; anything else (a segfault, an abort, an ASan report) ends the run.

The run is reproducible (derandomized, no example database). DOMINOES_HYPOTHESIS_EXAMPLES sets the
number of examples (default 1000, about 30 s in a release build); each is a sequence of up to 25 calls.
The number of examples run (and of calls and threads) is printed at the end."""
import os
import threading

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule, run_state_machine_as_test

import dominoes

EXAMPLES = int(os.environ.get("DOMINOES_HYPOTHESIS_EXAMPLES", "1000"))
# What the module may raise at a bad call: never a crash.
REFUSALS = (ValueError, IndexError, RuntimeError, TypeError, AttributeError, OverflowError)
PLAYERS = ["random", "greedy", "strategist", "flatmc:3", "expert:ms=2", "greedy:random=0.5"]
KNOBS = ["preset", "hand", "reserve", "draw", "lead", "blocked", "target", "layout", "table_w", "table_h"]
ran = {"examples": 0, "calls": 0, "threads": 0}

ints = st.one_of(st.integers(-3, 70), st.sampled_from([-2**31, 255, 256, 1000, 30000, 2**31 - 1, 2**40]))
enum_ints = st.integers(-2, 5)


def knob_value(knob):
    enums = {"draw": dominoes.DrawRule, "lead": dominoes.LeadRule, "blocked": dominoes.BlockedRule,
             "layout": dominoes.LayoutRule}
    if knob == "preset":
        return st.one_of(st.sampled_from(dominoes.presets()), st.text(max_size=12))
    if knob in enums:
        return enum_ints.map(lambda i, e=enums[knob]: refused(lambda: e(i)))
    return ints


def refused(f, *args):
    """f(*args), or None if it raised one of the refusals."""
    try:
        return f(*args)
    except REFUSALS:
        return None


class Api(RuleBasedStateMachine):
    @initialize(preset=st.sampled_from(dominoes.presets()))
    def setup(self, preset):
        ran["examples"] += 1
        self.rules = dominoes.Rules(preset)
        self.match = dominoes.Match(self.rules)
        self.batch = None
        self.threads = []

    def call(self, f, *args):
        ran["calls"] += 1
        return refused(f, *args)

    @rule(knob=st.sampled_from(KNOBS), data=st.data())
    def set_knob(self, knob, data):
        value = data.draw(knob_value(knob))
        before = self.rules.text()
        ran["calls"] += 1
        try:
            setattr(self.rules, knob, value)
        except REFUSALS:
            assert self.rules.text() == before  # a refused knob is left as it was
        assert dominoes.parse_rules(self.rules.text()) == self.rules

    @rule(text=st.one_of(st.text(max_size=30), st.sampled_from(["en-linea hand=14 reserve=28", "block hand=1",
                                                               "dominoes2 table=4x4", "draw lead=winner"])))
    def parse(self, text):
        r = self.call(dominoes.Rules, text)
        if r is not None:
            self.rules = r

    @rule()
    def new_match(self):
        self.match = dominoes.Match(self.rules)

    @rule(seed=st.integers(0, 2**64 - 1))
    def start_round(self, seed):
        self.call(self.match.start_round, seed)

    @rule(i=st.integers(-2, 30))
    def play_index(self, i):
        self.call(self.match.play_index, i)

    @rule(kind=enum_ints, tile=ints, end=enum_ints, heading=enum_ints, pip=ints)
    def play_move(self, kind, tile, end, heading, pip):
        def move():
            return dominoes.Move(dominoes.MoveKind(kind), tile, dominoes.End(end), dominoes.Heading(heading), pip)

        mv = self.call(move)
        if mv is None:
            return
        why = self.call(self.match.illegal, mv)
        text = self.call(self.match.move_text, mv)
        played = self.call(self.match.play, mv)
        if not self.threads:  # else another thread may play in between
            assert (text is not None) == (why == "") == (played is not None), (mv, why)

    @rule(text=st.one_of(st.text(max_size=12), st.sampled_from(["6-6", "6-6 L", "draw", "pass", "5-4 R left"])))
    def play_text(self, text):
        self.call(self.match.play, text)

    @rule(player=enum_ints)
    def read_state(self, player):
        m = self.match
        for f in (m.legal_moves, m.layout, m.layout_text, m.dgn, m.copy, lambda: (m.ends, m.line, m.scores,
                  m.results, m.last_result, m.stock_count, m.to_move, m.status, m.rules, m.lead_index)):
            self.call(f)
        p = self.call(dominoes.Player, player)
        self.call(m.hand, p)
        self.call(m.observation, p)

    @rule()
    def dgn_round_trip(self):
        text = self.call(self.match.dgn)
        if text is not None and not self.threads:
            dominoes.read_dgn(text)  # what the module writes it reads back

    @rule(spec=st.sampled_from(PLAYERS), seed=st.integers(0, 2**64 - 1), mutate=st.booleans())
    def decide(self, spec, seed, mutate):
        p = dominoes.make_player(spec, seed)
        o = self.call(self.match.observation)
        if o is None:
            return
        if mutate:  # what issue 42 #2 did: the observation keeps its own rules
            r = o.rules
            self.call(setattr, r, "layout", dominoes.LayoutRule.FREE)
            self.call(setattr, r, "table_w", 4)
        d = self.call(p.decide, o)
        if d is not None:
            assert d[0] in o.legal

    @rule(spec=st.sampled_from(PLAYERS))
    def computer_plays(self, spec):
        self.call(dominoes.make_player(spec).play, self.match)

    @rule(samples=st.integers(-1, 3))
    def analyse(self, samples):
        self.call(dominoes.analyse, self.match, samples)

    @rule(n=st.integers(-1, 6), seed=st.integers(0, 2**64 - 1), fast=st.booleans())
    def new_batch(self, n, seed, fast):
        self.batch = self.call(dominoes.Batch, self.rules, n, seed, fast) or self.batch

    @precondition(lambda self: self.batch is not None)
    @rule(data=st.data())
    def step_batch(self, data):
        import numpy as np
        b = self.batch
        counts = self.call(b.legal_counts)
        if counts is None:
            return
        wild = data.draw(st.booleans())
        idx = data.draw(st.lists(st.integers(-1, 40) if wild else st.integers(0, 63), min_size=len(b), max_size=len(b)))
        if not wild:
            idx = [i % max(int(c), 1) for i, c in zip(idx, counts)]
        self.call(b.step, np.array(idx, dtype=np.int32))
        for f in (b.hands, b.ends, b.to_move, b.stock_counts, b.round_winners, b.round_points):
            self.call(f)
        slot = data.draw(st.integers(-len(b) - 1, len(b)))
        self.call(b.legal_moves, slot)
        self.call(b.match, slot)

    # On a second thread, while this one goes on with other calls: each call that releases the GIL.
    @rule(what=st.sampled_from(["analyse_record", "analyse", "player", "decide", "batch", "random_rounds"]),
          spec=st.sampled_from(PLAYERS))
    def start_thread(self, what, spec):
        m, b, r = self.match, self.batch, self.rules
        p = dominoes.make_player(spec)
        o = refused(m.observation)
        jobs = {
            "analyse_record": lambda: dominoes.analyse_record(m, samples=1),
            "analyse": lambda: dominoes.analyse(m, samples=1),
            "player": lambda: p.play(m),
            "decide": lambda: p.decide(o),
            "batch": lambda: b.step(__import__("numpy").zeros(len(b), dtype="int32")),
            "random_rounds": lambda: dominoes.random_rounds(r, 20),
        }
        t = threading.Thread(target=refused, args=(jobs[what],))
        t.start()
        ran["threads"] += 1
        self.threads.append(t)

    @rule()
    def join_threads(self):
        for t in self.threads:
            t.join()
        self.threads = []

    @invariant()
    def consistent(self):
        m = self.match
        if m.in_round:
            assert 0 <= m.stock_count <= 28 and len(m.hand(dominoes.A)) + len(m.hand(dominoes.B)) <= 28

    def teardown(self):
        for t in getattr(self, "threads", []):
            t.join()


def test_fuzz_api(capsys):
    run_state_machine_as_test(
        Api,
        settings=settings(max_examples=EXAMPLES, stateful_step_count=25, derandomize=True, database=None,
                          deadline=None, suppress_health_check=list(HealthCheck)))
    with capsys.disabled():  # shown in CTest's output too
        print(f"\nhypothesis: {ran['examples']} examples, {ran['calls']} calls, {ran['threads']} threads, no crash")
    assert ran["examples"] > 0

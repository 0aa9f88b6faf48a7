# SPDX-License-Identifier: MIT
"""dominoes.Engine and dominoes.serve (docs/engine-protocol.md): an outside engine as a player."""
import os
import sys

import pytest

import dominoes

# The source tree, for the example and hostile engines: the tests' own tree, or DOMINOES_SOURCE_DIR
# when they run from a copy outside it (python/wheel_test.sh).
ROOT = os.environ.get("DOMINOES_SOURCE_DIR") or os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(dominoes.__file__)))


def play_round(m, a, b):
    while m.to_move is not None:
        player = a if m.to_move == dominoes.Player.A else b
        move, _ = player.decide(m.observation())
        assert move in m.legal_moves()
        m.play(move)


def test_random_example_plays_legal_moves():
    m = dominoes.Match("dominoes2")
    m.start_round(5)
    play_round(m, dominoes.Engine("python3 " + os.path.join(ROOT, "examples/engines/random_engine.py"), 3),
               dominoes.make_player("greedy"))


def test_serve_turns_a_function_into_an_engine(tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text("import sys\nsys.path.insert(0, %r)\nfrom dominoes import serve\n"
                   "serve(lambda o: o['legal'][-1], name='last')\n" % PACKAGE)
    m = dominoes.Match("en-linea")
    m.start_round(8)
    play_round(m, dominoes.Engine("%s %s" % (sys.executable, bot), 1), dominoes.make_player("random", 2))


def test_a_hostile_engine_raises_its_reason():
    m = dominoes.Match("en-linea")
    m.start_round(3)
    e = dominoes.Engine("sh %s illegal" % os.path.join(ROOT, "tests/engines/hostile.sh"))
    with pytest.raises(RuntimeError, match="engine 'hostile illegal' played 0-0 R"):
        while True:
            move, _ = (e if m.to_move == dominoes.Player.A else dominoes.make_player("greedy")).decide(
                m.observation())
            m.play(move)

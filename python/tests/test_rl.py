# SPDX-License-Identifier: MIT
"""The reinforcement-learning API (docs/python.md, For reinforcement learning): action ids, masks,
tensors, returns, the AEC-shaped environment and the Batch's per-player view."""
import random
import time

import numpy as np
import pytest

import dominoes

PRESETS = ["en-linea", "dominoes2", "draw", "block"]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_round_by_action_ids_agrees_with_match(preset):
    for seed in range(25):
        by_id, by_move = dominoes.Match(preset), dominoes.Match(preset)
        by_id.start_round(seed)
        by_move.start_round(seed)
        rng = random.Random(seed)
        while by_move.in_round:
            legal = by_move.legal_moves()
            ids = [by_move.move_to_action(m) for m in legal]
            assert by_id.legal_actions() == sorted(ids) and len(set(ids)) == len(ids)
            mask = by_id.legal_actions_mask()
            assert mask.shape == (by_id.num_distinct_actions,) and list(np.flatnonzero(mask)) == sorted(ids)
            for m, a in zip(legal, ids):
                assert by_id.action_to_move(a).same(m)
            k = rng.randrange(len(legal))
            assert by_id.apply_action(ids[k]) == by_move.play(legal[k])
            assert by_id.ends == by_move.ends and by_id.hand(dominoes.A) == by_move.hand(dominoes.A)
        assert not by_id.in_round and by_id.dgn() == by_move.dgn()
        r = by_id.last_result
        ret = by_id.returns()
        assert sum(ret) == 0 and by_id.rewards() == ret
        if r.winner is not None:
            assert ret[r.winner.value] == r.points


def test_action_ids_are_fixed_per_layout():
    assert dominoes.Match("en-linea").num_distinct_actions == 86
    assert dominoes.Match("dominoes2").num_distinct_actions == 198
    m = dominoes.Match("en-linea")
    assert m.action_to_move(84).kind == dominoes.MoveKind.DRAW and m.action_to_move(85).kind == dominoes.MoveKind.PASS
    six_four = dominoes.tile(6, 4)
    assert m.action_to_move(3 * six_four + 2).end == dominoes.End.R
    free = dominoes.Match("dominoes2")
    mv = free.action_to_move(7 * six_four + 6)
    assert (mv.tile, mv.end, mv.heading) == (six_four, dominoes.End.R, dominoes.Heading.RIGHT)
    for bad in (-1, 86):
        with pytest.raises(ValueError):
            m.action_to_move(bad)
    m.start_round(7)
    with pytest.raises(ValueError):
        m.apply_action(84)  # a draw while able to lead


def test_observation_tensor_layout():
    m = dominoes.Match("en-linea")
    m.start_round(3)
    for _ in range(5):
        m.play_index(0)
    for p in (dominoes.A, dominoes.B):
        t = m.observation_tensor(p)
        o = m.observation(p)
        assert t.dtype == np.float32 and t.shape == (105,)
        assert sorted(np.flatnonzero(t[:28])) == sorted(o.hand)
        assert sorted(np.flatnonzero(t[28:56])) == sorted(o.line)
        assert sorted(np.flatnonzero(t[56:84])) == sorted(o.unseen)
        assert t[84 + o.ends[0]] == 1 and t[92 + o.ends[1]] == 1 and t[84:100].sum() == 2
        assert t[100] * 28 == pytest.approx(o.opponent_count) and t[101] * 28 == pytest.approx(o.stock_count)
        assert t[102] == (m.to_move == p)


def test_information_state_holds_the_deal_and_the_moves():
    m = dominoes.Match("draw")
    m.start_round(5)
    dealt = {p: m.hand(p) for p in (dominoes.A, dominoes.B)}
    moves = 0
    while m.in_round and moves < 12:
        m.play_index(len(m.legal_moves()) - 1)
        moves += 1
    for p in (dominoes.A, dominoes.B):
        s = m.information_state_tensor(p)
        assert s.shape == (105 + 28 + 112 * 36,)
        assert sorted(np.flatnonzero(s[105:133])) == sorted(dealt[p])
        rows = s[133:].reshape(112, 36)
        assert rows[:moves, :2].sum() == moves and rows[moves:].sum() == 0
    other = dominoes.B if m.to_move == dominoes.A else dominoes.A
    assert m.information_state_string(other) != m.information_state_string(m.to_move)


def rollout(env, rounds, seed):
    rng = np.random.default_rng(seed)
    steps = 0
    for r in range(rounds):
        env.reset(seed=seed + r)
        total = {"A": 0, "B": 0}
        for agent in env.agent_iter():
            obs, reward, termination, truncation, _ = env.last()
            total[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            assert obs["observation"].shape == (105,)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        assert total["A"] == -total["B"]
    return steps


def test_env_random_rollout():
    env = dominoes.DominoesEnv("en-linea")
    start = time.perf_counter()
    steps = rollout(env, 200, 1)
    took = time.perf_counter() - start
    print(f"env: 200 rounds, {steps} steps, {200 / took:.0f} rounds/s, {took / steps * 1e6:.1f} us a step")
    assert env.agents == []
    with pytest.raises(ValueError):
        env.reset(seed=1)
        env.step(84)  # a draw while able to lead


def test_batch_per_player_view():
    b = dominoes.Batch("en-linea", 64, seed=3)
    c = dominoes.Batch("en-linea", 64, seed=3)
    rng = np.random.default_rng(2)
    for _ in range(300):
        masks, obs = b.legal_actions_masks(), b.observation_tensors()
        assert masks.shape == (64, 86) and obs.shape == (64, 105)
        assert (masks.sum(1) == b.legal_counts()).all()
        for i in (0, 17):
            m = b.match(i)
            assert (obs[i] == m.observation_tensor()).all()
            assert (masks[i] == m.legal_actions_mask()).all()
        idx = (rng.random(64) * b.legal_counts()).astype(np.int64)  # NumPy's default int64 is taken
        actions = np.array([c.match(i).move_to_action(c.legal_moves(i)[k]) for i, k in enumerate(idx)])
        b.step(idx)
        c.step_actions(actions)
        assert (b.to_move() == c.to_move()).all() and (b.hands() == c.hands()).all()
    with pytest.raises(TypeError):
        b.step(np.zeros(64))  # floats are not indices
    with pytest.raises(ValueError):
        b.step(np.full(64, 2**40))

# SPDX-License-Identifier: MIT
"""An environment with the shape of PettingZoo's AEC API (docs/python.md), without PettingZoo.

    env = dominoes.env.DominoesEnv("en-linea")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else policy(obs["observation"], obs["action_mask"])
        env.step(action)

One episode is one round of the rule set. The agents are "A" and "B"; actions are the fixed action
ids of Match (num_distinct_actions of them); an observation is a dict of "observation" (the
observation tensor, 105 float32) and "action_mask" (uint8). The reward comes at the round's end: the
winner gets its points, the loser their negative (Match.returns()).
"""
import numpy as np

from ._dominoes import Match, Player

_PLAYERS = {"A": Player.A, "B": Player.B}


class DominoesEnv:
    """Two agents, "A" and "B", playing one round per episode (PettingZoo's AEC shape)."""

    metadata = {"name": "dominoes_v0", "is_parallelizable": False}

    def __init__(self, rules="en-linea"):
        """rules: a Rules or its text ("dominoes2", "en-linea target=50", ...)."""
        self.rules = rules
        self.possible_agents = ["A", "B"]
        self.match = Match(rules)
        self.num_actions = self.match.num_distinct_actions
        self.observation_shape = (105,)
        self.agents = []

    def reset(self, seed=None, options=None):
        """Deals a new round from seed (0 if None) and makes both agents live."""
        self.match = Match(self.rules)
        self.match.start_round(0 if seed is None else int(seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.match.to_move.name

    def observe(self, agent):
        """The agent's observation: {"observation": float32 (105,), "action_mask": uint8 (num_actions,)}."""
        player = _PLAYERS[agent]
        mask = np.zeros(self.num_actions, np.uint8)
        if self.match.in_round and self.match.to_move == player:
            mask = self.match.legal_actions_mask()
        return {"observation": self.match.observation_tensor(player), "action_mask": mask}

    def action_mask(self, agent):
        """The legal actions of the agent now (all zeros when it is not to move)."""
        return self.observe(agent)["action_mask"]

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info) of the agent to act."""
        a = self.agent_selection
        return (self.observe(a) if observe else None, self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def step(self, action):
        """Plays an action id for agent_selection; after the round, None retires each agent in turn."""
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            if action is not None:
                raise ValueError("the round is over: step(None) for each agent")
            self.agents.remove(a)
            del self.rewards[a], self._cumulative_rewards[a], self.terminations[a], self.truncations[a], self.infos[a]
            self.agent_selection = self.agents[0] if self.agents else a
            return
        self._cumulative_rewards[a] = 0
        self.match.apply_action(int(action))
        if self.match.in_round:
            self.rewards = {x: 0 for x in self.agents}
            self.agent_selection = self.match.to_move.name
            return
        returns = self.match.returns()
        for x in self.agents:
            self.rewards[x] = returns[_PLAYERS[x].value]
            self._cumulative_rewards[x] += self.rewards[x]
            self.terminations[x] = True
        self.infos = {x: {"result": self.match.last_result} for x in self.agents}

    def agent_iter(self, max_iter=2**63):
        """The agents in the order they act, until both are retired."""
        i = 0
        while self.agents and i < max_iter:
            yield self.agent_selection
            i += 1

"""``tenball.envs.duel_env()``: a match of ten ball between two players, PettingZoo's AEC API.

The whole rules, as the referee plays them: the break (in hand in the kitchen), the push out
and the choice it gives (5.4), the choice after a safety or a wrongly pocketed ball (5.6,
5.7), ball in hand after a foul, three fouls (7.14), a race to ``race_to`` racks. Each agent's
observation carries ``kind_mask`` (the strokes the rules allow it now) and ``choice_mask``
(whether it must choose: play the table or hand it back). The computer's levels play a turn
through :meth:`TenBallDuel.computer_step`, so an agent can train against levels 1 to 5.

Rewards: +1 to the winner of a rack and -1 to the loser, when the rack ends.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import _native
from ._common import (
    call_of,
    check_stroke,
    free_place,
    observation_space,
    observe,
    shot_action_space,
    spec_of,
    stroke_of,
    view_of,
)

AGENTS = ("player_A", "player_B")


def duel_env(**kwargs: Any) -> "TenBallDuel":
    """A :class:`TenBallDuel` (PettingZoo's usual constructor)."""
    return TenBallDuel(**kwargs)


class TenBallDuel(AECEnv):
    """Two players, ``player_A`` breaking the first rack. An action is a dict: ``kind``,
    ``pocket``, ``stroke``, ``place`` (as in ``TenBall-v0``) and ``choice`` (1 play the table,
    0 hand it back: read only when a choice is due, as ``choice_mask`` says)."""

    metadata = {"name": "tenball_duel_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(
        self,
        race_to: int = 1,
        rack: str = "hand",
        table: str = "9ft",
        equipment: str = "wpa",
        max_strokes: int = 400,
    ) -> None:
        super().__init__()
        if not 1 <= race_to <= 99:
            raise ValueError("race_to: from 1 to 99 racks")
        self.race_to, self.rack, self.table_size = race_to, rack, table
        self.equipment, self.max_strokes = equipment, max_strokes
        self.sizes = spec_of(table, equipment)
        self.possible_agents = list(AGENTS)
        extra = {"choice_mask": spaces.MultiBinary(1), "to_act": spaces.Discrete(2)}
        self._obs_space = observation_space(self.sizes, extra)
        action = dict(shot_action_space(self.sizes).spaces)
        action["choice"] = spaces.Discrete(2)
        self._act_space = spaces.Dict(action)
        self.table: Optional[Any] = None
        self._seed: Optional[int] = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Dict:
        return self._act_space

    def _view(self) -> Dict[str, Any]:
        return view_of(self.table)

    def observe(self, agent: str) -> Dict[str, Any]:
        view = self._view()
        obs = observe(view)
        mine = view["turn"]["player"] == agent[-1]
        if not mine:
            obs["kind_mask"] = np.zeros(3, dtype=np.int8)
        obs["choice_mask"] = np.array([int(mine and view["turn"]["action"] == "choose")], dtype=np.int8)
        obs["to_act"] = AGENTS.index("player_" + view["turn"]["player"])
        return obs

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        if seed is not None:
            self._seed = seed
        draw = self._seed if self._seed is not None else int(np.random.SeedSequence().entropy % 2**63)
        if self._seed is not None:
            self._seed += 1
        self.table = _native.Table(draw, self.rack, self.table_size, self.equipment, self.race_to)
        self.agents = list(AGENTS)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.strokes = 0
        self.agent_selection = "player_" + self._view()["turn"]["player"]

    def _after(self, played: Optional[Dict[str, Any]]) -> None:
        """Rewards, ends and the next agent once the table has moved on."""
        self.rewards = {a: 0.0 for a in self.agents}
        if played is not None:
            ruling = played["ruling"]
            info = {k: played[k] for k in ("ruling", "facts", "call", "note") if k in played}
            self.infos = {a: dict(info) for a in self.agents}
            result = ruling.get("rack_result") or {}
            winner = result.get("winner")
            if winner is not None:
                for a in self.agents:
                    self.rewards[a] = 1.0 if a == "player_" + winner else -1.0
        view = self._view()
        if view["turn"]["action"] == "match_over":
            self.terminations = {a: True for a in self.agents}
        elif self.strokes >= self.max_strokes:
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()
        self.agent_selection = "player_" + view["turn"]["player"]

    def step(self, action: Optional[Dict[str, Any]]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        view = self._view()
        if view["turn"]["action"] == "choose":
            played = None
            self.table.choose(bool(int(action["choice"])))
        else:
            stroke = check_stroke(action["stroke"])
            call, note = call_of(action["kind"], action["pocket"], view)
            place = None
            in_hand = view["turn"]["action"] == "break" or view["turn"].get("ball_in_hand")
            if in_hand:
                kitchen = view["turn"]["action"] == "break"
                place = free_place(tuple(np.asarray(action["place"], dtype=float)), view, self.sizes, kitchen)
            played = json.loads(
                self.table.shoot(json.dumps(call), json.dumps(stroke_of(stroke)), place, None)
            )
            self.strokes += 1
            played["call"] = call
            if note:
                played["note"] = note
        self._after(played)

    def computer_step(self, level: Any = 5) -> Dict[str, Any]:
        """The agent to act plays as the computer at ``level`` (1 to 5 or "greedy"): its
        stroke with the level's noise, or its choice. Gives the computer's decision."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(None)
            return {}
        self._cumulative_rewards[agent] = 0.0
        played = json.loads(self.table.computer(str(level)))
        if "ruling" in played:
            self.strokes += 1
            self._after(played)
        else:
            self._after(None)
        return played["decision"]

    def render(self) -> None:
        return None

    def close(self) -> None:
        self.table = None

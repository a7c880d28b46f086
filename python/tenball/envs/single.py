"""``tenball/TenBall-v0``: one player's visit at the table, gymnasium's API.

Each episode racks the balls by its seed and has the computer (level 5) break; the agent then
shoots every stroke of the visit that follows (``start="in_hand"``: from practice's ball in
hand anywhere instead). The referee judges each stroke; the episode ends where the rules end
the visit (a miss, a foul, a safety, a push out: the other player is to act) or the rack.

Rewards: +1 for each stroke that makes its call legally and keeps the table, +10 more for
winning the rack, -1 for a foul, 0 otherwise.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Tuple

import gymnasium as gym
import numpy as np

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


class TenBallEnv(gym.Env):
    """One player's visit at a ten-ball table: observation and action as
    :func:`tenball.envs._common.observation_space` and ``shot_action_space`` say.

    ``start``: ``"break"`` (the visit after the computer's break, whoever is to shoot) or
    ``"in_hand"`` (that shot, with the cue ball in hand anywhere). ``rack``, ``table``,
    ``equipment`` as :func:`tenball.rack` takes them; ``max_strokes`` truncates a visit.
    """

    metadata = {"render_modes": []}

    def __init__(
        self,
        start: str = "break",
        rack: str = "hand",
        table: str = "9ft",
        equipment: str = "wpa",
        max_strokes: int = 30,
        breaker_level: str = "5",
    ) -> None:
        if start not in ("break", "in_hand"):
            raise ValueError(f"start: 'break' or 'in_hand', got {start!r}")
        if max_strokes < 1:
            raise ValueError("max_strokes: at least 1")
        self.start, self.rack, self.table_size = start, rack, table
        self.equipment, self.max_strokes, self.breaker_level = equipment, max_strokes, breaker_level
        self.sizes = spec_of(table, equipment)
        self.observation_space = observation_space(self.sizes)
        self.action_space = shot_action_space(self.sizes)
        self.table: Optional[Any] = None
        self.shooter: Optional[str] = None
        self.strokes = 0

    def _view(self) -> Dict[str, Any]:
        return view_of(self.table)

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        super().reset(seed=seed)
        draw = int(self.np_random.integers(0, 2**63 - 1))
        while True:
            self.table = _native.Table(draw, self.rack, self.table_size, self.equipment, 99)
            broke = json.loads(self.table.computer(self.breaker_level))
            view = self._view()
            # A rack won on the break (the 10 made) leaves nothing to play: rack again.
            if view["turn"]["action"] == "shoot":
                break
            draw += 1
        if self.start == "in_hand":
            view = json.loads(self.table.ball_in_hand())
        self.shooter = view["turn"]["player"]
        self.strokes = 0
        return observe(view), {"break": broke["ruling"]}

    def step(self, action: Dict[str, Any]) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        if self.table is None:
            raise RuntimeError("call reset() before step()")
        view = self._view()
        if view["turn"]["action"] != "shoot" or view["turn"]["player"] != self.shooter:
            raise RuntimeError("the visit is over: call reset()")
        stroke = check_stroke(action["stroke"])
        call, note = call_of(action["kind"], action["pocket"], view)
        place = None
        if view["turn"].get("ball_in_hand"):
            place = free_place(tuple(np.asarray(action["place"], dtype=float)), view, self.sizes, False)
        played = json.loads(
            self.table.shoot(json.dumps(call), json.dumps(stroke_of(stroke)), place, None)
        )
        self.strokes += 1
        ruling = played["ruling"]
        after = self._view()
        won = ruling.get("rack_result") is not None
        keeps = after["turn"]["player"] == self.shooter and after["turn"]["action"] == "shoot"
        reward = 0.0
        if not ruling["legal"]:
            reward -= 1.0
        elif call["type"] == "ball" and keeps:
            reward += 1.0
        winner = (ruling.get("rack_result") or {}).get("winner")
        if won and winner == self.shooter:
            reward += 10.0
        terminated = won or not keeps
        truncated = not terminated and self.strokes >= self.max_strokes
        info = {"ruling": ruling, "facts": played["facts"], "call": call, "place": place}
        if note:
            info["note"] = note
        return observe(after), reward, terminated, truncated, info

"""What the two environments share: the observation read off a table in play, the action
turned into a call, a stroke and a place for the cue ball, and the spaces of both.

The referee decides everything: an action becomes a call and a stroke, `tenball._native.Table`
plays it through `play_shot`, and the ruling comes back with its rule number.
"""

from __future__ import annotations

import json
import math
from typing import Any, Dict, Optional, Tuple

import numpy as np
from gymnasium import spaces

from .. import table_spec

#: The pockets, in the order of the action's ``pocket``.
POCKETS = ("head_left", "head_right", "side_left", "side_right", "foot_left", "foot_right")

#: The action's ``kind``: the ball on called into ``pocket``, a safety (5.6), a push out (5.4).
KINDS = ("call", "safety", "push_out")

#: The stroke's bounds, in the order aim (degrees), speed (m/s), side and height (shares of
#: the radius), elevation (degrees).
STROKE_LOW = np.array([-180.0, 0.5, -0.6, -0.6, 0.0], dtype=np.float32)
STROKE_HIGH = np.array([180.0, 10.0, 0.6, 0.6, 45.0], dtype=np.float32)
STROKE_NAMES = ("aim_deg", "speed", "side", "height", "elevation_deg")


def stroke_space() -> spaces.Box:
    return spaces.Box(STROKE_LOW, STROKE_HIGH, dtype=np.float32)


def place_space(spec: Dict[str, float]) -> spaces.Box:
    r = spec["ball_radius"]
    half = np.array([spec["length"] / 2 - r, spec["width"] / 2 - r], dtype=np.float32)
    return spaces.Box(-half, half, dtype=np.float32)


def shot_action_space(spec: Dict[str, float]) -> spaces.Dict:
    """The action of a stroke: ``kind`` (0 call the ball on, 1 safety, 2 push out), ``pocket``
    (an index of :data:`POCKETS`), ``stroke`` (aim, speed, side, height, elevation) and
    ``place`` (x, y in metres: where the cue ball goes when it is in hand)."""
    return spaces.Dict(
        {
            "kind": spaces.Discrete(len(KINDS)),
            "pocket": spaces.Discrete(len(POCKETS)),
            "stroke": stroke_space(),
            "place": place_space(spec),
        }
    )


def observation_space(spec: Dict[str, float], extra: Optional[Dict[str, Any]] = None) -> spaces.Dict:
    """Ball places (11 x 2: the cue ball, then balls 1 to 10; 0 where a ball is not on the
    table), ``on_table`` (the mask of those rows), the ball on (the lowest, 7.2), the cue ball
    in hand (0 no, 1 anywhere, 2 in the kitchen), whether a push out is allowed, and
    ``kind_mask``: the kinds of stroke the rules allow now."""
    half = np.array([spec["length"] / 2, spec["width"] / 2], dtype=np.float32)
    low = np.tile(-half, (11, 1))
    d = {
        "balls": spaces.Box(low, -low, dtype=np.float32),
        "on_table": spaces.MultiBinary(11),
        "ball_on": spaces.Discrete(11),
        "in_hand": spaces.Discrete(3),
        "push_out_allowed": spaces.Discrete(2),
        "kind_mask": spaces.MultiBinary(len(KINDS)),
    }
    d.update(extra or {})
    return spaces.Dict(d)


def observe(view: Dict[str, Any]) -> Dict[str, Any]:
    """The observation of a table's view (``Table.view()`` read as JSON)."""
    balls = np.zeros((11, 2), dtype=np.float32)
    on = np.zeros(11, dtype=np.int8)
    for b in view["layout"]["balls"]:
        balls[b["ball"]] = (b["at"]["x"], b["at"]["y"])
        on[b["ball"]] = 1
    turn = view["turn"]
    in_hand, ball_on, push_out, safety = 0, 0, 0, 0
    if turn["action"] == "break":
        in_hand, ball_on = 2, turn["hit_first"]
    elif turn["action"] == "shoot":
        in_hand = 1 if turn["ball_in_hand"] == "anywhere" else 0
        ball_on = turn["hit_first"]
        push_out = int(turn["push_out_allowed"])
        safety = int(turn["safety_allowed"])
    shooting = turn["action"] == "shoot"
    return {
        "balls": balls,
        "on_table": on,
        "ball_on": int(ball_on),
        "in_hand": in_hand,
        "push_out_allowed": push_out,
        "kind_mask": np.array([shooting, shooting and safety, shooting and push_out], dtype=np.int8),
    }


def check_stroke(stroke: Any) -> np.ndarray:
    """The stroke part of an action as five finite numbers within their bounds; a clear
    ValueError otherwise."""
    a = np.asarray(stroke, dtype=np.float64).reshape(-1)
    if a.shape != (5,):
        raise ValueError(f"stroke: five numbers ({', '.join(STROKE_NAMES)}), got {a.shape[0]}")
    for name, v, lo, hi in zip(STROKE_NAMES, a, STROKE_LOW, STROKE_HIGH):
        if not math.isfinite(v):
            raise ValueError(f"stroke: {name} is not a finite number")
        if not (float(lo) - 1e-6 <= v <= float(hi) + 1e-6):
            raise ValueError(f"stroke: {name} {v:g} is outside {lo:g} to {hi:g}")
    return a


def free_place(
    want: Tuple[float, float], view: Dict[str, Any], spec: Dict[str, float], kitchen: bool
) -> Tuple[float, float]:
    """Where the cue ball in hand goes for the wish ``want``: the wish itself when it is on the
    bed and touches no ball, else the nearest such place on a spiral of 5 mm steps (in the
    kitchen for a break, 5.3)."""
    r = spec["ball_radius"]
    hx, hy = spec["length"] / 2 - r, spec["width"] / 2 - r
    top = spec["head_string_x"] - r if kitchen else hx
    others = [(b["at"]["x"], b["at"]["y"]) for b in view["layout"]["balls"] if b["ball"] != 0]
    x0 = min(max(float(want[0]), -hx), top)
    y0 = min(max(float(want[1]), -hy), hy)

    def free(x: float, y: float) -> bool:
        return -hx <= x <= top and -hy <= y <= hy and all(
            (x - ox) ** 2 + (y - oy) ** 2 > (2 * r + 1e-4) ** 2 for ox, oy in others
        )

    for k in range(0, 400):
        ring = 0.005 * k
        for j in range(max(1, 8 * k)):
            t = 2 * math.pi * j / max(1, 8 * k)
            x, y = x0 + ring * math.cos(t), y0 + ring * math.sin(t)
            if free(x, y):
                return x, y
    raise ValueError("place: no free place for the cue ball on the bed")


def call_of(kind: int, pocket: int, view: Dict[str, Any]) -> Tuple[Dict[str, Any], Optional[str]]:
    """The call an action makes, and a note when the rules did not allow its kind (played as
    a call of the ball on then)."""
    turn = view["turn"]
    if turn["action"] == "break":
        return {"type": "break"}, None
    kind = int(kind)
    note = None
    if kind == 2 and not turn.get("push_out_allowed"):
        kind, note = 0, "no push out is allowed now: played as a call of the ball on"
    if kind == 1 and not turn.get("safety_allowed"):
        kind, note = 0, "no safety is called in these rules: played as a call of the ball on"
    if kind == 1:
        return {"type": "safety"}, note
    if kind == 2:
        return {"type": "push_out"}, note
    return {"type": "ball", "ball": int(turn["hit_first"]), "pocket": POCKETS[int(pocket)]}, note


def stroke_of(a: np.ndarray) -> Dict[str, float]:
    return {name: float(v) for name, v in zip(STROKE_NAMES, a)}


def view_of(table: Any) -> Dict[str, Any]:
    return json.loads(table.view())


def spec_of(table: str, equipment: str) -> Dict[str, float]:
    return table_spec(table, equipment)

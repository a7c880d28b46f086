"""The computer's five levels and the coach, from Python.

Levels are ``1`` (a beginner) to ``5`` (the best), or ``"greedy"`` (the easiest ball, no
safety). Each decision is the one the game's computer and ``tenball duel`` make.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Mapping, Union

from . import _dumps, _native, _strike

Level = Union[int, str]


def _level(level: Level) -> str:
    return str(level)


def decide(
    level: Level,
    state: Mapping[str, Any],
    layout: Mapping[str, Any],
    equipment: str = "wpa",
    seed: int = 1,
) -> Dict[str, Any]:
    """The computer's move at ``level`` for the player to act in ``state``, the balls as in
    ``layout`` (no cue ball while it is in hand).

    A stroke: ``{"decision": "stroke", "place", "call", "strike", "chance", "why"}`` (``place``
    where the cue ball goes when in hand, the stroke as aimed before the level's noise,
    ``chance`` the share of its simulated strokes that made the call); or a choice:
    ``{"decision": "choose", "choice": "play_table" | "hand_back", "why"}``. ``seed`` draws
    the noise of its simulated samples.
    """
    return json.loads(
        _native.decide(_level(level), _dumps(state), _dumps(layout), equipment, int(seed))
    )


def chances(
    state: Mapping[str, Any],
    layout: Mapping[str, Any],
    call: Mapping[str, Any],
    strike: Mapping[str, float],
    level: Level = 5,
    tries: int = 100,
    equipment: str = "wpa",
    seed: int = 1,
) -> Dict[str, Any]:
    """The coach's figures: the stroke with its call played ``tries`` times with ``level``'s
    execution noise; ``{"make", "scratch", "foul", "tries"}``, each a share: ``make`` the
    chance the stroke makes its call legally."""
    return json.loads(
        _native.chances(
            _dumps(state),
            _dumps(layout),
            _dumps(call),
            _dumps(_strike(strike)),
            _level(level),
            int(tries),
            equipment,
            int(seed),
        )
    )

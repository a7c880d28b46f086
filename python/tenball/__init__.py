"""Ten Ball in Python: racks, shots and the referee's rulings, break studies, the computer.

Every function takes and gives the JSON forms of the command line (``tenball rack``, ``shot``,
``judge``, ``breaks``) as Python dicts and lists, with paths as numpy arrays and break
records as a pandas DataFrame. Errors are ``ValueError`` with the message the command line
gives. The environments for reinforcement learning are in :mod:`tenball.envs`, the computer's
levels and the coach in :mod:`tenball.computer`.

>>> import tenball
>>> layout = tenball.rack(seed=1)
>>> log = tenball.shot(layout, {"aim_deg": 0.0, "speed": 10.0})
>>> sorted(log["paths"][0].shape)[1]
4
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple

import numpy as np

from . import _native

__version__: str = _native.__version__

__all__ = [
    "rack",
    "shot",
    "play",
    "judge",
    "walk",
    "breaks",
    "read_breaks",
    "table_spec",
    "BREAK_COLUMNS",
    "computer",
]

#: The columns of a break's record, as ``tenball breaks --out FILE.csv`` writes them.
BREAK_COLUMNS: Tuple[str, ...] = tuple(_native.BREAK_COLUMNS)

_STRIKE_KEYS = ("aim_deg", "speed", "side", "height", "elevation_deg")


def _strike(strike: Mapping[str, float]) -> Dict[str, float]:
    """A strike dict with its five keys, each a float (numpy numbers included)."""
    unknown = set(strike) - set(_STRIKE_KEYS)
    if unknown:
        raise ValueError(
            f"strike: unknown key(s) {sorted(unknown)}; a strike has {', '.join(_STRIKE_KEYS)}"
        )
    if "aim_deg" not in strike or "speed" not in strike:
        raise ValueError("strike: give at least aim_deg and speed")
    return {k: float(strike.get(k, 0.0)) for k in _STRIKE_KEYS}


def _dumps(value: Any) -> str:
    # NaN and infinity are not JSON: refused here with the field, as the CLI refuses them.
    try:
        return json.dumps(value, allow_nan=False, default=_plain)
    except ValueError as e:
        raise ValueError(f"not a finite number somewhere in the input: {e}") from None


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    raise TypeError(f"{type(value).__name__} is not a JSON value")


def rack(seed: int = 1, rack: str = "hand", table: str = "9ft") -> Dict[str, Any]:
    """A racked layout, as ``tenball rack`` prints it: ``{"table", "balls"}``.

    The ten balls racked by ``seed`` (``rack``: template, hand, loose, even, tight, typical, or
    the largest gap in mm), the cue ball 1 cm behind the head string.
    """
    return json.loads(_native.rack(seed, rack, table))["layout"]


def table_spec(table: str = "9ft", equipment: str = "wpa") -> Dict[str, float]:
    """The table's sizes in metres: ``length``, ``width``, ``ball_radius``, ``head_string_x``
    (the bed's centre at (0, 0), its length along x)."""
    return json.loads(_native.table_spec(table, equipment))


def _paths(log: Dict[str, Any]) -> None:
    """The log's paths as numpy arrays: ``paths[ball]`` (N x 4: t, x, y, z) and
    ``orientations[ball]`` (N x 4 quaternions x, y, z, w)."""
    paths, turns = {}, {}
    for p in log.get("paths", []):
        if not p["samples"]:
            continue
        a = np.asarray(p["samples"], dtype=float).reshape(-1, 8)
        paths[p["ball"]] = a[:, :4]
        turns[p["ball"]] = a[:, 4:]
    log["paths"] = paths
    log["orientations"] = turns


def shot(
    layout: Mapping[str, Any],
    strike: Mapping[str, float],
    equipment: str = "wpa",
    paths: bool = True,
    config: Optional[Mapping[str, Any]] = None,
) -> Dict[str, Any]:
    """One shot simulated, as ``tenball shot`` does: the events (contacts, rails, pockets) in
    time order, where each ball ended (``end``), the duration, and with ``paths`` each ball's
    path as a numpy array ``paths[ball]`` of rows (t, x, y, z).

    ``equipment``: a built-in set (wpa, pro) or an equipment file's path.
    """
    cfg = dict(config or {})
    if not paths:
        cfg["sample_dt"] = 0.0
    text = _dumps({"layout": layout, "strike": _strike(strike), "config": cfg})
    log = json.loads(_native.shot(text, equipment))
    _paths(log)
    return log


def play(
    state: Mapping[str, Any],
    layout: Mapping[str, Any],
    call: Mapping[str, Any],
    strike: Mapping[str, float],
    declared: Sequence[str] = (),
    config: Optional[Mapping[str, Any]] = None,
) -> Dict[str, Any]:
    """A stroke played from a referee's state: the physics, the facts a referee reads off it,
    the ruling (with its rule number and explanation) and the next state.

    Gives ``{"facts", "ruling", "state", "layout", "log"}``; ``facts`` is what ``tenball
    judge`` takes, so ``judge(state, call, facts)`` gives the same ruling.
    """
    text = _dumps(
        {
            "state": state,
            "layout": layout,
            "call": call,
            "strike": _strike(strike),
            "declared": list(declared),
            "config": dict(config or {}),
        }
    )
    out = json.loads(_native.play(text))
    _paths(out["log"])
    return out


def judge(
    state: Mapping[str, Any], call: Mapping[str, Any], facts: Mapping[str, Any]
) -> Dict[str, Any]:
    """The referee's ruling on one shot, as ``tenball judge`` gives it: ``{"ruling",
    "state"}``; the ruling carries ``rule`` (the rule that decided it), ``legal``, ``fouls``
    and ``explanation``."""
    return json.loads(_native.judge(_dumps({"state": state, "call": call, "facts": facts})))


def walk(state: Mapping[str, Any], actions: Sequence[Mapping[str, Any]]) -> Dict[str, Any]:
    """A sequence of actions (shots with their facts, choices, warnings) judged in turn, as
    ``tenball judge`` with ``actions``: ``{"steps", "state", "performance"}``."""
    return json.loads(_native.judge(_dumps({"state": state, "actions": list(actions)})))


def _frame(text: str) -> Any:
    """CSV records as a pandas DataFrame (a dict of numpy arrays without pandas)."""
    try:
        import pandas as pd
    except ImportError:
        rows = list(csv.reader(io.StringIO(text)))
        header, body = rows[0], rows[1:]
        return {name: np.asarray([r[i] for r in body]) for i, name in enumerate(header)}
    return pd.read_csv(
        io.StringIO(text),
        keep_default_na=False,
        dtype={"index": "int64", "seed": "uint64", "first_hit": "string"},
    )


def breaks(
    count: int = 1000,
    seed: int = 1,
    cue: Optional[Tuple[float, float]] = None,
    speed: float = 10.0,
    side: float = 0.0,
    height: float = 0.0,
    elevation: float = 0.0,
    rack: str = "hand",
    table: str = "9ft",
    equipment: str = "wpa",
    noise: bool = True,
    threads: Optional[int] = None,
) -> Any:
    """``count`` ten-ball breaks, as ``tenball breaks`` plays them with the same options: a
    pandas DataFrame, one row per break, the columns of the CSV records (:data:`BREAK_COLUMNS`;
    lists of balls as space-separated text, pockets as ``ball:pocket``). Without pandas, a dict
    of numpy arrays.

    ``cue``: the cue ball's (x, y) in metres (5 cm behind the head string on the long string
    when None). ``threads``: worker threads (all cores when None); the GIL is released while
    they run. Break ``i`` is the same whatever the threads, so ``read_breaks`` of a ``tenball
    breaks --out FILE.csv`` run with the same inputs equals this, row for row.
    """
    if cue is not None:
        x, y = (float(v) for v in cue)
        cue = (x, y)
    text = _native.breaks(
        int(count),
        int(seed),
        cue,
        float(speed),
        float(side),
        float(height),
        float(elevation),
        rack,
        table,
        equipment,
        bool(noise),
        None if threads is None else int(threads),
    )
    return _frame(text)


def read_breaks(path: str) -> Any:
    """A records file of ``tenball breaks --out FILE.csv`` as :func:`breaks` gives records
    (its header line of inputs left out)."""
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f if not line.startswith("#")]
    return _frame("".join(lines))


from . import computer  # noqa: E402  (it uses the helpers above)

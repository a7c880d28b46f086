"""Environments for reinforcement learning on a ten-ball table (gymnasium and PettingZoo).

``import tenball.envs`` registers ``tenball/TenBall-v0`` (one player's visit, see
:mod:`tenball.envs.single`); :func:`duel_env` makes the two-player match
(:mod:`tenball.envs.duel`).
"""

from gymnasium.envs.registration import register, registry

from .single import TenBallEnv

__all__ = ["TenBallEnv", "TenBallDuel", "duel_env"]

if "tenball/TenBall-v0" not in registry:
    register(id="tenball/TenBall-v0", entry_point="tenball.envs.single:TenBallEnv")


def __getattr__(name: str):
    # PettingZoo is imported only when the duel is asked for.
    if name in ("TenBallDuel", "duel_env"):
        from . import duel

        return getattr(duel, name)
    raise AttributeError(name)

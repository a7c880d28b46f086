#!/usr/bin/env python3
"""Environment steps a second on one core: tenball's ``TenBall-v0`` against a minimal gymnasium
environment over pooltool 0.6, side by side in one run; and ``tenball.breaks(10_000)`` into a
DataFrame against ``tenball breaks`` writing the same records.

Usage (after ``../shared/tools/setup-peers.sh`` and installing the tenball wheel and gymnasium
into its environment, see docs/performance.md)::

    taskset -c 0 ~/.cache/peers-venv/bin/python benches/python_steps.py [--steps 400] [--tenball PATH]

One step is one random stroke played to rest (tenball: and judged by the referee). Both
environments play the same strokes (the action space's samples: aim, speed 0.5 to 10 m/s, tip
offsets within 0.6 of the radius, elevation 0 to 45 degrees, the cue ball placed in hand) from
the same tables: the balls where tenball's environment left them after its break, on the same
9 ft table with the cue ball and ten object balls. pooltool's stick speed is 0.65 times the cue
ball's (as tools/compare-pooltool.py), its first call (numba compiling) is left out, and a
pooltool episode ends when the cue ball is pocketed or after the strokes tenball's visit took.
"""
import argparse
import math
import os
import subprocess
import tempfile
import time

import gymnasium as gym
import numpy as np
import pooltool as pt

import tenball
import tenball.envs

parser = argparse.ArgumentParser()
parser.add_argument("--steps", type=int, default=400)
parser.add_argument("--tenball", default=os.path.expanduser("~/.cache/tenball-target/release/tenball"))
parser.add_argument("--breaks", type=int, default=10_000)
parser.add_argument("--level", action="store_true",
                    help="every stroke level (elevation 0): no jumps, which tenball plays in rapier")
args = parser.parse_args()

L, W = 2.54, 1.27

# tenball: random strokes through the environment, the time of `step` alone.
env = gym.make("tenball/TenBall-v0", start="in_hand", breaker_level="1")
env.action_space.seed(1)
starts, actions = [], []
t_tenball, steps, episode = 0.0, 0, 0
obs, _ = env.reset(seed=episode)
starts.append((obs["balls"].copy(), obs["on_table"].copy(), []))
while steps < args.steps:
    a = env.action_space.sample()
    if args.level:
        a["stroke"][4] = 0.0
    t0 = time.perf_counter()
    obs, r, term, trunc, info = env.step(a)
    t_tenball += time.perf_counter() - t0
    steps += 1
    starts[-1][2].append((a, info["place"]))
    if term or trunc:
        episode += 1
        obs, _ = env.reset(seed=episode)
        starts.append((obs["balls"].copy(), obs["on_table"].copy(), []))


def system_of(balls, on, place):
    table = pt.Table.from_table_specs(pt.objects.table.specs.PocketTableSpecs(l=L, w=W))
    made = {}
    for i in range(11):
        if i == 0:
            x, y = place
        elif on[i]:
            x, y = balls[i]
        else:
            continue
        bid = "cue" if i == 0 else str(i)
        made[bid] = pt.Ball.create(bid, xy=(W / 2 + float(y), L / 2 + float(x)))
    return pt.System(table=table, balls=made, cue=pt.Cue(cue_ball_id="cue"))


def strike(system, a):
    aim, speed, side, height, elev = (float(v) for v in a["stroke"])
    rad = math.radians(aim)
    phi = math.degrees(math.atan2(math.cos(rad), math.sin(rad))) % 360
    system.cue.set_state(V0=0.65 * speed, phi=phi, theta=elev, a=side, b=height)


# pooltool: the same strokes from the same tables, a stroke simulated to rest each step.
first = starts[0]
warm = system_of(first[0], first[1], first[2][0][1] or (-0.7, 0.0))
strike(warm, first[2][0][0])
pt.simulate(warm, inplace=True)
t_pool, pool_steps, pool_failed = 0.0, 0, 0
for balls, on, strokes in starts:
    if not strokes:
        continue
    system = system_of(balls, on, strokes[0][1] or (-0.7, 0.0))
    for a, _ in strokes:
        strike(system, a)
        t0 = time.perf_counter()
        try:
            pt.simulate(system, inplace=True)
        except AssertionError:
            # pooltool 0.6's compliant cushion asserts on some contacts: counted, not timed.
            pool_failed += 1
            break
        t_pool += time.perf_counter() - t0
        pool_steps += 1
        if system.balls["cue"].state.s == 4:
            break
        # The next stroke from where the balls stopped (pocketed ones off the table).
        system = pt.System(
            table=system.table,
            balls={k: pt.Ball.create(k, xy=tuple(b.state.rvw[0][:2])) for k, b in system.balls.items() if b.state.s != 4},
            cue=pt.Cue(cue_ball_id="cue"),
        )

ten_sps, pool_sps = steps / t_tenball, pool_steps / t_pool
print(f"tenball TenBall-v0: {steps} steps in {t_tenball:.2f} s: {ten_sps:.0f} steps/s (a stroke to rest and judged)")
print(f"pooltool {pt.__version__}: {pool_steps} steps in {t_pool:.2f} s: {pool_sps:.1f} steps/s (a stroke to rest; "
      f"{pool_failed} strokes stopped by an assertion in its cushion model)")
print(f"ratio: {ten_sps / pool_sps:.0f} times")

# tenball.breaks into a DataFrame against the command line writing the same records.
t0 = time.perf_counter()
df = tenball.breaks(count=args.breaks, seed=1, threads=1)
t_py = time.perf_counter() - t0
out = os.path.join(tempfile.mkdtemp(), "b.csv")
t0 = time.perf_counter()
subprocess.run([args.tenball, "breaks", "--count", str(args.breaks), "--threads", "1", "--out", out],
               check=True, capture_output=True)
t_cli = time.perf_counter() - t0
same = df.equals(tenball.read_breaks(out))
print(f"tenball.breaks({args.breaks}) into a DataFrame: {t_py:.2f} s; `tenball breaks` to CSV: {t_cli:.2f} s "
      f"(one thread each; the same records: {same})")

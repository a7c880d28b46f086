#!/usr/bin/env python3
"""Side by side: the same ten-ball breaks in pooltool 0.6 and in tenball, timed in one run.

Usage (after ../shared/tools/setup-peers.sh):
    ~/.cache/peers-venv/bin/python tools/compare-pooltool.py [--count 20] [--tenball PATH]

For each of --count racks (`tenball rack --seed K --break-speed 10`: the ten-ball rack, the cue
ball 5 cm behind the head string, aimed full at the 1 at 10 m/s) pooltool simulates the break
to rest; tenball runs the same count of breaks on one thread (`tenball breaks --threads 1
--no-noise`: racks, simulation and the referee's ruling). pooltool's first call compiles its
numba code; that call is left out. Prints milliseconds a break for each and the ratio.
"""
import argparse
import json
import math
import subprocess
import time

import pooltool as pt

parser = argparse.ArgumentParser()
parser.add_argument("--count", type=int, default=20)
parser.add_argument("--tenball", default="target/release/tenball")
args = parser.parse_args()

L, W = 2.54, 1.27  # a 9 ft table's playing surface


def rack(seed):
    out = subprocess.run(
        [args.tenball, "rack", "--seed", str(seed), "--break-speed", "10"],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def pooltool_system(r):
    table = pt.Table.from_table_specs(pt.objects.table.specs.PocketTableSpecs(l=L, w=W))
    balls = {}
    for b in r["layout"]["balls"]:
        # tenball: x along the table from its centre, y across; pooltool: x across, y along,
        # from a corner.
        x, y = b["at"]["x"], b["at"]["y"]
        bid = "cue" if b["ball"] == 0 else str(b["ball"])
        balls[bid] = pt.Ball.create(bid, xy=(W / 2 + y, L / 2 + x))
    cue = pt.Cue(cue_ball_id="cue")
    system = pt.System(table=table, balls=balls, cue=cue)
    a = math.radians(r["strike"]["aim_deg"])
    phi = math.degrees(math.atan2(math.cos(a), math.sin(a))) % 360
    # V0 is the stick's speed; 6.5 gives the cue ball about 10 m/s.
    system.cue.set_state(V0=6.5, phi=phi, theta=0, a=0, b=0)
    return system


racks = [rack(k) for k in range(args.count + 1)]
# Warm-up: numba compiles (or loads its cache) on the first simulation.
pt.simulate(pooltool_system(racks[0]), inplace=True)
start = time.perf_counter()
events = 0
for r in racks[1:]:
    system = pooltool_system(r)
    pt.simulate(system, inplace=True)
    events += len(system.events)
pooltool_ms = (time.perf_counter() - start) * 1e3 / args.count
cue_speed = None

start = time.perf_counter()
subprocess.run([args.tenball, "breaks", "--count", str(args.count), "--threads", "1",
                "--no-noise", "--json"], check=True, capture_output=True)
tenball_ms = (time.perf_counter() - start) * 1e3 / args.count

print(f"pooltool {pt.__version__}: {pooltool_ms:.1f} ms a break "
      f"({events / args.count:.0f} events a break, {args.count} breaks)")
print(f"tenball: {tenball_ms:.2f} ms a break (rack, simulation and ruling, one thread)")
print(f"ratio: tenball is {pooltool_ms / tenball_ms:.0f} times faster")

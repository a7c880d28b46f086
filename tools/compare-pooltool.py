#!/usr/bin/env python3
"""Side by side: the same ten-ball breaks in pooltool 0.6 and in tenball, timed in one run.

Usage (after ../shared/tools/setup-peers.sh):
    ~/.cache/peers-venv/bin/python tools/compare-pooltool.py [--count 50] [--tenball PATH]

tenball runs --count default breaks on one thread (`tenball breaks --threads 1`: the ten-ball
rack, the cue ball 5 cm behind the head string aimed full at the 1 at 10 m/s with FastFiz's
execution noise, the simulation and the referee's ruling). pooltool then simulates the very same
breaks to rest: each break's rack from its record's seed (`tenball rack --seed`), the same cue
ball place, aim, speed (V0 = 0.65 x the cue ball's speed) and tip offset.
pooltool's first call compiles (or loads) its numba code; that call is left out of its time.
Prints milliseconds a break for each, the ratio, and the object balls pocketed a break.
"""
import argparse
import json
import math
import os
import subprocess
import tempfile
import time

import pooltool as pt

parser = argparse.ArgumentParser()
parser.add_argument("--count", type=int, default=50)
parser.add_argument("--tenball", default="target/release/tenball")
args = parser.parse_args()

L, W = 2.54, 1.27  # a 9 ft table's playing surface

# tenball, timed: racks, simulation and ruling on one thread.
out = os.path.join(tempfile.mkdtemp(), "breaks.jsonl")
start = time.perf_counter()
summary = json.loads(subprocess.run(
    [args.tenball, "breaks", "--count", str(args.count), "--threads", "1",
     "--json", "--out", out], check=True, capture_output=True, text=True).stdout)
tenball_ms = (time.perf_counter() - start) * 1e3 / args.count
records = [json.loads(line) for line in open(out) if line.startswith('{"index"')]


def pooltool_system(record):
    rack = json.loads(subprocess.run(
        [args.tenball, "rack", "--seed", str(record["seed"])],
        check=True, capture_output=True, text=True).stdout)
    table = pt.Table.from_table_specs(pt.objects.table.specs.PocketTableSpecs(l=L, w=W))
    balls = {}
    for b in rack["layout"]["balls"]:
        # tenball: x along the table from its centre, y across; pooltool: x across, y along,
        # from a corner.
        x, y = b["at"]["x"], b["at"]["y"]
        if b["ball"] == 0:
            x, y = record["cue_x"], record["cue_y"]
        bid = "cue" if b["ball"] == 0 else str(b["ball"])
        balls[bid] = pt.Ball.create(bid, xy=(W / 2 + y, L / 2 + x))
    system = pt.System(table=table, balls=balls, cue=pt.Cue(cue_ball_id="cue"))
    a = math.radians(record["aim_deg"])
    phi = math.degrees(math.atan2(math.cos(a), math.sin(a))) % 360
    # V0 is the stick's speed; 6.5 gives the cue ball about 10 m/s. a, b: the tip's offset
    # right of and above centre, in radii, as tenball's side and height.
    system.cue.set_state(V0=0.65 * record["speed"], phi=phi, theta=record["elevation_deg"],
                         a=record["side"], b=record["height"])
    return system


systems = [pooltool_system(r) for r in records]
# Warm-up: numba compiles (or loads its cache) on the first simulation.
pt.simulate(pooltool_system(records[0]), inplace=True)
start = time.perf_counter()
for system in systems:
    pt.simulate(system, inplace=True)
pooltool_ms = (time.perf_counter() - start) * 1e3 / args.count
events = sum(len(s.events) for s in systems) / args.count
# Object balls pocketed: pooltool's motion state 4.
pocketed = sum(1 for s in systems for bid, b in s.balls.items()
               if bid != "cue" and b.state.s == 4) / args.count

print(f"pooltool {pt.__version__}: {pooltool_ms:.1f} ms a break ({events:.0f} events a break, "
      f"{args.count} breaks)")
print(f"tenball: {tenball_ms:.2f} ms a break (rack, simulation and ruling, one thread)")
print(f"ratio: tenball is {pooltool_ms / tenball_ms:.0f} times faster")
print(f"object balls pocketed a break, the same racks and strokes: pooltool {pocketed:.2f}, "
      f"tenball {summary['balls_pocketed_mean']:.2f}")

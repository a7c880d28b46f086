"""The Python API against the command line: the same inputs give the same answers."""

import json
import math

import numpy as np
import pandas as pd
import pytest

import tenball


def test_a_rack_is_the_one_the_cli_racks(cli):
    for seed, rack in [(1, "hand"), (7, "template"), (3, "0.3")]:
        want = json.loads(cli(["rack", "--seed", str(seed), "--rack", rack]))["layout"]
        assert tenball.rack(seed=seed, rack=rack) == want


def test_a_shot_gives_the_cli_events_ends_and_paths(cli):
    layout = tenball.rack(seed=2)
    strike = {"aim_deg": 0.3, "speed": 9.0, "side": 0.1}
    want = json.loads(cli(["shot"], {"layout": layout, "strike": strike}))
    got = tenball.shot(layout, strike)
    assert got["events"] == want["events"]
    assert got["end"] == want["end"]
    assert set(got["paths"]) == {p["ball"] for p in want["paths"]}
    for p in want["paths"]:
        a = np.asarray(p["samples"])
        np.testing.assert_array_equal(got["paths"][p["ball"]], a[:, :4])
        assert got["paths"][p["ball"]].shape[1] == 4
    assert tenball.shot(layout, strike, paths=False)["paths"] == {}


def test_a_played_stroke_is_judged_as_the_cli_judges_its_facts(cli):
    scenario = json.load(open(_asset("scenarios/scratch.json")))
    pos = scenario["position"]
    played = tenball.play(pos["state"], pos["layout"], pos["call"], pos["stroke"])
    assert played["ruling"]["rule"] == "7.1" and not played["ruling"]["legal"]
    want = json.loads(cli(["judge"], {"state": pos["state"], "call": pos["call"], "facts": played["facts"]}))
    assert played["ruling"] == want["ruling"]
    assert played["state"] == want["state"]
    assert tenball.judge(pos["state"], pos["call"], played["facts"]) == want


def test_a_sequence_is_walked_as_the_cli_walks_it(cli):
    scenario = json.load(open(_asset("scenarios/three-fouls.json")))
    state = scenario["position"]["state"]
    actions = [{"shot": {"call": s["call"], "facts": s["facts"]}} for s in scenario["steps"]]
    want = json.loads(cli(["judge"], {"state": state, "actions": actions}))
    got = tenball.walk(state, actions)
    assert got == want
    assert got["steps"][0]["ruling"]["rule"] == "7.14"


def test_breaks_equal_the_cli_records_row_for_row(cli, tmp_path):
    out = tmp_path / "b.csv"
    cli(["breaks", "--count", "300", "--seed", "5", "--rack", "template", "--out", str(out)])
    want = tenball.read_breaks(str(out))
    got = tenball.breaks(count=300, seed=5, rack="template", threads=2)
    assert list(got.columns) == list(tenball.BREAK_COLUMNS)
    pd.testing.assert_frame_equal(got, want)
    # The same whatever the threads.
    pd.testing.assert_frame_equal(tenball.breaks(count=300, seed=5, rack="template", threads=1), got)
    # Options: a cue ball place and speed, no noise.
    cli(["breaks", "--count", "40", "--cue=-0.9,0.2", "--speed", "8", "--no-noise", "--out", str(tmp_path / "c.csv")])
    pd.testing.assert_frame_equal(
        tenball.breaks(count=40, cue=(-0.9, 0.2), speed=8, noise=False),
        tenball.read_breaks(str(tmp_path / "c.csv")),
    )


def test_bad_input_raises_a_value_error_naming_the_problem():
    layout = tenball.rack()
    cases = [
        (lambda: tenball.shot(layout, {"aim_deg": math.nan, "speed": 5}), "not a finite number"),
        (lambda: tenball.shot(layout, {"aim_deg": 0, "speed": 50}), "speed"),
        (lambda: tenball.shot(layout, {"aim_deg": 0}), "aim_deg and speed"),
        (lambda: tenball.shot(layout, {"aim_deg": 0, "speed": 5, "spin": 1}), "unknown key"),
        (lambda: tenball.rack(table="10ft"), "unknown table size"),
        (lambda: tenball.rack(rack="sloppy"), "is not a rack"),
        (lambda: tenball.breaks(count=0), "at least 1"),
        (lambda: tenball.breaks(count=5, speed=1e300), "1e300"),
        (lambda: tenball.breaks(count=5, cue=(5.0, 0.0)), "not in the kitchen"),
        (lambda: tenball.breaks(count=5, equipment="no-such-set"), "neither a built-in set"),
        (lambda: tenball.judge({"phase": 3}, {"type": "break"}, {}), "judge"),
    ]
    for call, says in cases:
        with pytest.raises(ValueError, match=says):
            call()
    # A call of a ball not on the table is the referee's to rule, as `tenball judge` does.
    r = _play_call({"type": "ball", "ball": 7, "pocket": "foot_left"})["ruling"]
    assert "the called 7 is not on the table" in r["explanation"]


def test_the_computer_decides_and_the_coach_counts():
    pos = json.load(open(_asset("scenarios/break-scratch.json")))["position"]
    state = pos["state"]
    assert state["phase"]["phase"] == "break"
    layout = tenball.rack(seed=4)
    layout["balls"] = [b for b in layout["balls"] if b["ball"] != 0]
    d = tenball.computer.decide(1, state, layout, seed=2)
    assert d["decision"] == "stroke" and d["call"] == {"type": "break"}
    assert d == tenball.computer.decide("1", state, layout, seed=2)
    s = json.load(open(_asset("scenarios/called-ball-pocketed.json")))
    pos, step = s["position"], s["steps"][0]
    c = tenball.computer.chances(pos["state"], pos["layout"], step["call"], step["stroke"], level=5, tries=40)
    assert c["tries"] == 40 and 0.0 <= c["make"] <= 1.0 and c["make"] > 0.5
    with pytest.raises(ValueError, match="level"):
        tenball.computer.decide(9, state, layout)


def _play_call(call):
    """The scratch scenario's stroke with another call (its table has balls 1, 2, 5 and 10)."""
    pos = json.load(open(_asset("scenarios/scratch.json")))["position"]
    return tenball.play(pos["state"], pos["layout"], call, pos["stroke"])


def _asset(rel):
    import os

    return os.path.join(os.path.dirname(__file__), "..", "..", "assets", rel)

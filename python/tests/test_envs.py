"""The environments: their checkers, random agents, every stroke's ruling replayed through the
command line's referee, bad actions refused."""

import json
import math

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import tenball.envs
from tenball.envs import duel_env


def test_the_single_player_env_passes_gymnasiums_checker():
    env = gym.make("tenball/TenBall-v0", breaker_level="1")
    check_env(env.unwrapped, skip_render_check=True)


def test_reset_with_a_seed_is_reproducible():
    env = gym.make("tenball/TenBall-v0", breaker_level="1")
    a, _ = env.reset(seed=11)
    b, _ = env.reset(seed=11)
    for k in a:
        np.testing.assert_array_equal(a[k], b[k])
    env.action_space.seed(3)
    act = env.action_space.sample()
    ra = env.step(act)[:4]
    env.reset(seed=11)
    rb = env.step(act)[:4]
    np.testing.assert_array_equal(ra[0]["balls"], rb[0]["balls"])
    assert ra[1:] == rb[1:]


def test_a_random_agent_plays_200_episodes_and_the_cli_referee_agrees_on_every_stroke(cli):
    env = gym.make("tenball/TenBall-v0", breaker_level="1")
    env.action_space.seed(0)
    strokes, checked = 0, 0
    for episode in range(200):
        obs, info = env.reset(seed=episode)
        start = "in_hand" if episode % 2 else "break"
        env.unwrapped.start = start
        done = False
        while not done:
            before = json.loads(env.unwrapped.table.view())["state"]
            mask = obs["kind_mask"].astype(np.int8)
            action = env.action_space.sample(
                {"kind": mask if mask.any() else None, "pocket": None, "stroke": None, "place": None}
            )
            obs, reward, term, trunc, info = env.step(action)
            assert env.observation_space.contains(obs)
            strokes += 1
            done = term or trunc
            want = json.loads(cli(["judge"], {"state": before, "call": info["call"], "facts": info["facts"]}))
            assert want["ruling"] == info["ruling"]
            checked += 1
    assert strokes >= 200 and checked == strokes


def test_bad_actions_are_refused_with_a_clear_error():
    env = gym.make("tenball/TenBall-v0", breaker_level="1")
    env.reset(seed=1)
    good = env.action_space.sample()
    for stroke, says in [
        ([math.nan, 5, 0, 0, 0], "aim_deg is not a finite number"),
        ([0, 50, 0, 0, 0], "speed 50 is outside"),
        ([0, 5, 0, 0], "five numbers"),
    ]:
        bad = dict(good, stroke=np.asarray(stroke, dtype=np.float64))
        with pytest.raises(ValueError, match=says):
            env.step(bad)
    # Nothing was played: the visit is still on.
    env.step(good)


def test_a_kind_the_rules_do_not_allow_is_masked_and_played_as_a_call():
    # A push out is allowed only on the first shot after the break (5.4): after one was
    # played and the table taken, the next shooter's mask has none.
    env = duel_env(race_to=3)
    for seed in range(40):
        env.reset(seed=seed)
        env.computer_step(5)
        obs = env.observe(env.agent_selection)
        if not obs["kind_mask"][2]:
            continue
        push = env.action_space(env.agent_selection).sample()
        push.update(kind=2, stroke=np.array([0.0, 1.0, 0.0, 0.0, 0.0], dtype=np.float32))
        env.step(push)
        obs = env.observe(env.agent_selection)
        if not obs["choice_mask"][0]:
            continue
        take = env.action_space(env.agent_selection).sample()
        take["choice"] = 1
        env.step(take)
        obs = env.observe(env.agent_selection)
        assert obs["push_out_allowed"] == 0 and obs["kind_mask"][2] == 0
        action = env.action_space(env.agent_selection).sample()
        action["kind"] = 2
        env.step(action)
        info = env.infos[env.possible_agents[0]]
        assert info["call"]["type"] == "ball"
        assert "no push out" in info["note"]
        return
    pytest.fail("no seed gave a push out and its choice")


def test_the_duel_passes_pettingzoos_api_test():
    api_test(duel_env(race_to=2), num_cycles=300)


def test_the_computer_plays_a_whole_match_in_the_duel():
    env = duel_env(race_to=2)
    env.reset(seed=4)
    totals = {a: 0.0 for a in env.possible_agents}
    rules = set()
    for agent in env.agent_iter(max_iter=2000):
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.computer_step(2 if agent == "player_A" else 1)
        if "ruling" in env.infos[agent]:
            rules.add(env.infos[agent]["ruling"]["rule"])
    assert not env.agents
    assert sorted(totals.values()) in ([-2.0, 2.0], [-1.0, 1.0], [-3.0, 3.0]) or sum(totals.values()) == 0
    assert rules, "no stroke was ruled"


def test_a_choice_is_masked_and_answered():
    env = duel_env(race_to=1)
    env.reset(seed=1)
    seen_choice = False
    for agent in env.agent_iter(max_iter=3000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        if obs["choice_mask"][0]:
            seen_choice = True
            assert not obs["kind_mask"].any()
            action = env.action_space(agent).sample()
            action["choice"] = 1
            env.step(action)
            continue
        # Push out whenever allowed, so that a choice comes.
        if obs["kind_mask"][2]:
            action = env.action_space(agent).sample()
            action["kind"] = 2
            action["stroke"] = np.array([10.0, 1.0, 0.0, 0.0, 0.0], dtype=np.float32)
            env.step(action)
        else:
            env.computer_step(1)
    assert seen_choice

"""The PettingZoo adapter: PettingZoo's own API and seed tests on every game, and what the
environment promises (masks, seats, chance from the seed, rewards from the outcome)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the [interop] extra is not installed")

import numpy as np
from pettingzoo.test import api_test, seed_test

from asobi.core import IllegalActionError
from asobi.interop.pettingzoo import env, raw_env

from .games import cases, missing
from .spaced_toy import OBSERVATION_SIZE, SPACED_SPEC

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo's checker warns about any dict observation that is not one of its own games'.
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def test_toy_passes_api_and_seed_tests() -> None:
    api_test(env(SPACED_SPEC), num_cycles=1000)
    api_test(env(SPACED_SPEC, copies=4), num_cycles=1000)
    seed_test(lambda: env(SPACED_SPEC), num_cycles=100)


@pytest.mark.parametrize(("spec", "options"), cases())
def test_every_game_passes_api_and_seed_tests(spec, options) -> None:
    why = missing(spec, options, chance=False, tensor=True)
    if why:
        pytest.skip(why)
    api_test(env(spec.id, **options), num_cycles=1000)
    seed_test(lambda: env(spec.id, **options), num_cycles=1000)


def _play(e, rng: random.Random) -> list[tuple[str, int]]:
    moves = []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        moves.append((agent, action))
        e.step(action)
    return moves


def test_spaces_seats_and_observations() -> None:
    e = raw_env(SPACED_SPEC)
    e.reset(seed=3)
    assert e.possible_agents == ["player_0", "player_1"]
    assert e.action_space("player_0").n == 4
    assert e.observation_space("player_1")["observation"].shape == (OBSERVATION_SIZE,)
    assert e.infos["player_1"]["seat_name"] == "B"
    state = e.state_now
    for agent, seat in e.agent_name_mapping.items():
        obs = e.observe(agent)
        assert obs["observation"].dtype == np.float32
        assert obs["observation"].tolist() == state.observation_tensor(seat)
        if seat == state.current_seat:
            assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(
                c - 1 for c in set(state.hands[seat])
            )
        else:
            assert not obs["action_mask"].any()


def test_chance_comes_from_the_reset_seed() -> None:
    a, b = raw_env(SPACED_SPEC), raw_env(SPACED_SPEC)
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.state_now.to_json() == b.state_now.to_json()
    assert _play(a, random.Random(5)) == _play(b, random.Random(5))
    assert a.state_now.to_json() == b.state_now.to_json()
    hands = set()
    for seed in range(20):
        a.reset(seed=seed)
        hands.add(repr(a.state_now.hands))
    assert len(hands) > 1


def test_rewards_are_the_outcome_scores_at_the_end() -> None:
    e = raw_env(SPACED_SPEC)
    for seed in range(10):
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        rng = random.Random(seed)
        while e.agents:
            agent = e.agent_selection
            obs, reward, terminated, truncated, _ = e.last()
            totals[agent] += reward
            if terminated or truncated:
                e.step(None)
            else:
                assert reward == 0.0
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        outcome = e.state_now.outcome()
        assert outcome is not None
        assert [totals[a] for a in e.possible_agents] == list(outcome.scores)


def test_an_illegal_id_is_refused_and_changes_nothing() -> None:
    e = raw_env(SPACED_SPEC)
    e.reset(seed=0)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = e.state_now.to_json()
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    assert e.state_now.to_json() == before


def test_render_draws_the_view_of_the_seat_to_act() -> None:
    e = raw_env(SPACED_SPEC, render_mode="ansi")
    e.reset(seed=0)
    seat = e.state_now.current_seat
    assert e.render() == SPACED_SPEC.present.render(e.state_now.view(seat), seat, "en")


def test_an_agent_observes_nothing_of_what_its_seat_may_not_see() -> None:
    e = raw_env(SPACED_SPEC)
    checked = 0
    for seed in range(10):
        e.reset(seed=seed)
        state = e.state_now
        for agent, seat in e.agent_name_mapping.items():
            seen = e.observe(agent)
            for variant in state.hidden_variants(seat, random.Random(seed)):
                e._state = variant
                other = e.observe(agent)
                assert other["observation"].tolist() == seen["observation"].tolist()
                assert other["action_mask"].tolist() == seen["action_mask"].tolist()
                checked += 1
            e._state = state
    assert checked

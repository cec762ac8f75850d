"""The PettingZoo adapter: PettingZoo's own API, seed and max_cycles tests on every game, and what
the environment promises (masks, seats, chance from the seed, rewards from the outcome, arrays
written in place that follow the game, cycles)."""

from __future__ import annotations

import random
from functools import partial
from types import SimpleNamespace

import pytest

pytest.importorskip("pettingzoo", reason="the [interop] extra is not installed")

import numpy as np
from pettingzoo.test import api_test, max_cycles_test, seed_test

from asobi.core import BadOptionsError, IllegalActionError, all_games
from asobi.interop.pettingzoo import env, parallel_env, raw_env

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


def _defaults() -> list[object]:
    return [pytest.param(spec, id=spec.id) for spec in all_games()]


@pytest.mark.parametrize("spec", _defaults())
def test_written_observations_and_masks_follow_the_game(spec) -> None:
    """The arrays written in place are, at every decision of a game, each seat's observation tensor
    and the legal ids of the seat to decide (and all zeros for the others)."""
    if missing(spec, {}, chance=False, tensor=True):
        pytest.skip("no spaces")
    e = raw_env(spec.id)
    e.reset(seed=4)
    rng = random.Random(4)
    decisions = 0
    while decisions < 120:
        if not e.agents or e.terminations[e.agent_selection]:
            break
        state = e.state_now
        for agent, seat in e.agent_name_mapping.items():
            obs = e.observe(agent)
            assert np.array_equal(obs["observation"].ravel(), np.asarray(state.observation_tensor(seat), np.float32))
            expected = [e.codec.index(a) for a in state.legal_actions()] if seat == state.current_seat else []
            assert np.flatnonzero(obs["action_mask"]).tolist() == expected
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
        e.step(int(legal[rng.randrange(len(legal))]))
        decisions += 1
    assert decisions > 20


@pytest.mark.parametrize("spec", _defaults())
def test_every_game_passes_max_cycles_test(spec) -> None:
    if missing(spec, {}, chance=False, tensor=True):
        pytest.skip("no spaces")
    max_cycles_test(SimpleNamespace(env=partial(env, spec.id), parallel_env=partial(parallel_env, spec.id)))


def test_cycles_select_every_agent_and_one_decision_a_cycle() -> None:
    e = raw_env(SPACED_SPEC, max_cycles=3)
    e.reset(seed=2)
    order, decided = [], []
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated
            e.step(None)
            continue
        order.append(agent)
        legal = np.flatnonzero(obs["action_mask"])
        decided.append(len(legal) > 0)
        e.step(int(legal[0]) if len(legal) else 123456)  # an agent without a decision: ignored
    assert order == ["player_0", "player_1"] * 3
    assert sum(decided) == 3
    assert e.state_now.log_length() > 0


def test_an_unlimited_cycling_game_plays_to_its_end() -> None:
    e = raw_env(SPACED_SPEC, turns="cycle")
    e.reset(seed=5)
    for _ in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        legal = np.flatnonzero(obs["action_mask"])
        e.step(None if terminated or truncated else int(legal[0]) if len(legal) else 0)
    assert e.state_now.is_terminal()


def test_the_action_space_samples_legal_ids() -> None:
    e = raw_env(SPACED_SPEC)
    e.reset(seed=6)
    agent = e.agent_selection
    e.action_space(agent).seed(1)
    legal = set(np.flatnonzero(e.observe(agent)["action_mask"]).tolist())
    assert {int(e.action_space(agent).sample()) for _ in range(40)} == legal
    other = next(a for a in e.agents if a != agent)
    assert 0 <= int(e.action_space(other).sample()) < e.action_space(other).n  # no decision: any id


@pytest.mark.parametrize(
    ("options", "message"),
    [({"max_cycles": 0}, "max_cycles"), ({"max_cycles": "4"}, "max_cycles"),
     ({"turns": "round"}, "turns"), ({"turns": "game", "max_cycles": 4}, "cycles")],
)
def test_bad_cycle_options_are_refused(options, message) -> None:
    with pytest.raises(BadOptionsError, match=message):
        raw_env(SPACED_SPEC, **options)

"""The Gymnasium adapter: one learning seat against asobi's bots, registered for every installed
game, Gymnasium's own checker, reproducible seeds, masks in ``info`` and bad arguments refused."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium", reason="the [interop] extra is not installed")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from asobi.core import BadOptionsError, IllegalActionError, all_games
from asobi.core.bots import BotNameError
from asobi.core.registry import game_ids
from asobi.interop import gymnasium as agym

from .games import missing


def _games() -> list[object]:
    return [
        pytest.param(spec, id=spec.id)
        for spec in all_games()
        if missing(spec, {}, chance=False, tensor=True) is None
    ]


def _episode(env: gymnasium.Env, seed: int, pick: np.random.Generator) -> list[tuple[bytes, float, bool, bool]]:
    """An episode of random legal moves: each step's observation bytes, reward and flags."""
    obs, info = env.reset(seed=seed)
    out = [(obs.tobytes(), 0.0, False, False)]
    terminated = truncated = False
    while not (terminated or truncated):
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(pick.choice(legal)))
        out.append((obs.tobytes(), reward, terminated, truncated))
    return out


def test_every_installed_game_is_registered_and_nothing_else() -> None:
    agym.register_envs()
    ours = {name for name in gymnasium.registry if name.startswith(f"{agym.NAMESPACE}/")}
    assert ours == {agym.env_id(game_id) for game_id in game_ids()}
    env = gymnasium.make(f"asobi.interop.gymnasium:{agym.env_id(_games()[0].values[0].id)}")
    assert isinstance(env.unwrapped, agym.AsobiEnv)


@pytest.mark.parametrize("spec", _games())
def test_every_game_passes_gymnasiums_checker(spec) -> None:
    env = gymnasium.make(agym.env_id(spec.id), opponents="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the checker is a failure
        warnings.filterwarnings("ignore", message=".*different from the unwrapped.*")
        check_env(env.unwrapped)


@pytest.mark.parametrize("spec", _games())
def test_a_seed_repeats_the_episode_at_every_seat(spec) -> None:
    for seat in range(len(spec.seat_names(spec.validate_options({})))):
        env = gymnasium.make(agym.env_id(spec.id), seat=seat, opponents="normal")
        first = _episode(env, 3, np.random.default_rng(seat))
        again = _episode(env, 3, np.random.default_rng(seat))
        assert first == again
        assert first[-1][2] or first[-1][3]
        if first[-1][2]:  # the seat's score (a co-operative game's: the team's)
            assert first[-1][1] == env.unwrapped.state_now.outcome().scores[seat]


def test_the_mask_is_the_seats_legal_ids_and_the_others_play_between() -> None:
    spec = _games()[0].values[0]
    env = agym.AsobiEnv(spec.id, seat=1, opponents="random")
    obs, info = env.reset(seed=8)
    rng = np.random.default_rng(0)
    for _ in range(30):
        state = env.state_now
        assert state.current_seat == 1
        assert np.flatnonzero(info["action_mask"]).tolist() == [env.codec.index(a) for a in state.legal_actions()]
        assert np.array_equal(obs.ravel(), np.asarray(state.observation_tensor(1), np.float32))
        obs, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            assert not info["action_mask"].any()
            break


def test_an_illegal_id_ends_the_episode_or_raises() -> None:
    spec = _games()[0].values[0]
    env = agym.AsobiEnv(spec.id, opponents="random")
    _, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(Exception, match="reset"):
        env.step(bad)
    strict = agym.AsobiEnv(spec.id, opponents="random", illegal="raise")
    _, info = strict.reset(seed=1)
    before = strict.state_now.fingerprint()
    with pytest.raises(IllegalActionError):
        strict.step(bad)
    with pytest.raises(IllegalActionError):
        strict.step("two")
    assert strict.state_now.fingerprint() == before


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"seat": 9}, BadOptionsError),
        ({"seat": "0"}, BadOptionsError),
        ({"opponents": "human"}, BadOptionsError),
        ({"opponents": "grandmaster"}, BotNameError),
        ({"opponents": ["random"] * 7}, BadOptionsError),
        ({"illegal": "ignore"}, BadOptionsError),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_error(kwargs, error) -> None:
    spec = _games()[0].values[0]
    with pytest.raises(error):
        agym.AsobiEnv(spec.id, **kwargs)


def test_levels_and_bots_by_name_are_opponents() -> None:
    spec = _games()[0].values[0]
    seats = len(spec.seat_names(spec.validate_options({})))
    for name in ("bot", "bot:hard", "easy", "expert", "ismcts:iters=2", "random"):
        env = agym.AsobiEnv(spec.id, opponents=name)
        assert set(env.opponents) == set(range(1, seats))
    env = agym.AsobiEnv(spec.id, seat=seats - 1, opponents=["random"] * (seats - 1))
    assert set(env.opponents) == set(range(seats - 1))


SEARCH = "bot:ismcts:iters=2:time=1000"
"""The information-set search with the game's own parameters (a level may be a rule bot, as
byston's hard is) at 2 iterations a decision and a time limit no 2 iterations reach:
the budget that stops it is the iterations, so a seeded search repeats."""


def _search_prefix(env: gymnasium.Env, seed: int, decisions: int) -> tuple[list[object], set[int]]:
    """The first ``decisions`` steps of an episode against search bots, each legal id picked by a
    generator of its own: each step's observation bytes, mask, reward and flags; and the numbers
    of iterations the bots' searches ran (their last search's, read after each step)."""
    pick = np.random.default_rng(seed + 1)
    obs, info = env.reset(seed=seed)
    out: list[object] = [(obs.tobytes(), info["action_mask"].tobytes())]
    searched: set[int] = set()
    for _ in range(decisions):
        legal = np.flatnonzero(info["action_mask"])
        assert legal.size > 0
        obs, reward, terminated, truncated, info = env.step(int(pick.choice(legal)))
        out.append((obs.tobytes(), info["action_mask"].tobytes(), reward, terminated, truncated))
        searched |= {bot.stats.iterations for bot in env.unwrapped._bots.values() if bot.stats is not None}
        if terminated or truncated:
            break
    return out, searched


@pytest.mark.parametrize("spec", _games())
def test_every_game_passes_gymnasiums_checker_against_search_bots(spec) -> None:
    seats = len(spec.seat_names(spec.validate_options({})))
    for seat in (0, seats - 1):  # the last seat: the searches play before its first decision
        env = gymnasium.make(agym.env_id(spec.id), seat=seat, opponents=SEARCH)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            warnings.filterwarnings("ignore", message=".*different from the unwrapped.*")
            check_env(env.unwrapped)


@pytest.mark.parametrize("spec", _games())
def test_a_seed_repeats_the_episode_against_search_bots(spec) -> None:
    """Same seed, same picks: the same observations, masks and rewards, the searches (2
    iterations each) drawing only from the generators the seed gives them. In a co-operative
    game the other seats are the learning seat's team of searches."""
    seats = len(spec.seat_names(spec.validate_options({})))
    env = gymnasium.make(agym.env_id(spec.id), seat=seats - 1, opponents=SEARCH)
    first, searched = _search_prefix(env, 11, 25)
    again, _ = _search_prefix(env, 11, 25)
    assert first == again
    assert 2 in searched and searched <= {0, 1, 2}  # they searched, within the budget
    other, _ = _search_prefix(env, 12, 25)
    assert other != first


@pytest.mark.parametrize("spec", _games())
def test_the_mask_in_info_is_the_seats_legal_ids_against_search_bots(spec) -> None:
    env = agym.AsobiEnv(spec.id, seat=0, opponents=SEARCH)
    _, info = env.reset(seed=4)
    pick = np.random.default_rng(0)
    for _ in range(20):
        state = env.state_now
        assert state.current_seat == 0
        assert info["action_mask"].dtype == np.int8
        assert np.flatnonzero(info["action_mask"]).tolist() == [env.codec.index(a) for a in state.legal_actions()]
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        _, _, terminated, truncated, info = env.step(int(pick.choice(np.flatnonzero(info["action_mask"]))))
        if terminated or truncated:
            assert not info["action_mask"].any()
            break

"""Rollouts with the state's log muted: the log drops later events (its clones' too) and keeps what
it held, and the same rollouts reach the same positions and values as with the log kept, in every
game, with random and rule-bot rollouts."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from asobi.agents.evaluate import random_rollout, rule_rollout
from asobi.core.events import Event
from asobi.core.log import CHUNK, EventLog
from asobi.core.registry import get_game
from asobi.core.state import GameState

from .test_search import midgame


def event(i: int) -> Event:
    return Event("1.1", "n", (("i", i),))


def test_a_muted_log_drops_later_events_and_keeps_the_earlier():
    state = midgame("legion", get_game("legion").validate_options({}), 0, 10)
    state.log = EventLog(event(i) for i in range(CHUNK + 3))
    before = list(state.log)
    state.log.mute()
    assert state.log.muted
    state.log_tail.append(event(99))  # as the rules append
    state.log.append(event(100))
    state.log.extend([event(101)])
    assert list(state.log) == before and state.log_length() == len(state.log) == CHUNK + 3
    copy = state
    for _ in range(3):  # a clone stays muted
        copy = copy.clone()
        copy.log_tail.append(event(102))
        assert copy.log.muted and list(copy.log) == before
    assert copy.log.digest() == state.log.digest() == EventLog(before).digest()
    kept = EventLog(before)
    kept.append(event(103))
    assert not kept.muted and len(kept) == len(before) + 1
    state.log = kept  # a log set anew is kept again
    state.log_tail.append(event(104))
    assert not state.log.muted and state.log_length() == len(before) + 2


def without_log(state: GameState) -> dict[str, Any]:
    data = state.to_json()
    data.pop("log")
    return data


CASES = [("emblem", {}, 40), ("legion", {"players": 3}, 20), ("legion", {"players": 2, "open_hands": True}, 30),
         ("byston", {}, 20)]


@pytest.mark.parametrize(("game", "options", "steps"), CASES)
def test_muted_rollouts_play_the_same_games(game, options, steps):
    spec = get_game(game)
    options = spec.validate_options(options)
    rollouts = {
        "random": lambda mute: random_rollout(spec.info.max_steps, mute=mute),
        "rule": lambda mute: rule_rollout(spec, options, 5, 60, mute=mute),
    }
    for seed in range(2):
        start = midgame(game, options, seed, steps)
        length = start.log_length()
        for kind, make in rollouts.items():
            kept, muted = start.clone(), start.clone()
            kept_values = make(False)(kept, Random(seed))
            muted_values = make(True)(muted, Random(seed))
            assert muted_values == kept_values, kind
            assert without_log(muted) == without_log(kept), kind
            assert muted.log_length() == length < kept.log_length(), kind
            assert start.log_length() == length and not start.log.muted  # the original's log is its own

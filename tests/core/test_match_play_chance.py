"""What a caller that must not wait while a bot thinks drives a match with: chance's outcomes
applied at once (``Match.play_chance``), and the bot to decide named (``Match.bot_to_decide``) so
that it can ``decide`` elsewhere and the caller ``advance``."""

from __future__ import annotations

import pytest

from asobi.core.match import Match
from asobi.core.state import CHANCE
from support.toygame import SPEC, registered


@pytest.fixture(autouse=True)
def toy():
    return registered()


def test_chance_plays_until_a_seat_must_decide_and_stops_there():
    match = Match(SPEC, {"copies": 2}, ["bot:random", "human"], seed=4)
    seen: list[int] = []
    assert match.play_chance(lambda m: seen.append(m.state_id)) == 4  # the four cards dealt
    assert seen == [1, 2, 3, 4] and match.current_seat != CHANCE
    assert match.play_chance() == 0  # nothing for chance to do: nothing changes
    assert match.state_id == 4


def test_the_bot_to_decide_is_named_and_a_person_or_chance_is_not():
    match = Match(SPEC, {"copies": 2}, ["bot:random", "human"], seed=4)
    assert match.bot_to_decide() is None and match.waiting_for() is None  # chance deals first
    match.play_chance()
    assert match.current_seat == 0 and match.bot_to_decide() == 0 and match.waiting_for() is None
    match.advance(match.decide())
    assert match.bot_to_decide() is None and match.waiting_for() == 1


def test_play_chance_and_decided_bot_steps_play_the_game_play_plays():
    """Chance applied at once and each bot's decision applied after it: the same game, action for
    action, as ``Match.play`` with the same seed."""
    stepwise = Match(SPEC, {"copies": 2}, ["bot:random", "bot:random"], seed=7)
    while True:
        stepwise.play_chance()
        if stepwise.bot_to_decide() is None:
            break
        stepwise.advance(stepwise.decide())
    at_once = Match(SPEC, {"copies": 2}, ["bot:random", "bot:random"], seed=7)
    at_once.play()
    assert stepwise.is_over() and stepwise.actions == at_once.actions

"""``Observation.position``: the state itself where the game hides nothing, refused where it hides
something (an agent there must sample with ``determinize``)."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core.agent import Observation
from asobi.core.state import GameState
from support.toygame import HighCard


class OpenHighCard(HighCard):
    """The toy game with its cards face up: the default ``determinize`` (a copy)."""

    determinize = GameState.determinize  # type: ignore[assignment]


def test_a_game_that_hides_nothing_gives_its_state_without_a_copy():
    state = OpenHighCard()
    obs = Observation(state, 0, legal=())
    assert obs.position() is state
    copy = obs.determinize(Random(0))
    assert copy is not state and copy.to_json() == state.to_json()


def test_a_game_that_hides_something_refuses_with_a_clear_error():
    obs = Observation(HighCard(), 0, legal=())
    with pytest.raises(TypeError, match="hides information: use determinize"):
        obs.position()

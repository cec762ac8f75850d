"""``spec.info.public_views``: a game that declares every seat's view the same as a spectator's is
held to it by the conformance harness (a server then makes one view a state for every socket)."""

from __future__ import annotations

import dataclasses
from random import Random

import pytest

from asobi.core.conformance import HarnessError, PlayoutStats, check_views
from asobi.core.registry import get_game
from support.play import played


def _mid_game(game: str, options: dict, steps: int = 60):
    spec = get_game(game)
    return spec, played(spec.new_state(spec.validate_options(options)), Random(3), steps, uniform_chance=True)


def test_byston_declares_public_views_and_they_are():
    spec, state = _mid_game("byston", {"players": 4})
    assert spec.info.public_views
    check_views(spec, state, Random(1), PlayoutStats(), "byston")
    assert all(state.view(seat) == state.view(None) for seat in range(state.n_seats))


@pytest.mark.parametrize("game", ["legion", "emblem"])
def test_a_false_claim_of_public_views_fails_the_harness(game, monkeypatch):
    spec, state = _mid_game(game, {})
    assert not spec.info.public_views
    check_views(spec, state, Random(1), PlayoutStats(), game)  # hands are hidden: no claim, no failure
    claims = dataclasses.replace(spec, info=dataclasses.replace(spec.info, public_views=True))
    with pytest.raises(HarnessError, match="declares public views"):
        check_views(claims, state, Random(1), PlayoutStats(), game)

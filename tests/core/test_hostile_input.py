"""Anything JSON can carry, submitted as an action by the seat to move, gets a documented error
(an ``AsobiError``: malformed, illegal, not your turn) and changes nothing — in every game, at the
start and in the middle of a game. The values are drawn by hypothesis: arbitrary JSON, and
action-shaped lists that start with one of the game's own verbs (the shapes a careless or hostile
client sends most). ``ASOBI_FUZZ_EXAMPLES`` sets how many per game and position (default 60)."""

from __future__ import annotations

import os
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.core.actions import action_from_json
from asobi.core.errors import AsobiError
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.state import CHANCE

EXAMPLES = int(os.environ.get("ASOBI_FUZZ_EXAMPLES", "60"))
GAMES = ["byston", "emblem", "legion", "toy-highcard", "toy-duel"]


def _position(game: str, steps: int) -> Match:
    """A match with people in every seat, played at random for ``steps`` actions (fewer where the
    game would be over by then), waiting for a person's decision."""
    spec = get_game(game)
    options = spec.validate_options({})
    match = Match(spec, options, ["human"] * len(spec.seat_names(options)), seed=3)
    rng = Random(steps)
    for _ in range(steps):
        match.play()
        seat = match.waiting_for()
        if seat is None:
            break
        match.submit(seat, rng.choice(match.state.legal_actions()))
    match.play()
    if match.waiting_for() is None:  # the game ended: a shorter walk
        return _position(game, steps // 2)
    return match


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)


def _action_like(verbs: list[str]) -> st.SearchStrategy[Any]:
    item = (st.integers(-3, 400) | st.integers() | st.sampled_from(["?", "", "a1", "0916", "x" * 300])
            | st.lists(st.integers(-2, 60), max_size=4) | st.none() | st.booleans())
    return st.builds(lambda verb, rest: [verb, *rest], st.sampled_from(verbs), st.lists(item, max_size=5))


def _verbs(game: str) -> list[str]:
    spec = get_game(game)
    space = spec.spaces.actions
    if space is None:
        return ["play", "pass", "move"]
    return [verb.name for verb in space(spec.validate_options({})).verbs]


@pytest.mark.parametrize("steps", [0, 40])
@pytest.mark.parametrize("game", GAMES)
def test_any_json_submitted_is_refused_with_a_documented_error_and_changes_nothing(game, steps):
    match = _position(game, steps)
    seat = match.waiting_for()
    assert seat is not None
    before = (match.state.fingerprint(), match.state_id, len(match.actions), match.state.log_length())
    legal = set(match.state.legal_actions())
    accepted: list[Any] = []

    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(JSON | _action_like(_verbs(game)))
    def submit(value: Any) -> None:
        try:
            action = action_from_json(value)
            if action in legal:
                return  # a legal action is applied, as it should be: not what this test is about
            match.submit(seat, action)
        except AsobiError as e:
            assert str(e) and len(str(e)) < 600, repr(e)
            assert (match.state.fingerprint(), match.state_id, len(match.actions), match.state.log_length()) == before
            return
        accepted.append(value)

    submit()
    assert not accepted, f"{game}: accepted {accepted[:3]}"


@pytest.mark.parametrize("game", ["byston", "emblem", "legion"])
def test_an_out_of_turn_or_chance_submission_is_refused_the_same_way(game):
    match = _position(game, 10)
    seat = match.waiting_for()
    assert seat is not None and match.state.current_seat != CHANCE
    other = (seat + 1) % match.state.n_seats
    for value in (["pass"], ["move", 1], ["x"] * 300, [[[[["deep"]]]]]):
        with pytest.raises(AsobiError):
            match.submit(other, action_from_json(value) if isinstance(value[0], str) else value)

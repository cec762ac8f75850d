"""A seat receives only what it may see, a spectator only what every seat may see: each message
is built again on states that differ only in what the viewer must not see (the conformance
harness's hidden variants), and must come out the same."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core.match import Match
from asobi.core.state import CHANCE
from asobi.server.messages import common_part
from support.play import people_match, random_match

from .conftest import message_for


def _message(match: Match, seat: int | None, lang: str = "en") -> dict:
    return message_for(match, seat, lang)


def _with_state(match: Match, state, seat: int | None) -> dict:
    real = match.state
    match.state = state
    try:
        return _message(match, seat)
    finally:
        match.state = real


def _sampled_matches(game: str, options: dict, seed: int, points: int, every: int):
    """A game of random decisions by people's seats, stopped at ``points`` moments."""
    match = people_match(game, options, seed)
    for step in random_match(match, Random(seed)):
        if not points:
            return
        if step and step % every == 0:
            points -= 1
            yield match


@pytest.mark.parametrize("game, options", [("legion", {"players": 3}), ("legion", {"players": 2}), ("emblem", {})])
def test_messages_do_not_change_with_what_the_viewer_cannot_see(game, options):
    rng = Random(5)
    compared = private = 0
    for match in _sampled_matches(game, options, seed=11, points=6, every=23):
        state = match.state
        n = state.n_seats
        public = _message(match, None)
        for seat in range(n):
            mine = _message(match, seat)
            private += mine["view"] != public["view"]
            for variant in state.hidden_variants(seat, rng):
                assert _with_state(match, variant, seat) == mine, f"seat {seat} sees a hidden difference"
                compared += 1
        # Spectators: perturb what each seat hides, one after the other.
        chained = state
        for seat in range(n):
            variants = chained.hidden_variants(seat, rng)
            if variants:
                chained = variants[0]
        assert _with_state(match, chained, None) == public, "a spectator sees a hidden difference"
    assert compared > 0, "no hidden variants were compared"
    assert private > 0, "no seat ever saw more than a spectator: the test shows nothing"


def test_open_hands_are_public():
    for match in _sampled_matches("legion", {"players": 3, "open_hands": True}, seed=3, points=1, every=15):
        public = _message(match, None)
        assert public["view"]["hands"] == match.view(0)["hands"]


def test_spectators_see_no_hand_and_no_private_log_line():
    for match in _sampled_matches("legion", {"players": 3}, seed=4, points=2, every=30):
        public = _message(match, None)
        assert all(hand["cards"] is None for hand in public["view"]["hands"])
        texts = [e["text"] for u in public["updates"] for e in u["events"]] + [e["text"] for e in public["opening"]]
        drawn = [u for u in public["updates"] if u["actor"] == CHANCE]
        assert drawn and all("?" in u["action"] for u in drawn if u["action"] and u["action"][0] == "code")
        for seat in range(3):
            cards = match.view(seat)["hands"][seat]["cards"]
            assert all(f"draws {card}" not in text for card in cards for text in texts)


def test_common_part():
    assert common_part([{"a": 1, "h": [1, 2]}, {"a": 1, "h": None}]) == {"a": 1, "h": None}
    assert common_part([[1, 2, 3], [1, 5, 3]]) == [1, None, 3]
    assert common_part([{"a": 1}, {"b": 1}]) is None
    assert common_part([{"x": {"y": [1]}}] * 3) == {"x": {"y": [1]}}

"""Stops in the browser's protocol: a state message names the window a seat is asked in (from
that seat's own view and choices) and the game's stop names; the server never reads a client's
stops — a pass the page makes for its person is an ordinary action."""

from __future__ import annotations

from random import Random

from asobi.core.match import Match
from asobi.core.registry import get_game

from .conftest import message_for


def _message(match: Match, seat: int) -> dict:
    return message_for(match, seat, text=False)


def test_state_messages_name_the_window_and_the_stops():
    spec = get_game("legion")
    match = Match(spec, spec.validate_options({"players": 3}), ["human"] * 3, seed=4, agents=[None] * 3)
    rng = Random(4)
    seen: dict[str, set] = {}
    for _ in range(3000):
        if match.state.outcome() is not None:
            break
        seat = match.current_seat
        if seat < 0:
            match.advance(match.decide())
            continue
        message = _message(match, seat)
        assert message["stops"] == {"names": ["answer", "turn", "others", "enemy", "all"],
                                    "default": ["answer", "turn"], "pass": ["pass"]}
        pending = match.state.view(seat).get("pending") or {}
        window = message["window"]
        if pending.get("kind") == "respond":
            assert window is not None and window["stop"] == "answer"
        elif pending.get("kind") == "priority":
            assert window is not None and window["stop"] in ("turn", "others", "enemy")
        else:
            assert window is None
        if window is not None:
            playable = any(item["action"][0] == "strategy" for item in message["legal"])
            assert window["playable"] == playable
            seen.setdefault(window["stop"], set()).add(playable)
        for other in range(3):  # only the seat asked is told of a window
            if other != seat:
                assert _message(match, other)["window"] is None
        legal = match.state.legal_actions()
        passes = [a for a in legal if a[0] != "autopass"]  # keep every seat asked all game
        match.advance(rng.choice(passes or legal))
    assert {"answer", "others"} <= set(seen), seen


def test_a_game_without_windows_sends_no_stops():
    spec = get_game("emblem")
    match = Match(spec, spec.validate_options({}), ["human"] * 2, seed=1, agents=[None] * 2)
    while match.current_seat < 0:
        match.advance(match.decide())
    message = _message(match, match.current_seat)
    assert message["stops"] is None and message["window"] is None

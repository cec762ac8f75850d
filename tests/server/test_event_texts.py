"""A room's message builder makes what its sockets share once — each event's text per language,
the shared view of a state (also encoded), the card names — and every socket still gets the
message a builder of its own would give it; the kept texts stay bounded."""

from __future__ import annotations

from random import Random

import orjson
import pytest

from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.state import CHANCE, TERMINAL
from asobi.server import messages
from asobi.server.messages import Reader, StateMessages
from asobi.server.protocol import encode


@pytest.mark.parametrize("game, options", [("legion", {"players": 3}), ("emblem", {}), ("byston", {"players": 2})])
def test_a_rooms_builder_gives_each_socket_the_message_a_builder_of_its_own_gives(game: str, options: dict) -> None:
    spec = get_game(game)
    options = spec.validate_options(options)
    n = len(spec.seat_names(options))
    match = Match(spec, options, ["human"] * n, seed=3)
    rng = Random(3)
    readers = [Reader(seat, lang, text=lang == "ja", epoch="e") for seat in [*range(n), None] for lang in ("ja", "en")]
    room = StateMessages(spec, options, 1, connected=readers[:2], epoch="e")
    rendered = 0
    for _ in range(60):
        if match.current_seat == TERMINAL:
            break
        if match.current_seat == CHANCE:
            match.step()
        else:
            match.submit(match.current_seat, rng.choice(match.state.legal_actions()))
        for reader in readers:
            alone = StateMessages(spec, options, 1, connected=readers[:2], epoch="e").message(match, reader)
            shared = room.message(match, reader)
            assert shared == alone, (game, reader)
            sent = room.encoded(match, reader)  # the view shared by several sockets is encoded once
            assert orjson.loads(sent) == orjson.loads(encode(alone)), (game, reader)
            rendered += sum(len(u["events"]) for u in alone["updates"]) + len(alone["opening"])
            reader.sent, reader.named_lang = match.state_id, reader.lang
    assert 0 < len(room.event_texts) < rendered, "every socket's events rendered again: nothing was shared"


def test_the_kept_texts_are_emptied_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(messages, "EVENT_TEXTS_KEPT", 5)
    spec = get_game("legion")
    options = spec.validate_options({"players": 2})
    match = Match(spec, options, ["human", "human"], seed=1)
    rng = Random(1)
    while len(match.state.events_since(0)) < 20:
        if match.current_seat == CHANCE:
            match.step()
        else:
            match.submit(match.current_seat, rng.choice(match.state.legal_actions()))
    room = StateMessages(spec, options, 1)
    for event in match.state.events_since(0):
        room.event_json(match, event, "en")
        assert 0 < len(room.event_texts) <= 5

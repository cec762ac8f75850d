"""A room's message builder makes what its sockets share once — each event's text per language,
the shared view of a state (also encoded), the card names — and every socket still gets the
message a builder of its own would give it; the kept texts stay bounded."""

from __future__ import annotations

from random import Random

import orjson
import pytest

from asobi.server import messages
from asobi.server.messages import Reader, StateMessages
from asobi.server.protocol import encode
from support.play import people_match, random_match


@pytest.mark.parametrize("game, options", [("legion", {"players": 3}), ("emblem", {}), ("byston", {"players": 2})])
def test_a_rooms_builder_gives_each_socket_the_message_a_builder_of_its_own_gives(game: str, options: dict) -> None:
    match = people_match(game, options, seed=3)
    spec, options, n = match.spec, match.options, len(match.seats)
    readers = [Reader(seat, lang, text=lang == "ja", epoch="e") for seat in [*range(n), None] for lang in ("ja", "en")]
    room = StateMessages(spec, options, 1, connected=readers[:2], epoch="e")
    rendered = 0
    for step in random_match(match, Random(3), 60):
        if step == 0:
            continue
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
    match = people_match("legion", {"players": 2}, seed=1)
    for _ in random_match(match, Random(1)):
        if len(match.state.events_since(0)) >= 20:
            break
    room = StateMessages(match.spec, match.options, 1)
    for event in match.state.events_since(0):
        room.event_json(match, event, "en")
        assert 0 < len(room.event_texts) <= 5

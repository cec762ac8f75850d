"""A room renders each event's text once per language for all its sockets: the messages are the
same as when every socket renders its own, and the kept texts stay bounded."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core.match import Match
from asobi.server import protocol
from asobi.server.protocol import EventTexts, state_message
from support.play import people_match, random_match


def _message(match: Match, seat: int | None, lang: str, since: int, texts: EventTexts | None) -> dict:
    return state_message(match, seat, since=since, epoch="e", lang=lang, game_id=1, seat_kinds=match.seats,
                         connected=[], can_undo=0, with_text=False, event_texts=texts)


@pytest.mark.parametrize("game, options", [("legion", {"players": 3}), ("emblem", {}), ("byston", {"players": 2})])
def test_messages_with_the_rooms_texts_equal_those_rendered_each_time(game: str, options: dict) -> None:
    match = people_match(game, options, seed=3)
    n = len(match.seats)
    texts: EventTexts = {}
    sent = {(seat, lang): -1 for seat in [*range(n), None] for lang in ("ja", "en")}
    rendered = 0
    for step in random_match(match, Random(3), 60):
        if step == 0:
            continue
        for (seat, lang), since in sent.items():
            alone = _message(match, seat, lang, since, None)
            shared = _message(match, seat, lang, since, texts)
            assert shared == alone, (game, seat, lang)
            rendered += sum(len(u["events"]) for u in alone["updates"]) + len(alone["opening"])
            sent[(seat, lang)] = match.state_id
    assert 0 < len(texts) < rendered, "every socket's events rendered again: nothing was shared"


def test_the_kept_texts_are_emptied_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol, "EVENT_TEXTS_KEPT", 5)
    match = people_match("legion", {"players": 2}, seed=1)
    for _ in random_match(match, Random(1)):
        if len(match.state.events_since(0)) >= 20:
            break
    texts: EventTexts = {}
    for event in match.state.events_since(0):
        protocol.event_json(match, event, "en", texts)
        assert 0 < len(texts) <= 5

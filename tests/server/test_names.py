"""Card names in live play: each socket is sent the game's table of card names once (per
language) instead of the names of the cards in every view."""

from __future__ import annotations

from random import Random

import pytest

from asobi.server.cards import card_name_table
from asobi.server.messages import card_names
from support.play import people_match, random_match

from .conftest import hello, new_game


def _views(game: str, options: dict, seed: int, every: int, limit: int):
    match = people_match(game, options, seed)
    for step in random_match(match, Random(seed), limit):
        if step and (step - 1) % every == 0:  # after the 1st, the (every+1)th… step
            for seat in range(len(match.seats)):
                yield match, match.view(seat)


@pytest.mark.parametrize("game, options", [("byston", {}), ("emblem", {}), ("legion", {}), ("legion", {"players": 2})])
def test_the_table_names_every_card_a_view_shows(game, options):
    """Whatever card a view shows, the table has its name, the one the view's own names give."""
    tables = {lang: card_name_table(game, lang) for lang in ("en", "ja")}
    shown = 0
    for seed in (2, 3):
        for match, view in _views(game, options, seed=seed, every=7, limit=1500):
            for lang, table in tables.items():
                names = card_names(match, view, lang)
                assert names.items() <= table.items(), sorted(names.items() - table.items())[:5]
                shown += len(names)
    assert (shown > 0) == bool(tables["en"]) == (game != "byston")  # byston draws from its printed board data
    if shown:
        assert tables["en"] != tables["ja"]


def test_a_socket_is_sent_the_names_once_per_language(client):
    made = new_game(client, "emblem", ["human", "bot"], seed=4)
    token, game_id = made["seats"][0]["token"], made["game_id"]
    acted = 0
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        message = hello(ws, token, text=False)
        assert message["names"] == card_name_table("emblem", "en") and message["names"]
        while acted < 6 and not message["over"]:
            if message["legal"]:
                ws.send_json({"type": "act", "token": token, "action": message["legal"][0]["action"],
                              "state_id": message["state_id"]})
                acted += 1
            message = ws.receive_json()
            assert message["type"] == "state" and message["names"] == {}, message
        assert acted == 6
        sync = {"type": "sync", "token": token, "since": message["state_id"], "epoch": message["epoch"], "text": False}
        ws.send_json({**sync, "lang": "ja"})
        ja = ws.receive_json()
        assert ja["lang"] == "ja" and ja["names"] == card_name_table("emblem", "ja")
        ws.send_json({**sync, "since": ja["state_id"], "lang": "ja"})
        assert ws.receive_json()["names"] == {}
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:  # a new socket: the names again
        again = hello(ws, token, text=False, lang="ja")
        assert again["names"] == card_name_table("emblem", "ja")

"""The web client's clause texts (log hover and click) follow the page's ja/en switch."""

from __future__ import annotations

import pytest

from asobi.core.clauses import JAPANESE_ONLY
from asobi.core.registry import all_games, get_game


def test_clause_texts_come_in_the_language_asked(client):
    en = client.get("/api/catalog/legion/clauses", params={"lang": "en"}).json()
    ja = client.get("/api/catalog/legion/clauses", params={"lang": "ja"}).json()
    book = get_game("legion").clause_book()
    ours = book.translation
    assert ours is not None
    assert en["7.5"] == ours["7.5"] and ja["7.5"] == get_game("legion").clauses()["7.5"]
    assert en != ja and en.keys() == ja.keys()
    assert en == book.texts("en") and ja == book.texts("ja")


def test_english_is_the_default_like_the_pages(client):
    assert client.get("/api/catalog/emblem/clauses").json() == client.get(
        "/api/catalog/emblem/clauses", params={"lang": "en"}).json()


@pytest.mark.parametrize("game", [spec.id for spec in all_games() if spec.clause_book().printed])
def test_every_printed_rulebook_comes_in_our_english_with_none_left_in_japanese(client, game):
    en = client.get(f"/api/catalog/{game}/clauses", params={"lang": "en"}).json()
    ja = client.get(f"/api/catalog/{game}/clauses", params={"lang": "ja"}).json()
    book = get_game(game).clause_book()
    assert book.translation is not None and book.printed
    assert not [cid for cid, text in en.items() if text.startswith(JAPANESE_ONLY)]
    assert all(en[cid] == book.translation[cid] and ja[cid] == book.printed[cid] for cid in book.printed)


def test_an_unknown_language_is_refused_clearly(client):
    r = client.get("/api/catalog/legion/clauses", params={"lang": "fr"})
    assert r.status_code == 400 and "lang is one of" in r.text


def test_the_pages_ask_for_clauses_in_the_page_language():
    """Both pages that show log clauses fetch them with the page's language (and refetch on a switch)."""
    from importlib import resources

    static = resources.files("asobi.server").joinpath("static")
    game = static.joinpath("game.js").read_text(encoding="utf-8")
    replay = static.joinpath("replay.js").read_text(encoding="utf-8")
    assert "/clauses?lang=${window.asobiLang()}" in game
    assert "/clauses?lang=${lang}" in replay

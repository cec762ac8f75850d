"""In Japanese, legion's board shows Japanese hover texts: each enemy-map square's printed
Japanese text (its ship move said in Japanese), the enemy ship, the map titles, with no English."""

from __future__ import annotations

import re

import pytest

from asobi.games.legion.content import content
from asobi.games.legion.view import square_text_ja

from .test_browser import _api, browser, server  # noqa: F401  (fixtures: the server and Chromium)

pytestmark = pytest.mark.browser
LATIN = re.compile(r"[A-Za-z]")


def test_legion_board_hover_texts_are_japanese_in_japanese(server, browser):  # noqa: F811
    made = _api(server, "/api/games", {"game": "legion", "seats": ["human", "bot", "bot"], "seed": 3})
    page = browser.new_page()
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('asobi.lang', 'ja')")
    page.goto(made["seats"][0]["link"])  # type: ignore[index]
    page.wait_for_selector("#board svg [data-enemy-square]")
    titles = page.eval_on_selector_all("#board svg [data-enemy-square] title", "ns => ns.map(n => n.textContent)")
    c = content()
    expected = []
    for i, square in enumerate(c.square_ids):
        name = "コア" if i == c.barrier_core else square
        expected.append(f"{name}: {square_text_ja(c.square_text[i][0], c.square_to[i])}")
    assert titles == expected[: len(titles)] and len(titles) >= 9
    for title in titles:
        text = title.split(": ", 1)[1]
        assert text and not LATIN.search(text), title
    assert any("へ移動" in t for t in titles)  # the print's "toNorth" said in Japanese
    ship = page.eval_on_selector_all("#board svg [data-square] polygon title", "ns => ns.map(n => n.textContent)")
    assert ship == ["エネミーシップ"]
    board_text = page.inner_text("#board")
    assert "宇宙マップ" in board_text and "Space map" not in board_text and "Enemy map" not in board_text
    page.wait_for_function("document.querySelector('#turn').textContent.includes('あなたの番')")
    assert not LATIN.search(page.inner_text("#turn").split("—", 1)[-1].replace("A", "")), page.inner_text("#turn")
    # Back in English, the same squares say the English print.
    page.click("button.lang[data-lang=en]")
    page.wait_for_function("[...document.querySelectorAll('#board svg [data-enemy-square] title')]"
                           ".some(t => t.textContent.includes('toNorth'))")
    page.close()

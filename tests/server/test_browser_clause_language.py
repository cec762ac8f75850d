"""In the browser, a log line's clause hover text follows the page's ja/en switch."""

from __future__ import annotations

import pytest

from asobi.core.registry import get_game

from .test_browser import _api, browser, server  # noqa: F401  (fixtures: the server and Chromium)

pytestmark = pytest.mark.browser


def test_clause_hover_text_follows_the_language_switch(server, browser):  # noqa: F811
    made = _api(server, "/api/games", {"game": "legion", "seats": ["human", "bot", "bot"], "seed": 3})
    page = browser.new_page()
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('asobi.lang', 'en')")
    page.goto(made["seats"][0]["link"])  # type: ignore[index]
    page.wait_for_function("[...document.querySelectorAll('#log .clause')].some(c => c.title.length > 0)")
    spec = get_game("legion")
    first = page.locator("#log .clause").first
    cid = first.inner_text()
    page.wait_for_function("([id, t]) => [...document.querySelectorAll('#log .clause')]"
                           ".some(c => c.textContent === id && c.title === t)", arg=[cid, spec.clause_book().text(cid, "en")])
    page.click("button.lang[data-lang=ja]")
    page.wait_for_function("([id, t]) => [...document.querySelectorAll('#log .clause')]"
                           ".some(c => c.textContent === id && c.title === t)", arg=[cid, spec.clause_book().text(cid, "ja")])
    page.locator("#log .clause").first.click()  # a click opens the same text in the panel
    page.wait_for_selector("#inspect:not([hidden])")
    assert spec.clause_book().text(cid, "ja") in page.inner_text("#inspect")
    page.close()

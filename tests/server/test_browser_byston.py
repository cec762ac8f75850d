"""Byston in the browser: a 4-seat game made in the lobby with three bots, the hex map drawn with
its counters, a hex's stack opened, the actions grouped and filtered, a legal action clicked and
the log going on."""

from __future__ import annotations

import pytest

from .test_browser import _screenshot, browser, server  # noqa: F401  (fixtures: the server and Chromium)

pytestmark = pytest.mark.browser


def test_a_byston_game_is_drawn_and_played_by_clicking(server, browser):  # noqa: F811
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('asobi.lang', 'en')")
    page.goto(server + "/")
    page.select_option("#game", "byston")
    page.wait_for_selector("#seats[data-game='byston']:not([aria-busy]) select[data-seat='3']")  # four seats by default (2–4, 1.2)
    page.fill("#options [data-option=players]", "4")
    seats = page.locator("#seats select")
    assert seats.count() == 4
    assert [seats.nth(i).input_value() for i in range(4)] == ["human", "bot:normal", "bot:normal", "bot:normal"]
    page.fill("#seed", "4")
    page.click("#create")
    page.wait_for_function("document.querySelector('#created input') || document.querySelector('#error').textContent",
                           timeout=90_000)
    assert not page.inner_text("#error"), page.inner_text("#error")
    seat_link = page.query_selector_all("#created input")[0].input_value()
    assert "#token=" in seat_link
    page.goto(seat_link)
    page.wait_for_selector("#board svg [data-hex]")
    assert page.locator("#board svg [data-hex]").count() == 26 * 18
    assert page.locator("#board svg [data-stack]").count() > 10  # counters stacked in hexes, per country
    assert page.locator("#board svg [data-building]").count() > 0  # castles and forts
    assert page.locator("#board svg [data-income]").count() > 0
    assert page.locator("#board svg [data-turn].now").get_attribute("data-turn") == "1"
    assert "Management sheet" in page.inner_text("#board")
    page.wait_for_selector("#actions button[data-action]")
    assert "Your turn" in page.inner_text("#turn")
    # A hex's stack opens below the map; its counters open in the inspector.
    hex_id = page.locator("#board svg [data-stack]").first.evaluate("n => n.closest('[data-hex]').dataset.hex")
    page.locator(f"#board svg [data-hex='{hex_id}'] polygon").first.click(force=True)
    page.wait_for_selector(f"#board svg [data-stack-of='{hex_id}']")
    if not page.locator(f"#board svg [data-hex='{hex_id}'].can").count():  # a hex naming no action
        page.locator("#board svg [data-stack-panel] [data-card]").first.click()
        page.wait_for_selector("#inspect:not([hidden])")
        page.click("#inspect button.close")
    # Play on until a decision with a long list: its actions come grouped, with a filter.
    for _ in range(60):
        page.wait_for_selector("#actions button[data-action]")
        if page.locator("#actions .group").count():
            break
        _act(page, page.locator("#actions button[data-action]").last)
    else:
        raise AssertionError("no long list of actions came up")
    _screenshot(page, "byston")
    total = page.locator("#actions button[data-action]").count()
    first = page.locator("#actions button[data-action]").first.inner_text()
    page.fill("#action-filter", first)
    page.wait_for_function(f"document.querySelectorAll('#actions button[data-action]:not([hidden])').length < {total}")
    assert page.locator("#actions button[data-action]:not([hidden])").first.inner_text() == first
    _act(page, page.locator("#actions button[data-action]:not([hidden])").first)
    page.close()


def _act(page, button) -> None:
    """Click a legal action and wait until the game moves on and the log grows."""
    state_id = page.get_attribute("#turn", "data-state-id")
    lines = page.locator("#log li").count()
    button.click()
    page.wait_for_function(f"document.querySelector('#turn').dataset.stateId != '{state_id}'"
                           " || document.querySelector('#error').textContent", timeout=60_000)
    assert not page.inner_text("#error"), page.inner_text("#error")
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {lines}", timeout=60_000)


def test_a_battle_is_drawn_with_its_units_clickable_and_its_odds(server, browser):  # noqa: F811
    # A real battle decision's message, drawn by the byston module in the page.
    from .test_byston import _battle_decisions, _message

    match, seat = next(_battle_decisions(range(1, 9)))
    message = _message(match, seat)
    odds = next(item["forecast"] for item in message["legal"] if "forecast" in item)
    page = browser.new_page()
    page.goto(server + "/play/1#watch")  # any game page loads the board helpers
    page.add_script_tag(url="/games/byston/board.js")
    page.wait_for_function("window.AsobiBoards && window.AsobiBoards.byston")
    page.evaluate("AsobiBoards.byston.ready")
    drawn = page.evaluate(
        """([view, seats, seat, odds, legal]) => {
             const svg = AsobiBoards.byston.draw(view, {names: {}, lang: "en", seat, seats, legal});
             const rows = [...svg.querySelectorAll('[data-battle-unit]')];
             return {rows: rows.length, squares: rows.map(r => Number(r.dataset.square)),
                     hexes: svg.querySelectorAll('[data-hex]').length,
                     odds: AsobiBoards.byston.forecast(odds, "en").textContent,
                     can: [...svg.querySelectorAll('[data-battle-unit].can')].map(r => Number(r.dataset.square)).sort((a, b) => a - b)};
           }""",
        [message["view"], message["seats"], seat, odds, message["legal"]])
    units = message["view"]["battle"]["units"]
    assert drawn["rows"] == len(units) > 0 and drawn["hexes"] == 26 * 18
    assert drawn["squares"] == [10000 + u["counter"] for u in units]
    assert drawn["odds"].startswith(f"odds at {odds['hex']}") and "expected" in drawn["odds"]
    assert "hits " in drawn["odds"] and "%" in drawn["odds"]  # the exact chance of each hit count
    named = sorted({sq for item in message["legal"] for sq in item.get("targets", {}).get("squares", []) if sq >= 10000})
    assert drawn["can"] == named  # the rows the choices name (the game's targets) are the ones to click
    page.close()

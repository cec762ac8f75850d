"""A game that lasts days, in Chromium: four people, each with a tab in the background (the page
is made to believe it is hidden, and browser notifications are recorded): the tab whose seat must
decide — and only that one — is told so in its title and by a notification; the page "My games"
lists every held link with whose turn it is; a seat's page opened again shows what happened since
it was last looked at."""

from __future__ import annotations

import pytest

from .test_browser import _api, browser, server  # noqa: F401  (fixtures: the server and Chromium)

pytestmark = pytest.mark.browser

# Every tab is in the background until a test says otherwise, and notifications are allowed and kept.
BACKGROUND = """
Object.defineProperty(Document.prototype, "hidden", { configurable: true, get() { return window.__hidden !== false; } });
window.__notes = [];
window.Notification = class {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
  close() {}
};
"""


def _tabs(context, links: list[str]) -> list:
    pages = []
    for link in links:
        page = context.new_page()
        page.goto(link)
        page.wait_for_function("document.querySelector('#turn').dataset.stateId !== undefined", timeout=30_000)
        pages.append(page)
    return pages


def _told(page) -> list[dict]:
    return page.evaluate("window.__notes")


def test_the_seat_to_decide_is_told_in_its_background_tab_and_listed_in_my_games(server, browser):  # noqa: F811
    made = _api(server, "/api/games", {"game": "legion", "options": {"players": 4}, "seats": ["human"] * 4,
                                        "seed": 5, "confirm_seeded": True})
    links = [s["link"] for s in made["seats"]]  # type: ignore[index]
    context = browser.new_context()
    context.add_init_script(BACKGROUND)
    tabs = _tabs(context, links)
    deciding = [i for i, tab in enumerate(tabs) if tab.evaluate("document.querySelector('#turn').classList.contains('mine')")]
    assert len(deciding) == 1, deciding
    first = deciding[0]
    tabs[first].wait_for_function("window.__notes.length > 0")
    assert tabs[first].title().startswith("● Your turn")
    assert [len(_told(tab)) for i, tab in enumerate(tabs) if i != first] == [0, 0, 0]
    assert all(not tab.title().startswith("●") for i, tab in enumerate(tabs) if i != first)
    # Its person acts; whoever decides next is told in turn (a tab is told once per decision).
    before = tabs[first].evaluate("Number(document.querySelector('#turn').dataset.stateId)")
    tabs[first].click("#actions button[data-action]")
    tabs[first].wait_for_function(f"Number(document.querySelector('#turn').dataset.stateId) > {before}")
    told = [len(_told(tab)) for tab in tabs]
    to_move = _api(server, "/api/seats", {"seats": [{"game_id": made["game_id"], "token": s["token"]}  # type: ignore[index]
                                                       for s in made["seats"]]})  # type: ignore[index]
    turn = [i for i, s in enumerate(to_move) if s["your_turn"]]  # type: ignore[union-attr, index]
    assert len(turn) == 1
    tabs[turn[0]].wait_for_function("document.title.startsWith('● Your turn')")
    assert len(_told(tabs[turn[0]])) >= 1 + (turn[0] == first and told[first] == 1)
    # My games (every tab of this browser remembered its link): four rows, one of them "your turn".
    mine = context.new_page()
    mine.goto(server + "/mine")
    mine.wait_for_selector("#held tr[data-game]")
    rows = mine.query_selector_all("#held tr[data-game]")
    assert len(rows) == 4
    statuses = [row.query_selector("[data-testid=status]").inner_text() for row in rows]
    assert sum(s.startswith("★") for s in statuses) == 1, statuses
    assert mine.title().startswith("(1) asobi")
    context.close()


def test_a_seat_opened_again_shows_what_happened_since_it_was_last_looked_at(server, browser):  # noqa: F811
    made = _api(server, "/api/games", {"game": "emblem", "seats": ["human", "human"], "seed": 4,
                                        "confirm_seeded": True})
    links = [s["link"] for s in made["seats"]]  # type: ignore[index]
    context = browser.new_context()
    context.add_init_script("window.__hidden = false;" + BACKGROUND)  # tabs in front: looking records what was seen
    a, b = _tabs(context, links)
    page_of = {0: a, 1: b}
    mover = 0 if a.evaluate("document.querySelector('#turn').classList.contains('mine')") else 1
    watcher = 1 - mover
    page_of[watcher].close()  # the other person leaves; the mover plays on
    tab = page_of[mover]
    for _ in range(3):
        if not tab.evaluate("document.querySelector('#turn').classList.contains('mine')"):
            break
        before = tab.evaluate("Number(document.querySelector('#turn').dataset.stateId)")
        tab.click("#actions button[data-action]")
        tab.wait_for_function(f"Number(document.querySelector('#turn').dataset.stateId) > {before}")
    again = context.new_page()
    again.goto(links[watcher])
    again.wait_for_selector("#news:not([hidden]) ol li")
    lines = again.inner_text("#news ol")
    assert lines.strip() and again.inner_text("#news summary").startswith("Since you last looked")
    again.click("#news-close")
    assert again.is_hidden("#news")
    again.close()
    fresh = context.new_page()  # nothing new since: no box
    fresh.goto(links[watcher])
    fresh.wait_for_function("document.querySelector('#turn').dataset.stateId !== undefined")
    assert fresh.is_hidden("#news")
    context.close()


def test_a_turn_timer_set_in_the_lobby_counts_down_and_the_bot_decides_when_it_runs_out(server, browser):  # noqa: F811
    page = browser.new_page()
    page.goto(server + "/")
    page.select_option("#game", "emblem")
    page.wait_for_selector("#seats[data-game='emblem']:not([aria-busy]) select")
    page.fill("#timer", "0.17")  # 10 s, the shortest a host may set
    page.click("#create")
    page.wait_for_selector("#created input")
    link = page.query_selector_all("#created input:not([data-host-secret])")[0].input_value()
    game_id = int(link.split("/play/")[1].split("#")[0])
    assert _api(server, f"/api/games/{game_id}")["turn_seconds"] == 10  # type: ignore[index]
    page.goto(link)
    page.wait_for_selector("#actions button[data-action]")  # the person's turn (the bot's comes at once)
    page.wait_for_selector("#clock:not([hidden])")
    assert "left to decide" in page.inner_text("#clock")
    page.wait_for_function("[...document.querySelectorAll('#log li.act')].some(li => li.textContent.includes('ran out of time'))",
                           timeout=40_000)

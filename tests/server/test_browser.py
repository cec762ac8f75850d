"""The browser client in Debian's Chromium, driven by Playwright: a game made in the lobby, an
action clicked, the log updated, the emblem board drawn, and a spectator never sent a hand."""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.browser


def _need_browser() -> None:
    missing = []
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing.append("the playwright package (pip install -e '.[browser]')")
    if not shutil.which(CHROMIUM):
        missing.append(f"{CHROMIUM} (apt-get install chromium)")
    if missing:
        why = "browser tests need " + " and ".join(missing) + "; ./scripts/test installs both"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    """``asobi serve`` on a free port of the loopback, in a thread of this process."""
    import uvicorn

    from asobi.server import Limits, create_app

    _need_browser()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # the module makes more games a minute than one address may by default; the other limits as they are
    app = create_app(tmp_path_factory.mktemp("srv") / "games.sqlite3", limits=Limits(games_per_minute=100))
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def browser(server):
    with chromium() as b:
        yield b


def _screenshot(page, name: str) -> None:
    """With ASOBI_SCREENSHOTS=DIR, keep a picture of the page (for the docs)."""
    folder = os.environ.get("ASOBI_SCREENSHOTS")
    if folder:
        page.set_viewport_size({"width": 1200, "height": 900})
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def _create(page, server: str, game: str, seed: int = 3) -> list[str]:
    """Make a game in the lobby (default seats: a person, then bots) and return its links."""
    page.goto(server + "/")
    page.select_option("#game", game)
    page.wait_for_selector(f"#seats[data-game='{game}']:not([aria-busy]) select")
    page.fill("#seed", str(seed))
    page.click("#create")
    # the links, or the lobby's error line (said in the failure); a busy CI machine may be slow
    page.wait_for_function("document.querySelector('#created input') || document.querySelector('#error').textContent",
                           timeout=90_000)
    assert not page.inner_text("#error"), page.inner_text("#error")
    return [i.input_value() for i in page.query_selector_all("#created input:not([data-host-secret])")]


def test_a_seeded_game_is_marked_predictable_and_its_host_secret_kept(server, browser):
    page = browser.new_page()
    seat_link, _ = _create(page, server, "emblem", seed=7)
    secret = page.input_value("#created input[data-host-secret]")
    game_id = seat_link.split("/play/")[1].split("#")[0]
    assert len(secret) >= 30 and page.evaluate(f"localStorage.getItem('asobi.host.{game_id}')") == secret
    assert "predictable" in page.inner_text("#created")
    page.wait_for_selector(f"tr[data-game='{game_id}'] .seeded")  # the lobby's list marks it too
    page.goto(seat_link)
    page.wait_for_selector("#seeded:not([hidden])")
    assert "predictable" in page.inner_text("#seeded")
    page.close()


def test_a_game_made_in_the_lobby_is_played_by_clicking(server, browser):
    page = browser.new_page()
    seat_link, watch_link = _create(page, server, "legion")
    assert "#token=" in seat_link and watch_link.endswith("#watch")
    page.goto(seat_link)
    page.wait_for_selector("#actions button")
    assert "Your turn" in page.inner_text("#turn")
    page.wait_for_selector("#board svg [data-square]")  # the space map is drawn
    lines = page.locator("#log li").count()
    assert lines > 0 and page.locator("#log .clause").first.inner_text()
    # Every log line shows its clause, the clause's text on hover; a card in the hand opens to its text.
    page.wait_for_function("[...document.querySelectorAll('#log .clause')].every(c => c.title.length > 0)")
    page.locator("#board [data-hand=A] [data-card]").first.click()
    page.wait_for_selector("#inspect:not([hidden])")
    assert "code card" in page.inner_text("#inspect") or "Activate" in page.inner_text("#inspect")
    page.click("#inspect button.close")
    page.wait_for_selector("#inspect", state="hidden")
    before = page.inner_text("#turn")
    page.locator("#actions button").last.click()  # a supply: a card is discarded and another drawn
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {lines}")
    assert page.locator("#log li").count() > lines
    assert before  # the turn line was shown
    _screenshot(page, "legion")
    # In Japanese, the labels and the log are Japanese.
    page.click("button.lang[data-lang=ja]")
    page.wait_for_function("document.querySelector('#turn').textContent.includes('あなたの番')"
                           " || document.querySelector('#turn').textContent.includes('の選択')")
    page.close()


def test_a_spectator_is_never_sent_a_hand(server, browser):
    page = browser.new_page()
    seat_link, watch_link = _create(page, server, "legion", seed=5)
    page.goto(seat_link)
    page.wait_for_selector("#actions button")
    frames: list[dict] = []
    watcher = browser.new_page()
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data))))
    watcher.goto(watch_link)
    watcher.wait_for_selector("#board svg")
    assert "Watching" in watcher.inner_text("#who")
    assert watcher.locator("#actions button").count() == 0
    page.locator("#actions button").last.click()  # the seat acts: the spectator hears of it
    watcher.wait_for_function("document.querySelectorAll('#log li').length > 3")
    time.sleep(0.3)
    states = [f for f in frames if f.get("type") == "state"]
    assert states
    for state in states:
        assert all(hand["cards"] is None for hand in state["view"]["hands"])
        assert state["legal"] == []
    # The seat's hand is on its page and on no part of the spectator's.
    hand = page.evaluate("Array.from(document.querySelectorAll('[data-hand=A] text')).map(t => t.textContent)")
    assert len(hand) > 1
    assert "hidden" in watcher.inner_text("#board")
    page.close()
    watcher.close()


def test_the_emblem_board_is_drawn(server, browser):
    page = browser.new_page()
    seat_link, _ = _create(page, server, "emblem")
    page.goto(seat_link)
    page.wait_for_selector("#actions button")
    page.wait_for_selector("#board svg [data-square]")
    assert page.locator("#board svg [data-square]").count() == 12
    assert "Azure Kingdom" in (page.locator("#board svg").text_content() or "")
    # The text drawing is sent while its panel is open (and not before: the board shows the game).
    assert page.inner_text("#text") == ""
    page.click("#text-box summary")
    page.wait_for_function("document.querySelector('#text').textContent.length > 20")
    _screenshot(page, "emblem")
    page.close()


def test_a_slow_answer_for_a_game_no_longer_chosen_does_not_replace_its_seats(server, browser):
    page = browser.new_page()
    held: list = []
    # legion's seats are answered only once emblem's are on screen
    page.route("**/api/catalog/legion/seats*", lambda route: held.append(route))
    page.goto(server + "/")
    page.select_option("#game", "legion")
    page.wait_for_function("document.querySelector('#seats').getAttribute('aria-busy') === 'true'")
    # no game is made from the seats of the game chosen before: Create waits for legion's (and a
    # second click meanwhile makes no second game)
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and r.url.endswith("/api/games") else None)
    page.click("#create")
    page.click("#create")
    page.wait_for_timeout(300)
    assert page.query_selector("#created input") is None
    page.wait_for_timeout(200)
    page.select_option("#game", "emblem")
    page.wait_for_selector("#seats[data-game='emblem']:not([aria-busy]) select")
    page.select_option("#seats select[data-seat='1']", "human")
    assert held, "legion's seats were never asked for"
    for route in held:
        route.continue_()
    page.wait_for_timeout(500)
    assert page.get_attribute("#seats", "data-game") == "emblem"
    assert page.input_value("#seats select[data-seat='1']") == "human"
    page.wait_for_selector("#created input")  # the click made the game once the seats were drawn
    page.wait_for_timeout(300)
    assert len(posts) == 1
    page.close()


def test_hot_seat_hands_the_screen_over_between_seats(server, browser):
    page = browser.new_page()
    page.goto(server + "/")
    page.select_option("#game", "legion")
    page.wait_for_selector("#seats[data-game='legion']:not([aria-busy]) select")
    page.select_option("#seats select[data-seat='1']", "human")
    page.check("#hotseat")
    page.fill("#seed", "4")
    asked = []  # a seeded game with two people: the lobby asks its maker to confirm
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("#create")
    page.wait_for_selector("#created input")
    assert asked and "predictable" in asked[0]
    link = page.query_selector_all("#created input")[0].input_value()
    assert "," in link.split("#token=")[1]  # both people's tokens in one link
    page.goto(link)
    page.wait_for_selector("#handover:not([hidden])")
    assert "A" in page.inner_text("#handover-text")
    assert page.locator("#board svg").count() == 0  # nothing shows until A says so
    page.click("#handover-go")
    page.wait_for_selector("#actions button")
    page.wait_for_selector("#board svg [data-hand=A]")
    assert "hidden" in page.locator("#board svg [data-hand=B]").text_content()
    # A ends its turns until B is asked: the screen is handed over again.
    for _ in range(20):
        if not page.locator("#handover").is_hidden():
            break
        end = page.locator("#actions button", has_text="end")
        if end.count():
            end.first.click()
        else:
            page.locator("#actions button").first.click()
        page.wait_for_timeout(300)
    assert "B" in page.inner_text("#handover-text")
    page.close()


def test_clicking_a_square_of_the_board_chooses_there(server, browser):
    page = browser.new_page()
    seat_link, _ = _create(page, server, "emblem", seed=6)
    page.goto(seat_link)
    for _ in range(80):
        page.wait_for_selector("#actions button")
        page.wait_for_selector("#board svg [data-square]")
        squares = page.locator("#board svg [data-square].can")
        if squares.count():
            break
        state_id = page.get_attribute("#turn", "data-state-id")
        page.locator("#actions button").first.click()
        page.wait_for_function(f"document.querySelector('#turn').dataset.stateId != '{state_id}'"
                               " || document.querySelector('#error').textContent")
    else:
        raise AssertionError("no square was ever to be chosen")
    square = squares.first.get_attribute("data-square")
    options = page.evaluate(
        "sq => Array.from(document.querySelectorAll('#actions button[data-action]'))"
        ".map(b => JSON.parse(b.dataset.action)).filter(a => AsobiBoards.emblem.squareOf(a) === Number(sq)).length",
        square)
    assert options >= 1
    state_id = page.get_attribute("#turn", "data-state-id")
    squares.first.click()
    if options == 1:  # chosen at once
        page.wait_for_function(f"document.querySelector('#turn').dataset.stateId != '{state_id}'")
    else:  # the buttons narrow down to the actions on that square
        page.wait_for_function(f"document.querySelectorAll('#actions button:not([hidden])').length == {options}")
    page.close()


# ---- replay, inspection, hint, forecast, zoom, phone ----------------------------------------------------
def _api(server: str, path: str, body: dict | None = None) -> object:
    import urllib.request

    request = urllib.request.Request(server + path, data=None if body is None else json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


def _finished_bot_game(server: str, game: dict, timeout: float = 120) -> int:
    """The id of a game of bots (``game``: the body of ``POST /api/games``), played to its end by the server."""
    game_id = _api(server, "/api/games", game)["game_id"]  # type: ignore[index]
    deadline = time.monotonic() + timeout
    while not any(g["id"] == game_id for g in _api(server, "/api/games?status=finished")):  # type: ignore[union-attr]
        assert time.monotonic() < deadline, "the bot game did not finish"
        time.sleep(0.2)
    return game_id


def _finished_game(server: str) -> int:
    """A short emblem game of two bots, played to its end by the server."""
    return _finished_bot_game(server, {"game": "emblem", "seats": ["bot", "bot"], "seed": 6,
                                       "options": {"wipeout_at_once": True}}, timeout=60)


def test_the_replay_viewer_steps_through_a_finished_game_as_each_seat_saw_it(server, browser):
    game_id = _finished_game(server)
    page = browser.new_page()
    page.goto(f"{server}/replay/{game_id}?seat=0")
    page.wait_for_selector("#history li[data-step='5']")
    steps = page.locator("#history li").count()
    assert steps > 100 and page.get_attribute("#where", "data-step") == "0"
    page.click("#next")
    page.wait_for_selector("#where[data-step='1']")
    page.click("#history li[data-step='60']")  # the move history: jump to a step
    page.wait_for_selector("#where[data-step='60']")
    page.click("#prev")
    page.wait_for_selector("#where[data-step='59']")
    assert page.locator("#history li.now").get_attribute("data-step") == "59"
    # A's point of view: its own hand is drawn card by card, B's is not.
    assert page.locator("#board [data-hand='0'] [data-card]").count() > 0
    assert page.locator("#board [data-hand='1'] [data-card]").count() == 0
    assert "hidden" in (page.locator("#board [data-hand='1']").text_content() or "")
    # Every log line of the history shows its clause, with the clause's text on hover.
    clauses = page.eval_on_selector_all("#history .clause", "cs => cs.map(c => [c.textContent, c.title])")
    assert clauses and all(clause and title for clause, title in clauses)
    # A card opens to its full text, in English and then in Japanese.
    cards = _api(server, "/api/catalog/emblem/cards")
    chip = page.locator("#board [data-hand='0'] [data-card]").first
    card_id = chip.get_attribute("data-card")
    chip.click()
    page.wait_for_selector("#inspect:not([hidden])")
    assert cards[card_id]["text_en"] in page.inner_text("#inspect")  # type: ignore[index]
    assert cards[card_id]["text_ja"] in page.inner_text("#inspect")  # type: ignore[index]
    page.keyboard.press("Escape")
    page.locator("#board [data-square] g.badge").first.click()  # a unit on the field, by its ⓘ
    page.wait_for_selector("#inspect:not([hidden])")
    assert "attack" in page.inner_text("#inspect")
    page.keyboard.press("Escape")
    page.locator("#board [data-square] [data-card]").first.wait_for()
    _screenshot(page, "replay")
    # B's point of view of the same step: B's hand shows, A's does not.
    page.select_option("#seat", "1")
    page.wait_for_url("**seat=1**")
    page.wait_for_selector("#where[data-step='59']")
    assert page.locator("#board [data-hand='1'] [data-card]").count() > 0
    assert page.locator("#board [data-hand='0'] [data-card]").count() == 0
    page.close()


def _play_until_an_attack(server: str, token: str, game_id: int) -> None:
    """Over a WebSocket, take the best bot's hint for the seat until an attack may be chosen."""
    from websockets.sync.client import connect

    with connect(f"ws{server.removeprefix('http')}/ws/games/{game_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        for _ in range(2000):
            message = json.loads(ws.recv(timeout=30))
            if message["type"] != "state" or not message["legal"]:
                assert message["type"] == "state" and not message["over"], message
                continue
            if any("forecast" in choice for choice in message["legal"]):
                return
            ws.send(json.dumps({"type": "hint", "token": token}))
            while (hint := json.loads(ws.recv(timeout=30)))["type"] != "hint":
                pass
            ws.send(json.dumps({"type": "act", "token": token, "action": hint["action"],
                                "state_id": message["state_id"]}))
    raise AssertionError("no attack was ever to be chosen")


def test_on_a_phone_the_hint_the_forecast_and_zoom_work(server, browser):
    made = _api(server, "/api/games", {"game": "emblem", "seats": ["human", "bot"], "seed": 8})
    seat = made["seats"][0]  # type: ignore[index]
    _play_until_an_attack(server, seat["token"], made["game_id"])  # type: ignore[index]
    phone = browser.new_context(viewport={"width": 390, "height": 800}, is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(seat["link"])
    page.wait_for_selector("#actions small.forecast")  # the battle forecast beside each attack
    page.wait_for_selector("#board svg")
    assert "⚔" in page.inner_text("#actions small.forecast >> nth=0")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing runs off the screen
    box = page.locator("#board svg").bounding_box()
    assert box is not None and box["width"] <= 390
    # The hint marks the best bot's choice among the buttons.
    page.click("#hint")
    page.wait_for_selector("#actions button.hinted")
    assert page.locator("#actions button.hinted").count() == 1 and page.inner_text("#hint-text")
    # Zoom in, pan, and back to the whole board; the zoom stays when the board is drawn again.
    before = page.get_attribute("#board svg", "viewBox")
    page.click("#zoom button[data-zoom='zoom in']")
    assert page.get_attribute("#board svg", "data-zoom") == "1.50"
    zoomed = page.get_attribute("#board svg", "viewBox")
    assert zoomed != before
    box = page.locator("#board svg").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 - 60, box["y"] + box["height"] / 2 - 40, steps=4)
    page.mouse.up()
    assert page.get_attribute("#board svg", "viewBox") != zoomed  # panned
    assert page.locator("#inspect:not([hidden])").count() == 0  # the drag's end opened nothing
    state_id = page.get_attribute("#turn", "data-state-id")
    page.locator("#actions button.hinted").click()
    page.wait_for_function(f"document.querySelector('#turn').dataset.stateId != '{state_id}'")
    assert page.get_attribute("#board svg", "data-zoom") == "1.50"
    page.click("#zoom button[data-zoom='fit']")
    assert page.get_attribute("#board svg", "viewBox") == before
    if os.environ.get("ASOBI_SCREENSHOTS"):
        page.screenshot(path=os.path.join(os.environ["ASOBI_SCREENSHOTS"], "emblem-phone.png"))
    phone.close()


def test_the_page_passes_for_its_person_at_windows_that_are_not_stops(server, browser):
    page = browser.new_page()
    seat_link, _ = _create(page, server, "legion", seed=5)
    page.evaluate("localStorage.setItem('asobi.stops.legion', '[]')")  # no stops: every window is passed
    page.goto(seat_link)
    page.wait_for_selector("#stops-box:not([hidden])")
    page.click("#stops-box summary")
    assert page.locator("#stops input[data-stop]").count() == 5
    assert page.locator("#stops input:checked").count() == 0
    passed = "passed (not one of your stops)"
    for _ in range(60):
        if passed in page.inner_text("#log"):
            break
        page.wait_for_selector("#actions button")
        state_id = page.get_attribute("#turn", "data-state-id")
        labels = page.locator("#actions button").all_inner_texts()
        # never shown a window: with no stops the page answers every one itself
        assert not any(label.startswith(("pass", "Pass")) for label in labels), labels
        end = page.locator("#actions button", has_text="end")
        (end.first if end.count() else page.locator("#actions button").last).click()
        page.wait_for_function(f"document.querySelector('#turn').dataset.stateId != '{state_id}'"
                               " || document.querySelector('#error').textContent")
        assert not page.inner_text("#error")
    else:
        raise AssertionError("the page never passed at a window")
    # ticking "all" is kept in the browser, and from then on the person is asked
    page.check("#stops input[data-stop=all]")
    assert page.evaluate("localStorage.getItem('asobi.stops.legion')") == '["all"]'
    page.close()


def test_the_lobby_offers_the_levels_first_with_their_names(server, browser):
    page = browser.new_page()
    page.goto(server + "/")
    page.select_option("#game", "emblem")
    page.wait_for_selector("#seats[data-game='emblem']:not([aria-busy]) select")
    seat = "#seats select[data-seat='1']"
    assert page.input_value(seat) == "bot:normal"  # a bot seat starts at normal
    groups = page.eval_on_selector_all(f"{seat} optgroup", "gs => gs.map(g => [g.label, [...g.children].map(o => o.value)])")
    assert groups[0] == ["Levels", ["bot:easy", "bot:normal", "bot:hard", "bot:expert"]]
    assert groups[1][0].startswith("Bots") and "bot:rule" in groups[1][1] and "bot:py" not in groups[1][1]
    assert page.eval_on_selector(seat, "s => s.options[0].value") == "human"  # then the levels, then the kinds
    texts = page.eval_on_selector_all(f"{seat} option[data-level]", "os => os.map(o => o.textContent)")
    assert texts[0].startswith("easy (up to 1 s a decision") and texts[2].startswith("hard (up to 2 s a decision")
    assert "takes longer" in texts[3] and "takes longer" not in texts[2]
    assert "Elo 1500" in texts[1] and "Elo " in texts[0] and "Elo " in texts[2]  # the ladder's ratings
    assert "rated by: asobi ladder emblem" in (page.locator(f"{seat} option[data-level=normal]").get_attribute("title") or "")
    # this server's default limits (2 s a decision) cannot seat expert's 10 s: shown, disabled, with why
    expert = page.locator(f"{seat} option[data-level=expert]")
    assert expert.is_disabled() and "time is at most 2" in (expert.get_attribute("title") or "")
    assert "not on this server" in texts[3]
    page.eval_on_selector(seat, "s => { s.size = 12; }")  # the menu open, for the picture
    _screenshot(page, "levels")
    page.eval_on_selector(seat, "s => { s.size = 0; }")
    page.click("button.lang[data-lang=ja]")
    page.wait_for_function(f"document.querySelector(\"{seat} option[data-level=easy]\").textContent.startsWith('かんたん')")
    assert "レーティング 1500" in page.locator(f"{seat} option[data-level=normal]").text_content()
    assert page.input_value(seat) == "bot:normal"
    page.click("button.lang[data-lang=en]")
    page.wait_for_function(f"document.querySelector(\"{seat} option[data-level=easy]\").textContent.startsWith('easy')")
    page.select_option(seat, "bot:hard")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_selector("#created input")
    seat_link = page.query_selector_all("#created input:not([data-host-secret])")[0].input_value()
    page.goto(seat_link)
    page.wait_for_selector("#actions button")
    assert "(hard bot)" in page.inner_text("#who")  # the level by its name
    page.close()


def test_the_seat_that_is_thinking_is_marked_with_its_time(server, browser):
    page = browser.new_page()
    frames: list[dict] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data))))
    page.goto(server + "/")
    made = page.evaluate("""() => fetch('/api/games', {method: 'POST', headers: {'content-type': 'application/json'},
        body: JSON.stringify({game: 'emblem', seats: ['human', 'bot:ismcts:time=2'], seed: 3})}).then(r => r.json())""")
    seat_link = next(s["link"] for s in made["seats"] if s["link"])
    watcher = browser.new_page()  # a spectator is told too (one joining meanwhile: test_thinking.py)
    try:
        page.goto(seat_link)
        page.wait_for_selector("#actions button")
        watcher.goto(seat_link.split("#")[0] + "#watch")
        watcher.wait_for_function("document.querySelector('#turn').dataset.stateId !== undefined")
        page.locator("#actions button").first.click()  # A keeps its hand; B's searches begin
        marked = page.wait_for_selector("#who .seat.thinking [data-testid=thinking]", timeout=60_000)
        assert marked is not None and page.get_attribute("#who .seat.thinking", "data-seat") == "1"
        assert "B (bot ismcts:time=2)" in page.inner_text("#who .seat.thinking")
        page.wait_for_function("/thinking… [1-9] s/.test(document.querySelector('#who [data-testid=thinking]')"
                               ".textContent)", timeout=10_000)  # its time goes on
        watcher.wait_for_selector("#who .seat.thinking[data-seat='1'] [data-testid=thinking]", timeout=30_000)
        _screenshot(page, "thinking")
        # Once B has moved, the mark leaves it (a new think marks it afresh, from 0 s).
        page.wait_for_function("!document.querySelector('#who .seat.thinking') || "
                               "/thinking… 0 s/.test(document.querySelector('#who [data-testid=thinking]').textContent)",
                               timeout=30_000)
        told = [f for f in frames if f.get("type") == "thinking"]
        assert told and {tuple(sorted(f)) for f in told} <= {("elapsed", "seat", "state_id", "type"),
                                                             ("seat", "state_id", "type")}
        assert {f["seat"] for f in told} <= {1, None}  # the bot's seat, and its end
        assert any(f["seat"] is None for f in told)
    finally:  # the bot stops thinking
        page.evaluate("([id, host]) => fetch(`/api/games/${id}`, {method: 'DELETE', headers: {'X-Asobi-Host': host}})",
                      [made["game_id"], made["host_secret"]])
        page.close()
        watcher.close()


def test_the_first_click_on_create_after_typing_an_option_makes_the_game(server, browser):
    """Typing in an option's field and clicking Create at once: the field's change (fired as it
    loses focus to the button) redraws the seats; the click waits for them instead of being lost,
    and the game is made with the option typed and the seats it gives."""
    page = browser.new_page()
    page.goto(server + "/")
    page.select_option("#game", "byston")
    page.wait_for_selector("#seats[data-game='byston']:not([aria-busy]) select")
    page.fill("#options input[data-option='players']", "3")  # no change event yet: the field keeps focus
    page.click("#create")
    page.wait_for_selector("#created input", timeout=15_000)
    assert not page.inner_text("#error")
    names = [s.get_attribute("data-seat-name") for s in page.query_selector_all("#seats label[data-seat-name]")]
    assert names == ["drake_camp", "rau", "na"]
    made = page.get_attribute("#created input[data-host-secret]", "data-host-secret")
    # the module's server is shared: other tests' games are listed too, so the row is the made game's
    page.wait_for_selector(f"#games tr[data-game='{made}']")
    row = page.inner_text(f"#games tr[data-game='{made}']")
    assert "Drake's Ambition" in row and "person" in row and "normal" in row and "playing" in row
    page.close()


def test_the_lobby_names_options_and_choices_in_the_pages_language(server, browser):
    page = browser.new_page()
    page.goto(server + "/")
    for lang, label, choice in (("en", "Who runs the Zelana", "Rau throughout"), ("ja", "ゼラーナ隊を扱う国", "常にラウの国")):
        page.click(f"button.lang[data-lang='{lang}']")
        page.select_option("#game", "byston")
        page.wait_for_selector("#seats[data-game='byston']:not([aria-busy]) select")
        text = page.inner_text("#options")
        assert label in text and choice in text, text
        assert "zelana_runner" not in text and "follow" not in text
    page.select_option("#game", "legion")
    page.wait_for_selector("#seats[data-game='legion']:not([aria-busy]) select")
    text = page.inner_text("#options")
    assert "手札を公開" in text and "open_hands" not in text and "empty_hand_cap" not in text
    page.click("button.lang[data-lang='en']")
    page.close()


def test_the_api_page_is_drawn_with_nothing_from_elsewhere(server, browser):
    page = browser.new_page()
    outside: list[str] = []
    page.route("**/*", lambda route: (route.continue_() if route.request.url.startswith(server)
                                      else (outside.append(route.request.url), route.abort())))
    page.goto(server + "/docs")
    page.wait_for_selector("section.route[data-route='POST /api/games']")
    text = page.inner_text("section.route[data-route='POST /api/games']")
    assert "Create a game" in text and "seats" in text and "201" in text
    assert page.locator("section.route").count() >= 10
    icon = page.request.get(server + "/favicon.ico")
    assert icon.ok and icon.headers["content-type"] == "image/x-icon"
    assert outside == []
    page.close()


def test_the_pages_load_their_japanese_font(server, browser):
    """The font subset is a face of the pages: it loads, and holds the characters of the lobby."""
    page = browser.new_page()
    page.goto(server + "/")
    page.click("button.lang[data-lang='ja']")
    page.wait_for_selector("#seats:not([aria-busy]) select")
    text = page.inner_text("body")
    faces = page.evaluate("(text) => document.fonts.load('15px \"asobi-ja\"', text).then((f) => f.map((x) => x.status))",
                          text)
    assert faces == ["loaded"]
    assert page.evaluate("(text) => document.fonts.check('15px \"asobi-ja\"', text)", text)
    page.click("button.lang[data-lang='en']")
    page.close()


def test_the_emblem_page_in_japanese_names_its_decks_and_steps(server, browser):
    page = browser.new_page()
    page.goto(server + "/")
    page.click("button.lang[data-lang='ja']")
    seat_link, _ = _create(page, server, "emblem", seed=5)
    page.goto(seat_link)
    page.wait_for_selector("#board svg [data-square]")
    page.wait_for_function("document.querySelector('#board svg').textContent.includes('蒼の王国')")
    assert "Azure Kingdom" not in (page.locator("#board svg").text_content() or "")
    page.wait_for_function("/：/.test(document.querySelector('#turn').textContent)")
    turn = page.inner_text("#turn")
    from asobi.core import get_game

    steps = get_game("emblem").words["step"]
    assert any(f"：{ja}" in turn for ja, _ in steps.values()), turn
    assert not any(key in turn for key in steps if key.isascii() and len(key) > 3), turn
    page.click("button.lang[data-lang='en']")
    page.close()

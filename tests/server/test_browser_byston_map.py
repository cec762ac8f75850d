"""Byston played by pointing at the map, in Chromium: a ship's stack clicked shows the hexes it may
reach with the engine's MP, a click on one picks it, an AB clicked goes aboard, a click on the hex
again moves it there; a hit placed by clicking a counter of
the battle's stack opened in place; the map read at 1280×720 and on a phone-sized screen.

The games are set up by rule bots in this process and saved with every seat a person's, so the
page opens at the decision wanted (the server rebuilds the match from the saved actions)."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from asobi.core.agent import Observation
from asobi.core.bots import make_bot
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.state import TERMINAL
from asobi.games.byston.board import static
from asobi.games.byston.present.targets import targets
from asobi.games.byston.view import view

from .test_browser import _need_browser, chromium

pytestmark = pytest.mark.browser


def _play_until(seed: int, wanted) -> Match:
    """A 4-player game played by rule bots until ``wanted(match)`` holds at a person's decision."""
    spec = get_game("byston")
    options = spec.validate_options({"players": 4})
    match = Match(spec, options, ["human"] * 4, seed=seed)
    bots = [make_bot(spec, "rule", seat, seed, options) for seat in range(4)]
    while match.current_seat != TERMINAL:
        seat = match.current_seat
        if seat < 0:
            match.step()
            continue
        if wanted(match):
            return match
        match.submit(seat, bots[seat].act(Observation(match.state, seat)))
    raise AssertionError("no such decision came up")


def _finished(seed: int) -> Match:
    """A 2-player game played to its end by rule bots (about 1,900 actions)."""
    spec = get_game("byston")
    options = spec.validate_options({"players": 2})
    match = Match(spec, options, ["human"] * 2, seed=seed)
    bots = [make_bot(spec, "rule", seat, seed, options) for seat in range(2)]
    while match.current_seat != TERMINAL:
        seat = match.current_seat
        if seat < 0:
            match.step()
        else:
            match.submit(seat, bots[seat].act(Observation(match.state, seat)))
    return match


def _far_move(match: Match) -> tuple[Any, ...] | None:
    """A ship of the deciding country that may reach a hex 2 MP away, with its reach."""
    s = match.state
    if s.pending is None or s.pending[0] != "move":
        return None
    for action, named in zip(s.legal_actions(), targets(s, s.legal_actions()), strict=True):
        if action[0] == "ship" and any(cost == 2 for _sq, _hex, cost, _f in named["reach"]):
            return action, named  # the first ship listed in its hex (the one a click on the hex picks)
    return None


def _placing_a_hit(match: Match) -> bool:
    s = match.state
    return s.pending is not None and s.pending[0] == "allocate" and len(s.legal_actions()) > 1


def _fight_message() -> dict[str, Any]:
    """The state message of a person choosing where to fight next (B-25), its choices with odds."""
    from .conftest import message_for

    match = _play_until(1, lambda m: m.state.pending is not None and m.state.pending[0] == "battle_order")
    return message_for(match, match.current_seat, text=False)


def _production_message() -> dict[str, Any]:
    """The state message of a person producing, with counters of the factory box to add or convert."""
    from .conftest import message_for

    match = _play_until(1, lambda m: any(a[0] in ("extra", "convert") for a in m.state.legal_actions()))
    return message_for(match, match.current_seat, text=False)


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> Iterator[dict[str, Any]]:
    """``asobi serve`` on a file holding a game at a move decision and one at a hit to place."""
    import uvicorn

    from asobi.server import Limits, create_app
    from asobi.store.sqlite import GameStore
    from asobi.store.tokens import SeatTokens

    _need_browser()
    path = tmp_path_factory.mktemp("map") / "games.sqlite3"
    moving = _play_until(3, lambda m: _far_move(m) is not None)
    hitting = _play_until(1, _placing_a_hit)
    bombing = _play_until(2, lambda m: m.state.pending is not None and m.state.pending[0] == "bomb")
    sortieing = _play_until(2, lambda m: m.state.pending is not None and m.state.pending[0] == "sortie")
    finished = _finished(2)
    out: dict[str, Any] = {"move": _far_move(moving), "move_seat": moving.current_seat,
                           "hit_seat": hitting.current_seat, "hit_legal": hitting.state.legal_actions(),
                           "hit_targets": targets(hitting.state, hitting.state.legal_actions())}
    with GameStore(path) as store:
        ids = [store.create(m.record()) for m in (moving, hitting, moving, bombing, moving, sortieing)]
        replay_id = store.create(finished.record())
        outcome = finished.state.outcome()
        assert outcome is not None
        store.finish(replay_id, outcome.to_json(), finished.state.fingerprint())
    tokens = SeatTokens(path)
    links = [tokens.issue(game_id, [0, 1, 2, 3]) for game_id in ids]
    tokens.close()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(path, limits=Limits(games_per_minute=100))
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    out["move_url"] = f"{base}/play/{ids[0]}#token={links[0][out['move_seat']]}"
    out["hit_url"] = f"{base}/play/{ids[1]}#token={links[1][out['hit_seat']]}"
    after = moving.state.clone()  # what the ship may take aboard once picked (17.15)
    after.apply(out["move"][0])
    aboard = after.legal_actions() if after.pending is not None and after.pending[0] == "load" else []
    out["load_tags"] = [t["tag"] for a, t in zip(aboard, targets(after, aboard), strict=True) if a[0] == "load"]
    out["riders"] = [t["character"] for a, t in zip(aboard, targets(after, aboard), strict=True) if a[0] == "board"]
    out["battle_message"] = _fight_message()
    out["production_message"] = _production_message()
    out["phone_url"] = f"{base}/play/{ids[2]}#token={links[2][out['move_seat']]}"
    out["bomb"] = (f"{base}/play/{ids[3]}#token={links[3][bombing.current_seat]}", bombing.state.fight[1],
                   "will bomb", [])
    legal = sortieing.state.legal_actions()
    stows = [t["tag"] for a, t in zip(legal, targets(sortieing.state, legal), strict=True) if a[0] == "stow"]
    out["sortie_all"] = (f"{base}/play/{ids[5]}#token={links[5][sortieing.current_seat]}", sortieing.state.fight[1],
                         "ABs of", stows)
    out["fit_url"] = f"{base}/play/{ids[4]}#token={links[4][out['move_seat']]}"
    out["cup"] = sum(view(moving.state, out["move_seat"])["cup"].values())
    out["replay_url"] = f"{base}/replay/{replay_id}"
    out["replay_frames"] = len(finished.record().actions)
    yield out
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser(games):
    with chromium() as b:
        yield b


def _shot(page, name: str) -> None:
    """With ASOBI_SCREENSHOTS=DIR, keep a picture of the screen as it is (its own size)."""
    folder = os.environ.get("ASOBI_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"))


def _open(browser, url: str, width: int, height: int, lang: str = "en"):
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url.split("/play/")[0] + "/")
    page.evaluate(f"localStorage.setItem('asobi.lang', '{lang}')")
    page.goto(url)
    page.wait_for_selector("#board svg .can")
    assert not errors, errors  # (a battle's odds drawn before the board module had loaded once failed)
    return page


def _box(page, selector: str) -> dict[str, float]:
    """The element's box, once it has one: a state message arriving just after the page opened
    draws the board again, and an element measured while it is replaced has none."""
    for _ in range(50):
        box = page.locator(selector).bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(100)
    raise AssertionError(f"{selector} is never drawn")


def test_a_ship_is_moved_by_clicking_its_stack_then_a_hex_it_may_reach(games, browser):
    action, named = games["move"]
    grid = static().t.map.grid
    start, far = action[2], next(sq for sq, _hex, cost, _f in named["reach"] if cost == 2)
    page = _open(browser, games["move_url"], 1280, 720)
    page.locator(f"#board svg g[data-square='{start}'] polygon").first.click(force=True)
    page.wait_for_selector("#board svg [data-reach]")
    shown = page.eval_on_selector_all("#board svg [data-reach]",
                                      "ns => ns.map(n => [Number(n.dataset.reach), Number(n.dataset.cost)])")
    expected = {sq: cost for sq, _hex, cost, _f in named["reach"] if cost > 0}
    assert dict(shown) == expected and len(shown) == len(expected)  # the engine's reach and MP, nothing else
    assert page.locator("#board svg [data-open-stack] [data-printed]").count() > 0  # the stack opened in place
    _shot(page, "byston-move")
    state_id = page.get_attribute("#turn", "data-state-id")
    page.locator(f"#board svg [data-reach='{far}'] polygon").click(force=True)
    page.wait_for_function(f"document.querySelector('#turn').dataset.stateId != '{state_id}'", timeout=20_000)
    # the ship may take ABs aboard first: the page waits, the ABs outlined in its opened stack
    assert games["load_tags"] and "aboard" in page.inner_text("#turn")
    page.wait_for_selector(f"#board svg [data-open-stack] [data-tag='{games['load_tags'][0]}']")
    # and the characters who may go aboard (17.15.9) are gold counters to click there too
    riders = page.eval_on_selector_all("#board svg [data-open-stack] [data-rider].can", "ns => ns.map(n => n.dataset.rider)")
    assert games["riders"] and sorted(riders) == sorted(games["riders"])
    state_id = page.get_attribute("#turn", "data-state-id")
    page.locator(f"#board svg [data-open-stack] [data-tag='{games['load_tags'][0]}']").first.click()
    page.wait_for_function("[...document.querySelectorAll('#log li')].some(li => li.textContent.includes('goes aboard at'))",
                           timeout=20_000)
    page.wait_for_function(f"document.querySelector('#turn').dataset.stateId != '{state_id}'", timeout=20_000)
    page.locator(f"#board svg [data-reach='{far}'] polygon").click(force=True)  # then the hex again: set off
    there = grid.hex_id(far)
    page.wait_for_function(f"[...document.querySelectorAll('#log li')].some(li => li.textContent.includes('stops at {there}'))",
                           timeout=20_000)
    assert not page.inner_text("#error")
    page.close()


def test_a_hit_is_placed_by_clicking_a_counter_of_the_battles_stack(games, browser):
    legal, named = games["hit_legal"], games["hit_targets"]
    hits = [(a, t) for a, t in zip(legal, named, strict=True) if a[0] == "hit"]
    tags = [t["tag"] for _a, t in hits]
    tag = next(t for t in tags if tags.count(t) == 1)  # a counter told apart by its tag alone
    battle = static().t.map.grid.parse(hits[0][1]["hex"])
    page = _open(browser, games["hit_url"], 1280, 720)
    assert page.locator("#board svg [data-battle-unit].can").count() == len(hits)
    page.locator(f"#board svg g[data-square='{battle}'] polygon").first.click(force=True)
    page.wait_for_selector("#board svg [data-open-stack] [data-tag]")
    can = page.eval_on_selector_all("#board svg [data-open-stack] [data-tag]", "ns => ns.map(n => n.dataset.tag)")
    assert set(can) == set(tags)  # the counters a hit may go on, and no other
    state_id = page.get_attribute("#turn", "data-state-id")
    page.locator(f"#board svg [data-open-stack] [data-tag='{tag}']").first.click()
    page.wait_for_function(f"document.querySelector('#turn').dataset.stateId != '{state_id}'"
                           " || document.querySelector('#error').textContent", timeout=20_000)
    assert not page.inner_text("#error")
    page.close()


TOP = "#board svg[data-map] [data-top] > rect"
"""The top counter of each stack on the map."""


def _smallest(page, selector: str = TOP) -> float:
    return min(page.eval_on_selector_all(selector, "ns => ns.map(n => n.getBoundingClientRect().width)"))


def test_the_map_reads_on_a_phone_sized_screen(games, browser):
    action, named = games["move"]
    page = _open(browser, games["phone_url"], 390, 844)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing runs off the side
    # the map opens zoomed in on the first place a choice names, its counters readable
    assert float(page.get_attribute("#board svg[data-map]", "data-zoom") or 0) > 2
    assert _smallest(page) >= 14, _smallest(page)
    page.click("#zoom button[data-zoom='fit']")  # the whole map, then the ship's stack clicked
    page.locator(f"#board svg g[data-square='{action[2]}'] polygon").first.click(force=True)
    page.wait_for_selector("#board svg [data-open-stack] [data-printed]")
    assert page.locator("#board svg [data-reach]").count() == sum(1 for r in named["reach"] if r[2] > 0)
    assert page.get_attribute("#board svg", "data-zoom") == "3.00"  # zoomed in on the ship's reach
    cost = page.eval_on_selector("#board svg [data-reach] text", "n => n.getBoundingClientRect().height")
    assert cost >= 9, cost  # its MP readable
    # the map's frame is taller than the map on a phone, so the whole reach is on the screen at × 3
    frame = _box(page, "#board svg[data-map]")
    assert frame["height"] > frame["width"], frame
    centres = page.eval_on_selector_all("#board svg [data-reach] polygon", """ns => ns.map(n => {
        const r = n.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })""")
    outside = [c for c in centres if not (frame["x"] <= c[0] <= frame["x"] + frame["width"]
                                          and frame["y"] <= c[1] <= frame["y"] + frame["height"])]
    assert not outside, outside
    # an opened stack's counters are big enough to read and to tap on a phone
    size = page.eval_on_selector("#board svg [data-open-stack] g rect", "n => n.getBoundingClientRect().width")
    assert size >= 40, size
    page.locator("#board svg [data-open-stack]").scroll_into_view_if_needed()
    _shot(page, "byston-phone")
    page.locator("#board svg [data-close-stack]").click(position={"x": 2, "y": 2})  # its margin closes it
    page.wait_for_selector("#board svg [data-open-stack]", state="detached")
    assert page.locator("#board svg [data-reach]").count() > 0  # the ship stays picked
    page.close()
    page = _open(browser, games["phone_url"], 390, 844, "ja")  # in Japanese: the same map, zoomed in
    assert _smallest(page) >= 14 and "ターン" in page.inner_text("#turn")
    page.locator(f"#board svg g[data-square='{action[2]}'] polygon").first.click(force=True)
    page.wait_for_selector("#board svg [data-open-stack] [data-printed]")
    _shot(page, "byston-phone-ja")
    page.close()


TABLE = {"en": ("Turn", "war", "action", "Management sheet", "country", "GP", "TL", "chits", "player",
                "Income now (27.2)", "Drake's camp", "Sheela's camp", "Cup", "Open box", "Factory boxes"),
         "ja": ("ターン", "宣戦布告", "行動", "管理シート", "国", "状態", "チット", "プレイヤー", "現在の収入",
                "ドレイク陣営", "シーラ陣営", "カップ", "オープン", "工場ボックス")}
"""What the table below the map says, in each language: the turn and phase track, the management
sheet's columns, the income as 27.2 counts it, the cup and open box, the factory boxes."""


def test_the_whole_map_fits_a_1280x720_window_with_its_counters_readable(games, browser):
    for lang, words in TABLE.items():
        page = _open(browser, games["fit_url"], 1280, 720, lang)
        box = _box(page, "#board svg[data-map]")
        assert box["x"] >= 0 and box["y"] >= 0, box
        assert box["x"] + box["width"] <= 1280 and box["y"] + box["height"] <= 720, box  # no page scroll needed
        assert page.evaluate("[scrollX, scrollY, document.documentElement.scrollWidth]") == [0, 0, 1280]
        fitted = _smallest(page)
        assert fitted >= 14, fitted
        table = page.eval_on_selector("#board svg[data-table]", "n => n.textContent")
        assert [w for w in words if w not in table] == []
        assert page.get_attribute("#board svg[data-table] [data-chits]", "data-chits") == str(games["cup"])  # in the cup
        spill = page.eval_on_selector_all(  # each factory box counter's and chit's name within its box
            "#board svg[data-table] [data-box], #board svg[data-table] [data-chit]",
            "gs => gs.filter(g => g.querySelector('text').getBBox().width > g.querySelector('rect').getBBox().width - 4)"
            ".map(g => g.textContent)")
        assert spill == [], spill
        _shot(page, "byston-map" if lang == "en" else "byston-map-ja")
        page.click("#zoom button[data-zoom='zoom in']")  # bigger counters, the map in the same frame
        assert _smallest(page) >= 1.4 * fitted and _box(page, "#board svg[data-map]") == box
        page.click("#zoom button[data-zoom='fit']")
        assert abs(_smallest(page) - fitted) < 0.5
        page.set_viewport_size({"width": 1024, "height": 600})  # a smaller window: fitted to it again
        page.wait_for_function("(() => { const r = document.querySelector('#board svg[data-map]').getBoundingClientRect();"
                               " return r.bottom <= 600 && r.right <= 1024; })()")
        page.close()


def test_a_state_shown_while_the_printed_board_is_on_its_way_is_drawn_without_it(games, browser):
    """The board module is used only once its printed board has come: a state (with a battle's odds)
    shown in between gets plain buttons, not a page error, and the map once the board arrives.
    (It runs before the bombing test below, which takes the bomb.)"""
    url, square, _, _ = games["bomb"]
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url.split("/play/")[0] + "/")
    page.evaluate("localStorage.setItem('asobi.lang', 'en')")
    held: list = []
    page.route("**/api/catalog/byston/board", lambda route: held.append(route))  # answered only when the test says
    page.goto(url)
    page.wait_for_function("window.AsobiBoards && window.AsobiBoards.byston")  # the module, not its board
    page.wait_for_selector('#actions button[data-action=\'["bomb"]\']')
    page.click("button.lang[data-lang='en']")  # a state sent again: drawn while the board is held
    page.wait_for_timeout(500)
    assert not errors, errors
    assert page.locator("#board svg[data-map]").count() == 0
    for route in held:
        route.continue_()
    page.wait_for_selector(f"#board svg[data-map] g[data-square='{square}'].can")
    assert not errors, errors
    page.close()


@pytest.mark.parametrize("verb", ["bomb", "sortie_all"])
def test_bombing_and_sortieing_are_chosen_on_the_battles_hex_after_its_odds(games, browser, verb):
    """22.1: the camp bombs; 20.1: the ABs not stowed sortie (those that may be stowed outlined in
    the opened stack, their buttons left beside it)."""
    url, square, said, stows = games[verb]
    assert stows or verb == "bomb"  # (the sortie chosen has ABs that may be stowed instead)
    page = _open(browser, url, 1280, 720)
    hex_ = page.locator(f"#board svg[data-map] g[data-square='{square}']")
    assert "can" in (hex_.get_attribute("class") or "")  # outlined: a choice is made there
    hex_.locator("polygon").first.hover(force=True)
    page.wait_for_selector("#map-odds")
    assert page.inner_text("#map-odds").startswith("odds at")
    hex_.locator("polygon").first.click(force=True)  # a first click keeps the odds and narrows the buttons
    page.wait_for_selector("#show-all")
    shown = page.eval_on_selector_all("#actions button[data-action]:not([hidden])", "bs => bs.map(b => b.dataset.action)")
    assert shown[0] == f'["{verb}"]' and len(shown) == 1 + len(stows) and all(b.startswith('["stow"') for b in shown[1:])
    outlined = page.eval_on_selector_all("#board svg [data-open-stack] [data-tag].can", "ns => ns.map(n => n.dataset.tag)")
    assert set(outlined) == set(stows)  # the ABs a stow names, outlined in the opened stack
    assert page.is_visible("#map-odds")
    hex_.locator("polygon").first.click(force=True)  # the second one takes it
    page.wait_for_function(f"[...document.querySelectorAll('#log li')].some(li => li.textContent.includes('{said}'))",
                           timeout=20_000)
    assert not page.inner_text("#error")
    page.close()


def test_the_replay_viewer_opens_a_stack_in_place(games, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(games["replay_url"].split("/replay/")[0] + "/")
    page.evaluate("localStorage.setItem('asobi.lang', 'en')")
    step = games["replay_frames"] // 2
    page.goto(f"{games['replay_url']}?step={step}")
    page.wait_for_selector("#board svg[data-map] [data-stack]", timeout=120_000)  # the replay is built first
    box = _box(page, "#board svg[data-map]")
    assert box["y"] + box["height"] <= 720  # fitted to the window, as in play
    hex_id = page.locator("#board svg[data-map] [data-stack]").first.evaluate("n => n.closest('[data-hex]').dataset.hex")
    page.locator(f"#board svg[data-map] [data-hex='{hex_id}'] polygon").first.click(force=True)
    page.wait_for_selector(f"#board svg[data-map] [data-open-stack='{hex_id}'] [data-printed]")  # on the map
    assert page.locator(f"#board svg[data-table] [data-stack-of='{hex_id}']").count() == 1  # and listed below
    _shot(page, "byston-replay")
    page.click("#next")  # the stack stays open from frame to frame
    page.wait_for_selector(f"#where[data-step='{step + 1}']")
    assert page.locator(f"#board svg[data-table] [data-stack-of='{hex_id}']").count() == 1
    page.close()


def test_a_battles_odds_show_on_hovering_its_hex_and_the_factory_box_names_its_choices(games, browser):
    message = games["battle_message"]
    fights = [c for c in message["legal"] if c["action"][0] == "fight"]
    assert fights and all("forecast" in c and c["targets"]["squares"] == [c["action"][1]] for c in fights)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(games["hit_url"].split("#")[0] + "#watch")  # a game page loads the board helpers
    page.wait_for_function("window.AsobiBoards && window.AsobiBoards.byston")
    page.evaluate("AsobiBoards.byston.ready")
    text = page.evaluate(
        """([message, square]) => {
             const svg = AsobiBoards.byston.draw(message.view, {names: {}, lang: "en", seat: message.seat,
               seats: message.seats, legal: message.legal, stateId: message.state_id});
             const board = document.getElementById("board");
             board.replaceChildren(svg);
             const hex = svg.querySelector(`[data-square="${square}"] polygon`);
             hex.dispatchEvent(new PointerEvent("pointerover", {bubbles: true, clientX: 100, clientY: 100}));
             const box = document.getElementById("map-odds");
             return box ? box.textContent : "";
           }""",
        [message, fights[0]["action"][1]])
    # production: the factory box's counters that 増産 or 換装 name are the ones to click
    produce = games["production_message"]
    boxes = page.evaluate(
        """(message) => {
             const svg = AsobiBoards.byston.draw(message.view, {names: {}, lang: "en", seat: message.seat,
               seats: message.seats, legal: message.legal, stateId: message.state_id});
             return [...svg.querySelectorAll('[data-box].can')].map(n => n.dataset.box).sort();
           }""", produce)
    in_box = {f"{c}:{u}" for c, units in produce["view"]["factory"].items() for u in units}
    named = {c["targets"]["box"] for c in produce["legal"] if c["action"][0] in ("extra", "convert")}
    assert boxes and boxes == sorted(named & in_box)  # (増産 of a kind with none in the box: its button only)
    odds = fights[0]["forecast"]
    assert text.startswith(f"odds at {odds['hex']}")
    first = next(st for st in odds["steps"] if st["fires"])
    n, p = first["hits"][0]
    assert f"{n}: {100 * p:.1f}%" in text  # the engine's exact chance of that many hits
    page.close()

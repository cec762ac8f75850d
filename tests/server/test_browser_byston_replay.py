"""Byston's replay viewer and its seats' names in the browser.

A short game of two random bots is played to its end by the server; its replay is opened from
Sheela's camp's point of view and stepped through (forward, the move history, the slider, back).
At each step the board and the move history must show what the record, replayed here with the
rules, says that seat saw: byston hides nothing, so the whole position (every counter's hex, each
country's GP and TL, the turn, the cup and the open box), the seat's own countries marked as its,
and the step's action and log lines. The seats are called by their names (Drake's camp, シーラ陣営),
never by their ids, in the replay, in the lobby and on the game page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from asobi.core.record import GameRecord
from asobi.core.state import CHANCE
from asobi.games.byston.messages import SEAT_NAMES
from asobi.games.byston.present.board import static_board

from .test_browser import _api, _finished_bot_game, browser, server  # noqa: F401  (fixtures: the server and Chromium)

pytestmark = pytest.mark.browser

SEAT = 1  # Sheela's camp in a game for two


@dataclass
class Step:
    """What a seat saw at one step of a replay, worked out from the record."""

    view: dict[str, Any]
    actor: int
    label: dict[str, str]
    events: dict[str, list[str]]
    """Per language, each log line as the page writes it: its clause, then its text."""


def _finished_byston(base: str) -> int:
    return _finished_bot_game(base, {"game": "byston", "options": {"players": 2},
                                     "seats": ["bot:random", "bot:random"], "seed": 4})


def _steps(record: GameRecord, seat: int) -> list[Step]:
    """Step 0 (the setup), then each action's: the view after it, who took it, its label, its log lines."""
    spec = record.spec
    state = spec.new_state(spec.validate_options(record.options))
    steps = [Step(state.view(seat), CHANCE, {}, {})]
    for action in record.actions:
        actor, before = state.current_seat, state.log_length()
        label = {lang: state.action_label(action, lang) for lang in ("en", "ja")}
        state.apply(action)
        seen = [e for e in state.events_since(before) if e.seats is None or seat in e.seats]
        events = {lang: [_line(e.clause, spec.event_text(e, lang)) for e in seen] for lang in ("en", "ja")}
        steps.append(Step(state.view(seat), actor, label, events))
    assert state.outcome() is not None
    return steps


def _line(clause: str, text: str) -> str:
    """A log line in the page: the clause id, then the text without the clause it starts with."""
    return f"{clause} {text.removeprefix(clause + ': ')}"


def _shown(page) -> dict[str, Any]:
    """What the replay page shows now: its step, the board's facts and the step's history entry."""
    return page.evaluate(
        """() => {
             const board = document.querySelector('#board');  // the map and the table below it
             const now = document.querySelector('#history li.now');
             const all = (sel, f) => [...board.querySelectorAll(sel)].map(f);
             return {
               step: Number(document.querySelector('#where').dataset.step),
               turn: Number(board.querySelector('[data-turn].now').dataset.turn),
               gp: Object.fromEntries(all('[data-gp]', n => [n.dataset.gp, Number(n.textContent)])),
               tl: Object.fromEntries(all('[data-tl]', n => [n.dataset.tl, Number(n.textContent)])),
               players: all('[data-player]', n => [n.closest('[data-country]').dataset.country, n.textContent]),
               occupied: [...new Set(all('[data-stack], [data-building]', n => n.closest('[data-hex]').dataset.hex))].sort(),
               counters: Object.fromEntries(all('[data-hex]', g => [g.dataset.hex,
                 !g.querySelector('[data-top]') ? 0 : g.querySelector('[data-count]') ? Number(g.querySelector('[data-count]').textContent) : 1])),
               chits: all('[data-chit]', n => n.dataset.chit).sort(),
               title: now ? now.querySelector('strong').textContent : null,
               events: now ? [...now.querySelectorAll('.ev')].map(e => e.textContent) : [],
               nowStep: now ? Number(now.dataset.step) : null,
             };
           }""")


def _expected_counters(view: dict[str, Any]) -> dict[str, int]:
    """Per hex, the counters its stack is drawn with (its top counter, and the count when more):
    every country's, buildings apart."""
    units = static_board()["units"]
    return {hex_id: sum(1 for tag in tags if units[tag.split(":")[1].rstrip("*")]["kind"] not in ("castle", "fort"))
            for hex_id, tags in view["map"].items()}


def _check(page, steps: list[Step], step: int, lang: str) -> None:
    page.wait_for_selector(f"#where[data-step='{step}']")
    shown = _shown(page)
    want = steps[step]
    view = want.view
    assert shown["step"] == shown["nowStep"] == step
    assert shown["turn"] == view["turn"]
    assert shown["gp"] == {c: row["gp"] for c, row in view["countries"].items()}
    assert shown["tl"] == {c: row["tl"] for c, row in view["countries"].items()}
    you = "（あなた）" if lang == "ja" else " (you)"
    names = ["drake_camp", "sheela_camp"]
    assert shown["players"] == [
        [c, SEAT_NAMES[names[row["seat"]]][0 if lang == "ja" else 1] + (you if row["seat"] == SEAT else "")]
        for c, row in view["countries"].items()]
    assert shown["occupied"] == sorted(view["map"])
    drawn = {h: n for h, n in shown["counters"].items() if n}
    assert drawn == {h: n for h, n in _expected_counters(view).items() if n}
    assert shown["chits"] == sorted([*view["cup"], *view["open_box"]])
    if step == 0:
        return
    who = ("偶然" if lang == "ja" else "chance") if want.actor == CHANCE else \
        SEAT_NAMES[names[want.actor]][0 if lang == "ja" else 1]
    assert shown["title"] == f"{step} · [{who}] {want.label[lang]}"
    assert shown["events"] == want.events[lang]


def test_the_byston_replay_shows_each_step_as_the_seat_saw_it(server, browser):  # noqa: F811
    game_id = _finished_byston(server)
    record = GameRecord.from_json(_api(server, f"/api/games/{game_id}/record"))
    steps = _steps(record, SEAT)
    last = len(steps) - 1
    assert last > 200
    # steps where the position changes: a counter made or moved, a country's GP, a new turn
    changes = [k for k in range(1, last + 1) if steps[k].view["map"] != steps[k - 1].view["map"]]
    turns = [k for k in range(1, last + 1) if steps[k].view["turn"] != steps[k - 1].view["turn"]]
    assert len(changes) > 5 and len(turns) > 5

    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('asobi.lang', 'en')")
    page.goto(f"{server}/replay/{game_id}?seat={SEAT}")
    page.wait_for_selector("#board svg [data-hex]")
    assert page.locator("#board svg [data-hex]").count() == 26 * 18
    options = page.eval_on_selector_all("#seat option", "os => os.map(o => [o.value, o.textContent])")
    assert options == [["0", "Drake's camp (bot random)"], ["1", "Sheela's camp (bot random)"], ["", "Spectators"]]
    assert page.input_value("#seat") == str(SEAT)
    assert page.locator("#history li").count() == last + 1
    _check(page, steps, 0, "en")
    page.click("#next")  # the buttons
    _check(page, steps, 1, "en")
    for k in (changes[0], changes[len(changes) // 2], turns[2]):  # the move history
        page.click(f"#history li[data-step='{k}'] strong")
        _check(page, steps, k, "en")
    page.fill("#slider", str(changes[-1]))  # the slider
    _check(page, steps, changes[-1], "en")
    page.click("#prev")
    _check(page, steps, changes[-1] - 1, "en")
    page.keyboard.press("ArrowRight")
    _check(page, steps, changes[-1], "en")
    page.click("#last")
    _check(page, steps, last, "en")
    assert page.inner_text("#turn").startswith("Game over")

    # In Japanese: the same step, the seats and the log in Japanese.
    k = turns[3]
    page.click(f"#history li[data-step='{k}'] strong")
    page.wait_for_selector(f"#where[data-step='{k}']")
    page.click("button.lang[data-lang=ja]")
    page.wait_for_function("document.querySelector('#seat option').textContent.startsWith('ドレイク陣営')")
    _check(page, steps, k, "ja")
    chance_step = next(j for j in range(k + 1, last) if steps[j].actor == CHANCE)
    page.click(f"#history li[data-step='{chance_step}'] strong")
    _check(page, steps, chance_step, "ja")
    text = page.inner_text("body")
    assert "drake_camp" not in text and "sheela_camp" not in text

    # As a spectator nobody's countries are marked as theirs.
    page.select_option("#seat", "")
    page.wait_for_url(f"**/replay/{game_id}?step=*")
    page.wait_for_selector(f"#where[data-step='{chance_step}']")
    players = page.eval_on_selector_all("#board svg [data-player]", "ns => ns.map(n => n.textContent)")
    assert players and not any("あなた" in p for p in players)
    page.close()


def test_byston_seats_are_called_by_their_names_in_the_lobby_and_the_game(server, browser):  # noqa: F811
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('asobi.lang', 'en')")
    page.goto(server + "/")
    page.select_option("#game", "byston")
    page.fill("#options [data-option=players]", "2")
    page.dispatch_event("#options [data-option=players]", "change")
    page.wait_for_selector("#seats label[data-seat-name='sheela_camp']")
    labels = page.eval_on_selector_all("#seats label", "ls => ls.map(l => l.firstChild.textContent.trim())")
    assert labels == ["Drake's camp", "Sheela's camp"]
    page.select_option("#seats select[data-seat='1']", "bot:random")
    page.click("button.lang[data-lang=ja]")  # drawn again in Japanese, the chosen options and seats kept
    page.wait_for_function("document.querySelector('#seats label').textContent.startsWith('ドレイク陣営')")
    assert page.eval_on_selector_all("#seats label", "ls => ls.map(l => l.firstChild.textContent.trim())") == \
        ["ドレイク陣営", "シーラ陣営"]
    assert page.input_value("#options [data-option=players]") == "2"
    assert page.input_value("#seats select[data-seat='1']") == "bot:random"
    page.select_option("#seats select[data-seat='1']", "bot:rule")
    page.fill("#seed", "5")
    page.click("#create")
    page.wait_for_function("document.querySelector('#created input') || document.querySelector('#error').textContent",
                           timeout=90_000)
    assert not page.inner_text("#error"), page.inner_text("#error")
    assert page.locator("#created a").first.inner_text() == "ドレイク陣営"  # the seat's join link
    # The game page: who sits where, whose turn it is, and the other seat's moves in the log.
    page.goto(page.locator("#created input").first.input_value())
    page.wait_for_selector("#actions button[data-action]")
    page.wait_for_function("document.querySelector('#who').textContent.includes('シーラ陣営')")
    assert page.inner_text("#who") == "あなたの席 ドレイク陣営 — ドレイク陣営 ● · シーラ陣営 (ボット rule)"
    assert "あなたの番です (ドレイク陣営)" in page.inner_text("#turn")
    for _ in range(80):
        if page.locator("#log li.act").count():
            break
        page.wait_for_selector("#actions button[data-action]", timeout=60_000)
        state_id = page.get_attribute("#turn", "data-state-id")
        page.locator("#actions button[data-action]").last.click()
        page.wait_for_function(f"document.querySelector('#turn').dataset.stateId != '{state_id}'"
                               " || document.querySelector('#error').textContent", timeout=60_000)
        assert not page.inner_text("#error"), page.inner_text("#error")
    else:
        raise AssertionError("the other seat never moved")
    assert page.locator("#log li.act").first.inner_text().startswith("[シーラ陣営] ")
    text = page.inner_text("body")
    assert "drake_camp" not in text and "sheela_camp" not in text
    page.close()

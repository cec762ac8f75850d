"""Legion's response stack on the board reads in the page's language, an item a line, its top (the
one resolved first) first: each item by its card's name (a numbered part of an enemy or event card
with its number), an enemy piece's attack as that piece, a square's effect by its square — never
the internal ids (``S04``, ``E10(1)``, ``piece1``) — then what it does; a card's item opens the card.

A game of three bots is played to its end by the server; the replay viewer is opened at steps
where the stack holds a strategy, a card's part and an attack, in Japanese and in English.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from asobi.core.record import GameRecord
from asobi.games.legion.content import content
from asobi.games.legion.messages import localize

from .test_browser import _api, _finished_bot_game, browser, server  # noqa: F401  (fixtures: the server and Chromium)

pytestmark = pytest.mark.browser
RAW_ID = re.compile(r"\b[ESVW]\d\d\b|piece\d")


KINDS = ("strategy", "card", "attack", "square")


def _rich_legion_game(base: str) -> tuple[int, list[list[dict[str, Any]]]]:
    """A game of rule bots played by the server whose stack held each kind of item and, once, an
    answer on top of what it answers (the first such seed from 8 on: the bots' play decides which; today it is 8)."""
    for seed in range(8, 28):
        game_id = _finished_bot_game(base, {"game": "legion", "seats": ["bot", "bot", "bot"], "seed": seed})
        stacks = _stacks(GameRecord.from_json(_api(base, f"/api/games/{game_id}/record")))
        seen = {x["kind"] for stack in stacks for x in stack}
        if all(kind in seen for kind in KINDS) and max(map(len, stacks)) >= 2:
            return game_id, stacks
    raise AssertionError("no game of seeds 8–27 put every kind of item and two items on the stack")


def _stacks(record: GameRecord) -> list[list[dict[str, Any]]]:
    """The response stack after each step (step 0: the setup), as seat A saw it."""
    spec = record.spec
    state = spec.new_state(spec.validate_options(record.options))
    out = [state.view(0)["stack"]]
    for action in record.actions:
        state.apply(action)
        out.append(state.view(0)["stack"])
    return out


def _name(label: str, lang: str) -> str:
    """A stack item's label as a player reads it, from the game's content."""
    c = content()
    i = 0 if lang == "ja" else 1
    if label.startswith("piece"):
        return f"エネミーコマ{label[5:]}" if lang == "ja" else f"enemy piece {label[5:]}"
    base, _, part = label.partition("(")
    if base in c.army_index:
        name = c.army_names[c.army_index[base]][i]
    elif base in c.enemy_ids:
        name = c.enemy_names[c.enemy_ids.index(base)][i]
    elif base in c.event_ids:
        name = c.event_names[c.event_ids.index(base)][i]
    else:  # an enemy-map square
        name = "コア" if lang == "ja" and base == "core" else base
    return f"{name}({part}" if part else name


def _lines(stack: list[dict[str, Any]], lang: str) -> list[str]:
    """The stack's lines as the page writes them, its top (resolved first) first: name, who put the
    item there, negated or not, and what it does (the game's own words for its effect)."""
    return [f"{_name(x['label'], lang)}{' (' + x['by'] + ')' if x['by'] else ''}{' ✕' if x['negated'] else ''}: "
            f"{localize('verb', x['verb'], lang)}" for x in reversed(stack)]


def test_the_response_stack_is_named_in_the_pages_language(server, browser):  # noqa: F811
    game_id, stacks = _rich_legion_game(server)

    def first(kind: str) -> int:
        return next(k for k, stack in enumerate(stacks) if any(x["kind"] == kind for x in stack))

    # Each card on the stack, or whose part is, is among the names of its frame (to be drawn by name).
    frames = _api(server, f"/api/games/{game_id}/replay?seat=0&lang=ja")["frames"]  # type: ignore[index]
    cards = [(x["card"], f["names"]) for f in frames for x in f["view"]["stack"] if x["card"]]
    assert cards and all(card in names for card, names in cards)
    deepest = max(range(len(stacks)), key=lambda k: len(stacks[k]))  # an answer on top of what it answers
    steps = sorted({*map(first, KINDS), deepest})
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.goto(server + "/")
    for lang in ("ja", "en"):
        page.evaluate(f"localStorage.setItem('asobi.lang', '{lang}')")
        for step in steps:
            page.goto(f"{server}/replay/{game_id}?seat=0&step={step}")
            page.wait_for_selector(f"#where[data-step='{step}']")
            page.wait_for_selector("#board svg [data-response-stack]")
            whole = page.eval_on_selector_all("#board svg [data-stack-item] > title", "ts => ts.map(t => t.textContent)")
            shown = page.eval_on_selector_all("#board svg [data-stack-item] > text", "ts => ts.map(t => t.textContent)")
            assert whole == _lines(stacks[step], lang)
            assert shown == [line[:100] for line in whole]
            for line in whole:
                assert not RAW_ID.search(line), line
                if lang == "ja":  # no English word: what Latin letters are left are seat letters and squares
                    assert not re.search(r"[A-Za-z]{2,}", line), line
    # A card's item opens that card in the inspector.
    step = first("strategy")
    page.goto(f"{server}/replay/{game_id}?seat=0&step={step}")
    page.wait_for_selector(f"#where[data-step='{step}']")
    card = next(x["card"] for x in stacks[step] if x["kind"] == "strategy")
    page.locator(f"#board svg [data-stack-item][data-card='{card}']").first.click()
    page.wait_for_selector("#inspect:not([hidden])")
    assert _name(card, "en") in page.inner_text("#inspect")
    page.close()

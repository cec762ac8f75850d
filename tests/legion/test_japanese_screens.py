"""Legion's screens in Japanese carry no English: along random games, every seat's drawing and the
spectator's, in ``ja``, holds no ASCII word but ids, numbers and seat letters."""

from __future__ import annotations

import copy
import re
from random import Random
from typing import Any

import pytest

from asobi.core.registry import get_game
from support.play import random_playout

WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
ALLOWED = re.compile(
    r"[A-Z]"                         # a seat letter, S (the enemy ship), a weapon owner
    r"|[a-z]"                        # a colour's letter on the space map
    r"|[a-z]S"                       # a colour's letter and the enemy ship on its square
    r"|[a-h][1-9]"                   # a space-map square
    r"|[A-Z][0-9]+"                  # a weapon piece (A1), a card id (W03)
    r"|s[0-9]+"                      # an enemy-map square id
    r"|[A-Z]{1,3}-?[0-9]+[a-z]?"     # card and code ids (EV-3, L-3)
    r"|[a-zA-Z]+[0-9]+[A-Za-z0-9]*"  # any id that carries a number
)


def english_words(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if not ALLOWED.fullmatch(w)]


def test_the_detector_finds_english_and_lets_ids_pass():
    assert english_words("非公開 (code 0, army 0)") == ["code", "army"]
    assert english_words("toNorth／カード発動") == ["toNorth"]
    assert english_words("[★core α3]") == ["core"]
    assert english_words("A 手札: W03 a1 s11 [rS ] A1") == []


def _views(seed: int, players: int, every: int) -> tuple[list[tuple[dict[str, Any], int | None]], list[str]]:
    """Every seat's view and the spectator's, each ``every`` steps of a random game, and its log
    in Japanese."""
    spec = get_game("legion")
    state = spec.new_game({"players": players})
    views: list[tuple[dict[str, Any], int | None]] = []
    for step in random_playout(state, Random(seed), 4000, unchecked=True):
        if step % every == 0 or state.is_terminal() or step == 4000:
            views += [(state.view(seat), seat) for seat in [None, *range(state.n_seats)]]
    return views, [spec.event_text(event, "ja") for event in state.log]


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 2), (7, 4), (11, 5)])
def test_japanese_screens_and_log_hold_no_english_words(seed, players):
    spec = get_game("legion")
    views, log = _views(seed, players, every=3)
    screens = [spec.present.render(view, seat, "ja") for view, seat in views]
    found: dict[str, str] = {}
    for line in [*log, *(line for screen in screens for line in screen.splitlines())]:
        for word in english_words(line):
            found.setdefault(word, line)
    assert not found, found
    assert any("非公開（コード" in screen for screen in screens)  # a hidden hand was drawn


def test_a_negated_item_on_the_stack_is_marked_in_the_readers_language():
    spec = get_game("legion")
    stacked = [(view, seat) for seed in (1, 2, 7, 11) for view, seat in _views(seed, 3, every=1)[0]
               if view["stack"]]
    assert stacked, "no random game put anything on the stack"
    view, seat = stacked[0]
    view = copy.deepcopy(view)
    view["stack"][0]["negated"] = True
    ja = spec.present.render(view, seat, "ja")
    assert "（無効化）" in ja and not [w for line in ja.splitlines() for w in english_words(line)]
    assert "(negated)" in spec.present.render(view, seat, "en")


def test_english_screens_keep_their_english_marks():
    spec = get_game("legion")
    view, seat = _views(1, 3, every=1000)[0][1]
    en = spec.present.render(view, seat, "en")
    assert "★=core" in en and "toN" in en and "hidden (code" in en

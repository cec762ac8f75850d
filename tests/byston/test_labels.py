"""How choices and counters are worded: the 6.7 share names each ally and its GP (no padding), and
a flipped counter is marked alike in the choices and in the combat odds."""

from __future__ import annotations

from asobi.games.byston import labels
from asobi.games.byston.board import WAR
from asobi.games.byston.forecast import counter_text
from support.scenario import rule

from .helpers import C, clear, destroy, game, h, phase, put, u


@rule("6.7", "B-2")
def test_an_income_share_names_each_ally_and_its_gp_without_the_padding():
    s = game()
    s.status[C["ku"]] = WAR
    clear(s, "1012")
    put(s, "drake", "drumlo", "1012")
    put(s, "ku", "drumlo", "1012")
    put(s, "ku", "drumlo", "1012")
    phase(s, "income")
    assert s.pending == ("income_share", 0, h("1012"), (C["drake"], C["ku"]))
    share = ("share", 1, 1, 0, 0)  # two allies; the last two places only pad the action's shape
    assert share in s.legal_actions()
    assert s.action_label(share, "en") == "share the income: Drake's army 1 GP, Ku 1 GP"
    assert s.action_label(share, "ja") == "収入を分ける（ドレイク軍 1 GP、クの国 1 GP）"
    assert s.action_label(("share", 0, 2, 0, 0), "en") == "share the income: Drake's army 0 GP, Ku 2 GP"
    # read away from its decision, only the padding is dropped
    s.pending = None
    assert s.action_label(("share", 2, 0, 0, 0), "en") == "share the income: 2 GP"


@rule("25.4")
def test_a_flipped_counter_is_marked_alike_in_choices_and_in_the_odds():
    s = game()
    i = put(s, "drake", "drumlo", "1017", flipped=True)
    name = {lang: f"{labels.country(C['drake'], lang)} {labels.unit(u('drumlo'), lang)}" for lang in ("ja", "en")}
    assert counter_text(s, i, "ja") == name["ja"] + "（裏）"
    assert counter_text(s, i, "en") == name["en"] + " (flipped)"
    for lang in ("ja", "en"):
        mark = labels.flipped_mark(1, lang)
        assert mark and labels.flipped_mark(0, lang) == ""
        assert counter_text(s, i, lang).endswith(mark)
        assert mark in s.action_label(destroy(s, i), lang)  # 8.11's choice, as the labels write it

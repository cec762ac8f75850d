"""Hidden information: hands and decks are hidden from the opponent; reveals are public."""

from __future__ import annotations

import json
from random import Random

from asobi.core.events import render_event
from asobi.games.emblem.rules import flow
from asobi.games.emblem.spec import SPEC

from .helpers import draw_any, empty_hand, give, opening, place


def test_the_opponents_hand_is_a_count_and_the_deck_only_a_number():
    s = opening()
    draw_any(s)
    v = s.view(1)
    assert v["players"][0]["hand"] is None and v["players"][0]["hand_count"] == 8
    assert v["players"][1]["hand"] is not None
    assert "az-soldier" not in json.dumps(v["players"][0])
    assert s.view(None)["players"][0]["hand"] is not None


def test_draws_are_public_as_a_count_and_private_as_a_card():
    s = opening()
    draw_any(s)
    mine = [e.key for e in s.visible_log(0)]
    theirs = [e.key for e in s.visible_log(1)]
    assert mine.count("drew") == 8 and theirs.count("drew") == 7
    assert mine.count("draws") == theirs.count("draws") == 15


def test_hidden_variants_change_the_hand_but_not_the_view():
    s = opening()
    draw_any(s)
    place(s, 1, "az-soldier", 0)
    variants = s.hidden_variants(1, Random(3))
    assert variants and any(v.hand[0] != s.hand[0] for v in variants)
    for v in variants:
        assert v.view(1) == s.view(1)
        assert v.invariant_errors() == []


def test_the_render_shows_the_field_hand_chips_and_zones():
    s = opening()
    draw_any(s)
    place(s, 1, "az-leon", 0, chips=3, weapon="w-iron-sword")
    place(s, 10, "cr-brute", 1, chips=2)
    text_en = SPEC.present.render(s.view(0), 0, "en")
    assert "Leon" in text_en and "気3/4" in text_en and "攻3" in text_en and "ready" in text_en
    assert "hand:\n    Kingdom Soldier — 気力 2, 攻 1, 反 1, infantry, direct, weapon level 1" in text_en
    assert "Cav/Dir ready" in text_en  # movement and attack type in the field cell (Leon rides)
    assert "Iron Sword — " in text_en  # a hand card's text, one card per line
    assert "unused chips 17" in text_en and "unused chips 18" in text_en
    assert text_en.index("B (") < text_en.index("A (")  # the opponent is drawn above
    text_ja = SPEC.present.render(s.view(1), 1, "ja")
    assert "レオン" in text_ja and "気3/4" in text_ja and "立" in text_ja
    assert text_ja.count("手札:") == 1 and "手札:\n    帝国重歩兵 — 気力" in text_ja  # only B's own hand
    assert "A（蒼の王国）" in text_ja and "B（紅の帝国）" in text_ja  # deck names in the language
    assert text_ja.index("A（") < text_ja.index("B（")


def test_labels_read_well_and_never_explain_a_forced_option_by_the_hand():
    s = opening()
    s.apply(("draw", "az-leon"))
    s.apply(("deploy", "az-leon"))
    s.apply(("square", 1))
    s.apply(("chips", 1))
    deploy = next(e for e in s.log if e.key == "deploy")
    line = render_event(deploy, SPEC.messages, "en", SPEC.localize)
    assert "with 1 chips" not in line and "(気力 chips: 1)" in line
    # an item step whose only option is "next" does not say why: that would describe the hand
    s2 = opening()
    empty_hand(s2, 0)
    give(s2, 0, "m-fire")  # no unit may hold it
    s2.apply(("draw", "az-soldier"))
    s2.apply(("deploy", "az-soldier"))
    s2.apply(("square", 1))
    s2.apply(("chips", 1))
    s2.apply(("next",))
    assert s2.step == flow.ITEM and list(s2.legal_actions()) == [("next",)]
    assert s2.action_label(("next",), "en") == "next (done with this step)"
    assert s2.action_label(("next",), "ja") == "次へ進む"

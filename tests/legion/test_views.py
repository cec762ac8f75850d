"""Hidden hands (L-17), open hands, the terminal drawing, labels and the clause inventory."""

from __future__ import annotations

import json
from random import Random

from asobi.games.legion.content import content
from asobi.games.legion.spec import SPEC
from support.play import played, random_playout
from support.scenario import rule

from .helpers import code, position, run


@rule("L-17")
def test_other_hands_show_only_how_many_code_and_army_cards():
    s = position(3, hands=[["α1", "W01"], ["β2", "β3", "S01"]])
    view = s.view(0)
    assert view["hands"][0]["cards"] == ["α1", "W01"]
    assert view["hands"][1] == {"seat": "B", "codes": 2, "army": 1, "cards": None}
    assert s.view(None)["hands"][1]["cards"] == ["β2", "β3", "S01"]


def test_open_hands_show_every_hand():
    s = position(3, open_hands=True, hands=[["α1"], ["β2"]])
    assert s.view(0)["hands"][1]["cards"] == ["β2"]


def test_a_hidden_draw_is_public_as_a_count_and_private_as_a_card():
    s = position(3)
    run(s, ("draw_code", 1, "4.1"))
    s.apply(("code", code("γ2")))
    seen_by_a = [e.key for e in s.visible_log(0)]
    seen_by_b = [e for e in s.visible_log(1) if e.key == "drew_card"]
    assert "drew_hidden" in seen_by_a and "drew_card" not in seen_by_a
    assert dict(seen_by_b[0].args)["card"] == code("γ2")


def test_hidden_variants_keep_the_view():
    s = position(3, hands=[["α1"], ["β2", "W01"], ["γ3"]])
    variants = s.hidden_variants(0, Random(1))
    assert variants and any(v.hands != s.hands for v in variants)
    for v in variants:
        assert v.view(0) == s.view(0)


def test_render_draws_maps_tracks_hand_and_pieces_in_both_languages():
    s = position(
        3, hands=[["α1", "W01"]], pieces=["s1", "core", None], weapons=[("b2", 0, "W02", "α2")], black=["e5"]
    )
    s.enemy_life = 4
    run(s, ("main", 0))
    for lang in ("en", "ja"):
        text = SPEC.present.render(s.view(0), 0, lang)
        assert "[r  ]" in text and "S" in text and "##" in text
        assert "s2" in text and "β2" in text  # piece 1's next square and its code
        assert "A" in text and ("Photon torpedo" in text or "光子魚雷" in text)
    json.dumps(s.view(0), ensure_ascii=False)


def test_action_labels_and_log_render_in_both_languages():
    s = SPEC.new_game({"players": 3})
    rng = Random(3)
    for _ in random_playout(s, rng, 200):
        for a in s.legal_actions() if not s.is_chance() else [o for o, _ in s.chance_outcomes()]:
            for lang in ("ja", "en"):
                assert s.action_label(a, lang)
    assert all(SPEC.log_texts(s, None, "ja")) and all(SPEC.log_texts(s, 0, "en"))


def test_json_round_trip_and_a_broken_state_is_refused():
    import pytest

    from asobi.core.errors import BadRecordError
    from asobi.games.legion.state import LegionState

    s = SPEC.new_game({"players": 4})
    played(s, Random(5), 120)
    back = LegionState.from_json(json.loads(json.dumps(s.to_json(), ensure_ascii=False)))
    assert back.fingerprint() == s.fingerprint() and back.log == s.log
    assert back.legal_actions() == s.legal_actions()
    with pytest.raises(BadRecordError):
        LegionState.from_json({"n": 3})


def test_render_shows_the_texts_of_weapons_own_army_cards_and_the_coming_squares():
    c = content()
    s = position(
        3, hands=[["α1", "S04"], ["W03"]], pieces=["s1", None, None], weapons=[("b2", 0, "W02", "α2")]
    )
    run(s, ("main", 0))
    for lang, i in (("en", 1), ("ja", 0)):
        text = SPEC.present.render(s.view(0), 0, lang)
        assert c.army_text[c.army_index["W02"]][i] in text  # a weapon on the map
        assert c.army_text[c.army_index["S04"]][i] in text  # an army card in A's own hand
        assert c.army_text[c.army_index["W03"]][i] not in text  # B's hand is hidden
        # where piece 1 goes next: its effect as printed; its move ("toEast") in the reader's language
        assert c.square_text[c.square_ids.index("s2")][i].split("／")[-1].split(" / ")[-1] in text
    assert "東へ移動／" in SPEC.present.render(s.view(0), 0, "ja") and "toEast / " in SPEC.present.render(s.view(0), 0, "en")
    assert "a blackout to remove (5.6)" in SPEC.present.render(
        {**s.view(0), "pending": {"kind": "clear", "seat": "A"}}
    )


@rule("4.1")
def test_a_hidden_draw_reads_with_the_right_article():
    s = position(3)
    run(s, ("draw_army", 1, "5.1"))
    s.apply(("army", content().army_index["W01"]))
    run(s, ("draw_code", 1, "4.1"))
    s.apply(("code", code("γ2")))
    lines = SPEC.log_texts(s, 0, "en")
    assert any(line.endswith("B draws an army card") for line in lines)
    assert any(line.endswith("B draws a code card") for line in lines)

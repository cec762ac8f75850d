"""The draw phase (4.1, L-15) and recycling the discard piles (1.7, L-21)."""

from __future__ import annotations

import pytest

from asobi.core import CHANCE, IllegalActionError
from support.scenario import rule

from .helpers import code, events, position, run


@rule("4.1")
def test_an_empty_hand_draws_three():
    s = position(3)
    run(s, ("draw_phase", 0), then=("main", 0))
    assert s.chance == ("code", 0, "4.1")
    for k in ("α1", "β2", "γ3"):
        assert s.current_seat == CHANCE
        s.apply(("code", code(k)))
    assert s.hands[0] == [code("α1"), code("β2"), code("γ3")]
    assert events(s, "draw_empty_hand")[0].clause == "4.1"


@rule("4.1")
def test_a_hand_with_cards_draws_up_to_two_by_choice():
    s = position(2, hands=[["α1"]])
    run(s, ("draw_phase", 0), then=("main", 0))
    assert s.legal_actions() == (("draw", 0), ("draw", 1), ("draw", 2))
    s.apply(("draw", 1))
    s.apply(("code", code("β1")))
    assert len(s.hands[0]) == 2


@rule("4.1", "L-15")
def test_no_draw_brings_the_hand_to_eight_minus_players():
    # four players: the hand must stay under 8 − 4 = 4 cards
    s = position(4, hands=[["α1", "α2"]])
    run(s, ("draw_phase", 0), then=("main", 0))
    assert s.legal_actions() == (("draw", 0), ("draw", 1))
    s = position(4, hands=[["α1", "α2", "α3"]])
    run(s, ("draw_phase", 0), then=("main", 0))
    assert events(s, "draw_limit")


@rule("4.1", "L-15")
def test_an_empty_hand_draws_three_even_with_five_players():
    # L-15: the ただし cap belongs to the "1枚以上" sentence: an empty hand draws 3, five
    # players included, although 3 cards reach 8 − 5
    s = position(5)
    run(s, ("draw_phase", 0), then=("main", 0))
    assert dict(events(s, "draw_empty_hand")[0].args)["count"] == 3
    for c in ("α1", "β2", "γ3"):
        s.apply(("code", code(c)))
    assert len(s.hands[0]) == 3


@rule("4.1", "L-15")
def test_the_empty_hand_cap_option_limits_five_players_to_two():
    s = position(5, empty_hand_cap=True)
    run(s, ("draw_phase", 0), then=("main", 0))
    assert dict(events(s, "draw_empty_hand")[0].args)["count"] == 2
    s = position(4, empty_hand_cap=True)  # 8 − 4 leaves room for 3
    run(s, ("draw_phase", 0), then=("main", 0))
    assert dict(events(s, "draw_empty_hand")[0].args)["count"] == 3


@rule("4.1")
def test_an_illegal_draw_count_names_the_clause_and_changes_nothing():
    s = position(4, hands=[["α1", "α2"]])
    run(s, ("draw_phase", 0), then=("main", 0))
    before = s.fingerprint()
    with pytest.raises(IllegalActionError) as err:
        s.apply(("draw", 2))
    assert err.value.clause == "4.1" and s.fingerprint() == before


@rule("1.7")
def test_an_emptied_deck_takes_back_its_discard_pile():
    s = position(3)
    s.code_deck = [0] * 9
    s.code_deck[0] = 1
    s.code_discard = [3, 3, 3, 3, 3, 3, 3, 3, 2]
    run(s, ("draw_code", 0, "4.1"), then=("main", 0))
    s.apply(("code", 0))
    assert sum(s.code_discard) == 0 and sum(s.code_deck) == 26
    assert events(s, "recycled")[0].clause == "1.7"


@rule("1.7", "L-21")
def test_drawing_from_an_empty_deck_recycles_first_and_nothing_is_drawn_when_all_is_empty():
    s = position(3)
    s.army_deck = [0] * 20
    s.army_discard = [0] * 20
    s.army_discard[3] = 2
    run(s, ("draw_army", 0, "5.1"), then=("main", 0))
    assert s.chance == ("army", 0, "5.1") and s.chance_outcomes() == ((("army", 3), 1.0),)
    s = position(3)
    s.army_deck = [0] * 20
    s.army_discard = [0] * 20
    hand_before = list(s.hands[0])
    run(s, ("draw_army", 0, "5.1"), then=("main", 0))
    assert s.hands[0] == hand_before and events(s, "deck_exhausted")

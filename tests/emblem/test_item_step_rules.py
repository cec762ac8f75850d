"""The 国力 phase's finer rules, each on the position where it decides: C-36's three ways back per
unit step, the item step's removals (2.3.9, C-32), shedding (2.3.11), placing and replacing (2.3.12,
C-15, C-16), a lost 気力 bonus (C-10), when the item step passes by itself (C-30), the end of a
lost game at its unit step (C-24), and ``is_legal`` agreeing with the listing on odd shapes."""

from __future__ import annotations

from typing import Any

import pytest

from asobi.core import IllegalActionError
from asobi.games.emblem.rules import flow
from asobi.games.emblem.rules.kokuryoku import item_step
from asobi.games.emblem.state import EmblemState
from support.scenario import rule

from .helpers import arrive, at, chips, draw_any, empty_hand, give, opening, place, settled


def _args(s: EmblemState, key: str) -> list[dict[str, Any]]:
    return [dict(e.args) for e in s.log if e.key == key]


# ---- C-36: at most three ways back in one unit step ------------------------------------------
@rule("C-36")
def test_a_deploy_may_be_backed_out_of_three_times_in_a_unit_step_at_either_part():
    s = opening()
    s.apply(("draw", "az-leon"))  # A's unit step, Leon in hand
    s.apply(("deploy", "az-leon"))
    s.apply(("cancel",))  # 1: at the square
    s.apply(("deploy", "az-leon"))
    s.apply(("square", 0))
    s.apply(("cancel",))  # 2: at the chips
    s.apply(("deploy", "az-leon"))
    s.apply(("square", 0))
    assert ("cancel",) in s.legal_actions()
    s.apply(("cancel",))  # 3
    assert s.step == flow.UNIT and s.field[0] is None and s.unused[0] == 20
    # the fourth time the deploy goes through: no way back at the square nor at the chips
    s.apply(("deploy", "az-leon"))
    assert ("cancel",) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="C-36"):
        s.apply(("cancel",))
    s.apply(("square", 1))
    assert ("cancel",) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="C-36"):
        s.apply(("cancel",))
    s.apply(("chips", 2))
    assert chips(s, 1) == 2
    settled(s)


# ---- 2.3.9, 2.3.11, C-32: removing and shedding ------------------------------------------------
@rule("2.3.11", "C-32")
def test_a_curse_is_shed_by_discarding_any_unit_card_the_first_of_the_pool_too():
    s = opening()
    draw_any(s)
    place(s, 10, "cr-brute", 1, item="enemy:i-curse")  # A cursed B's brute
    at(s, "item", actor=1, turn_player=0)
    empty_hand(s, 1)
    give(s, 1, "az-albert")  # a unit card: what the curse's text asks to discard
    assert ("shed", 10, "az-albert") in s.legal_actions()
    s.legal_cache = None
    assert s.is_legal(("shed", 10, "az-albert"))  # answered without the listing
    assert ("unequip", 10, 2) not in s.legal_actions()  # C-32: not removed under 2.3.9
    mark = len(s.log)
    s.apply(("shed", 10, "az-albert"))
    u = s.field[10]
    assert u is not None and u[6] == -1  # the item slot is free
    assert s.hand[1] == []
    assert s.cards.index("az-albert") in s.offfield[1]
    assert s.cards.index("i-curse") in s.offfield[0]  # to the player who attached it (C-14)
    shed = [e for e in s.log[mark:] if e.key == "shed"]
    assert [(e.clause, dict(e.args)) for e in shed] == [
        ("2.3.11", {"seat": 1, "card": "az-albert", "item": "i-curse", "sq": 10})
    ]
    settled(s)


# ---- C-10: a unit that loses its 気力 bonus ------------------------------------------------------
@rule("2.3.9", "C-10")
def test_removing_a_ring_drops_the_chips_above_the_base_maximum_to_used():
    s = opening()
    draw_any(s)
    place(s, 1, "az-soldier", 0, chips=3, item="i-ring")  # 気力 2, 3 with the ring
    at(s, "item", actor=0, turn_player=0)
    used = s.used[0]
    s.apply(("unequip", 1, 2))
    assert chips(s, 1) == 2 and s.used[0] == used + 1
    assert [(e.clause, dict(e.args)) for e in s.log if e.key == "chips_over"] == [
        ("C-10", {"card": "az-soldier", "n": 1})
    ]
    settled(s)


@rule("2.3.9", "C-10")
def test_removing_a_ring_from_a_unit_within_its_base_maximum_drops_nothing():
    s = opening()
    draw_any(s)
    place(s, 1, "az-soldier", 0, chips=2, item="i-ring")
    at(s, "item", actor=0, turn_player=0)
    used = s.used[0]
    s.apply(("unequip", 1, 2))
    assert chips(s, 1) == 2 and s.used[0] == used
    assert _args(s, "chips_over") == []
    settled(s)


# ---- 2.3.12, C-15, C-16: placing and replacing ---------------------------------------------------
@rule("2.3.12", "C-15", "C-16")
def test_placing_and_replacing_land_and_guardian_cards_is_logged():
    s = opening()
    draw_any(s)
    place(s, 1, "az-soldier", 0)
    give(s, 0, "l-plains", "g-banner")
    at(s, "item", actor=0, turn_player=0, placed=0)
    s.apply(("place", "l-plains"))
    assert _args(s, "place") == [{"seat": 0, "card": "l-plains"}]
    assert [e.clause for e in s.log if e.key == "place"] == ["2.3.12"]
    assert _args(s, "replaced") == []  # nothing was in play before
    # later turns: a new land replaces the old one, and a guardian the old guardian
    give(s, 0, "l-fort")
    at(s, "item", actor=0, turn_player=0, placed=0)
    s.apply(("place", "l-fort"))
    at(s, "item", actor=0, turn_player=0, placed=0)
    s.apply(("place", "g-banner"))
    give(s, 0, "g-aegis")
    at(s, "item", actor=0, turn_player=0, placed=0)
    s.apply(("place", "g-aegis"))
    replaced = [(e.clause, dict(e.args)) for e in s.log if e.key == "replaced"]
    assert replaced == [("C-15", {"seat": 0, "card": "l-plains"}), ("C-16", {"seat": 0, "card": "g-banner"})]
    assert s.land[0] == s.cards.index("l-fort") and s.guardian[0] == s.cards.index("g-aegis")
    settled(s)


# ---- C-30: when the item step passes by itself ---------------------------------------------------
def _item_step_of(seat: int, turn_player: int = 0) -> EmblemState:
    """A position about to arrive at ``seat``'s item step, with an empty field and an empty hand."""
    s = opening()
    draw_any(s)
    at(s, "item", actor=seat, turn_player=turn_player)
    empty_hand(s, seat)
    return s


def _asked(s: EmblemState, seat: int) -> bool:
    """Whether ``seat`` is asked in the item step now (rather than the step having passed)."""
    return s.pending == ("item", seat)


@rule("2.3.9", "C-30")
def test_with_an_empty_hand_and_no_card_on_its_units_the_item_step_passes():
    s = _item_step_of(0)
    place(s, 1, "az-soldier", 0)  # A's unit holds nothing
    place(s, 10, "cr-brute", 1, weapon="w-iron-sword", item="i-ring")  # B's cards are not A's to remove
    arrive(s, item_step)
    assert not _asked(s, 0)
    assert s.phase_seat == 1 and s.step == flow.DRAW  # on to B's 国力 phase


@rule("2.3.9", "C-32", "C-30")
def test_enemy_shackles_are_not_removable_so_the_item_step_passes():
    s = _item_step_of(1)
    place(s, 10, "cr-brute", 1, item="enemy:i-shackles")  # A shackled B's brute
    arrive(s, item_step)
    assert not _asked(s, 1)


@rule("2.3.9", "C-30")
def test_with_an_empty_hand_a_removable_item_keeps_the_item_step_open():
    s = _item_step_of(1)
    place(s, 10, "cr-brute", 1, item="i-ring")
    arrive(s, item_step)
    assert _asked(s, 1)
    assert list(s.legal_actions()) == [("next",), ("unequip", 10, 2)]


@rule("2.3.12", "C-30")
def test_in_the_opponents_turn_a_hand_with_no_unit_on_the_field_has_nothing_to_do():
    s = _item_step_of(1, turn_player=0)
    give(s, 1, "l-village", "w-iron-sword")  # not B's turn: no land; no unit to take the sword
    arrive(s, item_step)
    assert not _asked(s, 1)


@rule("2.3.12", "C-30")
def test_once_the_land_is_placed_with_no_unit_on_the_field_the_item_step_passes():
    s = _item_step_of(0)
    give(s, 0, "l-fort", "l-plains")
    arrive(s, item_step)
    assert _asked(s, 0) and ("place", "l-fort") in s.legal_actions()  # its own turn: it may place
    s.apply(("place", "l-fort"))
    assert not _asked(s, 0)  # one land or guardian a turn, and no unit to equip
    assert s.phase_seat == 1


# ---- C-24: the game ends at the unit step, before the item step ---------------------------------
@rule("C-24")
def test_a_player_lost_by_wipeout_at_its_unit_step_is_not_asked_for_its_item_step():
    s = opening()
    draw_any(s)
    place(s, 1, "az-soldier", 0)
    at(s, "unit", actor=1, turn_player=1)  # B, wiped out, in its own 国力 phase with a hand
    s.wiped = (0, 1)
    assert s.hand[1]
    s.apply(("next",))  # B deploys nothing
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.clause == "C-24"
    assert s.pending is None and s.is_terminal() and list(s.legal_actions()) == []


# ---- is_legal agrees with the listing, whatever the shape ---------------------------------------
ODD_SHAPES: list[Any] = [
    (),
    ["next"],
    ("deploy", ["az-leon"]),
    ("equip", ["w-iron-sword"], 1),
    ("shed", 1),
    ("unequip", 1),
    ("unequip", 1, 3),
    ("unequip", 1, -1),
]


@pytest.mark.parametrize("step", ["unit", "item"])
def test_odd_shapes_are_not_legal_and_the_answer_agrees_with_the_listing(step: str) -> None:
    s = opening()
    s.apply(("draw", "az-leon"))
    place(s, 1, "az-soldier", 0, weapon="w-iron-sword", item="i-ring")
    give(s, 0, "w-iron-sword")
    at(s, step, actor=0, turn_player=0)
    listing = list(s.legal_actions())
    assert ("next",) in listing
    for action in ODD_SHAPES:
        s.legal_cache = None
        assert s.is_legal(action) is False, action
        assert action not in listing

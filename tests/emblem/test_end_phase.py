"""2.5 エンドフェイズ and the end-phase keywords (C-17 … C-20), 世代交代 (2.5.4, 2.5.5, C-31)."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.games.emblem.rules import flow
from asobi.games.emblem.rules.end_phase import begin_end_phase
from asobi.games.emblem.view import unit_view
from support.scenario import rule

from .helpers import arrive, at, chips, empty_hand, events, give, opening, place, put_card, settled


def end_phase(units, hand=(), seat=0, land=None, **kw):
    s = opening(**kw)
    s.apply(s.chance_outcomes()[0][0])
    empty_hand(s, seat)
    for sq, card, owner, n, *rest in units:
        place(s, sq, card, owner, chips=n, **(rest[0] if rest else {}))
    give(s, seat, *hand)
    if land:
        put_card(s, seat, "land", land)
    s.turn_player = seat
    arrive(s, begin_end_phase)
    return s


@rule("2.5.1")
def test_the_end_phase_runs_its_three_steps_in_order():
    s = end_phase(
        [(1, "az-albert", 0, 3), (4, "az-soldier", 0, 1)], hand=["az-soldier"] * 8, land="l-village"
    )
    assert ("2.5.1", "end_phase") in events(s)
    assert s.step == flow.END_START
    s.apply(("next",))
    assert s.step == flow.END_EFFECTS
    s.apply(("next",))
    assert s.step == flow.DISCARD


@rule("2.5.2", "C-15")
def test_effects_usable_at_the_start_of_the_end_phase():
    s = end_phase([(1, "az-gard", 0, 1)], land="l-village")
    assert list(s.legal_actions()) == [("next",), ("rally", 1)]  # sorted, as every listing (harness)
    s.apply(("rally", 1))
    assert list(s.legal_actions()) == [("chips", 1), ("chips", 2)]  # "up to" (C-35)
    s.apply(("chips", 2))
    assert chips(s, 1) == 3
    assert ("2.5.2", "rally") in events(s)
    assert s.step != flow.END_START and s.rallied == 1  # once per turn (the flag the tensor shows)


@rule("2.5.2")
def test_the_lands_chips_are_offered_only_for_units_below_their_maximum():
    # Gard (気力 5) holds 1; the soldier holds its maximum 2
    s = end_phase([(1, "az-gard", 0, 1), (4, "az-soldier", 0, 2)], land="l-village")
    assert list(s.legal_actions()) == [("next",), ("rally", 1)]


@rule("2.5.3", "C-17")
def test_symbol_puts_a_chip_on_adjacent_friends():
    s = end_phase(
        [(1, "az-albert", 0, 3), (0, "az-soldier", 0, 1), (2, "az-soldier", 0, 1), (4, "az-soldier", 0, 1)]
    )
    # 象徴2: two of the three neighbours, the player's pick (not square order)
    assert [a for a in s.legal_actions() if a[0] == "symbol"] == [
        ("symbol", 1, (0, 2)),
        ("symbol", 1, (0, 4)),
        ("symbol", 1, (2, 4)),
    ]
    s.apply(("symbol", 1, (2, 4)))
    assert [chips(s, sq) for sq in (0, 2, 4)] == [1, 2, 2]
    assert ("C-17", "symbol") in events(s)
    assert [e.clauses for e in s.log if e.key == "symbol"] == [("C-17", "2.5.3")]  # used in the effects step
    assert not any(a[0] == "symbol" for a in (s.legal_actions() if s.step == flow.END_EFFECTS else []))


@rule("2.5.3", "C-17")
def test_symbol_with_fewer_neighbours_than_its_number_puts_a_chip_on_each():
    # 象徴2 with one neighbour below its maximum: "up to 2" reaches that one (it used to be never
    # offered, as no pair of neighbours existed)
    s = end_phase([(1, "az-albert", 0, 3), (0, "az-soldier", 0, 1)])
    assert [a for a in s.legal_actions() if a[0] == "symbol"] == [("symbol", 1, (0,))]
    s.apply(("symbol", 1, (0,)))
    assert chips(s, 0) == 2 and ("C-17", "symbol") in events(s)


@rule("C-18")
def test_training_only_for_a_unit_that_stayed_idle():
    s = end_phase([(1, "az-gard", 0, 1), (4, "cr-fang", 0, 1)])
    s.field[4][11] = 1  # it moved this turn
    s.legal_cache = None  # (the step listed its actions on arrival, before this change)
    assert ("training", 1) in s.legal_actions() and ("training", 4) not in s.legal_actions()
    s.apply(("training", 1))
    assert list(s.legal_actions()) == [("chips", 1), ("chips", 2)]  # up to N (C-35)
    s.apply(("chips", 2))
    assert chips(s, 1) == 3
    assert ("C-18", "training") in events(s)


@rule("C-19")
def test_legacy_passes_an_attached_card_to_a_neighbour():
    s = end_phase(
        [(1, "az-merva", 0, 2, {"magic": "m-thunder"}), (4, "az-melty", 0, 2), (0, "az-soldier", 0, 1)]
    )
    legal = s.legal_actions()
    assert ("legacy", 1, 4, 1) in legal and ("legacy", 1, 0, 1) not in legal  # a soldier cannot hold magic
    s.apply(("legacy", 1, 4, 1))
    assert s.field[1][5] == -1 and s.field[4][5] == s.cards.index("m-thunder")
    assert ("C-19", "legacy") in events(s)


@rule("C-20")
def test_honing_pays_two_chips_for_a_lasting_attack_bonus():
    s = end_phase([(1, "az-bors", 0, 3)])
    unused = s.unused[0]
    s.apply(("honing", 1))
    assert s.field[1][8] == 1 and unit_view(s, s.field[1])["attack"] == 2
    assert s.unused[0] == unused - 2 and s.used[0] == 2
    assert ("C-20", "honing") in events(s)
    settled(s)


@rule("2.5.4", "C-31")
def test_succession_replaces_the_parent_with_the_child_keeping_chips_and_cards():
    s = end_phase([(1, "az-albert", 0, 2, {"weapon": "w-silver-lance"})], hand=["az-leon"])
    assert ("succeed", 1, "az-leon") in s.legal_actions()
    s.apply(("succeed", 1, "az-leon"))
    assert list(s.legal_actions()) == [("chips", 0), ("chips", 1), ("chips", 2)]  # may top up (C-35)
    s.apply(("chips", 2))
    u = s.field[1]
    assert s.card_id(u[0]) == "az-leon"
    assert u[2] == 4  # kept 2, then filled to Leon's 気力 4
    assert u[4] == s.cards.index("w-silver-lance")  # the lance is inherited
    assert s.cards.index("az-albert") in s.offfield[0]
    assert ("2.5.4", "succeed") in events(s)
    settled(s)


@rule("C-31")
def test_a_child_with_room_for_every_chip_loses_none_and_nothing_is_logged_lost():
    s = end_phase([(1, "az-albert", 0, 4)], hand=["az-leon"])  # 4 chips: Leon's maximum exactly
    s.apply(("succeed", 1, "az-leon"))
    assert chips(s, 1) == 4 and ("C-31", "chips_over") not in events(s)


@rule("C-31")
def test_chips_above_the_childs_maximum_go_to_used():
    s = end_phase([(1, "az-albert", 0, 5)], hand=["az-leon"])  # 気力 5, Leon's maximum is 4
    s.apply(("succeed", 1, "az-leon"))
    assert chips(s, 1) == 4 and s.used[0] == 1
    assert ("C-31", "chips_over") in events(s)  # the lost chip is logged
    settled(s)


@rule("C-31")
def test_the_child_keeps_the_parents_state():
    s = opening()
    s.apply(s.chance_outcomes()[0][0])
    empty_hand(s, 0)
    u = place(s, 1, "az-albert", 0, chips=2, ready=False)
    u[9] = 1  # poisoned
    u[8] = 1  # 練磨 +1
    give(s, 0, "az-leon")
    s.turn_player = 0
    arrive(s, begin_end_phase)
    s.apply(("succeed", 1, "az-leon"))
    s.apply(("chips", 1))
    child = s.field[1]
    assert s.card_id(child[0]) == "az-leon"
    assert child[3] == 0 and child[9] == 1 and child[8] == 1  # standby, poisoned, honed
    settled(s)


@rule("2.5.5")
def test_showing_the_parent_fills_the_child():
    s = end_phase([(1, "az-leon", 0, 1)], hand=["az-albert"])
    assert ("inherit", 1, "az-albert") in s.legal_actions()
    s.apply(("inherit", 1, "az-albert"))
    assert list(s.legal_actions()) == [("chips", 1), ("chips", 2), ("chips", 3)]
    s.apply(("chips", 3))
    assert chips(s, 1) == 4
    assert s.cards.index("az-albert") in s.offfield[0] and not s.hand[0]
    shown = next(e for e in s.log if e.key == "inherit")
    assert shown.clause == "2.5.5" and shown.seats is None
    full = end_phase([(1, "az-leon", 0, 4)], hand=["az-albert"])
    assert full.step != flow.END_EFFECTS or ("inherit", 1, "az-albert") not in full.legal_actions()


@rule("2.5.4", "2.5.5")
def test_succession_only_in_the_own_end_phase():
    s = opening()
    s.apply(s.chance_outcomes()[0][0])
    place(s, 1, "az-albert", 0)
    place(s, 2, "az-leon", 0, chips=1)
    give(s, 0, "az-leon", "az-albert")
    assert not any(a[0] in ("succeed", "inherit") for a in s.legal_actions())  # the unit step offers none
    with pytest.raises(IllegalActionError, match=r"2\.3\.6"):
        s.apply(("succeed", 1, "az-leon"))
    # B's end phase: A's family on the field and in hand, but it is not A's end phase
    at(s, "effects", turn_player=1)
    assert s.actor == 1 and list(s.legal_actions()) == [("next",)]
    with pytest.raises(IllegalActionError, match=r"2\.5\.4"):
        s.apply(("succeed", 1, "az-leon"))
    with pytest.raises(IllegalActionError, match=r"2\.5\.5"):
        s.apply(("inherit", 2, "az-albert"))
    # A's own end phase: both forms are offered
    s2 = end_phase([(1, "az-albert", 0, 2), (2, "az-melty", 0, 1)], hand=["az-leon", "az-merva"])
    assert ("succeed", 1, "az-leon") in s2.legal_actions() and (
        "inherit",
        2,
        "az-merva",
    ) in s2.legal_actions()


@rule("2.5.6", "2.5.7")
def test_a_hand_of_exactly_seven_is_kept_whole_and_the_turn_ends():
    s = end_phase([(1, "az-soldier", 0, 1)], hand=["az-cavalier"] * 4 + ["w-iron-sword"] * 3)
    assert len(s.hand[0]) == 7
    assert s.turn_player == 1 and ("2.5.6", "discard") not in events(s)


@rule("2.5.6")
def test_discard_down_to_seven():
    s = end_phase(
        [(1, "az-soldier", 0, 1)],
        hand=["az-soldier", "az-soldier"] + ["az-cavalier"] * 4 + ["w-iron-sword"] * 3,
    )
    assert s.step == flow.DISCARD and s.actor == 0
    assert list(s.legal_actions()) == [
        ("discard", "az-cavalier"),
        ("discard", "az-soldier"),
        ("discard", "w-iron-sword"),
    ]
    s.apply(("discard", "w-iron-sword"))
    assert s.step == flow.DISCARD
    with pytest.raises(IllegalActionError, match=r"2\.5\.6"):
        s.apply(("discard", "az-leon"))
    s.apply(("discard", "w-iron-sword"))
    assert len(s.hand[0]) == 7 and s.turn_player == 1
    assert [c for c, k in events(s) if k == "discard"] == ["2.5.6", "2.5.6"]
    assert s.cards.index("w-iron-sword") in s.offfield[0]

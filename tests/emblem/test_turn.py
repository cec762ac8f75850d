"""2.2 ターンの流れ and 2.3 国力フェイズ."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.games.emblem.rules import flow
from asobi.games.emblem.view import unit_view
from support.scenario import rule

from .helpers import (
    arrive,
    at,
    chips,
    cites,
    deploy,
    deploys,
    empty_hand,
    events,
    give,
    opening,
    place,
    settled,
)


def to_unit_step(s, card="az-leon"):
    s.apply(("draw", card))
    assert s.step == flow.UNIT
    return s


@rule("2.2.1", "2.5.7")
def test_players_take_turns_alternately():
    s = opening()
    empty_hand(s, 0)
    at(s, "discard")
    from asobi.games.emblem.rules.end_phase import discard_step

    mark = len(s.log)
    arrive(s, discard_step)
    assert ("2.5.7", "turn_end") in events(s, mark)
    assert s.turn == 2 and s.turn_player == 1
    assert ("2.2.1", "turn") in events(s, mark)


@rule("2.2.2", "2.3.1")
def test_a_turn_is_both_kokuryoku_phases_then_invasion_then_end():
    s = opening()
    to_unit_step(s)
    deploy(s, "az-leon", 1, 3)
    s.apply(("next",))  # unit step
    assert s.step == flow.ITEM
    s.apply(("next",))  # item step
    # the opponent's 国力 phase in the same turn: a draw for B, then B's unit step
    assert s.step == flow.DRAW and s.phase_seat == 1 and s.turn_player == 0
    assert ("2.3.1", "kokuryoku_phase") in events(s)
    s.apply(("draw", "cr-brute"))
    assert s.actor == 1 and s.step == flow.UNIT
    deploy(s, "cr-brute", 10, 2)
    s.apply(("next",))
    s.apply(("next",))
    assert s.step == flow.SELECT and s.actor == 0
    keys = [k for _, k in events(s)]
    order = [keys.index(k) for k in ("kokuryoku_phase", "invasion_phase")]
    assert order == sorted(order)
    assert keys.count("kokuryoku_phase") == 2


@rule("2.3.2")
def test_unstarred_things_are_optional_and_in_any_order():
    s = opening()
    place(s, 0, "az-soldier", 0, chips=1)
    to_unit_step(s)
    legal = s.legal_actions()
    assert ("next",) in legal and ("chip", 0) in legal and ("deploy", "az-leon") in legal
    s.apply(("chip", 0))  # a chip before deploying: any order
    deploy(s, "az-leon", 1, 2)
    assert chips(s, 0) == 2 and chips(s, 1) == 2
    assert [e.clauses for e in s.log if e.key == "deploy"][-1] == ("2.3.6", "2.3.2")  # done by choice
    s.apply(("next",))
    assert s.step == flow.ITEM


@rule("2.3.3")
def test_used_chips_come_back_first_thing_in_the_owners_turn():
    s = opening()
    empty_hand(s, 0)
    place(s, 0, "az-soldier", 0, chips=2)
    s.unused[0] -= 5
    s.used[0] += 5
    s.unused[1] -= 4
    s.used[1] += 4
    at(s, "discard", turn_player=1)  # B's turn ends; A's begins
    from asobi.games.emblem.rules.end_phase import end_turn

    mark = len(s.log)
    arrive(s, end_turn)
    assert s.turn_player == 0
    assert s.used[0] == 0 and s.unused[0] == 18
    assert s.used[1] == 4  # not the opponent's
    start = events(s, mark)
    assert next(c for c, _ in start if c.startswith("2.3")) == "2.3.3"  # before anything else


@rule("2.3.3", "2.3.1")
def test_no_start_step_in_the_opponents_kokuryoku_phase():
    s = opening()
    s.used[1] += 3
    s.unused[1] -= 3
    to_unit_step(s)
    s.apply(("next",))
    s.apply(("next",))
    assert s.phase_seat == 1 and s.step == flow.DRAW
    assert s.used[1] == 3


@rule("2.3.4", "C-15")
def test_turn_start_effects_run_after_the_chips_come_back():
    s = opening()
    place(s, 0, "az-soldier", 0, chips=1)
    place(s, 1, "az-cavalier", 0, chips=1)
    place(s, 2, "az-bors", 0, chips=1)
    s.land = (s.cards.index("l-fort"), s.land[1])
    s.adjust_deck(0, s.land[0], -1)
    s.deck_left[0] -= 1
    s.unused[0], s.used[0] = 0, s.unused[0]
    from asobi.games.emblem.rules.end_phase import end_turn

    at(s, "discard", turn_player=1)
    empty_hand(s, 1)
    mark = len(s.log)
    arrive(s, end_turn)
    # l-fort: up to 2 of the three units, the player's choice (C-34), not square order
    assert s.step == flow.START_EFFECTS and s.actor == 0
    assert list(s.legal_actions()) == [("land", (0, 1)), ("land", (0, 2)), ("land", (1, 2))]
    s.apply(("land", (1, 2)))
    assert chips(s, 0) == 1 and chips(s, 1) == 2 and chips(s, 2) == 2
    assert s.step == flow.DRAW
    got = events(s, mark)
    assert got.index(("2.3.3", "chips_back")) < got.index(("2.3.4", "land_chip"))
    settled(s)


@rule("2.3.5")
def test_the_draw_step_draws_one_card_by_chance():
    s = opening()
    assert s.step == flow.DRAW and list(s.legal_actions()) == []
    outcomes = dict(s.chance_outcomes())
    leon = s.deck[0][s.cards.index("az-leon")]
    assert outcomes[("draw", "az-leon")] == pytest.approx(leon / s.deck_left[0])
    hand = len(s.hand[0])
    s.apply(("draw", "az-leon"))
    assert len(s.hand[0]) == hand + 1
    assert ("2.3.5", "draws") in events(s) and ("2.3.5", "drew") in events(s)


@rule("2.3.6", "C-2")
def test_deploy_one_unit_on_your_own_sortie_row_with_at_least_one_chip():
    s = opening()
    to_unit_step(s)
    legal = s.legal_actions()
    assert ("deploy", "az-leon") in legal
    assert {(sq, n) for c, sq, n in deploys(s) if c == "az-leon"} == {
        (sq, n) for sq in (0, 1, 2) for n in (1, 2, 3, 4)
    }
    s.apply(("deploy", "az-leon"))
    with pytest.raises(IllegalActionError, match="C-2"):
        s.apply(("square", 4))
    s.apply(("square", 1))
    with pytest.raises(IllegalActionError, match="C-2"):
        s.apply(("chips", 0))
    s.apply(("chips", 3))
    u = s.field[1]
    assert u is not None and u[2] == 3 and u[3] == 1  # ready on arrival
    assert s.unused[0] == 17
    assert not any(a[0] == "deploy" for a in s.legal_actions())  # one per step
    with pytest.raises(IllegalActionError, match=r"2\.3\.6"):
        s.apply(("deploy", "az-soldier"))
    assert cites(s, "2.3.6")


@rule("2.3.7", "C-14", "C-6")
def test_a_unit_without_chips_retreats_to_offfield_with_its_cards():
    s = opening()
    s.apply(("draw", "az-soldier"))
    at(s, "act", turn_player=0, active=4)
    place(s, 4, "az-gard", 0, chips=3, weapon="w-silver-lance")
    place(s, 7, "cr-archer", 1, chips=2, item="enemy:i-shackles")  # attached by A
    s.apply(("attack", 7))
    s.apply(("equipment", 0))
    assert s.field[7] is None
    archer = s.cards.index("cr-archer")
    shackles = s.cards.index("i-shackles")
    assert archer in s.offfield[1]
    assert shackles in s.offfield[0] and shackles not in s.offfield[1]  # to the player who attached it
    assert ("2.3.7", "retreat") in events(s)
    assert s.used[1] == 2  # its chips went to its owner's used chips (C-6)
    settled(s)


@rule("2.3.8")
def test_at_most_three_more_chips_in_a_unit_step():
    s = opening()
    place(s, 0, "az-gard", 0, chips=1)
    place(s, 1, "az-bors", 0, chips=1)
    to_unit_step(s)
    s.apply(("chip", 0))
    s.apply(("chip", 1))
    s.apply(("chip", 0))
    assert s.chips_added == 3
    assert not any(a[0] == "chip" for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match=r"2\.3\.8"):
        s.apply(("chip", 1))
    assert chips(s, 0) == 3 and chips(s, 1) == 2
    assert [c for c, k in events(s) if k == "chip"] == ["2.3.8"] * 3


def to_item_step(s, card="az-leon"):
    to_unit_step(s, card)
    s.apply(("next",))
    assert s.step == flow.ITEM
    return s


@rule("2.3.9")
def test_remove_a_card_from_your_unit_to_offfield():
    s = opening()
    place(s, 0, "az-gard", 0, chips=3, weapon="w-iron-sword")
    to_item_step(s)
    s.apply(("unequip", 0, 0))
    u = s.field[0]
    assert u is not None and u[4] == -1
    assert s.cards.index("w-iron-sword") in s.offfield[0]
    assert cites(s, "2.3.9")


@rule("2.3.10", "C-8")
def test_one_card_per_unit_per_step_and_no_two_of_a_kind():
    s = opening()
    place(s, 0, "az-gard", 0, chips=3)
    place(s, 1, "az-soldier", 0, chips=1)
    give(s, 0, "w-steel-sword", "i-shield", "w-silver-lance", "m-fire")
    to_item_step(s)
    legal = s.legal_actions()
    assert ("equip", "w-silver-lance", 0) in legal  # Gard: level 3
    assert ("equip", "w-steel-sword", 1) not in legal  # a soldier's weapon level is 1 (C-8)
    assert ("equip", "m-fire", 0) not in legal  # magic goes to magic and healing units (C-8)
    s.apply(("equip", "w-steel-sword", 0))
    assert not any(a[0] == "equip" and a[2] == 0 for a in s.legal_actions())  # one per step
    with pytest.raises(IllegalActionError, match=r"2\.3\.10"):
        s.apply(("equip", "i-shield", 0))
    s.apply(("equip", "i-shield", 1))
    # next turn's item step: a second weapon is refused (no two of a kind), the shield welcome
    from asobi.games.emblem.rules.kokuryoku import item_step

    arrive(s, item_step)
    s.legal_cache = None
    legal = s.legal_actions()
    assert ("equip", "w-silver-lance", 0) not in legal
    assert cites(s, "2.3.10")


@rule("2.3.11", "C-32")
def test_enemy_only_items_and_removing_them_as_their_text_says():
    s = opening(
        deck_a="crimson",
        deck_b="azure",
        hands=(["cr-brute"] * 3 + ["cr-raider"] * 4, ["az-soldier"] * 4 + ["az-cavalier"] * 3),
    )
    place(s, 1, "cr-brute", 0, chips=2)
    place(s, 10, "az-soldier", 1, chips=2)
    give(s, 0, "i-shackles")
    to_item_step(s, "cr-hex")
    legal = s.legal_actions()
    assert ("equip", "i-shackles", 10) in legal and ("equip", "i-shackles", 1) not in legal
    s.apply(("equip", "i-shackles", 10))
    u = s.field[10]
    assert u is not None and u[6] == s.cards.index("i-shackles") and u[7] == 0
    assert unit_view(s, u)["attack"] == 0  # 攻 1 - 1
    assert cites(s, "2.3.11")
    # B's item step: B cannot simply remove it (C-32), but may discard a weapon to do so
    s.apply(("next",))
    s.apply(("draw", "az-ciel"))
    give(s, 1, "w-iron-sword")
    if s.step == flow.UNIT:
        s.apply(("next",))
    assert s.step == flow.ITEM and s.actor == 1
    legal = s.legal_actions()
    assert ("unequip", 10, 2) not in legal
    assert ("shed", 10, "w-iron-sword") in legal
    s.apply(("shed", 10, "w-iron-sword"))
    u = s.field[10]  # (a changed unit is a new list: EmblemState.own_unit)
    assert u is not None and u[6] == -1 and s.cards.index("i-shackles") in s.offfield[0]
    assert s.cards.index("w-iron-sword") in s.offfield[1]
    settled(s)


@rule("2.3.12")
def test_no_land_or_guardian_in_the_opponents_turn_even_when_none_was_placed():
    s = opening()
    give(s, 0, "az-soldier")
    give(s, 1, "g-banner")
    place(s, 0, "az-soldier", 0)
    place(s, 10, "cr-brute", 1)
    to_item_step(s)
    s.apply(("next",))  # A places nothing this turn
    s.apply(("draw", "cr-brute"))
    if s.step == flow.UNIT:
        s.apply(("next",))
    assert s.actor == 1 and s.turn_player == 0 and not s.placed  # B's 国力 phase in A's turn
    fresh = s.clone()
    fresh.legal_cache = None
    assert not fresh.is_legal(("place", "g-banner"))  # checked without the listing
    with pytest.raises(IllegalActionError, match=r"2\.3\.12"):
        fresh.apply(("place", "g-banner"))
    assert ("place", "g-banner") not in s.legal_actions()


@rule("2.3.12", "C-15", "C-16")
def test_land_and_guardian_cards_only_in_your_turn_one_per_turn():
    s = opening()
    give(s, 0, "l-fort", "g-aegis", "l-plains")
    give(s, 1, "g-banner")
    place(s, 0, "az-soldier", 0)
    place(s, 10, "cr-brute", 1)
    to_item_step(s)
    legal = s.legal_actions()
    assert ("place", "l-fort") in legal and ("place", "g-aegis") in legal
    s.apply(("place", "l-fort"))
    assert s.land[0] == s.cards.index("l-fort")
    assert not any(a[0] == "place" for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match=r"2\.3\.12"):
        s.apply(("place", "g-aegis"))
    s.apply(("next",))
    s.apply(("draw", "cr-brute"))
    if s.step == flow.UNIT:
        s.apply(("next",))
    assert ("place", "g-banner") not in s.legal_actions()  # not B's own turn
    # a new land replaces the old one, which goes to 戦場外 (C-15)
    at(s, "item", actor=0, turn_player=0, placed=0)
    s.apply(("place", "l-plains"))
    assert s.land[0] == s.cards.index("l-plains") and s.cards.index("l-fort") in s.offfield[0]
    settled(s)

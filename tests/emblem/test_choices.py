"""Choices the audit found forced on the player: the order of 自ターン開始時 effects (2.3.2, 2.3.4,
C-34), "up to" numbers of chips (C-35), deploying in parts (C-36), and the end by deck-out (C-25)."""

from __future__ import annotations

from asobi.games.emblem.rules import flow
from asobi.games.emblem.rules.end_phase import begin_end_phase, end_turn
from support.scenario import rule

from .helpers import arrive, at, chips, draw_any, empty_hand, events, give, opening, place, put_card, settled


def turn_start_of_a(units, land=None):
    """B's turn ends with ``units`` on the field; A's turn begins (chips back, then 2.3.4)."""
    s = opening()
    draw_any(s)
    for sq, card, owner, n, *rest in units:
        u = place(s, sq, card, owner, chips=n)
        if rest and rest[0] == "poison":
            u[9] = 1
    if land:
        put_card(s, 0, "land", land)
    empty_hand(s, 1)
    at(s, "discard", turn_player=1)
    arrive(s, end_turn)
    return s


@rule("2.3.2", "2.3.4", "C-34")
def test_the_land_may_come_before_the_poison_it_saves_a_unit_from():
    units = [(0, "az-soldier", 0, 1, "poison"), (10, "cr-brute", 1, 2)]
    s = turn_start_of_a(units, land="l-fort")
    assert s.step == flow.START_EFFECTS and s.actor == 0
    assert list(s.legal_actions()) == [("land", (0,)), ("poison", 0)]
    s.apply(("land", (0,)))  # Royal Fort's +1 first: 2 chips, then the poison takes one
    assert s.step == flow.DRAW and chips(s, 0) == 1 and not s.field[0][9]
    assert ("2.3.4", "land_chip") in events(s) and ("C-22", "damage") in events(s)
    settled(s)
    # the other order is still there: poison first, and the unit retreats
    s2 = turn_start_of_a(units, land="l-fort")
    s2.apply(("poison", 0))
    assert s2.field[0] is None and ("2.3.7", "retreat") in events(s2)
    settled(s2)


@rule("C-34")
def test_start_of_turn_effects_whose_order_cannot_matter_are_not_asked():
    # poison on a unit off the 出撃マス and the land on another: any order gives the same result
    s = turn_start_of_a(
        [(0, "az-soldier", 0, 1), (4, "az-soldier", 0, 2, "poison"), (10, "cr-brute", 1, 2)], "l-fort"
    )
    assert s.step == flow.DRAW and chips(s, 0) == 2 and chips(s, 4) == 1
    # a land with as many units below their maximum as its number: no choice of targets either
    s = turn_start_of_a([(0, "az-soldier", 0, 1), (1, "az-soldier", 0, 1), (10, "cr-brute", 1, 2)], "l-fort")
    assert s.step == flow.DRAW and chips(s, 0) == 2 and chips(s, 1) == 2
    # two capturers beside the same one-chip enemy: which captures first is the player's
    both = [(3, "cr-valka", 0, 2), (5, "cr-goran", 0, 2), (4, "cr-brute", 1, 1), (8, "cr-brute", 1, 1)]
    s = turn_start_of_a(both)
    assert s.step == flow.START_EFFECTS and list(s.legal_actions()) == [("capture", 3), ("capture", 5)]
    s.apply(("capture", 5))  # Goran takes the brute on b2; Valka then has no one-chip neighbour
    assert s.field[4] is None and s.field[8] is not None and s.step == flow.DRAW
    s = turn_start_of_a(both)
    s.apply(("capture", 3))  # Valka takes b2; Goran then takes c3
    assert s.field[4] is None and s.field[8] is None
    settled(s)


@rule("C-35", "2.5.4")
def test_up_to_means_the_player_may_leave_chips_unused():
    s = opening()
    s.apply(s.chance_outcomes()[0][0])
    empty_hand(s, 0)
    place(s, 1, "az-albert", 0, chips=2)
    give(s, 0, "az-leon")
    s.turn_player = 0
    arrive(s, begin_end_phase)
    s.apply(("succeed", 1, "az-leon"))
    before = s.unused[0]
    s.apply(("chips", 0))  # the child comes in with the parent's 2 chips and nothing more
    assert chips(s, 1) == 2 and s.unused[0] == before
    assert next(e for e in s.log if e.key == "succeed").args[-1] == ("n", 0)
    settled(s)


@rule("C-36", "2.3.6")
def test_deploying_is_card_then_square_then_chips_with_a_way_back():
    s = opening()
    s.apply(("draw", "az-leon"))
    legal = s.legal_actions()
    assert ("deploy", "az-leon") in legal and all(len(a) == 2 for a in legal if a[0] == "deploy")
    assert len(legal) < 10  # one option per unit card, not card × square × chips
    s.apply(("deploy", "az-leon"))
    assert s.step == flow.DEPLOY_SQUARE
    assert list(s.legal_actions()) == [("cancel",), ("square", 0), ("square", 1), ("square", 2)]
    assert s.view(1)["deploying"] is None and s.view(0)["deploying"] == ["az-leon"]
    s.apply(("square", 2))
    assert list(s.legal_actions()) == [("cancel",), ("chips", 1), ("chips", 2), ("chips", 3), ("chips", 4)]
    s.apply(("cancel",))  # back to the unit step, nothing applied
    assert s.step == flow.UNIT and s.field[2] is None and s.unused[0] == 20 and not s.deployed
    s.apply(("deploy", "az-leon"))
    s.apply(("square", 2))
    s.apply(("chips", 3))
    assert chips(s, 2) == 3 and s.unused[0] == 17 and ("2.3.6", "deploy") in events(s)
    settled(s)


def out_of_cards(s, seat):
    s.to_offfield(seat, *(i for i, n in enumerate(s.deck[seat]) for _ in range(n)))
    s.deck = tuple((0,) * len(d) if p == seat else d for p, d in enumerate(s.deck))
    s.deck_left[seat] = 0


@rule("C-25")
def test_both_decks_empty_is_decided_on_the_field_not_by_who_draws_first():
    def deck_out(chips_a: int, chips_b: int):
        """Both decks empty with one unit each; B (second) meets the empty deck first."""
        s = opening()
        draw_any(s)
        place(s, 1, "az-soldier", 0, chips=chips_a)
        place(s, 10, "cr-brute", 1, chips=chips_b)
        out_of_cards(s, 0)
        out_of_cards(s, 1)
        at(s, "draw", actor=1)
        arrive(s, "draw")
        return s, s.outcome()

    # B meets the empty deck first, yet B, stronger on the field, wins
    _, out = deck_out(1, 3)
    assert out is not None and out.winners == (1,) and out.clause == "C-25"
    # equal on the field: a draw, half a point each
    s, out = deck_out(2, 2)
    assert out is not None and out.winners == () and out.scores == (0.5, 0.5)
    assert ("C-25", "drawn_deck_out") in events(s)
    settled(s)


@rule("C-4")
def test_reach_is_manhattan_distance_archers_hit_diagonally_swords_do_not():
    def act_from(units):
        s = opening()
        draw_any(s)
        for sq, card, owner, n in units:
            place(s, sq, card, owner, chips=n, ready=False)
        s.turn_player, s.koku = 0, 1
        arrive(s, "begin_invasion")
        s.apply(("activate", 4))
        s.apply(("next",))
        return s

    s = act_from([(4, "az-ciel", 0, 2), (8, "cr-brute", 1, 3)])  # b2 → c3: 1 + 1 = 2
    assert s.step == flow.ACT and ("attack", 8) in s.legal_actions()
    s = act_from([(4, "az-soldier", 0, 2), (8, "cr-brute", 1, 3)])  # diagonal is 2, not 1
    assert s.step != flow.ACT and chips(s, 8) == 3


@rule("C-37", "2.3.10")
def test_one_weapon_one_magic_one_item_so_shackles_block_the_owners_item():
    s = opening()
    place(s, 0, "az-gard", 0, chips=3, item="enemy:i-shackles")
    place(s, 1, "az-soldier", 0, chips=1)
    give(s, 0, "i-shield", "w-iron-sword")
    s.apply(("draw", "az-soldier"))
    s.apply(("next",))
    assert s.step == flow.ITEM
    legal = s.legal_actions()
    assert ("equip", "i-shield", 0) not in legal  # the shackles are its item
    assert ("equip", "w-iron-sword", 0) in legal  # a weapon is another kind
    assert ("equip", "i-shield", 1) in legal

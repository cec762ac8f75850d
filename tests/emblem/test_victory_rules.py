"""How the game ends (C-23, C-24, C-25) and how it begins (2.1.1–2.1.4): the events a win writes,
that nothing runs after it, when a player is wiped out, the deck-out tiebreak on the field, and the
record of the setup (the decks, a mulligan)."""

from __future__ import annotations

from asobi.games.emblem.rules import flow, setup
from asobi.games.emblem.rules.victory import field_strength
from support.scenario import rule

from .helpers import arrive, at, draw_any, events, invasion, new, opening, place, settled
from .test_choices import out_of_cards


def args_of(s, key):
    return [(e.clause, dict(e.args)) for e in s.log if e.key == key]


# ---- C-23, C-24: the win and its record -----------------------------------------------------------
@rule("C-23")
def test_a_sortie_win_is_logged_for_the_winner_and_leaves_nothing_to_run():
    s = invasion([(7, "az-soldier", 0, 2), (9, "cr-brute", 1, 2)])
    s.apply(("activate", 7))
    s.apply(("move", 10))  # onto B's 出撃マス
    assert args_of(s, "won_sortie") == [("C-23", {"seat": 0})]
    assert s.log[-1].key == "won_sortie"  # the last thing that happened
    assert s.agenda == [] and s.pending is None and s.chance is None


@rule("C-24", "C-5")
def test_a_win_in_the_middle_of_an_attack_drops_the_rest_of_the_unit_s_turn():
    # the attack's task runs with the 処理ステップ still on the agenda; the win ends the game there
    s = invasion([(4, "az-gard", 0, 4), (7, "cr-archer", 1, 1)])
    s.wipeout_at_once = True
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert args_of(s, "won_wipeout") == [("C-24", {"seat": 0})]
    assert s.agenda == [] and s.pending is None
    assert ("2.4.5", "standby") not in events(s)  # the 処理ステップ never ran
    assert s.is_terminal() and s.legal_actions() == ()


@rule("C-24")
def test_a_player_who_loses_a_unit_but_keeps_another_is_not_wiped_out():
    s = invasion([(4, "az-gard", 0, 4), (7, "cr-archer", 1, 1), (11, "cr-brute", 1, 2)])
    s.wipeout_at_once = True  # would end the game at once if B were wiped out
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert s.field[7] is None and ("2.3.7", "retreat") in events(s)
    assert s.wiped == (0, 0) and ("C-24", "wiped_out") not in events(s)
    assert s.outcome() is None
    settled(s)


# ---- C-25: an empty deck at the draw step ---------------------------------------------------------
def deck_out(units):
    """Both decks empty with ``units`` = [(sq, card, owner, chips)]; B meets the empty deck first."""
    s = opening()
    draw_any(s)
    for sq, card, owner, n in units:
        place(s, sq, card, owner, chips=n)
    out_of_cards(s, 0)
    out_of_cards(s, 1)
    at(s, "draw", actor=1)
    arrive(s, "draw")
    return s


@rule("C-25")
def test_the_field_strength_is_the_chips_on_a_seats_units_and_their_number():
    s = opening()
    draw_any(s)
    place(s, 1, "az-albert", 0, chips=3)
    place(s, 4, "az-soldier", 0, chips=1)
    place(s, 10, "cr-brute", 1, chips=2)
    assert field_strength(s, 0) == (4, 2)
    assert field_strength(s, 1) == (2, 1)
    s.field[10] = None  # (a position with no unit of B's: nothing counted)
    assert field_strength(s, 1) == (0, 0)


@rule("C-25")
def test_at_deck_out_the_first_player_wins_with_more_chips_on_the_field():
    s = deck_out([(1, "az-albert", 0, 4), (10, "cr-brute", 1, 3)])
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.reason == "won_deck_out" and out.clause == "C-25"
    assert args_of(s, "won_deck_out") == [("C-25", {"seat": 0})]
    settled(s)


@rule("C-25")
def test_at_deck_out_equal_chips_are_decided_by_the_number_of_units():
    # 4 chips each; A has them on two units, B on one
    s = deck_out([(1, "az-albert", 0, 2), (4, "az-cavalier", 0, 2), (10, "cr-brute", 1, 4)])
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.reason == "won_deck_out"


# ---- 2.1: the setup's record ----------------------------------------------------------------------
@rule("2.1.1", "2.1.2")
def test_the_game_opens_naming_each_seats_deck_and_the_first_player():
    s = new(deck_a="crimson", deck_b="azure")
    s.apply(("first", 1))
    assert args_of(s, "ready") == [("2.1.1", {"deck_a": "Crimson Empire", "deck_b": "Azure Kingdom"})]
    assert args_of(s, "first_player") == [("2.1.2", {"seat": 1})]


@rule("2.1.4")
def test_a_mulligan_is_recorded_with_the_cards_given_up_and_is_done_once():
    no_units = ["w-iron-sword"] * 3 + ["w-iron-bow"] * 2 + ["m-fire"] * 2
    s = new()
    s.apply(("first", 0))
    for card in no_units + ["cr-brute"] * 2 + ["cr-raider"] * 2 + ["w-iron-sword"] * 3:  # A is dealt first
        s.apply(("draw", card))
    assert s.step == flow.MULLIGAN and s.actor == 0
    assert list(s.legal_actions()) == [("keep",), ("mulligan",)]
    s.apply(("mulligan",))
    assert args_of(s, "mulligan") == [("2.1.4", {"seat": 0, "cards": tuple(no_units)})]
    assert s.mulligan_done == (1, 0)  # (the observation shows it as 1.0)
    assert [s.card_id(c) for c in s.kokugai[0]] == no_units
    for _ in range(7):
        draw_any(s)
    assert s.actor == 1  # A decided once; B decides next
    assert not setup.may_mulligan(s, 0)
    s.apply(("keep",))
    assert args_of(s, "keep") == [("2.1.4", {"seat": 1})]
    assert s.mulligan_done == (1, 1) and s.turn == 1

"""What a player reads when an action is refused: the clause it breaks and the exact explanation
(``legality.why_illegal``), for the deploy (2.3.6, C-2, C-27, C-36), the chips of the unit step
(2.3.8), a number of chips (C-35, C-2) and the discard (2.5.6). These texts are shown to players,
so each case pins the one the rule gives; the state is left as it was."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.games.emblem.rules import flow
from asobi.games.emblem.rules.end_phase import begin_end_phase
from support.scenario import rule

from .helpers import arrive, at, deploy, draw_any, give, opening, place, put_card


def refusal(s, action) -> tuple[str | None, str]:
    """(clause, explanation) of the refusal; the error's text is ``explanation: action [rule clause]``."""
    before = s.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        s.apply(action)
    assert s.fingerprint() == before
    clause = e.value.clause
    text = str(e.value)
    suffix = f": {action!r} [rule {clause}]"
    assert text.endswith(suffix), text
    return clause, text[: -len(suffix)]


def unit_step_of_a():
    """A's unit step of turn 1: A holds 2 soldiers, 2 cavaliers, 3 iron swords and the drawn Albert."""
    s = opening()
    s.apply(("draw", "az-albert"))
    assert s.step == flow.UNIT and s.actor == 0
    return s


def set_unused(s, seat, n):
    s.used[seat] += s.unused[seat] - n
    s.unused[seat] = n
    s.legal_cache = None


ONLY_FROM_HAND = ("2.3.6", "only a unit card from your hand is deployed")


@rule("2.3.6")
def test_only_a_unit_card_in_ones_own_hand_may_be_deployed():
    s = unit_step_of_a()
    assert refusal(s, ("deploy", "no-such-card")) == ONLY_FROM_HAND  # not a card at all
    assert refusal(s, ("deploy", "cr-brute")) == ONLY_FROM_HAND  # a unit, but not in A's hand
    assert refusal(s, ("deploy", "w-iron-sword")) == ONLY_FROM_HAND  # in hand, but a weapon


@rule("2.3.6")
def test_a_second_deploy_in_one_unit_step_is_refused_as_one_unit_per_step():
    s = opening()
    place(s, 4, "az-cavalier", 0, chips=1)  # below its maximum: the step stays open for chips
    s.apply(("draw", "az-albert"))
    deploy(s, "az-soldier", 1, 2)
    assert s.step == flow.UNIT and s.actor == 0
    assert refusal(s, ("deploy", "az-cavalier")) == ("2.3.6", "one unit per unit step")


@rule("C-2")
def test_a_deploy_with_the_sortie_squares_all_taken_cites_the_empty_square():
    s = opening()
    for sq in (0, 1, 2):  # A's whole 出撃マス
        place(s, sq, "az-soldier", 0, chips=1)
    s.apply(("draw", "az-albert"))
    assert refusal(s, ("deploy", "az-albert")) == (
        "C-2",
        "a unit is deployed on an empty square of your own 出撃マス",
    )


@rule("2.3.6")
def test_a_deploy_without_an_unused_chip_needs_at_least_one():
    s = unit_step_of_a()
    set_unused(s, 0, 0)
    assert refusal(s, ("deploy", "az-soldier")) == ("2.3.6", "a unit is deployed with at least one 気力 chip")


@rule("C-27")
def test_a_character_already_on_the_field_is_refused_even_with_exactly_one_unused_chip():
    # one unused chip is enough to deploy: what forbids Albert is the Albert already on A's field
    s = opening()
    place(s, 4, "az-albert", 0, chips=2)
    s.apply(("draw", "az-albert"))
    set_unused(s, 0, 1)
    assert ("deploy", "az-soldier") in s.legal_actions()
    assert refusal(s, ("deploy", "az-albert")) == (
        "C-27",
        "a unit of the same character is already on your field",
    )


@rule("2.3.8")
def test_a_fourth_chip_in_one_unit_step_cites_the_limit_of_three():
    s = opening()
    place(s, 4, "az-albert", 0, chips=1)  # 気力 5: room for four more
    s.apply(("draw", "az-soldier"))
    own_unit_only = ("2.3.8", "chips go on your own unit, below its maximum 気力, from unused chips")
    assert refusal(s, ("chip", 3)) == own_unit_only  # an empty square, with chips still to add
    for _ in range(3):
        s.apply(("chip", 4))
    assert s.chips_added == 3 and s.step == flow.UNIT
    assert refusal(s, ("chip", 4)) == ("2.3.8", "at most 3 more 気力 chips in one unit step")


@rule("C-2", "C-36")
def test_a_deploys_number_of_chips_is_one_up_to_the_units_maximum():
    s = unit_step_of_a()
    s.apply(("deploy", "az-albert"))
    s.apply(("square", 1))
    assert s.step == flow.DEPLOY_CHIPS
    why = ("C-2", "1 up to the unit's maximum 気力 chips, from unused chips")
    assert refusal(s, ("chips", 0)) == why
    assert refusal(s, ("chips", 6)) == why  # Albert's 気力 is 5


@rule("C-35", "2.5.2")
def test_a_number_of_chips_outside_an_effects_range_cites_the_effects_least_and_most():
    # the Village's end-phase chips: up to 2 on a unit with room for them
    s = opening()
    draw_any(s)
    place(s, 4, "az-albert", 0, chips=1)
    put_card(s, 0, "land", "l-village")
    at(s, "discard")
    arrive(s, begin_end_phase)
    s.apply(("rally", 4))
    assert s.step == flow.AMOUNT and list(s.legal_actions()) == [("chips", 1), ("chips", 2)]
    assert refusal(s, ("chips", 3)) == (
        "C-35",
        "a number of chips between the effect's least and what the unit and unused chips allow",
    )


@rule("2.5.6")
def test_discarding_a_card_not_in_hand_is_refused_with_the_discard_rule():
    s = opening()
    draw_any(s)
    give(s, 0, "az-soldier")  # nine cards in hand
    at(s, "discard")
    assert s.step == flow.DISCARD
    assert refusal(s, ("discard", "cr-brute")) == ("2.5.6", "discard only cards in your hand, down to 7")

"""Hidden information through every channel (issue 7): the actions another seat sees, labels,
who is asked, the legal-action lists, hidden variants, determinization and the observation tensor."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core import IllegalActionError
from asobi.core.actions import HIDDEN
from asobi.games.emblem.cards import UNIT
from asobi.games.emblem.hidden import unseen_cards
from asobi.games.emblem.rules import IDLE, flow, kokuryoku
from asobi.games.emblem.spec import SPEC, observation_shape
from asobi.games.emblem.state import EmblemState
from support.play import random_playout
from support.scenario import rule

from .helpers import arrive, draw_any, empty_hand, give, opening, place


def unit_step_with(hand: list[str]) -> EmblemState:
    """B (the opponent of turn 1) at its unit step holding exactly ``hand``; A has a unit on b1."""
    s = opening()
    draw_any(s)
    place(s, 1, "az-soldier", 0)
    s.apply(("next",))  # A deploys nothing
    s.apply(("next",))  # A's item step
    assert s.step == flow.DRAW and s.phase_seat == 1
    draw_any(s)
    empty_hand(s, 1)
    give(s, 1, *hand)
    arrive(s, kokuryoku.unit_step)  # arrive again with this hand: the step passes by itself if idle
    return s


def random_states(seeds: range, every: int = 37) -> list[EmblemState]:
    """States along random games, a few per game."""
    out = []
    for seed in seeds:
        s = SPEC.new_game({})
        assert isinstance(s, EmblemState)
        for step in random_playout(s, Random(seed)):
            if step % every == 0 and not s.is_terminal():
                out.append(s.clone())
    return out


# ---- legal actions are immutable ---------------------------------------------------------------
def test_legal_actions_and_chance_outcomes_are_tuples_no_clone_can_change():
    s = opening()
    assert isinstance(s.chance_outcomes(), tuple)
    draw_any(s)
    legal = s.legal_actions()
    assert isinstance(legal, tuple) and legal == s.legal_actions()
    c = s.clone()
    with pytest.raises(AttributeError):
        c.legal_actions().append(("deploy", "cr-brute"))  # type: ignore[attr-defined]
    assert s.legal_actions() == legal
    with pytest.raises(IllegalActionError):
        s.apply(("deploy", "cr-brute"))  # B's card, not A's: refused


# ---- what the other seat sees of an action (C-38) ----------------------------------------------
@rule("C-38", "C-36")
def test_a_deploy_being_chosen_shows_neither_card_nor_square_to_the_other_seat():
    s = opening()
    s.apply(("draw", "az-leon"))
    deploy = ("deploy", "az-leon")
    assert s.redact(deploy, 0) == deploy and s.redact(deploy, None) == deploy
    assert s.redact(deploy, 1) == ("deploy", HIDDEN)
    assert s.action_label(s.redact(deploy, 1), "en") == "deploy a card"
    assert s.action_label(s.redact(deploy, 1), "ja") == "カードを配置する"
    assert "Leon" in s.action_label(deploy, "en")
    s.apply(deploy)
    assert s.redact(("square", 1), 1) == ("square", HIDDEN) and s.redact(("square", 1), 0) == ("square", 1)
    assert s.redact(("cancel",), 1) == ("cancel",)
    assert s.action_label(("square", HIDDEN), "en") == "deploy on a square"
    s.apply(("cancel",))  # C-36: what B saw was "deploy a card", then "cancel" — never the card
    assert s.view(1)["deploying"] is None


@rule("C-38", "2.3.5", "2.1.3")
def test_a_card_drawn_is_hidden_from_the_other_seat_only():
    s = opening()
    assert s.step == flow.DRAW and s.drawing_seat() == 0
    draw = ("draw", "az-leon")
    assert s.redact(draw, 0) == draw and s.redact(draw, 1) == ("draw", HIDDEN)
    assert s.action_label(("draw", HIDDEN), "en") == "draw a card"
    assert s.action_label(("draw", HIDDEN), "ja") == "カードを1枚引く"
    assert s.redact(("first", 0), 1) == ("first", 0)


@rule("C-38", "C-29")
def test_labels_never_describe_the_hand_even_when_the_choice_is_forced():
    units = unit_step_with(["cr-brute"])
    no_units = unit_step_with(["w-iron-sword"])
    assert ("deploy", "cr-brute") in units.legal_actions() and no_units.legal_actions() == (("next",),)
    for lang in ("en", "ja"):
        assert units.action_label(("next",), lang) == no_units.action_label(("next",), lang)
    # public actions stay public: a card leaving the hand face up is named to both seats
    assert no_units.redact(("next",), 0) == ("next",)


@rule("C-38", "C-30")
def test_who_is_asked_never_depends_on_what_the_hand_holds():
    """A unit step and an item step are asked of a player with cards in hand whatever they are."""
    for hand in (["cr-brute"], ["w-iron-sword"], ["l-fort"], ["cr-brute", "i-shackles"]):
        s = unit_step_with(hand)
        assert s.step == flow.UNIT and s.current_seat == 1, hand
        deploys = [a for a in s.legal_actions() if a[0] == "deploy"]
        if deploys:
            s.apply(deploys[0])
            s.apply(("cancel",))
        s.apply(("next",))
        assert s.step == flow.ITEM and s.current_seat == 1, hand  # asked: hand size is public


def test_each_step_that_passes_by_itself_decides_on_public_information_only():
    """C-30 checked on random games: wherever the state could be the other seat's hidden variant,
    the idle test of the step gives the same answer."""
    checked = 0
    for s in random_states(range(6), every=11):
        idle = IDLE.get(flow.STEPS[s.step].key) if s.step >= 0 else None
        if idle is None or s.current_seat < 0:
            continue
        for seat in (0, 1):
            for v in s.hidden_variants(seat, Random(checked)):
                assert idle(v) == idle(s), (flow.STEPS[s.step].key, seat)
                checked += 1
    assert checked > 50


# ---- hidden variants -----------------------------------------------------------------------------
@rule("C-39")
def test_hidden_variants_draw_the_whole_other_hand_anew_and_keep_what_the_seat_sees():
    s = opening()
    draw_any(s)
    place(s, 1, "az-soldier", 0)
    variants = s.hidden_variants(1, Random(3))
    assert len(variants) >= 3 and all(sorted(v.hand[0]) != sorted(s.hand[0]) for v in variants)
    assert any(v.cards.cards[c].kind == UNIT for v in variants for c in v.hand[0] if c not in s.hand[0])
    for v in variants:
        assert v.view(1) == s.view(1) and v.visible_log(1) == s.visible_log(1)
        assert v.observation_tensor(1) == s.observation_tensor(1)
        assert v.invariant_errors() == [] and sorted(unseen_cards(v, 0)) == sorted(unseen_cards(s, 0))
        assert v.hand[1] == s.hand[1] and v.deck[1] == s.deck[1]


@rule("C-39", "C-36", "2.1.4")
def test_a_card_being_deployed_stays_in_every_variant_and_reveals_are_declared():
    s = unit_step_with(["cr-brute", "cr-raider", "w-iron-sword", "i-shackles"])
    s.apply(("deploy", "cr-brute"))
    brute = s.cards.index("cr-brute")
    variants = s.hidden_variants(0, Random(5))
    assert variants
    for v in variants:
        assert v.deploying == s.deploying and brute in v.hand[1] and v.view(0) == s.view(0)
    # what a variant may show differently later, by rule: the deployed card, a mulliganed hand
    assert {"deploy", "mulligan"} == SPEC.info.reveals


# ---- determinization (C-39) ----------------------------------------------------------------------
@rule("C-39")
def test_determinize_samples_the_other_hand_from_unseen_cards_and_depends_only_on_what_the_seat_knows():
    checked = 0
    for s in random_states(range(4), every=23):
        if s.is_terminal():
            continue
        for seat in (0, 1):
            other = 1 - seat
            d = s.determinize(seat, Random(7))
            assert d.view(seat) == s.view(seat) and d.visible_log(seat) == s.visible_log(seat)
            assert d.current_seat == s.current_seat and d.invariant_errors() == []
            if s.current_seat == seat:
                assert d.legal_actions() == s.legal_actions()
            unseen = sorted(unseen_cards(s, other))
            assert sorted(unseen_cards(d, other)) == unseen  # the same cards, differently split
            assert all(e.args == () or e.seats != (other,) or ("card", HIDDEN) in e.args for e in d.log)
            for v in s.hidden_variants(seat, Random(checked)):
                assert v.determinize(seat, Random(7)).fingerprint() == d.fingerprint()
                checked += 1
    assert checked > 20


@rule("C-39", "C-36")
def test_a_deploy_being_chosen_is_determinized_as_some_unit_the_player_could_deploy():
    s = unit_step_with(["cr-brute", "cr-raider", "w-iron-sword"])
    s.apply(("deploy", "cr-brute"))
    s.apply(("square", 10))
    cards = set()
    squares = set()
    for k in range(40):
        d = s.determinize(0, Random(k))
        card, sq = d.deploying
        assert d.cards.cards[card].kind == UNIT and card in d.hand[1] and d.field[sq] is None
        assert d.view(0) == s.view(0) and d.invariant_errors() == []
        cards.add(card)
        squares.add(sq)
    assert len(cards) > 2 and squares == {9, 10, 11}
    mine = s.determinize(1, Random(0))
    assert mine.deploying == s.deploying and mine.hand[1] == s.hand[1]  # its own deploy is known


def test_determinizations_vary_with_the_generator():
    s = opening()
    draw_any(s)
    prints = {s.determinize(1, Random(k)).fingerprint() for k in range(5)}
    assert len(prints) == 5


# ---- the observation tensor ----------------------------------------------------------------------
def test_the_observation_tensor_has_its_shape_and_shows_nothing_hidden():
    shape = observation_shape({})
    assert SPEC.spaces.observation_shape is observation_shape and len(shape) == 1
    compared = 0
    for s in random_states(range(3), every=17):
        for seat in (0, 1):
            t = s.observation_tensor(seat)
            assert len(t) == shape[0] and all(isinstance(x, float) for x in t)
            for v in s.hidden_variants(seat, Random(compared)):
                assert v.observation_tensor(seat) == t
                compared += 1
            assert s.determinize(seat, Random(1)).observation_tensor(seat) == t
    assert compared > 20


def test_the_observation_tensor_shows_the_own_hand_and_the_field():
    s = opening()
    draw_any(s)
    before = s.observation_tensor(0)
    theirs = s.observation_tensor(1)
    give(s, 0, "az-leon")
    assert s.observation_tensor(0) != before
    after = s.observation_tensor(1)  # B sees one more card in A's hand and one fewer in its deck
    assert sorted(b - a for a, b in zip(theirs, after, strict=True) if a != b) == [-1.0, 1.0]
    place(s, 4, "az-soldier", 0, chips=2)
    assert s.observation_tensor(1) != after


def test_events_since_reads_the_chunked_log_like_a_list():
    s = random_states(range(1), every=400)[-1]
    log = s.log
    assert len(log) > 100 and s.log_length() == len(log)
    for start in (0, 1, 31, 32, 33, 64, len(log) - 1, len(log), len(log) + 5):
        assert s.events_since(start) == log[start:]

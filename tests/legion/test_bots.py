"""The rule-based bot."""

from __future__ import annotations

from asobi.core.agent import Observation
from asobi.core.bots import make_bot
from asobi.core.match import Match
from asobi.games.legion.spec import SPEC
from support.play import chance_rng


def test_rule_bots_finish_games_with_only_legal_actions():
    for players in (2, 3, 4, 5):
        options = SPEC.validate_options({"players": players})
        for seed in range(3):
            match = Match(SPEC, options, ["bot:rule"] * players, seed=seed, journal=False)
            match.play()  # checked: an illegal choice would raise
            state = match.state
            assert state.is_terminal() and state.outcome() is not None
            assert state.invariant_errors() == []  # every card is somewhere, even mid-effect


def test_rule_bots_shield_against_the_coming_attack():
    from .helpers import code, position, run

    # piece 1 on the core will land on s1 (α1): the bot puts α1 into the shield
    s = position(3, hands=[["α1", "β3"]])
    run(s, ("shield_phase", 0), then=("enemy_turn",))
    bot = make_bot(SPEC, "rule", 0, 1, {})
    assert bot.act(Observation(s, 0)) == ("shield", code("α1"))


def test_rule_bot_negates_an_attack_that_would_hit():
    from .helpers import kind, position, run

    s = position(3, hands=[["S05", "α1"]], pieces=["s1", None, None], space_life=5)
    run(s, ("attack", 0))
    bot = make_bot(SPEC, "rule", 0, 1, {})
    assert bot.act(Observation(s, 0))[:2] == ("strategy", kind("S05"))


def test_simulation_figures_are_rounds_and_lives():
    from support.play import play_recorded

    _, state = play_recorded(SPEC, {"players": 3}, ["rule"] * 3, 5)
    figures = state.metrics()
    assert figures == {"rounds": state.round, "space_life": state.space_life, "enemy_life": state.enemy_life}
    assert figures["rounds"] >= 1 and (figures["space_life"] == 0 or figures["enemy_life"] == 0)


def test_rule_bots_decide_the_same_on_states_their_seat_cannot_tell_apart():
    from random import Random

    options = SPEC.validate_options({"players": 4})
    state = SPEC.new_state(options)
    bots = [make_bot(SPEC, "rule", seat, 3, options) for seat in range(4)]
    rng = chance_rng(3)
    compared = 0
    while not state.is_terminal():
        seat = state.current_seat
        if state.is_chance():
            state.apply(state.sample_chance(rng))
            continue
        action = bots[seat].act(Observation(state, seat))
        for v in state.hidden_variants(seat, Random(compared)):
            assert bots[seat].act(Observation(v, seat)) == action
            compared += 1
        state.apply(action)
    assert compared > 100

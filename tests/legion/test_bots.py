"""The rule-based bot and the balance script."""

from __future__ import annotations

from asobi.core.play import chance_rng, make_bot, play_out
from asobi.games.legion import SPEC
from asobi.games.legion.balance import play_cell, table


def test_rule_bots_finish_games_with_only_legal_actions():
    for players in (2, 3, 4, 5):
        options = SPEC.validate_options({"players": players})
        for seed in range(3):
            state = SPEC.new_state(options)
            agents = [make_bot(SPEC, "rule", seat, seed, options) for seat in range(players)]
            play_out(state, agents, chance_rng(seed))  # checked: an illegal choice would raise
            assert state.is_terminal() and state.outcome() is not None
            assert state.invariant_errors() == []  # every card is somewhere, even mid-effect


def test_rule_bots_shield_against_the_coming_attack():
    from .helpers import code, position, run

    # piece 1 on the core will land on s1 (α1): the bot puts α1 into the shield
    s = position(3, hands=[["α1", "β3"]])
    run(s, ("shield_phase", 0), then=("enemy_turn",))
    bot = make_bot(SPEC, "rule", 0, 1, {})
    assert bot.act(s.view(0), s.legal_actions()) == ("shield", code("α1"))


def test_rule_bot_negates_an_attack_that_would_hit():
    from .helpers import kind, position, run

    s = position(3, hands=[["S05", "α1"]], pieces=["s1", None, None], space_life=5)
    run(s, ("attack", 0))
    bot = make_bot(SPEC, "rule", 0, 1, {})
    assert bot.act(s.view(0), s.legal_actions())[:2] == ("strategy", kind("S05"))


def test_the_balance_script_tabulates_games():
    cell = play_cell("normal", 3, [0, 1, 2])
    assert cell.games == 3 and cell.wins + sum(cell.reasons.values()) == 3
    assert "| normal | 3 | 3 |" in table([cell])


def test_simulation_figures_are_rounds_and_lives():
    from asobi.core import get_game
    from asobi.core.play import play_recorded

    _, state = play_recorded(get_game("legion"), {"players": 3}, ["rule"] * 3, 5)
    figures = state.metrics()
    assert figures == {"rounds": state.round, "space_life": state.space_life, "enemy_life": state.enemy_life}
    assert figures["rounds"] >= 1 and (figures["space_life"] == 0 or figures["enemy_life"] == 0)

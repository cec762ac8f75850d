"""The rule bot: it plays from its view only and beats the random bot."""

from __future__ import annotations

from itertools import product

from asobi.core.play import chance_rng, make_bot, play_out
from asobi.games.emblem import SPEC
from asobi.games.emblem.bots import RuleBot
from asobi.games.emblem.cards import DECKS


def test_the_rule_bot_decides_from_the_view_and_legal_actions():
    bot = make_bot(SPEC, "rule", 0, 1, SPEC.validate_options({}))
    assert isinstance(bot, RuleBot) and bot.uses_view
    state = SPEC.new_game({})
    seen = []

    class Watching(RuleBot):
        def act(self, view, legal):
            assert view is not None and view["seat"] == self.seat
            assert view["players"][1 - self.seat]["hand"] is None  # it cannot see the other hand
            action = super().act(view, legal)
            assert action in legal
            seen.append(action)
            return action

    play_out(state, [Watching(0, 1), Watching(1, 2)], chance_rng(5))
    assert state.outcome() is not None and seen


def test_the_rule_bot_beats_the_random_bot_with_every_deck_pairing():
    for deck_a, deck_b in product(DECKS, DECKS):
        options = SPEC.validate_options({"deck_a": deck_a, "deck_b": deck_b})
        wins = 0
        for seed in range(10):
            rule_seat = seed % 2
            state = SPEC.new_state(options)
            names = ["random", "random"]
            names[rule_seat] = "rule"
            agents = [make_bot(SPEC, names[s], s, seed, options) for s in (0, 1)]
            play_out(state, agents, chance_rng(seed))
            outcome = state.outcome()
            assert outcome is not None
            wins += outcome.winners == (rule_seat,)
        assert wins >= 9, (deck_a, deck_b, wins)


def test_simulation_figures_count_turns_and_units():
    from asobi.core import get_game
    from asobi.core.play import play_recorded

    _, state = play_recorded(get_game("emblem"), {}, ["rule", "rule"], 5)
    figures = state.metrics()
    assert figures["turns"] >= 1
    assert figures["units_A"] + figures["units_B"] == sum(u is not None for u in state.field)

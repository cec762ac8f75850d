"""The rule bot: it plays from its view only and beats the random bot."""

from __future__ import annotations

from itertools import product

from asobi.core.bots import make_bot
from asobi.core.match import Match
from asobi.games.emblem.bots import RuleBot
from asobi.games.emblem.cards import DECKS
from asobi.games.emblem.spec import SPEC


def test_the_rule_bot_decides_from_the_view_and_legal_actions():
    bot = make_bot(SPEC, "rule", 0, 1, SPEC.validate_options({}))
    assert isinstance(bot, RuleBot)
    seen = []

    class Watching(RuleBot):
        def act(self, obs):
            view = obs.view
            assert view["seat"] == self.seat == obs.seat
            assert view["players"][1 - self.seat]["hand"] is None  # it cannot see the other hand
            action = super().act(obs)
            assert action in obs.legal
            seen.append(action)
            return action

    match = Match(
        SPEC, SPEC.validate_options({}), ["bot:rule"] * 2, seed=5, agents=[Watching(0, 1), Watching(1, 2)]
    )
    match.play()
    assert match.state.outcome() is not None and seen


def test_the_rule_bot_beats_the_random_bot_with_every_deck_pairing():
    for deck_a, deck_b in product(DECKS, DECKS):
        options = SPEC.validate_options({"deck_a": deck_a, "deck_b": deck_b})
        wins = 0
        for seed in range(10):
            rule_seat = seed % 2
            names = ["bot:random", "bot:random"]
            names[rule_seat] = "bot:rule"
            match = Match(SPEC, options, names, seed=seed, journal=False)
            match.play()
            outcome = match.state.outcome()
            assert outcome is not None
            wins += outcome.winners == (rule_seat,)
        assert wins >= 9, (deck_a, deck_b, wins)


def test_simulation_figures_count_turns_and_units():
    from asobi.core import get_game
    from support.play import play_recorded

    _, state = play_recorded(get_game("emblem"), {}, ["rule", "rule"], 5)
    figures = state.metrics()
    assert figures["turns"] >= 1
    assert figures["units_A"] + figures["units_B"] == sum(u is not None for u in state.field)


def test_the_rule_bot_still_makes_every_decision_of_the_golden_game():
    """Ported to ``act(obs)``, the bot decides as it did when the golden game was recorded."""
    from pathlib import Path

    from asobi.core import GameRecord
    from asobi.core.agent import Observation

    path = Path(__file__).parents[1] / "golden" / "emblem.record.json"
    record = GameRecord.loads(path.read_text(encoding="utf-8"), where=str(path))
    state = SPEC.new_state(SPEC.validate_options(record.options))
    bots = [RuleBot(0, 0), RuleBot(1, 0)]
    decisions = 0
    for action in record.actions:
        seat = state.current_seat
        if seat >= 0:
            assert bots[seat].act(Observation(state, seat)) == action
            decisions += 1
        state.apply(action)
    assert decisions > 500 and state.outcome() is not None

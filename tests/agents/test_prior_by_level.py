"""A search's prior and rollout may name any of the game's own bots, or a level whose bot is one
(``prior=hard``): the search then tries that bot's choice first, and that bot plays its rollouts."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import ClassVar

import pytest
from click.testing import CliRunner

from asobi.agents import parse_search
from asobi.agents.names import make_search
from asobi.cli import main
from asobi.core.agent import Agent, Observation
from asobi.core.bots import BotNameError, check_bot_name
from asobi.core.hooks import Level, Levels
from asobi.core.registry import get_game
from asobi.core.state import CHANCE, GameState
from support.toygame import registered


class _Pick(Agent):
    """Always the first (or last) legal action; counts the decisions it was asked."""

    asked: ClassVar[dict[str, int]] = {}

    def __init__(self, which: str) -> None:
        self.which = which

    def act(self, obs: Observation):
        _Pick.asked[self.which] = _Pick.asked.get(self.which, 0) + 1
        return obs.legal[0] if self.which == "first" else obs.legal[-1]


def _spec():
    """The toy game with two bots of its own, ``rule`` (the first action) and ``last`` (the last),
    and ``last`` as its hard level."""
    return replace(
        registered(),
        bots={"rule": lambda seat, seed, options: _Pick("first"), "last": lambda seat, seed, options: _Pick("last")},
        levels=Levels(hard=Level("last", 1.0)),
    )


def _decision(spec) -> GameState:
    """A position where the seat to move has more than one legal action."""
    state = spec.new_game({})
    rng = Random(3)
    while state.current_seat == CHANCE or len(state.legal_actions()) < 2:
        if state.current_seat == CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(state.legal_actions()[0])
    return state


def test_byston_prior_and_rollout_name_the_hard_level_or_its_bot():
    spec = get_game("byston")
    hard = spec.levels.hard.bot
    assert hard in spec.bots
    settings = parse_search(spec, "mcts:iters=5:prior=hard:rollout=hard:depth=3")
    assert settings is not None and (settings.prior, settings.rollout, settings.depth) == (hard, hard, 3)
    by_name = parse_search(spec, f"mcts:iters=5:prior={hard}")
    assert by_name is not None and by_name.prior == hard
    normal = parse_search(spec, "mcts:prior=normal")
    assert normal is not None and normal.prior == "rule"


@pytest.mark.parametrize(("name", "says"), [
    ("mcts:prior=easy", "prior=easy: byston's easy level is the bot 'mistakes:rate=0.1', not one of its own bots"),
    ("mcts:prior=oracle", "prior must be one of none, rule, bold, normal, hard, not 'oracle'"),
    ("mcts:rollout=smart", "rollout must be one of random, rule, heuristic, bold, normal, hard, not 'smart'"),
    ("mcts:prior=expert", "prior=expert: byston's expert level is the bot 'lookahead:"),
])
def test_a_prior_or_rollout_that_is_no_bot_of_the_games_is_refused_clearly(name, says):
    with pytest.raises(BotNameError) as e:
        check_bot_name(get_game("byston"), name)
    assert says in str(e.value)


@pytest.mark.parametrize(("prior", "picks"), [("rule", 0), ("last", -1), ("hard", -1), ("normal", 0)])
def test_one_iteration_plays_the_named_bots_choice(prior, picks):
    spec = _spec()
    state = _decision(spec)
    seat = state.current_seat
    agent = make_search(spec, parse_search(spec, f"mcts:iters=1:prior={prior}:reuse=no"), 1, {})
    assert agent.act(spec.observe(state, seat)) == state.legal_actions()[picks]


def test_the_named_bot_plays_the_rollouts():
    spec = _spec()
    state = _decision(spec)
    _Pick.asked.clear()
    agent = make_search(spec, parse_search(spec, "mcts:iters=20:rollout=hard:reuse=no"), 1, {})
    agent.act(spec.observe(state, state.current_seat))
    assert _Pick.asked.get("last", 0) > 0 and "first" not in _Pick.asked
    _Pick.asked.clear()
    agent = make_search(spec, parse_search(spec, "mcts:iters=20:rollout=rule:reuse=no"), 1, {})
    agent.act(spec.observe(state, state.current_seat))
    assert _Pick.asked.get("first", 0) > 0 and "last" not in _Pick.asked


def test_simulate_refuses_a_prior_that_is_no_bot_of_the_games_without_a_traceback():
    result = CliRunner().invoke(main, ["simulate", "byston", "--bots", "mcts:prior=easy", "-n", "1", "--jobs", "1"])
    assert result.exit_code == 2
    assert "prior=easy: byston's easy level is the bot 'mistakes:rate=0.1', not one of its own bots" in result.output
    assert "Traceback" not in result.output

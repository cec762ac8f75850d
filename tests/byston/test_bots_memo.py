"""The bots' memo (``BotMemo``) keeps only what changes no decision: games played with it emptied
before every decision take the same actions as games played with it kept warm from game to game
(as a batch plays them). A table keyed on less than its answer reads would hand one position's
answer to another and fail this."""

from __future__ import annotations

from typing import Any

import pytest

from asobi.core import Agent
from asobi.core.actions import Action
from asobi.core.agent import Observation
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.games.byston.bots import BotFactory, BotMemo, RuleBot
from asobi.sim.batch import game_seed


class _Forgetting(Agent):
    """A bot whose memo is emptied before each of its decisions."""

    def __init__(self, inner: RuleBot) -> None:
        self.inner = inner

    def act(self, obs: Observation) -> Action:
        self.inner.memo.clear()
        return self.inner.act(obs)


def _actions(level: str, players: int, seed: int, games: int, forget: bool) -> list[list[Any]]:
    spec = get_game("byston")
    options = spec.validate_options({"players": players})
    out = []
    for i in range(games):
        match = Match(spec, options, [f"bot:{level}"] * players, seed=game_seed(seed, i), journal=False, checked=False)
        if forget:
            match.agents = [_Forgetting(a) if isinstance(a, RuleBot) else a for a in match.agents]
        match.play()
        out.append(list(match.actions))
    return out


@pytest.mark.parametrize(("level", "players", "seed"), [("normal", 4, 3), ("hard", 2, 11)])
def test_an_emptied_memo_takes_the_same_decisions(level, players, seed):
    warm = _actions(level, players, seed + 100, 2, forget=False)  # the memo warmed by other games first
    assert warm
    kept = _actions(level, players, seed, 2, forget=False)
    forgotten = _actions(level, players, seed, 2, forget=True)
    assert [len(game) for game in kept] == [len(game) for game in forgotten]
    assert kept == forgotten


def test_a_factory_s_bots_share_its_memo_and_clear_empties_it():
    spec = get_game("byston")
    options = spec.validate_options({"players": 4})
    factory = spec.bots["rule"]
    assert isinstance(factory, BotFactory)
    a, b = factory(0, 1, options), factory(1, 2, options)
    assert isinstance(a, RuleBot) and isinstance(b, RuleBot)
    assert a.memo is b.memo is factory.memo
    assert spec.bots["bold"].memo is factory.memo  # type: ignore[attr-defined]
    memo = BotMemo()
    memo.odds[("x",)] = 0.5
    memo.last_strengths = ("x",)
    memo.clear()
    assert memo.odds == {} and memo.last_strengths is None

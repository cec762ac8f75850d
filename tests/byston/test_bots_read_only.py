"""The rule bots read the position itself (``Observation.position``: nothing in the game is
hidden), so they must leave it as they found it; the decisions they take from the legal actions
alone do not look at it at all."""

from __future__ import annotations

import pytest

from asobi.core.agent import Observation
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.games.byston.bots import BoldBot, RuleBot

from .helpers import game, h


class _NoLook(Observation):
    def determinize(self, rng):
        raise AssertionError("looked at the position")

    def position(self):
        raise AssertionError("looked at the position")


def test_state_free_decisions_read_no_position():
    s = game()
    bot = RuleBot(0, 1)
    for legal, choice in (
        ((("sortie_all",), ("stow", 1, 2)), ("sortie_all",)),
        ((("bomb",), ("no_bomb",)), ("bomb",)),
        ((("act",), ("wait",)), ("act",)),
        ((("draw",), ("surprise",)), ("surprise",)),
        ((("build", "fort", h("0916")), ("done",)), ("done",)),
        ((("done",), ("raze", h("0916"))), ("done",)),
        ((("done",), ("secret",)), ("done",)),
    ):
        assert bot.act(_NoLook(s, 0, legal)) == choice


class _Checked:
    """A bot that checks the position it was shown is unchanged by its decision."""

    def __init__(self, inner: RuleBot, seen: dict[str, int]) -> None:
        self.inner = inner
        self.seen = seen

    def act(self, obs: Observation):
        state = obs.position()
        before = state.to_json()
        action = self.inner.act(obs)
        assert state.to_json() == before, "the bot changed the position it read"
        kind = state.pending[0] if state.pending is not None else "-"
        self.seen[kind] = self.seen.get(kind, 0) + 1
        return action


@pytest.mark.parametrize("bot", [RuleBot, BoldBot])
def test_the_bots_leave_the_position_they_read_unchanged(bot):
    spec = get_game("byston")
    options = spec.validate_options({"players": 4})
    match = Match(spec, options, ["bot:rule"] * 4, seed=5, journal=False, checked=False)
    seen: dict[str, int] = {}
    match.agents = [_Checked(bot(seat, seat), seen) for seat in range(4)]
    for _ in range(500):  # 54 moves and 93 productions among them (seed 5)
        if not match.step():
            break
    assert seen.get("move", 0) >= 20 and seen.get("produce", 0) >= 10  # the dear decisions were among them

"""A bot that makes mistakes: the game's own bot, except that now and then it plays any legal action.

``mistakes:rate=0.3`` plays the game's rule bot and, at each decision with a choice, picks a legal
action at random instead with probability ``rate``; ``bot=NAME`` plays another of the game's own
bots (``random`` included) the same way. It is an easy opponent for any game that has a rule bot:
the rule bot's plan, with the slips of a beginner. The generator is its own, seeded like every
bot's (:func:`asobi.core.bots.make_bot`), so a seeded game repeats, and it reads nothing but the
observation's legal actions: what it does depends only on what its seat may know.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from random import Random
from typing import Any

from ..core.actions import Action
from ..core.agent import Agent, Observation, RandomAgent
from ..core.bots import BotKind, BotNameError, bot_parameters
from ..core.seeding import derive_seed
from ..core.spec import GameSpec

PARAMETERS = ("rate", "bot")
DEFAULT_RATE = 0.3


class MistakesAgent(Agent):
    """Plays the bot ``make(seat)`` makes for the seat it is asked for but, with probability
    ``rate`` at each decision with a choice, a legal action drawn at random. The bot sees every
    decision, so a bot that remembers what it saw still does."""

    def __init__(self, make: Callable[[int], Agent], rate: float, seed: int) -> None:
        self.make = make
        self.inner: Agent | None = None
        self.rate = rate
        self.rng = Random(seed)

    def act(self, obs: Observation) -> Action:
        if self.inner is None:
            self.inner = self.make(obs.seat)
        chosen = self.inner.act(obs)
        legal = obs.legal
        if len(legal) > 1 and self.rng.random() < self.rate:
            return legal[self.rng.randrange(len(legal))]
        return chosen


def parse_mistakes(spec: GameSpec, name: str) -> tuple[float, str]:
    """The rate and the bot of ``mistakes:rate=R:bot=NAME``.

    :raises BotNameError: naming the parameter that is wrong and why.
    """
    values = bot_parameters(name, PARAMETERS, "mistakes:rate=0.3")
    text = values.get("rate", str(DEFAULT_RATE))
    try:
        rate = float(text)
    except ValueError:
        rate = math.nan
    if not 0 <= rate <= 1:
        raise BotNameError(f"bot {name!r}: rate must be a probability from 0 to 1, not {text!r}")
    bot = values.get("bot", "rule")
    if bot not in spec.bot_names():
        raise BotNameError(f"bot {name!r}: {spec.id} has no bot {bot!r} of its own to play with mistakes "
                           f"(its own: {', '.join(spec.bot_names())})")
    return rate, bot


def _make(spec: GameSpec, name: str, seed: int, options: Mapping[str, Any]) -> Agent:
    rate, bot = parse_mistakes(spec, name)
    inner_seed = derive_seed(seed, "plays")

    def make(seat: int) -> Agent:
        return RandomAgent(inner_seed) if bot == "random" else spec.bots[bot](seat, inner_seed, options)

    return MistakesAgent(make, rate, derive_seed(seed, "slips"))


def _check(spec: GameSpec, name: str) -> None:
    parse_mistakes(spec, name)


MISTAKES = BotKind(_make, _check, "mistakes:rate=0.3")
"""The kind, named by the ``asobi.bots`` entry point ``mistakes`` in asobi's ``pyproject.toml``."""

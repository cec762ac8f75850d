"""Rule bots: they read only their seat's observation (its own cup, how many dice the others
hold, the bids) and play the odds.

For each open call the bot reckons a chance from its own dice, the other dice counting as
unknown (each shows a face with 1/6, or 1/3 counting wild ones, 4.1):

- a bid's chance of standing (at least its quantity, 5.2);
- a challenge's: the last bid's chance of falling, plus the temperament's ``doubt``;
- spot on's: the last bid's chance of being exactly right (5.3).

It makes the call with the best chance (a bid on equal chances: the highest, to press the next
seat), and with the temperament's ``bluff`` rate raises its bid by one die where that is open.
The temperaments are data (``data/bots.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from math import comb
from random import Random
from typing import Any

from asobi.core import Agent
from asobi.core.actions import Action
from asobi.core.agent import Observation

from .content import Temperament, temperaments
from .model import FACES


@cache
def chance_at_least(unknown: int, need: int, p: float) -> float:
    """P(at least ``need`` of ``unknown`` dice show a face of chance ``p``)."""
    if need <= 0:
        return 1.0
    if need > unknown:
        return 0.0
    return sum(comb(unknown, k) * p**k * (1 - p) ** (unknown - k) for k in range(need, unknown + 1))


@cache
def chance_exactly(unknown: int, need: int, p: float) -> float:
    """P(exactly ``need`` of ``unknown`` dice show a face of chance ``p``)."""
    if not 0 <= need <= unknown:
        return 0.0
    return comb(unknown, need) * p**need * (1 - p) ** (unknown - need)


def face_chance(face: int, wild_ones: bool) -> float:
    """The chance an unseen die counts for ``face`` (4.1)."""
    return 2 / len(FACES) if wild_ones and face != 1 else 1 / len(FACES)


def own_matching(cup: Sequence[int], face: int, wild_ones: bool) -> int:
    """How many of the bot's own dice count for ``face`` (5.1, 4.1)."""
    return sum(1 for d in cup if d == face or (wild_ones and face != 1 and d == 1))


class RuleBot(Agent):
    """Plays the odds of its own cup (see the module's description)."""

    def __init__(self, seat: int, seed: int, temperament: Temperament) -> None:
        self.seat = seat
        self.rng = Random(seed)
        self.temperament = temperament

    def act(self, obs: Observation) -> Action:
        view = obs.view
        legal = obs.legal
        cup = view["cups"][obs.seat]["dice"] or []
        unknown = view["total"] - len(cup)
        wild = view["wild_ones"]

        def standing(quantity: int, face: int) -> float:
            need = quantity - own_matching(cup, face, wild)
            return chance_at_least(unknown, need, face_chance(face, wild))

        bids = [a for a in legal if a[0] == "bid"]
        best_bid = max(bids, key=lambda a: (standing(a[1], a[2]), a[1], a[2])) if bids else None
        raise_chance = standing(best_bid[1], best_bid[2]) if best_bid is not None else -1.0
        bid = view["bid"]
        if bid is not None:
            falls = 1.0 - standing(bid["quantity"], bid["face"]) + self.temperament.doubt
            exact = -1.0
            if ("spot_on",) in legal:
                need = bid["quantity"] - own_matching(cup, bid["face"], wild)
                exact = chance_exactly(unknown, need, face_chance(bid["face"], wild))
            if exact >= max(falls, raise_chance):
                return ("spot_on",)
            if best_bid is None or falls >= raise_chance:
                return ("challenge",)
        assert best_bid is not None, "the opener always has a bid (2.3)"
        if self.rng.random() < self.temperament.bluff:
            pushed = ("bid", best_bid[1] + 1, best_bid[2])
            if pushed in legal:
                return pushed
        return best_bid


def bot_factories() -> dict[str, Any]:
    """Bot name → ``factory(seat, seed, options)``, one per temperament in the data."""

    def factory(temperament: Temperament) -> Any:
        def make(seat: int, seed: int, options: Mapping[str, Any]) -> Agent:
            return RuleBot(seat, seed, temperament)

        return make

    return {name: factory(t) for name, t in temperaments().items()}

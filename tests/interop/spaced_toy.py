"""The core's toy game ("high card", tests/support/toygame.py) with declared spaces and an
observation tensor, for testing the adapters before (and apart from) the real games.

Not registered: the adapters take the spec itself, so no other test sees this game.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from asobi.core import GameSpec, Spaces
from support.toygame import RANKS, SPEC, HighCard


class CardSpace:
    """Ids 0..3 for ``(verb, rank)`` with rank 1..4."""

    def __init__(self, verb: str) -> None:
        self.verb = verb
        self.size = len(RANKS)

    def encode(self, action: tuple[Any, ...]) -> int:
        if action[0] != self.verb:
            raise ValueError(f"not a {self.verb} action: {action!r}")
        return int(action[1]) - 1

    def decode(self, index: int) -> tuple[Any, ...]:
        return (self.verb, index + 1)


OBSERVATION_SIZE = 4 + 1 + 1 + 4 + 2 + 1
"""Own hand (count per rank), the other hand's size, cards left in the deck, the card on the
table (one-hot), both round wins, the round number."""


class SpacedHighCard(HighCard):
    __slots__ = ()

    def clone(self) -> SpacedHighCard:
        c = super().clone()
        c.__class__ = SpacedHighCard
        return c  # type: ignore[return-value]

    def observation_tensor(self, seat: int) -> list[float]:
        own = [float(self.hands[seat].count(r)) for r in RANKS]
        table = [float(r in self.played) for r in RANKS]
        return [
            *own,
            float(len(self.hands[1 - seat])),
            float(sum(self.deck)),
            *table,
            float(self.wins[seat]),
            float(self.wins[1 - seat]),
            float(self.turn),
        ]


SPACED_SPEC: GameSpec = dataclasses.replace(
    SPEC,
    id="toy-highcard-spaced",
    new_state=lambda options: SpacedHighCard(options["copies"]),
    state_class=SpacedHighCard,
    spaces=Spaces(
        actions=lambda options: CardSpace("play"),
        chance=lambda options: CardSpace("deal"),
        observation_shape=lambda options: (OBSERVATION_SIZE,),
    ),
)

"""The agent interface: an agent sees its seat's view and the legal actions, never the state."""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from random import Random
from typing import Any, ClassVar

from .actions import Action


def derive_seed(seed: int | str, *labels: object) -> int:
    """A 63-bit seed derived from ``seed`` and labels, stable across runs and platforms."""
    text = ":".join(str(x) for x in (seed, *labels))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


class Agent(ABC):
    """Chooses an action for one seat.

    :cvar uses_view: ``False`` for agents that decide without looking (saves building the view).
    """

    uses_view: ClassVar[bool] = True

    @abstractmethod
    def act(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        """One of ``legal``, chosen from what ``view`` shows."""


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    uses_view = False

    def __init__(self, seed: int) -> None:
        self.rng = Random(seed)

    def act(self, view: dict[str, Any] | None, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]

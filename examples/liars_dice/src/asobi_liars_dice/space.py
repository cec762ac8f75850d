"""The declared action and chance spaces (:mod:`asobi.core.spaces`).

A call is ``("bid", quantity, face)``, ``("challenge",)`` or ``("spot_on",)``; a roll is
``("roll", face)``. A bid's quantity runs to the dice on the table at the start, ``players ×
dice`` (3.1), so the action space depends on the options; the chance space does not. A redacted
roll (``("roll", "?")``) is what the other seats see, never an action: it is in no space.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asobi.core.spaces import ActionSpace, IntRange, Verb

from .model import FACES


def most_dice(options: Mapping[str, Any]) -> int:
    """The dice on the table at the start: no bid names more (3.1)."""
    return int(options["players"]) * int(options["dice"])


def max_legal(options: Mapping[str, Any]) -> int:
    """The most calls open at once, with ``T`` = :func:`most_dice`: every bid (``6T``) when
    nothing has been bid yet; after a bid, the bids that raise it — fewer than ``6T``, since bids
    are strictly ordered (3.2, 4.3–4.5) and the last one is among the ``6T`` — plus challenge and
    spot on. So at most ``6T + 1``."""
    return len(FACES) * most_dice(options) + 1


def action_space(options: Mapping[str, Any]) -> ActionSpace:
    return ActionSpace(
        (
            Verb("bid", IntRange(1, most_dice(options)), IntRange(FACES[0], FACES[-1])),
            Verb("challenge"),
            Verb("spot_on"),
        ),
        max_legal(options),
    )


CHANCE_SPACE = ActionSpace((Verb("roll", IntRange(FACES[0], FACES[-1])),), len(FACES))
"""2.1: one die at a time, six faces."""


def chance_space(options: Mapping[str, Any]) -> ActionSpace:
    return CHANCE_SPACE

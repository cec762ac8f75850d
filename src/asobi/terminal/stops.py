"""Stops: which of a game's strategy windows a person at the terminal wants to be asked in.

A game whose rules let every seat play at many points asks each seat that might play; most of
those windows a person wants to skip. A seat's *stops* are a client setting: the terminal answers
"pass" for the person at every window that is not a stop, so play stays quick. The engine never
sees the setting (it only asks); the choice is made from the seat's own view and legal actions,
like any answer the person gives.

A game names its windows and stops in its spec (``spec.stops``, :class:`~asobi.core.hooks.StopHooks`);
the browser client follows the same hooks. With several people at one keyboard (hot-seat) the
others would see whether the terminal is handed over to a seat, so there the choice must not
depend on the seat's hand: a window is passed for it only when its kind is not a stop, whether or
not the seat holds something to play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.errors import AsobiError
from ..core.spec import GameSpec


def default_stops(spec: GameSpec) -> frozenset[str]:
    return spec.stops.default if spec.stops is not None else frozenset()


def parse_stops(spec: GameSpec, text: str) -> frozenset[str]:
    """Stops from ``answer,turn`` (``none``: no stop).

    :raises AsobiError: for a game without stops or an unknown stop name.
    """
    if spec.stops is None:
        raise AsobiError(f"{spec.id} has no strategy windows to set stops for")
    return spec.stops.parse(text)


def auto_answer(spec: GameSpec, view: dict[str, Any], legal: Sequence[Action], stops: frozenset[str],
                public_only: bool = False) -> Action | None:
    """The pass the terminal gives for the person when this decision is a window that is not one
    of ``stops``; ``None`` when the person is asked (:meth:`StopHooks.auto_answer`)."""
    hooks = spec.stops
    return hooks.auto_answer(view, legal, stops, public_only) if hooks is not None else None

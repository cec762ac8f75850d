"""Stops: which of a game's strategy windows a person at the terminal wants to be asked in.

A game with the printed "any time" timing (legion, L-28) asks every seat that might play at many
points; most of them a person wants to skip. A seat's *stops* are a client setting: the terminal
answers "pass" for the person at every window that is not a stop, so play stays quick. The engine
never sees the setting (it only asks); the choice is made from the seat's own view and legal
actions, like any answer the person gives. Nothing here sets the game's public auto-pass (L-5).

A game names its windows and stops in its ``GameSpec.stops`` (:class:`~asobi.core.registry.StopHooks`;
legion's: ``answer``, ``turn``, ``others``, ``enemy``, ``all``, default ``answer,turn``); the
browser client follows the same hooks.

With several people at one keyboard (hot-seat) the others would see whether the terminal is handed
over to a seat, so there the choice must not depend on the seat's hand: a window is passed for it
only when its kind is not a stop, whether or not the seat holds something to play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.errors import AsobiError
from ..core.registry import StopHooks, get_game


def _hooks(game: str) -> StopHooks | None:
    return get_game(game).stops


def default_stops(game: str) -> frozenset[str]:
    hooks = _hooks(game)
    return hooks.default if hooks is not None else frozenset()


def parse_stops(game: str, text: str) -> frozenset[str]:
    """Stops from ``answer,turn`` (``none``: no stop).

    :raises AsobiError: for a game without stops or an unknown stop name.
    """
    hooks = _hooks(game)
    if hooks is None:
        raise AsobiError(f"{game} has no strategy windows to set stops for")
    names = hooks.names
    items = {t.strip() for t in text.replace(" ", ",").split(",") if t.strip()}
    if items == {"none"}:
        return frozenset()
    unknown = sorted(items.difference(names))
    if unknown or not items:
        raise AsobiError(f"unknown stop {', '.join(unknown) or '(none given)'}: choose from {', '.join(names)} or none")
    return frozenset(items)


def auto_answer(
    game: str, view: dict[str, Any], legal: Sequence[Action], stops: frozenset[str], public_only: bool = False
) -> Action | None:
    """The pass the terminal gives for the person when this decision is a window that is not one
    of ``stops``; ``None`` when the person is asked (:meth:`StopHooks.auto_answer`)."""
    hooks = _hooks(game)
    return hooks.auto_answer(view, legal, stops, public_only) if hooks is not None else None

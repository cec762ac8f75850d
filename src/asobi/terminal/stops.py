"""Stops: which of a game's strategy windows a person at the terminal wants to be asked in.

A game with the printed "any time" timing (legion, L-28) asks every seat that might play at many
points; most of them a person wants to skip. A seat's *stops* are a client setting: the terminal
answers "pass" for the person at every window that is not a stop, so play stays quick. The engine
never sees the setting (it only asks); the choice is made from the seat's own view and legal
actions, like any answer the person gives. Nothing here sets the game's public auto-pass (L-5).

Legion's stops:

- ``answer``: an effect is announced on the stack and you hold a strategy you may play now;
- ``turn``: a step window in your own turn (after your draw phase or shield phase) in which you
  may play a strategy;
- ``others``: a step window in another seat's turn (after its draw phase, each of its main
  actions, its shield phase) in which you may play a strategy;
- ``enemy``: a step window of the enemy turn (after the pieces advance, after the attacks) in
  which you may play a strategy;
- ``all``: every window, even with nothing you may play (only "pass" to choose).

The default is ``answer,turn``.

With several people at one keyboard (hot-seat) the others would see whether the terminal is handed
over to a seat, so there the choice must not depend on the seat's hand: a window is passed for it
only when its kind is not a stop, whether or not the seat holds something to play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.errors import AsobiError

LEGION_STOPS = ("answer", "turn", "others", "enemy", "all")
STOPS: dict[str, tuple[tuple[str, ...], frozenset[str]]] = {
    "legion": (LEGION_STOPS, frozenset({"answer", "turn"})),
}
"""Per game: the stop names and the default stop set."""

_WINDOWS = frozenset({"respond", "priority"})
_ENEMY_STEPS = frozenset({"7.1", "7.5"})


def default_stops(game: str) -> frozenset[str]:
    return STOPS[game][1] if game in STOPS else frozenset()


def parse_stops(game: str, text: str) -> frozenset[str]:
    """Stops from ``answer,turn`` (``none``: no stop).

    :raises AsobiError: for a game without stops or an unknown stop name.
    """
    if game not in STOPS:
        raise AsobiError(f"{game} has no strategy windows to set stops for")
    names = STOPS[game][0]
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
    of ``stops``; ``None`` when the person is asked. ``public_only`` (hot-seat): decide on the
    window's kind alone, never on what the seat may play."""
    if game != "legion" or ("pass",) not in legal:
        return None
    pending = view.get("pending") or {}
    kind = pending.get("kind")
    if kind not in _WINDOWS or "all" in stops:
        return None
    if not public_only and not any(a[0] == "strategy" for a in legal):
        return ("pass",)  # nothing to play: only "all" shows such a window
    if kind == "respond":
        stop = "answer"
    elif pending.get("step") in _ENEMY_STEPS:
        stop = "enemy"
    else:
        stop = "turn" if view.get("turn") == view.get("seat") else "others"
    return None if stop in stops else ("pass",)

"""The enemy ship's moves (7.2) and what it destroys on arrival (9.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content import DIRECTION_STEP, content
from .log import event_table
from .weapons import destroy_weapons_at, ship_arrived

if TYPE_CHECKING:
    from ..types import State


_SHIP_MOVED = {
    clause: {d: event_table(clause, "ship_moved", direction=(d,), square=range(content().rows * content().cols))[0] for d in DIRECTION_STEP}
    for clause in ("7.2", "7.4", "6.6")
}
"""``_SHIP_MOVED[clause][direction][square]``: the event of the ship's move by a square's "to〜" or
an effect, made once."""


def move_ship(s: State, direction: str, clause: str) -> None:
    """Move the ship one square; 9.1 a weapon where it arrives is destroyed; 9.2 it may enter a
    blackout. L-2: a move off the edge of the map leaves the ship where it is."""
    to = s.tables.step[direction][s.ship]
    if to < 0:
        s.say("L-2", "ship_at_edge", direction=direction, square=s.ship)
        return
    s.ship = to
    made = _SHIP_MOVED.get(clause)
    s.log_tail.append((clause, "ship_moved", (("direction", direction), ("square", to)), None) if made is None else made[direction][to])
    if s.weapons:  # (with no weapon on the map neither has anything to do)
        destroy_weapons_at(s, to, "9.1")
        ship_arrived(s)


def ship_directions(s: State) -> list[str]:
    step = s.tables.step
    return [d for d in ("east", "north", "south", "west") if step[d][s.ship] >= 0]

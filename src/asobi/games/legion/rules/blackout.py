"""Blackouts (9.2), the black chain by colour (9.3) and removing blackouts (5.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content import content
from . import weapons as _weapons
from .geometry import neighbour
from .log import event_table

if TYPE_CHECKING:
    from ..types import State


def blackout_target(s: State, target: str) -> int | None:
    c = s.content
    if target == "ship":
        return s.ship
    if target == "centre":
        return (c.rows // 2) * c.cols + c.cols // 2
    return neighbour(s, s.ship, target[5:])


_BLACKOUT = event_table("9.2", "blackout", square=range(content().rows * content().cols))
_CHAINED = event_table("9.3", "blackout", square=range(content().rows * content().cols))
"""9.2, 9.3: ``[square]``: the event of a square blacked out, alone or by its colour's chain, made once."""
_CLEARED = {
    clause: event_table(clause, "blackout_cleared", square=range(content().rows * content().cols))
    for clause in ("5.6", "6.1", "6.2", "6.4", "6.6", "7.4")
}
"""``_CLEARED[clause][square]``: the event of a blackout cleared by repair or an effect, made once."""


def black_out(s: State, square: int) -> None:
    """9.2 a square is blacked out (destroying a weapon on it); 9.3 if it already was, every other
    square of its colour is blacked out instead."""
    destroy_weapons_at = _weapons.destroy_weapons_at
    s.need_cache = None  # forgets 5.7's kept threshold (level.py): the blackouts count in 5.7's threshold
    if s.black[square]:
        colour = s.content.colour[square]
        s.log_tail.append(("9.3", "black_chain", (("square", square), ("colour", colour)), None))
        for sq, col in enumerate(s.content.colour):
            if col == colour and sq != square and not s.black[sq]:
                s.black[sq] = 1
                s.log_tail.append(_CHAINED[sq])
                destroy_weapons_at(s, sq, "9.2")
        return
    s.black[square] = 1
    s.log_tail.append(_BLACKOUT[square])
    if s.weapons:
        destroy_weapons_at(s, square, "9.2")


def clear_blackout(s: State, square: int, clause: str) -> None:
    s.black[square] = 0
    s.need_cache = None  # forgets 5.7's kept threshold (level.py)
    made = _CLEARED.get(clause)
    s.log_tail.append((clause, "blackout_cleared", (("square", square),), None) if made is None else made[square])


def repairable(s: State, seat: int) -> list[int]:
    """5.6: blackouts next to (上下左右斜め) one of the seat's weapons."""
    black = s.black
    if black.count(0) == len(black):  # (no blackout; ``count(0)`` finds each 0 by identity, cheaper than ``any``)
        return []
    found: list[int] = []
    merge = False
    king = s.content.king[1]
    for w in s.weapons:
        if w[1] == seat:
            if found:  # (a test, not a call of bool)
                merge = True  # a second weapon's may repeat or come before the first's
            for n in king[w[0]]:  # (in order: one weapon's blackouts need no sorting)
                if black[n]:
                    found.append(n)
    return sorted(set(found)) if merge else found

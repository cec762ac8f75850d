"""The space map's geometry: the square one step away, the squares around one (from the content's
tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..types import State


def neighbour(s: State, square: int, direction: str) -> int | None:
    """The square one step from ``square`` (north is up, row 0), or ``None`` off the map."""
    to = s.tables.step[direction][square]
    return None if to < 0 else to


def orthogonal(s: State, square: int) -> tuple[int, ...]:
    return s.content.orthogonal[square]


def around(s: State, square: int, reach: int = 1) -> tuple[int, ...]:
    """Squares within ``reach`` king steps (上下左右斜め), the square itself excluded."""
    return s.content.king[reach][square]

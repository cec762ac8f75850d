"""Event arguments that recur on every turn, built once (an event's args are plain tuples)."""

from __future__ import annotations

from .field import SQUARES

SEAT = (("seat", 0), ("seat", 1))
"""``("seat", seat)``."""
SEAT_ONLY = ((SEAT[0],), (SEAT[1],))
"""The args of an event that names only a seat."""
ONLY_SEAT = ((0,), (1,))
"""The ``seats`` of an event only that seat sees."""
SQ = tuple(("sq", sq) for sq in range(SQUARES))
"""``("sq", square)``."""

"""Events that recur every turn, made once: an event is an immutable tuple, so a log may hold the
same one many times, and a rule that logs one of these makes no tuple and calls no ``emit``.

Any other event is appended as the plain tuple of its fields (``EventFields``), which the log
turns into an :class:`~asobi.core.Event` when read.
"""

from __future__ import annotations

from asobi.core.events import EventFields

from ..cards import pool
from .args import ONLY_SEAT, SEAT, SEAT_ONLY


def _per_seat(clause: str, key: str) -> tuple[EventFields, EventFields]:
    """The event ``key`` naming only a seat, one for each seat."""
    return (
        (clause, key, SEAT_ONLY[0], None),
        (clause, key, SEAT_ONLY[1], None),
    )


def _drew(clause: str) -> tuple[tuple[EventFields, ...], tuple[EventFields, ...]]:
    """``[seat][card]``: the private event of ``seat`` drawing ``card`` (only that seat sees it)."""
    card_args = pool().card_args
    return tuple(
        tuple((clause, "drew", (SEAT[seat], arg), ONLY_SEAT[seat]) for arg in card_args)
        for seat in (0, 1)
    )  # type: ignore[return-value]


TURN_KOKURYOKU_PHASE = _per_seat("2.2.2", "kokuryoku_phase")
"""2.2.2: the turn player's 国力 phase begins."""
OTHER_KOKURYOKU_PHASE = _per_seat("2.3.1", "kokuryoku_phase")
"""2.3.1: the other player's 国力 phase begins."""
INVASION_PHASE = _per_seat("2.4.1", "invasion_phase")
END_PHASE = _per_seat("2.5.1", "end_phase")
TURN_END = _per_seat("2.5.7", "turn_end")
DRAWS = _per_seat("2.3.5", "draws")
"""2.3.5: a seat draws (everyone sees that; the card only the seat, :data:`DREW`)."""
DREW = _drew("2.3.5")

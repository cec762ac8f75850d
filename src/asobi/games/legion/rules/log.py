"""Logging on the hot path: an event as the plain tuple of its fields.

``s.log_tail.append((clause, key, ((name, value), ...), None))`` logs the same event as
``s.say(clause, key, name=value, ...)`` (arguments in the same order) without the keyword
dictionary (the log keeps plain tuples and hands out :class:`~asobi.core.Event` objects when read); the
rules use it for the events nearly every step logs. Events are immutable, so the
few that recur in every game (a seat's turn begins, a phase ends) are made once and shared.

``log_tail`` is a plain list (``core/log.py``), and Python 3.11 specialises ``….append(x)`` called
on a list into an append without a call; a function that logs several events reads
``tail = s.log_tail`` once.
"""

from __future__ import annotations

from asobi.core.events import EventFields

SEAT_ARGS = tuple((("seat", seat),) for seat in range(5))
"""The arguments of an event that names only a seat, made once."""


def seat_events(clause: str, key: str) -> tuple[EventFields, ...]:
    """The event ``key`` naming only a seat, for each seat."""
    return tuple((clause, key, args, None) for args in SEAT_ARGS)


__all__ = ["SEAT_ARGS", "EventFields", "seat_events"]

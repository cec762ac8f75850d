"""Logging on the hot path: an event built straight from its fields.

``s.log.append(new_event(Event, (clause, key, ((name, value), ...), None)))`` logs the same event
as ``s.say(clause, key, name=value, ...)`` (arguments in the same order) without the keyword
dictionary; the rules use it for the events nearly every step logs. Events are immutable, so the
few that recur in every game (a seat's turn begins, a phase ends) are made once and shared.

The rules read ``append = s.log.append`` and then call ``append(…)``: Python 3.11 does not
specialise ``s.log.append(…)`` written as a method call (``append`` is a slot of the log holding
a bound method), which costs about 190 instructions more each time.
"""

from __future__ import annotations

from asobi.core import Event

new_event = tuple.__new__

SEAT_ARGS = tuple((("seat", seat),) for seat in range(5))
"""The arguments of an event that names only a seat, made once."""


def seat_events(clause: str, key: str) -> tuple[Event, ...]:
    """The event ``key`` naming only a seat, for each seat."""
    return tuple(new_event(Event, (clause, key, args, None)) for args in SEAT_ARGS)


__all__ = ["SEAT_ARGS", "Event", "new_event", "seat_events"]

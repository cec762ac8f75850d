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

from collections.abc import Iterable, Sequence
from typing import Any

from asobi.core.events import EventFields

SEAT_ARGS = tuple((("seat", seat),) for seat in range(5))
"""The arguments of an event that names only a seat, made once."""


def arg_pairs(name: str, values: Iterable[Any]) -> tuple[tuple[str, Any], ...]:
    """An event's argument ``(name, value)`` for each of ``values``, made once: the parts of an
    event with too many combinations of values for an :func:`event_table`."""
    return tuple((name, value) for value in values)


def seat_events(clause: str, key: str) -> tuple[EventFields, ...]:
    """The event ``key`` naming only a seat, for each seat."""
    return tuple((clause, key, args, None) for args in SEAT_ARGS)


def event_table(clause: str, key: str, /, also: tuple[str, ...] = (), **domains: Sequence[Any]) -> Any:
    """The event ``key`` for every combination of its arguments' values, made once: nested tuples
    indexed by each value's place in its argument's domain, the arguments in the order given —
    ``event_table("4.3", "shielded", seat=range(5), code=range(9))[seat][code]`` is the event
    ``say("4.3", "shielded", seat=seat, code=code)`` logs; ``also``: the further clauses it cites.
    (An event made where it happens is a tuple of new tuples, each made, tracked by the garbage
    collector and freed with the game.)"""
    names = list(domains)

    def level(args: tuple[tuple[str, Any], ...]) -> Any:
        if len(args) == len(names):
            return (clause, key, args, None, also) if also else (clause, key, args, None)
        name = names[len(args)]
        return tuple(level((*args, (name, value))) for value in domains[name])

    return level(())


__all__ = ["SEAT_ARGS", "EventFields", "arg_pairs", "event_table", "seat_events"]

"""The event log: what happened, and the rule clause that made it happen.

An event is cheap to make on the hot path (a clause id, a message key and its arguments); it is
rendered in 日本語 or English only when someone reads it, from the game's message catalogue.
An event is public unless it names the seats that may see it (a card drawn into a hidden hand).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Protocol

LANGS = ("ja", "en")


class Event(NamedTuple):
    """One logged event.

    :ivar clause: the rule clause id that this event applies (``"7.5"``, ``"L-C3"``).
    :ivar key: the message key in the game's catalogue.
    :ivar args: message arguments, as a tuple of ``(name, value)`` pairs.
    :ivar seats: seats that may see the event, or ``None`` for everyone.
    :ivar also: further clauses that acted in the same event (``("6.4", "6.5")`` beside 6.2's
        income), in the order they acted; empty for most events. A stored event without them is
        the plain four-field tuple (see :data:`EventFields`).
    """

    clause: str
    key: str
    args: tuple[tuple[str, Any], ...] = ()
    seats: tuple[int, ...] | None = None
    also: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        # An event citing one clause equals its stored four fields (``(clause, key, args, seats)``).
        if not self.also and isinstance(other, tuple) and len(other) == 4:
            return tuple.__eq__(self[:4], other)
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return tuple.__hash__(self[:4] if not self.also else self)

    @property
    def clauses(self) -> tuple[str, ...]:
        """Every clause the event cites: :attr:`clause` first, then :attr:`also`."""
        return (self.clause, *self.also)

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` may see this event (``None`` means an all-seeing observer)."""
        return self.seats is None or seat is None or seat in self.seats

    def to_json(self) -> list[Any]:
        """``[clause, key, args, seats]``, with a fifth item, the list of further clauses, only
        when there are some (so a record of events citing one clause each reads as it always did)."""
        out: list[Any] = [self.clause, self.key, [list(a) for a in self.args], None if self.seats is None else list(self.seats)]
        if self.also:
            out.append(list(self.also))
        return out

    @classmethod
    def from_json(cls, data: Any) -> Event:
        """The event of :meth:`to_json`'s list (four items, or five with further clauses)."""
        clause, key, args, seats, *rest = data
        if len(rest) > 1:
            raise ValueError(f"an event has four or five items, not {len(data)}")
        if rest and not (isinstance(rest[0], list) and all(isinstance(c, str) for c in rest[0])):
            raise ValueError(f"an event's fifth item lists further clause ids, not {rest[0]!r:.40}")
        also = tuple(rest[0]) if rest else ()
        return cls(clause, key, tuple((k, _tuplify(v)) for k, v in args), None if seats is None else tuple(seats), also)


def _tuplify(v: Any) -> Any:
    return tuple(_tuplify(x) for x in v) if isinstance(v, list) else v


OneClauseFields = tuple[str, str, tuple[tuple[str, Any], ...], "tuple[int, ...] | None"]
"""The usual stored event: ``(clause, key, args, seats)``."""
CitingFields = tuple[str, str, tuple[tuple[str, Any], ...], "tuple[int, ...] | None", tuple[str, ...]]
"""A stored event that cites further clauses besides its first: ``(clause, key, args, seats, also)``."""
EventFields = OneClauseFields | CitingFields
"""An event as a log stores it: a plain tuple of :class:`Event`'s fields, in order — the four
``(clause, key, args, seats)``, or five when the event cites further clauses (``also``).

The rules append these (``append((clause, key, args, None))``) because a plain tuple costs a
fifth of a named tuple to make and to free (the named tuple's ``tuple.__new__`` goes through the
type's slot wrapper and the garbage collector); the log hands out :class:`Event` objects, made
when someone reads it. An :class:`Event` is a valid ``EventFields`` too."""


Localizer = Callable[[str, Any, str], str]


class EventTexts(Protocol):
    """Whatever renders a game's events (its spec)."""

    def event_text(self, event: Event, lang: str = "en") -> str: ...


def render_message(
    key: str,
    args: tuple[tuple[str, Any], ...],
    messages: Mapping[str, tuple[str, str]],
    lang: str = "en",
    localize: Localizer | None = None,
) -> str:
    """The catalogue's template for ``key`` in ``lang``, filled with the arguments as text.

    ``localize(name, value, lang)`` turns an argument into text (a card id into its name). A key
    the catalogue lacks reads as the key and its arguments. Events and action labels
    (:mod:`asobi.core.labels`) are both written this way.
    """
    templates = messages.get(key)
    text = {k: (localize(k, v, lang) if localize else str(v)) for k, v in args}
    if templates is None:
        return key + (" " + ", ".join(f"{k}={v}" for k, v in text.items()) if text else "")
    return templates[0 if lang == "ja" else 1].format(**text)


def render_event(
    event: Event,
    messages: Mapping[str, tuple[str, str]],
    lang: str = "en",
    localize: Localizer | None = None,
) -> str:
    """The event as text in ``lang``, prefixed by its clause id (see :func:`render_message`); the
    further clauses it cites, if any, follow the text in brackets (``6.2: … [6.4, 6.5]``), so the
    prefix reads the same for every event."""
    text = f"{event.clause}: {render_message(event.key, event.args, messages, lang, localize)}"
    return f"{text} [{', '.join(event.also)}]" if event.also else text

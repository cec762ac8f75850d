"""An append-only event log whose copies cost the same however long the game has been.

A game's log only ever grows, and search clones states thousands of times a second. An
:class:`EventLog` keeps its events in sealed, immutable chunks shared by every copy, plus a short
open tail of its own: :meth:`EventLog.fork` copies at most one chunk's worth of references, and
reading the events since an index walks back only over the chunks that hold them. Appending is a
plain ``list.append`` (``log.append`` is the tail's own bound method) of the event's fields as a
plain tuple (:data:`~asobi.core.events.EventFields`); every read hands out :class:`Event` objects.

The digest of the log (for fingerprints) is kept per sealed chunk, so hashing a long log again
costs only what was added since.

A search's rollout state may :meth:`~EventLog.mute` its log: appends are then dropped (no rule
reads the log back while playing; a muted state is one nobody reads or determinizes again).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .events import Event, EventFields

CHUNK = 16
"""A fork seals the open tail once it holds this many events, so a fork copies fewer than this
many references (with 64, the copied tail was the largest single part of a clone); reading a long
log walks one chunk per this many events."""


_as_event = tuple.__new__
"""``_as_event(Event, fields)``: the :class:`Event` of stored fields (made on reading)."""


def _events(stored: Iterable[EventFields]) -> list[Event]:
    return [_as_event(Event, e) for e in stored]


def _discard(event: EventFields) -> None:
    """The ``append`` of a muted log."""


_new = object.__new__
"""Makes a bare :class:`EventLog` for :meth:`EventLog.fork` (read from the module, not looked up
on the class at each fork)."""


class _Chunk:
    """Sealed events ``end - len(events)`` … ``end - 1``, after those of ``parent``."""

    __slots__ = ("_digest", "end", "events", "parent")

    def __init__(self, parent: _Chunk | None, events: tuple[EventFields, ...]) -> None:
        self.parent = parent
        self.events = events
        self.end: int = (parent.end if parent is not None else 0) + len(events)
        self._digest: Any = None

    def hasher(self) -> Any:
        """A sha256 fed every event up to this chunk's end (computed once, then kept)."""
        if self._digest is None:
            chain = []
            node: _Chunk | None = self
            while node is not None and node._digest is None:
                chain.append(node)
                node = node.parent
            base = node._digest.copy() if node is not None and node._digest is not None else hashlib.sha256()
            for c in reversed(chain):
                _feed(base, c.events)
                c._digest = base.copy()
        return self._digest.copy()


def _feed(hasher: Any, events: Iterable[EventFields]) -> None:
    # An event is a tuple of strings, ints and tuples of them: its repr is a stable text of it.
    hasher.update("".join([tuple.__repr__(e) + "\n" for e in events]).encode())


class EventLog(Sequence[Event]):
    """The events of one state, oldest first; see the module's description.

    :ivar append: appends one event (the open tail's ``list.append``).
    """

    __slots__ = ("_sealed", "_tail", "append")

    def __init__(self, events: Iterable[EventFields] = ()) -> None:
        self._sealed: _Chunk | None = None
        self._tail: list[EventFields] = list(events)
        self.append = self._tail.append
        if len(self._tail) >= CHUNK:
            self._seal()

    def _seal(self) -> None:
        """Make the open tail a sealed chunk (shared, its digest kept once computed)."""
        self._sealed = _Chunk(self._sealed, tuple(self._tail))
        self._tail = []
        self.append = _discard if self.append is _discard else self._tail.append

    def fork(self) -> EventLog:
        """An independent copy that shares every sealed chunk."""
        tail = self._tail
        if len(tail) >= CHUNK:
            self._seal()
            tail = self._tail
        copy = _new(EventLog)
        copy._sealed = self._sealed
        copy._tail = own = tail.copy()
        copy.append = _discard if self.append is _discard else own.append
        return copy

    def mute(self) -> None:
        """Drop every later event (this log and its forks): for a search's throwaway rollout
        state, which saves keeping and copying events that will never be read. What the log
        already holds stays readable; its length stops growing."""
        self.append = _discard

    @property
    def muted(self) -> bool:
        return self.append is _discard

    def extend(self, events: Iterable[EventFields]) -> None:
        if self.append is not _discard:
            self._tail.extend(events)

    def __len__(self) -> int:
        sealed = self._sealed
        return (sealed.end if sealed is not None else 0) + len(self._tail)

    def since(self, start: int) -> list[Event]:
        """The events from index ``start`` on, walking back only over the chunks that hold them."""
        sealed = self._sealed
        if sealed is None or start >= sealed.end:
            offset = start - (sealed.end if sealed is not None else 0)
            return _events(self._tail[max(0, offset):])
        parts = []
        node: _Chunk | None = sealed
        while node is not None and node.end > start:
            first = node.end - len(node.events)
            parts.append(node.events[max(0, start - first):])
            node = node.parent
        out: list[EventFields] = []
        for part in reversed(parts):
            out.extend(part)
        out.extend(self._tail)
        return _events(out)

    def to_list(self) -> list[Event]:
        return self.since(0)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.since(0))

    def __getitem__(self, index: Any) -> Any:
        return self.since(0)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return len(self) == len(other) and self.since(0) == other.since(0)
        if isinstance(other, list):
            return self.since(0) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def digest(self) -> str:
        """A hash of every event, reusing the sealed chunks' hashes."""
        if len(self._tail) >= CHUNK:
            self._seal()
        h = self._sealed.hasher() if self._sealed is not None else hashlib.sha256()
        _feed(h, self._tail)
        return h.hexdigest()

    def to_json(self) -> list[Any]:
        return [e.to_json() for e in self.since(0)]

    @classmethod
    def from_json(cls, data: Iterable[Any]) -> EventLog:
        return cls(Event.from_json(e) for e in data)

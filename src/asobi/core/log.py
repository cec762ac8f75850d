"""An append-only event log whose copies cost the same however long the game has been.

A game's log only ever grows, and search clones states thousands of times a second. A log keeps
its events in sealed, immutable chunks shared by every copy, plus a short open tail of its own: a
copy copies at most one chunk's worth of references, and reading the events since an index walks
back only over the chunks that hold them. The digest of the log (for fingerprints) is kept per
sealed chunk, so hashing a long log again costs only what was added since.

A state keeps its log in two slots of its own (the ``Log`` field kind of ``core/fields.py``):
``log_sealed``, the last sealed :class:`_Chunk` (or ``None``), and ``log_tail``, a plain list the
rules append to, ``s.log_tail.append((clause, key, args, seats))`` — the event's fields as a plain
tuple (:data:`~asobi.core.events.EventFields`). A plain list's ``append`` called as a method is
the cheapest append Python 3.11 has (the call is specialised away), and a clone copies one list:
no log object is made per copy. ``state.log`` is a :class:`StateLog`, a live read-only view of
those two slots; every read hands out :class:`Event` objects. A standalone :class:`EventLog` (a
redacted copy kept for determinization, a log read from JSON) has the same reads.

A search's rollout state may :meth:`~StateLog.mute` its log: appends are then dropped (no rule
reads the log back while playing; a muted state is one nobody reads or determinizes again).
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from .events import Event, EventFields

CHUNK = 16
"""A copy seals the open tail once it holds this many events, so a copy copies fewer than this
many references (with 64, the copied tail was the largest single part of a clone); reading a long
log walks one chunk per this many events."""


_as_event = tuple.__new__
"""``_as_event(Event, fields)``: the :class:`Event` of stored fields (made on reading)."""


def _events(stored: Iterable[EventFields]) -> list[Event]:
    # A stored event has four fields, or five when it cites further clauses (``Event.also``).
    return [_as_event(Event, e if len(e) == 5 else (*e, ())) for e in stored]


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
    # An event citing one clause reads as its four fields however it is held (a rule's plain
    # tuple, or an ``Event`` read from JSON, whose ``also`` is empty).
    hasher.update("".join([tuple.__repr__(e if len(e) == 4 or e[4] else e[:4]) + "\n" for e in events]).encode())


def seal(parent: _Chunk | None, tail: list[EventFields]) -> _Chunk | None:
    """``parent`` with the events of ``tail`` sealed after it (``parent`` itself when there are
    none), ``tail`` emptied in place: whoever holds the list (a rule that read ``tail =
    s.log_tail`` once) keeps appending to the same log."""
    if not tail:
        return parent
    chunk = _Chunk(parent, tuple(tail))
    tail.clear()
    return chunk


_DROP: deque[EventFields] = deque(maxlen=0)
"""A deque that keeps nothing: its ``append`` and ``extend`` drop what they are given, in C."""


class _Sink(list[EventFields]):
    """The open tail of a muted log: appends are dropped, a copy is itself (it never holds anything).

    Its ``append`` and ``extend`` are :data:`_DROP`'s, bound methods of a builtin type, which a
    class does not bind again: ``SINK.append(event)`` is ``_DROP.append(event)``, a call into C
    where a method written here would be a Python call for every event a muted rollout makes."""

    __slots__ = ()

    append = _DROP.append
    extend = _DROP.extend

    def copy(self) -> _Sink:
        return self


SINK = _Sink()
"""The tail every muted log shares."""


class LogReads(Sequence[Event]):
    """The reads every log answers (a :class:`StateLog` and an :class:`EventLog`), from its sealed chunks and its open tail (:meth:`_parts`)."""

    __slots__ = ()

    def _parts(self) -> tuple[_Chunk | None, list[EventFields]]:
        raise NotImplementedError

    def __len__(self) -> int:
        chunk, tail = self._parts()
        return (chunk.end if chunk is not None else 0) + len(tail)

    def since(self, start: int) -> list[Event]:
        """The events from index ``start`` on, walking back only over the chunks that hold them."""
        chunk, tail = self._parts()
        if chunk is None or start >= chunk.end:
            offset = start - (chunk.end if chunk is not None else 0)
            return _events(tail[max(0, offset):])
        parts = []
        node: _Chunk | None = chunk
        while node is not None and node.end > start:
            first = node.end - len(node.events)
            parts.append(node.events[max(0, start - first):])
            node = node.parent
        out: list[EventFields] = []
        for part in reversed(parts):
            out.extend(part)
        out.extend(tail)
        return _events(out)

    def to_list(self) -> list[Event]:
        return self.since(0)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.since(0))

    def __getitem__(self, index: Any) -> Any:
        return self.since(0)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LogReads):
            return len(self) == len(other) and self.since(0) == other.since(0)
        if isinstance(other, list):
            return self.since(0) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.since(0)!r})"

    def digest(self) -> str:
        """A hash of every event, reusing the sealed chunks' hashes."""
        chunk, tail = self._parts()
        h = chunk.hasher() if chunk is not None else hashlib.sha256()
        _feed(h, tail)
        return h.hexdigest()

    def to_json(self) -> list[Any]:
        return [e.to_json() for e in self.since(0)]

    def fork(self) -> EventLog:
        """A standalone copy that shares every sealed chunk."""
        chunk, tail = self._parts()
        return EventLog._of(chunk, list(tail))

    @property
    def muted(self) -> bool:
        return self._parts()[1] is SINK


class EventLog(LogReads):
    """A standalone log, oldest event first (a redacted copy, a log read from JSON); a state's own
    log is a :class:`StateLog`. See the module's description.

    :ivar append: appends one event (the open tail's ``list.append``).
    """

    __slots__ = ("_sealed", "_tail", "append")

    def __init__(self, events: Iterable[EventFields] = ()) -> None:
        self._sealed: _Chunk | None = None
        self._tail: list[EventFields] = list(events)
        self.append = self._tail.append

    @classmethod
    def _of(cls, chunk: _Chunk | None, tail: list[EventFields]) -> EventLog:
        log = cls.__new__(cls)
        log._sealed, log._tail, log.append = chunk, tail, tail.append
        return log

    def _parts(self) -> tuple[_Chunk | None, list[EventFields]]:
        if len(self._tail) >= CHUNK:  # seal as it is read: later reads and copies share the chunk
            self._sealed = seal(self._sealed, self._tail)
        return self._sealed, self._tail

    def extend(self, events: Iterable[EventFields]) -> None:
        self._tail.extend(events)

    @classmethod
    def from_json(cls, data: Iterable[Any]) -> EventLog:
        return cls(Event.from_json(e) for e in data)


class StateLog(LogReads):
    """A state's log, read live from its two slots (``log_sealed``, ``log_tail``); see the
    module's description. Rules append to ``log_tail`` directly; :meth:`append` is for the rest."""

    __slots__ = ("_state",)

    def __init__(self, state: Any) -> None:
        self._state = state

    def _parts(self) -> tuple[_Chunk | None, list[EventFields]]:
        s = self._state
        tail = s.log_tail
        if len(tail) >= CHUNK:
            s.log_sealed = seal(s.log_sealed, tail)
        return s.log_sealed, tail

    def append(self, event: EventFields) -> None:
        self._state.log_tail.append(event)

    def extend(self, events: Iterable[EventFields]) -> None:
        self._state.log_tail.extend(events)

    def mute(self) -> None:
        """Drop every later event (this log and its copies): for a search's throwaway rollout
        state, which saves keeping and copying events that will never be read. What the log
        already holds stays readable; its length stops growing."""
        s = self._state
        if s.log_tail is not SINK:
            s.log_sealed = seal(s.log_sealed, s.log_tail)
            s.log_tail = SINK


def set_state_log(state: Any, events: Iterable[EventFields]) -> None:
    """Give ``state`` a copy of ``events`` (a log, or event tuples) as its log."""
    if isinstance(events, LogReads):
        chunk, tail = events._parts()
        state.log_sealed, state.log_tail = chunk, list(tail)
    else:
        state.log_sealed, state.log_tail = None, list(events)

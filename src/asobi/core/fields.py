"""A state's fields, declared once: clone, JSON, fingerprint and type checks follow from it.

A game lists its state's fields with their kinds::

    FIELDS = Fields(
        round=Value(int),
        black=List(int),
        hands=Lists(int),
        pending=Value(tuple, optional=True),
        legal_cache=Cache(),
        log=Log(),
    )

    class MyState(DeclaredState):
        __slots__ = FIELDS.slots

    FIELDS.install(MyState)

and gets a ``clone`` that copies each field as its kind needs (a list copied with ``.copy()``, a list
of lists inner list by inner list, a log forked, an immutable value shared) — generated as plain
Python code, so it costs what a hand-written one does — and ``to_json``/``from_json`` that write and read
each field and check its type, naming the field in a :class:`BadRecordError`, plus
``field_errors()`` for the harness's invariant checks. A game may keep per-attribute arrays (one
list per property of its counters) and gets each copied in one slice.
"""

from __future__ import annotations

import abc
import hashlib
import json
from collections.abc import Callable
from typing import Any

from .errors import BadRecordError
from .events import EventFields
from .log import CHUNK, EventLog, LogReads, StateLog, seal, set_state_log
from .state import GameState


def tuplify(value: Any) -> Any:
    """JSON lists back into the tuples the state keeps."""
    if isinstance(value, list):
        return tuple(tuplify(v) for v in value)
    return value


def listify(value: Any) -> Any:
    """Tuples into JSON lists, all the way down."""
    if isinstance(value, tuple | list):
        return [listify(v) for v in value]
    return value


class Kind:
    """How one field is copied, written and read."""

    optional = False

    def clone_code(self, expr: str) -> str:
        """Python source that copies ``expr``."""
        return expr

    def clone_lines(self, name: str) -> list[str]:
        """The generated ``clone``'s lines that set ``c.<name>`` from ``self.<name>``."""
        return [f"c.{name} = {self.clone_code('self.' + name)}"]

    def slots(self, name: str) -> tuple[str, ...]:
        """The slots the field keeps its value in."""
        return (name,)

    def dump(self, value: Any) -> Any:
        return listify(value)

    def load(self, data: Any) -> Any:
        return tuplify(data)

    def check(self, value: Any) -> str | None:
        """What is wrong with ``value`` for this kind, or ``None``."""
        return None

    serialised = True


def _type_name(t: type | tuple[type, ...]) -> str:
    if isinstance(t, tuple):
        return " or ".join(x.__name__ for x in t)
    return t.__name__


def _is(value: Any, t: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and t is int:
        return False
    return isinstance(value, t)


class Value(Kind):
    """An immutable value (int, str, bool, a tuple of those, or ``None`` if optional): shared."""

    def __init__(self, t: type | tuple[type, ...] = object, optional: bool = False) -> None:
        self.t = t
        self.optional = optional

    def check(self, value: Any) -> str | None:
        if value is None:
            return None if self.optional else "is missing (null)"
        if self.t is not object and not _is(value, self.t):
            return f"is a {type(value).__name__}, not a {_type_name(self.t)}"
        return None


class List(Kind):
    """A flat list of immutable items: copied with one slice."""

    def __init__(self, item: type | tuple[type, ...] = object) -> None:
        self.item = item

    def clone_code(self, expr: str) -> str:
        return f"{expr}.copy()"  # (``.copy()`` makes no slice object: half the time of ``[:]``)

    def load(self, data: Any) -> Any:
        return [tuplify(v) for v in data]

    def check(self, value: Any) -> str | None:
        if not isinstance(value, list):
            return f"is a {type(value).__name__}, not a list"
        if self.item is not object:
            for v in value:
                if not _is(v, self.item):
                    return f"holds a {type(v).__name__}, not a {_type_name(self.item)}"
        return None


class Lists(List):
    """A list of flat lists (hands, units): each inner list copied."""

    UNROLLED = 6
    """Up to this many inner lists, the clone copies them one by one in a list display, which costs
    half what ``list(map(list.copy, …))`` does for a few short lists (no map object, no growing)."""

    def clone_code(self, expr: str) -> str:
        return f"list(map(list_copy, {expr}))"

    def clone_lines(self, name: str) -> list[str]:
        lines = [f"x = self.{name}", "n = len(x)"]
        for n in range(1, self.UNROLLED + 1):
            copies = ", ".join(f"x[{k}].copy()" for k in range(n))
            lines.append(f"{'if' if n == 1 else 'elif'} n == {n}:")
            lines.append(f"    c.{name} = [{copies}]")
        lines.append("else:")
        lines.append(f"    c.{name} = {self.clone_code('x')}")
        return lines

    def load(self, data: Any) -> Any:
        return [[tuplify(x) for x in v] for v in data]

    def check(self, value: Any) -> str | None:
        if not isinstance(value, list):
            return f"is a {type(value).__name__}, not a list"
        for inner in value:
            problem = List.check(self, inner)
            if problem:
                return problem
        return None


class Log(Kind):
    """The event log, declared as the field ``log``: kept in the slots ``log_sealed`` and
    ``log_tail`` (see ``core/log.py``), read as ``state.log`` (a :class:`~asobi.core.log.StateLog`),
    set from any log or events. A clone shares the sealed chunks and copies the open tail, sealing
    it first once it holds :data:`~asobi.core.log.CHUNK` events."""

    def slots(self, name: str) -> tuple[str, ...]:
        if name != "log":
            raise ValueError(f"the event log is declared as the field 'log', not {name!r}")
        return ("log_sealed", "log_tail")

    def clone_lines(self, name: str) -> list[str]:
        return [
            "t = self.log_tail",
            f"if len(t) >= {CHUNK}:",
            "    self.log_sealed = seal(self.log_sealed, t)",
            "c.log_tail = t.copy()",
            "c.log_sealed = self.log_sealed",
        ]

    def dump(self, value: Any) -> Any:
        return value.to_json()

    def load(self, data: Any) -> Any:
        return EventLog.from_json(data)

    def check(self, value: Any) -> str | None:
        if not isinstance(value, LogReads):
            return "is not an event log"
        if isinstance(value, StateLog) and not isinstance(value._state.log_tail, list):
            return "has an open tail that is not a list"
        return None


class Cache(Kind):
    """Derived data (a cached list of legal actions…): shared by a clone, not written, reset on
    reading."""

    serialised = False

    def __init__(self, empty: Any = None) -> None:
        self.empty = empty


class Shared(Kind):
    """A value every state of the class shares and nothing changes (a game's content, the tables
    derived from it), kept in a slot: the rules read it through the state, and on Python 3.11 a
    slot read is specialised where a class attribute read through the instance is not. Shared by a
    clone, not written, set from ``make()`` on reading."""

    serialised = False

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


class Custom(Kind):
    """A field with its own copy, dump and load (cards as ids in JSON, indices in the state)."""

    def __init__(
        self,
        clone: str = "{}",
        dump: Callable[[Any], Any] = listify,
        load: Callable[[Any], Any] = tuplify,
        check: Callable[[Any], str | None] | None = None,
    ) -> None:
        self._clone = clone
        self._dump = dump
        self._load = load
        self._check = check

    def dump(self, value: Any) -> Any:
        return self._dump(value)

    def load(self, data: Any) -> Any:
        return self._load(data)

    def clone_code(self, expr: str) -> str:
        return self._clone.format(expr)

    def check(self, value: Any) -> str | None:
        return self._check(value) if self._check is not None else None


def _log_length(self: Any) -> int:
    """How many events the log holds."""
    chunk = self.log_sealed
    return (chunk.end if chunk is not None else 0) + len(self.log_tail)


def _events_since(self: Any, start: int) -> list[Any]:
    """The events from index ``start`` on, oldest first."""
    return StateLog(self).since(start)


class DeclaredState(GameState):
    """A state whose fields are declared: :meth:`Fields.install` replaces these methods with ones
    generated from the declaration (they exist here so that type checkers see them)."""

    log_tail: list[EventFields]
    """The log's open tail, which the rules append to (a state that declares ``log=Log()``)."""
    log_sealed: Any
    """The log's last sealed chunk (see ``core/log.py``)."""

    def clone(self) -> Any:
        raise NotImplementedError(f"{type(self).__name__}: call FIELDS.install on the class")

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError(f"{type(self).__name__}: call FIELDS.install on the class")

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Any:
        raise NotImplementedError(f"{cls.__name__}: call FIELDS.install on the class")

    def field_errors(self) -> list[str]:
        raise NotImplementedError(f"{type(self).__name__}: call FIELDS.install on the class")


class Fields:
    """The declared fields of a state class."""

    def __init__(self, **kinds: Kind) -> None:
        self.kinds = kinds
        self.slots = tuple(slot for name, kind in kinds.items() for slot in kind.slots(name))

    def install(self, cls: type) -> None:
        """Give ``cls`` a generated ``clone``, ``to_json``, ``from_json``, ``field_errors`` and a
        ``fingerprint`` over every written field (the log through its chunked digest)."""
        lines = ["def clone(self):", "    c = new(cls)"]
        for name, kind in self.kinds.items():
            lines.extend("    " + line for line in kind.clone_lines(name))
        lines.append("    return c")
        namespace: dict[str, Any] = {"new": object.__new__, "cls": cls, "list_copy": list.copy, "seal": seal}
        exec("\n".join(lines), namespace)
        clone = namespace["clone"]
        clone.__doc__ = "An independent copy, field by field as each field's kind needs (generated)."
        clone.__qualname__ = f"{cls.__name__}.clone"
        kinds = self.kinds

        def to_json(self: Any) -> dict[str, Any]:
            return {name: kind.dump(getattr(self, name)) for name, kind in kinds.items() if kind.serialised}

        def from_json(klass: type, data: dict[str, Any]) -> Any:
            if not isinstance(data, dict):
                raise BadRecordError("state", f"a {klass.__name__} is a JSON object")
            s: Any = object.__new__(klass)
            for name, kind in kinds.items():
                if not kind.serialised:
                    if isinstance(kind, Shared):
                        setattr(s, name, kind.make())
                    else:
                        setattr(s, name, kind.empty if isinstance(kind, Cache) else None)
                    continue
                if name not in data:
                    raise BadRecordError("state", f"field {name!r} is missing")
                try:
                    value = kind.load(data[name])
                except (TypeError, ValueError, KeyError, IndexError, AttributeError) as e:
                    raise BadRecordError("state", f"field {name!r} cannot be read ({e})") from None
                problem = kind.check(value)
                if problem:
                    raise BadRecordError("state", f"field {name!r} {problem}")
                setattr(s, name, value)
            after = getattr(klass, "after_load", None)
            if after is not None:
                after(s)
            return s

        def field_errors(self: Any) -> list[str]:
            out = []
            for name, kind in kinds.items():
                problem = kind.check(getattr(self, name))
                if problem:
                    out.append(f"field {name} {problem}")
            return out

        def fingerprint(self: Any) -> str:
            body = {
                name: kind.dump(getattr(self, name))
                for name, kind in kinds.items()
                if kind.serialised and not isinstance(kind, Log)
            }
            text = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)
            logs = "".join(getattr(self, n).digest() for n, k in kinds.items() if isinstance(k, Log))
            return hashlib.sha256((text + logs).encode()).hexdigest()[:16]

        cls.clone = clone  # type: ignore[attr-defined]
        cls.to_json = to_json  # type: ignore[attr-defined]
        cls.from_json = classmethod(from_json)  # type: ignore[attr-defined]
        cls.field_errors = field_errors  # type: ignore[attr-defined]
        cls.fingerprint = fingerprint  # type: ignore[attr-defined]
        if any(isinstance(k, Log) for k in kinds.values()):
            log = property(StateLog, set_state_log, doc="The event log (a live view; see ``core/log.py``).")
            cls.log = log  # type: ignore[attr-defined]
            cls.log_length = _log_length  # type: ignore[attr-defined]
            cls.events_since = _events_since  # type: ignore[attr-defined]
        abc.update_abstractmethods(cls)

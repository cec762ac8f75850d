"""One hierarchy of errors, all ``ValueError`` subclasses.

Each error names what was wrong, the rule clause where one applies, and where it happened, so a
message can be shown to a person as it is. Raising one of these never leaves a half-changed state:
the engine checks before it mutates.
"""

from __future__ import annotations

from typing import Any


class AsobiError(ValueError):
    """Base of every error the engine raises on bad input.

    Errors cross process boundaries whole (a simulation worker's error reaches the command with
    its class, message and fields), although their constructors take keyword fields.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (type(self), str(self), dict(self.__dict__))


def _rebuild(cls: type[AsobiError], message: str, fields: dict[str, Any]) -> AsobiError:
    error = AsobiError.__new__(cls)
    ValueError.__init__(error, message)
    error.__dict__.update(fields)
    return error


class Shown(str):
    """Text that stands for a value in an error message; its ``repr`` is the text itself."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


SHOWN_DEPTH = 4
"""How deep :func:`summary` looks into nested lists."""


def summary(value: Any, limit: int = 80) -> Shown:
    """A short text of any value, safe however deep or long it is (for error messages)."""
    text = _short(value, 0)
    return Shown(text if len(text) <= limit else text[:limit] + "…")


def _short(x: Any, depth: int) -> str:
    if isinstance(x, list | tuple):
        opening, closing = ("(", ")") if isinstance(x, tuple) else ("[", "]")
        if depth >= SHOWN_DEPTH:
            return opening + "…" + closing
        inner = ", ".join(_short(item, depth + 1) for item in x[:6])
        if len(x) == 1 and isinstance(x, tuple):
            inner += ","
        return opening + inner + (", …" if len(x) > 6 else "") + closing
    if isinstance(x, dict):
        return "{…}"
    if isinstance(x, str):
        return repr(x[:40] + ("…" if len(x) > 40 else ""))
    if isinstance(x, int) and not isinstance(x, bool) and abs(x) > 10**20:
        return f"<{x.bit_length()}-bit int>"
    return repr(x)[:40]


def _shown(action: Any) -> str:
    """An action as an error names it: as written when it is a short flat action (the usual
    case), else a bounded summary (a hostile value may nest a thousand deep or hold huge ints)."""
    if type(action) is tuple and len(action) <= 8 and all(
        (type(x) is str and len(x) <= 40) or (type(x) is int and abs(x) <= 2**53) for x in action
    ):
        return repr(action)
    return repr(summary(action))


class ActionError(AsobiError):
    """An action that cannot be applied to a state.

    The text names the action, the rule and why, and nothing else: it is shown to the seat that
    submitted the action, so it never carries a fingerprint of the state or anything hidden from
    that seat.

    :ivar action: the offending action, as given.
    :ivar clause: the rule clause the action breaks, or ``None`` when no clause applies.
    :ivar state_id: the match's public state id (a count of applied actions) when known, else -1.
    """

    def __init__(self, message: str, *, action: Any, clause: str | None = None, state_id: int = -1) -> None:
        self.action = action
        self.clause = clause
        self.state_id = state_id
        where = f" [rule {clause}]" if clause else ""
        super().__init__(f"{message}: {_shown(action)}{where}")


class IllegalActionError(ActionError):
    """A well-formed action that the rules do not allow now."""


class NotYourTurnError(IllegalActionError):
    """An action submitted by a seat that is not the one to decide now.

    Its text is the same whatever anyone holds: whose turn it is is public, nothing else is said.
    """


class MalformedActionError(ActionError):
    """A value that is not an action of this game at all (wrong type or shape)."""


class BadOptionsError(AsobiError):
    """Game options that fail the game's options schema.

    :ivar option: the option's name.
    :ivar value: the value given.
    """

    def __init__(self, game: str, option: str, value: Any, reason: str) -> None:
        self.game = game
        self.option = option
        self.value = value
        super().__init__(f"{game}: option {option!r}={value!r}: {reason}")


class BadDataError(AsobiError):
    """A data file that fails its schema.

    :ivar file: the file's path or name.
    :ivar entry: the entry (card, square, preset…) in which the problem was found.
    :ivar field: the field of that entry.
    """

    def __init__(self, file: str, entry: str, field: str, reason: str) -> None:
        self.file = file
        self.entry = entry
        self.field = field
        super().__init__(f"{file}: entry {entry!r}, field {field!r}: {reason}")


class BadRecordError(AsobiError):
    """A game record or saved game that cannot be read or replayed.

    :ivar where: what was being read (a file, a saved-game id, an action index).
    """

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        super().__init__(f"{where}: {reason}")


class RulesVersionError(BadRecordError):
    """A record made under another rules version than the engine's."""

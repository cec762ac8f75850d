"""Actions: small, plain, hashable values.

An action is a tuple whose first item is a verb (``str``) and whose other items are ``int``,
``str`` or nested tuples of those, for example ``("move", 3, 7)`` or ``("card", "α2")``. Within
one game a verb always has the same shape, so plain tuple order is a stable total order, and
``legal_actions()`` returns actions sorted by it. In JSON an action is a list.

Actions read from outside (records, saved games, remote clients) are bounded, so that a hostile
value gives a :class:`MalformedActionError` rather than exhausting the stack or memory: an action
nests at most :data:`MAX_ACTION_DEPTH` tuples deep (the action itself counts as one, so
``("a", ("b", ("c", ("d",))))`` is the deepest allowed), a tuple holds at most
:data:`MAX_ACTION_ITEMS` items, a string at most :data:`MAX_ACTION_TEXT` characters and an int
lies within ±:data:`MAX_ACTION_INT`.
"""

from __future__ import annotations

from typing import Any

from .errors import MalformedActionError, summary

Action = tuple[Any, ...]

HIDDEN = "?"
"""What stands in a redacted action for an item its viewer may not see: ``("deploy", "?")``."""


MAX_ACTION_DEPTH = 4
"""How deep tuples nest in an action, the action itself included."""
MAX_ACTION_ITEMS = 256
"""The most items one tuple of an action holds (the verb included)."""
MAX_ACTION_TEXT = 200
"""The longest string in an action."""
MAX_ACTION_INT = 2**53
"""The largest magnitude of an int in an action (exact in every JSON reader)."""


def action_to_json(action: Action) -> list[Any]:
    """The JSON form of an action: tuples become lists."""
    return [action_to_json(x) if isinstance(x, tuple) else x for x in action]


def action_from_json(data: Any) -> Action:
    """The action a JSON value stands for.

    :raises MalformedActionError: if ``data`` is not a non-empty list that starts with a verb and
        holds only ints, strings and lists of those, within the bounds above; the message says
        which bound.
    """
    if not isinstance(data, list | tuple) or not data or not isinstance(data[0], str):
        raise MalformedActionError("an action is a list that starts with a verb", action=summary(data))
    problem = _problem(data, 1)
    if problem:
        raise MalformedActionError(problem, action=summary(data))
    return _to_tuple(data)


def _to_tuple(data: Any) -> Any:
    if isinstance(data, list | tuple):
        return tuple(_to_tuple(x) for x in data)
    return data


def _problem(data: list[Any] | tuple[Any, ...], depth: int) -> str:
    """What is wrong with the items of ``data`` (a list or tuple at nesting ``depth``), or ``""``."""
    if len(data) > MAX_ACTION_ITEMS:
        return f"an action list holds at most {MAX_ACTION_ITEMS} items"
    for x in data:
        if isinstance(x, str):
            if len(x) > MAX_ACTION_TEXT:
                return f"action strings are at most {MAX_ACTION_TEXT} characters"
        elif isinstance(x, bool):
            return "action items are ints, strings or lists of them (not true/false)"
        elif isinstance(x, int):
            if not -MAX_ACTION_INT <= x <= MAX_ACTION_INT:
                return "action ints lie within ±2**53"
        elif isinstance(x, list | tuple):
            if depth >= MAX_ACTION_DEPTH:
                return f"actions nest at most {MAX_ACTION_DEPTH} deep"
            problem = _problem(x, depth + 1)
            if problem:
                return problem
        else:
            return "action items are ints, strings or lists of them"
    return ""


def is_well_formed(action: Any) -> bool:
    """Whether ``action`` has the shape of an action (whatever the game), within the bounds."""
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str) or len(action) > MAX_ACTION_ITEMS:
        return False
    for x in action:  # the hot path (every apply): a flat action of ints and short strings
        kind = type(x)
        if kind is int:
            if not -MAX_ACTION_INT <= x <= MAX_ACTION_INT:
                return False
        elif kind is str:
            if len(x) > MAX_ACTION_TEXT:
                return False
        else:
            return not _problem(action, 1)
    return True



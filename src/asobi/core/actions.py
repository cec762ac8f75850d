"""Actions: small, plain, hashable values.

An action is a tuple whose first item is a verb (``str``) and whose other items are ``int``,
``str`` or nested tuples of those, for example ``("move", 3, 7)`` or ``("card", "α2")``. Within
one game a verb always has the same shape, so plain tuple order is a stable total order, and
``legal_actions()`` returns actions sorted by it. In JSON an action is a list.
"""

from __future__ import annotations

from typing import Any

from .errors import MalformedActionError

Action = tuple[Any, ...]


def action_to_json(action: Action) -> list[Any]:
    """The JSON form of an action: tuples become lists."""
    return [action_to_json(x) if isinstance(x, tuple) else x for x in action]


def action_from_json(data: Any) -> Action:
    """The action a JSON value stands for.

    :raises MalformedActionError: if ``data`` is not a non-empty list that starts with a verb and
        holds only ints, strings and lists of those.
    """
    if not isinstance(data, list | tuple) or not data or not isinstance(data[0], str):
        raise MalformedActionError("an action is a list that starts with a verb", action=data)
    return _to_tuple(data)


def _to_tuple(data: Any) -> Any:
    if isinstance(data, list | tuple):
        return tuple(_to_tuple(x) for x in data)
    if isinstance(data, bool) or not isinstance(data, int | str):
        raise MalformedActionError("action items are ints, strings or lists of them", action=data)
    return data


def is_well_formed(action: Any) -> bool:
    """Whether ``action`` has the shape of an action (whatever the game)."""
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return False
    try:
        _to_tuple(action)
    except MalformedActionError:
        return False
    return True

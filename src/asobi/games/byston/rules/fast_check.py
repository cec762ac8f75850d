"""The opening shared by the fast legality checks of the management phases — production (8),
repair (11) and building (12): each decides for the pending country, whose choices are tuples led
by a verb, and each may always be finished with ``("done",)``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..types import State

DONE = ("done",)


def opening(s: State, action: Any) -> tuple[int, str] | bool:
    """(the pending country, the action's verb) for the phase's check to look at, or the verdict
    when the opening settles it: not a non-empty tuple is illegal, a "done" legal if it is just
    that."""
    assert s.pending is not None
    if type(action) is not tuple or not action:
        return False
    verb = action[0]
    if verb == "done":
        return action == DONE
    return s.pending[2], verb

"""Event time (3.1, 3.2, 1.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..types import State

COUNT_RESET = 3


def task_event_time(s: State) -> None:
    """3.1 with L-1: when the count stands on 1 an event card is played and the count goes back to
    3; otherwise the count moves one square lower. So an event fires every third round (1.5)."""
    if s.event_count <= 1:
        s.event_count = COUNT_RESET
        s.log_tail.append(("3.1", "event_fires", (("count", s.event_count),), None))
        s.agenda.append(("draw_ordered", "event"))  # s.push
        return
    s.event_count -= 1
    s.log_tail.append(("3.1", "event_count", (("count", s.event_count),), None))

"""Event time (3.1, 3.2, 1.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .log import event_table

if TYPE_CHECKING:
    from ..types import State

COUNT_RESET = 3
_FIRES = event_table("3.1", "event_fires", count=range(COUNT_RESET + 1))
_COUNT = event_table("3.1", "event_count", count=range(COUNT_RESET + 1))
"""3.1's events for each place of the count (1..3), made once."""


def task_event_time(s: State) -> None:
    """3.1 with L-1: when the count stands on 1 an event card is played and the count goes back to
    3; otherwise the count moves one square lower. So an event fires every third round (1.5)."""
    if s.event_count <= 1:
        s.event_count = COUNT_RESET
        s.log_tail.append(_FIRES[s.event_count])
        s.agenda.append(("draw_ordered", "event"))  # s.push
        return
    s.event_count -= 1
    s.log_tail.append(_COUNT[s.event_count])

"""Turn timers: a game's host may give each person's seat a time to decide (off by default); when
it runs out, the game's ``normal`` level decides for that seat — the choice a hint would have
suggested — and every socket is told.

The clock is kept in the store, not in memory: a turn begins when the game's last action was
saved (or when the timer was set, if later), so it runs with nobody connected and across
restarts. The hub's :class:`TurnClock` looks every :data:`TICK` seconds for timed games whose
person to decide is out of time and has the hub open each one's room and decide
(:meth:`Hub.time_out <asobi.server.rooms.Hub.time_out>`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime
from typing import Protocol

from ..core.errors import AsobiError
from ..store import SeatTokens

log = logging.getLogger("asobi.server")

TICK = 2.0
"""Seconds between two looks for a seat out of time."""
MIN_SECONDS = 10
"""The shortest turn timer a host may set."""
MAX_SECONDS = 30 * 86400
"""The longest: thirty days."""


class Rooms(Protocol):
    """What the clock needs of the hub (:class:`~asobi.server.rooms.Hub`)."""

    @property
    def tokens(self) -> SeatTokens: ...

    async def time_out(self, game_id: int, seat: int) -> bool: ...


class TurnClock:
    """The hub's look for seats out of time, every ``tick`` seconds while the server runs."""

    def __init__(self, hub: Rooms, tick: float = TICK) -> None:
        self.hub = hub
        self.tick = tick
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.check()
            except AsobiError as e:  # the file cannot be read now (damaged, locked): the next look tries again
                log.warning("the turn clock's look failed: %s", e)
            except Exception:  # a bug of ours: its traceback is logged, and the next look tries again
                log.exception("the turn clock's look failed")

    async def check(self, now: datetime | None = None) -> list[int]:
        """Let a bot decide for every person out of time at ``now`` (default: now).

        :returns: the games where one did.
        """
        moment = now if now is not None else datetime.now(UTC)
        hub = self.hub
        decided = []
        for timed in hub.tokens.timed_games():
            if not timed.person or timed.deadline > moment:
                continue
            try:
                if await hub.time_out(timed.game_id, timed.to_move):
                    decided.append(timed.game_id)
            except AsobiError as e:  # played in a terminal now, or unreadable: its clock waits
                log.warning("game %s: no bot could decide for seat %s out of time: %s", timed.game_id,
                            timed.to_move, e)
            except Exception:  # a bug in this game's decision: logged, and the other games' clocks go on
                log.exception("game %s: the decision for seat %s out of time failed", timed.game_id, timed.to_move)
        return decided

"""Watching an event loop for stalls: how late its timers fire, and the collector's pauses.

A round trip that is usually 3 ms but sometimes 100 is waiting, not working: something held the
loop (a collection, a sync to disk, a long callback) or the process waited for a core. A
:class:`LoopWatch` tells which: a task sleeps :data:`TICK` seconds over and over and keeps how
late it woke; the collector's callbacks keep how long each collection took, in wall time and in
the thread's CPU time (a pause with little CPU was the process waiting for a core, not working).

``asobi.server.create_app(..., watch=path)`` runs one in the server and writes its summary to
``path`` when the server stops; ``scripts/loadtest.py --watch`` uses that and one of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from typing import Any

TICK = 0.002
"""Seconds the watching task sleeps between looks at the clock."""
WORST_FROM = 0.1
"""Stalls at least this long (seconds) are kept with the moment they began."""


class LoopWatch:
    """Lateness of the running loop's timers and the collector's pauses, while started."""

    def __init__(self) -> None:
        self.lateness: list[float] = []
        """Seconds each tick woke after it was due."""
        self.collections: list[tuple[int, float, float]] = []
        """Per collection: its generation, wall seconds, CPU seconds of the thread."""
        self.worst: list[tuple[float, float]] = []
        """Stalls over :data:`WORST_FROM`: how late, and seconds since watching began."""
        self._began = (0.0, 0.0)
        self._task: asyncio.Task[None] | None = None

    def _on_collection(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._began = (time.perf_counter(), time.thread_time())
        else:
            wall, cpu = self._began
            self.collections.append((int(info["generation"]), time.perf_counter() - wall, time.thread_time() - cpu))

    async def _tick(self) -> None:
        began = time.perf_counter()
        while True:
            due = time.perf_counter() + TICK
            await asyncio.sleep(TICK)
            late = max(0.0, time.perf_counter() - due)
            self.lateness.append(late)
            if late > WORST_FROM:
                self.worst.append((late, due - began))

    def start(self) -> None:
        """Start watching (on the loop to watch)."""
        gc.callbacks.append(self._on_collection)
        self._task = asyncio.get_running_loop().create_task(self._tick())

    async def stop(self) -> None:
        if self._on_collection in gc.callbacks:
            gc.callbacks.remove(self._on_collection)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def summary(self) -> dict[str, Any]:
        """Lateness percentiles and the total of stalls over 10 ms, in ms; collections by
        generation: how many, their total and longest wall and CPU time, in ms."""
        late = sorted(self.lateness)

        def at(p: float) -> float:
            return round(late[min(len(late) - 1, int(p / 100 * len(late)))] * 1000, 2) if late else 0.0

        by_generation: dict[str, dict[str, float]] = {}
        for generation, wall, cpu in self.collections:
            row = by_generation.setdefault(str(generation), {"count": 0, "wall_ms": 0.0, "cpu_ms": 0.0,
                                                             "longest_wall_ms": 0.0, "longest_cpu_ms": 0.0})
            row["count"] += 1
            row["wall_ms"] = round(row["wall_ms"] + wall * 1000, 2)
            row["cpu_ms"] = round(row["cpu_ms"] + cpu * 1000, 2)
            row["longest_wall_ms"] = round(max(row["longest_wall_ms"], wall * 1000), 2)
            row["longest_cpu_ms"] = round(max(row["longest_cpu_ms"], cpu * 1000), 2)
        stalls = [x for x in late if x > 0.010]
        return {
            "ticks": len(late),
            "late_ms": {"p50": at(50), "p99": at(99), "p99.9": at(99.9), "max": round(late[-1] * 1000, 2) if late else 0.0},
            "stalls_over_10ms": len(stalls),
            "stalled_ms": round(sum(stalls) * 1000, 1),
            "collections": by_generation,
            "worst": [[round(late * 1000, 1), round(at, 2)] for late, at in sorted(self.worst, reverse=True)[:5]],
        }

"""What keeps the server's event loop from standing still: its store's checkpoints left to a thread
of their own (the thread itself: tests/store/test_checkpoints.py), the collector's full
collections made rare, and the watch that measures the loop's stalls."""

from __future__ import annotations

import asyncio
import gc
import json
import time

from asobi.server.collector import FULL_AFTER, fewer_full_collections
from asobi.server.rooms import Hub
from asobi.server.watch import LoopWatch
from asobi.store import GameStore

from .conftest import new_game


def test_the_hubs_connections_leave_checkpoints_to_the_thread(tmp_path):
    async def check() -> None:
        hub = Hub(tmp_path / "games.sqlite3")
        hub.open()
        try:
            assert hub.store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
            assert hub.tokens.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
        finally:
            await hub.close()

    asyncio.run(check())


def test_actions_are_saved_with_the_thread_checkpointing(client, db_path):
    game = new_game(client, "emblem", seats=["bot:random", "bot:random"], seed=3)
    deadline = time.monotonic() + 60
    while True:  # an all-bot game plays to its end by itself
        listed = {g["id"]: g for g in client.get("/api/games").json()}[game["game_id"]]
        if listed["status"] == "finished":
            break
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.05)
    with GameStore(db_path, read_only=True) as store:
        record = store.load(game["game_id"])
    assert record.outcome is not None and len(record.actions) == listed["actions"]


def test_the_server_collector_freezes_and_puts_back():
    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    with fewer_full_collections():
        assert gc.get_freeze_count() > frozen
        assert gc.get_threshold()[2] == max(before[2], FULL_AFTER)
        assert gc.get_threshold()[:2] == before[:2]
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() <= frozen


async def _ticks_reach(watch: LoopWatch, n: int, limit: float = 10.0) -> None:
    """Let the loop run until the watch has counted ``n`` ticks (a busy machine may schedule the
    process seldom, so a fixed sleep may see only a few), or ``limit`` seconds have passed."""
    end = time.perf_counter() + limit
    while len(watch.lateness) < n and time.perf_counter() < end:
        await asyncio.sleep(0.005)


def test_the_watch_sees_a_stalled_loop_and_a_collection():
    async def stall() -> dict:
        watch = LoopWatch()
        watch.start()
        await _ticks_reach(watch, 3)
        time.sleep(0.12)  # holds the loop: the next tick is late by about this much
        await _ticks_reach(watch, len(watch.lateness) + 2)
        gc.collect()
        await watch.stop()
        return watch.summary()

    summary = asyncio.run(stall())
    assert summary["ticks"] > 3
    assert summary["late_ms"]["max"] >= 100
    assert len(summary["worst"]) >= 1 and summary["worst"][0][0] >= 100 and summary["worst"][0][1] >= 0.01
    assert summary["stalls_over_10ms"] >= 1
    assert summary["collections"]["2"]["count"] >= 1
    json.dumps(summary)  # written to a file by the server

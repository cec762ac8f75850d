"""The file as the play server holds it open: commits that do not wait for the disk, checkpoints
left to the thread, and everything closed (leases released) when it closes."""

from __future__ import annotations

import asyncio

import pytest

from asobi.core.record import GameRecord
from asobi.core.registry import get_game
from asobi.store import GameInUseError, GameStore, StoreError
from asobi.store.serving import ServingStore


def test_the_server_commits_without_waiting_and_leaves_checkpoints_to_its_thread(tmp_path):
    path = tmp_path / "games.sqlite3"

    async def check() -> None:
        served = ServingStore(path, asyncio.get_running_loop())
        try:
            assert served.games.db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
            for db in (served.games.db, served.tokens.db):
                assert db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
            assert served.checkpointer._thread.is_alive()
            spec = get_game("toy-highcard")
            options = spec.validate_options({})
            game_id = served.games.create(GameRecord.new(spec, options, ["human"] * 2, 1))
            served.games.lease(game_id)
            with GameStore(path) as other, pytest.raises(GameInUseError):
                other.lease(game_id)
        finally:
            served.close()
        assert not served.checkpointer._thread.is_alive()
        with GameStore(path) as other:
            other.lease(game_id)  # released on closing

    asyncio.run(check())


def test_a_file_that_is_no_database_is_a_store_error(tmp_path):
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is not SQLite " * 100)

    async def check() -> None:
        with pytest.raises(StoreError, match="not a usable asobi database"):
            ServingStore(path, asyncio.get_running_loop())

    asyncio.run(check())


def test_a_write_waits_for_another_programs_lock_without_blocking_and_is_all_or_nothing(tmp_path):
    import sqlite3
    import time

    from asobi.store.serving import StoreLocked

    path = tmp_path / "games.sqlite3"

    async def run() -> None:
        store = ServingStore(path, asyncio.get_running_loop())
        try:
            other = sqlite3.connect(path, isolation_level=None)
            other.execute("BEGIN EXCLUSIVE")
            started = time.monotonic()
            assert not store.games.begin_if_free(20)  # no waiting for the lock
            assert time.monotonic() - started < 0.01
            ticks = 0

            async def ticking() -> None:  # the loop goes on while the write waits
                nonlocal ticks
                while True:
                    ticks += 1
                    await asyncio.sleep(0.01)

            ticker = asyncio.get_running_loop().create_task(ticking())
            with pytest.raises(StoreLocked, match="locked by another program"):
                await store.write(lambda: pytest.fail("ran while the file was locked"), wait=0.3)
            assert ticks >= 10
            asyncio.get_running_loop().call_later(0.1, other.execute, "ROLLBACK")
            assert await store.write(lambda: "done", wait=5) == "done"  # once it is free
            ticker.cancel()
            spec = get_game("legion")
            game_id = store.games.create(GameRecord.new(spec, spec.validate_options({}), ["human"] * 3, 1))
            with pytest.raises(ZeroDivisionError):  # a failure inside rolls the whole change back
                await store.write(lambda: (store.games.set_language(game_id, "ja"), 1 / 0))
            assert store.games.language(game_id) is None
            await store.write(lambda: store.games.set_language(game_id, "ja"))
            assert store.games.language(game_id) == "ja"
            other.close()
        finally:
            store.close()

    asyncio.run(run())

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

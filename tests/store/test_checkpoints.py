"""The write-ahead log copied by a thread while a loop commits, and the loop finishing it when it
grows long, so that it starts over (``asobi.store.checkpoints``)."""

from __future__ import annotations

import asyncio
import sqlite3

from asobi.store.checkpoints import Checkpointer, finish_log, without_auto_checkpoints


def test_the_thread_copies_the_log_and_the_loop_starts_it_over(tmp_path):
    path = tmp_path / "log.sqlite3"

    async def write() -> tuple[Checkpointer, int, int]:
        db = sqlite3.connect(path, isolation_level=None)
        db.execute("PRAGMA journal_mode = WAL")
        without_auto_checkpoints(db)
        db.execute("CREATE TABLE t (x TEXT)")
        checkpointer = Checkpointer(path, asyncio.get_running_loop(), lambda: finish_log(db), period=0.01,
                                    restart_frames=20)
        checkpointer.start()
        most = 0
        try:
            for _ in range(400):  # each commit adds a frame or two; the log restarts long before 400
                db.execute("INSERT INTO t VALUES (?)", ("x" * 3000,))
                most = max(most, (path.parent / "log.sqlite3-wal").stat().st_size)
                await asyncio.sleep(0.002)
        finally:
            checkpointer.stop()
        rows = db.execute("SELECT count(*) FROM t").fetchone()[0]
        db.close()
        return checkpointer, most, rows

    checkpointer, most, rows = asyncio.run(write())
    assert rows == 400
    assert checkpointer.checkpoints > 0 and checkpointer.restarts > 0
    assert most < 400 * 3000  # bounded: the log did not keep every commit
    again = sqlite3.connect(path)
    assert again.execute("SELECT count(*) FROM t").fetchone()[0] == 400
    again.close()

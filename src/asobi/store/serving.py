"""The saved-games file as the play server holds it open: its games, its seat tokens, commits that
do not wait for the disk, and the write-ahead log copied by a thread.

The server's connection commits without waiting for the disk (``synchronous = NORMAL`` in WAL
mode): a committed action survives the server being killed (``kill -9``), since the operating
system holds the write, and only a crash of the whole machine could lose the last ones. It makes a
commit about ten times cheaper, which is what lets one server keep a hundred games' round trips
short (scripts/loadtest.py). Its connections leave copying the log into the database to a thread
(:mod:`.checkpoints`), so the event loop does not wait on the disk.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

from .checkpoints import Checkpointer, finish_log, without_auto_checkpoints
from .sqlite import GameStore, StoreError
from .tokens import SeatTokens


class ServingStore:
    """The file at ``path`` opened for a server running on ``loop`` (open it on the loop's
    thread: SQLite connections stay on theirs).

    :raises StoreError: if the file cannot be opened or set up.
    """

    def __init__(self, path: Path, loop: asyncio.AbstractEventLoop) -> None:
        self.games = GameStore(path)
        try:
            self.tokens = SeatTokens(self.games.path)
        except StoreError:
            self.games.close()
            raise
        try:
            self.games.db.execute("PRAGMA synchronous = NORMAL")
            for db in (self.games.db, self.tokens.db):
                without_auto_checkpoints(db)
        except sqlite3.Error as e:
            self.tokens.close()
            self.games.close()
            raise StoreError(f"{path}: cannot set up the store ({e})") from None
        self.log_restarts: list[tuple[float, float]] = []
        """Each time the loop finished the log: seconds since the store opened, and ms it took."""
        self._began = time.perf_counter()
        self.checkpointer = Checkpointer(self.games.path, loop, self._finish_log)
        self.checkpointer.start()

    def _finish_log(self) -> None:
        start = time.perf_counter()
        finish_log(self.games.db)
        self.log_restarts.append((round(start - self._began, 2), round((time.perf_counter() - start) * 1000, 1)))

    def close(self) -> None:
        """Stop the checkpoint thread and close the file (releasing every lease it holds)."""
        self.checkpointer.stop()
        self.tokens.close()
        self.games.close()

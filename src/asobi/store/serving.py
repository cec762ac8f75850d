"""The saved-games file as the play server holds it open: its games, its seat tokens, commits that
do not wait for the disk, and the write-ahead log copied by a thread.

The server's connection commits without waiting for the disk (``synchronous = NORMAL`` in WAL
mode): a committed action survives the server being killed (``kill -9``), since the operating
system holds the write, and only a crash of the whole machine could lose the last ones. It makes a
commit about ten times cheaper, which is what lets one server keep a hundred games' round trips
short (scripts/loadtest.py). Its connections leave copying the log into the database to a thread
(:mod:`.checkpoints`), so the event loop does not wait on the disk.

Nor does the loop wait on another program's lock on the file (``sqlite3 games.sqlite3`` with a
transaction open, a backup tool): its connections wait at most :data:`BUSY_MS` for a lock, and a
change to a game (:meth:`ServingStore.write`) waits for the write lock by trying again every few
milliseconds while the loop serves everything else, for up to :data:`LOCK_WAIT` seconds, then is
refused (a :class:`StoreLocked`: nothing changed). Reading does not wait: in WAL mode a writer
does not lock readers out.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from .checkpoints import Checkpointer, finish_log, without_auto_checkpoints
from .sqlite import GameStore, StoreError
from .tokens import SeatTokens

T = TypeVar("T")

BUSY_MS = 20
"""The longest (ms) a statement of the server's waits for another program's lock before it fails:
the event loop stands still meanwhile. A terminal's commit takes a few ms; a longer lock is
another program's business, waited for by :meth:`ServingStore.write` without holding the loop."""
LOCK_WAIT = 5.0
"""Seconds a change to a game waits for another program to let go of the file's write lock (as
long as the command line's SQLite connections wait) before it is refused."""
RETRY = (0.002, 0.05)
"""The first and the longest pause (s) between tries for the write lock (doubling in between)."""


class StoreLocked(StoreError):
    """Another program held the file's write lock for as long as a change may wait: nothing changed."""


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
                db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        except sqlite3.Error as e:
            self.tokens.close()
            self.games.close()
            raise StoreError(f"{path}: cannot set up the store ({e})") from None
        self.log_restarts: list[tuple[float, float]] = []
        """Each time the loop finished the log: seconds since the store opened, and ms it took."""
        self._began = time.perf_counter()
        self.checkpointer = Checkpointer(self.games.path, loop, self._finish_log)
        self.checkpointer.start()

    async def write(self, change: Callable[[], T], *, wait: float = LOCK_WAIT) -> T:
        """Run ``change`` (which writes to :attr:`games`, and must not await) as one transaction,
        once the file's write lock is free: until then the loop goes on (a try every few ms, up to
        ``wait`` seconds), and nothing of ``change`` has run.

        :raises StoreLocked: if another program held the lock all that time (``change`` never ran).
        :raises StoreError: if the write fails (nothing of it is saved); whatever ``change`` raises
            (the transaction rolled back).
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + wait
        pause = RETRY[0]
        while not self.games.begin_if_free(BUSY_MS):
            left = deadline - loop.time()
            if left <= 0:
                raise StoreLocked(f"{self.games.path} is locked by another program (waited {wait:g} s for it to "
                                  "finish writing); nothing was changed; close that program or wait for it, "
                                  "then try again")
            await asyncio.sleep(min(pause, left))
            pause = min(pause * 2, RETRY[1])
        with self.games.held():
            return change()

    def _finish_log(self) -> None:
        start = time.perf_counter()
        finish_log(self.games.db)
        self.log_restarts.append((round(start - self._began, 2), round((time.perf_counter() - start) * 1000, 1)))

    def close(self) -> None:
        """Stop the checkpoint thread and close the file (releasing every lease it holds)."""
        self.checkpointer.stop()
        self.tokens.close()
        self.games.close()

"""Copying a busy writer's write-ahead log into the database file away from its event loop.

In WAL mode SQLite appends each commit to the ``-wal`` file, and by default the connection that
commits also copies the log back into the database (a checkpoint) once it passes 1,000 pages,
syncing both files to disk. On the play server that connection belongs to the event loop, so every
game stood still while the disk synced: with 100 games (scripts/loadtest.py) a pause of 25–100 ms
about every 200–270 actions. Here the loop's connections never checkpoint by themselves; a thread
of ours does, on a connection of its own, every :data:`PERIOD` seconds, while the loop goes on
committing (SQLite lets one checkpoint run beside the writer).

A checkpoint that runs beside commits cannot finish the log (frames land while it copies), and
SQLite starts the log over from its beginning only when a commit finds every frame copied. So once
the log holds :data:`RESTART_FRAMES` frames, the thread asks the loop to copy the last few itself
(one short checkpoint between two commits, a sync of both files); the next commit then starts the
log anew. The log stays bounded, and the loop waits on the disk once every few thousand frames
instead of once every thousand.

Durability is that of ``synchronous = NORMAL`` (see :class:`~asobi.store.serving.ServingStore`):
a commit is in the log before a client hears of it, so killing the server loses nothing; the log
is synced to disk at each checkpoint, so a crash of the whole machine can lose the actions of the
last period or so.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

PERIOD = 0.5
"""Seconds between the thread's checkpoints."""
RESTART_FRAMES = 10_000
"""Log frames (pages, 4 KiB by default: 40 MB) past which the loop finishes the log so it starts over."""
log = logging.getLogger("asobi.store")


def without_auto_checkpoints(db: sqlite3.Connection) -> None:
    """Make ``db`` (a connection of the loop's) leave checkpoints to :class:`Checkpointer`."""
    db.execute("PRAGMA wal_autocheckpoint = 0")


def _checkpoint(db: sqlite3.Connection) -> list[tuple[int, int, int]] | None:
    """One passive checkpoint with ``db``: SQLite's row (busy, log frames, frames copied), or
    ``None`` when it failed (logged: the log is copied at the next one)."""
    try:
        return db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()  # fetched: no statement left reading
    except sqlite3.Error as e:
        log.warning("could not copy the write-ahead log into the database: %s", e)
        return None


def finish_log(db: sqlite3.Connection) -> None:
    """Copy what is left of the log with the loop's own connection ``db`` (between its commits,
    so nothing is written meanwhile and the next commit starts the log over)."""
    _checkpoint(db)


class Checkpointer:
    """A thread that checkpoints the database at ``path`` every :data:`PERIOD` seconds and, when
    the log is long, has ``finish`` (the loop's :func:`finish_log`) run on ``loop``."""

    def __init__(self, path: Path, loop: asyncio.AbstractEventLoop, finish: Callable[[], None],
                 *, period: float = PERIOD, restart_frames: int = RESTART_FRAMES) -> None:
        self.path = path
        self.loop = loop
        self.finish = finish
        self.period = period
        self.restart_frames = restart_frames
        self.checkpoints = 0
        """Checkpoints the thread made (for tests and curiosity)."""
        self.restarts = 0
        """Times it asked the loop to finish the log."""
        self._stop = threading.Event()
        self._finishing = threading.Event()
        """Set while the loop has a :attr:`finish` to run: one at a time, however busy it is."""
        self._thread = threading.Thread(target=self._run, name="asobi-checkpoints", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread (waiting for a checkpoint under way to end)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        try:
            db = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        except sqlite3.Error as e:
            log.warning("%s: no checkpoint thread (%s); the write-ahead log is copied only on shutdown", self.path, e)
            return
        try:
            without_auto_checkpoints(db)
            while not self._stop.wait(self.period):
                rows = _checkpoint(db)
                if rows is None:
                    continue
                self.checkpoints += 1
                busy, frames, copied = rows[0] if rows else (1, -1, -1)
                if not busy and frames >= self.restart_frames and copied >= 0 and not self._finishing.is_set():
                    self.restarts += 1
                    self._finishing.set()
                    try:
                        self.loop.call_soon_threadsafe(self._finish_on_loop)
                    except RuntimeError:  # the loop is closed: the server is stopping
                        return
        finally:
            db.close()

    def _finish_on_loop(self) -> None:
        try:
            if not self._stop.is_set():
                self.finish()
        finally:
            self._finishing.clear()

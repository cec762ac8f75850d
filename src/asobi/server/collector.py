"""Python's cycle collector tuned for a server that keeps many games in memory.

A full collection walks every object the collector tracks, and the event loop stands still
meanwhile. With 100 games of a 2-player card game at 100 actions each the server held about 150,000 such
objects (the modules, the games' states, their journals and logs), and a full collection took
80–190 ms of CPU on the development VM; the default thresholds ran two to four per 10,000 actions
as the games' histories grew. Yet those collections found nothing: playing an action leaves no
cyclic garbage behind (every object it drops is freed by its reference count), and what the
server keeps is kept on purpose. So, while the server runs:

- what exists once it has started (imported modules, the app, games resumed at start) is
  frozen: moved out of the collector's reach until the server stops, so no collection walks it;
- a full collection falls due after :data:`FULL_AFTER` collections of the middle generation
  instead of 10 (Python still waits, too, until the long-lived objects have grown by a quarter).
  The young and middle generations are collected as usual, so short-lived cycles (a failed
  request's traceback, a closed socket's objects) are still freed promptly; what reaches the
  oldest generation waits about ten times longer than by default.

A full collection still pauses every game, about once every 50,000 actions at that load. Both
settings are the process's and are put back when the server stops.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

FULL_AFTER = 100
"""Middle-generation collections before a full one is considered (Python's default: 10)."""


@contextlib.contextmanager
def fewer_full_collections() -> Iterator[None]:
    """Freeze what exists now and make full collections rarer, until the block ends."""
    thresholds = gc.get_threshold()
    gc.collect()  # what start-up left as garbage is freed, not frozen
    gc.freeze()
    gc.set_threshold(thresholds[0], thresholds[1], max(thresholds[2], FULL_AFTER))
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()

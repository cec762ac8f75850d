"""A search bot's think in a process of its own, so that it does not share the server's
interpreter lock with the event loop.

A search in a worker thread holds the interpreter half the time the loop wants it: beside one
room of 2-second searches, the p99 round trip of 100 other games was 152 times that of the run
without it with the search in a thread, and 1.25–1.40 times with it in a process
(``scripts/loadtest.py --hostile --matches 100 --actions 60``; docs/server.md). So the server
forks for each search decision: the child has the match as it is (copied on write), decides,
sends the action back through a pipe and exits; the loop's thread waits for it without the lock.
The child runs at a lower priority (:data:`NICENESS`), so on a busy machine the kernel gives the
server's loop the core first. What the child's bot learned (its generator's draws, a kept tree)
stays in the child: the next decision starts from the bot as it was, which a search bot under a
time budget (as every search a remote client seats is) plays just as well.

A finished game's replay (:mod:`.replay`: seconds of work for a long game) is built the same way,
by :func:`apart`.
"""

from __future__ import annotations

import os
import pickle
import select
import signal
import time
from collections.abc import Callable

from ..core.actions import Action
from ..core.match import Match

NICENESS = 10
"""How much lower the search's process runs in the scheduler than the server: a search is
background work, the round trips of the games beside it are not."""


HANG_SECONDS = 300.0
"""How long the server waits for a search's process before it takes it for hung and kills it (a
child forked from a process with threads could in principle find a lock held for ever); far
above any search's own budget (``--max-bot-seconds`` for a remote client's bots)."""


class ThinkFailed(Exception):
    """The child deciding for a search bot (or building a replay) failed (its error's text), died
    or hung."""


def decide_apart(match: Match, hang_seconds: float = HANG_SECONDS) -> Action | None:
    """``match.decide()`` in a forked child; call it from a worker thread (it blocks until the
    child answers, or ``hang_seconds`` have passed: then the child is killed).

    :raises ThinkFailed: if the child raised, died or hung.
    """
    action: Action | None = pickle.loads(apart(lambda: pickle.dumps(match.decide()), "search", hang_seconds))
    return action


def apart(work: Callable[[], bytes], what: str, hang_seconds: float = HANG_SECONDS) -> bytes:
    """``work()`` in a forked child at :data:`NICENESS`, its bytes handed back through a pipe;
    call it from a worker thread (it blocks until the child ends, or ``hang_seconds`` have
    passed: then the child is killed). ``what`` names the work in errors.

    :raises ThinkFailed: if the child raised (its error's text), died or hung.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: work, answer, and leave without running anything of the parent's
        code = 0
        try:
            os.close(read_end)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.nice(NICENESS)  # the machine's cores go to the games' round trips first
            try:
                answer = b"+" + work()
            except BaseException as e:  # told to the parent as text: the child only leaves
                answer = b"-" + f"{type(e).__name__}: {e}"[:500].encode()
            with os.fdopen(write_end, "wb") as out:
                out.write(answer)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    chunks = []
    with os.fdopen(read_end, "rb", buffering=0) as answer_in:
        deadline = time.monotonic() + hang_seconds
        while True:  # read as the child writes: an answer longer than the pipe holds must not stall it
            ready, _, _ = select.select([answer_in], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                raise ThinkFailed(f"the {what}'s process gave no answer in {hang_seconds:g} s and was stopped")
            chunk = answer_in.read(1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    data = b"".join(chunks)
    if not data:
        raise ThinkFailed(f"the {what}'s process died without an answer")
    if data[:1] != b"+":
        raise ThinkFailed(data[1:].decode(errors="replace"))
    return data[1:]

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
"""

from __future__ import annotations

import os
import pickle
import select
import signal

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
    """The child deciding for a search bot failed (its error's text), died or hung."""


def decide_apart(match: Match, hang_seconds: float = HANG_SECONDS) -> Action | None:
    """``match.decide()`` in a forked child; call it from a worker thread (it blocks until the
    child answers, or ``hang_seconds`` have passed: then the child is killed).

    :raises ThinkFailed: if the child raised, died or hung.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: decide, answer, and leave without running anything of the parent's
        code = 0
        try:
            os.close(read_end)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.nice(NICENESS)  # the machine's cores go to the games' round trips first
            try:
                answer = pickle.dumps(("action", match.decide()))
            except BaseException as e:  # told to the parent as text: the child only leaves
                answer = pickle.dumps(("error", f"{type(e).__name__}: {e}"[:500]))
            with os.fdopen(write_end, "wb") as out:
                out.write(answer)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as answer_in:
        ready, _, _ = select.select([answer_in], [], [], hang_seconds)
        if not ready:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise ThinkFailed(f"the search's process gave no answer in {hang_seconds:g} s and was stopped")
        data = answer_in.read()
    os.waitpid(pid, 0)
    if not data:
        raise ThinkFailed("the search's process died without an answer")
    kind, value = pickle.loads(data)
    if kind != "action":
        raise ThinkFailed(str(value))
    action: Action | None = value
    return action

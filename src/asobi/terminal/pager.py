"""Stepping through a recorded game (``asobi replay --step``), and naming its seats.

The pager replays the record action by action through the match loop, so each step shows what
the chosen seat saw (other seats' hidden actions redacted), then the board as it stood after that
step. Enter goes on; a number goes on that many steps; ``e`` runs to the end; ``q``, Ctrl-D or
Ctrl-C stop it. A saved game the engine's rules no longer replay (read-only) is paged the same way
from its stored log, without a board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.errors import AsobiError
from ..core.match import Match
from ..core.record import GameRecord
from ..core.replay import replaying
from ..core.state import CHANCE
from ..store import StoredLog


def seat_index(names: Sequence[str], text: str | None, where: str) -> int | None:
    """The seat ``text`` names: its letter as the screens show it (``B``, any case) or its
    number from 0; ``None`` for none given.

    :raises AsobiError: for a seat the game does not have, naming the ones it has.
    """
    if text is None:
        return None
    t = text.strip()
    upper = [n.upper() for n in names]
    if t.upper() in upper:
        return upper.index(t.upper())
    if t.isdigit() and int(t) < len(names):
        return int(t)
    listed = ", ".join(f"{n} (or {i})" for i, n in enumerate(names))
    raise AsobiError(f"{where}: no seat {t}; this game's seats are {listed}")


def step_through(record: GameRecord, seat: int | None, lang: str, read: Callable[[str], str],
                 write: Callable[[str], None], where: str) -> Match:
    """Show ``record`` one action at a time as ``seat`` saw it, with the board after each step,
    waiting for the reader between steps. Returns the match as far as it was shown."""
    spec = record.spec
    names = tuple(spec.seat_title(n, lang) for n in spec.seat_names(record.options))
    steps = replaying(record, journal=True, where=where)
    match = next(steps)
    for event in match.opening_events(seat):
        write("  · " + spec.event_text(event, lang))
    ja = lang == "ja"

    def advance(i: int) -> None:
        before = match.state_id
        next(steps)  # the record's next action, checked (ReplayError names a refused one)
        for update in match.updates(seat, before, lang):
            who = ("偶然" if ja else "chance") if update.actor == CHANCE else names[update.actor]
            write(f"[{who}] {update.label}")
            for event in update.events:
                write("  · " + spec.event_text(event, lang))

    _page(len(record.actions), advance, lambda: spec.present.render(match.view(seat), seat, lang), read, write, ja)
    return match


def step_through_stored(log: StoredLog, seat: int | None, lang: str, read: Callable[[str], str],
                        write: Callable[[str], None]) -> int:
    """Page through a saved game the engine's rules no longer replay, from its stored log: each
    action as ``seat`` saw it, one at a time (no board: drawing one needs the rules). Returns how
    many actions were shown."""
    shown = 0

    def advance(i: int) -> None:
        nonlocal shown
        for line in log.action_lines(i, seat, lang):
            write(line)
        shown = i + 1

    _page(len(log.actions), advance, None, read, write, lang == "ja")
    return shown


def _page(total: int, advance: Callable[[int], None], board: Callable[[], str] | None,
          read: Callable[[str], str], write: Callable[[str], None], ja: bool) -> None:
    """Run ``advance`` for steps 0… ``total`` - 1, waiting for the reader after each one (the
    board, when there is one, and the position first): Enter goes on, a number skips that many,
    ``e`` runs to the end, and q, Ctrl-D or Ctrl-C stop."""
    prompt = ("[Enter 次へ, 数字 = その手数進む, e = 最後まで, q = 終了] > " if ja
              else "[Enter next, a number = that many steps, e = to the end, q = stop] > ")
    skip = 0
    for i in range(total):
        advance(i)
        if skip > 0:
            skip -= 1
            continue
        if skip < 0:  # to the end
            continue
        if board is not None:
            write(board())
        write(f"({i + 1}/{total})")
        if i + 1 == total:
            return
        answer = _ask(read, prompt)
        if answer is None:
            write("（中断）" if ja else "(stopped)")
            return
        if answer == "e":
            skip = -1
        elif answer.isdigit() and int(answer) > 0:
            skip = int(answer) - 1
    if board is not None:
        write(board())


def _ask(read: Callable[[str], str], prompt: str) -> str | None:
    """The reader's answer, or ``None`` when they stop (q, end of input, Ctrl-C)."""
    try:
        answer = read(prompt).strip().lower()
    except (EOFError, KeyboardInterrupt):
        return None
    return None if answer in ("q", "quit", "exit") else answer

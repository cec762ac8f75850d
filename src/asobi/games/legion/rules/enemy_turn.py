"""The enemy turn (7.1–7.7): the pieces advance, each square moves the ship and applies its
effects, then each piece attacks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..content import content
from .log import event_table
from .resolve import ATTACK_SHIELDED
from .stack import task_announce, task_priority

if TYPE_CHECKING:
    from ..types import State


_PIECE_TASKS = (("attack", 2), ("attack", 1), ("attack", 0), ("square", 2), ("square", 1), ("square", 0))
"""7.2 then 7.5, pieces 1→2→3, in agenda order (the last one runs first)."""
_ADVANCED = event_table("7.1", "piece_advanced", piece=(1, 2, 3), esq=content().square_ids)
"""7.1: ``_ADVANCED[piece][square]``: the event of a piece advancing to an enemy square, made once."""


def task_enemy_turn(s: State) -> None:
    """7.1: each piece on the map advances as many squares as its number (L-12: the track loops)."""
    s.turn = -1
    s.need_cache = None  # forgets 5.7's kept threshold (level.py): the pieces' squares count in 5.7's threshold
    tail = s.log_tail
    tail.append(("7.1", "enemy_turn", (), None))
    length = len(s.content.square_ids)
    for i, pos in enumerate(s.pieces):
        if pos >= 0:
            s.pieces[i] = to = (pos + i + 1) % length
            tail.append(_ADVANCED[i][to])
    s.agenda.extend(_PIECE_TASKS)
    if s.timing != "simple":
        # L-28: the players may answer the pieces' advance (the window's task, run at once: it
        # would run next, with nothing in between)
        task_priority(s, "7.1", -1)


def task_square(s: State, piece: int) -> None:
    """7.2: pieces 1→2→3: first the ship moves as the square's "to〜" says, then its effects.
    L-23: the ship move is announced on the stack like the effects, so a strategy (moving a
    weapon out of its way) can answer it; seats that cannot answer are not asked."""
    pos = s.pieces[piece]
    if pos < 0:
        return
    tasks = s.tables.square_tasks[pos]
    if tasks:
        agenda = s.agenda
        agenda.extend(reversed(tasks))
        # The first announce task would run next, with nothing in between: run it at once.
        task_announce(s, agenda.pop()[1])


def task_attack(s: State, piece: int) -> None:
    """7.5: each piece attacks with its square's code; 7.6: a shield code equal to it negates the
    attack (L-13: automatically, and the shield code stays). Checked here, so a shielded attack
    opens no window, and again when the attack resolves (resolve.py)."""
    pos = s.pieces[piece]
    if pos < 0:
        return
    code = s.content.square_code[pos]
    if code in s.shield:
        s.log_tail.append(ATTACK_SHIELDED[piece][code])
        return
    # (its announce task, run at once rather than put on the agenda to run next)
    task_announce(s, s.tables.attack_tasks[piece][code][1])

"""The flow of a round (2.1) and the end of the game (2.2, 2.3, L-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asobi.core.state import TERMINAL

from .draw import put_at_bottom, task_draw_phase
from .log import event_table, seat_events
from .shield import SHIELD_PHASE
from .window import SEATS_IN

if TYPE_CHECKING:
    from ..types import State


_ROUND_TASKS = tuple(
    tuple(reversed([*(("turn", seat) for seat in range(n)), ("enemy_turn",), ("event_time",), ("round",)]))
    for n in range(6)
)
"""2.1: the tasks of a round for ``n`` players, in agenda order (the last one runs first)."""
_TURN_TASKS = tuple((("end_turn", seat), SHIELD_PHASE[seat], ("main", seat)) for seat in range(5))
"""2.1, 4.1–4.4: the phases of a seat's turn after its draw phase (which :func:`task_turn` runs
at once), in agenda order."""
_ROUND_TASKS_PRINTED = tuple(
    tuple(
        reversed(
            [*(("turn", seat) for seat in range(n)), ("enemy_turn",), ("priority", "7.5", -1), ("event_time",), ("round",)]
        )
    )
    for n in range(6)
)
_TURN_TASKS_PRINTED = tuple(
    (("window_end_turn", seat), SHIELD_PHASE[seat], ("window_main", seat, "4.1")) for seat in range(5)
)
"""L-28 (printed timing): the same, with a window for strategies after the draw phase (run with
the main phase that follows it, ``window_main``), after the shield phase (with the end of the
turn, ``window_end_turn``) and after the enemy turn's attacks (the enemy turn adds one after its
pieces advance, the main phase one after each main action)."""


_TURN_EVENTS = seat_events("2.1", "turn")
_ROUND_EVENTS = event_table("2.1", "round", round=range(201))
"""2.1: each round's event, up to the longest game the difficulty presets allow (200 rounds)."""


def task_round(s: State) -> None:
    """2.1: each player's turn A→…, then the enemy turn, then the event time, again and again."""
    s.round += 1
    if s.round > s.round_limit:
        s.round -= 1
        s.say("L-9", "round_limit", rounds=s.round_limit)
        finish(s, "timeout", "L-9")
        return
    s.log_tail.append(_ROUND_EVENTS[s.round])
    s.agenda.extend((_ROUND_TASKS if s.timing == "simple" else _ROUND_TASKS_PRINTED)[s.n])


def task_turn(s: State, seat: int) -> None:
    """2.1: one player's turn is the draw, main and shield phases (4.1–4.4)."""
    s.turn = seat
    s.used = 0
    s.log_tail.append(_TURN_EVENTS[seat])
    s.agenda.extend((_TURN_TASKS if s.timing == "simple" else _TURN_TASKS_PRINTED)[seat])
    # The draw phase would be the next task, with nothing in between: run it at once.
    task_draw_phase(s, seat)


def task_end_turn(s: State, seat: int) -> None:
    s.turn = -1


def task_window_end_turn(s: State, seat: int) -> None:
    """L-28: the window after the shield phase (4.3, nobody skipped), then the end of the turn:
    the tasks ``("priority", "4.3", -1)`` and ``("end_turn", seat)`` in one."""
    bits = s.answerers  # (every seat's: ``& ALL_BUT[-1]`` would change nothing)
    if bits:
        s.agenda.append(_END_TURN[seat])  # runs once the window has closed
        window = s.window = SEATS_IN[bits]
        s.pending = ("priority", window[0], "4.3", -1)  # s.ask("priority", window[0], "4.3", -1)
        s.legal_cache = None
        return
    s.turn = -1


_END_TURN = tuple(("end_turn", seat) for seat in range(5))


def finish(s: State, reason: str, clause: str) -> None:
    """End the game, putting away the cards still in play so every card is somewhere."""
    army_index = s.content.army_index
    for item in s.stack:
        if item[0] == "strategy":
            s.army_discard[army_index[item[1]]] += 1
    for task in s.agenda:
        if task[0] == "card_bottom":
            put_at_bottom(s, task[1], task[2])
    if s.pending is not None and s.pending[0] == "place":
        s.army_discard[s.pending[2]] += 1
        s.code_discard[s.pending[3]] += 1
    s.ended = (reason, clause)
    s.current_seat = TERMINAL
    s.pending = None
    s.chance = None
    s.agenda = []
    s.stack = ()
    s.window = ()


def check_end(s: State) -> bool:
    """2.2 the players win when the enemy life reaches 0; 2.3 they lose when the Space life does."""
    if s.ended is not None:
        return True
    if s.enemy_life <= 0:
        s.log_tail.append(("2.2", "won", (), None))
        finish(s, "won", "2.2")
        return True
    if s.space_life <= 0:
        s.log_tail.append(("2.3", "lost", (), None))
        finish(s, "lost", "2.3")
        return True
    return False

"""The turn (4.1), the states that change by themselves (29.2, 31.2) and the end of the game
(27.1, 27.2, B-33)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import ARMED, KU, NA, NEUTRAL, TL7_DRAKE, TL7_KU
from ..control import camp_income

if TYPE_CHECKING:
    from ..types import State

LAST_TURN = 16
"""27.1."""

TURN_PHASES: tuple[tuple[Any, ...], ...] = (
    ("war_status",),
    ("declare_round",),
    ("income",),
    ("develop_phase",),
    ("produce_phase",),
    ("repair_phase",),
    ("build_phase",),
    ("character_phase",),
    ("action_phases",),
    ("end_turn",),
    ("turn",),
)
"""4.1: the phases of a turn, in order (the action phases last, one per chit drawn)."""


def band(difference: int) -> str:
    """27.2: the result band for Drake's camp's income minus Sheela's camp's."""
    if difference >= 20:
        return "drake_complete"
    if difference >= 1:
        return "drake_ahead"
    if difference >= -24:
        return "draw"
    if difference >= -29:
        return "sheela_ahead"
    return "sheela_complete"


def task_turn(s: State) -> None:
    """4.1: the next turn, or the end after turn 16 (27.1)."""
    if s.turn == LAST_TURN:
        drake, sheela = camp_income(s)
        result = band(drake - sheela)
        s.say("27.1", "game_over", ("turn", s.turn))
        s.say("27.2", "final_income", ("drake", drake), ("sheela", sheela), ("difference", drake - sheela), ("band", result))
        s.finish((result, "27.2", drake, sheela))
        return
    s.turn += 1
    s.say("4.1", "turn", ("turn", s.turn))
    s.push(*TURN_PHASES)


def task_war_status(s: State) -> None:
    """29.2 Ku and 31.2 Na become 軍備 from the turn after a TL of 7 was first reached (B-4)."""
    marks = s.marks
    if s.status[KU] == NEUTRAL and 0 < marks[TL7_DRAKE] < s.turn:
        s.status[KU] = ARMED
        s.say("29.2", "armed", ("country", KU))
    if s.status[NA] == NEUTRAL and (0 < marks[TL7_DRAKE] < s.turn or 0 < marks[TL7_KU] < s.turn):
        s.status[NA] = ARMED
        s.say("31.2", "armed", ("country", NA))


def task_end_turn(s: State) -> None:
    """14.9: the chits on the open box go back to their factory boxes; 8.11.1 counts anew."""
    s.chit_open = [0] * len(s.chit_open)
    s.chits_made = [0] * len(s.chits_made)
    s.cite("14.9", ("14.8",), "turn_end", ("turn", s.turn))  # 14.8: the cup is empty


TASKS = {"turn": task_turn, "war_status": task_war_status, "end_turn": task_end_turn}
DECISIONS: dict[str, Any] = {}

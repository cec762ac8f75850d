"""The action phases' chit cup (14.1–14.10) and the surprise attack declared before a draw
(16.3–16.5, B-19). Each chit drawn runs one action phase, the task ``action`` (14.5, B-47)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from ..board import COLLAPSED, CUP, DRAKE, HEAVY, static
from .action import lapse_waits

if TYPE_CHECKING:
    from ..types import State


def task_action_phases(s: State) -> None:
    """14.2 the produced chits are in the cup (production put them there); 14.3 the heavily
    wounded characters join them (B-17)."""
    if HEAVY in s.char_at:  # (a walk of the characters only when one is heavily wounded)
        for k, at in enumerate(s.char_at):
            if at == HEAVY:
                s.char_at[k] = CUP
                s.say("14.3", "to_cup", ("char", k))
    s.say("14.2", "cup", ("chits", sum(s.chit_cup)))
    s.push(("next_draw",))


def task_next_draw(s: State) -> None:
    """14.7, 14.8: draw again until no chit is left; 16.3: Drake may cut in before any draw."""
    if not any(s.chit_cup):
        lapse_waits(s)
        return
    if s.surprise_held and s.status[DRAKE] != COLLAPSED:
        s.ask("surprise", s.seat_of(DRAKE))
        return
    s.chance = ("draw",)


def legal_surprise(s: State) -> list[tuple[Any, ...]]:
    return [("draw",), ("surprise",)]


def apply_surprise(s: State, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    if action[0] == "draw":
        s.chance = ("draw",)
        return
    # 16.4: a phase without a draw; 16.5: the chit goes back to the factory box after it.
    s.surprise_held = False
    k = static().chit_index("surprise")
    # 16.3: declared just before a draw; 16.5: the chit is back in the factory box after it
    s.cite("16.4", ("16.3", "16.5"), "surprise", ("country", DRAKE))
    s.push(("action", DRAKE, k), ("next_draw",))


def _cup(s: State) -> list[tuple[tuple[Any, ...], int]]:
    items: list[tuple[tuple[Any, ...], int]] = [
        (("char", k), 1) for k, at in enumerate(s.char_at) if at == CUP
    ]
    items.extend((("chit", k), n) for k, n in enumerate(s.chit_cup) if n)
    return items


def draw_outcomes(s: State) -> tuple[tuple[tuple[Any, ...], float], ...]:
    """14.4: one item of the cup at random: each chit and each character alike."""
    items = _cup(s)
    total = sum(n for _, n in items)
    return tuple((item, n / total) for item, n in items)


def draw_sample(s: State, r: float) -> tuple[Any, ...]:
    """The item of :func:`draw_outcomes` that ``r`` (uniform in [0, 1)) falls on, the items in the
    same order (characters, then chits); without building the list while no character is in the
    cup (the usual case): the chits' running totals alone."""
    if CUP in s.char_at:
        items = _cup(s)
        return items[_falls_on(list(accumulate(n for _, n in items)), r)][0]
    return CHIT_ITEM[_falls_on(list(accumulate(s.chit_cup)), r)]


def _falls_on(totals: list[int], r: float) -> int:
    """The index of the first running total above ``r`` × the whole (a bisection): where ``r``
    falls when each item takes its count's share of [0, 1)."""
    k = bisect_right(totals, r * totals[-1])
    if k == len(totals):  # r * total rounded up to the total: the last item with a count
        k = bisect_left(totals, totals[-1])
    return k


CHIT_ITEM = tuple(("chit", k) for k in range(len(static().chit_ids)))
"""The prebuilt ("chit", number) outcomes."""


def chance_draw(s: State, action: tuple[Any, ...]) -> None:
    k = action[1]
    if action[0] == "char":
        # 14.10, B-17: not an action phase; its owner places it, then the next draw.
        s.say("14.10", "drawn_character", ("char", k))
        s.push(("place_char", k, "14.10"), ("next_draw",))
        return
    # 14.4: drawn at random from the cup; 14.7: the next after an action phase
    also = ("14.4", "14.7") if any(s.chit_open) else ("14.4",)
    s.chit_cup[k] -= 1
    s.chit_open[k] += 1
    country = static().chit_country[k]
    s.cite("14.6", also, "drawn", ("chit", k), ("country", country))
    s.push(("action", country, k), ("next_draw",))


TASKS = {
    "action_phases": task_action_phases,
    "next_draw": task_next_draw,
    "chance_draw": chance_draw,
}
DECISIONS = {"surprise": (legal_surprise, apply_surprise, "16.3")}

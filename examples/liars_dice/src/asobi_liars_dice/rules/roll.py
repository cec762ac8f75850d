"""A round begins (2.2, 6.2) and every cup is rolled, one die at a time (2.1).

Each die is its own chance node, ``("roll", face)`` with probability 1/6 for each face, rolled
into the cup of the seat the node names (``chance = ("roll", seat)``): the seats roll in seat
order, so who rolls next is public and only the face is hidden from the other seats.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from ..model import FACES, Table

ROLL_OUTCOMES: tuple[tuple[tuple[Any, ...], float], ...] = tuple((("roll", face), 1 / len(FACES)) for face in FACES)
"""2.1: each face with equal chance."""


def task_round(s: Table) -> None:
    """A new round: every seat with dice rolls them all, and the opener calls first (2.3)."""
    s.round += 1
    s.log_tail.append(
        ("2.2" if s.round == 1 else "6.2", "round", (("round", s.round), ("seat", s.opener)), None)
    )
    s.log_tail.append(("2.1", "rolled", (("counts", tuple(s.counts)), ("total", sum(s.counts))), None))
    rolls = [("roll", seat) for seat in range(s.n) for _ in range(s.counts[seat])]
    s.push(*rolls, ("turn", s.opener))


def task_roll(s: Table, seat: int) -> None:
    s.chance = ("roll", seat)


def chance_outcomes(s: Table) -> tuple[tuple[tuple[Any, ...], float], ...]:
    return ROLL_OUTCOMES if s.chance is not None and s.ended is None else ()


def apply_chance(s: Table, action: tuple[Any, ...]) -> None:
    """The die lands in its seat's cup (kept sorted: the order of the dice says nothing)."""
    assert s.chance is not None
    seat = s.chance[1]
    s.chance = None
    insort(s.dice[seat], action[1])

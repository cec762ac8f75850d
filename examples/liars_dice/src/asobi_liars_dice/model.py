"""The state's data as the rules, the views, the hidden-information helpers and the tensor read
and write it: a :class:`Protocol`, so that none of them imports ``state.py`` (which imports them),
and the small immutable records the state keeps (a bid, the last reveal).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from asobi.core.events import EventFields

SEATS = ("A", "B", "C", "D", "E", "F")
"""1.1: the seats, clockwise."""
FACES = (1, 2, 3, 4, 5, 6)
"""2.1: a die's faces."""
MOST_PLAYERS = len(SEATS)
MOST_DICE = 5
"""1.1: the most dice a player starts with (the option ``dice``)."""


class Bid(NamedTuple):
    """3.1: "at least ``quantity`` of all the dice show ``face``", made by ``seat``."""

    quantity: int
    face: int
    seat: int


class Reveal(NamedTuple):
    """What the table saw when the cups were last lifted (5.1): every cup's dice, the bid called,
    the call (``challenge`` or ``spot_on``), who called it and how many dice counted."""

    dice: tuple[tuple[int, ...], ...]
    bid: Bid
    call: str
    caller: int
    counted: int


def bid_of(data: Any) -> Bid | None:
    """A bid read back from JSON (a list of three ints), or ``None``."""
    return None if data is None else Bid(*data)


def bids_of(data: Sequence[Any]) -> tuple[Bid, ...]:
    return tuple(Bid(*b) for b in data)


def reveal_of(data: Any) -> Reveal | None:
    """A reveal read back from JSON, or ``None``."""
    if data is None:
        return None
    dice, bid, call, caller, counted = data
    return Reveal(tuple(tuple(h) for h in dice), Bid(*bid), call, caller, counted)


class Table(Protocol):
    """The fields and kernel calls of a Liar's Dice state (see ``state.FIELDS``)."""

    n: int
    start_dice: int
    wild_ones: bool
    spot_on: bool
    counts: list[int]
    """How many dice each seat has (public, 2.1)."""
    dice: list[list[int]]
    """Each seat's dice under its cup, sorted (hidden from the other seats, 2.1)."""
    round: int
    opener: int
    bid: Bid | None
    bids: tuple[Bid, ...]
    shown: Reveal | None
    agenda: list[tuple[Any, ...]]
    pending: tuple[Any, ...] | None
    chance: tuple[Any, ...] | None
    ended: int | None
    """The winner's seat once the game is over (6.3)."""
    legal_cache: tuple[tuple[Any, ...], ...] | None
    log_tail: list[EventFields]

    @property
    def current_seat(self) -> int: ...

    def push(self, *tasks: tuple[Any, ...]) -> None: ...

    def ask(self, kind: str, seat: int, *data: Any) -> None: ...

    def clone(self) -> Any: ...

    def legal_actions(self) -> tuple[tuple[Any, ...], ...]: ...

"""Building positions of Liar's Dice compactly for scenario tests."""

from __future__ import annotations

from typing import Any

import pytest
from asobi.core import Event
from asobi.core.log import EventLog

from asobi_liars_dice.model import Bid
from asobi_liars_dice.spec import SPEC
from asobi_liars_dice.state import LiarsDiceState

rule = pytest.mark.rule
"""``@rule("4.3")`` marks a scenario test with the clauses it checks (the marker is declared in
``pyproject.toml``; ``test_clause_coverage`` reads the decorators)."""


def position(
    cups: list[list[int]],
    turn: int = 0,
    bids: tuple[tuple[int, int, int], ...] = (),
    counts: list[int] | None = None,
    wild_ones: bool = True,
    spot_on: bool = False,
    dice: int = 5,
) -> LiarsDiceState:
    """A round under way: ``cups`` already rolled (a seat out of the game has ``[]`` and count 0),
    the round's ``bids`` as ``(quantity, face, seat)``, the last standing, and ``turn`` to call.
    The log starts empty; ``counts`` default to the cups' sizes."""
    s = SPEC.new_game({"players": len(cups), "dice": dice, "wild_ones": wild_ones, "spot_on": spot_on})
    assert isinstance(s, LiarsDiceState)
    s.log = EventLog()
    s.counts = list(counts) if counts is not None else [len(c) for c in cups]
    s.dice = [sorted(c) for c in cups]
    s.round = 1
    s.bids = tuple(Bid(*b) for b in bids)
    s.bid = s.bids[-1] if s.bids else None
    s.agenda = []
    s.chance = None
    s.pending = None
    s.legal_cache = None
    s.push(("turn", turn))
    s.run()
    return s


def events(s: LiarsDiceState, key: str | None = None) -> list[Event]:
    return [e for e in s.log if key is None or e.key == key]


def args(e: Event) -> dict[str, Any]:
    return dict(e.args)


def roll_all(s: LiarsDiceState, faces: list[int]) -> None:
    """Apply the given faces as the round's rolls, in the order the seats roll."""
    for face in faces:
        assert s.chance is not None, "no die left to roll"
        s.apply(("roll", face))
    assert s.chance is None, "dice left to roll"

"""What a balance study (``asobi study``) reads of an emblem game: the 気力 chips on each side's
units and the units on the field by turn, which cards each seat drew and played, and who went
first (a fair chance, 2.1.2)."""

from __future__ import annotations

from collections.abc import Mapping

from asobi.core import GameState
from asobi.core.events import Event
from asobi.core.hooks import StudyHooks

from .state import EmblemState
from .units import U_CHIPS, U_OWNER

#: Events that put a card into play, and the argument naming it: a unit deployed (2.3.6), an item
#: attached (2.3.10), a card placed (2.3.12), a successor put on its parent (2.5.4).
PLAYED = {"deploy": "card", "equip": "card", "place": "card", "succeed": "child"}


def progress(state: GameState) -> Mapping[str, float]:
    """The turn (the clock), then per side the chips on its units and its units on the field."""
    assert isinstance(state, EmblemState)
    chips = [0, 0]
    units = [0, 0]
    for u in state.field:
        if u is not None:
            chips[u[U_OWNER]] += u[U_CHIPS]
            units[u[U_OWNER]] += 1
    return {
        "turn": float(state.turn),
        "chips_A": float(chips[0]),
        "chips_B": float(chips[1]),
        "units_A": float(units[0]),
        "units_B": float(units[1]),
    }


def content(event: Event) -> tuple[int | None, str, bool] | None:
    """A card drawn (``drew``, 2.1.3) or played (:data:`PLAYED`), with its seat."""
    key = event.key
    name = PLAYED.get(key, "card" if key == "drew" else None)
    if name is None:
        return None
    args = dict(event.args)
    card, seat = args.get(name), args.get("seat")
    if not isinstance(card, str) or not isinstance(seat, int):
        return None
    return seat, card, key != "drew"


def first_seat(state: GameState) -> int | None:
    assert isinstance(state, EmblemState)
    return state.first if state.first in (0, 1) else None


STUDY = StudyHooks(progress=progress, content=content, first_seat=first_seat)

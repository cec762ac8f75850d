"""What a game's board module in the browser needs besides the seat's view.

- ``board_data(game)``: the game's printed board (byston's hex map, names of its countries, units,
  characters and chits; legion's effects that stack items carry), the same for every game and seat; the client fetches it once
  (``GET /api/catalog/{game}/board``).
- ``view_extras(game)``: public facts derived from the state by the game's own rules (byston:
  who controls each income hex, each camp's income now), added to every view as ``board``. Only
  games whose extras read nothing hidden are listed (byston hides nothing).

A game not listed has no board data (``{}``) and no extras.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.state import GameState
from ..games.byston import board_view as byston_board
from ..games.legion import view as legion_view

BOARD_DATA: dict[str, Callable[[], dict[str, Any]]] = {
    "byston": byston_board.static_board,
    "legion": legion_view.static_board,  # what each stack item's effect does, in ja and en
}

VIEW_EXTRAS: dict[str, Callable[[GameState], dict[str, Any]]] = {
    "byston": byston_board.control_view,  # type: ignore[dict-item]
}


def board_data(game: str) -> dict[str, Any]:
    """The game's printed board for drawing (``{}`` for a game without any here)."""
    made = BOARD_DATA.get(game)
    return made() if made is not None else {}


def view_extras(game: str) -> Callable[[GameState], dict[str, Any]] | None:
    """The game's derived public facts for its board, or ``None``."""
    return VIEW_EXTRAS.get(game)

"""Forecasts shown beside the actions a seat may take: what each would lead to, by the rules.

Emblem's battle forecast (:mod:`asobi.games.emblem.forecast`) tells, for an attack or an
equipment choice, the damage, the counter-attack and who retreats. It reads only what every seat
sees (the field, attached cards, unused chips), and the server computes it only for the actions
of the seat that must decide, so it adds nothing that seat could not work out itself
(``tests/server/test_redaction.py`` rebuilds the messages on hidden variants, forecasts included).
Byston's battle odds (:func:`asobi.games.byston.board_view.battle_odds`) ride on the choices
that start a battle or are made in one: per step and camp, the dice, expected hits and units
removed, from the public map (byston hides nothing).
A game without a forecast here gets none.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..core.actions import Action
from ..core.state import GameState
from ..games.byston import board_view as byston_board
from ..games.emblem import forecast as emblem_forecast

Forecaster = Callable[[GameState, Action], "dict[str, Any] | None"]


def _emblem(state: GameState, action: Action) -> dict[str, Any] | None:
    found = emblem_forecast.for_action(state, action)  # type: ignore[arg-type]
    if found is None:
        return None
    out = dataclasses.asdict(found)
    out["exchanges"] = list(out["exchanges"])  # as it comes back from JSON
    return out


def _byston(state: GameState, action: Action) -> dict[str, Any] | None:
    return byston_board.battle_odds(state, action)  # type: ignore[arg-type]


FORECASTERS: dict[str, Forecaster] = {"emblem": _emblem, "byston": _byston}


def forecaster(game: str) -> Forecaster | None:
    """The game's forecast of an action, or ``None`` if the game has none."""
    return FORECASTERS.get(game)

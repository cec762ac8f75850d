"""What a balance study (``asobi study``) reads of a legion game: the lives and the enemy level by
round, and which army cards were drawn and played (strategies used, weapons launched)."""

from __future__ import annotations

from collections.abc import Mapping

from asobi.core import GameState
from asobi.core.events import Event
from asobi.core.hooks import StudyHooks

from .rules.lives import enemy_level
from .state import LegionState

#: Events that put an army card into play: a strategy used (6.4) or a weapon launched (5.2).
PLAYED = frozenset({"strategy_played", "launch"})


def progress(state: GameState) -> Mapping[str, float]:
    """The round (the clock), both lives, the enemy level (8.1) and the blacked-out squares."""
    assert isinstance(state, LegionState)
    return {
        "round": float(state.round),
        "space_life": float(state.space_life),
        "enemy_life": float(state.enemy_life),
        "enemy_level": float(enemy_level(state.enemy_life)),
        "blackouts": float(state.black.count(1)),
    }


def content(event: Event) -> tuple[int | None, str, bool] | None:
    """An army card drawn into a hand (4.1, 5.1: ``drew_card`` from the army deck) or played."""
    key = event.key
    if key not in PLAYED and key != "drew_card":
        return None
    args = dict(event.args)
    card = args.get("card")
    if not isinstance(card, str):  # a code card (an int): not content a designer tunes one by one
        return None
    return args.get("seat"), card, key in PLAYED


def first_seat(state: GameState) -> int | None:
    """Seat A always begins the round (2.1): no first-player figure."""
    return None


STUDY = StudyHooks(progress=progress, content=content, first_seat=first_seat)

"""プレイ前の準備 (2.1): who goes first, the opening hands, the mulligan."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.flow import Pending

from ..cards import UNIT
from ..limits import OPENING_HAND
from ..pairs import with_seat
from .flow import BEGIN_TURN, CHANCE_DEAL

if TYPE_CHECKING:
    from ..types import State


def decide_first(s: State, seat: int) -> None:
    """2.1.2 (C-29): a fair chance picks the first player, who is dealt first."""
    s.first = s.turn_player = seat
    s.emit("2.1.1", "ready", (("deck_a", s.deck_names[0]), ("deck_b", s.deck_names[1])))
    s.emit("2.1.2", "first_player", (("seat", seat),))
    s.pending_deals = (1 - seat,) * OPENING_HAND + (seat,) * OPENING_HAND
    s.chance = CHANCE_DEAL


def deal(s: State, card: int) -> None:
    """2.1.3: one card of an opening hand (or of a new hand after a mulligan)."""
    seat = s.pending_deals[-1]
    s.pending_deals = s.pending_deals[:-1]
    s.take_from_deck(seat, card, "2.1.3")
    if s.pending_deals:
        s.chance = CHANCE_DEAL
    else:
        next_mulligan(s)


def next_mulligan(s: State) -> None:
    """2.1.4: each player in turn order decides on the mulligan once (C-29); then turn 1 begins."""
    for seat in (s.first, 1 - s.first):
        if not s.mulligan_done[seat]:
            s.ask("mulligan", seat)
            return
    s.turn = 1
    s.push(BEGIN_TURN)


def may_mulligan(s: State, seat: int) -> bool:
    """2.1.4: only a first hand without a unit card, and only once."""
    if s.mulligan_done[seat]:
        return False
    cards = s.cards.cards
    return not any(cards[c].kind == UNIT for c in s.hand[seat])


def legal_mulligan(s: State) -> list[tuple[Any, ...]]:
    # Every player is asked, so being asked shows nothing about the hand (C-30).
    return [("keep",), ("mulligan",)] if may_mulligan(s, s.actor) else [("keep",)]


def act_mulligan(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    seat = pending[1]
    s.mulligan_done = with_seat(s.mulligan_done, seat, 1)
    if action[0] == "keep":
        s.emit("2.1.4", "keep", (("seat", seat),))
        next_mulligan(s)
        return
    hand = s.hand[seat]
    s.emit("2.1.4", "mulligan", (("seat", seat), ("cards", tuple(s.card_id(c) for c in hand))))
    s.kokugai = with_seat(s.kokugai, seat, (*s.kokugai[seat], *hand))
    s.hand[seat] = []
    s.pending_deals = (seat,) * OPENING_HAND
    s.chance = CHANCE_DEAL

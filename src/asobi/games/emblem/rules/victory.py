"""How the game ends: a unit on an enemy 出撃マス (C-23), no enemy unit left (C-24), an empty
deck at the draw step (C-25)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..limits import DRAWN
from ..pairs import with_seat

if TYPE_CHECKING:
    from ..types import State


def end(s: State, winner: int, reason: str, clause: str) -> None:
    """The game is over (``winner``: a seat, or ``DRAWN``): nothing on the agenda runs any more."""
    s.winner = winner
    s.ended = (reason, clause)
    s.pending = s.chance = None
    s.agenda.clear()


def win(s: State, seat: int, reason: str, clause: str) -> None:
    """End the game with ``seat`` the winner."""
    s.emit(clause, reason, (("seat", seat),))
    end(s, seat, reason, clause)


def has_units(s: State, seat: int) -> bool:
    for u in s.field:  # noqa: SIM110 (a plain loop: no generator on this path)
        if u is not None and u[1] == seat:
            return True
    return False


def check_wipeout(s: State, owner: int) -> None:
    """C-24: one of ``owner``'s units was driven off; with none left, ``owner`` is wiped out and
    loses unless its next unit step fields a unit again."""
    if s.winner < 0 and not s.wiped[owner] and not has_units(s, owner):
        s.wiped = with_seat(s.wiped, owner, 1)
        s.emit("C-24", "wiped_out", (("seat", owner),))
        if s.wipeout_at_once:  # the option: no unit step of grace
            win(s, 1 - owner, "won_wipeout", "C-24")


def end_of_unit_step(s: State, seat: int) -> None:
    """C-24: a wiped-out player who still has no unit after its unit step loses."""
    if s.wiped[seat]:
        s.wiped = with_seat(s.wiped, seat, 0)
        if not has_units(s, seat):
            win(s, 1 - seat, "won_wipeout", "C-24")


def field_strength(s: State, seat: int) -> tuple[int, int]:
    """C-25's tiebreak: (気力 chips on ``seat``'s units, number of those units)."""
    chips = units = 0
    for u in s.field:
        if u is not None and u[1] == seat:
            chips += u[2]
            units += 1
    return chips, units


def deck_out(s: State, seat: int) -> None:
    """C-25: ``seat`` must draw from an empty deck, and the game ends. Both players draw once a
    turn from 60 cards, so both decks run out together and whoever meets the empty deck first is
    a matter of seat, not of play: the game is decided on the field instead — more 気力 chips on
    one's units wins, then more units; equal is a draw."""
    s.emit("C-25", "deck_empty", (("seat", seat),))
    a, b = field_strength(s, 0), field_strength(s, 1)
    if a == b:
        s.emit("C-25", "drawn_deck_out")
        end(s, DRAWN, "drawn_deck_out", "C-25")
        return
    win(s, 0 if a > b else 1, "won_deck_out", "C-25")

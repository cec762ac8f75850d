"""Who a window asks (L-16, L-28): the seats whose hand holds an army card and a code card (public
counts, L-17) and that have not set "pass unless I choose otherwise" (L-5).

The state keeps them as bits (``s.answerers``, bit ``1 << seat``), brought up to date wherever a
hand or an auto-pass setting changes, because every stack item and every step window asks the
question: a loop over the seats' hands there cost more than the rest of an empty window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ARMY

if TYPE_CHECKING:
    from ..types import State

SEAT_BIT = (1, 2, 4, 8, 16)
"""``1 << seat`` for each seat."""
ALL_BUT = (30, 29, 27, 23, 15, 31)
"""``ALL_BUT[skip]``: every seat's bit but ``skip``'s (``ALL_BUT[-1]``: every seat's)."""
SEATS_IN = tuple(tuple(seat for seat in range(5) if bits >> seat & 1) for bits in range(32))
"""``SEATS_IN[bits]``: the seats of ``bits``, in seat order (a window asks them in that order)."""


def may_answer(hand: list[int], autopass: int) -> bool:
    """L-16: a (sorted) hand with an army card and a code card, its seat not on auto-pass."""
    return bool(hand) and hand[-1] >= ARMY and hand[0] < ARMY and not autopass


def sync_answerer(s: State, seat: int) -> None:
    """Bring ``seat``'s bit of ``s.answerers`` up to date after its hand or auto-pass changed."""
    hand = s.hands[seat]
    if hand and hand[-1] >= ARMY and hand[0] < ARMY and not s.autopass[seat]:  # may_answer
        s.answerers |= SEAT_BIT[seat]
    else:
        s.answerers &= ~SEAT_BIT[seat]


def answerers(s: State) -> int:
    """The bits of every seat a window would ask, from the hands and auto-pass settings."""
    bits = 0
    for seat in range(s.n):
        if may_answer(s.hands[seat], s.autopass[seat]):
            bits |= SEAT_BIT[seat]
    return bits


def sync_answerers(s: State) -> None:
    """Set ``s.answerers`` from the hands (for a state read, dealt again or set up by hand)."""
    s.answerers = answerers(s)

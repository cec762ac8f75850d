"""Bids (3.1, 3.2) and wild ones (4.1–4.5): which bid may follow which, and how the dice count.

:func:`raises` is the one source of a bid's legality; the listing, the check of one action and
the clause an illegal bid breaks all read it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..model import FACES, Bid


def raises(last: Bid | None, quantity: int, face: int, wild_ones: bool) -> bool:
    """Whether a bid of ``quantity`` × ``face`` may follow ``last`` (``None``: it opens the round).

    The quantity's bound (at most the dice on the table, 3.1) is the caller's. For a given face
    the answer never turns from yes to no as the quantity grows (more dice always raise as much),
    which :func:`least_quantity` relies on.
    """
    if last is None:
        return not (wild_ones and face == 1)  # 4.2
    if wild_ones and face == 1 and last.face != 1:
        return 2 * quantity >= last.quantity  # 4.3: at least half, rounded up
    if wild_ones and last.face == 1 and face != 1:
        return quantity >= 2 * last.quantity + 1  # 4.4
    # 3.2; and 4.5, ones after ones: the same quantity would need a higher face than one
    return quantity > last.quantity or (quantity == last.quantity and face > last.face)


def least_quantity(last: Bid | None, face: int, wild_ones: bool, most: int) -> int:
    """The least quantity of ``face`` that may follow ``last`` among ``1..most``, or ``most + 1``
    when none may: a binary search over :func:`raises`, which grows with the quantity."""
    low, high = 1, most + 1  # the answer lies in low..high
    while low < high:
        middle = (low + high) // 2
        if raises(last, middle, face, wild_ones):
            high = middle
        else:
            low = middle + 1
    return low


def bid_clause(last: Bid | None, face: int, wild_ones: bool) -> str:
    """The clause a bid of ``face`` after ``last`` goes by (for its event, and an illegal one's error)."""
    if last is None:
        return "4.2" if wild_ones and face == 1 else "3.1"
    if wild_ones and face == 1:
        return "4.5" if last.face == 1 else "4.3"
    if wild_ones and last.face == 1:
        return "4.4"
    return "3.2"


def is_bid(action: tuple[object, ...]) -> bool:
    """Whether ``action`` has the shape of a bid: ``("bid", quantity ≥ 1, face 1..6)``."""
    return (
        len(action) == 3
        and type(action[1]) is int
        and type(action[2]) is int
        and action[1] >= 1
        and action[2] in FACES
    )


def matching(dice: Iterable[Iterable[int]], face: int, wild_ones: bool) -> int:
    """5.1: how many of the dice show ``face``, ones counting as any other face while wild (4.1)."""
    wild = wild_ones and face != 1
    return sum(1 for cup in dice for d in cup if d == face or (wild and d == 1))

"""What a seat may see (2.1: its own cup's dice, and how many dice every cup holds), and the
state's invariants."""

from __future__ import annotations

from typing import Any

from asobi.core.state import CHANCE

from .model import FACES, Bid, Table


def bid_view(bid: Bid | None) -> dict[str, int] | None:
    return None if bid is None else {"seat": bid.seat, "quantity": bid.quantity, "face": bid.face}


def make_view(s: Table, seat: int | None) -> dict[str, Any]:
    """The table as ``seat`` sees it (``None``: every cup open). Another seat's cup shows only how
    many dice it holds, even while it is being rolled."""
    current = s.current_seat
    shown = s.shown
    return {
        "seat": seat,
        "players": s.n,
        "start_dice": s.start_dice,
        "wild_ones": s.wild_ones,
        "spot_on": s.spot_on,
        "round": s.round,
        "opener": s.opener,
        "total": sum(s.counts),
        "cups": [
            {"seat": p, "count": s.counts[p], "dice": list(s.dice[p]) if seat is None or seat == p else None}
            for p in range(s.n)
        ],
        "bid": bid_view(s.bid),
        "bids": [bid_view(b) for b in s.bids],
        "turn": current if current >= 0 else None,
        "rolling": s.chance[1] if current == CHANCE and s.chance is not None else None,
        "last": None
        if shown is None
        else {
            "dice": [list(cup) for cup in shown.dice],
            "bid": bid_view(shown.bid),
            "call": shown.call,
            "caller": shown.caller,
            "count": shown.counted,
        },
        "winner": s.ended,
    }


def invariant_errors(s: Table) -> list[str]:
    """What is broken: dice counts out of range, a cup with more dice than its count or unsorted,
    a bid on more dice than the table holds, a finished game with more than one cup left."""
    out = []
    if len(s.counts) != s.n or len(s.dice) != s.n:
        out.append(f"{s.n} seats but {len(s.counts)} counts and {len(s.dice)} cups")
        return out
    for p in range(s.n):
        if not 0 <= s.counts[p] <= s.start_dice:
            out.append(f"seat {p} has {s.counts[p]} dice (start {s.start_dice})")
        cup = s.dice[p]
        if len(cup) > s.counts[p]:
            out.append(f"seat {p}'s cup holds {len(cup)} dice, more than its {s.counts[p]}")
        if cup != sorted(cup) or any(d not in FACES for d in cup):
            out.append(f"seat {p}'s cup {cup} is not sorted faces")
        if s.pending is not None and len(cup) != s.counts[p]:
            out.append(f"seat {p} is asked to call before its cup is rolled")
    left = sum(1 for c in s.counts if c > 0)
    if left == 0:
        out.append("no seat has dice")
    if s.ended is not None and left != 1:
        out.append(f"the game is over with {left} cups left")
    if s.bid is not None and s.bid.quantity > sum(s.counts):
        out.append(f"the bid {s.bid} names more dice than the {sum(s.counts)} on the table")
    if s.bids and s.bids[-1] != s.bid:
        out.append("the last bid of the round is not the bid standing")
    return out

"""After a challenge or spot on: every cup is lifted and counted (5.1), someone loses a die (5.2,
5.3, 6.1), and either the game ends (6.3) or the next round's opener is named (6.2)."""

from __future__ import annotations

from ..model import Reveal, Table
from .bids import matching
from .calls import next_seat


def task_settle(s: Table, call: str, caller: int) -> None:
    bid = s.bid
    assert bid is not None
    tail = s.log_tail
    dice = tuple(tuple(cup) for cup in s.dice)
    count = matching(dice, bid.face, s.wild_ones)
    tail.append(("5.1", "reveal", (("cups", dice),), None))
    tail.append(("5.1", "count", (("face", bid.face), ("count", count), ("quantity", bid.quantity)), None))
    if call == "challenge":
        stands = count >= bid.quantity
        loser = caller if stands else bid.seat
        tail.append(("5.2", "bid_stands" if stands else "bid_falls", (("seat", loser),), None))
        losers: tuple[int, ...] = (loser,)
        opener = loser
    else:
        right = count == bid.quantity
        others = tuple(p for p in range(s.n) if p != caller and s.counts[p] > 0)
        losers = others if right else (caller,)
        tail.append(("5.3", "spot_on_right" if right else "spot_on_wrong", (("seat", caller),), None))
        opener = caller
    s.shown = Reveal(dice, bid, call, caller, count)
    s.dice = [[] for _ in range(s.n)]
    s.bid = None  # (the reveal keeps it)
    s.bids = ()
    for seat in losers:
        s.counts[seat] -= 1
        tail.append(("6.1", "lost_die", (("seat", seat), ("left", s.counts[seat])), None))
        if s.counts[seat] == 0:
            tail.append(("6.1", "out", (("seat", seat),), None))
    left = [p for p in range(s.n) if s.counts[p] > 0]
    if len(left) == 1:
        s.ended = left[0]
        tail.append(("6.3", "last_cup", (("seat", left[0]),), None))
        return
    s.opener = opener if s.counts[opener] > 0 else next_seat(s, opener)
    s.push(("round",))

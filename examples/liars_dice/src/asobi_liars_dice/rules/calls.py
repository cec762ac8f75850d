"""A seat's call (2.3): a bid, a challenge (5.1) or spot on (5.3), and why a call is refused."""

from __future__ import annotations

from typing import Any

from ..model import FACES, MOST_DICE, MOST_PLAYERS, Bid, Table
from .bids import bid_clause, is_bid, least_quantity, raises

CALLS = ("challenge", "spot_on")
ALL_BIDS = tuple(("bid", q, f) for q in range(1, MOST_PLAYERS * MOST_DICE + 1) for f in FACES)
"""Every bid's action in action order, made once: bid ``(q, f)`` is at ``(q - 1) * 6 + f - 1``, and
a listing hands out these tuples (whole rows of them by one slice) instead of making new ones."""


def next_seat(s: Table, seat: int) -> int:
    """2.3: the next seat clockwise that still has dice."""
    n = s.n
    for step in range(1, n + 1):
        other = (seat + step) % n
        if s.counts[other] > 0:
            return other
    raise AssertionError("no seat has dice")  # pragma: no cover - the game ends with one seat left


def task_turn(s: Table, seat: int) -> None:
    """Ask ``seat`` for its call; say so when no bid can raise the last one (5.4)."""
    total = sum(s.counts)
    last = s.bid
    if last is not None and not any(raises(last, total, face, s.wild_ones) for face in FACES):
        s.log_tail.append(("5.4", "no_raise", (("seat", seat), ("total", total)), None))
    s.ask("call", seat)


def allowed(s: Table, action: tuple[Any, ...]) -> bool:
    """Whether the seat to call may make ``action`` now: the one test the listing and the check of
    a single action both use."""
    verb = action[0]
    if verb == "bid":
        return is_bid(action) and action[1] <= sum(s.counts) and raises(s.bid, action[1], action[2], s.wild_ones)
    if verb == "challenge":
        return len(action) == 1 and s.bid is not None
    if verb == "spot_on":
        return len(action) == 1 and s.bid is not None and s.spot_on
    return False


def legal_call(s: Table) -> list[tuple[Any, ...]]:
    """The calls :func:`allowed` accepts, sorted: for each face the bids from the least quantity
    that raises (:func:`~.bids.least_quantity`, found through the same :func:`~.bids.raises`) to
    the dice on the table, then challenge and spot on where allowed."""
    total = sum(s.counts)
    last = s.bid
    least = [least_quantity(last, face, s.wild_ones, total) for face in FACES]
    every_face = min(max(least), total + 1)  # from this quantity on, every face raises
    faces = len(FACES)
    out: list[tuple[Any, ...]] = [
        ALL_BIDS[(q - 1) * faces + k] for q in range(min(least), every_face) for k in range(faces) if q >= least[k]
    ]
    out.extend(ALL_BIDS[(every_face - 1) * faces : total * faces])
    out += [(call,) for call in CALLS if allowed(s, (call,))]
    return out


def is_legal_call(s: Table, action: tuple[Any, ...]) -> bool:
    return allowed(s, action)


def apply_call(s: Table, action: tuple[Any, ...], pending: tuple[Any, ...]) -> None:
    seat = pending[1]
    verb = action[0]
    if verb == "bid":
        quantity, face = action[1], action[2]
        clause = bid_clause(s.bid, face, s.wild_ones)
        s.bid = Bid(quantity, face, seat)
        s.bids = (*s.bids, s.bid)
        s.log_tail.append((clause, "bid", (("seat", seat), ("quantity", quantity), ("face", face)), None))
        s.push(("turn", next_seat(s, seat)))
        return
    assert s.bid is not None
    clause = "5.1" if verb == "challenge" else "5.3"
    s.log_tail.append((clause, verb, (("seat", seat), ("bidder", s.bid.seat)), None))
    s.push(("settle", verb, seat))


def why_illegal_call(s: Table, action: tuple[Any, ...]) -> tuple[str, str]:
    """The clause a refused call breaks and why, from what every seat knows."""
    verb = action[0]
    total = sum(s.counts)
    if verb == "bid":
        if not is_bid(action):
            return "3.1", "a bid is (\"bid\", quantity of at least 1, face 1 to 6)"
        if action[1] > total:
            return "3.1", f"a bid names at most the {total} dice on the table"
        clause = bid_clause(s.bid, action[2], s.wild_ones)
        why = {
            "4.2": "the round's first bid may not be on ones while ones are wild",
            "4.3": "a bid on ones after another face needs at least half the last quantity, rounded up",
            "4.4": "a bid on another face after ones needs at least twice the last quantity plus one",
            "4.5": "a bid on ones after ones needs a higher quantity",
            "3.2": "a bid must raise the last one: more dice, or as many of a higher face",
        }[clause]
        return clause, why
    if verb == "challenge":
        return "5.1", "there is no bid to challenge yet" if s.bid is None else "a challenge is (\"challenge\",)"
    if verb == "spot_on":
        if not s.spot_on:
            return "5.3", "spot on is not played in this game (option spot_on)"
        return "5.3", "there is no bid to call spot on yet" if s.bid is None else "spot on is (\"spot_on\",)"
    return "2.3", "a call is a bid, a challenge or spot on"

"""Counting with wild ones (4.1), challenge (5.1, 5.2), spot on (5.3), losing dice (6.1) and the
next opener (6.2)."""

from __future__ import annotations

import pytest
from asobi.core import IllegalActionError

from .helpers import args, events, position, rule

CUPS = [[1, 5, 2], [5, 3, 3], [1, 6, 6]]
"""Fives: two, and two wild ones."""


def keys(s, start=0):
    return [(e.clause, e.key) for e in list(s.log)[start:]]


@rule("4.1")
def test_wild_ones_count_for_the_bid_face():
    s = position(CUPS, turn=1, bids=((4, 5, 0),))
    s.apply(("challenge",), seat=1)
    assert args(events(s, "count")[0]) == {"face": 5, "count": 4, "quantity": 4}
    assert events(s, "bid_stands")


@rule("4.1")
def test_ones_are_ordinary_without_wild_ones():
    s = position(CUPS, turn=1, bids=((4, 5, 0),), wild_ones=False)
    s.apply(("challenge",), seat=1)
    assert args(events(s, "count")[0]) == {"face": 5, "count": 2, "quantity": 4}
    assert events(s, "bid_falls")


@rule("4.1")
def test_a_bid_on_ones_counts_only_ones():
    s = position(CUPS, turn=1, bids=((3, 1, 0),))
    s.apply(("challenge",), seat=1)
    assert args(events(s, "count")[0])["count"] == 2


@rule("5.1")
def test_a_challenge_lifts_every_cup():
    s = position(CUPS, turn=2, bids=((2, 3, 0), (3, 5, 1)))
    s.apply(("challenge",), seat=2)
    assert keys(s)[:3] == [("5.1", "challenge"), ("5.1", "reveal"), ("5.1", "count")]
    assert args(events(s, "challenge")[0]) == {"seat": 2, "bidder": 1}
    assert args(events(s, "reveal")[0]) == {"cups": ((1, 2, 5), (3, 3, 5), (1, 6, 6))}
    last = s.view(0)["last"]  # every seat sees the lifted cups
    assert last == {"dice": [[1, 2, 5], [3, 3, 5], [1, 6, 6]], "bid": {"seat": 1, "quantity": 3, "face": 5},
                    "call": "challenge", "caller": 2, "count": 4}


@rule("5.1")
def test_there_is_nothing_to_challenge_before_a_bid():
    s = position(CUPS, turn=0)
    with pytest.raises(IllegalActionError) as e:
        s.apply(("challenge",), seat=0)
    assert e.value.clause == "5.1"


@rule("5.2")
def test_a_bid_that_stands_costs_the_challenger_a_die():
    s = position(CUPS, turn=2, bids=((4, 5, 1),))  # exactly four count: it stands
    s.apply(("challenge",), seat=2)
    assert (events(s, "bid_stands")[0].clause, args(events(s, "bid_stands")[0])) == ("5.2", {"seat": 2})
    assert s.counts == [3, 3, 2]


@rule("5.2")
def test_a_bid_that_falls_costs_the_bidder_a_die():
    s = position(CUPS, turn=2, bids=((5, 5, 1),))
    s.apply(("challenge",), seat=2)
    assert args(events(s, "bid_falls")[0]) == {"seat": 1}
    assert s.counts == [3, 2, 3]


@rule("5.3")
def test_spot_on_right_costs_every_other_seat_with_dice_a_die():
    s = position([[1, 5], [], [5, 3], [2]], turn=3, bids=((3, 5, 2),), counts=[2, 0, 2, 1], spot_on=True)
    s.apply(("spot_on",), seat=3)
    assert [(e.clause, e.key) for e in events(s) if e.key.startswith("spot_on")] == [
        ("5.3", "spot_on"), ("5.3", "spot_on_right")]
    assert s.counts == [1, 0, 1, 1]


@rule("5.3")
def test_spot_on_wrong_costs_the_caller_a_die():
    s = position([[1, 5], [5, 3]], turn=1, bids=((2, 5, 0),), spot_on=True)
    s.apply(("spot_on",), seat=1)
    assert args(events(s, "spot_on_wrong")[0]) == {"seat": 1}
    assert s.counts == [2, 1]


@rule("5.3")
def test_spot_on_is_called_only_where_the_option_allows_it():
    s = position(CUPS, turn=1, bids=((2, 5, 0),))
    assert ("spot_on",) not in s.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        s.apply(("spot_on",), seat=1)
    assert e.value.clause == "5.3"
    s = position(CUPS, turn=0, spot_on=True)
    assert ("spot_on",) not in s.legal_actions()  # nothing to call yet


@rule("6.1")
def test_a_seat_that_loses_its_last_die_is_out_and_skipped():
    s = position([[2], [5, 5], [3, 4]], turn=1, bids=((1, 6, 0),))
    s.apply(("challenge",), seat=1)
    assert [(e.clause, e.key, args(e)) for e in events(s) if e.clause == "6.1"] == [
        ("6.1", "lost_die", {"seat": 0, "left": 0}), ("6.1", "out", {"seat": 0})]
    assert s.counts == [0, 2, 2] and s.dice == [[], [], []]
    rollers: list[int] = []
    while s.chance is not None:
        rollers.append(s.chance[1])
        s.apply(("roll", 2))
    assert rollers == [1, 1, 2, 2]


@rule("6.2")
def test_the_seat_that_lost_a_die_opens_the_next_round():
    s = position(CUPS, turn=2, bids=((5, 5, 1),))
    s.apply(("challenge",), seat=2)
    assert s.opener == 1
    assert (events(s, "round")[0].clause, args(events(s, "round")[0])) == ("6.2", {"round": 2, "seat": 1})


@rule("6.2")
def test_if_the_loser_is_out_the_next_seat_with_dice_opens():
    s = position([[3], [2], [5, 5]], turn=0, bids=((1, 2, 2),), counts=[1, 1, 2])
    s.apply(("bid", 3, 6), seat=0)  # B is next to call
    s.apply(("challenge",), seat=1)  # three sixes? none: A loses its last die
    assert s.counts == [0, 1, 2]
    assert s.opener == 1


@rule("6.2", "5.3")
def test_the_caller_opens_after_spot_on():
    s = position([[1, 5], [5, 3], [4, 4]], turn=2, bids=((3, 5, 1),), spot_on=True)
    s.apply(("spot_on",), seat=2)  # 1, 5, 5: three fives, right
    assert s.opener == 2
    s = position([[1, 5], [5, 3], [4]], turn=2, bids=((4, 5, 1),), spot_on=True)
    s.apply(("spot_on",), seat=2)  # wrong: C loses its last die, A opens
    assert s.counts == [2, 2, 0] and s.opener == 0

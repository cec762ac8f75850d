"""Calls in turn (2.3), bids (3.1, 3.2), wild ones' bids (4.2–4.5) and the forced call (5.4)."""

from __future__ import annotations

import pytest
from asobi.core import IllegalActionError

from .helpers import args, events, position, rule

CUPS = [[1, 2, 3], [4, 4, 5], [6, 6, 2]]
"""Nine dice on the table."""


def refused(s, action, seat):
    """The clause a refused call names; the state stays as it was."""
    before = s.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        s.apply(action, seat=seat)
    assert s.fingerprint() == before
    return e.value.clause


@rule("2.3")
def test_the_opener_must_bid():
    s = position(CUPS, turn=0)
    legal = s.legal_actions()
    assert legal and all(a[0] == "bid" for a in legal)
    assert refused(s, ("challenge",), 0) == "5.1"


@rule("2.3")
def test_calls_go_clockwise_skipping_seats_out():
    s = position([[2, 3], [], [4], [5, 6]], turn=2, counts=[2, 0, 1, 2])
    s.apply(("bid", 1, 4), seat=2)
    assert s.current_seat == 3
    s.apply(("bid", 2, 4), seat=3)
    assert s.current_seat == 0
    s.apply(("bid", 3, 4), seat=0)
    assert s.current_seat == 2  # B is out: C calls next


@rule("2.3")
def test_a_call_is_a_bid_a_challenge_or_spot_on():
    s = position(CUPS, turn=1, bids=((2, 3, 0),))
    assert refused(s, ("pass",), 1) == "2.3"


@rule("3.1")
def test_a_bid_names_at_most_the_dice_on_the_table():
    s = position(CUPS, turn=0)
    # refused before anything lists the calls (the single-action check), then by the listing
    assert refused(s, ("bid", 10, 2), 0) == "3.1"
    assert refused(s, ("bid", 0, 2), 0) == "3.1"
    assert refused(s, ("bid", 2, 7), 0) == "3.1"
    assert ("bid", 9, 6) in s.legal_actions()
    assert ("bid", 10, 2) not in s.legal_actions()
    assert refused(s, ("bid", 10, 2), 0) == "3.1"


@rule("3.1", "3.2", "4.2", "4.3", "4.4", "4.5", "5.1", "5.3")
@pytest.mark.parametrize("wild_ones", [True, False])
@pytest.mark.parametrize("last", [None, (1, 2), (3, 6), (4, 1), (9, 5), (9, 1)])
def test_the_check_of_one_call_agrees_with_the_listing(last, wild_ones):
    s = position(CUPS, turn=1, bids=((*last, 0),) if last else (), wild_ones=wild_ones, spot_on=True)
    every = [("bid", q, f) for q in range(0, 12) for f in range(0, 8)] + [("challenge",), ("spot_on",), ("x",)]
    checked = []
    for action in every:
        s.legal_cache = None  # ask the check, not a listing made before
        if s.is_legal(action):
            checked.append(action)
    assert checked == list(s.legal_actions())


@rule("3.1")
def test_the_opening_bid_is_logged_under_3_1():
    s = position(CUPS, turn=0)
    s.apply(("bid", 2, 6), seat=0)
    bid = events(s, "bid")[0]
    assert (bid.clause, args(bid)) == ("3.1", {"seat": 0, "quantity": 2, "face": 6})
    assert s.bid == (2, 6, 0)


@rule("3.2")
def test_a_bid_raises_the_quantity_or_the_face():
    s = position(CUPS, turn=1, bids=((3, 4, 0),))
    legal = s.legal_actions()
    assert ("bid", 3, 5) in legal and ("bid", 4, 2) in legal
    assert ("bid", 3, 4) not in legal and ("bid", 3, 3) not in legal and ("bid", 2, 6) not in legal
    assert refused(s, ("bid", 3, 4), 1) == "3.2"
    assert refused(s, ("bid", 2, 6), 1) == "3.2"
    s.apply(("bid", 3, 5), seat=1)
    assert events(s, "bid")[-1].clause == "3.2"


@rule("4.2")
def test_the_round_may_not_open_on_ones_while_ones_are_wild():
    s = position(CUPS, turn=0)
    assert not [a for a in s.legal_actions() if a[2] == 1]
    assert refused(s, ("bid", 2, 1), 0) == "4.2"


@rule("4.2", "4.1")
def test_without_wild_ones_one_is_the_lowest_ordinary_face():
    s = position(CUPS, turn=0, wild_ones=False)
    assert ("bid", 1, 1) in s.legal_actions()
    s.apply(("bid", 2, 1), seat=0)
    assert events(s, "bid")[-1].clause == "3.1"
    assert ("bid", 2, 2) in s.legal_actions()  # a higher face, the same quantity (3.2)
    assert ("bid", 1, 1) not in s.legal_actions()


@rule("4.3")
def test_ones_after_another_face_need_half_the_quantity_rounded_up():
    s = position(CUPS, turn=1, bids=((5, 4, 0),))
    assert ("bid", 3, 1) in s.legal_actions()
    assert ("bid", 2, 1) not in s.legal_actions()
    assert refused(s, ("bid", 2, 1), 1) == "4.3"
    s.apply(("bid", 3, 1), seat=1)
    assert events(s, "bid")[-1].clause == "4.3"


@rule("4.3")
def test_half_an_even_quantity_is_enough_for_ones():
    s = position(CUPS, turn=1, bids=((6, 6, 0),))
    assert ("bid", 3, 1) in s.legal_actions()
    assert ("bid", 2, 1) not in s.legal_actions()


@rule("4.4")
def test_another_face_after_ones_needs_twice_the_quantity_plus_one():
    s = position(CUPS, turn=1, bids=((3, 1, 0),))
    assert ("bid", 7, 2) in s.legal_actions()
    assert ("bid", 6, 6) not in s.legal_actions()
    assert refused(s, ("bid", 6, 6), 1) == "4.4"
    s.apply(("bid", 7, 2), seat=1)
    assert events(s, "bid")[-1].clause == "4.4"


@rule("4.5")
def test_ones_after_ones_need_a_higher_quantity():
    s = position(CUPS, turn=1, bids=((3, 1, 0),))
    legal = s.legal_actions()
    assert ("bid", 4, 1) in legal
    assert ("bid", 3, 1) not in legal and ("bid", 2, 1) not in legal
    assert refused(s, ("bid", 3, 1), 1) == "4.5"
    s.apply(("bid", 4, 1), seat=1)
    assert events(s, "bid")[-1].clause == "4.5"


@rule("5.4")
def test_with_no_raise_left_only_challenge_and_spot_on_remain():
    s = position(CUPS, turn=1, bids=((9, 6, 0),), wild_ones=False, spot_on=True)
    assert s.legal_actions() == (("challenge",), ("spot_on",))
    forced = events(s, "no_raise")
    assert [(e.clause, args(e)) for e in forced] == [("5.4", {"seat": 1, "total": 9})]


@rule("5.4")
def test_with_wild_ones_the_highest_bid_is_all_the_dice_on_ones():
    s = position(CUPS, turn=1, bids=((9, 6, 0),))
    assert ("bid", 5, 1) in s.legal_actions()  # 4.3: ones still raise all nine sixes
    assert not events(s, "no_raise")
    s = position(CUPS, turn=1, bids=((9, 1, 0),))
    assert s.legal_actions() == (("challenge",),)
    assert events(s, "no_raise")[0].clause == "5.4"

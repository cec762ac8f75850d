"""The table (1.1), the scores (1.2) and the end of the game (6.3)."""

from __future__ import annotations

import pytest
from asobi.core import BadOptionsError
from asobi.core.state import TERMINAL

from asobi_liars_dice.spec import SPEC

from .helpers import args, events, position, rule


@rule("1.1")
def test_each_seat_starts_with_the_dice_the_options_give():
    s = SPEC.new_game({"players": 6, "dice": 3})
    assert s.counts == [3] * 6
    assert SPEC.seat_names(SPEC.validate_options({"players": 6})) == ("A", "B", "C", "D", "E", "F")
    setup = events(s, "setup")[0]
    assert setup.clause == "1.1" and args(setup)["players"] == 6 and args(setup)["dice"] == 3


@rule("1.1")
@pytest.mark.parametrize("options", [{"players": 1}, {"players": 7}, {"dice": 0}, {"dice": 6}])
def test_two_to_six_players_and_one_to_five_dice(options):
    with pytest.raises(BadOptionsError):
        SPEC.new_game(options)


@rule("6.3", "1.2")
def test_the_last_cup_with_dice_ends_the_game_and_scores_one():
    # B bid 2 × 5; C challenges; only one 5 (no ones) among the dice: B loses its last die
    s = position([[], [5], [2, 3]], turn=2, bids=((2, 5, 1),), counts=[0, 1, 2])
    s.apply(("challenge",), seat=2)
    assert s.current_seat == TERMINAL and s.legal_actions() == ()
    assert [(e.clause, args(e)) for e in events(s, "last_cup")] == [("6.3", {"seat": 2})]
    outcome = s.outcome()
    assert outcome is not None
    assert outcome.winners == (2,) and outcome.scores == (0.0, 0.0, 1.0) and outcome.clause == "1.2"


@rule("6.3")
def test_the_game_goes_on_while_two_cups_hold_dice():
    s = position([[5], [2], [2, 3]], turn=2, bids=((2, 5, 1),))
    s.apply(("challenge",), seat=2)
    assert s.outcome() is None and s.counts == [1, 0, 2]
    assert not events(s, "last_cup")
    assert s.current_seat != TERMINAL

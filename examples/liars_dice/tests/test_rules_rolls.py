"""Rolling the cups (2.1) and who opens (2.2)."""

from __future__ import annotations

import pytest
from asobi.core import IllegalActionError
from asobi.core.actions import HIDDEN
from asobi.core.state import CHANCE

from asobi_liars_dice.spec import SPEC

from .helpers import args, events, roll_all, rule


@rule("2.1")
def test_every_die_is_its_own_roll_with_six_equal_faces():
    s = SPEC.new_game({"players": 3, "dice": 2})
    assert s.current_seat == CHANCE
    outcomes = s.chance_outcomes()
    assert [a for a, _ in outcomes] == [("roll", f) for f in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    assert s.chance == ("roll", 0)
    roll_all(s, [6, 2, 3, 3, 1, 4])
    assert s.dice == [[2, 6], [3, 3], [1, 4]]


@rule("2.1")
def test_a_seat_out_of_the_game_rolls_nothing():
    s = SPEC.new_game({"players": 3, "dice": 2})
    roll_all(s, [1, 2, 3, 4, 5, 6])
    s.counts[1] = 0  # B is out (6.1) before the next round
    s.dice = [[], [], []]
    s.push(("round",))
    s.pending = None
    s.run()
    rollers: list[int] = []
    while s.chance is not None:
        rollers.append(s.chance[1])
        s.apply(("roll", 4))
    assert rollers == [0, 0, 2, 2]
    assert args(events(s, "rolled")[-1]) == {"counts": (2, 0, 2), "total": 4}


@rule("2.1")
def test_another_cup_shows_only_how_many_dice_it_holds():
    s = SPEC.new_game({"players": 2, "dice": 2})
    roll_all(s, [5, 3, 6, 6])
    mine, theirs = s.view(0)["cups"]
    assert mine == {"seat": 0, "count": 2, "dice": [3, 5]}
    assert theirs == {"seat": 1, "count": 2, "dice": None}
    assert s.view(None)["cups"][1]["dice"] == [6, 6]


@rule("2.1")
def test_a_roll_is_hidden_from_every_seat_but_the_roller():
    s = SPEC.new_game({"players": 2, "dice": 1})
    assert s.redact(("roll", 4), 0) == ("roll", 4)
    assert s.redact(("roll", 4), 1) == ("roll", HIDDEN)
    assert s.redact(("roll", 4), None) == ("roll", 4)
    assert s.action_label(("roll", HIDDEN)) == "roll a die (hidden)"
    with pytest.raises(IllegalActionError) as e:
        s.apply(("bid", 1, 2))
    assert e.value.clause == "2.1"


@rule("2.2")
def test_seat_a_opens_the_first_round():
    s = SPEC.new_game({"players": 4, "dice": 1})
    first = events(s, "round")[0]
    assert (first.clause, args(first)) == ("2.2", {"round": 1, "seat": 0})
    roll_all(s, [2, 3, 4, 5])
    assert s.current_seat == 0 and s.pending == ("call", 0)

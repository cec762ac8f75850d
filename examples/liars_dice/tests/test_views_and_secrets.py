"""What each seat is shown: its own cup only, in views, tensors, labels, errors and the log —
checked here on set positions (the harness checks it along whole games)."""

from __future__ import annotations

from random import Random

import pytest
from asobi.core import IllegalActionError
from asobi.core.actions import HIDDEN
from asobi.core.state import CHANCE

from asobi_liars_dice.space import action_space, chance_space, max_legal
from asobi_liars_dice.spec import SPEC
from asobi_liars_dice.tensor import SIZE

from .helpers import position


def test_views_differ_only_in_the_seats_own_cup():
    s = position([[1, 2], [3, 4], [5, 6]], turn=1, bids=((2, 3, 0),))
    for seat in range(3):
        view = s.view(seat)
        assert [c["dice"] is not None for c in view["cups"]] == [p == seat for p in range(3)]
    s.dice[0] = [6, 6]
    assert s.view(1) == position([[6, 6], [3, 4], [5, 6]], turn=1, bids=((2, 3, 0),)).view(1)


def test_the_log_names_no_hidden_face_before_the_cups_are_lifted():
    s = SPEC.new_game({"players": 3, "dice": 2})
    for face in (1, 2, 3, 4, 5, 6):
        s.apply(("roll", face))
    assert [e.key for e in s.log] == ["setup", "round", "rolled"]  # no event per die
    assert all(e.seats is None for e in s.log)  # and none for one seat's eyes only
    assert SPEC.log_texts(s, 1, "en")[-1] == "2.1: every cup is rolled (A 2, B 2, C 2; 6 dice)"


def test_errors_name_only_public_things():
    a = position([[1, 2], [3, 4]], turn=1, bids=((2, 3, 0),))
    b = position([[6, 6], [3, 4]], turn=1, bids=((2, 3, 0),))
    for action in [("bid", 1, 2), ("bid", 9, 9), ("spot_on",), ("bid", 1, 3), ("bid", 5, 2)]:
        texts = []
        for s in (a, b):
            with pytest.raises(IllegalActionError) as e:
                s.apply(action, seat=1)
            texts.append(str(e.value))
        assert texts[0] == texts[1]


def test_determinize_keeps_the_seats_own_cup_and_rerolls_the_others():
    s = position([[1, 2, 3], [4, 4, 4], [5, 6, 6]], turn=1, bids=((2, 3, 0),))
    d = s.determinize(1, Random(7))
    assert d.dice[1] == [4, 4, 4] and [len(c) for c in d.dice] == [3, 3, 3]
    assert d.view(1) == s.view(1)
    samples = {tuple(map(tuple, s.determinize(1, Random(k)).dice)) for k in range(20)}
    assert len(samples) > 10


def test_tensor_has_one_length_for_every_option_set():
    for options in SPEC.conformance_options:
        s = SPEC.new_game(options)
        while s.current_seat == CHANCE:
            s.apply(("roll", 3))
        assert SPEC.spaces.observation_shape(SPEC.validate_options(options)) == (SIZE,)
        assert all(len(s.observation_tensor(seat)) == SIZE for seat in range(s.n_seats))


def test_the_spaces_hold_every_call_and_roll():
    options = SPEC.validate_options({"players": 2, "dice": 1})
    space = action_space(options)
    assert space.size == 2 * 6 + 2 and max_legal(options) == 13
    s = position([[2], [5]], turn=0)
    assert len(s.legal_actions()) == 10  # two quantities × five faces (4.2: not on ones)
    assert [space.encode(a) for a in s.legal_actions()] == sorted(space.encode(a) for a in s.legal_actions())
    assert ("roll", HIDDEN) not in chance_space(options)
    assert chance_space(options).encode(("roll", 6)) == 5

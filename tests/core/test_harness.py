"""The conformance harness itself: it passes a good game and catches the faults it names."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError, MalformedActionError
from asobi.core.conformance import check_game

from .toygame import SPEC, HighCard, registered


def test_toy_game_conforms():
    registered()
    stats = check_game(SPEC, {}, range(30))
    assert stats.games == 30
    assert stats.views_compared > 0
    assert stats.hidden_variants_differing > 0


def test_harness_catches_a_view_that_leaks(monkeypatch):
    registered()
    monkeypatch.setattr(HighCard, "view", lambda self, seat: {"hands": self.hands})
    with pytest.raises(AssertionError, match="view shows hidden information"):
        check_game(SPEC, {}, range(5))


def test_harness_catches_a_shallow_clone(monkeypatch):
    registered()

    def shallow(self):
        c = HighCard.__new__(HighCard)
        c.deck, c.hands, c.played, c.wins, c.turn, c.log = self.deck, self.hands, self.played, self.wins, self.turn, self.log
        return c

    monkeypatch.setattr(HighCard, "clone", shallow)
    with pytest.raises(AssertionError, match="clone"):
        check_game(SPEC, {}, range(5))


def test_illegal_action_names_clause_and_leaves_state():
    state = SPEC.new_game({})
    for card in (1, 2, 3, 4):
        state.apply(("deal", card))
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as err:
        state.apply(("play", 4))
    assert err.value.clause == "T.2" and "T.2" in str(err.value)
    with pytest.raises(MalformedActionError):
        state.apply(["play", 1])  # type: ignore[arg-type]
    assert state.fingerprint() == before

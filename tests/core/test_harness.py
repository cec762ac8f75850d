"""The conformance harness itself: it passes a good game and catches the faults it names."""

from __future__ import annotations

import dataclasses

import pytest

from asobi.core import IllegalActionError, MalformedActionError
from asobi.core.conformance import HarnessError, check_game
from support.toygame import SPEC, HighCard, registered


def test_toy_game_conforms():
    registered()
    stats = check_game(SPEC, {}, range(30))
    assert stats.games == 30
    assert stats.views_compared > 0
    assert stats.hidden_variants_differing > 0


def test_harness_catches_a_view_that_leaks(monkeypatch):
    registered()
    monkeypatch.setattr(HighCard, "view", lambda self, seat: {"hands": self.hands})
    with pytest.raises(HarnessError, match="view shows hidden information"):
        check_game(SPEC, {}, range(5))


def test_harness_catches_a_shallow_clone(monkeypatch):
    registered()

    def shallow(self):
        c = HighCard.__new__(HighCard)
        c.deck, c.hands, c.played, c.wins, c.turn, c.log = self.deck, self.hands, self.played, self.wins, self.turn, self.log
        return c

    monkeypatch.setattr(HighCard, "clone", shallow)
    with pytest.raises(HarnessError, match="clone"):
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


def test_harness_catches_a_label_that_names_a_hidden_card(monkeypatch):
    registered()
    monkeypatch.setattr(HighCard, "redact", lambda self, action, seat: action)
    with pytest.raises(HarnessError, match=r"cannot tell .* by their effect"):
        check_game(SPEC, {}, range(12))


def test_harness_catches_who_is_asked_depending_on_a_hidden_hand(monkeypatch):
    registered()
    real = HighCard.current_seat.fget

    def seat(self):
        s = real(self)
        if s < 0:
            return s
        # the seat with the higher card leads the round: a tell
        if not self.played:
            return 0 if max(self.hands[0]) >= max(self.hands[1]) else 1
        return 0 if len(self.hands[0]) > len(self.hands[1]) else 1

    monkeypatch.setattr(HighCard, "current_seat", property(seat))
    with pytest.raises(HarnessError, match=r"who decides|cannot see|hidden"):
        check_game(SPEC, {}, range(12))


def test_harness_catches_an_error_text_that_leaks(monkeypatch):
    registered()
    monkeypatch.setattr(HighCard, "why_illegal", lambda self, action: ("T.2", f"hands are {self.hands}"))
    with pytest.raises(HarnessError, match="errors seat"):
        check_game(SPEC, {}, range(12))


def test_harness_catches_a_determinization_that_keeps_the_truth(monkeypatch):
    registered()
    monkeypatch.setattr(HighCard, "determinize", lambda self, seat, rng: self.clone())
    with pytest.raises(HarnessError, match="determinization"):
        check_game(SPEC, {}, range(12))


def test_harness_catches_a_shared_legal_list(monkeypatch):
    registered()
    monkeypatch.setattr(HighCard, "legal_actions", lambda self: sorted({("play", c) for c in self.hands[self.current_seat]})
                        if self.current_seat >= 0 else ())
    with pytest.raises(HarnessError, match="not a tuple"):
        check_game(SPEC, {}, range(3))


def test_harness_catches_a_bot_that_peeks(monkeypatch):
    registered()
    from asobi.core import Agent

    class Peeker(Agent):
        def act(self, obs):
            state = obs._state  # what a bot must never do
            other = state.hands[1 - obs.seat]
            return max(obs.legal) if other and max(other) == 4 else min(obs.legal)

    spec = dataclasses.replace(SPEC, bots={"peek": lambda seat, seed, options: Peeker()})
    with pytest.raises(HarnessError, match="cannot tell apart"):
        check_game(spec, {}, range(12))


def test_harness_catches_a_single_action_check_that_disagrees_with_the_listing(monkeypatch):
    """A kernel game's check of one action (used only while nothing is listed) must agree with
    the listing: the harness asks it on states rebuilt from JSON, which never listed."""
    from .flowgame import FLOW
    from .flowgame import SPEC as DUEL

    check_game(DUEL, {}, range(3))  # as written: the check and the listing agree
    monkeypatch.setitem(FLOW.checks, "play", lambda s, action: action[0] == "play")  # any card
    with pytest.raises(HarnessError, match="before any listing disagrees"):
        check_game(DUEL, {}, range(3))

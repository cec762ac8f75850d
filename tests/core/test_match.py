"""The one match loop: seats, chance, the public state id, per-seat updates, undo."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.core.errors import BadOptionsError, NotYourTurnError
from asobi.core.match import Match, UndoError
from asobi.core.state import CHANCE
from support.toygame import SPEC, registered


@pytest.fixture(autouse=True)
def toy():
    return registered()


def people(seed=None):
    return Match(SPEC, {"copies": 2}, ["human", "human"], seed=seed)


def test_bots_and_chance_run_until_a_person_decides():
    match = Match(SPEC, {"copies": 2}, ["human", "bot:random"], seed=4)
    seat = match.play()
    assert seat == match.state.current_seat and match.agents[seat] is None
    assert match.state_id == len(match.actions) == 4  # the four cards dealt


def test_a_seeded_match_is_reproducible_and_a_live_one_keeps_no_seed():
    a = Match(SPEC, {"copies": 2}, ["bot:random", "bot:random"], seed=9)
    b = Match(SPEC, {"copies": 2}, ["bot:random", "bot:random"], seed=9)
    a.play()
    b.play()
    assert a.actions == b.actions and a.state.fingerprint() == b.state.fingerprint()
    live = Match(SPEC, {"copies": 2}, ["bot:random", "bot:random"])
    live.play()
    assert live.seed is None and live.record().seed is None and live.is_over()


def test_a_submission_is_bound_to_its_seat():
    match = people(seed=1)
    seat = match.play()
    assert seat is not None
    other = 1 - seat
    action = match.state.legal_actions()[0]
    before = match.state.fingerprint()
    with pytest.raises(NotYourTurnError) as err:
        match.submit(other, action)
    assert str(err.value) == f"it is not this seat's turn to decide: {action!r}"
    with pytest.raises(IllegalActionError):
        match.submit(seat, ("play", 99))
    assert match.state.fingerprint() == before and match.state_id == 4
    match.submit(seat, action)
    assert match.state_id == 5 and match.actions[-1] == action


def test_updates_show_other_seats_hidden_cards_redacted():
    match = people(seed=2)
    match.play()
    for seat in (0, 1):
        updates = match.updates(seat)
        assert [u.actor for u in updates] == [CHANCE] * 4
        mine = [u for u in updates if u.action != ("deal", "?")]
        theirs = [u for u in updates if u.action == ("deal", "?")]
        assert len(mine) == len(theirs) == 2
        assert all(u.label == "deal a card" for u in theirs)
        # the private log line of the other seat's card is not there either
        assert all(e.seats in (None, (seat,)) for u in updates for e in u.events)
    everything = match.updates(None)
    assert all(u.action[1] != "?" for u in everything)


def test_undo_takes_back_own_decisions_only_until_something_is_revealed():
    match = people(seed=3)
    first = match.play()
    assert first is not None
    with pytest.raises(UndoError):
        match.undo(first)  # only the deal so far: nothing of its own to take back
    before = match.state.fingerprint()
    action = match.state.legal_actions()[0]
    match.submit(first, action)
    with pytest.raises(UndoError):
        match.undo(1 - first)
    match.undo(first)
    assert match.state.fingerprint() == before and len(match.actions) == 4 and match.state_id == 6
    assert match.updates(1 - first, 5)[-1].undone == 1
    match.submit(first, action)
    second = match.state.current_seat
    match.submit(second, match.state.legal_actions()[0])
    with pytest.raises(UndoError):
        match.undo(first)  # the other seat has decided since: that revealed information


def test_bots_never_undo():
    match = Match(SPEC, {"copies": 2}, ["bot:random", "bot:random"], seed=5)
    match.play()
    with pytest.raises(UndoError):
        match.undo(0)


def test_resuming_replays_the_actions_with_their_checks():
    match = people(seed=6)
    match.play()
    match.submit(match.state.current_seat, match.state.legal_actions()[-1])
    again = Match(SPEC, {"copies": 2}, ["human", "human"], seed=6, actions=match.actions)
    assert again.state.fingerprint() == match.state.fingerprint()
    from asobi.core.errors import BadRecordError

    with pytest.raises(BadRecordError, match="action 4"):
        Match(SPEC, {"copies": 2}, ["human", "human"], actions=[*match.actions[:4], ("play", 99)])


def test_options_left_out_take_their_defaults_and_an_unknown_one_is_named():
    match = Match(SPEC, {}, ["human", "human"], seed=1)
    assert match.options == SPEC.validate_options({})
    with pytest.raises(BadOptionsError, match="colour"):
        Match(SPEC, {"colour": "red"}, ["human", "human"])


@pytest.mark.parametrize("max_steps", [None, 3, 7])
def test_a_quiet_match_plays_the_steps_a_watched_one_plays(max_steps):
    """:meth:`Match.play` with nobody looking runs its own loop; with ``on_step`` it steps one
    by one. Both leave the same actions, state, state id, last events and undo history, for a
    person's seat as for a finished game."""
    for seats in (["bot:random", "bot:random"], ["human", "bot:random"]):
        quiet = Match(SPEC, {"copies": 2}, seats, seed=11, journal=False, checked=False)
        watched = Match(SPEC, {"copies": 2}, seats, seed=11, journal=False, checked=False)
        seen: list[int] = []
        assert quiet.play(max_steps) == watched.play(max_steps, on_step=lambda m, seen=seen: seen.append(m.state_id))
        assert seen == list(range(1, len(watched.actions) + 1))
        assert quiet.actions == watched.actions and len(quiet.actions) > 0
        assert quiet.state.fingerprint() == watched.state.fingerprint()
        assert quiet.state_id == watched.state_id == len(quiet.actions)
        assert quiet.last_events() == watched.last_events()
        if seats[0] == "human" and quiet.waiting_for() == 0:
            action = quiet.state.legal_actions()[0]
            for match in (quiet, watched):
                match.submit(0, action)
                assert match.can_undo(0) == 1
                match.play(max_steps)
            assert len(quiet.actions) > len(watched.actions) - 1 > 0
            assert quiet.actions == watched.actions
            assert quiet.can_undo(0) == watched.can_undo(0) == 0  # a bot or chance acted since

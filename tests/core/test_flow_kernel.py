"""The flow kernel and declared fields, on a small game of hidden cards ("blind duel")."""

from __future__ import annotations

import json
import sys
from random import Random

import pytest

from asobi.core import registry
from asobi.core.conformance import check_game
from asobi.core.errors import BadRecordError
from asobi.core.flow import Flow, FlowState
from asobi.core.state import CHANCE, TERMINAL
from conftest import install_games

from .flowgame import FLOW, SEATED_SPEC, SPEC, Duel, SeatedDuel, registered


def test_the_duel_conforms_with_its_secrets_followed_along_branches():
    registered()
    stats = check_game(SPEC, {}, range(24))
    assert stats.games == 24 and stats.branch_steps > 100 and stats.determinizations_differing > 0


def test_generated_clone_copies_each_field_as_declared():
    s = SPEC.new_game({})
    for card in (1, 2, 3, 4):
        s.apply(("draw", card))
    c = s.clone()
    assert c.fingerprint() == s.fingerprint()
    assert c.hands is not s.hands and c.hands[0] is not s.hands[0] and c.deck is not s.deck
    assert c.log is not s.log and c.log == s.log
    c.hands[0].append(9)
    c.log.append(s.log[0])
    assert 9 not in s.hands[0] and len(s.log) == len(c.log) - 1


def test_json_round_trip_and_field_errors_name_the_field():
    s = SPEC.new_game({})
    data = json.loads(json.dumps(s.to_json()))
    back = Duel.from_json(data)
    assert back.fingerprint() == s.fingerprint() and back.legal_actions() == s.legal_actions()
    bad = dict(data, wins="two")
    with pytest.raises(BadRecordError, match="field 'wins'"):
        Duel.from_json(bad)
    missing = {k: v for k, v in data.items() if k != "deck"}
    with pytest.raises(BadRecordError, match="field 'deck' is missing"):
        Duel.from_json(missing)
    s.round = "3"  # type: ignore[assignment]
    assert s.field_errors() == ["field round is a str, not a int"]


def test_a_flow_refuses_a_task_or_decision_declared_twice():
    flow = Flow()
    flow.task("a")(lambda s: None)
    with pytest.raises(ValueError, match="declared twice"):
        flow.task("a")(lambda s: None)
    d = flow.decision("x", clause="1")(lambda s: [])
    with pytest.raises(ValueError, match="without apply"):
        flow.check()
    d.apply(lambda s, a, p: None)
    flow.check()


def _play(s, rng, on_step=lambda s: None):
    """Random actions (chance by its odds) to the end, calling ``on_step`` after each."""
    while s.ended is None:
        if s.pending is None:
            s.apply_unchecked(s.sample_chance(rng))
        else:
            legal = s.legal_actions()
            s.apply_unchecked(legal[rng.randrange(len(legal))])
        on_step(s)
    return s


@pytest.fixture
def seated_duel_installed(tmp_path):
    """The seated duel found by the registry (its records are read back by the harness)."""
    where = install_games(tmp_path, {SEATED_SPEC.id: "core.flowgame:SEATED_SPEC"}, name="asobi_seated_duel")
    yield registry.get_game(SEATED_SPEC.id)
    sys.path.remove(str(where))
    registry.rescan()


def test_the_duel_on_the_kernels_other_options_conforms(seated_duel_installed):
    stats = check_game(seated_duel_installed, {}, range(24))
    assert stats.games == 24 and stats.branch_steps > 100


def test_a_seat_kept_in_a_slot_follows_every_stop_and_nothing_is_listed_off_a_decision():
    seen = set()

    def check(s):
        assert s.current_seat == FlowState.current_seat.fget(s)
        if s.pending is None:
            assert s.legal_actions() == () and not s.is_legal(("play", 1))
        seen.add(s.current_seat)

    for seed in range(12):
        _play(SeatedDuel(), Random(seed), check)
    assert seen == {0, 1, CHANCE, TERMINAL}


def test_the_end_check_runs_only_when_its_test_holds_and_ends_the_game_at_once(monkeypatch):
    calls = []
    stopped = SeatedDuel.stopped

    def counted(s):
        assert max(s.wins) >= 2, "stopped() called while stop_test is false"
        calls.append(s.round)
        return stopped(s)

    monkeypatch.setattr(SeatedDuel, "stopped", counted)
    ended = [_play(SeatedDuel(), Random(seed)) for seed in range(20)]
    early = [s for s in ended if s.ended == "two rounds won"]
    assert early and len(calls) == len(early)
    # ended right after the round was shown: neither seat drew for the next one
    assert all([e.key for e in s.log][-2:] == ["shown", "over"] and s.log[-1].clause == "D.4" for s in early)
    assert any(s.round == 2 for s in early)
    assert all(s.ended == "over" and max(s.wins) < 2 for s in ended if s not in early)


def test_the_end_check_runs_after_a_task_even_when_it_asks_a_seat(monkeypatch):
    def play_and_win(s, seat):
        s.ask("play", seat)
        assert s.legal_actions()  # (listed, and cached, before the game ends)
        s.wins = [2, 0]

    monkeypatch.setitem(FLOW.tasks, "play", play_and_win)  # (the tables are live: the loop reads them)
    s = SeatedDuel()
    s.apply_unchecked(("draw", 1))
    while s.chance is not None:
        s.apply_unchecked(s.chance_outcomes()[0][0])
    assert s.ended == "two rounds won" and s.pending is None
    assert s.current_seat == TERMINAL and s.legal_actions() == ()


@pytest.mark.parametrize("stop", ["ended", "chance"])
def test_a_task_that_listed_the_actions_and_went_on_leaves_none_listed(monkeypatch, stop):
    def list_then_go_on(s):
        s.ask("play", 0)
        assert s.legal_actions()
        s.pending = None
        if stop == "ended":
            s.ended = "over"
        else:
            s.chance = ("draw", 0)

    monkeypatch.setitem(FLOW.tasks, "round", list_then_go_on)
    s = Duel()
    for _ in range(4):  # the hands dealt, then the first round
        s.apply_unchecked(s.chance_outcomes()[0][0])
    assert getattr(s, stop) is not None and s.pending is None and s.legal_actions() == ()


def test_a_task_gets_its_items_whatever_their_number(monkeypatch):
    got = []
    monkeypatch.setitem(FLOW.tasks, "probe", lambda s, *items: got.append(items))
    s = Duel()
    s.chance = None
    s.push(("probe",), ("probe", 1), ("probe", 1, 2), ("probe", 1, 2, 3), ("probe", 1, 2, 3, 4), ("draw", 0))
    s.run()
    assert got == [(), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4)] and s.chance == ("draw", 0)


def test_a_check_of_one_chance_outcome_lists_none(monkeypatch):
    s = SeatedDuel()

    def listing(_):
        raise AssertionError("chance outcomes listed")

    monkeypatch.setattr(SeatedDuel, "chance_outcomes", listing)
    assert s.is_legal(("draw", 3)) and not s.is_legal(("draw", 6)) and not s.is_legal(("play", 3))


def test_an_agenda_that_runs_out_before_the_end_is_an_error():
    s = Duel()
    s.chance = None
    s.agenda.clear()
    with pytest.raises(IndexError):
        s.run()


def test_a_game_may_not_write_the_loop_itself():
    with pytest.raises(TypeError, match="defines apply_unchecked"):

        class OwnLoop(Duel):
            flow = FLOW

            def apply_unchecked(self, action):
                pass


@pytest.mark.parametrize("data", [(), (1,), (1, "b"), (1, "b", (2,)), (1, "b", (2,), None)])
def test_ask_makes_the_pending_decision_of_its_data_and_drops_the_listing(data):
    s = SeatedDuel()
    s.legal_cache = (("x",),)
    s.ask("play", 1, *data)
    assert s.pending == ("play", 1, *data) and type(s.pending) is tuple and s.legal_cache is None


def test_ask_takes_at_most_four_items_of_data():
    with pytest.raises(TypeError):
        SeatedDuel().ask("play", 1, 1, 2, 3, 4, 5)  # type: ignore[call-arg]


@pytest.mark.parametrize("listing", [[], [("x",)], [("x",), ("y",)]])
def test_ask_if_choice_asks_only_where_there_is_a_choice(monkeypatch, listing):
    monkeypatch.setitem(FLOW.listings, "play", lambda s: listing)  # (the tables are live)
    s = SeatedDuel()
    s.legal_cache = (("z",),)
    asked = s.ask_if_choice("play", 0, 7)
    assert asked is (len(listing) > 1)
    if asked:  # listed once, and kept for the decision
        assert s.pending == ("play", 0, 7) and s.legal_cache == tuple(listing) and s.legal_actions() == tuple(listing)
    else:  # nothing asked, nothing kept
        assert s.pending is None and s.legal_cache is None

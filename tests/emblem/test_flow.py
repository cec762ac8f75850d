"""The game on the core flow kernel: its steps are decisions and tasks by name, ``step`` and
``actor`` are read from where the kernel is, and a state with work scheduled survives JSON."""

from __future__ import annotations

import json
from random import Random

import pytest

from asobi.games.emblem.rules import DECISIONS, FLOW, IDLE, TASKS, flow
from asobi.games.emblem.state import EmblemState
from support.play import played, random_action

from .helpers import at, invasion, new, place


def test_every_decision_is_a_step_by_name_with_its_clause():
    keys = [row.key for row in flow.STEPS]
    assert len(set(keys)) == len(keys) == flow.DEPLOY_CHIPS + 1
    for kind in DECISIONS:
        assert kind in keys
        assert FLOW.decisions[kind].clause == flow.STEPS[flow.STEP_OF[kind]].clause
        assert FLOW.decisions[kind].apply_fn is not None
    assert set(IDLE) <= set(DECISIONS)
    # every step is a decision, a chance node, the end, or ★ work passed through on arrival
    chance = {flow.CHANCE_FIRST[0], flow.CHANCE_DEAL[0], flow.CHANCE_DRAW[0]}
    assert set(keys) == set(DECISIONS) | chance | {"over", "start", "ready"}
    scheduled = [flow.BEGIN_TURN, flow.TURN_START, flow.ENTER_DRAW, flow.BEGIN_INVASION, flow.PROCESS]
    scheduled += [flow.BEGIN_END_PHASE, flow.ENTER_END_START, flow.ENTER_EFFECTS]
    assert {t[0] for t in scheduled} | {"attack", "heal"} == set(TASKS) == set(FLOW.tasks)


def test_step_and_actor_are_read_from_the_pending_decision_the_chance_node_or_the_end():
    s = new()
    assert s.chance == flow.CHANCE_FIRST and s.step == flow.FIRST and s.actor == -1
    with pytest.raises(AttributeError):
        s.step = flow.UNIT  # type: ignore[misc]
    with pytest.raises(AttributeError):
        s.actor = 0  # type: ignore[misc]
    at(s, "item", actor=1, turn_player=0)
    assert s.pending == ("item", 1) and s.step == flow.ITEM and s.actor == 1 == s.current_seat
    at(s, "draw", actor=0)
    assert s.pending is None and s.step == flow.DRAW and s.is_chance()


def test_a_game_ends_with_nothing_pending_and_nothing_scheduled():
    s = played(new(), Random(5))
    assert s.ended is not None and s.pending is None and s.chance is None and s.agenda == []
    assert s.step == flow.OVER and s.actor == -1 and s.legal_actions() == ()
    outcome = s.outcome()
    assert outcome is not None and (outcome.reason, outcome.clause) == s.ended


def _round_trip(s: EmblemState) -> EmblemState:
    return EmblemState.from_json(json.loads(json.dumps(s.to_json(), ensure_ascii=False)))


def test_an_attack_waiting_for_the_equipment_choice_keeps_the_standby_scheduled_through_json():
    s = invasion([(4, "az-gard", 0, 3, {"weapon": "w-silver-lance"}), (7, "cr-brute", 1, 3)])
    place(s, 1, "az-soldier", 0, chips=1, ready=False)
    s.apply(("activate", 4))
    s.apply(("next",))  # no move
    s.apply(("attack", 7))
    assert s.pending == ("attack_equipment", 0) and s.agenda == [flow.PROCESS]
    back = _round_trip(s)
    assert back.agenda == [flow.PROCESS] and back.fingerprint() == s.fingerprint()
    for state in (s, back):
        state.apply(("equipment", 1))
    assert back.fingerprint() == s.fingerprint() and back.log == s.log
    assert s.agenda == [] and s.step != flow.ATTACK_EQUIPMENT and s.field[4][3] == 0  # stood by


def test_states_with_work_scheduled_round_trip_and_go_on_alike():
    seen = 0
    for seed in range(10):
        rng = Random(seed)
        s = new()
        while not s.is_terminal():
            action = random_action(s, rng)
            if s.agenda:
                back = _round_trip(s)
                seen += 1
                back.apply(action)
                s.apply(action)
                assert back.fingerprint() == s.fingerprint()
                continue
            s.apply(action)
    assert seen >= 20

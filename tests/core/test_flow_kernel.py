"""The flow kernel and declared fields, on a small game of hidden cards ("blind duel")."""

from __future__ import annotations

import json

import pytest

from asobi.core.conformance import check_game
from asobi.core.errors import BadRecordError
from asobi.core.flow import Flow

from .flowgame import SPEC, Duel, registered


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

"""Records that travel: bounded and checked reading, data hashes, seeds, and rules changes."""

from __future__ import annotations

import dataclasses
import json

import pytest

from asobi.core import (
    BadRecordError,
    GameRecord,
    MalformedActionError,
    RulesVersionError,
    action_from_json,
    registry,
)
from asobi.core.actions import MAX_ACTION_DEPTH, is_well_formed
from asobi.core.record import MAX_JSON_DEPTH, load_json
from asobi.core.replay import read_record, recheck, replay
from support.toygame import SPEC, registered


@pytest.fixture(autouse=True)
def toy():
    registered()


def finished_record() -> GameRecord:
    """A whole toy game: four cards dealt, then two rounds."""
    record = GameRecord(SPEC.id, SPEC.rules_version, {"copies": 2}, ["human", "bot:random"], 5)
    record.actions = [("deal", 1), ("deal", 2), ("deal", 3), ("deal", 4), ("play", 1), ("play", 2), ("play", 4),
                      ("play", 3)]
    state = replay(record)
    outcome = state.outcome()
    assert outcome is not None
    record.outcome, record.fingerprint = outcome.to_json(), state.fingerprint()
    return record


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# ---- bounded reading ----------------------------------------------------------------------------
def test_deep_json_is_refused_before_parsing():
    with pytest.raises(BadRecordError, match=f"nests deeper than {MAX_JSON_DEPTH}"):
        GameRecord.loads(nested(1200))
    text = '{"game": "toy-highcard", "actions": [' + nested(1200) + "]}"
    with pytest.raises(BadRecordError, match="nests deeper"):
        GameRecord.loads(text)
    # brackets inside strings do not count
    assert load_json(json.dumps({"a": "[" * 5000}), "x") == {"a": "[" * 5000}


def test_deep_values_built_in_python_are_refused():
    deep: list = []
    for _ in range(1200):
        deep = [deep]
    data = finished_record().to_json()
    data["options"] = {"copies": deep}
    with pytest.raises(BadRecordError, match="nests deeper"):
        GameRecord.from_json(data)
    data = finished_record().to_json()
    data["actions"][0] = ["deal", deep]
    with pytest.raises(BadRecordError, match="nests deeper"):
        GameRecord.from_json(data)


def test_actions_nest_at_most_four_deep():
    ok = ["a", ["b", ["c", ["d", 1]]]]
    assert MAX_ACTION_DEPTH == 4
    assert action_from_json(ok) == ("a", ("b", ("c", ("d", 1))))
    deep: list = ["x"]
    for _ in range(1200):
        deep = ["x", deep]
    for bad in (["a", ["b", ["c", ["d", ["e"]]]]], deep):
        with pytest.raises(MalformedActionError, match="nest at most 4 deep") as info:
            action_from_json(bad)
        assert len(str(info.value)) < 200
    deep_tuple: tuple = ("x",)
    for _ in range(1200):
        deep_tuple = ("x", deep_tuple)
    assert not is_well_formed(deep_tuple)
    assert is_well_formed(("a", ("b", ("c", ("d", 1)))))


@pytest.mark.parametrize(("action", "why"), [
    (["play", 2**80], "within ±2\\*\\*53"),
    (["play", "x" * 10_000], "at most 200 characters"),
    (["play", True], "not true/false"),
    (["play", 1.5], "ints, strings or lists"),
    (["play", {"a": 1}], "ints, strings or lists"),
    (["play"] + [1] * 1000, "at most 256 items"),
    ([], "starts with a verb"),
    ([3, 1], "starts with a verb"),
])
def test_hostile_actions_are_named(action, why):
    data = finished_record().to_json()
    data["actions"][4] = action
    with pytest.raises(BadRecordError, match=f"record, action 4: .*{why}") as info:
        GameRecord.from_json(data)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize(("change", "why"), [
    ({"game": 3}, "field 'game' is not a string"),
    ({"game": "chess"}, "no game 'chess'"),
    ({"rules_version": None}, "field 'rules_version' is not a string"),
    ({"rules_version": "x" * 1000}, "longer than 200"),
    ({"options": []}, "field 'options' is missing or not a object"),
    ({"options": {"copies": 10**5000}}, "option 'copies'"),
    ({"options": {"copies": "9" * 5000}}, "option 'copies'"),
    ({"options": {"colour": "red"}}, "no such option"),
    ({"seats": "human"}, "field 'seats'"),
    ({"seats": ["human"]}, "names 1 seats, but these options have 2"),
    ({"seats": ["human", 7]}, "seat 1 is 7"),
    ({"seats": ["human", "robot"]}, "seat 1 is 'robot'"),
    ({"seed": 2**70}, "not a 64-bit integer"),
    ({"seed": "7"}, "not a 64-bit integer"),
    ({"seed": True}, "not a 64-bit integer"),
    ({"actions": {}}, "field 'actions'"),
    ({"outcome": []}, "field 'outcome': not an object"),
    ({"outcome": {"winners": [9], "scores": [1, 0], "reason": "won", "clause": "T.3"}}, "'winners'"),
    ({"outcome": {"winners": [], "scores": [1e300, 0], "reason": "won", "clause": "T.3"}}, "'scores'"),
    ({"fingerprint": ["x"]}, "field 'fingerprint' is not a string"),
    ({"data_hash": 5}, "field 'data_hash' is not a string"),
    ({"format": 2}, "record format 2 is not 1"),
    ({"cheat": 1, "more": 2}, "unknown field 'cheat', 'more'"),
])
def test_hostile_records_get_one_clear_message(change, why):
    data = finished_record().to_json()
    data.update(change)
    with pytest.raises(BadRecordError, match=why) as info:
        GameRecord.from_json(data)
    assert len(str(info.value)) < 400


def test_records_that_are_not_objects_or_not_json():
    for text, why in (("[]", "a record is a JSON object"), ("{", "not JSON"), ('{"seed": ' + "9" * 5000 + "}", "not JSON")):
        with pytest.raises(BadRecordError, match=why):
            GameRecord.loads(text)


# ---- what a record carries ------------------------------------------------------------------------
def test_a_round_trip_keeps_everything():
    record = finished_record()
    record.data_hash = "abc"
    again = GameRecord.loads(record.dumps())
    assert again == record and again.warnings == []


def test_seed_is_not_written_while_people_are_still_playing():
    record = finished_record()
    assert record.to_json()["seed"] == 5  # over: the seed reveals nothing to come
    running = dataclasses.replace(record, outcome=None, fingerprint=None, actions=record.actions[:5])
    assert "seed" not in running.to_json()
    assert GameRecord.loads(running.dumps()).seed is None
    bots = dataclasses.replace(running, seats=["bot:random", "bot:random"])
    assert bots.to_json()["seed"] == 5  # a seeded bot game may keep it
    live = GameRecord.new(SPEC, {"copies": 2}, ["human", "human"])
    assert live.seed is None and "seed" not in live.to_json()


def test_data_hash_is_carried_and_a_different_one_warns(monkeypatch):
    from support import toygame

    spec = dataclasses.replace(SPEC, records=dataclasses.replace(SPEC.records, data_hash=lambda: "1234567890abcdef"))
    monkeypatch.setattr(toygame, "SPEC", spec)  # what the test game's entry point names
    registry.rescan()
    try:
        record = GameRecord.new(spec, {"copies": 2}, ["human", "bot:random"])
        assert record.data_hash == "1234567890abcdef"
        assert GameRecord.loads(record.dumps()).warnings == []
        other = finished_record()
        other.data_hash = "ffffffffffffffff"
        again = GameRecord.loads(other.dumps())
        assert len(again.warnings) == 1 and "other toy-highcard data files" in again.warnings[0]
        assert replay(again).outcome() is not None  # a warning, not an error
    finally:
        monkeypatch.undo()
        registry.rescan()


# ---- rules versions -----------------------------------------------------------------------------
def test_older_rules_whose_actions_stay_legal_are_migrated():
    data = finished_record().to_json()
    data["rules_version"] = "0"
    record = read_record(data)
    assert record.rules_version == SPEC.rules_version and record.migrated_from == "0"
    assert "rules version '0'" in record.warnings[0] and "all its 8 actions" in record.warnings[0]
    assert read_record(record.dumps()).migrated_from == "0"
    as_written = GameRecord.from_json(data)
    assert as_written.rules_version == "0" and as_written.migrated_from is None


def test_older_rules_that_refuse_an_action_name_the_action_and_the_rule():
    data = finished_record().to_json()
    data["rules_version"] = "0"
    data["actions"][6] = ["play", 1]  # seat 0 played its 1 already
    with pytest.raises(RulesVersionError, match=r"rules version '0'; under version '1' its action 6 is refused by rule T\.2"):
        read_record(data)
    check = recheck(GameRecord.from_json(data))
    assert (check.ok, check.failed_at, check.action, check.clause) == (False, 6, ("play", 1), "T.2")

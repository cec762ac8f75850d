"""The state's declared fields: clone, JSON (card ids, not pool indices) and the checks on reading."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from asobi.core.errors import BadRecordError
from asobi.games.emblem.state import EmblemState
from support.play import played, random_playout

from .helpers import SPEC, new


def _played(seed: int, steps: int) -> EmblemState:
    return played(new(), Random(seed), steps)


def _round_trip(s: EmblemState) -> EmblemState:
    return EmblemState.from_json(json.loads(json.dumps(s.to_json(), ensure_ascii=False)))


def test_json_round_trips_along_games_with_card_ids_in_the_json():
    seen_deploying = seen_units = False
    for seed in range(3):
        s = new()
        for i in random_playout(s, Random(seed), 400):
            if i % 7 == 0 and i < 400 and not s.is_terminal():
                data = s.to_json()
                assert all(isinstance(c, str) for h in data["hand"] for c in h)
                back = _round_trip(s)
                assert back.fingerprint() == s.fingerprint() and back.log == s.log
                assert back.legal_actions() == s.legal_actions() and back.to_json() == data
                assert back.field_errors() == [] and back.invariant_errors() == []
                seen_deploying |= bool(s.deploying)
                seen_units |= any(u is not None for u in s.field)
    assert seen_units and seen_deploying


def test_clone_copies_what_changes_and_shares_what_is_replaced():
    s = _played(4, 200)
    c = s.clone()
    assert c.fingerprint() == s.fingerprint()
    assert c.hand is not s.hand and c.hand[0] is not s.hand[0] and c.hand[1] is not s.hand[1]
    assert c.field is not s.field
    assert c.field == s.field and any(c.field)
    assert all(a is b for a, b in zip(c.field, s.field, strict=True))  # units: copied when changed
    assert c.deck_left is not s.deck_left and c.unused is not s.unused and c.used is not s.used
    assert c.deck is s.deck and c.offfield is s.offfield and c.land is s.land
    assert c.log is not s.log and c.log == s.log
    c.hand[0].append(0)
    assert len(c.hand[0]) == len(s.hand[0]) + 1


class _SharedUnit(list):  # type: ignore[type-arg]
    """A unit list some clone may share: changing it in place is a bug (EmblemState.own_unit)."""

    def __setitem__(self, index: Any, value: Any) -> None:
        raise AssertionError(f"a unit shared with clones was changed in place: [{index}] = {value}")


def _share_units(s: EmblemState) -> None:
    s.field = [None if u is None else _SharedUnit(u) for u in s.field]


@pytest.mark.parametrize("wipeout_at_once", [False, True])
def test_no_rule_changes_a_unit_in_place_since_clones_share_them(wipeout_at_once: bool):
    """A clone copies the field's squares, not its units: every rule that changes a unit changes
    a copy of its own. Here every unit is shared after every step (changing one in place raises)
    along whole random games, and a clone played to the end leaves its original as it was."""
    changed = 0
    for seed in range(12):
        s = SPEC.new_game({"wipeout_at_once": wipeout_at_once})
        assert isinstance(s, EmblemState)
        before: list[list[int] | None] | None = None
        for _ in random_playout(s, Random(seed)):
            if before is not None:  # the units the last action changed
                changed += sum(
                    1 for b, u in zip(before, s.field, strict=True) if b is not None and u is not None and b != u
                )
            _share_units(s)
            before = [None if u is None else list(u) for u in s.field]
    assert changed > 1000  # the games changed units, each time in a copy
    s = _played(7, 150)
    fingerprint, units = s.fingerprint(), [None if u is None else list(u) for u in s.field]
    played(s.clone(), Random(1))
    assert s.fingerprint() == fingerprint and s.field == units


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hand", [["no-such-card"], []]),
        ("hand", [[]]),
        ("pending", ["no-such-step", 0]),
        ("pending", ["unit", 2]),
        ("agenda", [["no-such-task"]]),
        ("chance", ["no-such-chance"]),
        ("ended", ["won_sortie"]),
        ("field", [None]),
        ("field", "squares"),
        ("land", [5, None]),
        ("deck", [{}]),
        ("mulligan_done", [0]),
        ("wiped", [0, "x"]),
        ("deploying", ["no-such-card"]),
        ("turn", "3"),
        ("pending_deals", [7]),
        ("deck_names", ["azure"]),
        ("log", "events"),
    ],
)
def test_a_bad_field_is_refused_by_name(field: str, value: Any):
    data = _played(2, 120).to_json()
    data[field] = value
    with pytest.raises(BadRecordError, match=f"'{field}'"):
        EmblemState.from_json(data)


def test_a_missing_field_or_deck_count_out_of_step_is_refused():
    data = _played(2, 120).to_json()
    with pytest.raises(BadRecordError, match="field 'hand' is missing"):
        EmblemState.from_json({k: v for k, v in data.items() if k != "hand"})
    data["deck_left"] = [data["deck_left"][0] + 1, data["deck_left"][1]]
    with pytest.raises(BadRecordError, match="'deck_left'"):
        EmblemState.from_json(data)


def test_the_invariant_checks_include_the_declared_kinds():
    s = _played(3, 60)
    assert s.invariant_errors() == []
    s.koku = "1"  # type: ignore[assignment]
    assert "field koku is a str, not a int" in s.invariant_errors()

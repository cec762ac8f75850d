"""Actions, options, events, records and data files: the core's small pieces."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from asobi.core import (
    BadDataError,
    BadOptionsError,
    BadRecordError,
    Event,
    GameRecord,
    MalformedActionError,
    Option,
    action_from_json,
    action_to_json,
    render_event,
)
from asobi.core.actions import HIDDEN
from asobi.core.data import load
from asobi.core.labels import ActionLabels
from asobi.core.options import validate_options
from support.toygame import SPEC, registered


def test_actions_round_trip_through_json():
    action = ("attach", 3, ("sword", 2), "α")
    assert action_to_json(action) == ["attach", 3, ["sword", 2], "α"]
    assert action_from_json(action_to_json(action)) == action


@pytest.mark.parametrize("bad", [[], "move", [3, "x"], ["move", 1.5], ["move", True], {"verb": "move"}])
def test_malformed_actions_are_refused(bad):
    with pytest.raises(MalformedActionError):
        action_from_json(bad)


SCHEMA = (
    Option("players", int, 3, "players", minimum=2, maximum=5),
    Option("difficulty", str, "normal", "level", choices=("easy", "normal", "hard")),
    Option("open_hands", bool, False, "show hands"),
)


def test_options_are_converted_and_defaulted():
    assert validate_options("g", SCHEMA, {"players": "4", "open_hands": "yes"}) == {
        "players": 4,
        "difficulty": "normal",
        "open_hands": True,
    }


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"players": 6}, "at most 5"),
        ({"players": "three"}, "expected an integer"),
        ({"difficulty": "brutal"}, "must be one of easy, normal, hard"),
        ({"open_hands": "maybe"}, "expected true or false"),
        ({"colour": "red"}, "no such option"),
    ],
)
def test_bad_options_name_the_option(raw, message):
    with pytest.raises(BadOptionsError, match=message) as err:
        validate_options("g", SCHEMA, raw)
    assert err.value.option == next(iter(raw))


def test_events_render_in_both_languages_with_their_clause():
    event = Event("7.5", "attack", (("piece", 2),))
    messages = {"attack": ("コマ{piece}のアタック", "piece {piece} attacks")}
    assert render_event(event, messages, "ja") == "7.5: コマ2のアタック"
    assert render_event(event, messages, "en") == "7.5: piece 2 attacks"
    assert Event.from_json(event.to_json()) == event
    private = Event("4.1", "draw", (("card", "α1"),), (0,))
    assert private.visible_to(0) and not private.visible_to(1) and private.visible_to(None)


def test_action_labels_fill_templates_through_the_games_localize():
    def localize(name, value, lang):
        if name == "seat":
            return "AB"[value]
        if name == "card":
            return {"ja": {"c1": "剣"}, "en": {"c1": "sword"}}[lang].get(value, value)
        return str(value)

    labels = ActionLabels(
        templates={
            "pass": ("パス", "pass"),
            "play": ("{seat}が{card}を{n}枚出す", "{seat} plays {n} × {card}"),
            "ready": ("準備完了", "ready"),
            "wait": ("待つ", "wait"),
        },
        localize=localize,
        params={"play": ("seat", "card", "n")},
        forms={"toggle": lambda state, a: ("ready" if state["ready"] else "wait", ())},
        hidden={"play": ("伏せて出す", "plays face down")},
    )
    state = {"ready": True}
    assert labels.label(state, ("pass",), "ja") == "パス"
    assert labels.label(state, ("play", 1, "c1", 2), "ja") == "Bが剣を2枚出す"
    assert labels.label(state, ("play", 1, "c1", 2), "en") == "B plays 2 × sword"
    assert labels.label(state, ("toggle",), "en") == "ready"
    assert labels.label({"ready": False}, ("toggle",), "ja") == "待つ"
    # a redacted action takes its verb's hidden form; a verb without a template reads as its items
    assert labels.label(state, ("play", 1, HIDDEN, 2), "en") == "plays face down"
    assert labels.label(state, ("play", 1, HIDDEN, 2), "ja") == "伏せて出す"
    assert labels.label(state, ("shuffle", 3), "en") == "shuffle 3"


def test_record_refuses_damaged_fields():
    registered()
    good = GameRecord(SPEC.id, SPEC.rules_version, {}, ["human", "human"], 1, [("deal", 1)]).to_json()
    assert GameRecord.from_json(good).actions == [("deal", 1)]
    for field, value, message in [
        ("actions", [["deal", 1.5]], "action 0"),
        ("seed", "x", "seed"),
        ("game", "chess", "no game 'chess'"),
        ("options", {"copies": 99}, "options"),
        ("format", 9, "format"),
    ]:
        with pytest.raises(BadRecordError, match=message):
            GameRecord.from_json({**good, field: value})
    with pytest.raises(BadRecordError, match="not JSON"):
        GameRecord.loads("{", where="f.json")


class Card(BaseModel):
    id: str
    cost: int


class Pool(BaseModel):
    cards: list[Card]


def test_bad_data_file_names_file_entry_and_field(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text('[[cards]]\nid = "sword"\ncost = 2\n\n[[cards]]\nid = "axe"\ncost = "heavy"\n', encoding="utf-8")
    with pytest.raises(BadDataError) as err:
        load(Pool, path)
    assert (err.value.file, err.value.entry, err.value.field) == (str(path), "cards[axe]", "cost")
    path.write_text("[[cards]\n", encoding="utf-8")
    with pytest.raises(BadDataError, match="not valid TOML"):
        load(Pool, path)
    with pytest.raises(BadDataError, match="cannot read"):
        load(Pool, tmp_path / "missing.toml")


def test_errors_cross_process_boundaries_whole():
    import pickle

    from asobi.core import IllegalActionError

    data = pickle.loads(pickle.dumps(BadDataError("cards.toml", "sword", "cost", "not a number")))
    assert (type(data), data.file, data.entry, data.field) == (BadDataError, "cards.toml", "sword", "cost")
    assert str(data) == "cards.toml: entry 'sword', field 'cost': not a number"
    illegal = pickle.loads(pickle.dumps(IllegalActionError("no", action=("move", 1), clause="5.5", state_id="ab")))
    assert (type(illegal), illegal.action, illegal.clause) == (IllegalActionError, ("move", 1), "5.5")

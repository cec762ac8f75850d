"""2.1 プレイ前の準備: decks and chips, who goes first, the opening hand, the mulligan."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.core.errors import BadDataError, BadOptionsError
from asobi.games.emblem.rules.setup import may_mulligan
from asobi.games.emblem.spec import SPEC, prepare_options
from asobi.games.emblem.state import CHIPS
from support.scenario import rule

from .helpers import cites, events, new, settled

NO_UNITS = ["w-iron-sword"] * 2 + ["w-steel-sword"] * 2 + ["i-shield"] * 2 + ["l-fort"]
NO_UNITS_AGAIN = ["w-iron-bow"] * 2 + ["w-longbow"] * 2 + ["m-fire"] * 2 + ["m-mend"]
A_HAND = ["az-soldier"] * 4 + ["az-leon"] * 3
B_HAND = ["cr-brute"] * 4 + ["cr-raider"] * 3


@rule("2.1.1")
def test_each_player_starts_with_60_cards_and_20_chips(tmp_path):
    s = settled(new())
    assert s.deck_left == [60, 60]
    assert s.unused == [CHIPS, CHIPS] == [20, 20]
    s.apply(("first", 0))
    assert cites(s, "2.1.1")
    short = tmp_path / "short.toml"
    short.write_text('name_ja = "短い"\nname_en = "Short"\n[cards]\naz-soldier = 4\n', encoding="utf-8")
    with pytest.raises(BadDataError, match=r"2\.1\.1"):
        prepare_options(SPEC.validate_options({"deck_file_a": str(short)}))
    with pytest.raises(BadOptionsError, match=r"2\.1\.1"):
        SPEC.new_game({"deck_list_a": "az-soldier:4"})


@rule("2.1.2", "C-29")
def test_who_goes_first_is_a_fair_chance_and_the_first_player_is_dealt_first():
    s = new()
    assert list(s.chance_outcomes()) == [(("first", 0), 0.5), (("first", 1), 0.5)]
    s.apply(("first", 1))
    assert s.turn_player == 1 and s.first == 1
    assert ("2.1.2", "first_player") in events(s)
    assert s.drawing_seat() == 1


@rule("2.1.3")
def test_each_player_draws_seven_from_the_deck():
    s = new()
    s.apply(("first", 0))
    outcomes = dict(s.chance_outcomes())
    assert outcomes[("draw", "az-leon")] == pytest.approx(4 / 60)
    for card in A_HAND:
        s.apply(("draw", card))
    assert len(s.hand[0]) == 7 and s.deck_left[0] == 53
    assert s.drawing_seat() == 1
    for card in B_HAND:
        s.apply(("draw", card))
    assert len(s.hand[1]) == 7
    draws = [e for e in s.log if e.clause == "2.1.3"]
    assert len([e for e in draws if e.key == "draws" and e.seats is None]) == 14
    assert all(e.seats in ((0,), (1,)) for e in draws if e.key == "drew")


@rule("2.1.4")
def test_a_hand_without_units_may_be_shown_sent_to_kokugai_and_redrawn_once():
    s = new()
    s.apply(("first", 0))
    for card in NO_UNITS:
        s.apply(("draw", card))
    for card in B_HAND:
        s.apply(("draw", card))
    assert list(s.legal_actions()) == [("keep",), ("mulligan",)]
    s.apply(("mulligan",))
    shown = next(e for e in s.log if e.key == "mulligan")
    assert shown.clause == "2.1.4" and shown.seats is None
    assert dict(shown.args)["cards"] == tuple(NO_UNITS)
    assert len(s.kokugai[0]) == 7 and s.hand[0] == []
    for card in NO_UNITS_AGAIN:  # again no unit, but the mulligan was A's one
        s.apply(("draw", card))
    assert not may_mulligan(s, 0)
    assert s.actor == 1 and list(s.legal_actions()) == [("keep",)]  # B has units: keep only
    with pytest.raises(IllegalActionError, match=r"2\.1\.4"):
        s.apply(("mulligan",))
    s.apply(("keep",))
    assert s.turn == 1 and len(s.hand[0]) == 7
    settled(s)


@rule("2.1.4")
def test_a_hand_with_a_unit_cannot_mulligan():
    s = new()
    s.apply(("first", 0))
    for card in ["az-soldier", *NO_UNITS[:6], *B_HAND]:
        s.apply(("draw", card))
    assert s.actor == 0 and list(s.legal_actions()) == [("keep",)]  # one unit card is enough
    # the label is the same whatever the hand: it must not say why keeping is the only option
    assert s.action_label(("keep",), "en") == "keep the hand"
    with pytest.raises(IllegalActionError, match=r"2\.1\.4"):
        s.apply(("mulligan",))
    s.apply(("keep",))
    s.apply(("keep",))
    assert s.turn == 1 and not s.kokugai[0] and not s.kokugai[1]

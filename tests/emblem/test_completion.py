"""Completion rules (C-n): the field, zones, winning and losing, deck construction, named units."""

from __future__ import annotations

import pytest

from asobi.core.errors import BadDataError, BadOptionsError
from asobi.games.emblem.cards import preconstructed
from asobi.games.emblem.rules import flow
from asobi.games.emblem.rules.field import SORTIE_SQUARES, SQUARES, square_name
from asobi.games.emblem.spec import SPEC, deck_list, prepare_options
from asobi.games.emblem.view import unit_view
from support.scenario import rule

from .helpers import (
    arrive,
    at,
    chips,
    deploy,
    deploys,
    draw_any,
    empty_hand,
    events,
    give,
    invasion,
    new,
    opening,
    place,
    put_card,
    settled,
)


@rule("C-1")
def test_the_field_is_three_by_four_with_a_sortie_row_each_and_one_unit_per_square():
    assert SQUARES == 12
    assert SORTIE_SQUARES == ((0, 1, 2), (9, 10, 11))
    assert [square_name(sq) for sq in (0, 2, 9, 11)] == ["a1", "c1", "a4", "c4"]
    s = invasion([(1, "az-soldier", 0, 2), (4, "az-soldier", 0, 2), (10, "cr-brute", 1, 2)])
    s.apply(("activate", 1))
    assert ("move", 4) not in s.legal_actions()  # occupied
    s2 = opening()
    draw_any(s2)
    place(s2, 0, "az-soldier", 0)
    assert {sq for _, sq, _ in deploys(s2)} == {1, 2}  # only the empty squares of A's 出撃マス


@rule("C-12", "2.1.4")
def test_kokugai_is_public_and_holds_mulligans_and_captures():
    no_units = ["w-iron-sword"] * 2 + ["w-steel-sword"] * 2 + ["i-shield"] * 2 + ["l-fort"]
    s = new()
    s.apply(("first", 0))
    for card in no_units + ["cr-brute"] * 4 + ["cr-raider"] * 3:
        s.apply(("draw", card))
    s.apply(("mulligan",))  # A's hand goes to 国外, through the game
    assert s.view(1)["players"][0]["kokugai"] == no_units
    assert s.view(1)["players"][0]["kokugai"] == s.view(0)["players"][0]["kokugai"]
    settled(s)


@rule("C-13")
def test_offfield_is_the_public_discard_zone():
    from asobi.games.emblem.rules.end_phase import begin_end_phase

    s = opening()
    draw_any(s)
    give(s, 0, "az-soldier")  # 9 cards: the discard to 7 (2.5.6) puts two in 戦場外
    s.turn_player = 0
    arrive(s, begin_end_phase)
    assert s.step == flow.DISCARD
    s.apply(("discard", "az-soldier"))
    s.apply(("discard", "w-iron-sword"))
    seen_by_b = s.view(1)["players"][0]["offfield"]
    assert seen_by_b == ["az-soldier", "w-iron-sword"] == s.view(0)["players"][0]["offfield"]
    settled(s)


@rule("C-16")
def test_a_guardian_protects_units_on_the_owners_sortie_row():
    s = invasion([(4, "az-soldier", 0, 2), (1, "cr-brute", 1, 4)])
    put_card(s, 1, "guardian", "g-banner")
    assert unit_view(s, s.field[1])["counter"] == 3
    s3 = invasion([(4, "cr-goran", 1, 4), (1, "az-soldier", 0, 3)], turn_player=1)
    put_card(s3, 0, "guardian", "g-aegis")
    s3.apply(("activate", 4))
    s3.apply(("next",))
    s3.apply(("attack", 1))
    assert chips(s3, 1) == 3 - (2 - 1)  # on A's 出撃マス: 1 less damage
    settled(s3)
    s4 = invasion([(7, "cr-goran", 1, 4), (4, "az-soldier", 0, 3)], turn_player=1)
    put_card(s4, 0, "guardian", "g-aegis")
    s4.apply(("activate", 7))
    s4.apply(("next",))
    s4.apply(("attack", 4))
    assert chips(s4, 4) == 3 - 2  # off the 出撃マス: no reduction
    settled(s4)


@rule("C-21", "2.3.4")
def test_capture_sends_a_weak_adjacent_enemy_to_kokugai_at_turn_start():
    s = opening(first=1, deck_a="azure", deck_b="crimson")
    place(s, 4, "cr-valka", 1, chips=3)
    place(s, 7, "az-soldier", 0, chips=1)
    place(s, 1, "az-soldier", 0, chips=2)
    place(s, 5, "az-soldier", 0, chips=1)
    from asobi.games.emblem.rules.end_phase import end_turn

    at(s, "discard", turn_player=0)
    empty_hand(s, 0)
    mark = len(s.log)
    arrive(s, end_turn)
    assert s.field[5] is None and s.field[7] is not None  # one capture, the lowest square first
    assert s.cards.index("az-soldier") in s.kokugai[0]
    assert ("C-21", "capture") in events(s, mark)
    assert s.field[1] is not None  # 2 chips: not captured
    settled(s)


@rule("C-23")
def test_a_unit_that_moves_onto_an_enemy_sortie_square_wins():
    s = invasion([(7, "az-soldier", 0, 2), (9, "cr-brute", 1, 2)])
    s.apply(("activate", 7))
    s.apply(("move", 10))
    assert s.is_terminal()
    out = s.outcome()
    assert out.winners == (0,) and out.clause == "C-23" and out.reason == "won_sortie"
    assert list(s.legal_actions()) == []


def wipe_out_b():
    """A's Gard drives off B's only unit; then A ends the turn and B's turn begins."""
    s = invasion([(4, "az-gard", 0, 4), (7, "cr-archer", 1, 1)])
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert s.outcome() is None and s.wiped == (0, 1)
    assert ("C-24", "wiped_out") in events(s)
    empty_hand(s, 0)
    while s.step in (flow.SELECT, flow.END_START, flow.END_EFFECTS):
        s.apply(("next",))
    assert s.turn_player == 1 and s.step == flow.DRAW
    return s


@rule("C-24")
def test_a_wiped_out_player_who_fields_no_unit_in_its_next_unit_step_loses():
    s = wipe_out_b()
    s.apply(("draw", "cr-hex"))
    s.apply(("next",))  # B deploys nothing
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.clause == "C-24" and out.reason == "won_wipeout"


@rule("C-24")
def test_a_wiped_out_player_who_fields_a_unit_plays_on():
    s = wipe_out_b()
    s.apply(("draw", "cr-hex"))
    deploy(s, "cr-hex", 10, 3)
    s.apply(("next",))
    assert s.outcome() is None and s.wiped == (0, 0)
    settled(s)


@rule("C-24")
def test_the_wipeout_at_once_option_ends_the_game_when_the_last_unit_goes():
    s = invasion([(4, "az-gard", 0, 4), (7, "cr-archer", 1, 1)])
    s.wipeout_at_once = True
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.clause == "C-24" and out.reason == "won_wipeout"
    assert s.legal_actions() == ()


@rule("C-24")
def test_a_player_with_no_units_who_lost_none_has_not_lost():
    s = opening()
    draw_any(s)
    while s.koku == 0 or s.step in (flow.DRAW, flow.UNIT):  # both unit steps pass with no deploy
        if s.current_seat < 0:
            draw_any(s)
        else:
            s.apply(("next",))
    assert s.outcome() is None and not s.units_of(0) and not s.units_of(1) and s.turn == 1


@rule("C-25")
def test_drawing_from_an_empty_deck_ends_the_game_decided_on_the_field():
    s = opening()
    place(s, 10, "cr-brute", 1, chips=1)
    s.to_offfield(0, *(i for i, n in enumerate(s.deck[0]) for _ in range(n)))
    s.deck = ((0,) * len(s.deck[0]), s.deck[1])
    s.deck_left[0] = 0
    at(s, "start")
    arrive(s, "draw")
    out = s.outcome()
    assert out is not None and out.winners == (1,) and out.clause == "C-25"
    assert ("C-25", "deck_empty") in events(s)


@rule("C-26", "C-40")
def test_deck_files_are_checked_naming_the_card_and_the_rule(tmp_path):
    def deck(body):
        f = tmp_path / "mine.toml"
        f.write_text('name_ja = "自作"\nname_en = "Mine"\n[cards]\n' + body, encoding="utf-8")
        return str(f)

    full = "".join(
        f'"{c}" = 4\n'
        for c in [
            "az-soldier",
            "az-cavalier",
            "az-leon",
            "az-ciel",
            "az-bors",
            "az-gard",
            "az-gardin",
            "az-mira",
            "az-albert",
            "az-nina",
            "az-merva",
            "az-melty",
            "w-iron-sword",
            "w-steel-sword",
            "w-iron-bow",
        ]
    )
    prepared = prepare_options(SPEC.validate_options({"deck_file_a": deck(full)}))
    assert prepared["deck_file_a"] == "" and prepared["deck_list_a"].startswith("az-albert:4,az-bors:4,")
    assert SPEC.new_game(prepared).deck_left[0] == 60
    with pytest.raises(BadDataError) as e:
        prepare_options({"deck_file_a": deck(full.replace('"az-soldier" = 4', '"az-soldier" = 5'))})
    assert e.value.entry == "az-soldier" and e.value.field == "count" and "C-26" in str(e.value)
    with pytest.raises(BadDataError) as e:
        prepare_options({"deck_file_b": deck(full.replace('"az-nina"', '"az-nobody"'))})
    assert e.value.entry == "az-nobody" and "C-26" in str(e.value)
    with pytest.raises(BadDataError) as e:
        prepare_options({"deck_file_a": deck(full.replace('"az-nina" = 4\n', ""))})
    assert "56 cards" in str(e.value) and "C-26" in str(e.value)


@rule("C-26", "C-40")
def test_a_deck_list_option_is_checked_naming_the_card_and_the_rule():
    full = prepare_options({"deck_list_a": "", "deck_file_a": ""})  # nothing to read: unchanged
    assert full == {"deck_list_a": "", "deck_file_a": ""}
    listed = deck_list(preconstructed("azure"))
    s = SPEC.new_game({"deck_list_b": listed})
    assert s.deck[1] == tuple(preconstructed("azure").counts) and s.deck_names[1] == "Own deck"
    too_many = listed.replace("az-soldier:4", "az-soldier:5")
    with pytest.raises(BadOptionsError, match=r"'az-soldier'.*at most 4.*C-26"):
        SPEC.new_game({"deck_list_a": too_many})
    with pytest.raises(BadOptionsError, match=r"'az-nobody'.*C-26"):
        SPEC.new_game({"deck_list_a": listed.replace("az-nina", "az-nobody")})
    first, rest = listed.split(",", 1)
    with pytest.raises(BadOptionsError, match=rf"{60 - int(first.split(':')[1])} cards.*C-26"):
        SPEC.new_game({"deck_list_a": rest})
    with pytest.raises(BadOptionsError, match=r"card-id:count"):
        SPEC.new_game({"deck_list_a": "az-soldier=4"})


@rule("C-40")
def test_a_record_never_opens_a_file_it_names(tmp_path, monkeypatch):
    """§7: a game made from options (a record, a server) refuses a file path instead of reading it."""
    import asobi.games.emblem.cards as cards

    for name in cards.DECKS:  # the packaged decks are read once a process (cached): read them first,
        cards.preconstructed(name)  # so a worker that starts with this test does not trip below

    def no_reading(*args, **kwargs):
        raise AssertionError("a deck file was read")

    monkeypatch.setattr(cards, "read_toml", no_reading)
    monkeypatch.setattr("asobi.games.emblem.spec.load_deck", no_reading)
    for path in ("/dev/zero", "/etc/shadow", str(tmp_path / "nothing.toml")):
        for seat in ("a", "b"):
            with pytest.raises(BadOptionsError, match=rf"deck_file_{seat}.*never open files"):
                SPEC.new_game({f"deck_file_{seat}": path})
    assert SPEC.records.prepare_options is prepare_options


@rule("C-27")
def test_a_named_unit_is_unique_on_its_owners_field():
    s = opening()
    draw_any(s)
    place(s, 0, "az-leon", 0)
    give(s, 0, "az-leon", "az-soldier")
    place(s, 10, "cr-brute", 1)
    s.legal_cache = None
    legal = s.legal_actions()
    assert not any(a[0] == "deploy" and a[1] == "az-leon" for a in legal)
    assert ("deploy", "az-soldier") in legal  # generic units may repeat
    place(s, 4, "az-soldier", 0)
    from asobi.games.emblem.rules.end_phase import legal_succession

    place(s, 5, "az-albert", 0)
    assert legal_succession(s, 5) == []  # Leon is already on the field


@rule("C-30")
def test_idle_steps_pass_by_themselves_but_hidden_cards_never_decide_it():
    s = opening()
    empty_hand(s, 0)
    s.apply(("draw", "w-iron-sword"))
    # a weapon in hand and no unit anywhere: the unit step still asks (it shows no hidden card)
    assert s.step == flow.UNIT and list(s.legal_actions()) == [("next",)]
    s.apply(("next",))
    # the item step: no unit on the field and a land may be placed → asked; B's step: no unit → passes
    assert s.step == flow.ITEM
    s.apply(("next",))
    assert s.step == flow.DRAW and s.phase_seat == 1

"""The character phase (13.1–13.3.9, B-15, B-43)."""

from __future__ import annotations

from asobi.games.byston.board import (
    CUP,
    DEAD,
    ELF_CASTLE_BUILT,
    GROWN,
    LEFT,
    MADE_BUBULY,
    MADE_VIERRES,
    MADE_WILL_WIPPS,
    MADE_ZWARTH,
    NOT_ENTERED,
    SUPPLY,
    TODD_WOUNDED,
    counters_at,
    own_unit_hexes,
)
from asobi.games.byston.rules.collapse import serving_country
from support.scenario import rule

from .helpers import C, ch, chit, clear, events, game, h, phase, put


def characters(s):
    return phase(s, "character_phase", only=True)


@rule("13.1")
def test_nobody_enters_without_a_trigger():
    s = characters(game(turn=5))
    assert not events(s, "enters")


@rule("13.3.1", "B-43")
def test_rimmel_enters_with_nie_the_turn_drakes_castle_stands_at_elf_castle():
    s = game(turn=8)
    s.set_mark(ELF_CASTLE_BUILT, 8)
    characters(s)
    assert s.char_at[ch("rimmel")] == h("0912")  # where Nie is
    assert [e.clause for e in events(s, "enters")] == ["13.3.1", "13.3.8"]  # Musiy follows her
    # Nie wounded: Rimmel waits until he is back
    s = game(turn=8)
    s.set_mark(ELF_CASTLE_BUILT, 8)
    s.char_at[ch("nie1")] = CUP
    characters(s)
    assert s.char_at[ch("rimmel")] == NOT_ENTERED
    s.char_at[ch("nie1")] = h("1302")
    s.turn = 10
    characters(s)
    assert s.char_at[ch("rimmel")] == h("1302")
    # Nie removed: she never enters
    s = game(turn=8)
    s.set_mark(ELF_CASTLE_BUILT, 8)
    s.char_at[ch("nie1")] = DEAD
    characters(s)
    assert s.char_at[ch("rimmel")] == NOT_ENTERED


@rule("B-15")
def test_a_person_is_found_in_any_version():
    s = game(turn=8)
    s.set_mark(ELF_CASTLE_BUILT, 8)
    s.char_at[ch("nie1")] = GROWN
    s.char_at[ch("nie2")] = h("2213")
    characters(s)
    assert s.char_at[ch("rimmel")] == h("2213")


@rule("13.3.2")
def test_elle_enters_with_foizon_or_else_abe_the_turn_the_will_wipps_is_made():
    s = game(turn=9)
    s.set_mark(MADE_WILL_WIPPS, 9)
    characters(s)
    assert s.char_at[ch("elle")] == h("1302")
    s = game(turn=9)
    s.set_mark(MADE_WILL_WIPPS, 9)
    s.char_at[ch("foizon")] = DEAD
    characters(s)
    assert s.char_at[ch("elle")] == h("2104")


@rule("13.2", "B-43")
def test_with_nobody_to_follow_a_character_goes_where_its_owner_chooses():
    s = game(turn=9)
    s.set_mark(MADE_WILL_WIPPS, 9)
    s.char_at[ch("foizon")] = DEAD
    s.char_at[ch("abe")] = DEAD
    characters(s)
    assert s.pending is not None and s.pending[:4] == ("place", 2, ch("elle"), "13.3.2")
    assert ("place", h("0803")) in s.legal_actions() and ("place", h("0916")) not in s.legal_actions()
    s.apply(("place", h("0803")))
    assert s.char_at[ch("elle")] == h("0803") and events(s, "enters")[0].clauses == ("13.3.2", "13.2")


@rule("13.3.3", "B-16")
def test_the_black_knight_waits_for_berns_leave():
    s = game(turn=10)
    s.set_mark(MADE_ZWARTH, 10)
    characters(s)
    assert s.char_at[ch("black_knight1")] == NOT_ENTERED
    s.char_at[ch("bern")] = LEFT
    s.turn = 11
    characters(s)
    assert s.char_at[ch("black_knight1")] == h("0916")  # where Drake is


@rule("13.3.4")
def test_todd_two_waits_for_todd_ones_leave_and_enters_with_bishot():
    s = game(turn=6)
    s.set_mark(MADE_VIERRES, 6)
    characters(s)
    assert s.char_at[ch("todd2")] == NOT_ENTERED
    s.char_at[ch("todd1")] = LEFT
    characters(s)
    assert s.char_at[ch("todd2")] == h("0310")


@rule("13.3.5", "13.3.6", "13.3.7")
def test_allen_jeril_and_fei_come_the_turn_after_todds_wound_to_rase_waus_castle():
    s = game(turn=4)
    s.set_mark(TODD_WOUNDED, 4)
    characters(s)
    assert all(s.char_at[ch(c)] == NOT_ENTERED for c in ("allen1", "jeril1", "fei"))
    s.turn = 5
    clear(s, "0916")
    put(s, "drake", "fort", "0916")
    characters(s)
    assert all(s.char_at[ch(c)] == NOT_ENTERED for c in ("allen1", "jeril1", "fei"))  # no castle
    clear(s, "0916")
    put(s, "drake", "castle", "0916")
    s.turn = 7
    characters(s)
    assert all(s.char_at[ch(c)] == h("0916") for c in ("allen1", "jeril1", "fei"))
    assert [e.clause for e in events(s, "enters")] == ["13.3.5", "13.3.6", "13.3.7"]


@rule("13.3.8")
def test_musiy_follows_rimmel_in_the_same_phase_to_shot():
    s = game(turn=8)
    s.set_mark(ELF_CASTLE_BUILT, 8)
    s.char_at[ch("shot")] = h("1114")
    characters(s)
    assert s.char_at[ch("musiy1")] == h("1114")
    s = game(turn=8)
    s.set_mark(ELF_CASTLE_BUILT, 8)
    s.char_at[ch("shot")] = DEAD
    characters(s)
    assert s.char_at[ch("musiy1")] == h("0916")  # Rase Wau


@rule("13.3.9")
def test_jabba_comes_with_the_bubuly_to_shot():
    s = game(turn=11)
    s.set_mark(MADE_BUBULY, 11)
    characters(s)
    assert s.char_at[ch("jabba")] == h("0916")
    assert events(s, "enters")[0].clause == "13.3.9"
    assert C["drake"] == 0


@rule("13.3.1", "14.10", "B-43", "B-50")
def test_rimmel_comes_back_with_nie_from_the_cup():
    s = game(turn=8)
    s.set_mark(ELF_CASTLE_BUILT, 7)
    s.char_at[ch("nie1")] = CUP
    s.chit_cup[chit("rau_as")] = 1
    phase(s, "action_phases")
    s.apply(("char", ch("nie1")))  # back to the only hex with Zelana units, 0912
    assert s.char_at[ch("nie1")] == h("0912")
    assert s.char_at[ch("rimmel")] == h("0912")
    assert [e.clause for e in events(s, "enters")] == ["13.3.1"]


@rule("13.3.9")
def test_a_person_on_the_first_hex_of_the_map_is_followed_there():
    s = game(turn=11)
    s.set_mark(MADE_BUBULY, 11)
    s.char_at[ch("shot")] = h("0101")  # hex number 0, a hex like any other
    characters(s)
    assert s.char_at[ch("jabba")] == h("0101")


@rule("13.3.1", "13.2")
def test_an_entry_at_a_persons_hex_cites_its_clause_alone():
    """Rimmel enters where Nie is (13.3.1): no choice of hex was made, so 13.2 is not cited."""
    s = game(turn=8)
    s.set_mark(ELF_CASTLE_BUILT, 8)
    characters(s)
    assert events(s, "enters")[0].clauses == ("13.3.1",)


@rule("13.2", "B-43")
def test_a_free_entry_with_one_hex_to_go_to_is_made_at_once_and_cites_13_2():
    """Elle with nobody to follow, her country having units in one hex only: she goes there with
    no decision asked, and the entry cites 13.2 as when her owner chooses."""
    s = game(turn=9)
    s.set_mark(MADE_WILL_WIPPS, 9)
    s.char_at[ch("foizon")] = DEAD
    s.char_at[ch("abe")] = DEAD
    country = serving_country(s, ch("elle"))
    for hx in own_unit_hexes(s, country):
        if hx != h("0803"):
            for i in counters_at(s, hx):
                if s.owner[i] == country:
                    s.set_where(i, SUPPLY)
    assert own_unit_hexes(s, country) == [h("0803")]
    characters(s)
    assert s.pending[0] != "place" and s.char_at[ch("elle")] == h("0803")  # the turn went on
    assert events(s, "enters")[0].clauses == ("13.3.2", "13.2")

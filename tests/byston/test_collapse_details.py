"""Details of the collapses (32.4, 35.2–35.4; B-35, B-73, B-91, B-92): the named castle must be the
country's own castle; what leaves the game with a country, wherever it is (in the cup, the 重傷者
box, or on hex 0101, which is hex number 0 and a hex like any other); characters dismounting the
units that left; and the log lines that say so."""

from __future__ import annotations

from asobi.games.byston.board import COLLAPSED, CUP, DEAD, GONE, HEAVY, static
from support.scenario import rule

from .helpers import C, ch, clear, events, game, h, put
from .test_collapse import check, clear_ships, counters, na_ready, rau_ready

CORNER = "0101"
NO_ROLE = -1


def _aboard(s, k: int, value: int) -> None:
    s.aboard = (*s.aboard[:k], value, *s.aboard[k + 1 :])


@rule("32.4", "35.2")
def test_mi_collapses_when_its_castle_hex_holds_only_a_fort_and_all_of_it_leaves():
    for where in (None, CUP, HEAVY, h(CORNER)):
        s = game()
        pinegan = ch("pinegan")
        if where is not None:
            s.char_at[pinegan] = where
        unit = next(i for i in counters(s, "mi") if s.where[i] >= 0 and not static().is_building(i))
        s.set_where(unit, h(CORNER))
        clear(s, "2009")  # the Kiron Castle's hex
        put(s, "mi", "fort", "2009")  # a fort of its own is not its castle (32.4)
        check(s)
        assert s.status[C["mi"]] == COLLAPSED
        assert s.char_at[pinegan] == DEAD  # on the map, in the cup, in the 重傷者 box, on 0101
        assert s.where[unit] == GONE
    s = game()
    check(s)
    assert s.status[C["mi"]] != COLLAPSED


@rule("31.5", "B-35")
def test_a_flagship_on_hex_0101_keeps_na_standing():
    s = game()
    na_ready(s)
    s.char_at[ch("sheela")] = DEAD
    s.set_where(static().counters_of(C["na"], "gran_garan")[0], h(CORNER))
    check(s)
    assert s.status[C["na"]] != COLLAPSED


@rule("35.4", "B-91", "B-73")
def test_a_ku_character_on_hex_0101_defects_dismounting_the_unit_that_left():
    s = game()
    clear_ships(s, "drake")
    clear(s, CORNER)
    todd = ch("todd2")
    s.char_at[todd] = h(CORNER)
    ab = put(s, "ku", "drumlo", CORNER)
    _aboard(s, todd, ab)
    put(s, "drake", "namwan", "0513")
    before = s.aboard
    s.char_at[ch("bishot")] = DEAD
    check(s)
    assert s.status[C["ku"]] == COLLAPSED and s.where[ab] == GONE
    assert s.char_at[todd] == h("0513")
    assert s.aboard == (*before[:todd], NO_ROLE, *before[todd + 1 :])  # only he dismounts
    assert [dict(e.args) for e in events(s, "left_the_game")] == [{"country": C["ku"]}]


@rule("35.4", "B-91")
def test_a_drake_ship_on_hex_0101_takes_a_defecting_ku_character():
    s = game()
    clear_ships(s, "drake")
    clear(s, CORNER)
    todd = ch("todd2")
    s.char_at[todd] = h("0513")
    put(s, "drake", "namwan", CORNER)
    s.char_at[ch("bishot")] = DEAD
    check(s)
    assert s.char_at[todd] == h(CORNER)


@rule("35.3", "B-92")
def test_rau_remnants_on_hex_0101_become_nas_and_it_is_logged():
    s = game()
    rau_ready(s)
    clear(s, CORNER)
    unit = put(s, "rau", "botune", CORNER)
    s.char_at[ch("foizon")] = DEAD
    check(s)
    assert s.status[C["rau"]] == COLLAPSED and s.owner[unit] == C["na"]
    assert [dict(e.args) for e in events(s, "box_left_the_game")] == [{"country": C["rau"]}]
    assert [dict(e.args) for e in events(s, "remnants")] == [{"country": C["rau"], "heir": C["na"]}]


@rule("35.3", "B-35", "B-73")
def test_when_both_have_collapsed_only_their_characters_leave_dismounting():
    s = game()
    rau_ready(s)
    na_ready(s)
    s.char_at[ch("foizon")] = DEAD
    check(s)
    abe = ch("abe")
    _aboard(s, abe, counters(s, "na")[0])
    shot = s.char_at[ch("shot")]
    assert shot >= 0
    s.char_at[ch("sheela")] = DEAD
    check(s)
    assert s.status[C["na"]] == COLLAPSED
    assert s.char_at[abe] == DEAD and s.aboard[abe] == NO_ROLE
    assert s.char_at[ch("shot")] == shot  # Drake's characters stay
    assert {"country": C["na"]} in [dict(e.args) for e in events(s, "left_the_game")]

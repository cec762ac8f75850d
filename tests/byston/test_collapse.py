"""The collapses that need a character removed (29.4, 30.5, 31.5) and what follows them (35.1, 35.3,
35.4; B-35, B-90–B-92): Ku with Bishot, Rau and Na with their leaders, flagships and castles; Ku's
characters going over to Drake, Rau's and Na's units becoming the other's remnants."""

from __future__ import annotations

from asobi.games.byston.board import BOX, COLLAPSED, CUP, DEAD, GONE, HEAVY, NOT_ENTERED, SUPPLY, static
from asobi.games.byston.rules.collapse import serving_country
from support.scenario import rule

from .helpers import C, ch, chit, events, game, h, put
from .test_combat import HEX, fight, go, miss, roll


def check(s) -> None:
    """Run the collapse check as combat does after each step's damage (a Drake chit then waits in
    the cup, so the run stops at its draw)."""
    s.chit_cup[chit("drake_as")] = 1
    s.agenda = [("next_draw",), ("collapse_check",)]
    s.pending = None
    s.chance = None
    s.legal_cache = None
    s.run()


def counters(s, country: str, where=None) -> list[int]:
    """The counters ``country`` owns (optionally only those at ``where``)."""
    return [i for i in range(len(s.where)) if s.owner[i] == C[country] and (where is None or s.where[i] == where)]


def clear_ships(s, country: str) -> None:
    st = static()
    for i in counters(s, country):
        if s.where[i] >= 0 and st.is_ship(i):
            s.set_where(i, BOX)


def clear_castles(s, country: str) -> None:
    """Pull every castle of ``country`` in its own land off the map (back to its box)."""
    st = static()
    for i in counters(s, country):
        if s.where[i] >= 0 and st.kind(i) == "castle" and st.nation[s.where[i]] == C[country]:
            s.set_where(i, BOX)


def rau_ready(s) -> None:
    """Everything 30.5 asks for but Foizon: Elle never entered (B-35), the Goraon in the box, no
    Rau castle in Rau's land."""
    assert s.char_at[ch("elle")] == NOT_ENTERED
    clear_castles(s, "rau")
    assert not [i for i in static().counters_of(C["rau"], "goraon") if s.where[i] >= 0]


def na_ready(s) -> None:
    clear_castles(s, "na")
    assert not [i for i in static().counters_of(C["na"], "gran_garan") if s.where[i] >= 0]


# --- 29.4, 35.4: Ku -------------------------------------------------------------------------------


def bishot_shot_down():
    """Bishot flies a flipped Ku Drumlo against three Botune; Rau's 2 hits remove it (25.4), and
    Bishot rolls on the lower row (26.2)."""
    s = game()
    ab = put(s, "ku", "drumlo", HEX, flipped=True)
    k = ch("bishot")
    s.char_at[k] = h(HEX)
    for _ in range(3):
        put(s, "rau", "botune", HEX)
    fight(s, "ku")
    s.chit_cup[chit("ku_as")] = 1
    miss(s)
    roll(s, 2)
    go(s, "fate")
    assert s.where[ab] == BOX and s.chance == ("fate", k, 2)
    return s, k


@rule("29.4", "35.1", "35.4", "B-35", "B-91")
def test_ku_collapses_when_bishot_is_removed_in_battle():
    s, k = bishot_shot_down()
    on_map = [i for i in counters(s, "ku") if s.where[i] >= 0]
    in_box = counters(s, "ku", BOX)
    assert on_map and in_box
    s.apply(("fate", "D"))
    assert s.char_at[k] == DEAD
    assert s.status[C["ku"]] == COLLAPSED
    assert [e.clause for e in events(s, "collapsed")] == ["29.4"]
    # 35.4: every Ku unit on the map and in the factory box leaves the game, and its chits the cup
    assert all(s.where[i] == GONE for i in on_map + in_box)
    assert s.chit_cup[chit("ku_as")] == 0 and s.status[C["drake"]] != COLLAPSED


@rule("29.4", "B-35", "B-91")
def test_a_wounded_bishot_does_not_end_ku():
    for fate, where in (("H", HEAVY), ("L", CUP), ("-", None)):
        s, k = bishot_shot_down()
        s.apply(("fate", fate))
        assert where is None or s.char_at[k] == where
        assert s.status[C["ku"]] != COLLAPSED, fate
        assert not events(s, "collapsed")


@rule("35.4", "B-23", "B-91")
def test_ku_characters_go_to_the_nearest_drake_ship_and_serve_drake():
    s = game()
    grid = static().t.map.grid
    clear_ships(s, "drake")
    near, far = "0613", "0616"
    todd = ch("todd2")
    s.char_at[todd] = h("0513")
    assert grid.distance(h("0513"), h(near)) < grid.distance(h("0513"), h(far))
    put(s, "drake", "namwan", near)
    put(s, "drake", "namwan", far)
    put(s, "drake", "drumlo", "0513")  # a Drake unit that is not a ship does not count
    todd3 = ch("todd3")
    assert s.char_at[todd3] == NOT_ENTERED
    s.char_at[ch("bishot")] = DEAD
    check(s)
    assert s.status[C["ku"]] == COLLAPSED
    assert s.char_at[todd] == h(near)
    assert [e.clause for e in events(s, "placed")] == ["35.4"]
    assert serving_country(s, todd) == C["drake"]
    assert s.char_at[todd3] == DEAD  # B-91: Ku's entries are gone with Ku
    # from now on he is Drake's: a hex with only Drake units is his own (B-15 leaves him there)
    s.agenda = [("next_draw",), ("stranded", "26.4")]
    s.chance = None
    s.run()
    assert s.char_at[todd] == h(near)


@rule("35.4", "B-23", "B-91")
def test_a_tie_for_the_nearest_ship_is_drakes_choice_and_no_ship_removes_them():
    s = game()
    clear_ships(s, "drake")
    todd = ch("todd2")
    s.char_at[todd] = h("0513")
    a, b = "0512", "0514"
    grid = static().t.map.grid
    assert grid.distance(h("0513"), h(a)) == grid.distance(h("0513"), h(b))
    put(s, "drake", "namwan", a)
    put(s, "drake", "namwan", b)
    s.char_at[ch("bishot")] = DEAD
    check(s)
    assert s.pending == ("place", s.seat_of(C["drake"]), todd, "35.4", tuple(sorted((h(a), h(b)))))
    s.apply(("place", h(b)))
    assert s.char_at[todd] == h(b)
    # with no Drake ship on the map at all, Ku's characters leave the game (B-35)
    s = game()
    clear_ships(s, "drake")
    s.char_at[todd] = h("0513")
    s.char_at[ch("bishot")] = DEAD
    check(s)
    assert s.char_at[todd] == DEAD and events(s, "no_place")


@rule("35.4", "B-91", "B-73")
def test_a_ku_character_in_battle_after_the_collapse_boards_drake_units():
    s = game()
    todd = ch("todd2")
    s.status[C["ku"]] = COLLAPSED  # Ku fell earlier; Todd went over to Drake
    s.char_at[todd] = h(HEX)
    ab = put(s, "drake", "drumlo", HEX)
    put(s, "rau", "botune", HEX)
    fight(s)
    go(s, "pool")
    assert s.aboard[todd] == ab  # 20.4 for a Drake unit: he is Drake's now (B-91)


# --- 30.5, 31.5, 35.3: Rau and Na -------------------------------------------------------------------


@rule("30.5", "35.1", "35.3", "B-35", "B-90", "B-92")
def test_rau_collapses_without_its_leaders_flagship_and_castles_and_becomes_na_remnants():
    s = game()
    rau_ready(s)
    s.char_at[ch("foizon")] = DEAD
    s.chit_cup[chit("rau_as")] = 1
    on_map = [i for i in counters(s, "rau") if s.where[i] >= 0]
    in_box = counters(s, "rau", BOX)
    spare = counters(s, "rau", SUPPLY)
    abe = ch("abe")
    assert on_map and in_box and s.char_at[abe] >= 0
    check(s)
    assert s.status[C["rau"]] == COLLAPSED
    assert [e.clause for e in events(s, "collapsed")] == ["30.5"]
    assert all(s.where[i] == GONE for i in in_box)  # 35.3: the box leaves the game
    assert all(s.where[i] >= 0 and s.owner[i] == C["na"] for i in on_map)  # the map: Na's remnants
    assert all(s.where[i] == SUPPLY for i in spare)
    assert s.chit_cup[chit("rau_as")] == 0
    # B-92: Abe serves Na, and stays with the remnants (his hex has "own" units)
    assert serving_country(s, abe) == C["na"]
    at = s.char_at[abe]
    s.agenda = [("next_draw",), ("stranded", "26.4")]
    s.chance = None
    s.run()
    assert s.char_at[abe] == at
    assert s.char_at[ch("elle")] == DEAD  # she never enters


@rule("30.5", "B-35", "B-90")
def test_rau_stands_while_any_one_of_its_conditions_fails():
    def variant(change) -> bool:
        s = game()
        rau_ready(s)
        s.char_at[ch("foizon")] = DEAD
        change(s)
        check(s)
        return s.status[C["rau"]] == COLLAPSED

    assert variant(lambda s: None)
    assert not variant(lambda s: s.char_at.__setitem__(ch("foizon"), HEAVY))  # wounded: in play
    assert not variant(lambda s: s.char_at.__setitem__(ch("elle"), h("1302")))  # Elle on the map
    assert not variant(lambda s: put(s, "rau", "goraon", "1302"))  # the Goraon on the map
    assert not variant(lambda s: put(s, "rau", "castle", "1303"))  # a castle in Rau's land
    # B-90: forts are not 城塞, and a castle outside Rau's land does not hold it
    assert static().nation[h("2104")] == C["rau"]
    assert [static().kind(i) for i in counters(game(), "rau", h("2104"))] == ["fort"]
    assert variant(lambda s: None)  # Rau's forts (2104, 1206) are still on the map here
    outside = "1017"
    assert static().nation[h(outside)] != C["rau"]
    assert variant(lambda s: put(s, "rau", "castle", outside))


@rule("31.5", "35.3", "B-35", "B-90", "B-92")
def test_na_collapses_into_rau_remnants():
    s = game()
    na_ready(s)
    on_map = [i for i in counters(s, "na") if s.where[i] >= 0]
    s.char_at[ch("sheela")] = HEAVY
    check(s)
    assert s.status[C["na"]] != COLLAPSED  # Sheela wounded is still in play
    s.char_at[ch("sheela")] = DEAD
    check(s)
    assert s.status[C["na"]] == COLLAPSED and [e.clause for e in events(s, "collapsed")] == ["31.5"]
    assert all(s.owner[i] == C["rau"] and s.where[i] >= 0 for i in on_map)
    assert not counters(s, "na", BOX)


@rule("35.3", "B-35", "B-92")
def test_when_both_have_collapsed_the_remnants_leave_the_game():
    s = game()
    rau_ready(s)
    na_ready(s)
    s.char_at[ch("foizon")] = DEAD
    check(s)
    remnants = [i for i in counters(s, "na") if static().counter_country[i] == C["rau"]]
    abe = ch("abe")
    assert remnants and serving_country(s, abe) == C["na"]
    s.char_at[ch("sheela")] = DEAD
    check(s)
    assert s.status[C["na"]] == COLLAPSED
    assert all(s.where[i] == GONE for i in remnants)
    assert not [i for i in range(len(s.where)) if s.owner[i] in (C["rau"], C["na"]) and s.where[i] >= 0]
    assert s.char_at[abe] == DEAD


@rule("35.3")
def test_a_remnant_removed_in_battle_leaves_the_game():
    s = game()
    rau_ready(s)
    s.char_at[ch("foizon")] = DEAD
    check(s)
    gunan = put(s, "rau", "gunan", HEX, flipped=True)
    s.set_owners({gunan: C["na"]})  # a Rau Gunan now Na's (as the check made the others)
    put(s, "drake", "drumlo", HEX)
    s.chance = None
    fight(s)
    gunan_defence = static().t.unit("gunan").back.defence
    roll(s, gunan_defence)  # Drake's air combat: one block on the flipped Gunan removes it
    miss(s)
    assert s.where[gunan] == GONE  # not back to any factory box


@rule("34.8", "35.3", "B-1")
def test_the_zelana_goes_to_the_partner_that_stands_when_rau_or_na_collapses():
    zelana = C["zelana"]
    for runner in ("follow", "rau"):
        s = game()
        s.zelana_runner = runner
        rau_ready(s)
        s.char_at[ch("foizon")] = DEAD
        assert s.seat_of(zelana) == 2  # Rau's player: Na is not at war (B-1)
        check(s)
        assert s.status[C["rau"]] == COLLAPSED
        assert s.seat_of(zelana) == 3  # Na's player from now on
        assert [e.clause for e in events(s, "zelana_runner")] == ["B-1"]
    s = game()
    s.zelana_runner = "na"
    na_ready(s)
    s.char_at[ch("sheela")] = DEAD
    check(s)
    assert s.status[C["na"]] == COLLAPSED and s.seat_of(zelana) == 2  # Rau's player


@rule("35.3", "B-35")
def test_when_both_have_collapsed_their_characters_in_the_cup_or_on_any_hex_leave_the_game():
    for where in (CUP, HEAVY, h("0101")):  # 0101 is hex number 0, a hex like any other
        s = game()
        rau_ready(s)
        na_ready(s)
        s.char_at[ch("foizon")] = DEAD
        check(s)
        s.char_at[ch("abe")] = where
        s.char_at[ch("sheela")] = DEAD
        check(s)
        assert s.status[C["na"]] == COLLAPSED and s.char_at[ch("abe")] == DEAD


@rule("31.5", "B-35")
def test_a_leader_on_the_first_hex_of_the_map_is_in_play():
    s = game()
    na_ready(s)
    s.char_at[ch("sheela")] = h("0101")
    check(s)
    assert s.status[C["na"]] != COLLAPSED

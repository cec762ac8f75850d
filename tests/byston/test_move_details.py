"""Movement details (17.1–17.15.9, B-20, B-53, B-54) that the scenarios of ``test_move.py`` and
``test_refusals.py`` leave open: a ship on the map's first hex, what a ship leaves behind when it
sets off, and choices that name nothing the decision knows — refused with the decision's clause,
never with a traceback."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.games.byston.board import COLLAPSED, NEUTRAL, WAR, static
from asobi.games.byston.rules.move import entry_clauses, may_enter
from support.scenario import rule

from .helpers import C, ch, events, game, h, put, u
from .test_move import draw, ships, start

DRAKE, KU = C["drake"], C["ku"]


def refusal(s, action) -> tuple[str | None, str]:
    """(clause, text) of the error; the state is left as it was."""
    before = s.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        s.apply(action)
    assert s.fingerprint() == before
    return e.value.clause, str(e.value)


@rule("17.1", "B-53")
def test_a_ship_on_the_first_hex_of_the_map_may_move():
    s = game()
    put(s, "drake", "namwan", "0101")  # hex number 0: a mountain corner no nation owns
    draw(s, "drake_as")
    assert ("ship", u("namwan"), 0, 0) in ships(s)
    start(s, "namwan", "0101")
    s.apply(("step", h("0201")))
    assert s.where[s.ship] == h("0201")


@rule("17.1", "17.2", "17.3")
def test_a_ship_choice_naming_no_ship_is_refused_with_the_decisions_clause():
    s = game()
    draw(s, "drake_as")
    assert s.pending[0] == "move"
    n_units = len(static().unit_ids)
    assert static().unit_ids[0] == "doro"
    assert refusal(s, ("ship", 0, h("0916"), 0))[0] == "17.2"  # unit 0, the Doro: an AB
    for bad in (("ship", "namwan"), ("ship", u("namwan"), h("0916")), ("ship", n_units, h("0916"), 0), ("ship", -1, 0, 0)):
        clause, text = refusal(s, bad)
        assert clause == "17.1" and "not a legal choice now (move)" in text, bad


@rule("17.15.2", "17.15.9", "B-53")
def test_a_load_or_boarding_naming_nothing_is_refused_with_the_decisions_clause():
    s = game()
    s.char_at[ch("bishot")] = h("0916")  # a Ku character beside Drake's Namwan
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    assert s.pending[0] == "load"
    n_chars = len(static().char_ids)
    for bad in (
        ("board", "bishot"),
        ("board", n_chars),
        ("board", -1),
        ("board", ch("bishot"), 0),
        ("load", DRAKE),
        ("load", DRAKE, u("drumlo")),
        ("load", "drake", u("drumlo"), 0),
    ):
        clause, text = refusal(s, bad)
        assert clause == "17.15.2" and "not a legal choice now (load)" in text, bad
    # character 0, Drake himself, beside a ship of a country that may not carry him: 17.15.2 says why
    s = game()
    s.status[KU] = 2  # at war
    put(s, "ku", "namwan", "0715")
    s.char_at[0] = h("0715")
    draw(s, "ku_as")
    s.apply(("ship", u("namwan"), h("0715"), 0))
    clause, text = refusal(s, ("board", 0))
    assert clause == "17.15.2" and "own country's characters" in text


@rule("17.5")
def test_a_step_naming_no_hex_is_refused_with_the_decisions_clause():
    s = game()
    put(s, "drake", "namwan", "1016")
    start(draw(s, "drake_as"), "namwan", "1016")
    assert s.pending[0] == "step"
    for bad in (("step", "1116"), ("step", -1), ("step", static().t.map.grid.size), ("stop", h("1116"))):
        clause, text = refusal(s, bad)
        assert clause == "17.5" and "not a legal choice now (step)" in text, bad


@rule("B-54", "B-23", "17.15.2")
def test_a_character_the_ship_may_not_carry_is_left_to_go_to_its_own_units():
    s = game()
    put(s, "drake", "namwan", "1016")
    bishot = ch("bishot")  # Ku's: a Drake ship does not carry it
    s.char_at[bishot] = h("1016")
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("1016"), 0))
    if s.pending[0] == "load":
        assert ("board", bishot) not in s.legal_actions()
        s.apply(("go",))
    assert bishot not in s.crew and not events(s, "goes_along")
    s.apply(("step", h("1116")))
    s.apply(("stop",))
    # B-23: after the move it goes to the nearest hex with a Ku unit
    while s.pending is not None and s.pending[0] == "place" and s.pending[2] == bishot:
        s.apply(s.legal_actions()[0])
    assert s.char_at[bishot] not in (h("1016"), h("1116"))
    assert any(s.owner[i] == KU for i in s.stacks[s.char_at[bishot]])


@rule("B-54", "B-53", "B-23")
def test_a_character_carried_this_phase_already_is_not_taken_along_again():
    s = game()
    put(s, "drake", "namwan", "1016")
    zet = ch("zet")
    s.char_at[zet] = h("1016")
    draw(s, "drake_as")
    s.chars_moved = (zet,)  # as if another ship had carried Zet here this phase
    s.legal_cache = None
    s.apply(("ship", u("namwan"), h("1016"), 0))
    if s.pending is not None and s.pending[0] == "load":
        s.apply(("go",))
    assert zet not in s.crew and not events(s, "goes_along")
    s.apply(("step", h("1116")))
    s.apply(("stop",))
    # B-23: it goes to the nearest hex with a Drake unit: two are as near, Drake's runner chooses
    assert s.pending[:4] == ("place", s.seat_of(DRAKE), zet, "B-54")
    s.apply(s.legal_actions()[0])
    assert s.char_at[zet] not in (h("1016"), h("1116"))
    assert any(s.owner[i] == DRAKE for i in s.stacks[s.char_at[zet]])


@rule("17.15.2", "17.15.5", "17.15.8")
def test_loading_an_ab_that_is_not_there_is_refused_without_blaming_the_ships_room():
    for ship, hx in (("namwan", "1016"), ("will_wipps", "1016")):
        s = game()
        put(s, "drake", ship, hx)
        put(s, "drake", "drumlo", hx)
        put(s, "drake", "drumlo", hx)
        s.char_at[ch("zet")] = h(hx)  # something to board, so loading goes on after a Drumlo
        draw(s, "drake_as" if ship == "namwan" else "drake_abs")
        s.apply(("ship", u(ship), h(hx), 0))
        s.apply(("load", DRAKE, u("drumlo"), 0))
        assert s.pending[0] == "load" and len(s.cargo) == 1
        clause, text = refusal(s, ("load", DRAKE, u("doro"), 0))  # no Doro here
        assert clause == "17.15.2" and "not a legal choice now (load)" in text, ship


@rule("17.15.9", "17.15.2")
def test_boarding_a_character_that_is_elsewhere_is_refused_without_a_movement_reason():
    s = game()
    bishot = ch("bishot")  # Ku's, and not beside the ship
    assert s.char_at[bishot] != h("0916")
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    clause, text = refusal(s, ("board", bishot))
    assert clause == "17.15.2" and "not a legal choice now (load)" in text


@rule("17.1", "17.15.2", "17.5")
def test_the_movement_choices_are_listed_in_order():
    s = game()
    put(s, "drake", "drumlo", "1016")
    put(s, "drake", "namwan", "1016")
    s.char_at[ch("zet")] = h("1016")
    draw(s, "drake_as")
    assert s.pending[0] == "move"
    seen = {"move"}
    for action in (("ship", u("namwan"), h("1016"), 0), ("load", DRAKE, u("drumlo"), 0), ("go",)):
        legal = s.legal_actions()
        assert list(legal) == sorted(legal) and len(legal) >= 2, s.pending[0]
        s.apply(action)
        seen.add(s.pending[0])
    assert seen == {"move", "load", "step"}
    legal = s.legal_actions()
    assert list(legal) == sorted(legal) and len(legal) >= 3


@rule("17.6", "B-21", "17.4")
def test_entering_the_other_camps_hex_takes_two_of_the_three_points():
    s = game()
    put(s, "drake", "namwan", "1016")
    put(s, "rau", "bozune", "1116")
    start(draw(s, "drake_as"), "namwan", "1016")
    s.apply(("step", h("1116")))
    assert s.mp == 1 and s.ship >= 0 and s.where[s.ship] == h("1116")
    assert [dict(e.args) for e in events(s, "step")] == [{"hex": h("1116"), "mp": 1}]


@rule("17.15.1", "17.15.3", "17.15.4", "17.15.6", "17.15.7", "17.15.8")
def test_loading_cites_whose_abs_a_ship_carries_and_its_room():
    s = game()
    put(s, "rau", "botune", "0912")  # beside the Zelana at its start
    draw(s, "zelana")
    s.apply(("ship", u("zelana"), h("0912"), 0))
    s.apply(("load", C["rau"], u("botune"), 0))
    assert [e.clauses for e in events(s, "loaded")] == [("17.15.1", "17.15.4", "34.3", "17.15.6")]
    s = game()
    zab = next(i for i in static().counters_of(C["zelana"], "dana_oshee") if s.where[i] == h("0912"))
    s.set_where(zab, h("1206"))
    put(s, "rau", "grimley", "1206")
    draw(s, "rau_as")
    s.apply(("ship", u("grimley"), h("1206"), 0))
    s.apply(("load", C["zelana"], u("dana_oshee"), 0))
    assert [e.clauses for e in events(s, "loaded")] == [("17.15.1", "17.15.3", "34.3", "17.15.7")]
    s = game()
    put(s, "drake", "will_wipps", "1016")
    put(s, "drake", "drumlo", "1016")
    draw(s, "drake_abs")
    s.apply(("ship", u("will_wipps"), h("1016"), 0))
    s.apply(("load", DRAKE, u("drumlo"), 0))
    assert [e.clauses for e in events(s, "loaded")] == [("17.15.1", "17.15.2", "17.15.8")]  # no limit


@rule("17.12", "17.13", "17.14.2", "28.4", "34.6", "B-3")
def test_a_step_cites_the_clause_that_opens_the_hex():
    st = static()
    land_of = {c: st.nation.index(c) for c in range(6)}  # the first hex of each nation's land
    no_nation = next(x for x in range(st.t.map.grid.size) if st.nation[x] < 0 and x not in st.kustanga)
    far_ah = next(x for x in range(st.t.map.grid.size) if st.nation[x] == C["ah"] and st.t.map.grid.distance(x, st.elf_castle) >= 3)
    kustanga = min(st.kustanga)  # no nation's land
    s = game()
    s.status[C["rau"]] = WAR
    s.status[C["ah"]] = NEUTRAL
    s.status[C["na"]] = NEUTRAL
    s.status[C["mi"]] = COLLAPSED
    namwan, zelana = u("namwan"), u("zelana")
    cases = [
        (DRAKE, namwan, land_of[DRAKE], ()),  # its own land, at war
        (DRAKE, namwan, no_nation, ()),
        (DRAKE, namwan, land_of[C["rau"]], ("17.13",)),  # the land of a country at war
        (C["rau"], u("grimley"), land_of[DRAKE], ("17.13",)),
        (DRAKE, namwan, land_of[C["mi"]], ()),  # B-3: a collapsed country's land is open
        (DRAKE, namwan, far_ah, ("28.4",)),
        (C["zelana"], zelana, land_of[C["na"]], ("34.6",)),  # Sheela-camp land, Na not at war
        (C["zelana"], zelana, kustanga, ("17.14.2",)),
        (C["na"], u("grimley"), land_of[C["na"]], ("17.12",)),  # not at war: its own land only
    ]
    for country, unit, hx, clauses in cases:
        assert may_enter(s, country, unit, hx), (country, hx)
        assert entry_clauses(s, country, unit, hx) == clauses, (country, st.t.map.grid.hex_id(hx))

"""Refused movement choices cite the clause that forbids them (17.2–17.15.8, 28.4, B-53), not
the decision's own clause: what a player reads when a move is not allowed."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core import IllegalActionError
from asobi.games.byston.board import ARMED, COLLAPSED, NEUTRAL, WAR, static
from asobi.games.byston.rules.move import entry_refusal, may_enter
from support.scenario import rule

from .helpers import C, ch, game, h, put, u
from .test_move import draw, start

DRAKE, KU, ZELANA = C["drake"], C["ku"], C["zelana"]


def refused(s, action) -> str:
    """The clause the error cites; the state is left as it was (nothing applied)."""
    before = s.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        s.apply(action)
    assert s.fingerprint() == before
    assert e.value.clause is not None and f"[rule {e.value.clause}]" in str(e.value)
    return e.value.clause


@rule("17.13", "17.12", "17.14.1", "28.4", "17.5")
def test_a_refused_step_cites_the_clause_that_forbids_the_hex():
    s = game()
    put(s, "drake", "namwan", "0715")
    start(draw(s, "drake_as"), "namwan", "0715")
    assert refused(s, ("step", h("0615"))) == "17.13"  # Ku stands by
    assert refused(s, ("step", h("0916"))) == "17.5"  # not next to 0715
    s = game()
    put(s, "ku", "namwan", "0615")
    start(draw(s, "ku_as"), "namwan", "0615")
    assert refused(s, ("step", h("0715"))) == "17.12"  # Ku is not at war: its own land only
    s = game()
    put(s, "drake", "namwan", "1613")
    start(draw(s, "drake_as"), "namwan", "1613")
    assert refused(s, ("step", h("1713"))) == "17.14.1"  # the Kustanga hills: the Zelana's only
    s = game()
    put(s, "drake", "namwan", "1410")
    start(draw(s, "drake_as"), "namwan", "1410")
    assert refused(s, ("step", h("1310"))) == "28.4"  # two hexes from the Elf Castle


@rule("17.6")
def test_a_step_beyond_the_movement_points_cites_the_cost():
    s = game()
    put(s, "rau", "bozune", "1116")
    start(draw(s, "drake_as"), "namwan", "0916")
    s.apply(("step", h("1015")))
    s.apply(("step", h("1016")))
    assert refused(s, ("step", h("1116"))) == "17.6"  # 2 MP into the other camp's hex, 1 left
    with pytest.raises(IllegalActionError) as e:
        s.apply(("step", h("1116")))
    assert "entering costs 2 MP and the ship has 1 left" in str(e.value)
    s.apply(("step", h("1117")))  # an ordinary hex is still open with that 1 MP


@rule("17.2", "17.3", "17.7", "B-53")
def test_a_refused_ship_choice_cites_what_may_move():
    s = game()
    put(s, "drake", "will_wipps", "0916")
    draw(s, "drake_as")
    assert refused(s, ("ship", u("will_wipps"), h("0916"), 0)) == "17.7"  # an AS chit: AS only
    assert refused(s, ("ship", u("drumlo"), h("0916"), 0)) == "17.2"
    assert refused(s, ("ship", u("castle"), h("0916"), 0)) == "17.3"
    assert refused(s, ("ship", u("namwan"), h("1016"), 0)) == "17.1"  # no Namwan of Drake's there
    put(s, "drake", "namwan", "1016")
    s.legal_cache = None
    start(s, "namwan", "1016")
    s.apply(("step", h("1116")))
    s.apply(("stop",))
    assert refused(s, ("ship", u("namwan"), h("1116"), 0)) == "B-53"  # it has moved this phase


@rule("17.15.2", "17.15.5")
def test_a_refused_load_cites_whose_units_and_how_many_a_ship_carries():
    s = game()
    s.status[KU] = WAR
    put(s, "ku", "drumlo", "0916")
    put(s, "drake", "drumlo", "0916")  # 7 Drumlo and 2 Doro of Drake's
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    assert refused(s, ("load", KU, u("drumlo"), 0)) == "17.15.2"
    for _ in range(6):
        s.apply(("load", DRAKE, u("drumlo"), 0))
    assert s.pending is not None and s.pending[0] == "load"  # characters may still board
    assert refused(s, ("load", DRAKE, u("doro"), 0)) == "17.15.5"  # a Namwan carries 6 ABs


@rule("17.12", "17.13", "17.14.1", "28.4", "34.6", "B-3")
def test_the_refusal_agrees_with_where_a_ship_may_go():
    rng = Random(8)
    st = static()
    states = (NEUTRAL, ARMED, WAR, COLLAPSED)
    units = (u("namwan"), u("zelana"))
    for _ in range(40):
        s = game()
        s.status = [rng.choice(states) for _ in s.status]
        s.status[DRAKE] = WAR
        for country in (DRAKE, KU, C["rau"], C["ah"], ZELANA):
            for unit in units:
                for hx in range(st.t.map.grid.size):
                    why = entry_refusal(s, country, unit, hx)
                    assert (why is None) == may_enter(s, country, unit, hx), (country, unit, hx, why)


@rule("17.15.5", "B-20")
def test_a_seventh_ab_on_a_full_namwan_cites_its_capacity_after_loading_has_ended():
    s = game()
    for _ in range(7):
        put(s, "drake", "drumlo", "1016")
    put(s, "drake", "namwan", "1016")  # no character there: a full ship goes on to its steps
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("1016"), 0))
    for _ in range(6):
        s.apply(("load", DRAKE, u("drumlo"), 0))
    assert s.pending is not None and s.pending[0] == "step"
    assert refused(s, ("load", DRAKE, u("drumlo"), 0)) == "17.15.5"  # not 17.5, the step's clause
    s.apply(("step", h("1116")))
    assert refused(s, ("load", DRAKE, u("drumlo"), 0)) == "B-20"  # aboard only before it moves


@rule("17.15.1", "17.15.2", "17.15.5", "17.5", "17.13", "17.12")
def test_loading_and_stepping_cite_whose_units_the_room_and_the_land():
    s = game()
    put(s, "drake", "drumlo", "1016")
    put(s, "drake", "namwan", "1016")
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("1016"), 0))
    s.apply(("load", DRAKE, u("drumlo"), 0))
    loaded = [e for e in s.log if e.key == "loaded"][-1]
    assert loaded.clauses == ("17.15.1", "17.15.2", "17.15.5")
    assert s.pending is not None and s.pending[0] == "step"  # nothing else to take aboard (B-57)
    s.apply(("step", h("1116")))
    step = [e for e in s.log if e.key == "step"][-1]
    assert step.clause == "17.5" and "17.12" not in step.clauses  # Drake's army is at war
    s = game()
    put(s, "ku", "namwan", "0615")
    start(draw(s, "ku_as"), "namwan", "0615")
    hexes = [a[1] for a in s.legal_actions() if a[0] == "step"]
    s.apply(("step", hexes[0]))
    assert [e for e in s.log if e.key == "step"][-1].also == ("17.12",)  # Ku, not at war, in its own land


def refusal_text(s, action) -> str:
    """The error's text; the state is left as it was (nothing applied)."""
    before = s.fingerprint()
    with pytest.raises(IllegalActionError) as e:
        s.apply(action)
    assert s.fingerprint() == before
    return str(e.value)


@rule("17.15.2", "B-53")
def test_a_refused_boarding_says_whose_characters_a_ship_carries_and_which_were_carried():
    s = game()
    bishot = ch("bishot")
    s.char_at[bishot] = h("0916")  # a Ku character beside Drake's Namwan
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    assert "own country's characters" in refusal_text(s, ("board", bishot))
    mine = min(k for k, at in enumerate(s.char_at) if at == h("0916") and k != bishot)
    assert ("board", mine) in s.legal_actions()
    s.chars_moved = (mine,)  # as if another ship had carried it this phase
    s.legal_cache = None
    assert "carried in this phase already" in refusal_text(s, ("board", mine))

"""B-93: with Rau collapsed and Na not at war, the Zelana acts on its own chit only (34.4, 34.5,
kept as printed), and on Na's chits again from Na's war."""

from __future__ import annotations

from asobi.games.byston.board import ARMED, COLLAPSED, DEAD, SUPPLY, WAR, static
from asobi.games.byston.rules.collapse import task_collapse_check
from support.scenario import rule

from .helpers import C, ch, chit, events, game, phase

RAU, NA, ZELANA = C["rau"], C["na"], C["zelana"]


def rau_collapsed():
    """A game whose Rau has just collapsed by 30.5 (Foizon dead, Elle never entered, the Goraon
    off the map, no Rau castle in Rau's land), Na armed, Rau's and Na's chits in the cup."""
    s = game()
    s.status[NA] = ARMED
    s.chit_cup[chit("rau_as")] = 1
    s.char_at[ch("foizon")] = DEAD
    st = static()
    for i in st.counters_of(RAU, "castle"):
        if s.where[i] >= 0:
            s.set_where(i, SUPPLY)
    task_collapse_check(s)
    assert s.status[RAU] == COLLAPSED and s.zelana_runner == "na"  # B-1: Na's runner from now on
    assert s.chit_cup[chit("rau_as")] == 0  # B-35: Rau's chits left the cup
    return s


def acts(s, chit_id: str) -> list[tuple[int, int, int]]:
    """Draw ``chit_id``, act at once if asked to wait (15.3), and answer every move with "done":
    (seat, country, kind) of each mover."""
    s.apply(("chit", chit(chit_id)))
    if s.pending is not None and s.pending[0] == "joint":
        s.apply(("act",))
    out = []
    while s.pending is not None and s.pending[0] == "move":
        out.append(s.pending[1:])
        s.apply(("done",))
    return out


@rule("34.4", "34.5", "B-1", "B-36", "B-93")
def test_with_rau_collapsed_and_na_not_at_war_the_zelana_acts_on_its_own_chit_only():
    s = rau_collapsed()
    s.chit_cup[chit("na_as")] = 1
    s.chit_cup[chit("zelana")] = 1
    phase(s, "action_phases")
    na_seat = s.seat_of(NA)
    assert acts(s, "na_as") == [(na_seat, NA, 1)]  # Na's chit: Na alone (34.4: not yet at war)
    assert not events(s, "zelana_joins")
    movers = acts(s, "zelana")
    assert [(seat, country) for seat, country, _ in movers] == [(na_seat, ZELANA)]  # 34.5


@rule("34.4", "B-93")
def test_from_nas_war_the_zelana_acts_on_nas_chits_again():
    s = rau_collapsed()
    s.status[NA] = WAR
    s.chit_cup[chit("na_as")] = 1
    phase(s, "action_phases")
    na_seat = s.seat_of(NA)
    assert acts(s, "na_as") == [(na_seat, NA, 1), (na_seat, ZELANA, 1)]
    assert events(s, "zelana_joins")[0].clause == "34.4"

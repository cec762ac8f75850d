"""Movement in an action phase (14.5, 17.1–17.15.9, 28.4, 34.6; B-20–B-24, B-47, B-52–B-59):
which ships a chit moves, hex by hex with 3 MP and +1 into the enemy, where a country may go,
the Kustanga hills, and what a ship carries."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core import IllegalActionError
from asobi.core.state import CHANCE
from asobi.games.byston.board import COLLAPSED, WAR, static
from asobi.games.byston.spec import SPEC as _BYSTON
from asobi.games.byston.state import BystonState
from support.scenario import rule

from .helpers import C, ch, chit, events, game, h, phase, put, u

DRAKE, KU, RAU, NA, AH, ZELANA = (C[c] for c in ("drake", "ku", "rau", "na", "ah", "zelana"))


def draw(s, chit_id: str):
    """Put one chit in the cup and draw it; Rau, Na and the Zelana act at once (15.3)."""
    s.chit_cup[chit(chit_id)] = 1
    phase(s, "action_phases")
    s.apply(("chit", chit(chit_id)))
    if s.pending is not None and s.pending[0] == "joint":
        s.apply(("act",))
    return s


def zelana_at(s, hex_id: str) -> int:
    z = next(iter(static().counters_of(ZELANA, "zelana")))
    s.set_where(z, h(hex_id))
    return z


def ships(s):
    return {a for a in s.legal_actions() if a[0] == "ship"}


def steps(s):
    return {static().t.map.grid.hex_id(a[1]) for a in s.legal_actions() if a[0] == "step"}


def start(s, unit: str, hex_id: str, flipped: int = 0):
    """Choose a ship and set off with nothing aboard."""
    s.apply(("ship", u(unit), h(hex_id), flipped))
    if s.pending is not None and s.pending[0] == "load":
        s.apply(("go",))
    return s


@rule("14.5", "17.1", "17.4", "17.5", "B-20", "B-47", "B-57")
def test_a_ship_moves_three_hexes_one_at_a_time_and_its_move_ends():
    s = draw(game(), "drake_as")
    assert s.pending == ("move", 0, DRAKE, 1)
    assert ships(s) == {("ship", u("namwan"), h("0916"), 0)}  # two alike Namwan are one choice
    assert ("done",) in s.legal_actions()
    start(s, "namwan", "0916")
    assert s.pending[0] == "step" and "1016" in steps(s) and s.mp == 3
    assert [dict(e.args) for e in events(s, "ship_moves")] == [{"country": DRAKE, "unit": u("namwan"), "hex": h("0916")}]
    for to, left in (("1016", 2), ("1116", 1), ("1216", 0)):
        s.apply(("step", h(to)))
        assert s.mp == left or (left == 0 and s.ship == -1)
    # 17.4: no fourth hex; the move ended by itself (B-57), the next ship is asked for
    assert s.pending[0] == "move" and ships(s) == {("ship", u("namwan"), h("0916"), 0)}
    moved = [i for i in static().counters_of(DRAKE, "namwan") if s.where[i] == h("1216")]
    assert len(moved) == 1 and [e.clause for e in events(s, "step")] == ["17.5"] * 3
    assert events(s, "ship_moves")[0].also == ("17.4",)  # 3 MP
    assert [dict(e.args) for e in events(s, "ship_stops")] == [{"country": DRAKE, "unit": u("namwan"), "hex": h("1216")}]
    start(s, "namwan", "0916")
    s.apply(("stop",))  # B-57: chosen and stopped at once: its move is used
    assert s.mp == 0 and s.ship == -1
    assert s.pending is None or s.pending[0] != "move"  # no ship left to move (B-20)


@rule("17.6", "B-21")
def test_entering_a_hex_with_the_other_camp_costs_one_more():
    s = game()
    put(s, "rau", "bozune", "1116")  # Rau is only armed: the cost is the camp's (B-21)
    draw(s, "drake_as")
    start(s, "namwan", "0916")
    s.apply(("step", h("1015")))
    s.apply(("step", h("1016")))
    assert s.mp == 1 and "1116" not in steps(s) and "1117" in steps(s)
    s.apply(("stop",))
    start(s, "namwan", "0916")
    s.apply(("step", h("1016")))
    s.apply(("step", h("1116")))
    assert s.ship == -1 and [e.clause for e in events(s, "step")][-1] == "17.6"  # 2 MP: all spent
    assert [i for i in static().counters_of(DRAKE, "namwan") if s.where[i] == h("1116")]


@rule("17.7", "17.8", "B-56")
def test_an_as_chit_moves_aura_ships_and_an_abs_chit_every_ship():
    s = game()
    put(s, "drake", "will_wipps", "0916")
    draw(s, "drake_as")
    assert ships(s) == {("ship", u("namwan"), h("0916"), 0)}
    s = game()
    put(s, "drake", "will_wipps", "0916")
    draw(s, "drake_abs")
    assert ships(s) == {("ship", u("namwan"), h("0916"), 0), ("ship", u("will_wipps"), h("0916"), 0)}


@rule("17.9", "17.10", "17.11", "B-56", "16.4")
def test_the_zelana_shot_and_surprise_chits_move_only_their_ships():
    s = game()
    put(s, "drake", "spriggan", "0916")
    draw(s, "shot")
    assert ships(s) == {("ship", u("spriggan"), h("0916"), 0)}
    s.apply(("ship", u("spriggan"), h("0916"), 0))
    assert events(s, "ship_moves")[-1].clause == "17.10"  # the move cites the Shot chit
    s = game()
    draw(s, "zelana")
    assert s.pending[:3] == ("move", 2, ZELANA) and ships(s) == {("ship", u("zelana"), h("0912"), 0)}
    s.apply(("done",))
    assert s.pending is None or s.pending[0] != "move"  # Rau's ships stay (17.9)
    # 17.11: a surprise moves Drake's AS (the Spriggan is one, B-56), not its ABS
    s = game()
    put(s, "drake", "will_wipps", "0916")
    put(s, "drake", "spriggan", "1114")
    s.surprise_held = True
    s.chit_cup[chit("rau_as")] = 1
    phase(s, "action_phases")
    s.apply(("surprise",))
    assert s.pending == ("move", 0, DRAKE, 5)
    assert ships(s) == {("ship", u("namwan"), h("0916"), 0), ("ship", u("spriggan"), h("1114"), 0)}


@rule("17.2", "17.3", "17.15.1")
def test_abs_characters_and_buildings_move_only_aboard_a_ship():
    s = draw(game(), "drake_abs")
    offered = {a[1] for a in ships(s)}
    assert offered == {u("namwan")}  # not the Drumlo, the Doro, the castle or the fort
    with pytest.raises(IllegalActionError) as e:
        s.apply(("ship", u("drumlo"), h("0916"), 0))
    assert e.value.clause == "17.2"  # the clause that forbids it, not the decision's 17.1
    s.apply(("ship", u("namwan"), h("0916"), 0))
    s.apply(("load", DRAKE, u("drumlo"), 0))
    s.apply(("board", ch("shot")))
    s.apply(("go",))
    s.apply(("step", h("1016")))
    s.apply(("stop",))
    at = [s.where[i] for i in static().counters_of(DRAKE, "drumlo")]
    assert at.count(h("1016")) == 1 and at.count(h("0916")) == 5  # one carried, five stayed
    assert s.char_at[ch("shot")] == h("1016") and s.char_at[ch("drake")] == h("0916")
    assert [e.clause for e in events(s, "loaded")] == ["17.15.1"]


@rule("17.12", "B-59")
def test_a_country_not_at_war_moves_in_its_own_land_only():
    s = game()
    put(s, "ku", "namwan", "0615")
    draw(s, "ku_as")
    start(s, "namwan", "0615")
    assert "0715" not in steps(s) and "0516" in steps(s)  # Drake's land, though Drake is at war
    s = game()
    s.status[KU] = WAR
    put(s, "ku", "namwan", "0615")
    draw(s, "ku_as")
    start(s, "namwan", "0615")
    assert "0715" in steps(s)


@rule("17.13", "28.4", "B-3", "B-22")
def test_nobody_enters_the_land_of_a_country_not_at_war_but_drake_far_from_the_elf_castle():
    s = game()
    put(s, "drake", "namwan", "0715")
    draw(s, "drake_as")
    start(s, "namwan", "0715")
    assert not {"0614", "0615", "0616"} & steps(s) and "0815" in steps(s)  # Ku stands by
    # 28.4: Ah's land is open to Drake three hexes or more from the Elf Castle (1209)
    s = game()
    put(s, "drake", "namwan", "1410")
    draw(s, "drake_as")
    start(s, "namwan", "1410")
    grid = static().t.map.grid
    assert "1310" not in steps(s)  # two hexes from the Elf Castle
    assert "1510" in steps(s) and grid.distance(h("1510"), h("1209")) >= 3
    s = game()
    s.status[AH] = WAR
    put(s, "drake", "namwan", "1410")
    draw(s, "drake_as")
    start(s, "namwan", "1410")
    assert "1310" in steps(s)
    # 28.4 is Drake's army's alone (B-59)
    s = game()
    s.status[KU] = WAR
    put(s, "ku", "namwan", "1410")
    draw(s, "ku_as")
    assert s.pending[:3] == ("move", 1, KU)
    assert ("ship", u("namwan"), h("1410"), 0) not in ships(s)  # every hex around is Ah's


@rule("34.6", "B-3")
def test_the_zelana_may_enter_sheela_land_of_a_country_not_at_war_but_not_ku_land():
    s = game()
    zelana_at(s, "0709")
    draw(s, "zelana")
    start(s, "zelana", "0709")
    assert {"0809", "0708", "0710"} <= steps(s)  # Ah stands by, but Ah is of Sheela's camp
    assert not {"0609", "0610"} & steps(s)  # Ku stands by (17.13)


@rule("17.14.1", "17.14.2", "17.14.3", "17.14.4", "B-24", "B-58")
def test_only_the_zelana_enters_the_kustanga_hills_where_its_move_ends_and_a_six_flips_it():
    s = game()
    put(s, "drake", "namwan", "1613")
    draw(s, "drake_as")
    start(s, "namwan", "1613")
    assert "1713" not in steps(s) and "1614" in steps(s)
    s = game()
    z = zelana_at(s, "1612")
    rau_ab = put(s, "rau", "bozune", "1612")
    draw(s, "zelana")
    s.apply(("ship", u("zelana"), h("1612"), 0))
    s.apply(("load", RAU, u("bozune"), 0))  # nothing else to take: it sets off (B-57)
    assert "1712" in steps(s)
    s.apply(("step", h("1712")))
    assert s.where[z] == s.where[rau_ab] == h("1712")  # B-24: what it carries enters with it
    assert s.chance == ("kustanga", z) and s.ship == -1  # the move ended with 2 MP left
    assert [e.clause for e in events(s, "kustanga_stop")] == ["17.14.3"]
    s2 = s.clone()
    s.apply(("die", 6))
    assert s.flipped[z] == 1 and events(s, "kustanga_flip")[0].clause == "17.14.4"
    assert [dict(e.args) for e in events(s, "kustanga_die")] == [{"die": 6}]
    s2.apply(("die", 5))
    assert s2.flipped[z] == 0
    # already flipped: the 6 does nothing more
    s = game()
    z = zelana_at(s, "1612")
    s.flipped[z] = 1
    draw(s, "zelana")
    start(s, "zelana", "1612", 1)
    s.apply(("step", h("1713")))
    s.apply(("die", 6))
    assert s.flipped[z] == 1 and not events(s, "kustanga_flip")
    # 17.14.3: leaving the hills is an ordinary move
    s = game()
    z = zelana_at(s, "1712")
    draw(s, "zelana")
    start(s, "zelana", "1712")
    s.apply(("step", h("1711")))
    assert s.ship == z and s.mp == 2 and s.chance is None


@rule("17.15.2", "17.15.3", "17.15.4", "B-42")
def test_what_each_ship_may_carry():
    s = game()
    put(s, "na", "bozune", "1302")
    zab = next(i for i in static().counters_of(ZELANA, "dana_oshee") if s.where[i] == h("0912"))
    s.set_where(zab, h("1302"))
    put(s, "drake", "drumlo", "1302")
    draw(s, "rau_as")
    s.apply(("ship", u("grimley"), h("1302"), 0))
    loads = {a[1:3] for a in s.legal_actions() if a[0] == "load"}
    assert loads == {(RAU, u("bozune")), (RAU, u("gunan")), (ZELANA, u("dana_oshee"))}
    s = game()
    put(s, "rau", "bozune", "0912")
    put(s, "na", "bozune", "0912")
    put(s, "drake", "drumlo", "0912")
    draw(s, "zelana")
    s.apply(("ship", u("zelana"), h("0912"), 0))
    loads = {a[1:3] for a in s.legal_actions() if a[0] == "load"}
    assert loads == {
        (RAU, u("bozune")),
        (NA, u("bozune")),
        (ZELANA, u("dunbine")),
        (ZELANA, u("dana_oshee")),
    }


def loads_until_full(s) -> int:
    n = 0
    while True:
        options = [a for a in s.legal_actions() if a[0] == "load"]
        if not options:
            return n
        s.apply(options[0])
        n += 1


@rule("17.15.5", "17.15.6", "17.15.7", "17.15.8")
def test_capacities():
    s = game()
    put(s, "drake", "drumlo", "0916")  # 7 Drumlo and 2 Doro there
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    assert loads_until_full(s) == 6
    s = game()
    for _ in range(3):
        put(s, "rau", "botune", "0912")
    draw(s, "zelana")
    s.apply(("ship", u("zelana"), h("0912"), 0))
    assert loads_until_full(s) == 4
    s = game()
    for _ in range(6):
        put(s, "rau", "botune", "1302")
    draw(s, "rau_as")
    s.apply(("ship", u("grimley"), h("1302"), 0))
    assert loads_until_full(s) == 10  # of 12 there
    s = game()
    put(s, "drake", "will_wipps", "0916")
    for _ in range(8):
        put(s, "drake", "drumlo", "0916")
    draw(s, "drake_abs")
    s.apply(("ship", u("will_wipps"), h("0916"), 0))
    assert loads_until_full(s) == 16  # every AB there
    s = game()
    put(s, "drake", "spriggan", "0916")
    draw(s, "shot")
    s.apply(("ship", u("spriggan"), h("0916"), 0))
    assert loads_until_full(s) == 6


@rule("17.15.9", "B-15", "B-54")
def test_characters_ride_any_ship_of_theirs_and_go_along_rather_than_be_left_alone():
    s = game()
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    boards = {a for a in s.legal_actions() if a[0] == "board"}
    here = {k for k, at in enumerate(s.char_at) if at == h("0916")}
    assert len(here) >= 2 and boards == {("board", k) for k in here}  # any number
    k = min(here)
    s.apply(("board", k))
    assert [dict(e.args) for e in events(s, "boarded")] == [{"char": k, "hex": h("0916")}]
    # Left alone: a ship that takes the last Drake unit from a hex takes the character too
    s = game()
    put(s, "drake", "namwan", "1016")
    s.char_at[ch("zet")] = h("1016")
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("1016"), 0))
    s.apply(("go",))
    assert [e.clause for e in events(s, "goes_along")] == ["B-54"]
    s.apply(("step", h("1116")))
    s.apply(("stop",))
    assert s.char_at[ch("zet")] == h("1116")
    # … but not while another own unit stays
    s = game()
    put(s, "drake", "namwan", "1016")
    put(s, "drake", "drumlo", "1016")
    s.char_at[ch("zet")] = h("1016")
    draw(s, "drake_as")
    start(s, "namwan", "1016")
    s.apply(("step", h("1116")))
    s.apply(("stop",))
    assert s.char_at[ch("zet")] == h("1016")


@rule("B-53")
def test_what_one_ship_set_down_no_other_ship_takes_further_in_the_same_phase():
    s = game()
    put(s, "drake", "namwan", "1016")
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    s.apply(("load", DRAKE, u("drumlo"), 0))
    s.apply(("go",))
    s.apply(("step", h("1016")))
    s.apply(("stop",))
    s.apply(("ship", u("namwan"), h("1016"), 0))
    assert not [a for a in s.legal_actions() if a[0] == "load"]  # its Drumlo arrived this phase
    s.apply(("step", h("1116")))
    assert ("ship", u("namwan"), h("1116"), 0) not in s.legal_actions()
    assert s.moved  # cleared when the phase ends
    s.apply(("stop",))
    if s.pending is not None and s.pending[0] == "move":
        s.apply(("done",))
    assert s.moved == () and s.chars_moved == ()


@rule("14.5", "B-47", "B-52")
def test_the_acting_country_fights_after_it_has_moved():
    s = game()
    s.chit_cup[chit("drake_as")] = 1
    phase(s, "action_phases")
    s.apply(("chit", chit("drake_as")))
    assert s.pending[0] == "move"
    tasks = list(reversed(s.agenda))
    assert tasks[: tasks.index(("next_draw",))] == [("discovery", DRAKE), ("battles", DRAKE), ("action_end",)]
    assert s.phase_chit == chit("drake_as")


@rule("34.2", "34.3", "B-42", "B-59")
def test_the_zelana_force_takes_rau_and_na_units_where_the_zelana_goes_even_before_their_war():
    s = game()
    rau_ab = put(s, "rau", "botune", "0912")  # Rau is only armed (17.12 would keep it at home)
    draw(s, "zelana")
    s.apply(("ship", u("zelana"), h("0912"), 0))
    s.apply(("load", RAU, u("botune"), 0))
    while s.pending[0] == "load":
        s.apply(("go",))
    s.apply(("step", h("1011")))
    s.apply(("step", h("1010")))
    s.apply(("stop",))
    assert s.where[rau_ab] == h("1010") and static().nation[h("1010")] == AH
    assert s.owner[rau_ab] == RAU  # it keeps its owner (B-42)
    # … and a Zelana-colour AB aboard a Rau ship goes only where the Rau ship may (B-59)
    s = game()
    zab = next(i for i in static().counters_of(ZELANA, "dana_oshee") if s.where[i] == h("0912"))
    s.set_where(zab, h("1206"))
    put(s, "rau", "grimley", "1206")
    draw(s, "rau_as")
    s.apply(("ship", u("grimley"), h("1206"), 0))
    s.apply(("load", ZELANA, u("dana_oshee"), 0))
    while s.pending[0] == "load":
        s.apply(("go",))
    assert steps(s) and all(static().nation[h(x)] == RAU for x in steps(s))  # not 1207, 1307


@pytest.mark.parametrize("players", [2, 4])
def test_games_that_move_whenever_they_can_end_cleanly(players):
    """Random games whose choices prefer moving, loading and going on (not "done", "stop",
    "go", "wait"): invariants hold at every step, the load stays with its ship, every clause
    logged exists, and the game reaches its end (27.1)."""
    known = set(_BYSTON.clauses())
    idle = {("done",), ("stop",), ("go",), ("wait",), ("pass",), ("no_search",)}
    moved = 0
    for seed in range(2):
        rng = Random(seed * 7 + players)
        s = BystonState(players)
        while not s.is_terminal():
            if s.current_seat == CHANCE:
                action = s.sample_chance(rng)
            else:
                legal = s.legal_actions()
                busy = [a for a in legal if a not in idle]
                action = rng.choice(busy if busy and rng.random() < 0.85 else legal)
            s.apply(action)
            assert not s.invariant_errors(), s.invariant_errors()
        outcome = s.outcome()
        assert outcome is not None and (s.turn == 16 or outcome.clause == "27.3")  # 27.3 may end it early
        assert {e.clause for e in s.log} <= known
        moved += len(events(s, "step"))
    assert moved > 20


@rule("17.15.9", "35.4", "B-91")
def test_a_character_of_collapsed_ku_rides_drakes_ships_as_it_now_serves_drake():
    s = game()
    s.status[KU] = COLLAPSED
    s.char_at[ch("todd2")] = h("0916")
    draw(s, "drake_as")
    s.apply(("ship", u("namwan"), h("0916"), 0))
    assert ("board", ch("todd2")) in s.legal_actions()

"""Refused buildings (12.1–12.10, 30.4, 30.6.1, 30.6.2) cite the clause that forbids them, in the
order a player would ask — whose building, its cost, the ground, the hex, the land — and a
choice that names no building on no hex gets the decision's own clause, never a traceback."""

from __future__ import annotations

from asobi.games.byston.board import COLLAPSED, static
from asobi.games.byston.tables import Terrain
from support.scenario import rule

from .helpers import C, game, h, phase, put, turn_of
from .test_refusals import refused
from .test_repair_build import building, sites


def plain_of(country: str) -> int:
    """The first plain hex of ``country``'s land."""
    st = static()
    return next(x for x, ground in enumerate(st.t.map.terrain_of) if ground is Terrain.PLAIN and st.nation[x] == C[country])


@rule("12.1")
def test_a_build_naming_no_building_on_no_hex_is_refused_with_the_decisions_clause():
    s = building()
    size = static().t.map.grid.size
    for bad in (
        ("build", "castle"),
        ("build", "tower", h("1017")),
        ("build", "castle", h("1017"), 0),
        ("raze", "castle", h("1017")),
        ("build", "castle", -1),
        ("build", "castle", size),
        ("build", "castle", "1017"),
    ):
        assert refused(s, bad) == "12.1", bad


@rule("12.5", "12.3")
def test_the_first_hex_of_the_map_is_a_mountain():
    s = building()
    assert static().t.map.terrain_of[0] is Terrain.MOUNTAIN
    assert refused(s, ("build", "fort", 0)) == "12.5"


@rule("12.2", "12.4")
def test_the_cost_is_the_kinds_own_and_exactly_enough_gp_pays_it():
    castle_gp, fort_gp = (static().t.buildings[k].gp for k in ("castle", "fort"))
    s = building(gp=castle_gp)  # enough: a castle on a highland is refused for the ground
    assert refused(s, ("build", "castle", h("0817"))) == "12.4"
    s = building(gp=fort_gp)  # a fort's GP: a castle costs more
    assert ("build", "fort", h("1017")) in s.legal_actions()
    assert refused(s, ("build", "castle", h("1017"))) == "12.2"


@rule("12.2")
def test_no_building_of_a_kind_left_in_the_box():
    s = game()
    s.gp = [0, 0, 0, 0, 100, 0, 0]
    phase(s, "build_phase")
    turn_of(s, "build", "ah")  # Ah's castles are all on the map
    assert refused(s, ("build", "castle", plain_of("ah"))) == "12.2"


@rule("12.5", "30.4")
def test_the_karakara_mountains_are_a_mountain_for_any_country_but_rau():
    s = building()
    assert refused(s, ("build", "fort", h("0806"))) == "12.5"
    s = building("rau")
    assert refused(s, ("build", "castle", h("0806"))) == "30.4"


@rule("12.10")
def test_a_hex_the_other_camp_holds_is_refused():
    s = game()
    s.gp = [100] + [0] * 6
    put(s, "rau", "grimley", "0716")
    phase(s, "build_phase")
    assert refused(s, ("build", "castle", h("0716"))) == "12.10"


@rule("12.8", "12.9")
def test_outside_its_land_the_clause_of_the_land():
    s = building()
    assert refused(s, ("build", "castle", h("1617"))) == "12.8"  # no nation's land, no ship there
    assert refused(s, ("build", "castle", plain_of("rau"))) == "12.8"  # the enemy's land, no ship
    assert refused(s, ("build", "castle", h("0206"))) == "12.9"  # Ku's, an ally standing
    s = building("ku")
    assert refused(s, ("build", "castle", h("1017"))) == "12.9"  # Drake's land (nation 0)
    s = game()
    s.status[C["ku"]] = COLLAPSED
    s.gp = [100] + [0] * 6
    phase(s, "build_phase")
    assert refused(s, ("build", "castle", h("0206"))) == "12.8"  # a collapsed ally: no ship there


@rule("30.6.1", "30.6.2")
def test_the_secret_factory_refused_to_others_and_a_second_time():
    s = building()
    assert refused(s, ("secret",)) == "30.6.1"  # Rau's alone
    s = building("rau", gp=50)
    assert refused(s, ("secret",)) == "30.6.2"  # the Zelana is not at the Rian coast
    s = building("rau", gp=50)
    s.secret_built = True
    s.legal_cache = None
    assert refused(s, ("secret",)) == "30.6.1"  # once a game


@rule("12.9", "12.8")
def test_a_ship_in_drakes_land_lets_no_ally_build_there():
    s = game()
    s.gp = [0, 100, 0, 0, 0, 0, 0]
    put(s, "ku", "namwan", "1017")  # Drake's land (nation 0), a face-up Ku ship
    put(s, "ku", "namwan", "1617")  # no nation's land: Ku may build there
    phase(s, "build_phase")
    turn_of(s, "build", "ku")
    got = sites(s)
    assert ("castle", "1617") in got
    assert not {x for x in got if x[1] == "1017"}

"""The repair phase (11.1–11.7, 34.7, B-13) and the building phase (12.1–12.10, 30.4, 30.6.1,
30.6.2, B-14, B-37)."""

from __future__ import annotations

from asobi.games.byston.board import ELF_CASTLE_BUILT, static
from support.scenario import rule

from .helpers import C, box, clear, events, game, h, phase, put, repair, turn_of, units_at
from .test_refusals import refused


def repairing(country: str = "drake", gp: int = 50, **fields):
    s = game(**fields)
    s.gp = [0] * 7
    s.gp[C[country]] = gp
    return s


def repairs(s) -> set[tuple[str, str]]:
    st = static()
    return {(st.unit_ids[a[2]], st.t.map.grid.hex_id(a[3])) for a in s.legal_actions() if a[0] == "repair"}


@rule("11.1", "11.5", "B-13", "11.2", "11.4")
def test_a_flipped_unit_is_turned_face_up_for_its_repair_gp():
    s = repairing()
    i = put(s, "drake", "drumlo", "0916", flipped=True)
    phase(s, "repair_phase")
    assert s.pending == ("repair", 0, C["drake"]) and ("drumlo", "0916") in repairs(s)
    s.apply(repair(s, i))
    assert s.flipped[i] == 0 and s.gp[C["drake"]] == 49
    assert events(s, "repaired")[0].clause == "11.5"
    assert events(s, "repaired")[0].also == ("11.2", "11.4")  # at a castle of its camp
    assert s.pending is None or s.pending[0] != "repair" or s.pending[2] != C["drake"]  # once (B-13)


@rule("11.2", "11.3")
def test_only_at_a_friendly_building_the_repairing_country_paying():
    s = repairing()
    away = put(s, "drake", "drumlo", "1017", flipped=True)
    at_ku = put(s, "drake", "drumlo", "0310", flipped=True)
    at_rau = put(s, "drake", "drumlo", "1302", flipped=True)
    phase(s, "repair_phase")
    assert repairs(s) == {("drumlo", "0310")}
    s.apply(repair(s, at_ku))
    assert s.gp[C["drake"]] == 49 and s.gp[C["ku"]] == 0
    assert s.flipped[away] and s.flipped[at_rau]


@rule("11.4", "B-50")
def test_a_fort_cannot_repair_an_abs():
    s = repairing()
    at_fort = put(s, "drake", "will_wipps", "1114", flipped=True)
    phase(s, "repair_phase")
    assert s.pending is None or s.pending[0] != "repair" or s.pending[2] != C["drake"]
    s = repairing()
    s.set_where(at_fort, h("0916"))
    s.flipped[at_fort] = 1
    phase(s, "repair_phase")
    assert ("will_wipps", "0916") in repairs(s)


@rule("11.6", "11.7")
def test_a_building_repairs_itself_even_with_the_enemy_there():
    s = repairing()
    fort = next(i for i in static().counters_of(C["drake"], "fort") if s.where[i] == h("1114"))
    s.flipped[fort] = 1
    put(s, "rau", "gunan", "1114")
    put(s, "rau", "grimley", "1114")
    phase(s, "repair_phase")
    s.apply(repair(s, fort))
    assert s.flipped[fort] == 0 and s.gp[C["drake"]] == 48
    assert events(s, "repaired")[0].clause == "11.6"
    assert events(s, "repaired")[0].also == ("11.2", "11.4", "11.7")  # the enemy there does not stop it


@rule("34.7")
def test_zelana_units_are_repaired_at_rau_or_na_buildings_paid_by_the_owner():
    s = repairing("rau")
    [zelana] = static().counters_of(C["zelana"], "zelana")
    s.set_where(zelana, h("1302"))
    s.flipped[zelana] = 1
    phase(s, "repair_phase")
    assert s.pending == ("repair", 2, C["rau"])
    s.apply(repair(s, zelana))
    assert s.flipped[zelana] == 0 and s.gp[C["rau"]] == 47
    assert events(s, "repaired")[0].clause == "34.7"


# --- building --------------------------------------------------------------------------------


def building(country: str = "drake", gp: int = 100, **fields):
    s = game(**fields)
    s.gp = [0] * 7
    s.gp[C[country]] = gp
    phase(s, "build_phase")
    return turn_of(s, "build", country)


def sites(s) -> set[tuple[str, str]]:
    grid = static().t.map.grid
    return {(a[1], grid.hex_id(a[2])) for a in s.legal_actions() if a[0] == "build"}


@rule("12.1", "12.2", "12.7")
def test_a_building_in_own_land_for_its_gp_without_any_unit_there():
    s = building()
    assert s.pending == ("build", 0, C["drake"])
    assert ("castle", "1017") in sites(s) and units_at(s, "1017") == []
    s.apply(("build", "castle", h("1017")))
    assert units_at(s, "1017") == ["drake:castle"] and s.gp[C["drake"]] == 85
    assert events(s, "built")[0].clause == "12.2" and box(s, "drake", "castle") == 0
    assert events(s, "built")[0].also == ("12.3", "12.7")  # a plain, in its own land


@rule("12.3", "12.4", "12.5")
def test_castles_on_plains_forts_on_plains_or_highlands_nothing_on_mountains():
    s = building()
    got = sites(s)
    terrain = static().t.map.terrain_of
    for kind, hex_id in got:
        ground = terrain[h(hex_id)].value
        assert ground == "plain" or (ground == "highland" and kind == "fort")
    assert ("fort", "0817") in got and ("castle", "0817") not in got  # a highland (D^)
    assert ("castle", "0716") in got
    s = building("ku")
    assert not {x for x in sites(s) if x[1] == "0107"}  # KM: a mountain


@rule("12.4", "12.5", "30.4", "12.6", "12.2", "12.1")
def test_a_refused_building_cites_the_clause_of_its_ground_or_its_hex():
    s = building()
    assert refused(s, ("build", "castle", h("0817"))) == "12.4"  # a castle on a highland, not 12.1
    s.apply(("build", "fort", h("0817")))
    assert events(s, "built")[0].clauses == ("12.2", "12.4", "12.7")
    assert refused(s, ("build", "fort", h("0817"))) == "12.6"  # one building a hex
    assert refused(s, ("build", "castle", "0716")) == "12.1"  # not a hex: the decision's clause
    s = building("ku")
    assert refused(s, ("build", "fort", h("0107"))) == "12.5"  # a mountain
    s = building("rau")
    assert refused(s, ("build", "castle", h("0806"))) == "30.4"  # the Karakara mountains: forts only
    s = building(gp=0)
    assert refused(s, ("build", "castle", h("1017"))) == "12.2"  # no GP to pay for it


@rule("30.4")
def test_rau_may_build_forts_on_the_karakara_mountains():
    s = building("rau")
    assert ("fort", "0806") in sites(s) and ("castle", "0806") not in sites(s)
    s = building("ku")
    assert not any(hx in {"0107", "0507"} for _, hx in sites(s))


@rule("12.6")
def test_one_building_a_hex():
    s = building()
    assert not {x for x in sites(s) if x[1] in ("0916", "1114")}


@rule("12.8")
def test_outside_own_land_only_with_an_own_face_up_ship_not_the_spriggan():
    s = game()
    s.gp = [100] + [0] * 6
    put(s, "drake", "namwan", "1017")
    flipped = put(s, "drake", "bull_beggar", "1317", flipped=True)
    [spriggan] = static().counters_of(C["drake"], "spriggan")
    s.set_where(spriggan, h("1417"))
    put(s, "drake", "namwan", "1617")
    phase(s, "build_phase")
    got = sites(s)
    assert ("castle", "1617") in got  # no nation's land, a face-up Namwan
    assert not {x for x in got if x[1] in ("1317", "1417")}  # flipped; the Spriggan
    assert s.flipped[flipped]


@rule("12.9")
def test_never_in_a_surviving_allys_land():
    s = game()
    s.gp = [100] + [0] * 6
    put(s, "drake", "namwan", "0206")
    phase(s, "build_phase")
    assert not {x for x in sites(s) if x[1] == "0206"}


@rule("12.10", "B-14")
def test_not_where_the_enemy_is_unless_only_one_or_two_abs():
    s = game()
    s.gp = [100] + [0] * 6
    clear(s, "1302")  # frees Rau's counters for the test
    put(s, "rau", "gunan", "1017")
    put(s, "rau", "gunan", "1017")
    put(s, "rau", "gunan", "0817")
    put(s, "rau", "gunan", "0817")
    put(s, "rau", "gunan", "0817")
    put(s, "rau", "grimley", "0716")
    phase(s, "build_phase")
    got = sites(s)
    assert ("castle", "1017") in got
    assert not {x for x in got if x[1] in ("0817", "0716")}


@rule("30.6.1", "30.6.2", "B-37")
def test_rau_builds_the_secret_factory_once_with_the_zelana_at_the_rian_coast():
    s = game()
    s.gp = [0, 0, 50, 0, 0, 0, 0]
    turn_of(phase(s, "build_phase"), "build", "rau")
    assert ("secret",) not in s.legal_actions()
    s = game()
    s.gp = [0, 0, 50, 0, 0, 0, 0]
    [zelana] = static().counters_of(C["zelana"], "zelana")
    s.set_where(zelana, h("1418"))
    s.flipped[zelana] = 1  # 30.6.2: even flipped
    turn_of(phase(s, "build_phase"), "build", "rau")
    assert ("secret",) in s.legal_actions()
    s.apply(("secret",))
    assert "rau:fort" in units_at(s, "1418") and s.secret >= 0 and s.gp[C["rau"]] == 44
    assert events(s, "secret_built")[0].clauses == ("30.6.1", "30.6.2")
    s.apply(("raze", h("1418")))
    assert s.secret == -1 and "rau:fort" not in units_at(s, "1418")
    assert ("secret",) not in s.legal_actions()  # once a game


@rule("13.3.1")
def test_drakes_castle_at_elf_castle_is_remembered():
    s = game(turn=8)
    clear(s, "1209")
    s.gp = [100] + [0] * 6
    put(s, "drake", "namwan", "1209")
    phase(s, "build_phase")
    s.apply(("build", "castle", h("1209")))
    assert s.marks[ELF_CASTLE_BUILT] == 8


@rule("11.1", "11.5")
def test_a_country_repairs_one_counter_after_another_until_it_is_done():
    s = repairing()
    a = put(s, "drake", "drumlo", "0916", flipped=True)
    b = put(s, "drake", "drumlo", "0916", flipped=True)
    phase(s, "repair_phase")
    s.apply(repair(s, a))
    assert s.pending == ("repair", 0, C["drake"])  # asked again: the other one is still flipped
    # the check without the listing, as on a state read back from its saved form (the listing
    # is not saved): only the verb "repair" repairs
    s.legal_cache = None
    assert s.is_legal(repair(s, b)) and not s.is_legal(("build", *repair(s, b)[1:]))
    assert repairs(s) == {("drumlo", "0916")}
    s.apply(("done",))  # and it may stop there
    assert s.flipped[a] + s.flipped[b] == 1 and s.gp[C["drake"]] == 49
    assert s.pending is None or s.pending[0] != "repair" or s.pending[2] != C["drake"]


@rule("30.6.2")
def test_only_the_zelana_ship_itself_lets_rau_build_the_secret_factory():
    s = game()
    s.gp = [0, 0, 50, 0, 0, 0, 0]
    ab = static().counters_of(C["zelana"], "dunbine")[0]
    s.set_where(ab, h("1418"))  # an AB of the Zelana's, not the ship
    turn_of(phase(s, "build_phase"), "build", "rau")
    assert ("secret",) not in s.legal_actions()


@rule("30.6.1", "12.2")
def test_the_secret_factory_checked_without_the_listing_and_built_face_up():
    s = game()
    s.gp = [0, 0, 50, 0, 0, 0, 0]
    [zelana] = static().counters_of(C["zelana"], "zelana")
    s.set_where(zelana, h("1418"))
    turn_of(phase(s, "build_phase"), "build", "rau")
    s.legal_cache = None  # as on a state read back from its saved form: the check answers
    assert s.is_legal(("secret",)) and not s.is_legal(("secret", 1))
    s.apply(("secret",))
    assert s.where[s.secret] == h("1418") and s.flipped[s.secret] == 0


@rule("12.2")
def test_a_building_is_built_face_up():
    from asobi.games.byston.board import building_at

    s = game(turn=8)
    clear(s, "1209")
    s.gp = [100] + [0] * 6
    put(s, "drake", "namwan", "1209")
    phase(s, "build_phase")
    s.apply(("build", "castle", h("1209")))
    assert s.flipped[building_at(s, h("1209"))] == 0


@rule("13.3.1")
def test_only_drakes_castle_at_elf_castle_is_remembered():
    s = game(turn=8)
    s.gp = [100] + [0] * 6
    phase(s, "build_phase")
    castle = next(a for a in s.legal_actions() if a[:2] == ("build", "castle") and a[2] != h("1209"))
    s.apply(castle)  # a castle elsewhere
    fort = next(a for a in s.legal_actions() if a[:2] == ("build", "fort") and a[2] != h("1209"))
    s.apply(fort)
    assert s.marks[ELF_CASTLE_BUILT] == 0

"""The production phase: production (8.1–8.10), 増産 (9.1–9.5), 換装 (10.1–10.6), action chits
(8.11h, 8.11.1–8.11.4, 16.1, 16.2) and the factory box (B-9, B-11, B-12)."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.games.byston.board import BOX, MADE_GORAON, SUPPLY, owns_just_its_own, static
from asobi.games.byston.rules.produce import destroyable
from support.scenario import rule

from .helpers import C, box, chit, clear, events, game, h, phase, put, supply, turn_of, u, units_at


def producing(country: str = "drake", gp: int = 100, tl: int | None = None, **fields):
    s = game(**fields)
    for k in range(7):
        s.gp[k] = 0
    s.gp[C[country]] = gp
    if tl is not None:
        s.tl[C[country]] = tl
    phase(s, "produce_phase")
    return turn_of(s, "produce", country)


def makes(s) -> set[tuple[str, str]]:
    st = static()
    return {(st.unit_ids[a[1]], st.t.map.grid.hex_id(a[2])) for a in s.legal_actions() if a[0] == "make"}


@rule("8.1", "8.3", "8.5", "8.7")
def test_units_in_the_factory_box_at_the_countrys_tl_go_to_its_buildings():
    s = producing(tl=3)
    got = makes(s)
    # ABs to the castle or the fort (8.7 ①), ships to the castle only (8.7 ②)
    assert {("drumlo", "0916"), ("drumlo", "1114"), ("doro", "1114"), ("dunbine", "0916")} <= got
    assert ("namwan", "0916") in got and ("namwan", "1114") not in got
    # 8.5: TL 3 is short of the Bastole's 4 and the Will Wipps' 8
    assert not {m for m in got if m[0] in ("bastole", "will_wipps", "bull_beggar")}
    # 8.3: Drake has no Zwarth in its box
    assert not {m for m in got if m[0] == "zwarth"}


@rule("8.4", "8.2", "8.6", "8.3", "8.5", "8.8", "9.3", "9.4", "9.5")
def test_production_costs_the_units_gp_any_number_in_any_order():
    s = producing(gp=20)
    s.apply(("make", u("drumlo"), h("1114")))
    s.apply(("extra", u("drumlo")))
    s.apply(("make", u("drumlo"), h("0916")))
    s.apply(("make", u("drumlo"), h("0916")))
    assert s.gp[C["drake"]] == 20 - 3 - 2 - 3 - 3
    assert units_at(s, "1114").count("drake:drumlo") == 3
    assert [e.clause for e in events(s, "made")] == ["8.7"] * 3
    # from the box, for its GP, at its TL; not counted (8.2, 8.6); beside a unit there (8.8)
    assert events(s, "made")[0].also == ("8.3", "8.4", "8.5", "8.2", "8.6", "8.8")
    assert dict(events(s, "made")[0].args) == {"country": C["drake"], "unit": u("drumlo"), "hex": h("1114"), "gp": 3}
    assert events(s, "extra")[0].clause == "9.2" and events(s, "extra")[0].also == ("9.3", "9.4", "8.2", "9.5")
    s.apply(("make", u("drumlo"), h("0916")))
    s.apply(("make", u("drumlo"), h("0916")))  # the last Drumlo of the box
    assert box(s, "drake", "drumlo") == 0 and s.gp[C["drake"]] == 3
    assert not {m for m in makes(s) if m[0] == "drumlo"} and ("doro", "0916") in makes(s)


@rule("8.8", "8.9")
def test_any_number_of_units_may_be_placed_even_with_the_enemy_there():
    s = game()
    for _ in range(3):
        put(s, "rau", "gunan", "1114")
    s.gp = [100] + [0] * 6
    phase(s, "produce_phase")
    s.apply(("make", u("drumlo"), h("1114")))
    assert units_at(s, "1114").count("drake:drumlo") == 3 and "rau:gunan" in units_at(s, "1114")
    assert events(s, "made")[0].also[-2:] == ("8.8", "8.9")  # among others, and enemies


@rule("8.10", "B-11")
def test_without_a_building_nothing_is_produced_but_the_rest_goes_on():
    s = game()
    clear(s, "0916")
    clear(s, "1114")
    s.gp = [100] + [0] * 6
    phase(s, "produce_phase")
    assert not makes(s)
    assert ("extra", u("drumlo")) in s.legal_actions() and ("chit", chit("drake_as")) in s.legal_actions()
    # B-11: never an ally's building
    put(s, "ku", "castle", "1017")
    s.legal_cache = None
    assert not makes(s)


@rule("B-11", "30.6.3")
def test_never_into_the_secret_factory():
    s = game()
    s.gp = [0, 0, 100, 0, 0, 0, 0]
    i = put(s, "rau", "fort", "1418")
    s.secret = i
    turn_of(phase(s, "produce_phase"), "produce", "rau")
    assert not {m for m in makes(s) if m[1] == "1418"}
    assert ("bozune", "1206") in makes(s)


@rule("9.1", "9.3", "9.4")
def test_extra_production_adds_from_the_supply_at_the_units_tl_if_it_has_a_cost():
    s = producing(tl=3)
    extras = {static().unit_ids[a[1]] for a in s.legal_actions() if a[0] == "extra"}
    assert "drumlo" in extras and "doro" in extras
    assert "dunbine" not in extras  # 9.4: no 増産 cost
    assert "virunvee" not in extras  # 9.3: TL 5
    before = box(s, "drake", "drumlo"), supply(s, "drake", "drumlo")
    s.apply(("extra", u("drumlo")))
    assert (box(s, "drake", "drumlo"), supply(s, "drake", "drumlo")) == (before[0] + 1, before[1] - 1)


@rule("9.2", "9.5", "B-9")
def test_extra_production_stops_when_the_counters_run_out():
    s = producing(gp=200)
    n = supply(s, "drake", "doro")
    for _ in range(n):
        s.apply(("extra", u("doro")))
    assert s.gp[C["drake"]] == 200 - n  # 1 GP each
    assert ("extra", u("doro")) not in s.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        s.apply(("extra", u("doro")))
    assert e.value.clause == "8.2"


@rule("10.1", "10.2", "10.3", "10.4", "10.5", "10.6")
def test_conversion_swaps_a_box_ab_for_its_better_machine_at_that_machines_tl():
    s = producing(tl=4)
    assert ("convert", u("drumlo")) not in s.legal_actions()  # 10.4: the Virunvee needs TL 5
    s = producing(tl=5, gp=10)
    before = box(s, "drake", "drumlo"), box(s, "drake", "virunvee"), supply(s, "drake", "drumlo")
    s.apply(("convert", u("drumlo")))
    assert box(s, "drake", "drumlo") == before[0] - 1 and box(s, "drake", "virunvee") == before[1] + 1
    assert supply(s, "drake", "drumlo") == before[2] + 1
    assert s.gp[C["drake"]] == 7 and events(s, "converted")[0].clauses == ("10.3", "10.2", "10.4", "8.2", "10.5", "10.6")
    # 10.2: ships are never converted (no 換装 in the data, checked by the loader)
    assert not any(a[0] == "convert" and static().unit_kind[a[1]] != "AB" for a in s.legal_actions())


@rule("10.5", "10.6")
def test_conversions_chain_within_one_turn():
    s = producing(tl=10, gp=100)
    s.apply(("convert", u("drumlo")))
    s.apply(("convert", u("virunvee")))
    assert box(s, "drake", "zwarth") == 1
    s.apply(("convert", u("drumlo")))
    assert box(s, "drake", "virunvee") == 1


@rule("8.11.1", "B-12")
def test_at_most_three_chits_a_turn_the_surprise_counted():
    s = producing()
    s.apply(("chit", chit("drake_as")))
    s.apply(("chit", chit("surprise")))
    s.apply(("chit", chit("drake_abs")))
    assert s.gp[C["drake"]] == 100 - 3 - 6 - 5
    assert not any(a[0] == "chit" for a in s.legal_actions())
    assert s.chit_cup[chit("drake_as")] == 1 and s.chit_cup[chit("drake_abs")] == 1
    assert [e.clauses for e in events(s, "chit_made")] == [("8.11.1",), ("8.11.1",)]  # no 8.11.2: not Ah or Mi


@rule("8.11.2")
def test_ah_and_mi_produce_one_chit():
    s = producing("ah")
    s.apply(("chit", chit("ah_as")))
    assert not any(a[0] == "chit" for a in s.legal_actions())
    assert events(s, "chit_made")[-1].clauses == ("8.11.1", "8.11.2")


@rule("8.11.3")
def test_the_zelanas_chit_is_produced_by_rau_or_na_outside_the_limit():
    s = producing("rau")
    for _ in range(3):
        s.apply(("chit", chit("rau_as")))
    assert s.legal_actions()[0] == ("chit", chit("zelana"))
    s.apply(("chit", chit("zelana")))
    assert s.chit_cup[chit("zelana")] == 1 and events(s, "chit_made")[-1].clause == "8.11.3"
    s.apply(("done",))
    # Na (when it can pay) finds the only Zelana chit taken
    s = game()
    s.gp = [0, 0, 0, 50, 0, 0, 0]
    s.chit_cup[chit("zelana")] = 1
    turn_of(phase(s, "produce_phase"), "produce", "na")
    assert ("chit", chit("zelana")) not in s.legal_actions()


@rule("8.11.4")
def test_shots_chit_only_with_the_spriggan_on_the_map_outside_the_limit():
    s = producing()
    assert ("chit", chit("shot")) not in s.legal_actions()
    s = game()
    s.gp = [100] + [0] * 6
    [spriggan] = static().counters_of(C["drake"], "spriggan")
    s.set_where(spriggan, h("0916"))
    s.chits_made[C["drake"]] = 3
    phase(s, "produce_phase")
    assert [a for a in s.legal_actions() if a[0] == "chit"] == [("chit", chit("shot"))]
    s.apply(("chit", chit("shot")))
    assert events(s, "chit_made")[0].clause == "8.11.4"


@rule("16.1", "16.2", "B-19")
def test_the_surprise_chit_is_drakes_and_stays_in_hand_not_in_the_cup():
    s = producing("ku")
    assert ("chit", chit("surprise")) not in s.legal_actions()
    s = producing()
    s.apply(("chit", chit("surprise")))
    assert s.surprise_held and s.chit_cup[chit("surprise")] == 0
    assert events(s, "chit_made_held")[0].clauses == ("16.2", "16.1")
    assert ("chit", chit("surprise")) not in s.legal_actions()  # one exists, and it is held


@rule("30.2")
def test_producing_the_goraon_is_remembered():
    s = producing("rau", tl=8, turn=6)
    s.apply(("make", u("goraon"), h("1302")))
    assert s.marks[MADE_GORAON] == 6
    i = next(i for i in static().counters_of(C["rau"], "goraon"))
    assert s.where[i] == h("1302") and s.where[i] not in (BOX, SUPPLY)


@rule("8.2", "8.11")
def test_a_country_with_just_one_thing_it_may_do_is_asked():
    s = game()
    s.gp = [0] * 7  # nothing to buy: only their aura machines to destroy (8.11)
    phase(s, "produce_phase", only=True)
    while s.pending is not None and s.pending[0] == "produce" and s.pending[2] != C["mi"]:
        s.apply(("done",))
    assert s.pending is not None and s.pending[:3] == ("produce", 3, C["mi"])
    assert len(s.legal_actions()) == 2  # Mi's one machine it may destroy, or done


@rule("8.11.3", "8.11.4")
def test_the_zelanas_and_shots_chits_are_not_counted_toward_the_limit():
    s = producing("rau")
    s.apply(("chit", chit("zelana")))
    assert s.chits_made[C["rau"]] == 0
    s = game()
    s.gp = [100] + [0] * 6
    [spriggan] = static().counters_of(C["drake"], "spriggan")
    s.set_where(spriggan, h("0916"))
    phase(s, "produce_phase")
    s.apply(("chit", chit("shot")))
    assert s.chits_made[C["drake"]] == 0


@rule("8.2")
def test_the_production_check_refuses_a_verb_of_another_phase():
    s = producing()
    s.legal_cache = None  # as on a state read back from its saved form: the check answers
    assert s.is_legal(("make", u("drumlo"), h("0916")))
    assert not s.is_legal(("repair", u("drumlo"), h("0916")))


@rule("8.7", "8.11")
def test_a_made_unit_is_face_up_and_a_destruction_logs_its_hex():
    s = producing()
    s.apply(("make", u("drumlo"), h("0916")))
    made = [i for i in static().counters_of(C["drake"], "drumlo") if s.where[i] == h("0916")]
    assert made and all(s.flipped[i] == 0 for i in made)
    s.apply(("destroy", u("drumlo"), h("0916"), 0))
    assert sum(1 for i in made if s.where[i] == BOX) == 1
    assert dict(events(s, "destroyed")[0].args) == {"country": C["drake"], "unit": u("drumlo"), "hex": h("0916")}


@rule("8.11", "35.3")
def test_a_machine_on_the_first_hex_of_the_map_may_be_destroyed_even_after_counters_changed_hands():
    s = game()
    namwan = put(s, "drake", "namwan", "0101")  # hex number 0
    action = ("destroy", u("namwan"), 0, 0)
    assert action in destroyable(s, C["drake"])
    st = static()
    ku_doro = next(i for i in st.counters_of(C["ku"], "doro") if s.where[i] >= 0)
    owner = list(s.owner)
    owner[ku_doro] = C["drake"]  # 35.3: a remnant of Ku's that Drake now owns
    s.owner = type(s.owner)(owner)
    assert not owns_just_its_own(s, C["drake"])
    assert action in destroyable(s, C["drake"]) and s.where[namwan] == 0

"""The clauses an event or a refusal cites beside the one that names it (issue "the log cites the
clause that acted"): limits cited by the refusal of what they forbid, permissions and orders cited
by the events they shape, and the rare positions the bot games of the clause-citation check
(tests/test_rules_coverage.py) never reach."""

from __future__ import annotations

from asobi.games.byston.board import ARMED, NEUTRAL, WAR, WAR_SINCE, ZELANA, static
from support.scenario import rule

from .helpers import C, ch, chit, clear, events, game, h, phase, put, turn_of, u
from .test_combat import fight, over
from .test_move import draw
from .test_refusals import refused


def play_out(s) -> None:
    """Answer the battle's decisions and dice with their first choices until it is over."""
    for _ in range(200):
        if over(s):
            return
        s.apply(s.chance_outcomes()[-1][0] if s.chance is not None else s.legal_actions()[0])
    raise AssertionError("the battle did not end")


@rule("6.3")
def test_a_country_standing_by_is_told_it_collects_nothing():
    s = phase(game(), "income", only=True)
    standing = {dict(e.args)["country"]: dict(e.args)["hexes"] for e in events(s, "income_standing_by")}
    assert set(standing) == {C["ku"], C["na"], C["ah"]} and all(n > 0 for n in standing.values())
    assert {e.clause for e in events(s, "income_standing_by")} == {"6.3"}


@rule("6.6")
def test_nobody_collects_a_surviving_allys_land_and_the_log_says_why():
    s = game()
    s.status[C["ku"]] = ARMED
    put(s, "drake", "namwan", "0206")
    phase(s, "income", only=True)
    [e] = events(s, "income_ally_land")
    assert e.clause == "6.6" and dict(e.args) == {"hex": h("0206"), "country": C["ku"]}


@rule("6.8")
def test_the_zelanas_hex_is_lost_while_neither_rau_nor_na_is_at_war():
    s = game()
    s.status[C["rau"]] = ARMED
    clear(s, "1302")
    [zelana] = static().counters_of(ZELANA, "zelana")
    s.set_where(zelana, h("1302"))
    phase(s, "income", only=True)
    [e] = [e for e in events(s, "income_lost") if dict(e.args)["hex"] == h("1302")]
    assert e.clause == "6.8"
    s = game()
    s.status[C["rau"]] = WAR
    clear(s, "1302")
    s.set_where(zelana, h("1302"))
    phase(s, "income", only=True)  # Rau at war collects it for the Zelana
    [rau] = [e for e in events(s, "income") if dict(e.args)["country"] == C["rau"]]
    assert "6.8" in rau.also and not events(s, "income_lost")


@rule("8.10", "B-11")
def test_a_make_without_a_building_is_refused_by_8_10():
    s = game()
    clear(s, "0916")
    clear(s, "1114")
    s.gp = [100] + [0] * 6
    phase(s, "produce_phase")
    assert refused(s, ("make", u("drumlo"), h("0916"))) == "8.10"
    put(s, "ku", "castle", "1017")  # B-11: an ally's building does not count
    s.legal_cache = None
    assert refused(s, ("make", u("drumlo"), h("1017"))) == "8.10"


@rule("8.2", "8.10")
def test_a_make_refused_for_another_reason_cites_the_production_clause():
    """Only a country with no building is refused by 8.10: a malformed make says 8.2 (the
    decision's own clause) even then, and so does a make refused for its cost or its hex, a fort
    (no ship made there) being a building."""
    s = game()
    clear(s, "0916")
    clear(s, "1114")
    s.gp = [100] + [0] * 6
    phase(s, "produce_phase")
    assert refused(s, ("make", u("drumlo"))) == "8.2"  # one argument short
    assert refused(s, ("make", "drumlo", h("0916"))) == "8.2"  # a unit by name, not number
    put(s, "drake", "fort", "1017")  # a fort, where ABs are made but no ship
    s.legal_cache = None
    assert refused(s, ("make", u("drumlo"), h("0916"))) == "8.2"  # a building, elsewhere
    s = game()
    s.gp = [0, 0, 100, 0, 0, 0, 0]
    s.secret = put(s, "rau", "fort", "1418")
    turn_of(phase(s, "produce_phase"), "produce", "rau")
    assert refused(s, ("make", u("gunan"), h("0101"))) == "8.2"  # no building of Rau's there
    made_at = next(a for a in s.legal_actions() if a[0] == "make" and a[2] != h("1418"))
    s.gp[C["rau"]] = 0
    s.legal_cache = None
    assert refused(s, made_at) == "8.2"  # too dear now


@rule("30.6.3", "B-11")
def test_a_make_at_the_secret_factory_is_refused_by_30_6_3():
    from .helpers import turn_of

    s = game()
    s.gp = [0, 0, 100, 0, 0, 0, 0]
    s.secret = put(s, "rau", "fort", "1418")
    turn_of(phase(s, "produce_phase"), "produce", "rau")
    assert refused(s, ("make", u("gunan"), h("1418"))) == "30.6.3"


@rule("12.9")
def test_a_building_in_a_surviving_allys_land_is_refused_by_12_9():
    s = game()
    s.gp = [100] + [0] * 6
    put(s, "drake", "namwan", "0206")
    phase(s, "build_phase")
    assert refused(s, ("build", "fort", h("0206"))) == "12.9"


@rule("12.10", "B-14")
def test_the_other_camps_units_refuse_a_building_unless_one_or_two_abs():
    s = game()
    s.gp = [100] + [0] * 6
    clear(s, "1302")
    put(s, "rau", "gunan", "1017")
    put(s, "rau", "gunan", "1017")
    for _ in range(3):
        put(s, "rau", "gunan", "0817")
    phase(s, "build_phase")
    assert refused(s, ("build", "fort", h("0817"))) == "12.10"
    s.apply(("build", "castle", h("1017")))  # two ABs: built as usual, and the event says so
    assert events(s, "built")[0].also == ("12.3", "12.7", "12.10")


@rule("17.15.3", "34.3", "B-42")
def test_a_zelana_ab_loaded_on_raus_ship_cites_the_exception_and_the_exchange():
    s = game()
    zab = next(i for i in static().counters_of(ZELANA, "dana_oshee") if s.where[i] == h("0912"))
    s.set_where(zab, h("1302"))
    draw(s, "rau_as")
    s.apply(("ship", u("grimley"), h("1302"), 0))
    s.apply(("load", ZELANA, u("dana_oshee"), 0))
    [e] = events(s, "loaded")
    assert e.clauses[:3] == ("17.15.1", "17.15.3", "34.3")


@rule("18.5", "18.6", "34.4", "B-75")
def test_the_zelana_fighting_alone_in_its_hosts_phase_cites_18_5_or_18_6():
    for na_state, host, clause in ((NEUTRAL, "rau", "18.5"), (WAR, "na", "18.6")):
        s = game()
        s.status[C["na"]] = na_state
        [zelana] = static().counters_of(ZELANA, "zelana")
        s.set_where(zelana, h("1110"))
        clear(s, "1110")
        s.set_where(zelana, h("1110"))
        put(s, "drake", "drumlo", "1110")
        s.phase_chit = chit(f"{host}_as")
        fight(s, host, "zelana")
        [e] = events(s, "battle")
        assert dict(e.args)["country"] == ZELANA and e.clauses[-1] == clause


@rule("30.6.3", "30.6.4")
def test_a_found_factorys_battle_cites_30_6_4_and_its_camps_roll_30_6_3():
    s = game()
    s.secret = put(s, "rau", "fort", "1017")
    s.secret_found = True
    put(s, "rau", "grimley", "1017")
    put(s, "drake", "namwan", "1017")
    fight(s)
    [battle] = events(s, "battle")
    assert battle.also[-1] == "30.6.4"
    play_out(s)
    rau = [e for e in events(s, "pool_shelling") if dict(e.args)["country"] == C["rau"]]
    assert rau and "30.6.3" in rau[0].also  # the Grimley fires, the factory beside it does not


@rule("33.2", "5.3")
def test_ah_goes_to_war_only_by_a_declaration_on_it():
    s = phase(game(turn=4), "war_status")
    s.apply(("declare", C["ah"]))
    assert [e.clauses for e in events(s, "at_war")] == [("5.3", "33.2")]


@rule("14.7", "14.4")
def test_each_chit_after_the_first_of_a_turn_is_drawn_by_14_7():
    s = game()
    s.chit_cup[chit("drake_as")] = 2
    phase(s, "action_phases")
    s.apply(("chit", chit("drake_as")))
    while s.chance is None:
        s.apply(s.legal_actions()[0])
    s.apply(("chit", chit("drake_as")))
    assert [e.also for e in events(s, "drawn")] == [("14.4",), ("14.4", "14.7")]


@rule("34.5", "14.5")
def test_the_zelana_acting_on_its_own_chit_cites_34_5():
    s = game()
    s.chit_cup[chit("zelana")] = 1
    phase(s, "action_phases")
    s.apply(("chit", chit("zelana")))
    if s.pending is not None and s.pending[0] == "joint":
        s.apply(("act",))
    [e] = events(s, "action")
    assert e.clauses == ("14.5", "34.5") and dict(e.args)["country"] == ZELANA


@rule("11.3", "11.2")
def test_a_repair_at_an_allys_building_cites_11_3():
    from .helpers import repair

    s = game()
    s.status[C["ku"]] = WAR
    s.gp[C["ku"]] = 50
    i = put(s, "ku", "doro", "0916", flipped=True)  # at Drake's castle
    phase(s, "repair_phase")
    from .helpers import turn_of

    turn_of(s, "repair", "ku")
    s.apply(repair(s, i))
    [e] = events(s, "repaired")
    assert dict(e.args)["country"] == C["ku"] and "11.3" in e.also


def drake_and_rau_fighting_at_1017():
    """Drake's and Rau's units fighting at 1017: a Drumlo and a Namwan against a Bozune and a Grimley."""
    s = game()
    put(s, "drake", "drumlo", "1017")
    put(s, "drake", "namwan", "1017")
    put(s, "rau", "bozune", "1017")
    put(s, "rau", "grimley", "1017")
    fight(s)
    return s


@rule("23.2", "22.1")
def test_when_both_camps_bomb_the_second_camps_bombing_cites_23_2():
    s = drake_and_rau_fighting_at_1017()
    for _ in range(50):
        if s.pending is not None and s.pending[0] == "bomb":
            s.apply(("bomb",))
        elif s.chance is not None and s.chance[0] == "pool":
            s.apply(("hits", 0))  # nobody is hit: both camps' ABs live to bomb
        elif over(s):
            break
        else:
            s.apply(s.legal_actions()[0] if s.pending is not None else s.chance_outcomes()[0][0])
    bombing = {dict(e.args)["country"]: e.also for e in events(s, "pool_bombing")}
    assert "23.2" not in bombing[C["drake"]] and "23.2" in bombing[C["rau"]]


def test_the_citation_check_reads_the_scenario_tests_events_and_refusals_apart(monkeypatch):
    """The check (tests/test_rules_coverage.py) sees a clause only an event of a scenario test
    cites (30.6.4, the found factory's battle) among events, a clause only a refusal cites (28.3)
    among refusals, and nothing for a clause no scenario test names."""
    from asobi.core import get_game
    from test_rules_coverage import scenario_citations

    spec = get_game("byston")
    cited, refused_by = scenario_citations(spec, {"30.6.4", "28.3"}, monkeypatch)
    assert "30.6.4" in cited and "28.3" in refused_by and "28.3" not in cited
    assert scenario_citations(spec, {"no such clause"}, monkeypatch) == (set(), set())


@rule("28.2", "28.3", "30.3", "5.1")
def test_a_declaration_on_a_country_never_open_cites_the_declarers_clause():
    s = phase(game(turn=4), "war_status")
    assert s.pending == ("declare", 0, C["drake"])
    assert refused(s, ("declare", C["na"])) == "28.3"
    assert refused(s, ("declare", C["ku"])) == "28.2"  # its own ally: not one 28.2 names
    s.status[C["mi"]] = WAR
    s.legal_cache = None
    assert refused(s, ("declare", C["mi"])) == "5.1"  # already at war: nothing to declare
    s = game(turn=4)
    s.status[C["na"]] = WAR
    s.set_mark(WAR_SINCE + C["na"], 3)
    phase(s, "war_status")
    s.apply(("pass",))  # Drake's army
    assert s.pending == ("declare", 2, C["rau"])  # 30.3: Na is at war
    assert refused(s, ("declare", C["ku"])) == "30.3"


@rule("30.6.4", "19.1")
def test_a_battle_away_from_the_secret_factory_does_not_cite_30_6_4():
    s = game()
    s.secret = put(s, "rau", "fort", "1302")  # built, found or not: not this battle's hex
    s.secret_found = True
    put(s, "rau", "grimley", "1017")
    put(s, "drake", "namwan", "1017")
    fight(s)
    [battle] = events(s, "battle")
    assert battle.clauses == ("19.1", "18.1", "18.2", "18.7")


@rule("23.2", "22.1")
def test_the_second_camps_bombing_does_not_cite_23_2_when_the_first_camp_did_not_bomb():
    s = drake_and_rau_fighting_at_1017()
    asked = []
    for _ in range(50):
        if s.pending is not None and s.pending[0] == "bomb":
            asked.append(s.pending[2])
            s.apply(("no_bomb",) if s.pending[2] == 0 else ("bomb",))  # Drake's camp does not bomb
        elif s.chance is not None and s.chance[0] == "pool":
            s.apply(("hits", 0))
        elif over(s):
            break
        else:
            s.apply(s.legal_actions()[0] if s.pending is not None else s.chance_outcomes()[0][0])
    assert asked == [0, 1]
    bombing = {dict(e.args)["country"]: e.also for e in events(s, "pool_bombing")}
    assert set(bombing) == {C["rau"]} and "23.2" not in bombing[C["rau"]]


@rule("25.9.5", "B-31")
def test_a_drake_camp_character_in_its_fort_gives_it_no_command_against_sheelas_shelling():
    """The other camp's characters in a building give it no command: cited in the shelling of
    Sheela's camp (the second camp) as in Drake's."""
    s = game()
    put(s, "rau", "grimley", "1017")
    put(s, "drake", "fort", "1017")
    put(s, "drake", "namwan", "1017")
    s.char_at[ch("bern")] = h("1017")
    fight(s)
    if s.pending is not None and s.pending[0] == "mount":
        fort = [a for a in s.legal_actions() if static().kind(a[1]) == "fort"]
        s.apply(fort[0])
    play_out(s)
    rau = [e for e in events(s, "pool_shelling") if dict(e.args)["country"] == C["rau"]]
    assert rau and "25.9.5" in rau[0].also

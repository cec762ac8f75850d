"""The income phase (6.1–6.9) and control of income hexes (6.4 ①–④, B-5, B-6, B-2)."""

from __future__ import annotations

from asobi.games.byston.board import ARMED, COLLAPSED, WAR, ZELANA, static
from asobi.games.byston.control import CONTESTED, camp_income, collectors, controllers
from support.scenario import rule

from .helpers import C, clear, events, game, h, phase, put


def income_of(s, country: str) -> int:
    return sum(
        dict(e.args)["gp"]
        for e in s.log
        if e.key in ("income", "income_share") and dict(e.args)["country"] == C[country]
    )


@rule("6.1", "6.2", "6.9")
def test_each_country_adds_the_gp_of_its_hexes_and_keeps_them():
    s = game()
    s.gp[C["drake"]] = 10
    phase(s, "income", only=True)
    assert s.gp[C["drake"]] == 30  # 20 GP of Drake's own land on top of the 10 kept
    [e] = [e for e in events(s, "income") if dict(e.args)["country"] == C["drake"]]
    assert e.clause == "6.2" and dict(e.args)["hexes"] == 5
    assert e.also == ("6.4", "6.9")  # who controls each hex it collects; the GP carry over


@rule("6.3")
def test_a_country_standing_by_collects_nothing():
    s = phase(game(), "income", only=True)
    assert income_of(s, "ku") == 0 and income_of(s, "na") == 0 and income_of(s, "ah") == 0
    assert income_of(s, "rau") == 17 and income_of(s, "mi") == 4  # 軍備 collects
    s = game()
    s.status[C["ku"]] = ARMED
    phase(s, "income", only=True)
    assert income_of(s, "ku") == 12


@rule("6.4", "B-5")
def test_control_goes_by_building_then_ship_then_three_abs_then_the_land():
    s = game()
    s.status[C["ah"]] = ARMED
    hx = h("1012")  # Ah's castle and two Drumlo
    put(s, "drake", "namwan", "1012")
    assert controllers(s, hx) == (1, (C["ah"],), "①")
    clear(s, "1012")
    put(s, "drake", "namwan", "1012")
    put(s, "ah", "drumlo", "1012")
    put(s, "ah", "drumlo", "1012")
    put(s, "ah", "drumlo", "1012")
    assert controllers(s, hx) == (0, (C["drake"],), "②")
    clear(s, "1012")
    for _ in range(3):
        put(s, "drake", "drumlo", "1012")
    put(s, "ah", "drumlo", "1012")
    assert controllers(s, hx) == (0, (C["drake"],), "③")
    clear(s, "1012")
    put(s, "drake", "drumlo", "1012")
    put(s, "drake", "drumlo", "1012")
    assert controllers(s, hx) == (1, (C["ah"],), "④")
    assert collectors(s, hx) == (C["ah"],)


@rule("6.5")
def test_both_camps_meeting_the_same_item_yield_nothing():
    s = game()
    s.status[C["ah"]] = ARMED
    clear(s, "1012")
    put(s, "drake", "namwan", "1012")
    put(s, "ah", "namwan", "1012")
    assert controllers(s, h("1012"))[0] == CONTESTED
    phase(s, "income", only=True)
    assert income_of(s, "ah") == 8  # its other three hexes only
    [e] = events(s, "income_contested")
    assert e.clause == "6.5" and dict(e.args) == {"hex": h("1012"), "item": "②"}


@rule("B-5")
def test_abs_of_allied_countries_count_together_for_three():
    s = game()
    clear(s, "1012")
    put(s, "drake", "drumlo", "1012")
    put(s, "drake", "drumlo", "1012")
    put(s, "ku", "drumlo", "1012")
    assert controllers(s, h("1012")) == (0, (C["drake"], C["ku"]), "③")
    assert collectors(s, h("1012")) == (C["drake"],)  # Ku stands by (6.3)


@rule("6.6")
def test_a_surviving_allys_land_yields_nothing_to_the_others():
    s = game()
    s.status[C["ku"]] = ARMED
    put(s, "drake", "namwan", "0206")
    assert controllers(s, h("0206")) == (0, (C["drake"],), "②")
    assert collectors(s, h("0206")) == ()
    phase(s, "income", only=True)
    assert income_of(s, "drake") == 20 and income_of(s, "ku") == 10


@rule("6.7", "B-2")
def test_allies_holding_one_hex_share_it_as_the_earliest_chooses():
    s = game()
    s.status[C["ku"]] = WAR
    clear(s, "1012")
    put(s, "drake", "drumlo", "1012")
    put(s, "ku", "drumlo", "1012")
    put(s, "ku", "drumlo", "1012")
    phase(s, "income")
    assert s.pending == ("income_share", 0, h("1012"), (C["drake"], C["ku"]))  # Drake's seat chooses
    assert s.legal_actions() == (("share", 0, 2, 0, 0), ("share", 1, 1, 0, 0), ("share", 2, 0, 0, 0))
    before = s.gp[C["ku"]]
    s.apply(("share", 0, 2, 0, 0))
    assert s.gp[C["ku"]] == before + 2
    assert [e.clause for e in events(s, "income_share")] == ["6.7"]


@rule("6.8", "B-6")
def test_the_zelanas_hexes_count_for_rau_and_na_if_at_war():
    s = game()
    [zelana] = static().counters_of(C["zelana"], "zelana")
    s.set_where(zelana, h("1017"))  # an income hex of Drake's land
    assert controllers(s, h("1017")) == (1, (C["zelana"],), "②")
    assert collectors(s, h("1017")) == ()  # Rau is only armed, Na stands by: lost
    s.status[C["rau"]] = WAR
    assert collectors(s, h("1017")) == (C["rau"],)
    s.status[C["na"]] = WAR
    phase(s, "income")
    assert s.pending == ("income_share", 2, h("1017"), (C["rau"], C["na"]))  # Rau's runner chooses (B-2)


@rule("B-33")
def test_camp_income_is_the_income_phase_by_camp():
    s = game()
    assert camp_income(s) == (20, 21)  # Drake's land; Rau's 17 and Mi's 4 (Ku, Na and Ah stand by)
    s.status[C["ku"]] = ARMED
    s.status[C["na"]] = WAR
    assert camp_income(s) == (32, 42)


@rule("6.8", "6.3")
def test_an_income_line_cites_who_was_passed_over():
    """Rau collecting a hex the Zelana holds cites 6.8; Drake collecting a hex it holds with a Ku
    standing by cites 6.3; neither cites 6.6 (the hex is no ally's land)."""
    s = game()
    [zelana] = static().counters_of(C["zelana"], "zelana")
    s.set_where(zelana, h("1017"))  # an income hex of Drake's land
    s.status[C["rau"]] = WAR
    phase(s, "income", only=True)
    [rau] = [e for e in events(s, "income") if dict(e.args)["country"] == C["rau"]]
    assert rau.clauses == ("6.2", "6.4", "6.8", "6.9")
    s = game()
    clear(s, "1012")
    put(s, "drake", "drumlo", "1012")
    put(s, "ku", "drumlo", "1012")
    put(s, "ku", "drumlo", "1012")
    assert controllers(s, h("1012"))[1] == (C["drake"], C["ku"]) and collectors(s, h("1012")) == (C["drake"],)
    phase(s, "income", only=True)
    [drake] = [e for e in events(s, "income") if dict(e.args)["country"] == C["drake"]]
    assert drake.clauses == ("6.2", "6.4", "6.3", "6.9")


@rule("6.3")
def test_two_countries_standing_by_in_one_hex_each_count_it():
    """A hex that two countries standing by hold together (Na's ABs beside Ah's, in Ah's land)
    counts in both countries' 6.3 lines."""
    def standing_by(s):
        phase(s, "income", only=True)
        return {dict(e.args)["country"]: dict(e.args)["hexes"] for e in events(s, "income_standing_by")}

    s = game()
    clear(s, "1012")
    before = standing_by(s)
    s = game()
    clear(s, "1012")
    put(s, "na", "botune", "1012")
    put(s, "na", "botune", "1012")
    put(s, "ah", "drumlo", "1012")
    assert controllers(s, h("1012"))[1] == (C["na"], C["ah"]) and collectors(s, h("1012")) == ()
    after = standing_by(s)
    assert after[C["na"]] == before[C["na"]] + 1 and after[C["ah"]] == before[C["ah"]]


def income_line(s, country: str):
    [e] = [e for e in events(s, "income") if dict(e.args)["country"] == C[country]]
    return e


@rule("6.6")
def test_an_allys_units_in_a_countrys_own_land_leave_it_the_hex_and_the_line_cites_6_6():
    """Drake's ABs with an armed Ku's in Drake's land: Ku, surviving, collects nothing there (6.6),
    not because it stands by (no 6.3)."""
    s = game()
    s.status[C["ku"]] = ARMED
    put(s, "drake", "drumlo", "0715")
    put(s, "drake", "drumlo", "0715")
    put(s, "ku", "drumlo", "0715")
    assert controllers(s, h("0715"))[1] == (C["drake"], C["ku"]) and collectors(s, h("0715")) == (C["drake"],)
    phase(s, "income", only=True)
    drake = income_line(s, "drake")
    assert drake.clauses == ("6.2", "6.4", "6.6", "6.9") and dict(drake.args)["gp"] == 20  # 0715 among them
    assert income_of(s, "ku") == 12  # its own land only


@rule("6.6", "6.8")
def test_the_zelana_in_raus_land_counts_for_rau_alone_and_the_line_cites_6_6_and_6_8():
    """The Zelana in Rau's land with Rau and Na at war: the hex is Rau's alone (6.6), through the
    Zelana (6.8)."""
    s = game()
    s.status[C["rau"]] = WAR
    s.status[C["na"]] = WAR
    [zelana] = static().counters_of(ZELANA, "zelana")
    s.set_where(zelana, h("1901"))  # an income hex of Rau's land, empty
    assert collectors(s, h("1901")) == (C["rau"],)
    phase(s, "income", only=True)
    rau = income_line(s, "rau")
    assert rau.clauses == ("6.2", "6.4", "6.6", "6.8", "6.9") and dict(rau.args)["gp"] == 17  # 1901 among them


@rule("6.6", "6.3")
def test_a_collapsed_allys_land_is_collected_and_the_line_cites_6_6():
    """Mi collapsed: Rau's ABs with a Na's standing by take Mi's hex 2207 (6.6's exception), Na
    collecting nothing (6.3)."""
    s = game()
    s.status[C["mi"]] = COLLAPSED
    put(s, "rau", "bozune", "2207")
    put(s, "rau", "bozune", "2207")
    put(s, "na", "bozune", "2207")
    assert controllers(s, h("2207"))[1] == (C["rau"], C["na"]) and collectors(s, h("2207")) == (C["rau"],)
    phase(s, "income", only=True)
    rau = income_line(s, "rau")
    assert rau.clauses == ("6.2", "6.4", "6.3", "6.6", "6.9") and dict(rau.args)["gp"] == 18  # its own 17 and 2207's 1


@rule("6.6", "6.8")
def test_the_zelana_in_a_surviving_allys_land_yields_nothing_by_6_6_not_lost_by_6_8():
    """The Zelana in Na's land, Rau at war, Na standing by: Rau may not collect a surviving ally's
    land (6.6); the GP are not lost for want of a country at war (6.8)."""
    s = game()
    s.status[C["rau"]] = WAR
    [zelana] = static().counters_of(ZELANA, "zelana")
    s.set_where(zelana, h("2410"))  # an income hex of Na's land, empty
    assert collectors(s, h("2410")) == ()
    phase(s, "income", only=True)
    assert [dict(e.args) for e in events(s, "income_ally_land")] == [{"hex": h("2410"), "country": C["na"]}]
    assert [e.clause for e in events(s, "income_ally_land")] == ["6.6"] and not events(s, "income_lost")
    assert income_of(s, "rau") == 17

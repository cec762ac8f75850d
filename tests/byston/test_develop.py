"""The development phase (7.1–7.8) and Drake's Rase Wau modifiers (28.5–28.7, B-8, B-40)."""

from __future__ import annotations

from asobi.games.byston.board import TL7_DRAKE, TL7_KU, static
from support.scenario import rule

from .helpers import C, ch, events, game, h, phase


def developing(country: str = "drake", gp: int = 30, tl: int = 3, **fields):
    s = game(**fields)
    for k in range(7):
        if k != C[country]:
            s.tl[k] = static().t.tl_max  # B-40: nobody else is asked
    s.gp[C[country]] = gp
    s.tl[C[country]] = tl
    at_rase_wau(s)  # Shot and Zet start at Rase Wau: away unless a test puts them back
    return phase(s, "develop_phase")


@rule("7.1", "7.3", "7.2", "2.9", "B-2")
def test_each_country_may_develop_once_or_not_at_all():
    s = game()
    phase(s, "develop_phase")
    askers = []
    while s.pending is not None and s.pending[0] == "develop":
        askers.append(s.pending[2])
        assert s.legal_actions() == (("develop", 0), ("develop", 1), ("develop", 2))
        s.apply(("develop", 0))
    assert askers == [C[c] for c in ("drake", "ku", "rau", "na", "ah", "mi")]  # once each, in order
    assert {e.also for e in events(s, "develop_chosen")} == {("7.3",)}  # its one development this turn
    assert s.tl == [3, 2, 3, 3, 2, 2, 0]


@rule("7.4")
def test_a_development_costs_the_die_plus_four_for_one_tl():
    s = developing(gp=30, tl=3)
    s.apply(("develop", 1))
    assert s.chance == ("develop", C["drake"], 1)
    assert s.chance_outcomes() == tuple((("die", d), 1 / 6) for d in range(1, 7))
    s.apply(("die", 3))
    assert s.gp[C["drake"]] == 23 and s.tl[C["drake"]] == 4
    [e] = events(s, "developed")
    assert e.clause == "7.4" and dict(e.args)["cost"] == 7


@rule("7.5")
def test_short_of_gp_all_gp_are_lost_and_the_tl_stays():
    s = developing(gp=8)
    s.apply(("develop", 1))
    s.apply(("die", 5))  # 9 GP needed
    assert s.gp[C["drake"]] == 0 and s.tl[C["drake"]] == 3
    assert events(s, "develop_failed")[0].clause == "7.5"


@rule("7.6", "7.7")
def test_concentrated_development_costs_three_times_for_two_tl():
    s = developing(gp=30, tl=3)
    s.apply(("develop", 2))
    s.apply(("die", 2))
    assert s.gp[C["drake"]] == 12 and s.tl[C["drake"]] == 5
    assert events(s, "developed")[0].clause == "7.7"


@rule("7.8")
def test_concentrated_development_short_of_gp_loses_everything():
    s = developing(gp=20, tl=3)
    s.apply(("develop", 2))
    s.apply(("die", 2))  # 18 is enough
    assert s.tl[C["drake"]] == 5
    s = developing(gp=20, tl=3)
    s.apply(("develop", 2))
    s.apply(("die", 4))  # 24 is not
    assert s.gp[C["drake"]] == 0 and s.tl[C["drake"]] == 3
    assert events(s, "develop_failed")[0].clause == "7.8"


def at_rase_wau(s, *who):
    for c in ("shot", "zet"):
        s.char_at[ch(c)] = h("0916") if c in who else h("1114")


@rule("28.5")
def test_shot_at_rase_wau_takes_two_off_drakes_die_never_below_one():
    s = developing(gp=30)
    at_rase_wau(s, "shot")
    s.apply(("develop", 1))
    s.apply(("die", 6))
    assert s.gp[C["drake"]] == 30 - 8
    [m] = events(s, "develop_modifier")
    assert m.clause == "28.5" and dict(m.args)["modified"] == 4
    s = developing(gp=30)
    at_rase_wau(s, "shot")
    s.apply(("develop", 1))
    s.apply(("die", 2))
    assert s.gp[C["drake"]] == 30 - 5  # 2 − 2 is 0, raised to 1


@rule("28.6")
def test_zet_at_rase_wau_takes_one_off():
    s = developing(gp=30)
    at_rase_wau(s, "zet")
    s.apply(("develop", 1))
    s.apply(("die", 6))
    assert s.gp[C["drake"]] == 30 - 9 and events(s, "develop_modifier")[0].clause == "28.6"


@rule("28.7", "B-8")
def test_both_take_three_off_and_the_modifier_applies_to_concentrated_development():
    s = developing(gp=30)
    at_rase_wau(s, "shot", "zet")
    s.apply(("develop", 2))
    s.apply(("die", 6))
    assert s.gp[C["drake"]] == 30 - 21 and s.tl[C["drake"]] == 5
    assert [e.clause for e in events(s, "develop_modifier")] == ["28.7"]
    # Only Drake's army has the modifier.
    s = developing("ku", gp=30, tl=2)
    s.char_at[ch("shot")] = h("0916")
    s.apply(("develop", 1))
    s.apply(("die", 6))
    assert s.gp[C["ku"]] == 20 and not events(s, "develop_modifier")


@rule("B-40")
def test_no_development_past_the_top_of_the_track():
    top = static().t.tl_max
    s = developing(tl=top - 1)
    assert s.legal_actions() == (("develop", 0), ("develop", 1))
    s = game()
    s.tl = [top] * 7
    phase(s, "develop_phase")
    assert s.pending is None or s.pending[0] != "develop"


@rule("29.2")
def test_reaching_tl_7_is_remembered_for_the_turn_after():
    s = developing(gp=30, tl=6, turn=5)
    s.apply(("develop", 1))
    s.apply(("die", 1))
    assert s.tl[C["drake"]] == 7 and s.marks[TL7_DRAKE] == 5


@rule("7.4", "7.5")
def test_gp_equal_to_the_cost_are_enough():
    s = developing(gp=7, tl=3)
    s.apply(("develop", 1))
    s.apply(("die", 3))  # 3 + 4 = 7 GP, all of them
    assert s.gp[C["drake"]] == 0 and s.tl[C["drake"]] == 4


@rule("7.2", "7.3", "B-8")
def test_the_choice_of_development_is_logged_before_the_die():
    s = developing(gp=30, tl=3)
    s.apply(("develop", 0))
    assert [dict(e.args) for e in events(s, "develop_chosen")] == [{"country": C["drake"], "kind": 0}]
    assert s.tl[C["drake"]] == 3 and s.gp[C["drake"]] == 30 and s.chance is None
    s = developing(gp=30, tl=3)
    s.apply(("develop", 2))
    assert [dict(e.args)["kind"] for e in events(s, "develop_chosen")] == [2]


@rule("29.2", "31.2")
def test_reaching_tl_7_marks_the_turn_for_drake_and_for_ku_only():
    s = developing("drake", gp=30, tl=6, turn=5)
    s.apply(("develop", 1))
    s.apply(("die", 1))
    assert s.tl[C["drake"]] == 7 and s.marks[TL7_DRAKE] == 5 and s.marks[TL7_KU] == 0
    s = developing("ku", gp=30, tl=6, turn=5)
    s.apply(("develop", 1))
    s.apply(("die", 1))
    assert s.tl[C["ku"]] == 7 and s.marks[TL7_KU] == 5 and s.marks[TL7_DRAKE] == 0
    s = developing("rau", gp=30, tl=6, turn=5)
    s.apply(("develop", 1))
    s.apply(("die", 1))
    assert s.tl[C["rau"]] == 7 and s.marks[TL7_KU] == 0 and s.marks[TL7_DRAKE] == 0

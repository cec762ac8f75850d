"""Countries, camps, seats and the declaration of war (1.2, 2.9, 3.1–3.5, 5, 28–34)."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.games.byston.board import (
    ARMED,
    MADE_BILLBINE,
    MADE_GEA_GRING,
    MADE_GORAON,
    NEUTRAL,
    TL7_DRAKE,
    TL7_KU,
    WAR,
    WAR_SINCE,
    camp_of,
)
from asobi.games.byston.state import BystonState
from support.scenario import rule

from .helpers import C, answer, events, game, phase


@rule("3.1", "3.2", "3.3")
def test_two_camps():
    assert [camp_of(C[c]) for c in ("drake", "ku")] == [0, 0]
    assert [camp_of(C[c]) for c in ("rau", "na", "ah", "mi", "zelana")] == [1] * 5


@rule("3.4", "28.1", "29.1", "30.1", "31.1", "32.1", "33.1", "34.1")
def test_each_country_starts_in_its_printed_state():
    s = BystonState(4)
    expected = {
        "drake": WAR,
        "ku": NEUTRAL,
        "rau": ARMED,
        "na": NEUTRAL,
        "ah": NEUTRAL,
        "mi": ARMED,
        "zelana": WAR,
    }
    assert {c: s.status[k] for c, k in C.items()} == expected
    setup = s.log[0]  # the setup's event cites what it applied
    assert setup.clauses == ("1.2", "28.1", "29.1", "30.1", "31.1", "32.1", "33.1", "34.1", "32.3", "33.3", "34.8")
    assert BystonState(4, zelana_runner="na").log[0].also[-1] == "33.3"  # a fixed runner: no 34.8


@rule("1.2", "B-1", "32.3", "33.3", "34.8")
def test_seats_for_two_three_and_four_players_and_the_zelana_follows_na_into_the_war():
    four = BystonState(4)
    assert [four.seat_of(C[c]) for c in ("drake", "ku", "rau", "na", "ah", "mi")] == [0, 1, 2, 3, 3, 3]
    assert four.seat_of(C["zelana"]) == 2  # Rau's runner while Na is not at war
    four.status[C["na"]] = WAR
    assert four.seat_of(C["zelana"]) == 3
    three = BystonState(3)
    assert [three.seat_of(C[c]) for c in ("drake", "ku", "rau", "na", "ah", "mi")] == [0, 0, 1, 2, 2, 2]
    two = BystonState(2)
    assert [two.seat_of(k) for k in range(7)] == [0, 0, 1, 1, 1, 1, 1]
    fixed = BystonState(4, zelana_runner="na")
    assert fixed.seat_of(C["zelana"]) == 3
    with pytest.raises(ValueError):
        BystonState(5)


@rule("5.1", "28.2", "28.3", "B-48")
def test_drake_may_declare_on_rau_ah_and_mi_but_never_on_na():
    s = phase(game(), "war_status")
    assert s.pending == ("declare", 0, C["drake"])
    assert s.legal_actions() == (("declare", C["rau"]), ("declare", C["ah"]), ("declare", C["mi"]), ("pass",))
    with pytest.raises(IllegalActionError) as e:
        s.apply(("declare", C["na"]))
    assert e.value.clause == "28.3"  # the clause that forbids it, not only the decision's 5.1
    s.status[C["ah"]] = WAR
    s.legal_cache = None
    assert ("declare", C["ah"]) not in s.legal_actions()  # B-48: already at war


@rule("5.2", "5.3", "28.2", "2.9", "32.2")
def test_a_declaration_puts_both_countries_at_war_at_once():
    s = phase(game(turn=4), "war_status")
    s.apply(("declare", C["mi"]))
    assert s.status[C["mi"]] == WAR and s.marks[WAR_SINCE + C["mi"]] == 4
    [d] = events(s, "declare")
    assert d.clause == "5.2" and dict(d.args) == {"country": C["drake"], "target": C["mi"]}
    assert d.also == ("28.2", "2.9")  # Drake's army may declare on Mi at any time; in the order of play
    assert [e.clauses for e in events(s, "at_war")] == [("5.3", "32.2")]  # Mi goes to war only this way


@rule("B-4", "30.3", "31.3")
def test_the_round_repeats_so_rau_may_follow_na_into_the_war_in_the_same_phase():
    s = game(turn=3)
    s.set_mark(MADE_BILLBINE, 2)
    phase(s, "war_status")
    s.apply(("pass",))  # Drake
    assert s.pending == ("declare", 3, C["na"])  # Rau had nothing open and was not asked
    s.apply(("declare", C["drake"]))
    assert s.status[C["na"]] == WAR
    s.apply(("pass",))  # Drake again: the round repeats
    assert s.pending == ("declare", 2, C["rau"])  # 30.3: Na is at war this turn
    assert s.legal_actions() == (("declare", C["drake"]), ("pass",))
    s.apply(("declare", C["drake"]))
    assert [e.clauses for e in events(s, "declare")] == [("5.2", "31.3", "2.9"), ("5.2", "30.3", "2.9")]


@rule("31.3")
def test_na_declares_only_from_the_turn_after_the_billbine():
    s = game(turn=3)
    s.set_mark(MADE_BILLBINE, 3)
    phase(s, "war_status")
    s.apply(("pass",))
    assert s.pending is None or s.pending[0] != "declare"


@rule("30.2")
def test_rau_declares_from_the_turn_after_the_goraon():
    s = game(turn=5)
    s.set_mark(MADE_GORAON, 5)
    phase(s, "war_status")
    s.apply(("pass",))
    assert s.pending is None or s.pending[0] != "declare"
    s = game(turn=6)
    s.set_mark(MADE_GORAON, 5)
    phase(s, "war_status")
    s.apply(("pass",))
    assert s.pending == ("declare", 2, C["rau"])


@rule("31.4")
def test_na_declares_from_the_turn_after_rau_went_to_war():
    for turn, asked in ((4, False), (5, True)):
        s = game(turn=turn)
        s.status[C["rau"]] = WAR
        s.set_mark(WAR_SINCE + C["rau"], 4)
        phase(s, "war_status")
        s.apply(("pass",))
        assert (s.pending is not None and s.pending[:3] == ("declare", 3, C["na"])) is asked
    s.apply(("declare", C["drake"]))
    assert events(s, "declare")[-1].also == ("31.4", "2.9")


def ku_to_declare():
    """Turn 7, the Gea Gring made in turn 6 (29.3): Drake has passed, Ku is asked."""
    s = game(turn=7)
    s.set_mark(MADE_GEA_GRING, 6)
    phase(s, "war_status")
    s.apply(("pass",))  # Drake
    return s


@rule("29.3")
def test_ku_declares_on_any_sheela_country_from_the_turn_after_the_gea_gring():
    s = ku_to_declare()
    assert s.pending == ("declare", 1, C["ku"])
    assert s.legal_actions() == (
        ("declare", C["rau"]),
        ("declare", C["na"]),
        ("declare", C["ah"]),
        ("declare", C["mi"]),
        ("pass",),
    )
    s.apply(("declare", C["na"]))
    assert s.status[C["ku"]] == WAR and s.status[C["na"]] == WAR
    s = game(turn=6)
    s.set_mark(MADE_GEA_GRING, 6)
    phase(s, "war_status")
    s.apply(("pass",))
    assert s.pending is None or s.pending[0] != "declare" or s.pending[2] != C["ku"]


@rule("29.2", "31.2", "3.5")
def test_ku_and_na_are_armed_from_the_turn_after_drake_reaches_tl_7():
    s = game(turn=3)
    s.set_mark(TL7_DRAKE, 3)
    phase(s, "war_status")
    assert s.status[C["ku"]] == NEUTRAL and s.status[C["na"]] == NEUTRAL
    s = game(turn=4)
    s.set_mark(TL7_DRAKE, 3)
    phase(s, "war_status")
    assert s.status[C["ku"]] == ARMED and s.status[C["na"]] == ARMED
    assert [e.clause for e in events(s, "armed")] == ["29.2", "31.2"]


@rule("31.2")
def test_ku_reaching_tl_7_arms_na_only():
    s = game(turn=9)
    s.set_mark(TL7_KU, 8)
    phase(s, "war_status")
    assert s.status[C["ku"]] == NEUTRAL and s.status[C["na"]] == ARMED


@rule("32.2", "33.2")
def test_ah_and_mi_never_declare():
    s = game(turn=9)
    s.status[C["ah"]] = WAR
    s.status[C["mi"]] = WAR
    s.status[C["rau"]] = WAR
    s.set_mark(WAR_SINCE + C["rau"], 9)  # this turn: 31.4 opens only next turn
    phase(s, "war_status")
    # Drake has nothing left to declare on, Rau is at war, Na has no condition: nobody is asked.
    assert s.pending is None or s.pending[0] != "declare"
    answer(s, "develop")


@rule("29.3", "30.2", "31.3")
def test_a_piece_produced_in_the_first_turn_allows_a_declaration_from_the_second():
    for mark, asker in ((MADE_GEA_GRING, "ku"), (MADE_GORAON, "rau"), (MADE_BILLBINE, "na")):
        s = game(turn=2)
        s.set_mark(mark, 1)
        phase(s, "war_status")
        s.apply(("pass",))  # Drake
        assert s.pending is not None and s.pending[:3] == ("declare", C[asker], C[asker])  # seats 1–3 are Ku, Rau, Na
        s.apply(("declare", s.legal_actions()[0][1]))
        clause = {"ku": "29.3", "rau": "30.2", "na": "31.3"}[asker]
        assert events(s, "declare")[-1].clauses == ("5.2", clause, "2.9")


@rule("30.3", "31.4", "30.2", "31.3")
def test_a_piece_made_this_turn_is_not_the_clause_of_a_declaration_this_turn():
    s = game(turn=3)
    s.set_mark(MADE_GORAON, 3)  # too late for 30.2 this turn
    s.set_mark(MADE_BILLBINE, 2)
    phase(s, "war_status")
    s.apply(("pass",))  # Drake
    s.apply(("declare", C["drake"]))  # Na, under 31.3
    s.apply(("pass",))  # Drake again
    assert s.pending == ("declare", 2, C["rau"])
    s.apply(("declare", C["drake"]))  # Rau follows Na: 30.3, not the Goraon's 30.2
    assert [e.clauses for e in events(s, "declare")] == [("5.2", "31.3", "2.9"), ("5.2", "30.3", "2.9")]
    for turn in (4, 5):
        s = game(turn=turn)
        s.status[C["rau"]] = WAR
        s.set_mark(WAR_SINCE + C["rau"], 3)
        s.set_mark(MADE_BILLBINE, turn)  # made this turn: Na declares by 31.4
        phase(s, "war_status")
        s.apply(("pass",))
        assert s.pending[:3] == ("declare", 3, C["na"])
        s.apply(("declare", C["drake"]))
        assert events(s, "declare")[-1].clauses == ("5.2", "31.4", "2.9")


@rule("29.3", "B-4")
def test_ku_is_not_offered_a_country_at_war_or_collapsed():
    from asobi.games.byston.board import COLLAPSED

    s = game(turn=7)
    s.set_mark(MADE_GEA_GRING, 6)
    s.status[C["rau"]] = WAR
    s.status[C["mi"]] = COLLAPSED
    phase(s, "war_status")
    s.apply(("pass",))
    assert s.pending == ("declare", 1, C["ku"])
    assert s.legal_actions() == (("declare", C["na"]), ("declare", C["ah"]), ("pass",))


@rule("29.2", "31.2")
def test_a_tl_of_7_reached_in_the_first_turn_arms_from_the_second():
    s = game(turn=2)
    s.set_mark(TL7_DRAKE, 1)
    phase(s, "war_status")
    assert s.status[C["ku"]] == ARMED and s.status[C["na"]] == ARMED
    s = game(turn=2)
    s.set_mark(TL7_KU, 1)
    phase(s, "war_status")
    assert s.status[C["ku"]] == NEUTRAL and s.status[C["na"]] == ARMED
    s = game(turn=2)
    s.set_mark(TL7_KU, 2)  # Ku reaches 7 in this very turn: Na is armed from the next (31.2)
    phase(s, "war_status")
    assert s.status[C["na"]] == NEUTRAL


@rule("5.3", "29.3")
def test_a_country_declaring_and_the_country_it_declares_on_each_go_to_war_by_5_3():
    s = ku_to_declare()
    s.apply(("declare", C["na"]))  # Ku, neutral until now, on Na, neutral
    assert [(e.clauses, dict(e.args)) for e in events(s, "at_war")] == [
        (("5.3",), {"country": C["ku"]}),
        (("5.3",), {"country": C["na"]}),
    ]


@rule("29.3", "5.1")
def test_kus_declaration_outside_sheelas_camp_is_refused_by_29_3_and_a_malformed_one_by_5_1():
    s = ku_to_declare()
    assert s.pending == ("declare", 1, C["ku"])
    for target in ("drake", "ku", "zelana"):
        with pytest.raises(IllegalActionError) as e:
            s.apply(("declare", C[target]))
        assert e.value.clause == "29.3"
    for malformed in (("declare",), ("declare", "na"), ("declare", C["na"], C["ah"])):
        with pytest.raises(IllegalActionError) as e:
            s.apply(malformed)
        assert e.value.clause == "5.1"  # the decision's own clause
    assert s.status[C["ku"]] == NEUTRAL and s.pending == ("declare", 1, C["ku"])

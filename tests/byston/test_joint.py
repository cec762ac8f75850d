"""Joint operations (15.1–15.8, B-18, B-55) and who acts in an action phase (14.5, 34.4, B-36,
B-52)."""

from __future__ import annotations

from asobi.games.byston.board import WAR
from support.scenario import rule

from .helpers import C, chit, events, game, h, phase, put, u

DRAKE, RAU, NA, AH, ZELANA = (C[c] for c in ("drake", "rau", "na", "ah", "zelana"))


def cup(s, *chits: str):
    for k in chits:
        s.chit_cup[chit(k)] += 1
    phase(s, "action_phases")
    return s


def movers(s) -> list[tuple[int, int, int]]:
    """Answer every "move" decision of the phase with "done"; (seat, country, kind) of each."""
    out = []
    while s.pending is not None and s.pending[0] == "move":
        out.append(s.pending[1:])
        s.apply(("done",))
    return out


@rule("15.2", "15.3", "15.4")
def test_rau_na_and_the_zelana_may_wait_instead_of_acting():
    s = cup(game(), "rau_as", "drake_as")
    s.apply(("chit", chit("rau_as")))
    assert s.pending == ("joint", 2, RAU, chit("rau_as"))
    assert s.legal_actions() == (("act",), ("wait",))
    s.apply(("wait",))
    assert s.waiting[RAU] == 1 and s.chit_open[chit("rau_as")] == 1  # face down on the open box
    assert events(s, "waits")[0].clause == "15.4" and not events(s, "ship_moves")
    assert events(s, "waits")[0].also == ("15.2", "15.3")  # one of the three, before acting
    assert s.chance == ("draw",) and s.phase_chit == -1  # at once the next draw
    # 15.2: Drake, Ku, Ah and Mi are not asked
    s.apply(("chit", chit("drake_as")))
    assert s.pending[:3] == ("move", 0, DRAKE)
    s = cup(game(), "ah_as")
    s.apply(("chit", chit("ah_as")))
    assert s.pending[:3] == ("move", 3, AH)
    s = cup(game(), "zelana")
    s.apply(("chit", chit("zelana")))
    assert s.pending == ("joint", 2, ZELANA, chit("zelana"))


@rule("15.1", "15.5", "B-18", "B-52", "B-55", "34.4")
def test_an_allied_chit_ends_the_wait_and_both_move_before_anyone_fights():
    s = cup(game(), "rau_as", "na_as")
    s.apply(("chit", chit("rau_as")))
    s.apply(("wait",))
    s.apply(("chit", chit("na_as")))
    assert s.pending[0] == "move"  # Na is not asked to wait: its draw releases Rau
    assert events(s, "released")[0].clause == "15.5" and s.waiting[RAU] == 0
    assert events(s, "released")[0].also == ("15.1",)  # it moves with the drawing ally
    tasks = list(reversed(s.agenda))
    battles = [t for t in tasks if t[0] == "battles"]
    assert battles == [("battles", NA), ("battles", RAU), ("battles", ZELANA)]
    assert max(tasks.index(t) for t in tasks if t[0] == "move_ask") < tasks.index(battles[0])
    # Na's ships, then Rau's with its waiting AS chit, then the Zelana with Rau (34.4)
    assert movers(s) == [(3, NA, 1), (2, RAU, 1), (2, ZELANA, 1)]


@rule("15.5", "B-55")
def test_a_drake_camp_chit_does_not_end_the_wait():
    s = cup(game(), "rau_as", "drake_as", "ku_as")
    s.apply(("chit", chit("rau_as")))
    s.apply(("wait",))
    s.apply(("chit", chit("drake_as")))
    movers(s)
    assert s.waiting[RAU] == 1 and not events(s, "released")


@rule("15.6", "15.7")
def test_drawing_its_own_chit_while_waiting_it_may_act_and_the_earlier_chit_is_void():
    s = game()
    put(s, "rau", "goraon", "1302")
    cup(s, "rau_as", "rau_abs", "drake_as")
    s.apply(("chit", chit("rau_as")))
    s.apply(("wait",))
    s.apply(("chit", chit("rau_abs")))
    assert s.pending == ("joint", 2, RAU, chit("rau_abs"))  # 15.6: wait on, or act
    s.apply(("act",))
    assert events(s, "wait_void")[0].clauses == ("15.7", "15.6") and s.waiting[RAU] == 0  # it chose to act
    assert s.pending == ("move", 2, RAU, 2)  # the drawn ABS chit: the Goraon moves too
    assert ("ship", u("goraon"), h("1302"), 0) in s.legal_actions()
    assert movers(s) == [(2, RAU, 2), (2, ZELANA, 2)] and not events(s, "released")


@rule("15.6", "15.8", "B-55")
def test_waiting_again_gives_one_action_with_the_widest_chit():
    s = game()
    put(s, "rau", "goraon", "1302")
    cup(s, "rau_as", "rau_abs", "na_as", "drake_as")
    s.apply(("chit", chit("rau_abs")))
    s.apply(("wait",))
    s.apply(("chit", chit("rau_as")))
    s.apply(("wait",))
    assert events(s, "keeps_waiting")[0].clauses == ("15.8", "15.6") and s.waiting[RAU] == 2  # it chose to wait
    s.apply(("chit", chit("na_as")))
    got = movers(s)
    assert [m for m in got if m[1] == RAU] == [(2, RAU, 2)]  # one action, all its ships (17.8)


@rule("B-18")
def test_a_wait_still_open_when_the_cup_is_empty_lapses():
    s = cup(game(), "rau_as")
    s.apply(("chit", chit("rau_as")))
    s.apply(("wait",))
    assert s.waiting[RAU] == 0 and events(s, "wait_lapsed")[0].clause == "B-18" and s.turn == 2


@rule("34.4", "34.5", "B-36")
def test_the_zelana_acts_with_rau_until_na_is_at_war_then_with_na():
    s = cup(game(), "rau_as")
    s.apply(("chit", chit("rau_as")))
    s.apply(("act",))
    assert movers(s) == [(2, RAU, 1), (2, ZELANA, 1)]
    assert events(s, "zelana_joins")[0].clause == "34.4"
    s = game()
    s.status[NA] = WAR
    cup(s, "rau_as", "na_as")
    s.apply(("chit", chit("rau_as")))
    s.apply(("act",))
    assert movers(s) == [(2, RAU, 1)]
    s.apply(("chit", chit("na_as")))
    s.apply(("act",))
    assert movers(s) == [(3, NA, 1), (3, ZELANA, 1)]  # run by Na's player now (B-1)

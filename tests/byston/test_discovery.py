"""Looking for Rau's secret factory at the end of a Drake-camp country's movement (30.6.5–30.6.7,
B-37, B-60)."""

from __future__ import annotations

from support.scenario import rule

from .helpers import C, chit, events, game, phase, put

DRAKE, KU, RAU = C["drake"], C["ku"], C["rau"]


def with_factory(*, drake_there: bool = True):
    s = game()
    s.secret = put(s, "rau", "fort", "1418")
    s.secret_built = True
    if drake_there:
        put(s, "drake", "drumlo", "1418")
    return s


def act(s, chit_id: str):
    s.chit_cup[chit(chit_id)] = 1
    phase(s, "action_phases")
    s.apply(("chit", chit(chit_id)))
    while s.pending is not None and s.pending[0] in ("joint", "move"):
        s.apply(("act",) if s.pending[0] == "joint" else ("done",))
    return s


@rule("30.6.4", "30.6.5", "30.6.6", "30.6.7", "B-37", "B-60")
def test_a_drake_camp_unit_at_the_factory_may_find_it_with_two_dice_and_gp():
    s = act(with_factory(), "drake_as")
    assert s.pending == ("search", 0, DRAKE)
    assert s.legal_actions() == (("no_search",), *(("search", n) for n in range(9)))  # 8 is sure
    s.apply(("search", 3))
    assert s.gp[DRAKE] == 7 and events(s, "search")[0].clauses == ("30.6.6", "30.6.5")
    s2 = s.clone()
    s.apply(("die", 4))
    s.apply(("die", 3))  # 4 + 3 + 3 = 10
    assert s.secret_found and events(s, "secret_found")[0].clauses == ("30.6.7", "30.6.4")
    s2.apply(("die", 4))
    s2.apply(("die", 2))  # 9
    assert not s2.secret_found and not events(s2, "secret_found")
    # 30.6.7: found for good — nobody is asked again
    s = with_factory()
    s.secret_found = True
    act(s, "drake_as")
    assert not events(s, "search") and (s.pending is None or s.pending[0] != "search")


@rule("30.6.5", "B-37")
def test_only_a_drake_camp_phase_with_a_unit_there_may_look():
    s = act(with_factory(drake_there=False), "drake_as")
    assert s.pending is None or s.pending[0] != "search"
    s = with_factory()
    s.gp[KU] = 20
    act(s, "ku_as")  # Ku acts: a Drake unit in the hex lets Ku look, with Ku's GP (B-37)
    assert s.pending == ("search", 1, KU) and len(s.legal_actions()) == 10
    s = act(with_factory(), "rau_as")
    assert s.pending is None or s.pending[0] != "search"


@rule("30.6.5", "35.3")
def test_a_factory_gone_from_the_map_is_never_looked_for():
    from asobi.games.byston.board import GONE

    s = with_factory(drake_there=False)
    s.set_where(s.secret, GONE)  # Rau collapsed: its buildings left the game
    lost = put(s, "drake", "drumlo", "1418")
    s.set_where(lost, GONE)  # a Drake-camp unit out of the game too: "in the same place" as the factory
    act(s, "drake_as")
    assert s.pending is None or s.pending[0] != "search"
    assert not events(s, "search")


@rule("30.6.5")
def test_declining_to_look_spends_nothing_and_rolls_nothing():
    s = act(with_factory(), "drake_as")
    gp = s.gp[DRAKE]
    s.apply(("no_search",))
    assert s.gp[DRAKE] == gp and not s.secret_found
    assert s.chance is None or s.chance[0] not in ("search_first", "search_second")
    assert not events(s, "search")


@rule("30.6.6")
def test_the_search_roll_is_logged_with_its_dice_gp_and_total():
    s = act(with_factory(), "drake_as")
    s.apply(("search", 2))
    s.apply(("die", 1))
    s.apply(("die", 5))  # 1 + 5 + 2 = 8: not found
    (roll,) = events(s, "search_roll")
    assert dict(roll.args) == {"dice": "1+5", "gp": 2, "total": 8}
    assert not s.secret_found

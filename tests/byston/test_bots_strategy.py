"""The rule bot's strategic choices that make it fair to both camps (docs/byston/balance.md): wars
that cost its camp no income, development short of arming Na, extra production instead of idle
GP, and movement that neither wastes ships on walled or allied hexes nor sits idle beside them."""

from __future__ import annotations

from asobi.games.byston.board import ARMED, BOX, NEUTRAL, WAR, static
from asobi.games.byston.bots import BoldBot, RuleBot, _saving_for_flagship, _war_cost
from asobi.games.byston.state import BystonState

from .helpers import C, clear, game, h, put, u


def declare_choice(s, country: str, targets: list[str]):
    legal = [("declare", C[t]) for t in targets] + [("pass",)]
    return RuleBot(0, 1)._on_declare(s, ("declare", 0, C[country]), legal)


def test_drake_declares_only_the_war_that_costs_nothing():
    s = game()  # Mi armed (collects already), Ah and Na standing by
    assert _war_cost(s, C["drake"], C["mi"]) == 0
    assert _war_cost(s, C["drake"], C["ah"]) > 0  # Ah would start collecting (6.3)
    assert _war_cost(s, C["drake"], C["rau"]) > 0  # Na may then declare (31.4)
    assert declare_choice(s, "drake", ["rau", "ah", "mi"]) == ("declare", C["mi"])
    assert declare_choice(s, "drake", ["rau", "ah"]) == ("pass",)


def test_drake_declares_on_rau_once_na_collects_anyway():
    s = game()
    s.status[C["na"]] = ARMED
    assert _war_cost(s, C["drake"], C["rau"]) == 0
    assert declare_choice(s, "drake", ["rau"]) == ("declare", C["rau"])


def test_sheela_camp_declares_whenever_allowed():
    s = game()
    assert declare_choice(s, "rau", ["drake"]) == ("declare", C["drake"])
    assert declare_choice(s, "na", ["drake"]) == ("declare", C["drake"])


def develop_choice(s, country: str):
    legal = [("develop", 0), ("develop", 1), ("develop", 2)]
    return RuleBot(0, 1)._on_develop(s, ("develop", 0, C[country]), legal)


def test_development_leaves_the_gp_of_a_chit():
    s = game()
    s.gp[C["rau"]] = 12  # dearest roll 10, plus 3 for a chit: not yet
    assert develop_choice(s, "rau") == ("develop", 0)
    s.gp[C["rau"]] = 13
    assert develop_choice(s, "rau") == ("develop", 1)
    s.gp[C["rau"]] = 33
    assert develop_choice(s, "rau") == ("develop", 2)


def test_drake_stops_short_of_tl7_while_na_stands_by():
    s = game()
    s.gp[C["drake"]] = 40
    s.tl[C["drake"]] = 6
    assert s.status[C["na"]] == NEUTRAL
    assert develop_choice(s, "drake") == ("develop", 0)  # TL 7 arms Na (31.2), worth more than Ku
    s.tl[C["drake"]] = 5
    assert develop_choice(s, "drake") == ("develop", 1)  # not +2, which would reach 7
    s.status[C["na"]] = WAR
    s.tl[C["drake"]] = 6
    assert develop_choice(s, "drake") in (("develop", 1), ("develop", 2))


def test_an_empty_factory_box_gets_an_extra_unit_it_can_make_at_once():
    s = game()
    st = static()
    rau = C["rau"]
    for i in range(len(s.where)):
        if s.owner[i] == rau and s.where[i] == BOX:
            s.set_where(i, -1)  # the box emptied (back to the supply)
    s.gp[rau] = 20
    bozune = u("bozune")
    legal = sorted([("extra", bozune), ("extra", u("gunan")), ("done",)])  # as the engine lists them
    choice = RuleBot(0, 1)._on_produce(s, ("produce", 0, rau), legal)
    assert choice[0] == "extra"
    assert st.t.unit(st.unit_ids[choice[1]]).extra_gp + st.t.unit(st.unit_ids[choice[1]]).gp <= 20
    s.gp[rau] = 2  # too little to make what it would add
    assert RuleBot(0, 1)._on_produce(s, ("produce", 0, rau), legal) == ("done",)


def test_gp_are_kept_for_a_flagship_the_tl_allows():
    s = game()
    rau = C["rau"]
    assert not _saving_for_flagship(s, rau)  # the Goraon needs TL 8
    s.tl[rau] = 8
    assert _saving_for_flagship(s, rau)
    s.gp[rau] = 20
    legal = sorted([("extra", u("bozune")), ("done",)])
    assert RuleBot(0, 1)._on_produce(s, ("produce", 0, rau), legal) == ("done",)


def test_no_goal_in_an_allys_land_nor_on_an_enemy_building():
    s = game()
    st = static()
    bot = RuleBot(0, 1)
    strengths = bot._strengths(s)
    everywhere = {x: (1, x) for x in range(st.t.map.grid.size)}
    targets = bot._targets(s, 0, 0.0, strengths, everywhere)
    assert targets  # Rau's, Na's and Mi's open income hexes, at least
    assert not any(st.nation[x] == C["ku"] for x in targets)  # 6.6: Ku's land yields Drake nothing
    enemy_buildings = {
        at for i, at in enumerate(s.where) if at >= 0 and st.is_building(i) and st.camp[s.owner[i]] == 1
    }
    assert h("1209") in enemy_buildings and not enemy_buildings & set(targets)


def test_a_stack_that_outweighs_the_enemy_near_leaves_its_building():
    s = game()
    s.status[C["rau"]] = WAR
    clear(s, "0912")  # the Zelana, at war from the start, away with its crew
    for k, country in enumerate(static().char_country):
        if country == C["zelana"]:
            s.char_at[k] = -1
    clear(s, "1114")
    put(s, "drake", "fort", "1114")
    put(s, "drake", "namwan", "1114")
    put(s, "rau", "gunan", "1313")
    bot = RuleBot(0, 1)
    assert not bot._guards(s, C["drake"], h("1114"), bot._strengths(s))  # one ship outweighs one Gunan
    for _ in range(3):
        put(s, "rau", "botune", "1313")
    assert bot._guards(s, C["drake"], h("1114"), bot._strengths(s))  # a stronger enemy near: it stays


def test_countries_not_at_war_weigh_nothing():
    s = game()  # Ah stands by with its castles and Drumlos
    camps = RuleBot(0, 1)._strengths(s)
    assert h("1209") not in camps[1] and h("2213") not in camps[1]  # Ah's and Na's castles
    assert h("1302") not in camps[1]  # Rau is armed, not at war: its stacks weigh nothing either


def _threatened_fort() -> BystonState:
    """Drake's fort in 1114 with Rau's two Gunans and three Botunes two hexes off, in 1313."""
    s = game()
    s.status[C["rau"]] = WAR
    clear(s, "1114")
    put(s, "drake", "fort", "1114")
    for unit in ("gunan", "gunan", "botune", "botune", "botune"):
        put(s, "rau", unit, "1313")
    return s


def test_the_hard_levels_bot_turns_back_only_from_one_phases_move():
    s = _threatened_fort()
    assert RuleBot(0, 1)._threatened(s, 0, RuleBot(0, 1)._strengths(s)) == {h("1114"): 1}
    put(s, "drake", "namwan", "1118")  # four hexes from the fort
    assert RuleBot(0, 1)._goal(s, C["drake"], u("namwan"), h("1118"))[2] == h("1114")  # two phases' move: back
    bold = BoldBot(0, 1)._goal(s, C["drake"], u("namwan"), h("1118"))
    assert bold is None or bold[2] != h("1114")  # the hard level's bot goes on
    put(s, "drake", "namwan", "1217")  # three hexes: one phase's move
    assert BoldBot(0, 1)._goal(s, C["drake"], u("namwan"), h("1217"))[2] == h("1114")

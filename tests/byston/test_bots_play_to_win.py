"""The rule bot plays for 27.2's bands (docs/byston/balance.md): Rau saves for the Goraon that opens
its war while Sheela's camp is not winning, in the last turns ships go for what is worth most to the
final count and not two for one hex, a moving ship follows the way planned when it set out, and
the decisions it takes without looking at the position stay its choices."""

from __future__ import annotations

from asobi.games.byston.board import COLLAPSED, WAR, static
from asobi.games.byston.bots import (
    ENDGAME_TURN,
    SHEELA_AHEAD,
    RuleBot,
    _collecting_camps,
    _land_income,
    _projection,
)
from asobi.games.byston.control import camp_income

from .helpers import C, clear, game, h, put


def develop_choice(s, country: str):
    legal = [("develop", 0), ("develop", 1), ("develop", 2)]
    return RuleBot(0, 1)._on_develop(s, ("develop", 0, C[country]), legal)


def test_the_projection_counts_the_countries_that_enter_in_every_game():
    s = game()
    drake, sheela = camp_income(s)
    assert _projection(s) == drake - sheela + _land_income(C["ku"]) - _land_income(C["na"])
    s.status[C["na"]] = WAR
    s.status[C["ku"]] = WAR
    drake, sheela = camp_income(s)
    assert _projection(s) == drake - sheela


def test_rau_saves_for_the_goraon_while_sheela_is_not_winning():
    s = game()
    goraon_tl = static().t.machines["goraon"].tl
    s.gp[C["rau"]] = 40
    s.tl[C["rau"]] = goraon_tl - 1
    assert develop_choice(s, "rau") != ("develop", 0)  # below the Goraon's TL: develops
    s.tl[C["rau"]] = goraon_tl
    assert _projection(s) > SHEELA_AHEAD
    assert develop_choice(s, "rau") == ("develop", 0)  # the Goraon first
    s.status[C["rau"]] = WAR
    assert develop_choice(s, "rau") != ("develop", 0)  # at war: develops again


def test_rau_develops_when_sheela_is_winning_anyway():
    s = game()
    s.gp[C["rau"]] = 40
    s.tl[C["rau"]] = static().t.machines["goraon"].tl
    s.status[C["na"]] = WAR  # Na's land counts for Sheela's camp
    s.status[C["ku"]] = COLLAPSED  # and Ku's for nobody
    for hex_id in ("1017", "0718"):  # two of Drake's 3-GP hexes, held by Rau's ships (6.4 ②)
        clear(s, hex_id)
        put(s, "rau", "grimley", hex_id)
    assert s.status[C["rau"]] != WAR  # armed: only the projection lifts the saving
    assert _projection(s) <= SHEELA_AHEAD
    assert develop_choice(s, "rau") != ("develop", 0)


def _endgame_state():
    s = game()
    s.turn = ENDGAME_TURN
    s.status[C["rau"]] = WAR
    clear(s, "0912")  # the Zelana, at war from the start, away with its crew
    for k, country in enumerate(static().char_country):
        if country == C["zelana"]:
            s.char_at[k] = -1
    return s


def test_in_the_last_turns_a_ship_goes_for_the_hex_worth_most():
    s = _endgame_state()
    clear(s, "1005")
    clear(s, "1302")
    clear(s, "0803")
    ship = put(s, "drake", "namwan", "1106")
    bot = RuleBot(0, 1)
    unit = static().counter_unit[ship]
    goal = bot._goal(s, C["drake"], unit, h("1106"))
    assert goal is not None
    routes = bot._routes(s, C["drake"], unit, h("1106"))
    strengths = bot._strengths(s)
    collecting = _collecting_camps(s)
    worth = RuleBot._raid_worth(s, 0, goal[2], strengths, collecting)
    # no other goal within reach is worth more, a GP for every 3 hexes of the way counted
    for other in RuleBot._targets(s, 0, strengths[0].get(h("1106"), 0.0), strengths, routes, collecting):
        other_worth = RuleBot._raid_worth(s, 0, other, strengths, collecting)
        assert other_worth - routes[other][0] / 3 <= worth - routes[goal[2]][0] / 3 + 1e-9


def test_in_the_last_turns_two_ships_do_not_go_for_one_hex():
    s = _endgame_state()
    a = put(s, "drake", "namwan", "1106")
    b = put(s, "drake", "namwan", "1107")
    bot = RuleBot(0, 1)
    legal = [("ship", static().counter_unit[a], h("1106"), 0), ("done",)]
    assert bot._on_move(s, ("move", 0, C["drake"]), legal) == legal[0]
    first = bot._plan[2][-1]
    legal = [("ship", static().counter_unit[b], h("1107"), 0), ("done",)]
    assert bot._on_move(s, ("move", 0, C["drake"]), legal) == legal[0]  # another goal
    assert bot._plan[2][-1] != first


def test_a_moving_ship_follows_its_planned_way_and_stops_at_its_end():
    s = _endgame_state()
    ship = put(s, "drake", "namwan", "1106")
    bot = RuleBot(0, 1)
    unit = static().counter_unit[ship]
    assert bot._on_move(s, ("move", 0, C["drake"]), [("ship", unit, h("1106"), 0), ("done",)]) != ("done",)
    way = list(bot._plan[2])
    assert way and static().t.map.grid.distance(h("1106"), way[0]) == 1
    s.ship = ship
    step = bot._on_step(s, ("step", 0, C["drake"]), [("step", way[0]), ("stop",)])
    assert step == ("step", way[0])
    # the ship was not moved as planned: its way is planned again from where it is (as a search
    # asking the bot in a position it did not play to finds it), not followed from elsewhere
    bot._plan = (unit, way[0], way[1:])
    assert bot._on_step(s, ("step", 0, C["drake"]), [("step", way[0]), ("stop",)]) == ("step", way[0])
    assert bot._plan is not None and bot._plan[1] == way[0]
    fresh = RuleBot(0, 2)  # a bot that set no ship out plans this one's way at its first step
    assert fresh._on_step(s, ("step", 0, C["drake"]), [("step", way[0]), ("stop",)]) == ("step", way[0])
    # at the way's end it stops
    bot._plan = (unit, h("1106"), [])
    assert bot._on_step(s, ("step", 0, C["drake"]), [("step", way[0]), ("stop",)]) == ("stop",)

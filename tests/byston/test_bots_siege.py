"""The rule bot's sieges (issue 8): a group of ships goes for an enemy building when the rules' own
dice (forecast.camp_step) give it good odds of removing it, for both camps; Drake himself and the
ship that guards him stay home."""

from __future__ import annotations

from fractions import Fraction

from asobi.games.byston.board import WAR, static
from asobi.games.byston.bots import SIEGE_ODDS, RuleBot, _may_remove, _siege_worth
from asobi.games.byston.odds import dice_of, pool
from asobi.games.byston.state import DRAKE_CHAR

from .helpers import C, ch, clear, game, h, put

DRAKE, NA = C["drake"], C["na"]


def two_battles(bombing, shelling, sizes) -> Fraction:
    """Independent of the bot: the chance that two battles (bombing, then shelling, each time)
    place every block of ``sizes`` on the building, blocks in order, the rest of a step lost."""
    left = {len(sizes): Fraction(1)}
    for _ in range(2):
        for dist in (bombing, shelling):
            after: dict[int, Fraction] = {}
            for state, p in left.items():
                for hits, q in dist:
                    now = state
                    while now and hits >= sizes[len(sizes) - now]:
                        hits -= sizes[len(sizes) - now]
                        now -= 1
                    after[now] = after.get(now, Fraction(0)) + p * q
            left = after
    return left.get(0, Fraction(0))


def test_siege_odds_of_a_lone_flagship_against_a_flipped_castle_are_the_shelling_dice():
    s = game()
    s.status[NA] = WAR
    clear(s, "2213")
    put(s, "na", "castle", "2213", flipped=True)
    ww = put(s, "drake", "will_wipps", "2212")
    bot = RuleBot(0, 1)
    counters, chars = bot._group(s, DRAKE, h("2212"))
    assert counters == (ww,) and chars == ()
    # no AB, so no bombing; shelling 6 dice hitting on 4 must make the castle's back block of 6
    once = Fraction(2, 3) ** 6
    expected = 1 - (1 - once) ** 2
    assert abs(bot._siege_odds(s, DRAKE, counters, chars, h("2213")) - float(expected)) < 1e-12


def test_siege_odds_count_the_bombers_and_the_ace_aboard_one_of_them():
    s = game()
    s.status[NA] = WAR
    clear(s, "2213")
    put(s, "na", "fort", "2213")
    put(s, "drake", "namwan", "2212")
    for _ in range(6):
        put(s, "drake", "drumlo", "2212")
    s.char_at[ch("bern")] = h("2212")
    bot = RuleBot(0, 1)
    counters, chars = bot._group(s, DRAKE, h("2212"))
    assert len(counters) == 7 and chars == (ch("bern"),)
    bern = static().t.characters["bern"]
    bombing = pool(dice_of([2] * 6), bern.ab_attack)  # Drumlo bomb 2; Bern rides one (21.6, 23.5)
    shelling = pool(dice_of([2, 2]))  # the Namwan's two guns of 2
    expected = two_battles(bombing, shelling, [3, 3])  # a fort: defence 3, face up and flipped
    got = bot._siege_odds(s, DRAKE, counters, chars, h("2213"))
    assert abs(got - float(expected)) < 1e-12
    assert 0 < got < 1


def strong_drake_group(s, hex_id: str) -> None:
    put(s, "drake", "will_wipps", hex_id)
    put(s, "drake", "bull_beggar", hex_id)
    for _ in range(6):
        put(s, "drake", "drumlo", hex_id)
    for person in ("bern", "todd1", "garalia"):
        s.char_at[ch(person)] = h(hex_id)


def test_a_strong_group_besieges_na_castle_before_a_nearer_income_hex():
    s = game()
    s.status[NA] = WAR
    clear(s, "2213")
    castle = put(s, "na", "castle", "2213")
    strong_drake_group(s, "2011")
    bot = RuleBot(0, 1)
    ww = next(i for i in static().counters_of(DRAKE, "will_wipps") if s.where[i] == h("2011"))
    unit = static().counter_unit[ww]
    routes = bot._routes(s, DRAKE, unit, h("2011"))
    assert h("2213") in bot._sieges(s, DRAKE, h("2011"), routes)
    counters, chars = bot._group(s, DRAKE, h("2011"))
    assert bot._siege_odds(s, DRAKE, counters, chars, h("2213")) >= SIEGE_ODDS
    goal = bot._goal(s, DRAKE, unit, h("2011"))
    assert goal is not None and goal[0] == routes[h("2213")][0]
    assert static().t.map.grid.distance(goal[1], h("2213")) < static().t.map.grid.distance(
        h("2011"), h("2213")
    )
    # the same group against the castle with a garrison (four Grimleys and ten Botunes) is
    # outweighed: no siege there
    for unit_id, n in (("grimley", 4), ("botune", 10)):
        for _ in range(n):
            put(s, "na", unit_id, "2213")
    assert s.where[castle] == h("2213")
    assert h("2213") not in bot._sieges(s, DRAKE, h("2011"), routes)


def test_a_lone_ship_does_not_besiege_a_castle():
    s = game()
    s.status[NA] = WAR
    clear(s, "2213")
    put(s, "na", "castle", "2213")
    namwan = put(s, "drake", "namwan", "2011")
    bot = RuleBot(0, 1)
    routes = bot._routes(s, DRAKE, static().counter_unit[namwan], h("2011"))
    assert h("2213") in routes
    assert bot._sieges(s, DRAKE, h("2011"), routes) == []


def test_sheela_camp_besieges_drakes_fort_too():
    s = game()
    s.status[NA] = WAR
    grimley = put(s, "na", "grimley", "1316")
    for _ in range(6):
        put(s, "na", "botune", "1316")
    s.char_at[ch("sheela")] = h("1316")
    bot = RuleBot(1, 1)
    routes = bot._routes(s, NA, static().counter_unit[grimley], h("1316"))
    sieges = bot._sieges(s, NA, h("1316"), routes)
    assert h("1114") in sieges  # Drake's fort on a 5-GP hex: two Drumlos and Garalia in it
    assert _siege_worth(s, h("1114")) == 10.0


def test_drake_himself_and_the_ship_that_guards_him_are_left_out_of_a_group():
    s = game()
    bot = RuleBot(0, 1)
    counters, chars = bot._group(s, DRAKE, h("0916"))
    st = static()
    ships_home = [i for i in st.counters_of(DRAKE, "namwan") if s.where[i] == h("0916")]
    assert len(ships_home) == 2
    assert sum(1 for i in counters if st.is_ship(i)) == 1  # one of the two stays (27.3)
    assert DRAKE_CHAR not in chars and ch("bern") in chars


def test_a_building_no_dice_could_remove_is_not_worked_out():
    s = game()
    s.status[NA] = WAR
    clear(s, "2213")
    castle = put(s, "na", "castle", "2213")
    put(s, "drake", "namwan", "2011")
    bot = RuleBot(0, 1)
    counters, chars = bot._group(s, DRAKE, h("2011"))
    assert not _may_remove(s, counters, chars, castle)  # a lone Namwan's guns cannot flip a castle
    assert bot._siege_odds(s, DRAKE, counters, chars, h("2213")) == 0.0
    strong_drake_group(s, "2011")
    counters, chars = bot._group(s, DRAKE, h("2011"))
    assert _may_remove(s, counters, chars, castle)
    assert bot._siege_odds(s, DRAKE, counters, chars, h("2213")) > 0.0

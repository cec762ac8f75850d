"""The ``hard`` level's bot (:class:`BoldBot`) in Drake's camp holds its land with forts (12.2,
6.4 ①) and keeps the GP for them through production; the rule bot and Sheela's camp build nothing
(docs/byston/balance.md, "The `hard` level")."""

from __future__ import annotations

from asobi.core.agent import Observation
from asobi.games.byston.board import WAR, static
from asobi.games.byston.bots import BoldBot, RuleBot

from .helpers import C, box, clear, game, h, phase, put, turn_of, u


def _build_turn(country: str, gp: int = 20):
    s = phase(game(gp=[gp] * 6 + [0]), "build_phase", only=True)
    return turn_of(s, "build", country)


def test_drakes_hard_bot_fortifies_its_best_open_income_hex():
    s = _build_turn("drake")
    assert box(s, "drake", "fort") >= 1
    assert ("build", "fort", h("0715")) in s.legal_actions()
    assert RuleBot(0, 1).act(Observation(s, 0)) == ("done",)
    assert BoldBot(0, 1).act(Observation(s, 0)) == ("build", "fort", h("0715"))  # 4 GP, the most open


def test_an_income_hex_the_enemy_stands_on_is_not_fortified():
    s = _build_turn("drake")
    s.status[C["rau"]] = WAR
    put(s, "rau", "bozune", "0715")  # 12.10: a ship of the other camp forbids it
    s.legal_cache = None
    assert BoldBot(0, 1).act(Observation(s, 0)) == ("build", "fort", h("1017"))  # 3 GP, the lower hex


def test_a_taken_enemy_income_hex_comes_first():
    s = _build_turn("drake")
    s.status[C["rau"]] = WAR
    put(s, "drake", "namwan", "1005")  # a face-up ship on Rau's 3-GP hex (12.8): worth 6 to the count
    s.legal_cache = None
    assert ("build", "fort", h("1005")) in s.legal_actions()
    assert BoldBot(0, 1).act(Observation(s, 0)) == ("build", "fort", h("1005"))


def test_sheelas_camp_builds_nothing():
    s = _build_turn("rau")
    assert any(a[0] == "build" for a in s.legal_actions())
    assert BoldBot(2, 1).act(Observation(s, 2)) == ("done",)


def test_production_keeps_a_forts_gp():
    s = game()
    drake = C["drake"]
    s.chits_made[drake] = 1
    s.gp[drake] = 8
    legal = sorted([("make", u("drumlo"), h("0916")), ("make", u("doro"), h("0916")), ("done",)])  # as the engine lists them
    assert RuleBot(0, 1)._on_produce(s, ("produce", 0, drake), legal)[0] == "make"
    assert BoldBot(0, 1)._on_produce(s, ("produce", 0, drake), legal) == ("make", u("doro"), h("0916"))  # 8 − 2 ≥ 6
    s.gp[drake] = 7
    assert BoldBot(0, 1)._on_produce(s, ("produce", 0, drake), legal) == ("done",)
    s.chits_made[drake] = 0  # the turn's first chit is never held back (14)
    assert BoldBot(0, 1)._on_produce(s, ("produce", 0, drake), legal)[0] == "make"


def test_drakes_camp_goes_out_to_meet_an_enemy_it_merely_outweighs():
    s = game()
    clear(s, "1114")
    put(s, "drake", "fort", "1114")
    put(s, "drake", "namwan", "1114")  # the country's last ship at a building
    assert static().t.map.grid.distance(h("1114"), h("1313")) <= 4
    strengths = ({h("1114"): 11.0}, {h("1313"): 10.0})  # an enemy near, a little lighter
    assert RuleBot(0, 1)._guards(s, C["drake"], h("1114"), strengths)  # 11 < 1.2 × 10: it stays
    assert not BoldBot(0, 1)._guards(s, C["drake"], h("1114"), strengths)  # hard: it goes
    strengths = ({h("1114"): 9.0}, {h("1313"): 10.0})
    assert BoldBot(0, 1)._guards(s, C["drake"], h("1114"), strengths)  # outweighed: it stays


def test_sheelas_camp_keeps_the_rule_bots_margin_odds_and_last_turns():
    bold = BoldBot(2, 1)
    assert (bold.attack_margin[1], bold.siege_odds[1], bold.endgame_turn[1]) == (
        RuleBot.attack_margin[1],
        RuleBot.siege_odds[1],
        RuleBot.endgame_turn[1],
    )
    assert bold.attack_margin[0] < RuleBot.attack_margin[0] and bold.siege_odds[0] > RuleBot.siege_odds[0]

"""世代交代 as a choice (issue 10): the authored parent/child pairs trade something for something,
the rule bot weighs the change (2.5.4, 2.5.5) instead of making it whenever it may, and the
preconstructed decks use every card of the pool, so the end-phase land (2.5.2) happens in play."""

from __future__ import annotations

from asobi.core.agent import Observation
from asobi.games.emblem.bots import RuleBot
from asobi.games.emblem.cards import DECKS, UNIT, CardInfo, pool, preconstructed
from asobi.games.emblem.rules import flow
from asobi.games.emblem.rules.end_phase import begin_end_phase
from asobi.games.emblem.spec import SPEC
from support.play import play_recorded
from support.scenario import rule

from .helpers import arrive, chips, empty_hand, give, opening, place, put_card, settled

KEYWORDS = ("symbol", "training", "honing", "capture", "poison", "legacy")


def trade(parent: CardInfo, child: CardInfo) -> tuple[list[str], list[str]]:
    """What the child has more of than its parent, and what less (movement ranks infantry <
    cavalry < flier; a keyword counts by its number, or 1 if it has none)."""
    numbers = {
        "気力": (parent.morale, child.morale),
        "blow": (parent.attack * parent.strikes, child.attack * child.strikes),
        "反": (parent.counter, child.counter),
        "level": (parent.level, child.level),
        "move": (parent.move, child.move),
        **{k: (int(getattr(parent, k)), int(getattr(child, k))) for k in KEYWORDS},
    }
    gains = [name for name, (p, c) in numbers.items() if c > p]
    losses = [name for name, (p, c) in numbers.items() if c < p]
    return gains, losses


def test_every_child_trades_something_for_something():
    cards = pool()
    children = [c for c in cards.cards if c.kind == UNIT and c.parent >= 0]
    assert len(children) == 5
    for child in children:
        gains, losses = trade(cards.cards[child.parent], child)
        assert gains and losses, (child.id, gains, losses)


def test_every_card_of_the_pool_is_in_a_preconstructed_deck():
    cards = pool()
    used = {cards.cards[i].id for key in DECKS for i, n in enumerate(preconstructed(key).counts) if n}
    assert {c.id for c in cards.cards} - used == set()


@rule("2.5.2")
def test_the_village_puts_chips_on_a_unit_in_rule_bot_games():
    """The end-phase land is played and used by the bots with the default decks."""
    rallies = 0
    for seed in range(12):
        _, state = play_recorded(SPEC, {}, ["rule", "rule"], seed)
        rallies += sum(1 for e in state.log if e.clause == "2.5.2" and e.key == "rally")
    assert rallies > 0


def end_phase(units, hand, land=None):
    s = opening()
    s.apply(s.chance_outcomes()[0][0])
    empty_hand(s, 0)
    for sq, card, owner, n in units:
        place(s, sq, card, owner, chips=n)
    give(s, 0, *hand)
    if land:
        put_card(s, 0, "land", land)
    s.turn_player = 0
    arrive(s, begin_end_phase)
    return s


def bot_plays_the_end_phase(s):
    """The rule bot takes A's decisions until the end phase is over; its choices."""
    bot, chosen = RuleBot(0, 0), []
    while s.actor == 0 and s.step in (flow.END_START, flow.END_EFFECTS, flow.AMOUNT):
        action = bot.act(Observation(s, 0))
        chosen.append(action)
        s.apply(action)
    return chosen


@rule("2.5.4")
def test_the_bot_keeps_a_healthy_king_feeding_his_neighbours():
    """Albert at full 気力 with friends beside him to feed: Leon stays in hand, a unit of his own."""
    hand = ["az-leon", "az-soldier", "az-ciel"]
    s = end_phase([(1, "az-albert", 0, 5), (0, "az-soldier", 0, 1), (2, "az-soldier", 0, 1)], hand)
    assert ("succeed", 1, "az-leon") in s.legal_actions()
    chosen = bot_plays_the_end_phase(s)
    assert not any(a[0] == "succeed" for a in chosen) and ("symbol", 1, (0, 2)) in chosen
    assert s.card_id(s.field[1][0]) == "az-albert" and s.cards.index("az-leon") in s.hand[0]
    settled(s)


@rule("2.5.4", "C-31")
def test_the_bot_passes_the_crown_to_save_a_wounded_king():
    """Albert on 1 chip with Valka (攻 3) beside him: as Leon, filled to 4, he survives the blow."""
    s = end_phase([(4, "az-albert", 0, 1), (7, "cr-valka", 1, 5)], ["az-leon", "az-soldier", "az-ciel"])
    chosen = bot_plays_the_end_phase(s)
    assert ("succeed", 4, "az-leon") in chosen
    assert s.card_id(s.field[4][0]) == "az-leon" and chips(s, 4) == 4
    settled(s)


@rule("2.5.5")
def test_the_bot_shows_the_parent_only_when_the_chips_matter():
    threatened = end_phase([(4, "az-leon", 0, 1), (7, "cr-valka", 1, 5)], ["az-albert", "az-soldier"])
    assert ("inherit", 4, "az-albert") in bot_plays_the_end_phase(threatened)
    assert chips(threatened, 4) == 4
    settled(threatened)
    # one chip short, nothing near: Albert is worth more as a unit to deploy than one chip
    safe = end_phase([(1, "az-leon", 0, 3)], ["az-albert", "az-soldier"])
    assert ("inherit", 1, "az-albert") in safe.legal_actions()
    assert not any(a[0] == "inherit" for a in bot_plays_the_end_phase(safe))
    assert safe.cards.index("az-albert") in safe.hand[0]
    settled(safe)


def test_the_bot_places_the_land_its_units_use():
    """With cavalry on the field, Open Plains replaces Dragon Peaks (攻 for fliers it has none of);
    Royal Fort does not replace the Village."""
    bot = RuleBot(0, 0)
    s = end_phase([(1, "az-cavalier", 0, 3), (4, "az-gard", 0, 3)], [], land="l-peaks")
    view = Observation(s, 0).view
    assert bot.score_place(view, ("place", "l-plains")) > 0
    s = end_phase([(1, "az-cavalier", 0, 3)], [], land="l-village")
    view = Observation(s, 0).view
    assert bot.score_place(view, ("place", "l-fort")) < 0

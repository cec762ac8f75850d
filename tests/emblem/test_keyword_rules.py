"""自ターン開始時 effects (2.3.4: 捕獲 C-21, 毒 C-22, a land C-15) and their order (C-34), and the
end-phase keywords 伝承 (C-19) and 練磨 (C-20): the cases the rule tests had left open."""

from __future__ import annotations

from asobi.core.agent import Observation
from asobi.games.emblem.bots import RuleBot
from asobi.games.emblem.rules import flow, keywords
from asobi.games.emblem.rules.end_phase import begin_end_phase
from asobi.games.emblem.spec import SPEC
from asobi.games.emblem.units import U_HONE, U_POISON
from support.scenario import rule

from .helpers import arrive, at, chips, draw_any, empty_hand, events, opening, place, put_card, settled


def set_unused(s, seat, n):
    """Leave ``seat`` exactly ``n`` unused chips (the rest to its used chips)."""
    s.used[seat] += s.unused[seat] - n
    s.unused[seat] = n


def turn_start(units, seat=0, land=None, unused=None, wipeout_at_once=False):
    """The turn of ``seat`` reaches 2.3.4 with ``units`` = [(sq, card, owner, chips, "poison"?)]."""
    s = opening()
    draw_any(s)
    for sq, card, owner, n, *rest in units:
        u = place(s, sq, card, owner, chips=n)
        if "poison" in rest:
            u[U_POISON] = 1
    if land:
        put_card(s, seat, "land", land)
    if unused is not None:
        set_unused(s, seat, unused)
    s.wipeout_at_once = wipeout_at_once
    at(s, "start", turn_player=seat)
    return arrive(s, keywords.turn_start)


def args_of(s, key):
    return [dict(e.args) for e in s.log if e.key == key]


# ---- 捕獲 (C-21) --------------------------------------------------------------------------------
@rule("C-21", "2.3.4")
def test_a_one_chip_enemy_on_square_a1_is_captured():
    # a1 is square 0: a square like any other, not "no target"
    s = turn_start([(3, "cr-goran", 1, 2), (0, "az-soldier", 0, 1), (8, "az-soldier", 0, 2)], seat=1)
    assert s.step == flow.DRAW
    assert s.field[0] is None and s.field[8] is not None
    assert s.kokugai[0] == (s.cards.index("az-soldier"),)
    assert args_of(s, "capture") == [{"card": "cr-goran", "target": "az-soldier", "sq": 0}]
    settled(s)


@rule("C-21", "C-24")
def test_capturing_the_last_enemy_unit_wipes_its_owner_out():
    s = turn_start([(7, "cr-goran", 1, 2), (4, "az-soldier", 0, 1)], seat=1)
    assert s.field[4] is None
    assert s.wiped == (1, 0) and ("C-24", "wiped_out") in events(s)
    assert args_of(s, "wiped_out") == [{"seat": 0}]
    assert s.outcome() is None  # without the option, a unit step of grace (C-24)
    settled(s)


@rule("C-21", "C-24", "2.3.4")
def test_a_capture_that_wins_at_once_ends_the_turn_start_effects():
    # the capture comes first in the printed order and takes B's last unit: the game is over, and
    # the poison on A's soldier is never resolved
    s = turn_start(
        [(4, "cr-goran", 0, 2), (7, "cr-brute", 1, 1), (0, "az-soldier", 0, 2, "poison")],
        wipeout_at_once=True,
    )
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.reason == "won_wipeout"
    assert chips(s, 0) == 2 and s.field[0][U_POISON] == 1
    assert ("C-22", "damage") not in events(s)


@rule("C-21", "C-24", "C-34")
def test_a_winning_capture_chosen_first_leaves_the_poison_unresolved():
    s = turn_start([(4, "cr-goran", 0, 1, "poison"), (7, "cr-brute", 1, 1)], wipeout_at_once=True)
    assert s.step == flow.START_EFFECTS
    s.apply(("capture", 4))
    out = s.outcome()
    assert out is not None and out.winners == (0,)
    assert chips(s, 4) == 1 and ("C-22", "damage") not in events(s)
    assert s.legal_actions() == ()


# ---- the order of the effects (C-34) ------------------------------------------------------------
@rule("C-34", "C-21", "C-22")
def test_a_poisoned_capturer_with_one_chip_lets_the_player_choose_the_order():
    units = [
        (4, "cr-goran", 0, 1, "poison"),
        (7, "cr-brute", 1, 1),
        (11, "cr-brute", 1, 2),
        (0, "az-soldier", 0, 2),
    ]
    s = turn_start(units)
    assert s.step == flow.START_EFFECTS and s.actor == 0
    assert list(s.legal_actions()) == [("capture", 4), ("poison", 4)]
    s.apply(("poison", 4))  # poison first: Goran retreats before he can capture
    assert s.field[4] is None and s.field[7] is not None and s.step == flow.DRAW
    assert ("2.3.7", "retreat") in events(s) and ("C-21", "capture") not in events(s)
    settled(s)
    s = turn_start(units)
    s.apply(("capture", 4))  # capture first: the brute goes, then the poison drives Goran off
    assert s.field[7] is None and s.field[4] is None and s.step == flow.DRAW
    order = [k for _, k in events(s) if k in ("capture", "damage", "retreat")]
    assert order == ["capture", "damage", "retreat"]
    settled(s)


@rule("C-34", "C-21", "C-22")
def test_a_poisoned_capturer_with_two_chips_is_not_asked_about_the_order():
    # on its own 出撃マス, without a land: capture then poison and poison then capture agree
    s = turn_start([(1, "cr-goran", 0, 2, "poison"), (4, "cr-brute", 1, 1), (11, "cr-brute", 1, 2)])
    assert s.step == flow.DRAW
    assert s.field[4] is None and chips(s, 1) == 1 and s.field[1][U_POISON] == 0
    assert [k for _, k in events(s) if k in ("capture", "damage")] == ["capture", "damage"]
    settled(s)


@rule("C-34", "C-15")
def test_a_land_without_unused_chips_makes_no_choice():
    # Royal Fort has a unit below its maximum to reach but no unused chip to give: nothing to ask
    s = turn_start(
        [(0, "az-soldier", 0, 1), (4, "az-soldier", 0, 2, "poison"), (11, "cr-brute", 1, 2)],
        land="l-fort",
        unused=0,
    )
    assert s.step == flow.DRAW
    assert chips(s, 4) == 1 and chips(s, 0) == 1
    assert ("2.3.4", "land_chip") not in events(s)
    settled(s)


@rule("C-34", "C-15", "2.3.4")
def test_a_land_with_one_chip_for_two_units_asks_which():
    s = turn_start(
        [(0, "az-soldier", 0, 1), (2, "az-soldier", 0, 1), (11, "cr-brute", 1, 2)], land="l-fort", unused=1
    )
    assert s.step == flow.START_EFFECTS and s.actor == 0
    assert list(s.legal_actions()) == [("land", (0,)), ("land", (2,))]
    s.apply(("land", (2,)))
    assert chips(s, 2) == 2 and chips(s, 0) == 1 and s.unused[0] == 0 and s.step == flow.DRAW
    assert args_of(s, "land_chip") == [{"card": "l-fort", "target": "az-soldier", "sq": 2}]
    settled(s)


@rule("C-15", "C-34", "2.3.4")
def test_a_land_passes_over_a_unit_at_its_maximum():
    # Royal Fort's "up to 2" on three units of which one is full: the other two, with no choice
    s = turn_start(
        [(0, "az-soldier", 0, 2), (1, "az-soldier", 0, 1), (2, "az-soldier", 0, 1), (11, "cr-brute", 1, 2)],
        land="l-fort",
    )
    assert s.step == flow.DRAW
    assert [chips(s, sq) for sq in (0, 1, 2)] == [2, 2, 2]
    assert [a["sq"] for a in args_of(s, "land_chip")] == [1, 2]
    settled(s)


@rule("C-34", "C-15", "C-22", "2.3.4")
def test_a_land_reaches_a_full_unit_that_a_poison_takes_below_its_maximum_first():
    # a full, poisoned soldier on b1 (A's 出撃マス) and Royal Fort: in the printed order (毒, then
    # the land) the poison makes room and the land fills it again; the order is the player's
    s = turn_start([(1, "az-soldier", 0, 2, "poison"), (11, "cr-brute", 1, 2)], land="l-fort")
    assert s.step == flow.START_EFFECTS and s.actor == 0
    assert list(s.legal_actions()) == [("land", ()), ("poison", 1)]  # the land first finds no one
    assert s.action_label(("land", ()), "en") == "land: resolve it now (no unit has room for a chip yet)"
    assert SPEC.spaces.actions(SPEC.validate_options({})).contains(("land", ()))  # declared (Core 2)
    s.apply(("poison", 1))
    assert chips(s, 1) == 2 and s.step == flow.DRAW
    assert args_of(s, "land_chip") == [{"card": "l-fort", "target": "az-soldier", "sq": 1}]
    settled(s)


def test_the_rule_bot_lets_the_poison_make_room_before_the_land():
    s = turn_start([(1, "az-soldier", 0, 2, "poison"), (11, "cr-brute", 1, 2)], land="l-fort")
    assert RuleBot(0, 1).act(Observation(s, 0)) == ("poison", 1)


@rule("C-34", "C-15", "C-22")
def test_after_one_poison_the_land_still_waits_for_another_that_may_make_room():
    # X (1 chip, poisoned) on a1 and Y (full, poisoned) on b1: the poison on X removes it; the
    # land must still be there for Y once its poison has resolved
    s = turn_start(
        [(0, "az-soldier", 0, 1, "poison"), (1, "az-soldier", 0, 2, "poison"), (11, "cr-brute", 1, 2)],
        land="l-fort",
    )
    assert list(s.legal_actions()) == [("land", (0,)), ("poison", 0), ("poison", 1)]
    s.apply(("poison", 0))
    assert s.field[0] is None
    assert list(s.legal_actions()) == [("land", ()), ("poison", 1)]
    s.apply(("poison", 1))
    assert chips(s, 1) == 2 and s.step == flow.DRAW
    settled(s)


# ---- end-phase keywords (C-19, C-20) ------------------------------------------------------------
def end_phase_of_a(units, unused=None):
    s = opening()
    draw_any(s)
    empty_hand(s, 0)
    for sq, card, owner, n, *rest in units:
        place(s, sq, card, owner, chips=n, **(rest[0] if rest else {}))
    if unused is not None:
        set_unused(s, 0, unused)
    s.turn_player = 0
    return arrive(s, begin_end_phase)


def legacy_uses(s):
    return [a for a in s.legal_actions() if a[0] == "legacy"]


@rule("C-19")
def test_only_a_unit_with_legacy_passes_its_cards_on():
    # Bors (練磨, no 伝承) holds a bracelet his neighbour could hold: he may hone, not pass it on
    s = end_phase_of_a([(1, "az-bors", 0, 2, {"item": "i-bracelet"}), (4, "az-cavalier", 0, 2)])
    assert s.step == flow.END_EFFECTS
    assert ("honing", 1) in s.legal_actions() and legacy_uses(s) == []


@rule("C-19")
def test_legacy_passes_only_its_owners_cards_and_no_empty_slot():
    # Melty holds Fire (hers) and B's Curse (an enemy's card): only Fire may go, and only to the
    # neighbour that may hold magic; her empty weapon slot passes nothing
    s = end_phase_of_a(
        [
            (1, "az-melty", 0, 2, {"magic": "m-fire", "item": "enemy:i-curse"}),
            (4, "az-mira", 0, 2),
            (0, "az-soldier", 0, 1),
        ]
    )
    assert legacy_uses(s) == [("legacy", 1, 4, 1)]
    s.apply(("legacy", 1, 4, 1))
    assert s.field[4][5] == s.cards.index("m-fire") and s.field[1][6] == s.cards.index("i-curse")
    settled(s)


@rule("C-20")
def test_honing_is_open_with_exactly_its_two_chips_unused():
    s = end_phase_of_a([(1, "az-bors", 0, 3)], unused=2)
    assert ("honing", 1) in s.legal_actions()
    s.apply(("honing", 1))
    assert s.unused[0] == 0 and s.field[1][U_HONE] == 1
    assert args_of(s, "honing") == [{"card": "az-bors", "sq": 1, "n": 1}]
    settled(s)

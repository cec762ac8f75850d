"""2.4 侵攻フェイズ, with movement (C-3), reach (C-4) and combat (C-5 … C-11)."""

from __future__ import annotations

import pytest

from asobi.core import IllegalActionError
from asobi.games.emblem.rules import flow
from asobi.games.emblem.view import unit_view
from support.scenario import rule

from .helpers import arrive, at, chips, cites, events, invasion, opening, place, put_card, settled


@rule("2.4.1", "2.4.2")
def test_ready_step_then_one_unit_at_a_time():
    s = invasion([(1, "az-soldier", 0, 2), (4, "az-cavalier", 0, 2), (10, "cr-brute", 1, 2)])
    assert ("2.4.2", "units_ready") in events(s)
    assert s.field[1][3] == 1 and s.field[4][3] == 1
    assert s.field[10][3] == 0  # the opponent's units stay as they are
    assert list(s.legal_actions()) == [("activate", 1), ("activate", 4), ("next",)]
    s.apply(("activate", 4))
    assert s.step == flow.MOVE and s.active == 4
    with pytest.raises(IllegalActionError):
        s.apply(("activate", 1))  # the active unit finishes its move, action and processing first
    s.apply(("next",))  # no move; nothing in reach, so the action step passes by itself (C-30)
    assert s.step == flow.SELECT and list(s.legal_actions()) == [("activate", 1), ("next",)]
    assert cites(s, "2.4.1")


@rule("2.4.3", "C-3")
def test_moving_within_the_movement_type():
    s = invasion(
        [(4, "az-soldier", 0, 2), (1, "az-cavalier", 0, 2), (2, "az-nina", 0, 2), (8, "cr-brute", 1, 2)]
    )
    s.apply(("activate", 4))  # 歩兵 on b2: orthogonal only
    assert list(s.legal_actions()) == [("move", 3), ("move", 5), ("move", 7), ("next",)]  # b1 is taken
    s.apply(("move", 7))
    assert s.field[7] is not None and s.field[4] is None
    assert ("2.4.3", "move") in events(s)
    if s.step == flow.ACT:
        s.apply(("next",))
    s.apply(("activate", 1))  # 騎兵 on b1: orthogonal and diagonally forward
    assert list(s.legal_actions()) == [("move", 0), ("move", 3), ("move", 4), ("move", 5), ("next",)]
    s.apply(("next",))  # moving is optional
    assert s.step in (flow.ACT, flow.SELECT)
    if s.step == flow.ACT:
        s.apply(("next",))
    s.apply(("activate", 2))  # 飛兵 on c1: eight directions
    assert {a[1] for a in s.legal_actions() if a[0] == "move"} == {4, 5}  # b1 taken, b2 and c2 free
    settled(s)


@rule("2.4.4", "C-4")
def test_acting_is_optional_and_reach_depends_on_the_attack_type():
    s = invasion([(4, "az-soldier", 0, 2), (1, "az-ciel", 0, 2), (7, "cr-brute", 1, 3)])
    s.apply(("activate", 4))
    s.apply(("next",))  # stay
    assert list(s.legal_actions()) == [("attack", 7), ("next",)]  # direct: distance 1
    s.apply(("next",))  # no attack
    assert chips(s, 7) == 3
    s.apply(("activate", 1))
    s.apply(("next",))
    assert list(s.legal_actions()) == [("attack", 7), ("next",)]  # indirect: distance 2 exactly
    s2 = invasion([(4, "az-ciel", 0, 2), (7, "cr-brute", 1, 3)])
    s2.apply(("activate", 4))
    s2.apply(("next",))
    # an adjacent enemy is out of an archer's reach: the action step passes, the archer stands by
    assert s2.step != flow.ACT and s2.field[4][3] == 0 and chips(s2, 7) == 3
    s3 = invasion(
        [(1, "az-merva", 0, 2), (4, "az-soldier", 0, 1), (7, "cr-brute", 1, 3), (5, "cr-brute", 1, 3)]
    )
    s3.apply(("activate", 1))
    s3.apply(("next",))
    assert [a for a in s3.legal_actions() if a[0] == "attack"] == [("attack", 5), ("attack", 7)]  # magic: 1–2


@rule("2.4.5", "C-28")
def test_processing_puts_the_unit_in_standby_even_if_it_did_nothing():
    s = invasion([(1, "az-soldier", 0, 2), (10, "cr-brute", 1, 2)])
    s.apply(("activate", 1))
    s.apply(("next",))
    assert s.field[1][3] == 0
    assert ("2.4.5", "standby") in events(s)
    assert s.step != flow.SELECT or ("activate", 1) not in s.legal_actions()


@rule("2.4.5")
def test_processing_puts_a_unit_that_moved_or_acted_in_standby_and_it_is_not_chosen_again():
    # one unit moves and does nothing more; another attacks: both stand by once processed
    s = invasion([(4, "az-soldier", 0, 2), (5, "az-gard", 0, 4), (8, "cr-brute", 1, 6)])
    s.apply(("activate", 4))
    s.apply(("move", 7))
    if s.step == flow.ACT:
        s.apply(("next",))
    assert s.field[7][3] == 0 and ("activate", 7) not in s.legal_actions()
    s.apply(("activate", 5))
    s.apply(("next",))  # no move
    s.apply(("attack", 8))
    while s.step in (flow.ATTACK_EQUIPMENT, flow.COUNTER_EQUIPMENT, flow.AMOUNT):
        s.apply(s.legal_actions()[0])
    assert s.field[5][3] == 0 and ("activate", 5) not in s.legal_actions()
    assert [k for c, k in events(s) if c == "2.4.5"] == ["standby", "standby"]


@rule("C-5", "C-6", "C-9", "2.4.4")
def test_attack_choices_then_damage_times_attacks_paid_in_chips():
    s = invasion(
        [(4, "az-gard", 0, 4, {"weapon": "w-steel-sword"}), (7, "cr-goran", 1, 6, {"weapon": "w-iron-sword"})]
    )
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert [e.clauses for e in s.log if e.key == "attack"] == [("C-5", "2.4.4")]  # the action step's act
    assert s.step == flow.ATTACK_EQUIPMENT and s.actor == 0
    assert list(s.legal_actions()) == [("equipment", 0), ("equipment", 1)]
    s.apply(("equipment", 1))  # steel sword: +2 攻, cost 1
    assert s.unused[0] == 20 - 4 - 1 and s.used[0] == 1
    assert s.step == flow.COUNTER_EQUIPMENT and s.actor == 1
    s.apply(("equipment", 0))  # Goran counters without his sword
    assert chips(s, 7) == 6 - (3 + 2)
    assert s.used[1] == 5  # damage chips go to their owner's used chips
    assert chips(s, 4) == 4 - 3  # counter: Goran's 反 3
    assert [c for c, k in events(s) if k == "damage"] == ["C-6", "C-7"]
    assert cites(s, "C-9") and cites(s, "C-5")


@rule("C-6")
def test_two_attacks_double_the_damage():
    s = invasion(
        [(4, "cr-shade", 0, 3), (7, "az-bors", 1, 5)],
        deck_a="crimson",
        deck_b="azure",
        hands=(["cr-hex"] * 3 + ["cr-raider"] * 4, ["az-soldier"] * 4 + ["az-cavalier"] * 3),
    )
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert chips(s, 7) == 5 - 1 * 2


@rule("C-7")
def test_counter_needs_reach_and_healers_never_counter():
    s = invasion([(1, "az-ciel", 0, 3), (7, "cr-brute", 1, 4)])
    s.apply(("activate", 1))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert chips(s, 1) == 3  # the brute is direct: it cannot reach the archer at distance 2
    s2 = invasion([(4, "az-soldier", 0, 3), (7, "cr-lira", 1, 3)])
    s2.apply(("activate", 4))
    s2.apply(("next",))
    s2.apply(("attack", 7))
    assert chips(s2, 4) == 3 and chips(s2, 7) == 2


@rule("C-8")
def test_weapon_level_and_type_decide_what_a_unit_may_hold():
    from asobi.games.emblem.rules.kokuryoku import may_hold

    s = opening()
    soldier = place(s, 0, "az-soldier", 0)
    archer = place(s, 1, "az-ciel", 0)
    sage = place(s, 2, "az-merva", 0)
    idx = s.cards.index
    assert may_hold(s, soldier, idx("w-iron-sword")) and not may_hold(s, soldier, idx("w-steel-sword"))
    assert may_hold(s, archer, idx("w-longbow")) and not may_hold(s, archer, idx("w-iron-sword"))
    assert may_hold(s, sage, idx("m-aura")) and not may_hold(s, sage, idx("w-iron-sword"))


@rule("C-9")
def test_equipment_whose_cost_cannot_be_paid_is_not_offered():
    s = invasion([(4, "az-gard", 0, 5, {"weapon": "w-steel-sword"}), (7, "cr-goran", 1, 6)])
    s.used[0] += s.unused[0]
    s.unused[0] = 0
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert s.step != flow.ATTACK_EQUIPMENT  # nothing to choose: fights without it
    assert chips(s, 7) == 6 - 3


@rule("C-10")
def test_chips_are_always_unused_used_or_on_units():
    s = invasion([(4, "az-gard", 0, 4, {"weapon": "w-steel-sword"}), (7, "cr-goran", 1, 6)])
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    s.apply(("equipment", 1))
    for p in (0, 1):
        on_units = sum(u[2] for u in s.field if u is not None and u[1] == p)
        assert s.unused[p] + s.used[p] + on_units == 20
    settled(s)


@rule("C-11")
def test_healing_puts_unused_chips_on_another_friendly_unit():
    s = invasion([(1, "az-mira", 0, 2, {"magic": "m-mend"}), (4, "az-gard", 0, 1), (7, "cr-brute", 1, 2)])
    s.apply(("activate", 1))
    s.apply(("next",))
    assert list(s.legal_actions()) == [("heal", 4), ("next",)]  # not the enemy, not itself
    before = s.unused[0]
    s.apply(("heal", 4))
    assert list(s.legal_actions()) == [("chips", 1), ("chips", 2)]  # up to 攻 1 + Mend Staff 1 (C-35)
    s.apply(("chips", 2))
    assert chips(s, 4) == 1 + 1 + 1
    assert s.unused[0] == before - 2
    assert ("C-11", "heal") in events(s)


@rule("C-11")
def test_only_a_magic_whose_text_says_so_adds_to_healing():
    # Fire's +1 is for attacks: a healer holding it heals its 攻 (1) only; Mend Staff adds 1
    s = invasion([(1, "az-mira", 0, 2, {"magic": "m-fire"}), (4, "az-gard", 0, 1), (7, "cr-brute", 1, 2)])
    s.apply(("activate", 1))
    s.apply(("next",))
    s.apply(("heal", 4))
    assert chips(s, 4) == 2  # no choice to make: up to 1, and one chip went on
    assert ("C-11", "heal") in events(s)


@rule("C-33")
def test_modifiers_add_to_attack_and_counter_and_never_go_below_zero():
    s = invasion(
        [
            (4, "az-cavalier", 0, 3, {"item": "i-bracelet"}),
            (7, "cr-raider", 1, 3, {"item": "enemy:i-shackles"}),
        ]
    )
    put_card(s, 0, "land", "l-plains")
    put_card(s, 1, "guardian", "g-dragon")
    cav, raider = s.field[4], s.field[7]
    assert unit_view(s, cav)["attack"] == 2 + 1 + 1  # bracelet, plains
    assert unit_view(s, raider)["counter"] == 1 + 2  # dragon's blessing for fliers
    ciel = place(s, 1, "az-ciel", 0)
    from asobi.games.emblem.rules.combat import attack_value

    assert attack_value(s, ciel, 7, False) == 2 + 2  # effective against fliers
    brute = place(s, 10, "cr-brute", 1, item="enemy:i-shackles")
    assert unit_view(s, brute)["attack"] == 0  # 1 - 1
    settled(s)
    # 反 0 with a Cursed Necklace (-1) counters for 0, not -1: the attacker gains no chip
    s = invasion([(4, "az-soldier", 0, 2), (7, "cr-hex", 1, 3, {"item": "enemy:i-curse"})])
    hex_ = s.field[7]
    assert unit_view(s, hex_)["counter"] == 0
    used = s.used[0]
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert chips(s, 4) == 2 and s.used[0] == used
    back = [e for e in s.log if e.clause == "C-7" and e.key == "damage"]
    assert back and dict(back[-1].args)["n"] == 0
    settled(s)


@rule("C-22")
def test_poisoned_units_lose_a_chip_at_their_owners_turn_start():
    s = invasion(
        [(4, "cr-hex", 0, 3), (7, "az-bors", 1, 5)],
        deck_a="crimson",
        deck_b="azure",
        hands=(["cr-hex"] * 2 + ["cr-raider"] * 4 + ["cr-brute"], ["az-soldier"] * 4 + ["az-cavalier"] * 3),
    )
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert s.field[7][9] == 1 and chips(s, 7) == 3
    assert ("C-22", "poisoned") in events(s)
    from asobi.games.emblem.rules.end_phase import end_turn

    at(s, "discard")
    mark = len(s.log)
    arrive(s, end_turn)  # B's turn starts: the poison bites, then ends
    assert chips(s, 7) == 2 and s.field[7][9] == 0
    assert ("C-22", "damage") in events(s, mark)
    settled(s)
    # a poisonous hit that does no damage poisons nothing
    s = invasion(
        [(7, "cr-hex", 0, 3, {"item": "enemy:i-shackles"}), (10, "az-bors", 1, 5)],
        deck_a="crimson",
        deck_b="azure",
        hands=(["cr-hex"] * 2 + ["cr-raider"] * 4 + ["cr-brute"], ["az-soldier"] * 4 + ["az-cavalier"] * 3),
    )
    put_card(s, 1, "guardian", "g-aegis")  # 1 less damage on B's 出撃マス
    assert unit_view(s, s.field[7])["attack"] == 1  # 2, shackled
    s.apply(("activate", 7))
    s.apply(("next",))
    s.apply(("attack", 10))
    assert chips(s, 10) == 5 and s.field[10][9] == 0
    assert ("C-22", "poisoned") not in events(s)
    settled(s)

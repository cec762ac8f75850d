"""Attacks, counter-attacks and healing (C-6, C-7, C-11, C-16, C-22, C-33): the cases the rule
tests had left open."""

from __future__ import annotations

from asobi.games.emblem.rules import flow
from asobi.games.emblem.units import U_POISON
from support.scenario import rule

from .helpers import chips, invasion, put_card, settled


def damage_dealt(s):
    """(clause, chips lost) of each damage line."""
    return [(e.clause, dict(e.args)["n"]) for e in s.log if e.key == "damage"]


@rule("C-6", "C-33")
def test_effectiveness_counts_against_a_unit_on_square_a1():
    # Ciel (攻 2, +2 against fliers) shoots the flier Valka on a1, square 0
    s = invasion([(6, "az-ciel", 1, 2), (0, "cr-valka", 0, 5)], turn_player=1)
    s.apply(("activate", 6))
    s.apply(("next",))
    s.apply(("attack", 0))
    assert chips(s, 0) == 5 - (2 + 2)
    assert damage_dealt(s) == [("C-6", 4)]  # Valka (direct) cannot counter at distance 2
    settled(s)


@rule("C-22", "C-6")
def test_one_chip_of_damage_from_a_poisonous_weapon_poisons():
    s = invasion([(4, "az-soldier", 0, 2, {"weapon": "w-venom-dagger"}), (7, "cr-archer", 1, 2)])
    s.apply(("activate", 4))
    s.apply(("next",))
    s.apply(("attack", 7))
    assert s.step == flow.ATTACK_EQUIPMENT
    s.apply(("equipment", 1))  # Venom Dagger: no bonus, poisonous, cost 0
    assert damage_dealt(s) == [("C-6", 1)]
    assert chips(s, 7) == 1 and s.field[7][U_POISON] == 1
    assert [dict(e.args) for e in s.log if e.key == "poisoned"] == [{"card": "cr-archer", "sq": 7}]
    settled(s)


@rule("C-16", "C-7")
def test_the_guardian_also_lessens_a_counter_attack_on_its_sortie_square():
    # Gard attacks from A's 出撃マス under Aegis: Goran's counter (反 3) does 1 less
    s = invasion([(1, "az-gard", 0, 5), (4, "cr-goran", 1, 6)])
    put_card(s, 0, "guardian", "g-aegis")
    s.apply(("activate", 1))
    s.apply(("next",))
    s.apply(("attack", 4))
    assert damage_dealt(s) == [("C-6", 3), ("C-7", 2)]
    assert chips(s, 4) == 6 - 3 and chips(s, 1) == 5 - 2
    settled(s)


@rule("C-11")
def test_a_healer_without_magic_heals_its_attack_only():
    # Mira (攻 1, no magic) next to Gard, 4 chips below his maximum: exactly 1, nothing to choose
    s = invasion([(1, "az-mira", 0, 2), (4, "az-gard", 0, 1), (7, "cr-brute", 1, 2)])
    s.apply(("activate", 1))
    s.apply(("next",))
    before = s.unused[0]
    s.apply(("heal", 4))
    assert s.step != flow.AMOUNT
    assert chips(s, 4) == 2 and s.unused[0] == before - 1
    assert [dict(e.args)["n"] for e in s.log if e.key == "heal"] == [1]
    settled(s)

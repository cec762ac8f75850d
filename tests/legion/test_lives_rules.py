"""The life tracks (8.1–8.3, L-6) beyond test_enemy.py: a level skipped past on the way down or up,
and what the log says (written against the survivors of scripts/mutate.py)."""

from __future__ import annotations

from asobi.games.legion.content import content
from support.scenario import rule

from .helpers import events, position, run, square_index

_LABEL = {"damage_enemy": "V02(1)", "heal_enemy": "E04(1)", "heal_space": "V04(1)"}
"""A card part with each verb (its printed amount is 1; the rule holds for any amount)."""


def card_effect(s, verb: str, amount: int):
    return run(s, ("announce", ("card", _LABEL[verb], verb, (("amount", amount),), -1, False)))


@rule("8.2", "8.1")
def test_damage_to_life_one_brings_piece_three_onto_the_barrier_core():
    # life 3 (level 2) takes 2: life 1 is level 3, so piece 3 enters; the game goes on
    s = position(3, enemy_life=3, pieces=["s1", "s4", None])
    card_effect(s, "damage_enemy", 2)
    assert s.enemy_life == 1 and s.ended is None
    assert s.pieces == [square_index("s1"), square_index("s4"), content().barrier_core]
    assert [dict(e.args) for e in events(s, "level_up")] == [{"level": 3, "piece": 3}]
    assert [e.clauses for e in events(s, "level_up")] == [("8.2", "8.1")]  # life 1 is level 3


@rule("8.3")
def test_healing_past_two_levels_takes_both_pieces_off_the_map():
    # life 2 (level 3) heals 3: life 5 is level 1, so pieces 3 and then 2 leave
    s = position(3, enemy_life=2, pieces=["s1", "s4", "s7"])
    card_effect(s, "heal_enemy", 3)
    assert s.enemy_life == 5 and s.pieces == [square_index("s1"), -1, -1]
    assert [(e.clause, dict(e.args)) for e in events(s, "level_down")] == [
        ("8.3", {"level": 2, "piece": 3}),
        ("8.3", {"level": 1, "piece": 2}),
    ]


@rule("L-6")
def test_healing_the_space_at_full_life_is_logged_as_capped():
    s = position(3)
    card_effect(s, "heal_space", 1)
    assert s.space_life == s.max_space
    assert [(e.clause, dict(e.args)) for e in events(s, "space_life_capped")] == [
        ("L-6", {"life": s.max_space})
    ]
    assert events(s, "space_healed") == []

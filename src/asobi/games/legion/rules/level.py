"""Enemy life and level (8.1–8.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .weapons import persistent_total

if TYPE_CHECKING:
    from ..state import LegionState

MAX_ENEMY_LIFE = 6


def enemy_level(life: int) -> int:
    """8.1: life 6, 5 → level 1; 4, 3 → level 2; 2, 1 → level 3."""
    if life >= 5:
        return 1
    if life >= 3:
        return 2
    return 3


def set_enemy_life(s: LegionState, life: int, clause: str) -> None:
    """Move the enemy life marker and bring pieces 2 and 3 on or off the map (8.2, 8.3).

    L-6: the track ends at 6, so healing never takes the life above 6.
    """
    life = max(0, min(MAX_ENEMY_LIFE, life))
    old = s.enemy_life
    if life == old:
        s.say("L-6", "enemy_life_capped", life=life)
        return
    s.enemy_life = life
    s.say(clause, "enemy_damaged" if life < old else "enemy_healed", life=life)
    if life == 0:
        return
    before, after = enemy_level(old), enemy_level(life)
    if after > before:
        for level in range(before + 1, after + 1):
            s.pieces[level - 1] = s.content.barrier_core
            s.say("8.2", "level_up", level=level, piece=level)
    elif after < before:
        for level in range(before, after, -1):
            s.pieces[level - 1] = -1
            s.say("8.3", "level_down", level=level - 1, piece=level)


def damage_enemy(s: LegionState, amount: int, clause: str) -> None:
    set_enemy_life(s, s.enemy_life - amount, clause)


def heal_enemy(s: LegionState, amount: int, clause: str) -> None:
    set_enemy_life(s, s.enemy_life + amount, clause)


def develop_threshold(s: LegionState) -> int:
    """5.7: the numbers of the enemy pieces' squares + the enemy level + the blackout squares.

    Jammers (永続) lower it; it is never below 1 (L-7).
    """
    square_code = s.content.square_code
    total = enemy_level(s.enemy_life) + s.black.count(1)
    for p in s.pieces:
        if p >= 0:
            total += square_code[p] % 3 + 1
    if s.weapons:
        total -= persistent_total(s, "develop_discount", None)
    return max(1, total)


def develop_alphabets(s: LegionState) -> set[int]:
    """5.8: only codes of the enemy pieces' alphabets may be used."""
    c = s.content
    return {c.square_code[p] // 3 for p in s.pieces if p >= 0}

"""What development needs (5.7, 5.8): the threshold and the alphabets of the enemy pieces."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lives import ENEMY_LEVEL

if TYPE_CHECKING:
    from ..types import State

def develop_threshold(s: State) -> int:
    """5.7: the numbers of the enemy pieces' squares + the enemy level + the blackout squares.

    Jammers (永続) lower it; it is never below 1 (L-7). Worked out once and kept
    (``s.need_cache``) until what it reads changes: it is forgotten (``s.need_cache = None``,
    written where it happens) wherever a piece moves or comes on or off the map, the enemy life
    changes, a square is blacked out or cleared, or a weapon is placed or destroyed
    (``invariant_errors`` compares it with :func:`work_out_threshold`). The main listing reads
    the kept value the same way, without this call.
    """
    need = s.need_cache
    if need is None:
        need = s.need_cache = work_out_threshold(s)
    return need


def work_out_threshold(s: State) -> int:
    """:func:`develop_threshold` from the board."""
    square_value = s.tables.square_value
    p1, p2, p3 = s.pieces
    black = s.black
    # (a blackout square holds 1, any other 0: the blackouts are the squares that are not 0;
    # ``count(0)`` finds each 0 by identity, where ``sum`` would add every square, at twice the cost)
    blackouts = len(black) - black.count(0)
    total = square_value[p1] + square_value[p2] + square_value[p3] + ENEMY_LEVEL[s.enemy_life] + blackouts
    weapons = s.weapons
    if weapons:
        discount = s.tables.develop_discount
        for w in weapons:
            total -= discount[w[2]]
    return total if total > 1 else 1


def develop_alphabets(s: State) -> set[int]:
    """5.8: only codes of the enemy pieces' alphabets may be used."""
    c = s.content
    return {c.square_code[p] // 3 for p in s.pieces if p >= 0}

"""The enemy turn (7.1–7.7): the pieces advance, each square moves the ship and applies its
effects, then each piece attacks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ship import move_ship

if TYPE_CHECKING:
    from ..state import LegionState


def task_enemy_turn(s: LegionState) -> None:
    """7.1: each piece on the map advances as many squares as its number (L-12: the track loops)."""
    s.turn = -1
    s.say("7.1", "enemy_turn")
    length = len(s.content.square_ids)
    for i, pos in enumerate(s.pieces):
        if pos >= 0:
            s.pieces[i] = (pos + i + 1) % length
            s.say("7.1", "piece_advanced", piece=i + 1, esq=s.content.square_ids[s.pieces[i]])
    s.push(("square", 0), ("square", 1), ("square", 2), ("attack", 0), ("attack", 1), ("attack", 2))


def task_square(s: LegionState, piece: int) -> None:
    """7.2: pieces 1→2→3: first the ship moves as the square's "to〜" says, then its effects."""
    pos = s.pieces[piece]
    if pos < 0:
        return
    c = s.content
    if c.square_to[pos] != "none":
        move_ship(s, c.square_to[pos], "7.2")
    s.push(
        *[
            ("announce", ("square", c.square_ids[pos], e.verb, e.params, -1, False))
            for e in c.square_effects[pos]
        ]
    )


def task_attack(s: LegionState, piece: int) -> None:
    """7.5: each piece attacks with its square's code; 7.6: a shield code equal to it negates the
    attack (L-13: automatically, and the shield code stays)."""
    pos = s.pieces[piece]
    if pos < 0:
        return
    code = s.content.square_code[pos]
    if code in s.shield:
        s.say("7.6", "attack_shielded", piece=piece + 1, code=code)
        return
    s.push(("announce", ("attack", f"piece{piece + 1}", "attack", (("code", code),), -1, False)))

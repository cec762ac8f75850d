"""The two life tracks: the enemy's life and level (8.1–8.3) and the Space life, healed and damaged
(L-6: neither track goes past its end), and queueing the draws an effect gives."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .log import event_table

if TYPE_CHECKING:
    from ..types import State


MAX_ENEMY_LIFE = 6
_SPACE_DAMAGED = {clause: event_table(clause, "space_damaged", life=range(41)) for clause in ("7.5", "6.6", "7.4")}
"""The Space life's damage by an attack or a card or square effect, to each life (the presets
start it at 40 at most), made once."""
_ENEMY_DAMAGED = {
    clause: event_table(clause, "enemy_damaged", life=range(MAX_ENEMY_LIFE + 1)) for clause in ("5.7", "6.1", "6.2", "6.6", "7.4")
}
"""The enemy life's damage by development, a weapon or an effect, to each life, made once."""


def enemy_level(life: int) -> int:
    """8.1: life 6, 5 → level 1; 4, 3 → level 2; 2, 1 → level 3."""
    if life >= 5:
        return 1
    if life >= 3:
        return 2
    return 3


ENEMY_LEVEL = tuple(enemy_level(life) for life in range(MAX_ENEMY_LIFE + 1))
"""``ENEMY_LEVEL[life]``: :func:`enemy_level` for each life on the track (0..6, L-6)."""


def set_enemy_life(s: State, life: int, clause: str) -> None:
    """Move the enemy life marker and bring pieces 2 and 3 on or off the map (8.2, 8.3).

    L-6: the track ends at 6, so healing never takes the life above 6.
    """
    life = 0 if life < 0 else MAX_ENEMY_LIFE if life > MAX_ENEMY_LIFE else life  # (conditionals: min and max are calls)
    old = s.enemy_life
    if life == old:
        s.say("L-6", "enemy_life_capped", life=life)
        return
    s.enemy_life = life
    if life == 0:
        s.lives_out = True  # 2.2: the kernel's end check (LegionState.stop_test) ends the game
    s.need_cache = None  # forgets 5.7's kept threshold (level.py): the enemy level and pieces count in 5.7's threshold
    made = _ENEMY_DAMAGED.get(clause) if life < old else None
    s.log_tail.append((clause, "enemy_damaged" if life < old else "enemy_healed", (("life", life),), None) if made is None else made[life])
    if life == 0:
        return
    before, after = ENEMY_LEVEL[old], ENEMY_LEVEL[life]
    if after > before:
        for level in range(before + 1, after + 1):
            s.pieces[level - 1] = s.content.barrier_core
            s.log_tail.append(("8.2", "level_up", (("level", level), ("piece", level)), None, ("8.1",)))
    elif after < before:
        for level in range(before, after, -1):
            s.pieces[level - 1] = -1
            s.log_tail.append(("8.3", "level_down", (("level", level - 1), ("piece", level)), None, ("8.1",)))


def damage_enemy(s: State, amount: int, clause: str) -> None:
    set_enemy_life(s, s.enemy_life - amount, clause)


def heal_enemy(s: State, amount: int, clause: str) -> None:
    set_enemy_life(s, s.enemy_life + amount, clause)


def heal_space(s: State, amount: int, clause: str) -> None:
    """L-6: the Space life track ends at its starting value."""
    life = min(s.max_space, s.space_life + amount)
    if life == s.space_life:
        s.say("L-6", "space_life_capped", life=life)
        return
    s.space_life = life
    s.log_tail.append((clause, "space_healed", (("life", life),), None))


def damage_space(s: State, amount: int, clause: str) -> None:
    life = s.space_life - amount
    if life <= 0:
        life = 0
        s.lives_out = True  # 2.3: the kernel's end check (LegionState.stop_test) ends the game
    s.space_life = life
    made = _SPACE_DAMAGED.get(clause)
    s.log_tail.append((clause, "space_damaged", (("life", life),), None) if made is None else made[life])


def sync_lives_out(s: State) -> None:
    """Set ``s.lives_out`` from the lives (for a state read or set up by hand)."""
    s.lives_out = not s.enemy_life or not s.space_life


def queue_draws(s: State, task: str, count: int, seats: list[int], clause: str) -> None:
    s.push(*[(task, seat, clause) for seat in seats for _ in range(count)])

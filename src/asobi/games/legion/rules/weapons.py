"""Weapons on the space map: launching (5.2, 5.3), moving and activating (5.5), their effects
(6.1, 6.2), the limit per player (6.3) and their destruction (5.4)."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from .geometry import around, orthogonal
from .lives import damage_enemy, heal_space, queue_draws

if TYPE_CHECKING:
    from ..state import LegionState

BASE_SHIELD_LIMIT = 3
"""4.3: the shield can never hold 4 codes or more."""


def weapon_limit(players: int) -> int:
    """6.3: two players or fewer 3 weapons each, three or four players 2, five players 1."""
    if players <= 2:
        return 3
    if players <= 4:
        return 2
    return 1


def weapon_at(s: LegionState, square: int) -> tuple[int, int, int, int] | None:
    for w in s.weapons:
        if w[0] == square:
            return w
    return None


def weapons_of(s: LegionState, seat: int) -> list[tuple[int, int, int, int]]:
    return [w for w in s.weapons if w[1] == seat]


def can_enter(s: LegionState, square: int) -> bool:
    """5.5: no enemy ship and no blackout there; L-3: nor another weapon."""
    return square != s.ship and not s.black[square] and weapon_at(s, square) is None


def free_squares(s: LegionState) -> list[int]:
    taken = {w[0] for w in s.weapons}
    taken.add(s.ship)
    black = s.black
    return [sq for sq in range(len(black)) if not black[sq] and sq not in taken]


def moves_of(s: LegionState, seat: int) -> list[tuple[int, int]]:
    if not s.weapons:
        return []
    taken = {w[0] for w in s.weapons}
    taken.add(s.ship)
    black = s.black
    return [
        (w[0], n)
        for w in s.weapons
        if w[1] == seat
        for n in orthogonal(s, w[0])
        if not black[n] and n not in taken
    ]


def persistent_total(s: LegionState, verb: str, owner: int | None) -> int:
    """The sum of the ``amount`` of every persistent (永続) effect ``verb`` on the map."""
    if not s.weapons:
        return 0
    amounts = s.tables.persistent.get(verb)
    if amounts is None:
        return 0  # no weapon has this effect
    total = 0
    for _, o, kind, _ in s.weapons:
        if owner is None or o == owner:
            total += amounts[kind]
    return total


def shield_limit(s: LegionState) -> int:
    if not s.weapons:
        return BASE_SHIELD_LIMIT
    return BASE_SHIELD_LIMIT + persistent_total(s, "shield_limit", None)


def place_weapon(s: LegionState, seat: int, kind: int, code: int, square: int) -> None:
    """5.3: the weapon piece goes onto the chosen square; its card is its status from now on."""
    insort(s.weapons, (square, seat, kind, code))
    s.say("5.3", "weapon_placed", seat=seat, card=s.content.army_ids[kind], code=code, square=square)
    _placed(s, square)


def move_weapon(s: LegionState, frm: int, to: int, clause: str) -> None:
    w = weapon_at(s, frm)
    assert w is not None
    s.weapons.remove(w)
    insort(s.weapons, (to, w[1], w[2], w[3]))
    s.say(clause, "weapon_moved", seat=w[1], card=s.content.army_ids[w[2]], frm=frm, to=to)
    _placed(s, to)


def _placed(s: LegionState, square: int) -> None:
    """6.2: "when this weapon is placed" also fires when it moves onto a square."""
    w = weapon_at(s, square)
    assert w is not None
    e = s.content.weapon_effect[w[2]]
    if e is not None and e.timing == "trigger" and e.trigger == "placed":
        s.say("6.2", "weapon_triggered", card=s.content.army_ids[w[2]], square=square)
        _effect(s, w, "6.2")


def destroy_weapon_at(s: LegionState, square: int, clause: str) -> None:
    """5.4: a weapon piece leaves the map: its card and its attached number are discarded."""
    w = weapon_at(s, square)
    if w is None:
        return
    s.weapons.remove(w)
    s.army_discard[w[2]] += 1
    s.code_discard[w[3]] += 1
    s.say(clause, "weapon_destroyed", seat=w[1], card=s.content.army_ids[w[2]], square=square)
    s.say("5.4", "weapon_discarded", card=s.content.army_ids[w[2]], code=w[3])


def ship_distance(s: LegionState, square: int) -> int:
    cols = s.content.cols
    r0, c0 = divmod(square, cols)
    r1, c1 = divmod(s.ship, cols)
    return abs(r0 - r1) + abs(c0 - c1)


def repair_reach(s: LegionState, w: tuple[int, int, int, int]) -> list[int]:
    return [n for n in around(s, w[0], w[3] % 3 + 1) if s.black[n]]


def can_activate(s: LegionState, w: tuple[int, int, int, int]) -> bool:
    """L-10: a weapon's 起動 effect is offered only when it would do something."""
    e = s.content.weapon_effect[w[2]]
    if e is None or e.timing != "activate":
        return False
    if e.verb == "strike_in_range":
        return ship_distance(s, w[0]) <= w[3] % 3 + 1
    if e.verb == "strike_adjacent":
        return ship_distance(s, w[0]) == 1
    if e.verb == "repair_near":
        return bool(repair_reach(s, w))
    if e.verb == "heal_space":
        return s.space_life < s.max_space
    return True


def activate(s: LegionState, square: int) -> None:
    """5.5 / 6.1: a weapon's 起動 effect, used by 操作."""
    w = weapon_at(s, square)
    assert w is not None
    s.say("5.5", "weapon_activated", seat=w[1], card=s.content.army_ids[w[2]], square=square)
    _effect(s, w, "6.1")


def _effect(s: LegionState, w: tuple[int, int, int, int], clause: str) -> None:
    e = s.content.weapon_effect[w[2]]
    assert e is not None
    verb = e.verb
    if verb in ("strike_in_range", "strike_adjacent", "damage_enemy"):
        damage_enemy(s, int(e.params.get("amount", 1)), clause)
    elif verb == "repair_near":
        s.ask("clear", w[1], tuple(repair_reach(s, w)), clause)
    elif verb == "heal_space":
        heal_space(s, int(e.params["amount"]), clause)
    elif verb == "ship_push":
        s.ask("push", w[1], clause)
    elif verb == "draw_codes":
        queue_draws(s, "draw_code", int(e.params["count"]), [w[1]], clause)
    if e.spent:
        destroy_weapon_at(s, w[0], "6.1")


def ship_arrived(s: LegionState) -> None:
    """6.1: weapons whose 誘発 fires when the enemy ship comes next to them (mines)."""
    if not s.weapons:
        return
    near = orthogonal(s, s.ship)
    for w in list(s.weapons):
        e = s.content.weapon_effect[w[2]]
        if w[0] in near and e is not None and e.timing == "trigger" and e.trigger == "ship_adjacent":
            if weapon_at(s, w[0]) != w or s.ended is not None:
                continue
            s.say("6.1", "weapon_triggered", card=s.content.army_ids[w[2]], square=w[0])
            _effect(s, w, "6.1")

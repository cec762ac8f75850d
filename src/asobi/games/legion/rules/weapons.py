"""Weapons on the space map: launching (5.2, 5.3), moving and activating (5.5), their effects
(6.1, 6.2), the limit per player (6.3) and their destruction (5.4)."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Any

from ..content import content
from .geometry import around
from .lives import damage_enemy, heal_space, queue_draws
from .log import arg_pairs

if TYPE_CHECKING:
    from ..types import State, Weapon

BASE_SHIELD_LIMIT = 3
"""4.3: the shield can never hold 4 codes or more."""


def weapon_limit(players: int) -> int:
    """6.3: two players or fewer 3 weapons each, three or four players 2, five players 1."""
    if players <= 2:
        return 3
    if players <= 4:
        return 2
    return 1


WEAPON_LIMIT = tuple(weapon_limit(players) for players in range(6))
"""``WEAPON_LIMIT[players]``: :func:`weapon_limit`, looked up."""


_SEAT = arg_pairs("seat", range(5))
_OWNER = arg_pairs("owner", range(5))
_CARD = arg_pairs("card", content().army_ids)
_CODE = arg_pairs("code", range(9))
_SQUARE = arg_pairs("square", range(content().rows * content().cols))
_FRM = arg_pairs("frm", range(content().rows * content().cols))
_TO = arg_pairs("to", range(content().rows * content().cols))
"""The arguments of a weapon's events, made once (by seat, army card, code and square)."""


def weapon_of(s: State, seat: int, zone: int) -> Weapon | None:
    """``seat``'s weapon piece from weapon zone ``zone``, if it is on the map."""
    for w in s.weapons:
        if w[4] == zone and w[1] == seat:
            return w
    return None


def free_zone(s: State, seat: int) -> int:
    """The lowest of ``seat``'s weapon zones with no piece on the map (6.3 keeps one free)."""
    used = {w[4] for w in s.weapons if w[1] == seat}
    return next(z for z in range(weapon_limit(s.n)) if z not in used)


def free_squares(s: State) -> list[int]:
    """5.3 / L-3: the squares a weapon may be placed on: any but the ship's and the blackouts
    (other weapons do not stop it)."""
    black, ship = s.black, s.ship
    return [sq for sq in range(len(black)) if not black[sq] and sq != ship]


def moves_of(s: State, seat: int) -> list[tuple[int, int]]:
    """5.5: ``(zone, square)`` for each of ``seat``'s weapons and each square next to it (上下左右)
    with no enemy ship and no blackout, in order."""
    moves: list[tuple[int, int]] = []
    if not s.weapons:
        return moves
    black, ship, orthogonal = s.black, s.ship, s.content.orthogonal
    # (a plain loop: a generator handed to sorted() is resumed from C once per move)
    for w in s.weapons:
        if w[1] == seat:
            zone = w[4]
            for to in orthogonal[w[0]]:
                if not black[to] and to != ship:
                    moves.append((zone, to))
    moves.sort()
    return moves


def shield_limit(s: State) -> int:
    """4.3: 3 codes, more with weapons whose persistent effect raises it (``Tables.shield_bonus``)."""
    limit = BASE_SHIELD_LIMIT
    weapons = s.weapons
    if weapons:
        bonus = s.tables.shield_bonus
        for w in weapons:
            limit += bonus[w[2]]
    return limit


def place_weapon(s: State, seat: int, kind: int, code: int, square: int) -> None:
    """5.3: the piece of the seat's free weapon zone goes onto the chosen square; its card is its
    status from now on."""
    w = (square, seat, kind, code, free_zone(s, seat))
    insort(s.weapons, w)
    s.need_cache = None  # forgets 5.7's kept threshold (level.py): a jammer lowers 5.7's threshold
    args = (_SEAT[seat], _CARD[kind], _CODE[code], _SQUARE[square])
    s.log_tail.append(("5.3", "weapon_placed", args, None))
    _placed(s, w)


def move_weapon(s: State, seat: int, zone: int, to: int, clause: str) -> None:
    w = weapon_of(s, seat, zone)
    assert w is not None
    s.weapons.remove(w)
    moved = (to, w[1], w[2], w[3], w[4])
    insort(s.weapons, moved)
    args = (_SEAT[w[1]], _CARD[w[2]], _FRM[w[0]], _TO[to])
    s.log_tail.append((clause, "weapon_moved", args, None))
    _placed(s, moved)


def _placed(s: State, w: Weapon) -> None:
    """6.2: "when this weapon is placed" also fires when it moves onto a square."""
    e = s.content.weapon_effect[w[2]]
    if e is not None and e.timing == "trigger" and e.trigger == "placed":
        if s.timing != "simple":
            s.agenda.append(("weapon_effect", w, "6.2", w[1]))  # s.push: L-29, announced so it can be answered
            return
        s.log_tail.append(("6.2", "weapon_triggered", (_CARD[w[2]], _SQUARE[w[0]]), None))
        _effect(s, w, "6.2", w[1])


def task_weapon_effect(s: State, w: Weapon, clause: str, chooser: int) -> None:
    """L-29 (printed timing): a weapon's 起動 or 誘発 effect goes on the stack like any effect, so a
    strategy may answer it (6.5). A trigger whose weapon left the map before its turn came (an
    earlier mine's effect, the game's end) does not go off, as with the simple timing."""
    if w not in s.weapons:
        return
    c = s.content
    e = c.weapon_effect[w[2]]
    assert e is not None
    if e.timing == "trigger":
        s.log_tail.append((clause, "weapon_triggered", (_CARD[w[2]], _SQUARE[w[0]]), None))
    params = (("owner", w[1]), ("zone", w[4]), ("square", w[0]), ("code", w[3]), ("clause", clause))
    s.agenda.append(("announce", ("weapon", c.army_ids[w[2]], e.verb, params, chooser, False)))  # s.push


def resolve_weapon_item(s: State, item: tuple[Any, ...]) -> None:
    """L-29: a weapon effect on the stack resolves as announced; it reads the weapon where it is
    now (a strategy may have moved it in answer), or as it was if it has left the map."""
    p = dict(item[3])
    kind = s.content.army_index[item[1]]
    w = weapon_of(s, p["owner"], p["zone"])
    if w is None or w[2] != kind or w[3] != p["code"]:
        w = (p["square"], p["owner"], kind, p["code"], p["zone"])
    _effect(s, w, p["clause"], item[4])


def destroy_weapon(s: State, w: Weapon, clause: str) -> None:
    """5.4: a weapon piece leaves the map: its card and its attached number are discarded."""
    s.weapons.remove(w)
    s.need_cache = None  # forgets 5.7's kept threshold (level.py)
    s.army_discard[w[2]] += 1
    s.code_discard[w[3]] += 1
    tail = s.log_tail
    tail.append((clause, "weapon_destroyed", (_SEAT[w[1]], _CARD[w[2]], _SQUARE[w[0]]), None))
    tail.append(("5.4", "weapon_discarded", (_CARD[w[2]], _CODE[w[3]]), None))


def destroy_weapons_at(s: State, square: int, clause: str) -> None:
    """Every weapon on ``square`` is destroyed (9.1, 9.2, an effect aimed at the square)."""
    weapons = s.weapons
    if weapons:
        hit = None
        for w in weapons:  # (a loop: a comprehension is a call, and most squares hold none)
            if w[0] == square:
                if hit is None:
                    hit = [w]
                else:
                    hit.append(w)
        if hit is not None:
            for w in hit:
                destroy_weapon(s, w, clause)


def ship_distance(s: State, square: int) -> int:
    cols = s.content.cols
    r0, c0 = divmod(square, cols)
    r1, c1 = divmod(s.ship, cols)
    return abs(r0 - r1) + abs(c0 - c1)


def repair_reach(s: State, w: Weapon) -> list[int]:
    return [n for n in around(s, w[0], w[3] % 3 + 1) if s.black[n]]


def can_activate(s: State, w: Weapon) -> bool:
    """L-10: a weapon's 起動 effect is offered only when it would do something."""
    verb = s.tables.activate_verb[w[2]]
    if verb is None:
        return False
    if verb == "strike_in_range":
        return s.tables.distance[w[0]][s.ship] <= w[3] % 3 + 1  # ship_distance(s, w[0])
    if verb == "strike_adjacent":
        return s.tables.distance[w[0]][s.ship] == 1  # ship_distance(s, w[0])
    if verb == "repair_near":  # bool(repair_reach(s, w)), stopping at the first blackout
        black = s.black
        for n in s.content.king[w[3] % 3 + 1][w[0]]:  # noqa: SIM110 (a generator is a call)
            if black[n]:
                return True
        return False
    if verb == "heal_space":
        return s.space_life < s.max_space
    return True


def activate(s: State, owner: int, zone: int, seat: int) -> None:
    """5.5 / 6.1: the 起動 effect of ``owner``'s weapon ``zone``, used by ``seat``'s 操作 — any
    weapon on the map (L-26), its choices made by ``seat``."""
    w = weapon_of(s, owner, zone)
    assert w is not None
    if w[1] == seat:
        s.log_tail.append(("5.5", "weapon_activated", (_SEAT[seat], _CARD[w[2]], _SQUARE[w[0]]), None))
    else:
        args = (_SEAT[seat], _OWNER[w[1]], _CARD[w[2]], _SQUARE[w[0]])
        s.log_tail.append(("5.5", "weapon_activated_of", args, None))
    if s.timing != "simple":
        s.agenda.append(("weapon_effect", w, "6.1", seat))  # s.push: L-29, announced so it can be answered
        return
    _effect(s, w, "6.1", seat)


def _effect(s: State, w: Weapon, clause: str, chooser: int) -> None:
    """A weapon's effect; ``chooser`` makes its choices (who activated it, or its owner when it
    triggers); what it gives goes to its owner (the text says 持ち主)."""
    e = s.content.weapon_effect[w[2]]
    assert e is not None
    verb = e.verb
    if verb in ("strike_in_range", "strike_adjacent", "damage_enemy"):
        damage_enemy(s, int(e.params.get("amount", 1)), clause)
    elif verb == "repair_near":
        reach = tuple(repair_reach(s, w))
        if reach:
            s.ask("clear", chooser, reach, clause)
        else:  # L-29: a strategy answering it cleared them first
            s.say(clause, "no_blackout")
    elif verb == "heal_space":
        heal_space(s, int(e.params["amount"]), clause)
    elif verb == "ship_push":
        s.ask("push", chooser, clause)
    elif verb == "draw_codes":
        queue_draws(s, "draw_code", int(e.params["count"]), [w[1]], clause)
    if e.spent and w in s.weapons:
        destroy_weapon(s, w, "6.1")


def ship_arrived(s: State) -> None:
    """6.1: weapons whose 誘発 fires when the enemy ship comes next to them (mines)."""
    if not s.weapons:
        return
    near = s.content.orthogonal[s.ship]  # (geometry.orthogonal, read here: a call costs more)
    if s.timing != "simple":  # L-29: each mine's effect is announced in turn, so it can be answered
        fired = []
        for w in s.weapons:  # (a loop: most moves reach no weapon, and a comprehension is a call)
            if w[0] in near:
                e = s.content.weapon_effect[w[2]]
                if e is not None and e.timing == "trigger" and e.trigger == "ship_adjacent":
                    fired.append(("weapon_effect", w, "6.1", w[1]))
        if fired:
            s.push(*fired)
        return
    for w in list(s.weapons):
        e = s.content.weapon_effect[w[2]]
        if w[0] in near and e is not None and e.timing == "trigger" and e.trigger == "ship_adjacent":
            if w not in s.weapons or s.enemy_life <= 0 or s.space_life <= 0:
                continue  # 2.2, 2.3: play stops the moment a life reaches 0 (rules version 5)
            s.log_tail.append(("6.1", "weapon_triggered", (_CARD[w[2]], _SQUARE[w[0]]), None))
            _effect(s, w, "6.1", w[1])

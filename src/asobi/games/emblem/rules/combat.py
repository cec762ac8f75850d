"""Combat and healing (C-5 … C-11, C-22, C-33): equipment choices, damage in 気力 chips,
counter-attacks, retreat (2.3.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.flow import Pending

from ..cards import DIRECT, HEALING, INDIRECT
from ..units import U_CARD, U_CHIPS, U_HONE, U_ITEM, U_MAGIC, U_OWNER, U_POISON, U_WEAPON
from . import amounts, victory
from .args import SQ
from .field import DISTANCE, SORTIE_ROW, reaches
from .tables import CARD_ARGS, CARDS

if TYPE_CHECKING:
    from ..types import State


def equipment(s: State, u: list[int]) -> int:
    """The weapon (direct, indirect) or magic (magic, healing) a unit would use, or -1 (C-8)."""
    atype = CARDS[u[U_CARD]].attack_type
    return u[U_WEAPON] if atype in (DIRECT, INDIRECT) else u[U_MAGIC]


def usable_equipment(s: State, u: list[int]) -> int:
    """The equipment a unit may choose to use now: its cost is payable from unused chips (C-9)."""
    eq = equipment(s, u)
    if eq >= 0 and CARDS[eq].cost <= s.unused[u[U_OWNER]]:
        return eq
    return -1


def attack_value(s: State, u: list[int], target: int, use: bool) -> int:
    """攻 + modifiers (C-6, C-33); ``target`` is the square attacked, or -1 for the printed value."""
    cards = CARDS
    card = cards[u[U_CARD]]
    owner = u[U_OWNER]
    v = card.attack + u[U_HONE]
    target_move = -2
    if target >= 0:
        t = s.field[target]
        target_move = cards[t[U_CARD]].move if t is not None else -2
    if card.bane_move == target_move:
        v += card.bane_amount
    if use:
        eq = cards[equipment(s, u)]
        v += eq.bonus
        if eq.bane_move == target_move:
            v += eq.bane_amount
    if u[U_ITEM] >= 0:
        v += cards[u[U_ITEM]].attack_bonus
    land = s.land[owner]
    if land >= 0:
        amount, move = cards[land].army_attack
        if amount and move in (-1, card.move):
            v += amount
    return max(0, v)


def counter_value(s: State, u: list[int], use: bool) -> int:
    """反 + modifiers (C-7, C-33)."""
    cards = CARDS
    card = cards[u[U_CARD]]
    v = card.counter
    if use:
        v += cards[equipment(s, u)].bonus
    if u[U_ITEM] >= 0:
        v += cards[u[U_ITEM]].counter_bonus
    guardian = s.guardian[u[U_OWNER]]
    if guardian >= 0:
        amount, move = cards[guardian].army_counter
        if amount and move in (-1, card.move):
            v += amount
    return max(0, v)


def strikes(s: State, u: list[int], use: bool) -> int:
    cards = CARDS
    n = cards[u[U_CARD]].strikes
    if use:
        n = max(n, cards[equipment(s, u)].strikes)
    return n


def poisonous(s: State, u: list[int], use: bool) -> bool:
    cards = CARDS
    return cards[u[U_CARD]].poison or (use and cards[equipment(s, u)].poison)


def can_counter(s: State, defender: int, attacker: int) -> bool:
    """C-7: a defender counters if its own attack type reaches the attacker; healers never do."""
    d = s.field[defender]
    assert d is not None
    atype = CARDS[d[U_CARD]].attack_type
    return atype != HEALING and reaches(atype, defender, attacker)


def guard(s: State, sq: int) -> int:
    """C-16: damage prevented on the owner's 出撃マス by a guardian card."""
    u = s.field[sq]
    assert u is not None
    owner = u[U_OWNER]
    g = s.guardian[owner]
    if g >= 0 and sq // 3 == SORTIE_ROW[owner]:
        return CARDS[g].sortie_guard
    return 0


# ---- the attack sequence (C-5) ---------------------------------------------------------------------
def begin_attack(s: State, target: int) -> None:
    """Task ``("attack", target)``: the active unit attacks ``target``; each side may choose to use
    its equipment, then the damage is dealt (what comes after is on the agenda already)."""
    s.target = target
    a = s.field[s.active]
    assert a is not None
    args = (("card", CARDS[a[U_CARD]].id), ("sq", s.active), ("tsq", target))
    s.log_tail.append(("C-5", "attack", args, None, ("2.4.4",)))
    s.attack_use = 0
    s.counter_use = 0
    if usable_equipment(s, a) >= 0:
        s.ask("attack_equipment", a[U_OWNER])
    else:
        _ask_defender(s)


def legal_equipment(s: State) -> list[tuple[Any, ...]]:
    return [("equipment", 0), ("equipment", 1)]


def _pay(s: State, u: list[int]) -> None:
    eq = equipment(s, u)
    cost = CARDS[eq].cost
    owner = u[U_OWNER]
    s.unused[owner] -= cost
    s.used[owner] += cost
    s.emit("C-9", "use_equipment", (("card", s.card_id(eq)), ("unit", s.card_id(u[U_CARD])), ("n", cost)))


def act_attack_equipment(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    a = s.field[s.active]
    assert a is not None
    s.attack_use = action[1]
    if s.attack_use:
        _pay(s, a)
    _ask_defender(s)


def _ask_defender(s: State) -> None:
    d = s.field[s.target]
    assert d is not None
    if can_counter(s, s.target, s.active) and usable_equipment(s, d) >= 0:
        s.ask("counter_equipment", d[U_OWNER])
    else:
        resolve(s)


def act_counter_equipment(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    d = s.field[s.target]
    assert d is not None
    s.counter_use = action[1]
    if s.counter_use:
        _pay(s, d)
    resolve(s)


def damage(s: State, sq: int, amount: int, poison: bool, clause: str) -> bool:
    """Take ``amount`` 気力 chips off the unit on ``sq`` to its owner's used chips (C-6); at 0 it
    retreats to 戦場外 (2.3.7). Whether it is still on the field."""
    u = s.own_unit(sq)
    owner = u[U_OWNER]
    lost = min(amount, u[U_CHIPS])
    u[U_CHIPS] -= lost
    s.used[owner] += lost
    s.emit(clause, "damage", (CARD_ARGS[u[U_CARD]], SQ[sq], ("n", lost), ("left", u[U_CHIPS])))
    if u[U_CHIPS] == 0:
        retreat(s, sq)
        return False
    if poison and lost > 0 and not u[U_POISON]:
        u[U_POISON] = 1
        s.emit("C-22", "poisoned", (("card", s.card_id(u[U_CARD])), ("sq", sq)))
    return True


def retreat(s: State, sq: int) -> None:
    """2.3.7: a unit without 気力 chips retreats to 戦場外 (its cards with it, C-14); C-24 checks."""
    u = s.remove_unit(sq)
    s.log_tail.append(("2.3.7", "retreat", (("card", CARDS[u[U_CARD]].id), ("sq", sq)), None))
    victory.check_wipeout(s, u[U_OWNER])


def resolve(s: State) -> None:
    """C-6, C-7: the attack's damage, then the counter-attack if the defender is still there."""
    a_sq, d_sq = s.active, s.target
    a = s.field[a_sq]
    d = s.field[d_sq]
    assert a is not None and d is not None
    use, cuse = bool(s.attack_use), bool(s.counter_use)
    hit = max(0, attack_value(s, a, d_sq, use) * strikes(s, a, use) - guard(s, d_sq))
    alive = damage(s, d_sq, hit, poisonous(s, a, use), "C-6")
    # An attack ends the game only by driving the defender off (C-24): then there is no counter.
    # (``d`` is the defender as it stood: damage changed a copy, State.own_unit; the
    # counter reads only its cards.)
    if alive and can_counter(s, d_sq, a_sq):
        back = max(0, counter_value(s, d, cuse) - guard(s, a_sq))
        damage(s, a_sq, back, poisonous(s, d, cuse), "C-7")


def heal(s: State, target: int) -> None:
    """Task ``("heal", target)``, C-11: a healer puts up to (攻 + what its magic's text adds to
    healing: Mend Staff's 回復量+1) unused chips on another friendly unit; how many is the healer's
    choice (C-35), asked when there is a choice (what comes after is on the agenda already). A
    magic's attack bonus is for attacks: it does not heal."""
    h = s.field[s.active]
    assert h is not None
    cards = CARDS
    amount = cards[h[U_CARD]].attack + (cards[h[U_MAGIC]].heal_bonus if h[U_MAGIC] >= 0 else 0)
    amounts.put(s, "heal", target, s.active, amount)


def distance(a: int, b: int) -> int:
    return DISTANCE[a][b]

"""Keywords and timed effects: 自ターン開始時 effects (2.3.4: 捕獲 C-21, 毒 C-22, land C-15) and the
end-phase keywords 象徴 (C-17), 修練 (C-18), 伝承 (C-19), 練磨 (C-20)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from asobi.core.flow import Pending

from ..units import (
    SLOTS,
    U_ACTED,
    U_CARD,
    U_CHIPS,
    U_HONE,
    U_ITEM,
    U_ITEM_OWNER,
    U_OWNER,
    U_POISON,
    U_USED,
    USED_HONING,
    USED_LEGACY,
    USED_SYMBOL,
    USED_TRAINING,
)
from . import amounts, combat, kokuryoku, victory
from .field import ADJACENT, ALL_SQUARES, SORTIE_SQUARES
from .flow import ENTER_DRAW
from .tables import CARDS, MOST

if TYPE_CHECKING:
    from ..types import State


HONING_COST = 2
"""C-20: chips paid for one step of 練磨."""


def _capture_target(s: State, sq: int) -> int:
    """C-21: the enemy unit with exactly one 気力 chip next to the capturer on ``sq`` (lowest
    square first), or -1."""
    seat = s.turn_player
    for t in ADJACENT[sq]:
        v = s.field[t]
        if v is not None and v[U_OWNER] != seat and v[U_CHIPS] == 1:
            return t
    return -1


def _land_targets(s: State) -> tuple[list[int], int]:
    """C-15: the turn player's units on its 出撃マス that a turn-start land may put a chip on, and
    how many of them get one (the card's number, or fewer if unused chips run short)."""
    seat = s.turn_player
    land = s.land[seat]
    if land < 0 or not CARDS[land].turn_start_chips:
        return [], 0
    out = []
    for sq in SORTIE_SQUARES[seat]:
        u = s.field[sq]
        if u is not None and u[U_OWNER] == seat and u[U_CHIPS] < MOST[u[U_CARD]][u[U_ITEM]]:
            out.append(sq)
    return out, min(CARDS[land].turn_start_chips, s.unused[seat], len(out))


def _pending(s: State, effect: tuple[Any, ...]) -> bool:
    """Whether a capture or a poison (自ターン開始時) would still do something now."""
    u = s.field[effect[1]]
    if u is None or u[U_OWNER] != s.turn_player:
        return False
    if effect[0] == "capture":
        return _capture_target(s, effect[1]) >= 0
    return bool(u[U_POISON])


def _land_may_act(s: State, others: list[tuple[Any, ...]]) -> bool:
    """Whether the turn-start land may still put a chip on a unit: it has one to put on now, or a
    poison still to resolve (among ``others``) may take a unit on the land's squares below its
    maximum first (C-34: the printed order resolves the land after the poison)."""
    if _land_targets(s)[1] > 0:
        return True
    seat = s.turn_player
    if not s.unused[seat]:
        return False
    squares = SORTIE_SQUARES[seat]
    return any(e[0] == "poison" and e[1] in squares for e in others)


def _order_matters(s: State, todo: list[tuple[Any, ...]]) -> bool:
    """C-34: whether the turn player has a real choice — of order or of the land's targets.

    The order matters when the land could put a chip on a poisoned unit (land first may save it,
    or poison first may make room below its maximum), when a capturer with one chip is poisoned
    (poison first removes it before it captures), or when two capturers share a unit they could
    capture. Poisons on different units, and a capture beside a land or a poison elsewhere, give
    the same result in any order."""
    land, n = _land_targets(s)
    if len(land) > n > 0:
        return True
    if len(todo) < 2:
        return False
    seat = s.turn_player
    has_land = any(e[0] == "land" for e in todo)
    poisoned = [e[1] for e in todo if e[0] == "poison"]
    capturers = [e[1] for e in todo if e[0] == "capture"]
    if has_land and any(sq in SORTIE_SQUARES[seat] for sq in poisoned):
        return True
    for sq in capturers:
        u = s.field[sq]
        if sq in poisoned and u is not None and u[U_CHIPS] == 1:
            return True
    seen: set[int] = set()
    for sq in capturers:
        for t in ADJACENT[sq]:
            v = s.field[t]
            if v is not None and v[U_OWNER] != seat and v[U_CHIPS] == 1:
                if t in seen:
                    return True
                seen.add(t)
    return False


def turn_start(s: State) -> None:
    """Task ``turn_start``, 2.3.4: the turn player's ★ 自ターン開始時 effects (捕獲 C-21, 毒 C-22, land C-15). Each is
    mandatory; their order is the turn player's (2.3.2: steps in any order unless stated), and so
    are the land's targets — asked only when the choice can change anything (C-34)."""
    seat = s.turn_player
    field = s.field
    todo: list[tuple[Any, ...]] = []
    for sq in ALL_SQUARES:
        u = field[sq]
        if u is None:
            continue
        if u[U_OWNER] != seat:
            continue
        if CARDS[u[U_CARD]].capture and _capture_target(s, sq) >= 0:
            todo.append(("capture", sq))
        if u[U_POISON]:
            todo.append(("poison", sq))
    land = s.land[seat]
    if land >= 0 and CARDS[land].turn_start_chips and _land_may_act(s, todo):
        todo.append(("land",))
    if not todo:  # (what settle_start does with nothing to do, without its calls)
        s.start_todo = ()
        s.agenda.append(ENTER_DRAW)
        return
    s.start_todo = tuple(todo)
    settle_start(s)


def settle_start(s: State) -> None:
    """Ask for the next 自ターン開始時 effect if the choice matters (C-34); otherwise resolve the
    rest in the printed order (捕獲, 毒, land) and go on to the draw step."""
    todo = [e for e in s.start_todo if e[0] != "land" and _pending(s, e)]
    if ("land",) in s.start_todo and _land_may_act(s, todo):
        todo.append(("land",))
    if todo and _order_matters(s, todo):
        s.start_todo = tuple(todo)
        s.ask("start_effects", s.turn_player)
        return
    s.start_todo = ()
    for e in sorted(todo, key=lambda e: ("capture", "poison", "land").index(e[0])):
        if e[0] == "land":
            land, n = _land_targets(s)
            _resolve(s, ("land", tuple(land[:n])))
        else:
            _resolve(s, e)
        if s.winner >= 0:
            return
    s.push(ENTER_DRAW)


def legal_start_effects(s: State) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    for e in s.start_todo:
        if e[0] == "land":
            land, n = _land_targets(s)
            out.extend(("land", combo) for combo in combinations(land, n))
        else:
            out.append(e)
    out.sort()
    return out


def act_start_effects(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    key = ("land",) if action[0] == "land" else action
    s.start_todo = tuple(e for e in s.start_todo if e != key)
    _resolve(s, action)
    if s.winner < 0:
        settle_start(s)


def _resolve(s: State, action: tuple[Any, ...]) -> None:
    """One 自ターン開始時 effect: a capture, a poison, or the land's chips on the squares given."""
    seat = s.turn_player
    verb = action[0]
    if verb == "capture":
        sq = action[1]
        u = s.field[sq]
        t = _capture_target(s, sq) if u is not None else -1
        if u is None or t < 0:
            return
        v = s.remove_unit(t, to_kokugai=True)
        s.emit(
            "C-21",
            "capture",
            (("card", s.card_id(u[U_CARD])), ("target", s.card_id(v[U_CARD])), ("sq", t)),
        )
        victory.check_wipeout(s, v[U_OWNER])
    elif verb == "poison":
        sq = action[1]
        u = s.field[sq]
        if u is None or not u[U_POISON]:
            return
        s.own_unit(sq)[U_POISON] = 0
        combat.damage(s, sq, 1, False, "C-22")
    else:
        land = s.land[seat]
        for sq in action[1]:
            u = s.field[sq]
            if u is not None and s.add_chips(sq, 1):
                s.emit(
                    "2.3.4",
                    "land_chip",
                    (("card", s.card_id(land)), ("target", s.card_id(u[U_CARD])), ("sq", sq)),
                )


def _friends_below_max(s: State, sq: int, seat: int) -> list[int]:
    out = []
    for t in ADJACENT[sq]:
        v = s.field[t]
        if v is not None and v[U_OWNER] == seat and v[U_CHIPS] < MOST[v[U_CARD]][v[U_ITEM]]:
            out.append(t)
    return out


def legal_keywords(s: State, sq: int) -> list[tuple[Any, ...]]:
    """The end-phase keyword uses open to the turn player's unit on ``sq``."""
    u = s.field[sq]
    assert u is not None
    seat = u[U_OWNER]
    card = CARDS[u[U_CARD]]
    used = u[U_USED]
    unused = s.unused[seat]
    out: list[tuple[Any, ...]] = []
    if card.symbol and not used & USED_SYMBOL and unused:
        friends = _friends_below_max(s, sq, seat)
        if friends:
            # C-17: up to N neighbours — every one that can take a chip when there are no more than
            # the keyword and the chips allow, else the player picks which
            size = min(card.symbol, unused, len(friends))
            out.extend(("symbol", sq, combo) for combo in combinations(friends, size))
    if (
        card.training
        and not used & USED_TRAINING
        and not u[U_ACTED]
        and unused
        and u[U_CHIPS] < MOST[u[U_CARD]][u[U_ITEM]]
    ):
        out.append(("training", sq))
    if card.legacy and not used & USED_LEGACY:
        for slot, index in enumerate(SLOTS):
            c = u[index]
            if c < 0 or (index == U_ITEM and u[U_ITEM_OWNER] != seat):
                continue
            for t in ADJACENT[sq]:
                v = s.field[t]
                if v is not None and v[U_OWNER] == seat and kokuryoku.may_hold(s, v, c):
                    out.append(("legacy", sq, t, slot))
    if card.honing and not used & USED_HONING and u[U_HONE] < card.honing and unused >= HONING_COST:
        out.append(("honing", sq))
    return out


END_EFFECT = ("2.5.3",)
"""2.5.3: the end phase's step in which these effects are used (cited beside each keyword's own clause)."""


def act_keyword(s: State, action: tuple[Any, ...]) -> None:
    """Use a keyword (【修練】 may then ask for its number of chips, C-35)."""
    verb, sq = action[0], action[1]
    u = s.own_unit(sq)
    seat = u[U_OWNER]
    card = CARDS[u[U_CARD]]
    name = card.id
    if verb == "symbol":
        u[U_USED] |= USED_SYMBOL
        n = 0
        for t in action[2]:
            n += s.add_chips(t, 1)
        s.emit("C-17", "symbol", (("card", name), ("sq", sq), ("n", n)), also=END_EFFECT)
    elif verb == "training":
        u[U_USED] |= USED_TRAINING
        amounts.put(s, "training", sq, -1, card.training)
    elif verb == "legacy":
        _, _, t, slot = action
        u[U_USED] |= USED_LEGACY
        v = s.own_unit(t)
        index = SLOTS[slot]
        moved = u[index]
        v[index] = moved
        u[index] = -1
        s.emit(
            "C-19",
            "legacy",
            (("card", name), ("item", s.card_id(moved)), ("target", s.card_id(v[U_CARD])), ("sq", t)),
            also=END_EFFECT,
        )
        if index == U_ITEM:
            v[U_ITEM_OWNER] = seat
            u[U_ITEM_OWNER] = -1
            kokuryoku.trim_chips(s, u)  # the giver may have lost a 気力 bonus (C-33)
    elif verb == "honing":
        u[U_USED] |= USED_HONING
        s.unused[seat] -= HONING_COST
        s.used[seat] += HONING_COST
        u[U_HONE] += 1
        s.emit("C-20", "honing", (("card", name), ("sq", sq), ("n", u[U_HONE])), also=END_EFFECT)

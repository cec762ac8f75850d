"""Keywords and timed effects: 自ターン開始時 effects (2.3.4: 捕獲 C-21, 毒 C-22, land C-15) and the
end-phase keywords 象徴 (C-17), 修練 (C-18), 伝承 (C-19), 練磨 (C-20)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
from . import combat, kokuryoku, victory
from .field import ADJACENT, SORTIE_SQUARES, SQUARES

if TYPE_CHECKING:
    from ..state import EmblemState

HONING_COST = 2
"""C-20: chips paid for one step of 練磨."""


def turn_start(s: EmblemState) -> None:
    """2.3.4: ★ the turn player's 自ターン開始時 effects, in the printed order: 捕獲, 毒, land."""
    seat = s.turn_player
    cards = s.cards.cards
    for sq in range(SQUARES):
        u = s.field[sq]
        if u is None or u[U_OWNER] != seat or not cards[u[U_CARD]].capture:
            continue
        for t in ADJACENT[sq]:
            v = s.field[t]
            if v is not None and v[U_OWNER] != seat and v[U_CHIPS] == 1:
                s.remove_unit(t, to_kokugai=True)
                s.emit(
                    "C-21",
                    "capture",
                    (("card", s.card_id(u[U_CARD])), ("target", s.card_id(v[U_CARD])), ("sq", t)),
                )
                victory.check_wipeout(s, v[U_OWNER])
                break
    for sq in range(SQUARES):
        u = s.field[sq]
        if u is not None and u[U_OWNER] == seat and u[U_POISON]:
            u[U_POISON] = 0
            combat.damage(s, sq, 1, False, "C-22")
            if s.winner >= 0:
                return
    land = s.land[seat]
    if land >= 0 and cards[land].turn_start_chips:
        left = cards[land].turn_start_chips
        for sq in SORTIE_SQUARES[seat]:
            u = s.field[sq]
            if left and u is not None and u[U_OWNER] == seat and s.add_chips(u, 1):
                left -= 1
                s.emit(
                    "2.3.4",
                    "land_chip",
                    (("card", s.card_id(land)), ("target", s.card_id(u[U_CARD])), ("sq", sq)),
                )


def _friends_below_max(s: EmblemState, sq: int, seat: int) -> list[int]:
    out = []
    for t in ADJACENT[sq]:
        v = s.field[t]
        if v is not None and v[U_OWNER] == seat and v[U_CHIPS] < s.max_morale(v):
            out.append(t)
    return out


def legal_keywords(s: EmblemState, sq: int) -> list[tuple[Any, ...]]:
    """The end-phase keyword uses open to the turn player's unit on ``sq``."""
    u = s.field[sq]
    assert u is not None
    seat = u[U_OWNER]
    card = s.cards.cards[u[U_CARD]]
    used = u[U_USED]
    unused = s.unused[seat]
    out: list[tuple[Any, ...]] = []
    if card.symbol and not used & USED_SYMBOL and unused and _friends_below_max(s, sq, seat):
        out.append(("symbol", sq))
    if (
        card.training
        and not used & USED_TRAINING
        and not u[U_ACTED]
        and unused
        and u[U_CHIPS] < s.max_morale(u)
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


def act_keyword(s: EmblemState, action: tuple[Any, ...]) -> None:
    verb, sq = action[0], action[1]
    u = s.field[sq]
    assert u is not None
    seat = u[U_OWNER]
    card = s.cards.cards[u[U_CARD]]
    name = card.id
    if verb == "symbol":
        u[U_USED] |= USED_SYMBOL
        n = 0
        for t in _friends_below_max(s, sq, seat)[: card.symbol]:
            v = s.field[t]
            assert v is not None
            n += s.add_chips(v, 1)
        s.emit("C-17", "symbol", (("card", name), ("sq", sq), ("n", n)))
    elif verb == "training":
        u[U_USED] |= USED_TRAINING
        n = s.add_chips(u, card.training)
        s.emit("C-18", "training", (("card", name), ("sq", sq), ("n", n)))
    elif verb == "legacy":
        _, _, t, slot = action
        u[U_USED] |= USED_LEGACY
        v = s.field[t]
        assert v is not None
        index = SLOTS[slot]
        moved = u[index]
        v[index] = moved
        u[index] = -1
        if index == U_ITEM:
            v[U_ITEM_OWNER] = seat
            u[U_ITEM_OWNER] = -1
            over = u[U_CHIPS] - s.max_morale(u)
            if over > 0:
                u[U_CHIPS] -= over
                s.used[seat] += over
        s.emit(
            "C-19",
            "legacy",
            (("card", name), ("item", s.card_id(moved)), ("target", s.card_id(v[U_CARD])), ("sq", t)),
        )
    elif verb == "honing":
        u[U_USED] |= USED_HONING
        s.unused[seat] -= HONING_COST
        s.used[seat] += HONING_COST
        u[U_HONE] += 1
        s.emit("C-20", "honing", (("card", name), ("sq", sq), ("n", u[U_HONE])))

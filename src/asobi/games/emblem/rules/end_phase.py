"""エンドフェイズ (2.5): its start, the use of effects (世代交代 and keywords), the discard to 7,
and the end of the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..limits import HAND_LIMIT
from ..units import U_CARD, U_CHIPS, U_OWNER
from . import flow, keywords, kokuryoku
from .args import SEAT, SEAT_ONLY
from .field import SQUARES

if TYPE_CHECKING:
    from ..state import EmblemState


def begin_end_phase(s: EmblemState) -> None:
    s.actor = s.turn_player
    s.emit("2.5.1", "end_phase", SEAT_ONLY[s.turn_player])
    flow.goto(s, flow.END_START)


# ---- 1. エンドフェイズ開始時 (2.5.2) -------------------------------------------------------------
def _rally_amount(s: EmblemState) -> int:
    land = s.land[s.turn_player]
    return s.cards.cards[land].end_start_chips if land >= 0 and not s.rallied else 0


def legal_end_start(s: EmblemState) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    seat = s.turn_player
    if _rally_amount(s) and s.unused[seat]:
        for sq in range(SQUARES):
            u = s.field[sq]
            if u is not None and u[U_OWNER] == seat and u[U_CHIPS] < s.max_morale(u):
                out.append(("rally", sq))
    out.append(flow.NEXT)
    return out


def idle_end_start(s: EmblemState) -> bool:
    return len(legal_end_start(s)) == 1


def act_end_start(s: EmblemState, action: tuple[Any, ...]) -> None:
    if action[0] == "rally":
        u = s.field[action[1]]
        assert u is not None
        land = s.land[s.turn_player]
        n = s.add_chips(u, _rally_amount(s))
        s.rallied = 1
        s.emit(
            "2.5.2",
            "rally",
            (("card", s.card_id(land)), ("target", s.card_id(u[U_CARD])), ("sq", action[1]), ("n", n)),
        )
        if not idle_end_start(s):
            return
    flow.goto(s, flow.END_EFFECTS)


# ---- 2. 効果の使用 (2.5.3–2.5.5) ------------------------------------------------------------------
def legal_succession(s: EmblemState, sq: int) -> list[tuple[Any, ...]]:
    """世代交代 both ways for the unit on ``sq`` (2.5.4, 2.5.5, C-27, C-31)."""
    u = s.field[sq]
    assert u is not None
    seat = u[U_OWNER]
    cards = s.cards.cards
    card = cards[u[U_CARD]]
    hand = s.hand[seat]
    out: list[tuple[Any, ...]] = []
    if card.children:
        chars = None
        for child in card.children:
            if child in hand:
                if chars is None:
                    chars = kokuryoku.characters_on_field(s, seat, skip=sq)
                if not (cards[child].character and cards[child].character in chars):
                    out.append(("succeed", sq, cards[child].id))
    if card.parent >= 0 and card.parent in hand and u[U_CHIPS] < s.max_morale(u) and s.unused[seat]:
        out.append(("inherit", sq, cards[card.parent].id))
    return out


def legal_effects(s: EmblemState) -> list[tuple[Any, ...]]:
    seat = s.turn_player
    out: list[tuple[Any, ...]] = []
    end_keyword = s.cards.end_keyword
    for sq in range(SQUARES):
        u = s.field[sq]
        if u is not None and u[U_OWNER] == seat:
            if end_keyword[u[U_CARD]]:
                out.extend(keywords.legal_keywords(s, sq))
            out.extend(legal_succession(s, sq))
    out.append(flow.NEXT)
    out.sort()
    return out


def idle_effects(s: EmblemState) -> bool:
    """Public information alone: no keyword is open and no unit on the field has family (C-30)."""
    seat = s.turn_player
    cards = s.cards.cards
    has_hand = bool(s.hand[seat])
    for sq in range(SQUARES):
        u = s.field[sq]
        if u is None or u[U_OWNER] != seat:
            continue
        card = cards[u[U_CARD]]
        if has_hand and (card.children or card.parent >= 0):
            return False
        if s.cards.end_keyword[u[U_CARD]] and keywords.legal_keywords(s, sq):
            return False
    return True


def act_effects(s: EmblemState, action: tuple[Any, ...]) -> None:
    verb = action[0]
    if verb == "succeed":
        succeed(s, action[1], s.cards.index(action[2]))
    elif verb == "inherit":
        inherit(s, action[1], s.cards.index(action[2]))
    elif verb != "next":
        keywords.act_keyword(s, action)
    if verb == "next" or idle_effects(s):
        flow.goto(s, flow.DISCARD)


def succeed(s: EmblemState, sq: int, child: int) -> None:
    """2.5.4: the parent leaves for 戦場外, the child takes its square, chips and cards (C-31),
    then is filled to its maximum 気力 from unused chips."""
    u = s.field[sq]
    assert u is not None
    seat = u[U_OWNER]
    parent = u[U_CARD]
    s.hand[seat].remove(child)
    s.to_offfield(seat, parent)
    u[U_CARD] = child
    over = u[U_CHIPS] - s.max_morale(u)
    if over > 0:
        u[U_CHIPS] -= over
        s.used[seat] += over
    n = s.add_chips(u, s.max_morale(u))
    s.emit(
        "2.5.4",
        "succeed",
        (("seat", seat), ("card", s.card_id(parent)), ("child", s.card_id(child)), ("sq", sq), ("n", n)),
    )


def inherit(s: EmblemState, sq: int, parent: int) -> None:
    """2.5.5: the parent card is shown and removed from the hand; the child on the field is
    filled to its maximum 気力 from unused chips."""
    u = s.field[sq]
    assert u is not None
    seat = u[U_OWNER]
    s.hand[seat].remove(parent)
    s.to_offfield(seat, parent)
    n = s.add_chips(u, s.max_morale(u))
    s.emit(
        "2.5.5",
        "inherit",
        (("seat", seat), ("card", s.card_id(parent)), ("child", s.card_id(u[U_CARD])), ("sq", sq), ("n", n)),
    )


# ---- 3. 手札の整理 (2.5.6) and the end of the turn (2.5.7) ----------------------------------------
def enter_discard(s: EmblemState) -> None:
    if len(s.hand[s.turn_player]) <= HAND_LIMIT:
        end_turn(s)


def legal_discard(s: EmblemState) -> list[tuple[Any, ...]]:
    ids = s.cards.cards
    return [("discard", ids[c].id) for c in sorted(set(s.hand[s.turn_player]))]


def act_discard(s: EmblemState, action: tuple[Any, ...]) -> None:
    seat = s.turn_player
    card = s.cards.index(action[1])
    s.hand[seat].remove(card)
    s.to_offfield(seat, card)
    s.emit("2.5.6", "discard", (SEAT[seat], ("card", action[1])))
    if len(s.hand[seat]) <= HAND_LIMIT:
        end_turn(s)


def end_turn(s: EmblemState) -> None:
    """2.5.7: the turn ends and the other player's begins (2.2.1)."""
    s.emit("2.5.7", "turn_end", SEAT_ONLY[s.turn_player])
    s.turn += 1
    s.turn_player = 1 - s.turn_player
    kokuryoku.begin_turn(s)

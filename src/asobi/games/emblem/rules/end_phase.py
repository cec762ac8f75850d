"""エンドフェイズ (2.5): its start, the use of effects (世代交代 and keywords), the discard to 7,
and the end of the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..limits import CHIPS, HAND_LIMIT
from ..units import U_CARD, U_CHIPS, U_OWNER
from . import amounts, flow, keywords, kokuryoku
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
        s.rallied = 1
        if not amounts.put(s, "rally", action[1], -1, _rally_amount_of(s)):
            return
        if not idle_end_start(s):
            return
    flow.goto(s, flow.END_EFFECTS)


def _rally_amount_of(s: EmblemState) -> int:
    """The land's number of chips for 2.5.2 (read once ``rallied`` is set)."""
    return s.cards.cards[s.land[s.turn_player]].end_start_chips


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
    done = True
    if verb == "succeed":
        done = succeed(s, action[1], s.cards.index(action[2]))
    elif verb == "inherit":
        done = inherit(s, action[1], s.cards.index(action[2]))
    elif verb != "next":
        done = keywords.act_keyword(s, action)
    if not done:
        return
    if verb == "next" or idle_effects(s):
        flow.goto(s, flow.DISCARD)


def succeed(s: EmblemState, sq: int, child: int) -> bool:
    """2.5.4: the parent leaves for 戦場外, the child takes its square, chips and cards (C-31);
    then up to its maximum 気力 more from unused chips, as many as the player likes (C-35).
    Whether it is done (not waiting for that number)."""
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
    return amounts.put(s, "succeed", sq, parent, CHIPS)


def inherit(s: EmblemState, sq: int, parent: int) -> bool:
    """2.5.5: the parent card is shown and removed from the hand; the child on the field gets up
    to its maximum 気力 from unused chips, as many as the player likes (C-35)."""
    u = s.field[sq]
    assert u is not None
    seat = u[U_OWNER]
    s.hand[seat].remove(parent)
    s.to_offfield(seat, parent)
    return amounts.put(s, "inherit", sq, parent, CHIPS)


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
    flow.then(s, "begin_turn")

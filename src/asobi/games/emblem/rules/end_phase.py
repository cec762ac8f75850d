"""エンドフェイズ (2.5): its start, the use of effects (世代交代 and keywords), the discard to 7,
and the end of the turn."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from asobi.core.flow import Pending

from ..cards import CardPool
from ..limits import CHIPS, HAND_LIMIT
from ..units import U_CARD, U_CHIPS, U_ITEM, U_OWNER
from . import amounts, keywords, kokuryoku
from .args import SEAT
from .events import END_PHASE, TURN_END
from .field import ALL_SQUARES, SQUARES
from .flow import ASK_DISCARD, ASK_EFFECTS, BEGIN_TURN, ENTER_EFFECTS, ENTER_END_START, NEXT
from .tables import CARDS, END_KEYWORD, FAMILY, MOST, POOL

if TYPE_CHECKING:
    from ..types import State


def begin_end_phase(s: State) -> None:
    """Task ``begin_end_phase`` (2.5.1): the turn player's end phase, from its start."""
    s.log_tail.append(END_PHASE[s.turn_player])
    end_start_step(s)


# ---- 1. エンドフェイズ開始時 (2.5.2) -------------------------------------------------------------
def end_start_step(s: State) -> None:
    """Task ``end_start``: ask about the land's chips, or pass on when there is nothing to do."""
    if idle_end_start(s):
        effects_step(s)
    else:
        s.ask("end_start", s.turn_player)


def _rally_amount(s: State) -> int:
    land = s.land[s.turn_player]
    return CARDS[land].end_start_chips if land >= 0 and not s.rallied else 0


def legal_end_start(s: State) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = [NEXT]  # sorted like every listing: ("next",) < ("rally", sq)
    seat = s.turn_player
    if _rally_amount(s) and s.unused[seat]:
        for sq in range(SQUARES):
            u = s.field[sq]
            if u is not None and u[U_OWNER] == seat and u[U_CHIPS] < MOST[u[U_CARD]][u[U_ITEM]]:
                out.append(("rally", sq))
    return out


def idle_end_start(s: State) -> bool:
    """Public information alone: no land's chips to put, or no friendly unit below its maximum."""
    seat = s.turn_player
    if not (_rally_amount(s) and s.unused[seat]):
        return True
    for u in s.field:
        if u is not None and u[U_OWNER] == seat and u[U_CHIPS] < MOST[u[U_CARD]][u[U_ITEM]]:
            return False
    return True


def act_end_start(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    if action[0] == "rally":
        s.rallied = 1
        s.push(ENTER_END_START)  # then this step again (its number of chips may be asked first)
        amounts.put(s, "rally", action[1], -1, _rally_amount_of(s))
    else:
        effects_step(s)


def _rally_amount_of(s: State) -> int:
    """The land's number of chips for 2.5.2 (read once ``rallied`` is set)."""
    return CARDS[s.land[s.turn_player]].end_start_chips


# ---- 2. 効果の使用 (2.5.3–2.5.5) ------------------------------------------------------------------
def effects_step(s: State) -> None:
    """Task ``effects``: ask which effect to use, or pass on when none could be (C-30). Listed on
    arrival: a listing with an effect in it needs no idle check, and is the decision's legal
    actions; one with "next" alone is asked only when public information leaves an effect open
    (:func:`idle_effects`). That listing has shown no keyword open, so of idle_effects' checks only
    世代交代's is left (a unit with family and a hand: :func:`_family_on_field`)."""
    legal = legal_effects(s)
    if len(legal) == 1 and not _family_on_field(s):
        discard_step(s)
    else:
        s.pending = ASK_EFFECTS[s.turn_player]
        s.legal_cache = tuple(legal)


def legal_succession(s: State, sq: int) -> list[tuple[Any, ...]]:
    """世代交代 both ways for the unit on ``sq`` (2.5.4, 2.5.5, C-27, C-31)."""
    u = s.field[sq]
    assert u is not None
    seat = u[U_OWNER]
    cards = CARDS
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
    if card.parent >= 0 and card.parent in hand and u[U_CHIPS] < MOST[u[U_CARD]][u[U_ITEM]] and s.unused[seat]:
        out.append(("inherit", sq, cards[card.parent].id))
    return out


def legal_effects(s: State) -> list[tuple[Any, ...]]:
    seat = s.turn_player
    field = s.field
    has_hand = bool(s.hand[seat])
    out: list[tuple[Any, ...]] = []
    for sq in ALL_SQUARES:
        u = field[sq]
        if u is None:
            continue
        if u[U_OWNER] == seat:
            card = u[U_CARD]
            if END_KEYWORD[card]:
                out.extend(keywords.legal_keywords(s, sq))
            if has_hand and FAMILY[card]:  # (else no 世代交代 is open)
                out.extend(legal_succession(s, sq))
    out.append(NEXT)
    out.sort()
    return out


def idle_effects(s: State) -> bool:
    """Public information alone: no keyword is open and no unit on the field has family (C-30)."""
    seat = s.turn_player
    field = s.field
    has_hand = bool(s.hand[seat])
    for sq in ALL_SQUARES:
        u = field[sq]
        if u is None:
            continue
        if u[U_OWNER] != seat:
            continue
        card = u[U_CARD]
        if has_hand and FAMILY[card]:
            return False
        if END_KEYWORD[card] and keywords.legal_keywords(s, sq):
            return False
    return True


def _family_on_field(s: State) -> bool:
    """A unit of the turn player's with a child or a parent, and a hand: 世代交代 may be open."""
    if not s.hand[s.turn_player]:
        return False
    seat = s.turn_player
    for u in s.field:  # noqa: SIM110 (a plain loop: no generator on this path)
        if u is not None and u[U_OWNER] == seat and FAMILY[u[U_CARD]]:
            return True
    return False


def act_effects(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    verb = action[0]
    if verb == "next":
        discard_step(s)
        return
    s.push(ENTER_EFFECTS)  # then this step again (an effect's number of chips may be asked first)
    if verb == "succeed":
        succeed(s, action[1], POOL.index_of[action[2]])
    elif verb == "inherit":
        inherit(s, action[1], POOL.index_of[action[2]])
    else:
        keywords.act_keyword(s, action)


def succeed(s: State, sq: int, child: int) -> None:
    """2.5.4: the parent leaves for 戦場外, the child takes its square, chips and cards (C-31);
    then up to its maximum 気力 more from unused chips, as many as the player likes (C-35)."""
    u = s.own_unit(sq)
    seat = u[U_OWNER]
    parent = u[U_CARD]
    s.hand[seat].remove(child)
    s.to_offfield(seat, parent)
    u[U_CARD] = child
    over = u[U_CHIPS] - MOST[u[U_CARD]][u[U_ITEM]]
    if over > 0:  # C-31: the child keeps no more than its maximum; the rest go to used, told
        u[U_CHIPS] -= over
        s.used[seat] += over
        s.emit("C-31", "chips_over", (("card", s.card_id(child)), ("n", over)))
    amounts.put(s, "succeed", sq, parent, CHIPS)


def inherit(s: State, sq: int, parent: int) -> None:
    """2.5.5: the parent card is shown and removed from the hand; the child on the field gets up
    to its maximum 気力 from unused chips, as many as the player likes (C-35)."""
    u = s.field[sq]
    assert u is not None
    seat = u[U_OWNER]
    s.hand[seat].remove(parent)
    s.to_offfield(seat, parent)
    amounts.put(s, "inherit", sq, parent, CHIPS)


# ---- 3. 手札の整理 (2.5.6) and the end of the turn (2.5.7) ----------------------------------------
def discard_step(s: State) -> None:
    """Arrive at 手札の整理: discard down to the limit, or end the turn when the hand is within it."""
    if len(s.hand[s.turn_player]) <= HAND_LIMIT:
        end_turn(s)
    else:
        s.pending = ASK_DISCARD[s.turn_player]


@cache
def discard_actions(cards: CardPool) -> tuple[tuple[str, str], ...]:
    """``[card]``: the action discarding that card, built once per pool."""
    return tuple(("discard", info.id) for info in cards.cards)


_DISCARDS = discard_actions(POOL)


def legal_discard(s: State) -> list[tuple[Any, ...]]:
    actions = _DISCARDS
    return [actions[c] for c in sorted(set(s.hand[s.turn_player]))]


def act_discard(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    seat = s.turn_player
    card = POOL.index_of[action[1]]
    s.hand[seat].remove(card)
    s.to_offfield(seat, card)
    s.log_tail.append(("2.5.6", "discard", (SEAT[seat], ("card", action[1])), None))
    if len(s.hand[seat]) <= HAND_LIMIT:
        end_turn(s)
    else:
        s.pending = pending  # the same decision again


def end_turn(s: State) -> None:
    """2.5.7: the turn ends and the other player's begins (2.2.1)."""
    s.log_tail.append(TURN_END[s.turn_player])
    s.turn += 1
    s.turn_player = 1 - s.turn_player
    s.agenda.append(BEGIN_TURN)

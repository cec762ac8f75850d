"""国力フェイズ (2.2, 2.3): the turn's two 国力 phases and their steps — start, draw, unit, item."""

from __future__ import annotations

from bisect import bisect_left, insort
from functools import cache
from typing import TYPE_CHECKING, Any

from asobi.core.flow import Pending

from ..cards import GUARDIAN, HEALING, ITEM, LAND, MAGIC, MAGIC_ATTACK, UNIT, WEAPON, CardPool
from ..limits import CANCELS_PER_UNIT_STEP, CHIPS_PER_UNIT_STEP
from ..pairs import with_seat
from ..units import (
    SLOTS,
    U_ATTACHED,
    U_CARD,
    U_CHIPS,
    U_ITEM,
    U_ITEM_OWNER,
    U_MAGIC,
    U_OWNER,
    U_USED,
    U_WEAPON,
    new_unit,
)
from . import amounts, victory
from .args import SEAT, SQ
from .events import DRAWS, DREW, OTHER_KOKURYOKU_PHASE, TURN_KOKURYOKU_PHASE
from .field import ALL_SQUARES, SORTIE_SQUARES, SQUARES
from .flow import (
    ASK_DEPLOY_CHIPS,
    ASK_DEPLOY_SQUARE,
    ASK_ITEM,
    ASK_UNIT,
    BEGIN_INVASION,
    CANCEL,
    CHANCE_DRAW,
    NEXT,
    TURN_START,
)
from .tables import (
    CARD_ARGS,
    CARDS,
    CHARACTER,
    ENEMY_ONLY,
    EQUIPMENT_CARDS,
    MOST,
    PLACEABLE_CARDS,
    POOL,
    UNIT_CARDS,
)

if TYPE_CHECKING:
    from ..types import State

SLOT_NAMES = ("weapon", "magic", "item")


def begin_turn(s: State) -> None:
    """Task ``begin_turn`` (2.2.1): the turn player's turn begins; once-per-turn things are reset;
    its 国力 phase begins at the start step."""
    seat = s.turn_player
    tail = s.log_tail
    tail.append(("2.2.1", "turn", (("turn", s.turn), SEAT[seat]), None))
    s.placed = 0
    s.rallied = 0
    for u in s.field:  # (the pass that begins State.clear_on_units)
        if u is not None and u[U_USED]:
            s.clear_on_units(U_USED)
            break
    s.koku = 0
    s.phase_seat = seat
    tail.append(TURN_KOKURYOKU_PHASE[seat])
    # 開始ステップ, only in one's own turn: ★ used chips come back first of all (2.3.3), then ★ the
    # 自ターン開始時 effects (2.3.4)
    back = s.used[seat]
    s.unused[seat] += back
    s.used[seat] = 0
    tail.append(("2.3.3", "chips_back", (SEAT[seat], ("n", back)), None))
    s.agenda.append(TURN_START)


def draw_step(s: State) -> None:
    """Task ``draw``, the ドローステップ: ★ draw one card (2.3.5, a chance node); an empty deck
    ends the game (C-25)."""
    if s.deck_left[s.phase_seat] == 0:
        victory.deck_out(s, s.phase_seat)
    else:
        s.chance = CHANCE_DRAW


def draw(s: State, card: int) -> None:
    """The draw step's chance outcome: ``card`` to the hand (a public and a private event); then
    the unit step. (``State.take_from_deck`` written out: a draw comes every ninth step.)"""
    seat = s.phase_seat
    s.remove_from_deck(seat, card)
    s.hand[seat].append(card)
    tail = s.log_tail
    tail.append(DRAWS[seat])
    tail.append(DREW[seat][card])
    unit_step(s)


# ---- unit step (2.3.6–2.3.8) -------------------------------------------------------------------
def unit_step(s: State) -> None:
    """Arrive at the unit step: its counts start anew; list it, and ask, or pass it when idle
    (C-30). (Listed on arrival: a listing with a chip or a deploy in it needs no idle check, and
    is the decision's legal actions.)"""
    s.chips_added = 0
    s.deployed = 0
    s.cancels = 0
    ask_unit_again(s, legal_unit(s))


def characters_on_field(s: State, seat: int, skip: int = -1) -> set[str]:
    """C-27: the characters of ``seat``'s named units on the field (leaving out square ``skip``).
    (A plain loop over the squares holding a unit: the unit step lists deploys with it.)"""
    field = s.field
    chars = set()
    for sq in ALL_SQUARES:
        u = field[sq]
        if u is None:
            continue
        if u[U_OWNER] == seat and sq != skip:
            character = CHARACTER[u[U_CARD]]
            if character:
                chars.add(character)
    return chars


def deployable(s: State, seat: int, card: int) -> bool:
    info = CARDS[card]
    return info.kind == UNIT and not (info.character and info.character in characters_on_field(s, seat))


CHIP_ACTIONS = tuple(("chip", sq) for sq in range(SQUARES))
SQUARE_ACTIONS = tuple(("square", sq) for sq in range(SQUARES))


@cache
def deploy_actions(cards: CardPool) -> tuple[tuple[Any, ...], ...]:
    """``[card]``: the action choosing that card to deploy, built once per pool."""
    return tuple(("deploy", info.id) for info in cards.cards)


_DEPLOYS = deploy_actions(POOL)
_INDEX_OF = POOL.index_of


def legal_unit(s: State) -> tuple[tuple[Any, ...], ...]:
    """Built in sorted order: "chip" < "deploy" < "next"; deploys by card id (pool order). Kept in
    ``unit_kept`` for the decision it was listed for, which hands it on (:func:`act_unit`)."""
    seat = s.phase_seat
    field = s.field
    unused = s.unused[seat]
    out: list[tuple[Any, ...]] = []
    if s.chips_added < CHIPS_PER_UNIT_STEP and unused > 0:
        for sq in ALL_SQUARES:
            u = field[sq]
            if u is None:
                continue
            # a friendly unit below its maximum 気力 (see State.max_morale)
            if u[U_OWNER] == seat and u[U_CHIPS] < MOST[u[U_CARD]][u[U_ITEM]]:
                out.append(CHIP_ACTIONS[sq])
    if not s.deployed and unused > 0:
        for sq in SORTIE_SQUARES[seat]:
            if field[sq] is None:
                units = UNIT_CARDS.intersection(s.hand[seat])
                if units:
                    chars = characters_on_field(s, seat)
                    for c in sorted(units):
                        character = CHARACTER[c]
                        if not (character and character in chars):
                            out.append(_DEPLOYS[c])
                break
    out.append(NEXT)
    s.unit_kept = legal = tuple(out)
    return legal


PAST_CHIPS = ("chip", SQUARES)
"""Sorts after every chip action and before every other action of the unit step."""


def legal_deploy_square(s: State) -> list[tuple[Any, ...]]:
    """C-36: the second part of a deploy — an empty square of the 出撃マス, or back out."""
    field = s.field
    out: list[tuple[Any, ...]] = [CANCEL] if s.cancels < CANCELS_PER_UNIT_STEP else []
    for sq in SORTIE_SQUARES[s.phase_seat]:  # (a loop: a generator costs more than the few squares)
        if field[sq] is None:
            out.append(SQUARE_ACTIONS[sq])
    return out


def legal_deploy_chips(s: State) -> list[tuple[Any, ...]]:
    """C-36: the third part of a deploy — 1 up to the unit's 気力 chips (C-2), or back out."""
    top = min(POOL.morale[s.deploying[0]], s.unused[s.phase_seat])
    out: list[tuple[Any, ...]] = [CANCEL] if s.cancels < CANCELS_PER_UNIT_STEP else []
    out.extend(amounts.CHIPS_ACTIONS[1 : top + 1])
    return out


def act_deploy_square(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    if action[0] == "cancel":
        s.cancels += 1
        back_to_unit(s)
        return
    s.deploying = (s.deploying[0], action[1])
    s.pending = ASK_DEPLOY_CHIPS[pending[1]]


def act_deploy_chips(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    if action[0] == "cancel":
        s.cancels += 1
        back_to_unit(s)
        return
    seat = s.phase_seat
    card, sq = s.deploying
    n = action[1]
    s.hand[seat].remove(card)
    s.unused[seat] -= n
    s.field[sq] = new_unit(card, seat, n)
    s.deployed = 1
    s.unit_kept = None  # (listed again: the new unit may take chips, and no deploy is left)
    # 2.3.2: a step's work not marked ★, done when the player chose to (the unit step may pass without it)
    s.log_tail.append(("2.3.6", "deploy", (SEAT[seat], CARD_ARGS[card], SQ[sq], ("n", n)), None, ("2.3.2",)))
    back_to_unit(s)


def back_to_unit(s: State) -> None:
    """Return to the unit step (not entering it anew: its counts stay) and pass it if idle. A
    deploy backed out of leaves the step as it was when the deploy was chosen: its listing, if
    kept, is the decision's again."""
    s.deploying = ()
    ask_unit_again(s, s.unit_kept)


def ask_unit_again(s: State, legal: tuple[tuple[Any, ...], ...] | None) -> None:
    """Ask the unit step's decision again, ``legal`` its listing handed on (``None``: listed
    when asked), or pass the step if idle (C-30). A listing with a chip or a deploy in it is
    not idle, which :func:`idle_unit` need not check then."""
    if legal is not None and len(legal) > 1:
        s.pending = ASK_UNIT[s.phase_seat]
        s.legal_cache = legal
    elif idle_unit(s):
        finish_unit(s)
    else:
        s.pending = ASK_UNIT[s.phase_seat]
        if legal is not None:
            s.legal_cache = legal


def idle_unit(s: State) -> bool:
    seat = s.phase_seat
    if s.unused[seat] == 0:
        return True
    field = s.field
    if not s.deployed and s.hand[seat]:
        for sq in SORTIE_SQUARES[seat]:
            if field[sq] is None:
                return False
    if s.chips_added < CHIPS_PER_UNIT_STEP:
        for u in field:
            # a friendly unit below its maximum 気力 (see State.max_morale)
            if u is not None and u[U_OWNER] == seat and u[U_CHIPS] < MOST[u[U_CARD]][u[U_ITEM]]:
                return False
    return True


def act_unit(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    seat = s.phase_seat
    verb = action[0]
    if verb == "deploy":
        s.deploying = (_INDEX_OF[action[1]],)
        s.pending = ASK_DEPLOY_SQUARE[seat]
        return
    elif verb == "chip":
        u = s.own_unit(action[1])
        u[U_CHIPS] += 1
        s.unused[seat] -= 1
        s.chips_added += 1
        s.log_tail.append(
            ("2.3.8", "chip", (SEAT[seat], CARD_ARGS[u[U_CARD]], SQ[action[1]], ("n", u[U_CHIPS])), None)
        )
        # the listing the chip was chosen from, handed on: chips and deploys need an unused chip
        # (none left: the step passes), a chip needs the step's count not reached (2.3.8) and a
        # unit below its maximum 気力
        kept = s.unit_kept
        if kept is not None:
            if not s.unused[seat]:
                kept = None
            elif s.chips_added >= CHIPS_PER_UNIT_STEP:
                kept = kept[bisect_left(kept, PAST_CHIPS) :]
            elif u[U_CHIPS] >= MOST[u[U_CARD]][u[U_ITEM]]:
                i = kept.index(action)
                kept = kept[:i] + kept[i + 1 :]
            s.unit_kept = kept
        ask_unit_again(s, kept)
    else:
        finish_unit(s)




class NotFast(Exception):
    """An action of a shape the fast legality tests do not judge (the listing decides)."""


def _sq(x: Any) -> int:
    if type(x) is not int or not 0 <= x < SQUARES:
        raise NotFast
    return x


def _card(s: State, x: Any) -> int:
    if type(x) is not str:
        raise NotFast
    return POOL.index_of.get(x, -1)


def is_legal_unit(s: State, action: Any) -> bool:
    """:func:`legal_unit`'s answer for one action, without listing them (2.3.6, 2.3.8, C-27); an
    action of another shape is looked up in the listing."""
    if type(action) is tuple and action:
        try:
            return _is_legal_unit(s, action[0], action)
        except NotFast:
            pass
    return action in s.legal_actions()


def is_legal_item(s: State, action: Any) -> bool:
    """:func:`legal_item`'s answer for one action, without listing them (2.3.9–2.3.12, C-32); an
    action of another shape is looked up in the listing."""
    if type(action) is tuple and action:
        try:
            return _is_legal_item(s, action[0], action)
        except NotFast:
            pass
    return action in s.legal_actions()


def _is_legal_unit(s: State, verb: Any, action: tuple[Any, ...]) -> bool:
    seat = s.phase_seat
    if verb == "next":
        return len(action) == 1
    if verb == "chip":
        if len(action) != 2:
            return False
        u = s.field[_sq(action[1])]
        return (
            s.chips_added < CHIPS_PER_UNIT_STEP
            and s.unused[seat] > 0
            and u is not None
            and u[U_OWNER] == seat
            and u[U_CHIPS] < MOST[u[U_CARD]][u[U_ITEM]]
        )
    if verb == "deploy":
        if len(action) != 2:
            return False
        card = _card(s, action[1])
        return (
            card >= 0
            and not s.deployed
            and s.unused[seat] > 0
            and any(s.field[sq] is None for sq in SORTIE_SQUARES[seat])
            and card in s.hand[seat]
            and deployable(s, seat, card)
        )
    if type(verb) is not str:
        raise NotFast
    return False


def _is_legal_item(s: State, verb: Any, action: tuple[Any, ...]) -> bool:
    seat = s.phase_seat
    cards = CARDS
    n = len(action)
    if verb == "next":
        return n == 1
    if verb == "place":
        if n != 2:
            return False
        card = _card(s, action[1])
        return (
            card >= 0
            and seat == s.turn_player
            and not s.placed
            and cards[card].kind in (LAND, GUARDIAN)
            and card in s.hand[seat]
        )
    if verb == "equip":
        if n != 3:
            return False
        card = _card(s, action[1])
        u = s.field[_sq(action[2])]
        if card < 0 or u is None or u[U_ATTACHED] or card not in s.hand[seat]:
            return False
        info = cards[card]
        if info.kind not in (WEAPON, MAGIC, ITEM) or (u[U_OWNER] == seat) == info.enemy_only:
            return False
        return may_hold(s, u, card)
    if verb == "shed":
        if n != 3:
            return False
        u = s.field[_sq(action[1])]
        card = _card(s, action[2])
        if card < 0 or u is None or u[U_OWNER] != seat or u[U_ITEM] < 0:
            return False
        shed_kind = cards[u[U_ITEM]].shed_kind
        return shed_kind >= 0 and cards[card].kind == shed_kind and card in s.hand[seat]
    if verb == "unequip":
        if n != 3:
            return False
        u = s.field[_sq(action[1])]
        slot = action[2]
        if type(slot) is not int:
            raise NotFast
        if u is None or u[U_OWNER] != seat or not 0 <= slot < 3 or u[SLOTS[slot]] < 0:
            return False
        return slot != 2 or not cards[u[U_ITEM]].enemy_only
    if type(verb) is not str:
        raise NotFast
    return False


def finish_unit(s: State) -> None:
    s.unit_kept = None
    seat = s.phase_seat
    if s.wiped[seat]:  # (the check that begins victory.end_of_unit_step)
        victory.end_of_unit_step(s, seat)
    if s.winner < 0:
        item_step(s)


# ---- item step (2.3.9–2.3.12) ------------------------------------------------------------------
def item_step(s: State) -> None:
    """Arrive at the item step: list it, and ask, or pass it when idle (C-30). (Listed on
    arrival: the step is asked nearly every time, and a listing with more than "next" in it needs
    no idle check; it is the decision's legal actions.)"""
    for u in s.field:  # (the pass that begins State.clear_on_units)
        if u is not None and u[U_ATTACHED]:
            s.clear_on_units(U_ATTACHED)  # one card per unit per step (2.3.10)
            break
    legal = legal_item(s)
    if len(legal) == 1 and idle_item(s):
        finish_item(s)
    else:
        s.pending = ASK_ITEM[s.phase_seat]
        s.legal_cache = legal


def may_hold(s: State, u: list[int], card: int) -> bool:
    """2.3.10 and C-8: the slot of the card's kind is free, and type and weapon level allow it."""
    cards = CARDS
    info = cards[card]
    unit = cards[u[U_CARD]]
    if info.kind == WEAPON:
        return u[U_WEAPON] < 0 and unit.attack_type == info.weapon_type and info.level <= unit.level
    if info.kind == MAGIC:
        return u[U_MAGIC] < 0 and unit.attack_type in (MAGIC_ATTACK, HEALING) and info.level <= unit.level
    return info.kind == ITEM and u[U_ITEM] < 0


class ItemTables:
    """The item step's actions and fits, built once per pool: the listing then only looks up."""

    def __init__(self, cards: CardPool) -> None:
        infos = cards.cards
        units = [c for c in infos if c.kind == UNIT]
        self.equipment = tuple(c.kind in (WEAPON, MAGIC, ITEM) for c in infos)
        self.slot = tuple(
            U_WEAPON if c.kind == WEAPON else U_MAGIC if c.kind == MAGIC else U_ITEM for c in infos
        )
        self.enemy_only = tuple(c.enemy_only for c in infos)
        self.placeable = tuple(c.kind in (LAND, GUARDIAN) for c in infos)
        self.shed_kind = tuple(c.shed_kind for c in infos)
        self.kind = tuple(c.kind for c in infos)
        # fits[card][unit card]: type and level allow it (2.3.10, C-8), the slot's being free aside
        fits = []
        for c in infos:
            row = [False] * len(infos)
            for unit in units:
                if c.kind == WEAPON:
                    row[unit.index] = unit.attack_type == c.weapon_type and c.level <= unit.level
                elif c.kind == MAGIC:
                    row[unit.index] = unit.attack_type in (MAGIC_ATTACK, HEALING) and c.level <= unit.level
                else:
                    row[unit.index] = c.kind == ITEM
            fits.append(tuple(row))
        self.fits = tuple(fits)
        self.equip = tuple(tuple(("equip", c.id, sq) for sq in range(SQUARES)) for c in infos)
        self.shed = tuple(tuple(("shed", sq, c.id) for sq in range(SQUARES)) for c in infos)
        self.place = tuple(("place", c.id) for c in infos)
        self.ids = tuple(c.id for c in infos)
        self.unequip = tuple(tuple(("unequip", sq, slot) for slot in range(3)) for sq in range(SQUARES))


@cache
def item_tables(cards: CardPool) -> ItemTables:
    return ItemTables(cards)


_ITEMS = item_tables(POOL)


def legal_item(s: State) -> tuple[tuple[Any, ...], ...]:
    """Sorted by verb: "equip" < "next" < "place" < "shed" < "unequip"; each part is built in order
    (cards by id, which is pool order; then squares). One pass over the units gathers the squares
    open to a card (2.3.10: one card per unit per step) and the seat's removals. Kept in
    ``item_kept`` for the decision it was listed for, which hands it on (:func:`act_item`)."""
    seat = s.phase_seat
    field = s.field
    hand = s.hand[seat]
    t = _ITEMS
    own_open: list[int] = []
    enemy_open: list[int] = []
    sheds: list[tuple[Any, ...]] = []
    unequips: list[tuple[Any, ...]] = []
    for sq in ALL_SQUARES:
        u = field[sq]
        if u is None:
            continue
        if u[U_OWNER] != seat:
            if not u[U_ATTACHED]:
                enemy_open.append(sq)
            continue
        if not u[U_ATTACHED]:
            own_open.append(sq)
        # 2.3.9 (C-32: not an item that says how it is removed), and 2.3.11's shedding
        if u[U_WEAPON] >= 0:
            unequips.append(t.unequip[sq][0])
        if u[U_MAGIC] >= 0:
            unequips.append(t.unequip[sq][1])
        item = u[U_ITEM]
        if item >= 0:
            if not ENEMY_ONLY[item]:
                unequips.append(t.unequip[sq][2])
            shed_kind = t.shed_kind[item]
            if shed_kind >= 0:
                kind = t.kind
                for c in sorted(set(hand)):
                    if kind[c] == shed_kind:
                        sheds.append(t.shed[c][sq])
    out: list[tuple[Any, ...]] = []
    if own_open or enemy_open:
        equipment = EQUIPMENT_CARDS.intersection(hand)
        if equipment:
            for c in sorted(equipment):
                # an own unit, or an enemy's for a card that goes only on enemies (2.3.11)
                slot = t.slot[c]
                fits = t.fits[c]
                row = t.equip[c]
                for sq in enemy_open if ENEMY_ONLY[c] else own_open:
                    v: list[int] = field[sq]  # type: ignore[assignment]  # (an open square holds a unit)
                    if v[slot] < 0 and fits[v[U_CARD]]:
                        out.append(row[sq])
    out.append(NEXT)
    if seat == s.turn_player and not s.placed:
        placeable = PLACEABLE_CARDS.intersection(hand)
        if placeable:
            place = t.place
            for c in sorted(placeable):
                out.append(place[c])
    if sheds:
        out += sheds
    if unequips:
        out += unequips
    s.item_kept = legal = tuple(out)
    return legal


def idle_item(s: State) -> bool:
    seat = s.phase_seat
    field = s.field
    if s.hand[seat]:
        # a hand card may go on any unit on the field, or be placed (2.3.10–2.3.12); with no unit
        # at all, there is nothing to remove either
        return not ((seat == s.turn_player and not s.placed) or any(field))  # (any: a unit is there)
    for u in field:
        # 2.3.9 and C-32: a friendly unit has a card that may be removed
        if u is not None and u[U_OWNER] == seat and (
            u[U_WEAPON] >= 0 or u[U_MAGIC] >= 0 or (u[U_ITEM] >= 0 and not ENEMY_ONLY[u[U_ITEM]])
        ):
            return False
    return True


def trim_chips(s: State, u: list[int]) -> None:
    """A unit that lost a 気力 bonus keeps no more chips than its maximum (C-10: to used)."""
    over = u[U_CHIPS] - MOST[u[U_CARD]][u[U_ITEM]]
    if over > 0:
        u[U_CHIPS] -= over
        s.used[u[U_OWNER]] += over
        s.emit("C-10", "chips_over", (("card", s.card_id(u[U_CARD])), ("n", over)))


def act_item(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    """An equipment attached or removed, a land or guardian placed (2.3.9–2.3.12). The listing
    the action was chosen from, if kept, is handed on changed by what it did (a shed is listed
    again)."""
    seat = s.phase_seat
    verb = action[0]
    cards = CARDS
    kept = s.item_kept
    s.item_kept = None
    if verb == "unequip":
        _, sq, slot = action
        u = s.own_unit(sq)
        card = u[SLOTS[slot]]
        u[SLOTS[slot]] = -1
        s.to_offfield(seat, card)
        s.emit(
            "2.3.9",
            "unequip",
            (("seat", seat), ("card", cards[card].id), ("unit", cards[u[U_CARD]].id), ("sq", sq)),
        )
        trim_chips(s, u)
        if kept is not None:
            kept = _after_unequip(s, kept, action, u)
    elif verb == "equip":
        _, card_id, sq = action
        card = _INDEX_OF[card_id]
        u = s.own_unit(sq)
        s.hand[seat].remove(card)
        info = cards[card]
        slot = U_WEAPON if info.kind == WEAPON else U_MAGIC if info.kind == MAGIC else U_ITEM
        u[slot] = card
        if slot == U_ITEM:
            u[U_ITEM_OWNER] = seat
        u[U_ATTACHED] = 1
        clause = "2.3.11" if info.enemy_only else "2.3.10"
        s.emit(
            clause, "equip", (("seat", seat), ("card", card_id), ("unit", cards[u[U_CARD]].id), ("sq", sq))
        )
        if kept is not None:
            kept = _after_equip(s, kept, card, sq, u)
    elif verb == "shed":
        _, sq, card_id = action
        u = s.own_unit(sq)
        card = _INDEX_OF[card_id]
        s.hand[seat].remove(card)
        s.to_offfield(seat, card)
        item = u[U_ITEM]
        s.to_offfield(u[U_ITEM_OWNER], item)
        u[U_ITEM] = u[U_ITEM_OWNER] = -1
        s.emit("2.3.11", "shed", (("seat", seat), ("card", card_id), ("item", cards[item].id), ("sq", sq)))
        trim_chips(s, u)
        kept = None
    elif verb == "place":
        card = _INDEX_OF[action[1]]
        s.hand[seat].remove(card)
        is_land = cards[card].kind == LAND
        zone = s.land if is_land else s.guardian
        if zone[seat] >= 0:
            s.to_offfield(seat, zone[seat])
            s.emit(
                "C-15" if is_land else "C-16",
                "replaced",
                (("seat", seat), ("card", cards[zone[seat]].id)),
            )
        if is_land:
            s.land = with_seat(zone, seat, card)
        else:
            s.guardian = with_seat(zone, seat, card)
        s.placed = 1
        s.emit("2.3.12", "place", (("seat", seat), ("card", action[1])))
        if kept is not None:
            kept = _after_place(s, kept, card)
    else:
        finish_item(s)
        return
    if idle_item(s):
        finish_item(s)
    else:
        s.pending = pending  # the same decision again
        if kept is not None:
            s.legal_cache = s.item_kept = kept


def _gone_from_hand(s: State, card: int) -> str | None:
    """The id of ``card`` if no copy of it is left in the hand of the seat deciding, else None."""
    return None if card in s.hand[s.phase_seat] else _ITEMS.ids[card]


def _after_equip(
    s: State, kept: tuple[tuple[Any, ...], ...], card: int, sq: int, u: list[int]
) -> tuple[tuple[Any, ...], ...]:
    """The item listing after ``card`` went from the hand onto the unit ``u`` on ``sq``: no more
    cards onto that unit this step (2.3.10); none of the card's actions if no copy of it is left
    in the hand; on a friendly unit, its removal (2.3.9, C-32) and an item's shedding (2.3.11)."""
    gone = _gone_from_hand(s, card)
    out: list[tuple[Any, ...]] = []
    for a in kept:
        verb = a[0]
        if verb == "equip":
            if a[2] == sq or a[1] == gone:
                continue
        elif verb == "shed" and a[2] == gone:
            continue
        out.append(a)
    seat = s.phase_seat
    if u[U_OWNER] == seat:
        t = _ITEMS
        slot = t.slot[card]
        if slot != U_ITEM or not ENEMY_ONLY[card]:
            insort(out, t.unequip[sq][SLOTS.index(slot)])
        shed_kind = t.shed_kind[card] if slot == U_ITEM else -1
        if shed_kind >= 0:
            for c in set(s.hand[seat]):
                if t.kind[c] == shed_kind:
                    insort(out, t.shed[c][sq])
    return tuple(out)


def _after_unequip(
    s: State, kept: tuple[tuple[Any, ...], ...], action: tuple[Any, ...], u: list[int]
) -> tuple[tuple[Any, ...], ...]:
    """The item listing after ``action`` took a card off the friendly unit ``u``: not that removal
    again, no shedding of an item gone (2.3.11), and, if no card went onto the unit this step,
    the hand's cards that fit the slot freed (2.3.10, C-8)."""
    _, sq, slot_index = action
    out: list[tuple[Any, ...]] = []
    for a in kept:
        if a == action or (slot_index == 2 and a[0] == "shed" and a[1] == sq):
            continue
        out.append(a)
    if not u[U_ATTACHED]:
        t = _ITEMS
        slot = SLOTS[slot_index]
        unit = u[U_CARD]
        for c in EQUIPMENT_CARDS.intersection(s.hand[s.phase_seat]):
            if t.slot[c] == slot and not ENEMY_ONLY[c] and t.fits[c][unit]:
                insort(out, t.equip[c][sq])
    return tuple(out)


def _after_place(s: State, kept: tuple[tuple[Any, ...], ...], card: int) -> tuple[tuple[Any, ...], ...]:
    """The item listing after ``card`` was placed: no more placing this turn (2.3.12), and no
    action of the card's if no copy of it is left in the hand."""
    gone = _gone_from_hand(s, card)
    out: list[tuple[Any, ...]] = []
    for a in kept:
        verb = a[0]
        if verb == "place" or (verb == "shed" and a[2] == gone):
            continue
        out.append(a)
    return tuple(out)


def finish_item(s: State) -> None:
    """After the turn player's 国力 phase comes the opponent's (2.2.2, 2.3.1); then invasion."""
    s.item_kept = None
    if s.koku == 0:
        s.koku = 1
        seat = s.phase_seat = 1 - s.turn_player
        s.log_tail.append(OTHER_KOKURYOKU_PHASE[seat])
        draw_step(s)
    else:
        s.agenda.append(BEGIN_INVASION)

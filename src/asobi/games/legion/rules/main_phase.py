"""The main phase (4.2): 補給 supply (5.1), 起動 launch (5.2, 5.3), 操作 operate (5.5), 修復 repair
(5.6) and 開発 develop (5.7, 5.8), each at most once, in any order; strategies may be played too
(6.4)."""

from __future__ import annotations

from itertools import compress
from operator import not_
from typing import TYPE_CHECKING, Any

from ..cards import ARMY, WITH_CODE, distinct, is_index
from ..content import content
from .blackout import clear_blackout, repairable
from .level import develop_threshold, work_out_threshold
from .lives import damage_enemy
from .log import arg_pairs, event_table, seat_events
from .resolve import discard_card
from .shield import SHIELD_PHASE, task_shield_phase
from .stack import play_strategy, playable, playable_strategies
from .weapons import (
    WEAPON_LIMIT,
    activate,
    can_activate,
    move_weapon,
    moves_of,
    place_weapon,
    weapon_limit,
    weapon_of,
)
from .window import ALL_BUT, SEAT_BIT, SEATS_IN, sync_answerer

if TYPE_CHECKING:
    from ..types import State

SUPPLY, LAUNCH, MOVE, ACTIVATE, REPAIR, DEVELOP = 1, 2, 4, 8, 16, 32
OPERATE = MOVE | ACTIVATE
"""操作 (5.5): a move and an activation, in either order, as one action (L-24)."""
_OPEN = tuple(
    tuple(not used & action for action in (SUPPLY, LAUNCH, MOVE, ACTIVATE, REPAIR, DEVELOP)) for used in range(64)
)
"""``_OPEN[used]``: whether supply, launch, move, activate, repair and develop are still open
this turn (4.2: each at most once), given the bits of those ``used`` (a lookup where each ``&``
is a generic operation)."""
_OTHER_MAIN = frozenset({"supply", "launch", "repair", "develop"})
"""The main actions of 4.2 other than 操作 (strategies and the auto-pass setting are not)."""


_MAIN_END = seat_events("4.2", "main_end")
_SUPPLY_EVENT = event_table("5.1", "supply", seat=range(5), code=range(9))
_REPAIR_CODE = event_table("5.6", "repair_discard", seat=range(5), card=range(9))
_REPAIR_ARMY = event_table("5.6", "repair_discard", seat=range(5), card=content().army_ids)
"""5.6's events of a card discarded for repair, made once."""
_LAUNCH_EVENT = event_table("5.2", "launch", seat=range(5), card=content().army_ids, code=range(9), also=("6.3",))
"""5.2 (within 6.3's limit): ``_LAUNCH_EVENT[seat][card][code]``, made once."""
_AUTOPASS_OFF_EVENT = seat_events("L-5", "autopass_off")


_MAIN = tuple(("main", seat) for seat in range(5))
"""Each seat's main-phase task and decision (the same tuple, ``("main", seat)``), made once."""
_BETWEEN = tuple(("window_main", seat, "4.2") for seat in range(5))
"""L-28: the window after each of a seat's main actions, for the other seats, then the main phase
again (``task_main`` with a step)."""
_DRAW_ARMY = tuple(("draw_army", seat, "5.1") for seat in range(5))
"""5.1: supply's draw of an army card, as each seat's task."""


def task_main(s: State, seat: int, step: str = "") -> None:
    """4.2: the seat's main phase (the task ``("main", seat)``); with a ``step`` (the task
    ``("window_main", seat, step)``), L-28's window of that step first, as the tasks
    ``("priority", step, skip)`` and ``("main", seat)`` would run it: the window after the draw
    phase (4.1) asks every seat, the one after a main action (4.2) the other seats."""
    bits = s.answerers
    if step and bits:  # (most often nobody may answer: no & then)
        bits &= ALL_BUT[seat if step == "4.2" else -1]
        if bits:
            s.agenda.append(_MAIN[seat])  # runs once the window has closed
            window = s.window = SEATS_IN[bits]
            s.pending = ("priority", window[0], step, seat if step == "4.2" else -1)  # s.ask(…)
            s.legal_cache = None
            return
    s.pending = _MAIN[seat]  # s.ask("main", seat)
    s.legal_cache = None
    hand = s.hands[seat]
    if hand and hand[0] < ARMY:
        return  # L-25: a hand holding a code card is always asked (what it allows is hidden)
    if s.autopass[seat]:
        return  # turning auto-pass off is open
    # L-25: with no code card in hand, whether a main action is open is public (a move, an
    # activation, a repair with any card, development from the shield alone; supply, launch and
    # strategies need a code card): a phase with nothing left but "end" ends by itself.
    legal = tuple(legal_main(s))
    if len(legal) == 1:
        s.pending = None
        _shield_phase_next(s, seat)
    else:
        s.legal_cache = legal


def _shield_phase_next(s: State, seat: int) -> None:
    """The main phase has ended: the shield phase's task, which a turn puts right under the main
    phase's, would run next with nothing in between, so run it at once."""
    agenda = s.agenda
    if agenda and agenda[-1] is SHIELD_PHASE[seat]:
        agenda.pop()
        task_shield_phase(s, seat)


def develop_worth(s: State, seat: int) -> int:
    """What the codes of the seat's hand and of the shield count for in development against the
    enemy pieces now (5.7, 5.8)."""
    t = s.tables
    p1, p2, p3 = s.pieces
    value = t.develop_value_at[p1][p2][p3]
    total = 0
    for c in s.hands[seat]:
        if c >= ARMY:
            break  # the hand is sorted: codes, then army cards
        total += value[c]
    for c in s.shield:
        total += value[c]
    return total


def can_develop(s: State, seat: int) -> bool:
    """Whether the seat's hand and the shield hold enough of the enemy's alphabets (5.7, 5.8)."""
    total = develop_worth(s, seat)
    # The threshold is at least 1 (L-7): read it only when some code counts.
    return total > 0 and total >= develop_threshold(s)


_ACTIVATE = tuple(tuple(("activate", owner, zone) for zone in range(3)) for owner in range(5))
_SUPPLY = tuple(("supply", c) for c in range(9))
_END = ("end",)
_DEVELOP = ("develop",)
_AUTOPASS_OFF = ("autopass", 0)
_MOVE = tuple(tuple(("move", zone, to) for to in range(content().rows * content().cols)) for zone in range(3))
"""``_MOVE[zone][square]``: the move action (5.5), made once."""
_NEXT_TO = tuple(tuple(sorted(squares)) for squares in content().orthogonal)
"""``_NEXT_TO[square]``: the squares next to it (上下左右, 5.5), in order."""
_SUPPLY_FOR = tuple(tuple(_SUPPLY[c] for c in range(9) if codes >> c & 1) for codes in range(512))
"""``_SUPPLY_FOR[codes]``: the supply actions (5.1) of a hand holding the code kinds ``codes``
(bit ``c`` for code ``c``), in order."""
_CODES_IN = tuple(tuple(c for c in range(9) if codes >> c & 1) for codes in range(512))
"""``_CODES_IN[codes]``: the code kinds of the bits ``codes``, in order."""
_ALPHAS_IN = tuple(sum(1 << a for a in range(3) if codes >> (3 * a) & 7) for codes in range(512))
"""``_ALPHAS_IN[codes]``: the alphabets of the code kinds ``codes``, as bits (α 1, β 2, γ 4)."""


def legal_main(s: State) -> list[tuple[Any, ...]]:
    """The main-phase actions, sorted. Each verb's actions come out in order already and the
    verbs are listed alphabetically (activate … supply), so only activations and moves need
    sorting. One pass over the hand finds its code kinds, its army cards and what its codes
    count for in development; one pass over the weapons finds the activations, the seat's moves
    and how many weapons it has."""
    assert s.pending is not None
    seat = s.pending[1]
    supply, launch, move, offer, repair, develop = _OPEN[s.used]
    hand = s.hands[seat]
    t = s.tables
    p1, p2, p3 = s.pieces
    value = t.develop_value_at[p1][p2][p3]
    worth = 0  # what the hand's codes count for in development (can_develop)
    codes = 0  # the hand's code kinds, as bits
    armies: list[int] = []  # its army cards, each once (as ``k``, not ``ARMY + k``), in order
    last = -1
    for c in hand:  # the hand is sorted: codes, then army cards
        if c < ARMY:
            worth += value[c]
            codes = WITH_CODE[codes][c]
        elif c != last:
            last = c
            armies.append(c - ARMY)
    acts: list[tuple[Any, ...]] = []
    moves: list[tuple[Any, ...]] = []
    sort_moves = False
    weapons = s.weapons
    mine = 0
    if weapons:
        own_only = s.own_weapons_only
        activates = t.activates
        black, ship = s.black, s.ship
        zone = -1  # the zone of the seat's last weapon with moves
        for w in weapons:
            owner = w[1]
            if owner == seat:
                mine += 1
                if move:  # moves_of, written out: each weapon's moves in order of square
                    to_zone = _MOVE[w[4]]
                    if w[4] < zone:
                        sort_moves = True  # a weapon of a lower zone after one of a higher
                    zone = w[4]
                    for to in _NEXT_TO[w[0]]:
                        if not black[to] and to != ship:
                            moves.append(to_zone[to])
            elif own_only:
                continue  # L-26's narrowing: only the seat's own weapons
            # L-26: 操作 may use any weapon's 起動 effect (5.5 names no owner)
            if offer and activates[w[2]] and can_activate(s, w):
                acts.append(_ACTIVATE[owner][w[4]])
        if len(acts) > 1:
            acts.sort()
    if s.autopass[seat]:
        acts.append(_AUTOPASS_OFF)
    if develop and (codes or s.shield):  # can_develop, written out
        for c in s.shield:
            worth += value[c]
        # The threshold is at least 1 (L-7): read it only when some code counts (the kept one,
        # level.develop_threshold written out).
        if worth > 0:
            need = s.need_cache
            if need is None:
                need = s.need_cache = work_out_threshold(s)
            if worth >= need:
                acts.append(_DEVELOP)
    acts.append(_END)
    if codes and armies and launch:
        is_weapon = s.content.is_weapon
        # (plain loops: a comprehension is a call on Python 3.11)
        launchable: list[int] | None = None
        for card in armies:
            if is_weapon[card]:
                if launchable is None:
                    launchable = [card]
                else:
                    launchable.append(card)
        if launchable is not None and mine < WEAPON_LIMIT[s.n] and _any_free_square(s):
            for card in launchable:
                for c in _CODES_IN[codes]:
                    acts.append(("launch", card, c))
    if mine:
        if moves:
            if sort_moves:
                moves.sort()
            acts += moves
        if repair and hand:
            targets = repairable(s, seat)
            if targets:
                cards = distinct(hand)
                # (a plain loop: a comprehension reading ``cards`` makes it a cell on every call)
                for square in targets:
                    for c in cards:
                        acts.append(("repair", square, c))
    if armies and codes:
        acts += playable_strategies(s, seat, armies, _ALPHAS_IN[codes])
    if codes and supply and (s.army_layout or any(s.army_discard)):
        acts += _SUPPLY_FOR[codes]
    return acts


def is_legal_main(s: State, a: tuple[Any, ...]) -> bool:
    """Whether ``a`` is in :func:`legal_main`, without listing the actions (4.2)."""
    assert s.pending is not None
    seat = s.pending[1]
    used = s.used
    hand = s.hands[seat]
    verb = a[0]
    size = len(a)
    if verb == "end":
        return size == 1
    if verb == "supply":
        return (
            size == 2
            and is_index(a[1], 9)
            and a[1] in hand
            and not used & SUPPLY
            and (bool(s.army_layout) or any(s.army_discard))
        )
    if verb == "launch":
        if size != 3 or used & LAUNCH or not is_index(a[1], len(s.content.army_ids)) or not is_index(a[2], 9):
            return False
        if a[2] not in hand or ARMY + a[1] not in hand or not s.content.is_weapon[a[1]]:
            return False
        mine = sum(1 for w in s.weapons if w[1] == seat)
        return mine < weapon_limit(s.n) and _any_free_square(s)
    if verb == "move":
        return size == 3 and not used & MOVE and (a[1], a[2]) in moves_of(s, seat)
    if verb == "activate":
        if size != 3 or used & ACTIVATE:
            return False
        w = weapon_of(s, a[1], a[2])
        return w is not None and (w[1] == seat or not s.own_weapons_only) and can_activate(s, w)
    if verb == "repair":
        return (
            size == 3
            and not used & REPAIR
            and a[2] in hand
            and type(a[1]) is int
            and a[1] in repairable(s, seat)
        )
    if verb == "develop":
        return size == 1 and not used & DEVELOP and can_develop(s, seat)
    if verb == "strategy":
        return (
            size == 3
            and is_index(a[1], len(s.content.army_ids))
            and is_index(a[2], 3)
            and ARMY + a[1] in hand
            and bool(s.tables.is_strategy[a[1]])
            and playable(s, seat, a[1], a[2])
        )
    if verb == "autopass":
        return size == 2 and a[1] == 0 and type(a[1]) is int and bool(s.autopass[seat])
    return False


def _any_free_square(s: State) -> bool:
    """``bool(free_squares(s))`` without listing them."""
    black = s.black
    return black.count(0) > 1 - black[s.ship]  # an open square other than the ship's


def apply_main(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    seat = pend[1]
    verb = action[0]
    if verb == "end":
        s.log_tail.append(_MAIN_END[seat])
        _shield_phase_next(s, seat)
        return
    # s.push(("main", seat)), after L-28's window for the other seats (not after the auto-pass
    # setting, which is no main action)
    s.agenda.append(_MAIN[seat] if verb == "autopass" or s.timing == "simple" else _BETWEEN[seat])
    if verb in _OTHER_MAIN and s.used & OPERATE:
        # L-24: 操作 (5.5) is one action, its move and activation in either order: once another
        # main action starts after half of it, the other half is gone.
        s.used |= OPERATE
    if verb == "supply":
        s.used |= SUPPLY
        discard_card(s, seat, action[1])
        s.log_tail.append(_SUPPLY_EVENT[seat][action[1]])
        s.agenda.append(_DRAW_ARMY[seat])  # s.push(("draw_army", seat, "5.1"))
    elif verb == "launch":
        s.used |= LAUNCH
        w, code = action[1], action[2]
        hand = s.hands[seat]
        hand.remove(ARMY + w)
        hand.remove(code)
        # (window.sync_answerer written out for cards given up, which can only clear the bit)
        if not hand or hand[-1] < ARMY or hand[0] >= ARMY:
            s.answerers &= ~SEAT_BIT[seat]
        # 6.3: within the weapon limit
        s.log_tail.append(_LAUNCH_EVENT[seat][w][code])
        s.pending = ("place", seat, w, code)  # s.ask("place", seat, w, code)
        s.legal_cache = None
    elif verb == "move":
        s.used |= MOVE
        move_weapon(s, seat, action[1], action[2], "5.5")
    elif verb == "activate":
        s.used |= ACTIVATE
        activate(s, action[1], action[2], seat)
    elif verb == "repair":
        s.used |= REPAIR
        _repair(s, seat, action[1], action[2])
    elif verb == "develop":
        s.used |= DEVELOP
        need = develop_threshold(s)
        s.log_tail.append(("5.7", "develop_start", (_SEAT[seat], ("need", need)), None))
        s.pending = ("develop", seat, need, 0)  # s.ask("develop", seat, need, 0)
        s.legal_cache = None
    elif verb == "strategy":
        play_strategy(s, seat, action[1], action[2])
    elif verb == "autopass":
        s.autopass[seat] = 0
        sync_answerer(s, seat)
        s.log_tail.append(_AUTOPASS_OFF_EVENT[seat])


def _repair(s: State, seat: int, square: int, card: int) -> None:
    """5.6: each card discarded removes one blackout next to one of the seat's weapons."""
    discard_card(s, seat, card)
    s.log_tail.append(_REPAIR_CODE[seat][card] if card < ARMY else _REPAIR_ARMY[seat][card - ARMY])
    clear_blackout(s, square, "5.6")
    if repairable(s, seat) and s.hands[seat]:
        s.ask("repair", seat)


def legal_repair(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    seat = s.pending[1]
    cards = sorted(set(s.hands[seat]))
    return sorted([("done",), *[("repair", t, c) for t in repairable(s, seat) for c in cards]])


def apply_repair(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    if action[0] == "repair":
        _repair(s, pend[1], action[1], action[2])


_PLACE = tuple(("place", square) for square in range(content().rows * content().cols))
"""``_PLACE[square]``: the placing action (5.3), made once."""


def legal_place(s: State) -> list[tuple[Any, ...]]:
    """5.3 / L-3: a place action for each of :func:`~.weapons.free_squares`, every square but the
    blackouts and the ship's. (Picked in C: ``compress`` keeps the actions of the squares that are
    not blacked out, then the ship's square, if open, goes; it comes after the open squares before
    it. A comprehension over the 25 squares cost a twentieth of a step.)"""
    black = s.black
    acts = list(compress(_PLACE, map(not_, black)))
    ship = s.ship
    if not black[ship]:
        del acts[black[:ship].count(0)]
    return acts


def apply_place(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    place_weapon(s, pend[1], pend[2], pend[3], action[1])


_SEAT = arg_pairs("seat", range(5))
_CODE = arg_pairs("code", range(9))
_SOURCE = arg_pairs("source", ("hand", "shield"))
"""The arguments of development's events, made once."""
_DEV = tuple(tuple(("dev", source, code) for code in range(9)) for source in range(2))
"""``_DEV[source][code]``: discarding a code for development from the hand (0) or the shield (1)."""


def legal_develop(s: State) -> list[tuple[Any, ...]]:
    """5.8: each kind of code of the enemy pieces' alphabets (a code whose development value is not
    0, :func:`~.level.develop_alphabets`) in the seat's hand, then in the shield, in order (both
    are sorted, so each kind is listed once by skipping repeats)."""
    assert s.pending is not None
    t = s.tables
    p1, p2, p3 = s.pieces
    value = t.develop_value_at[p1][p2][p3]
    acts: list[tuple[Any, ...]] = []
    for source, cards in ((0, s.hands[s.pending[1]]), (1, s.shield)):
        dev = _DEV[source]
        last = -1
        for c in cards:
            if c >= ARMY:
                break  # the hand's army cards come after its codes
            if c != last:
                last = c
                if value[c]:
                    acts.append(dev[c])
    return acts


def apply_develop(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    """5.7: discard codes until their numbers reach the total; then 1 damage to the enemy."""
    _, seat, need, total = pend
    source, code = action[1], action[2]
    if source == 0:
        discard_card(s, seat, code)
    else:
        s.shield.remove(code)
        s.code_discard[code] += 1
    total += code % 3 + 1
    args = (_SEAT[seat], _CODE[code], _SOURCE[source], ("total", total), ("need", need))
    s.log_tail.append(("5.8", "develop_card", args, None))
    if total >= need:
        damage_enemy(s, 1, "5.7")
    else:
        s.pending = ("develop", seat, need, total)  # s.ask("develop", seat, need, total)
        s.legal_cache = None

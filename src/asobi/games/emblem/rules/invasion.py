"""侵攻フェイズ (2.4): ready, then unit by unit move → act → standby."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.flow import Pending

from ..cards import HEALING
from ..units import U_ACTED, U_CARD, U_CHIPS, U_ITEM, U_OWNER, U_READY
from . import victory
from .args import SEAT, SQ
from .events import INVASION_PHASE
from .field import ALL_SQUARES, MOVES, REACH_SQUARES, SORTIE_ROW, SQUARES
from .flow import ASK_ACT, ASK_MOVE, ASK_SELECT, BEGIN_END_PHASE, NEXT, PROCESS
from .tables import CARD_ARGS, CARDS, MOST

if TYPE_CHECKING:
    from ..types import State


def begin_invasion(s: State) -> None:
    """Task ``begin_invasion`` (2.4.1): the turn player's invasion phase, from its ready step."""
    s.log_tail.append(INVASION_PHASE[s.turn_player])
    ready_step(s)


def ready_step(s: State) -> None:
    """行動準備ステップ: ★ every friendly unit in standby becomes ready (2.4.2). Every friendly unit
    is ready after it, so the same pass lists the choice of the first to act (2.4.1)."""
    seat = s.turn_player
    n = 0
    field = s.field
    legal: list[tuple[Any, ...]] = []
    for sq in ALL_SQUARES:
        u = field[sq]
        if u is None:
            continue
        if u[U_OWNER] == seat:
            if not u[U_READY] or u[U_ACTED]:
                field[sq] = u = u.copy()  # (a unit changes in a copy: State.own_unit)
                if not u[U_READY]:
                    u[U_READY] = 1
                    n += 1
                u[U_ACTED] = 0
            legal.append(ACTIVATE_ACTIONS[sq])
    s.log_tail.append(("2.4.2", "units_ready", (SEAT[seat], ("n", n)), None))
    legal.append(NEXT)
    select_unit(s, tuple(legal))


# ---- choosing the next unit (2.4.1) ---------------------------------------------------------------
def select_unit(s: State, legal: tuple[tuple[Any, ...], ...]) -> None:
    """Ask which unit acts next, or end the phase when none is ready (C-30). Which units are
    ready is public, so the listing itself tells (``idle_select``: nothing in it but "next"), and
    the decision keeps it as its legal actions (listed once, not again when asked)."""
    if len(legal) == 1:
        s.agenda.append(BEGIN_END_PHASE)
    else:
        s.pending = ASK_SELECT[s.turn_player]
        s.legal_cache = s.select_kept = legal


ACTIVATE_ACTIONS = tuple(("activate", sq) for sq in range(SQUARES))
MOVE_ACTIONS = tuple(("move", sq) for sq in range(SQUARES))
ATTACK_ACTIONS = tuple(("attack", sq) for sq in range(SQUARES))
HEAL_ACTIONS = tuple(("heal", sq) for sq in range(SQUARES))


def legal_select(s: State) -> list[tuple[Any, ...]]:
    seat = s.turn_player
    out: list[tuple[Any, ...]] = []
    field = s.field
    for sq in ALL_SQUARES:
        u = field[sq]
        if u is None:
            continue
        if u[U_OWNER] == seat and u[U_READY]:
            out.append(ACTIVATE_ACTIONS[sq])
    out.append(NEXT)
    return out


def idle_select(s: State) -> bool:
    seat = s.turn_player
    for u in s.field:  # noqa: SIM110 (a plain loop: no generator on this hot path)
        if u is not None and u[U_OWNER] == seat and u[U_READY]:
            return False
    return True


def act_select(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    """The unit chosen acts (2.4.3–2.4.5). Until it stands by, no other friendly unit changes
    whether it is ready (an attack or a heal readies none and drives off only the defender or the
    active unit), so the listing this choice was made from, less the unit chosen, is the next
    choice's (kept in ``select_kept``; listed again where there is none, as in a state read from
    JSON)."""
    kept = s.select_kept
    s.select_kept = None
    if action[0] == "activate":
        if kept is not None and action in kept:
            i = kept.index(action)
            s.select_kept = kept[:i] + kept[i + 1 :]
        sq = s.active = action[1]
        u = s.field[sq]
        assert u is not None
        s.log_tail.append(
            ("2.4.1", "activate", (SEAT[s.turn_player], CARD_ARGS[u[U_CARD]], SQ[sq]), None)
        )
        # the move step (2.4.3): ask where it moves, or pass the step when it cannot move (C-30)
        for d in MOVES[CARDS[u[U_CARD]].move][u[U_OWNER]][sq]:
            if s.field[d] is None:
                s.pending = ASK_MOVE[s.turn_player]
                return
        act_step(s)
    else:
        s.agenda.append(BEGIN_END_PHASE)


# ---- 移動ステップ (2.4.3) ----------------------------------------------------------------------
# (arriving at the step is in ``act_select``: ask, or go on to the act step when the unit cannot
# move, C-30; ``idle_move`` is that check, as ``rules.IDLE`` declares it)


def destinations(s: State, sq: int) -> list[int]:
    u = s.field[sq]
    assert u is not None
    move = CARDS[u[U_CARD]].move
    return [d for d in MOVES[move][u[U_OWNER]][sq] if s.field[d] is None]


def legal_move(s: State) -> list[tuple[Any, ...]]:
    """The empty squares in reach of one move (:func:`destinations`, written out as one loop)."""
    field = s.field
    sq = s.active
    u: list[int] = field[sq]  # type: ignore[assignment]  # (the active unit is on its square)
    out: list[tuple[Any, ...]] = []
    for d in MOVES[CARDS[u[U_CARD]].move][u[U_OWNER]][sq]:
        if field[d] is None:
            out.append(MOVE_ACTIONS[d])
    out.append(NEXT)
    return out


def idle_move(s: State) -> bool:
    """No empty square in reach of one move (:func:`destinations` is empty)."""
    sq = s.active
    field = s.field
    u = field[sq]
    assert u is not None
    for d in MOVES[CARDS[u[U_CARD]].move][u[U_OWNER]][sq]:  # noqa: SIM110 (no generator here)
        if field[d] is None:
            return False
    return True


def act_move(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    if action[0] == "move":
        src, dst = s.active, action[1]
        u = s.field[src]
        assert u is not None
        s.field[dst] = u = u.copy()  # (a unit is copied before it changes: State.own_unit)
        s.field[src] = None
        s.active = dst
        u[U_ACTED] = 1
        s.log_tail.append(("2.4.3", "move", (CARD_ARGS[u[U_CARD]], ("from", src), SQ[dst]), None))
        if dst // 3 == SORTIE_ROW[1 - u[U_OWNER]]:
            victory.win(s, u[U_OWNER], "won_sortie", "C-23")
            return
    act_step(s)


# ---- 行動ステップ (2.4.4) ----------------------------------------------------------------------
def act_step(s: State) -> None:
    """Ask what the active unit does, or pass the step when it has no target (C-30). Its targets
    are public, so the listing tells (``idle_act``: nothing in it but "next"), and the decision
    keeps it as its legal actions (:func:`legal_act` written out)."""
    legal = targets(s, s.active)
    if not legal:
        process(s)
    else:
        legal.append(NEXT)
        s.pending = ASK_ACT[s.turn_player]
        s.legal_cache = tuple(legal)


def targets(s: State, sq: int) -> list[tuple[Any, ...]]:
    u = s.field[sq]
    assert u is not None
    owner = u[U_OWNER]
    atype = CARDS[u[U_CARD]].attack_type
    out: list[tuple[Any, ...]] = []
    for t in REACH_SQUARES[atype][sq]:
        v = s.field[t]
        if v is None:
            continue
        if atype == HEALING:
            if v[U_OWNER] == owner and v[U_CHIPS] < MOST[v[U_CARD]][v[U_ITEM]] and s.unused[owner] > 0:
                out.append(HEAL_ACTIONS[t])
        elif v[U_OWNER] != owner:
            out.append(ATTACK_ACTIONS[t])
    return out


def legal_act(s: State) -> list[tuple[Any, ...]]:
    # sorted as built: the targets are all attacks or all heals, by square; "next" sorts after both
    out = targets(s, s.active)
    out.append(NEXT)
    return out


def idle_act(s: State) -> bool:
    """No target for the active unit (:func:`targets` is empty)."""
    sq = s.active
    field = s.field
    u = field[sq]
    assert u is not None
    owner = u[U_OWNER]
    atype = CARDS[u[U_CARD]].attack_type
    if atype == HEALING:
        if s.unused[owner] <= 0:
            return True
        for t in REACH_SQUARES[atype][sq]:
            v = field[t]
            if v is not None and v[U_OWNER] == owner and v[U_CHIPS] < MOST[v[U_CARD]][v[U_ITEM]]:
                return False
        return True
    for t in REACH_SQUARES[atype][sq]:
        v = field[t]
        if v is not None and v[U_OWNER] != owner:
            return False
    return True


def act_act(s: State, action: tuple[Any, ...], pending: Pending) -> None:
    verb = action[0]
    if verb == "next":
        process(s)
        return
    s.own_unit(s.active)[U_ACTED] = 1
    # the attack (C-5) or the heal (C-11), with whatever they ask; then the unit stands by
    s.push((verb, action[1]), PROCESS)


def process(s: State) -> None:
    """Task ``process``, the 処理ステップ: ★ the unit goes to standby (2.4.5), even if it did nothing
    (C-28); then the next unit is chosen."""
    u = s.field[s.active] if s.active >= 0 else None
    if u is not None:
        s.own_unit(s.active)[U_READY] = 0
        s.log_tail.append(("2.4.5", "standby", (CARD_ARGS[u[U_CARD]], SQ[s.active]), None))
    s.active = -1
    s.target = -1
    # choose the next unit (2.4.1): ask, or end the phase when none is ready (C-30)
    kept = s.select_kept
    legal = tuple(legal_select(s)) if kept is None else kept
    if len(legal) == 1:  # (select_unit written out)
        s.agenda.append(BEGIN_END_PHASE)
    else:
        s.pending = ASK_SELECT[s.turn_player]
        s.legal_cache = s.select_kept = legal

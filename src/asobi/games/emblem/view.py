"""What a seat may see: its view of the state (the field's units memoised) and of an action.

Hidden variants and determinization are in ``hidden.py``, action labels in ``labels.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from asobi.core.actions import HIDDEN

from .cards import ATTACK_TYPES, MOVES
from .limits import DRAWN
from .rules import combat, flow
from .units import (
    U_CARD,
    U_CHIPS,
    U_HONE,
    U_ITEM,
    U_ITEM_OWNER,
    U_MAGIC,
    U_OWNER,
    U_POISON,
    U_READY,
    U_WEAPON,
)

if TYPE_CHECKING:
    from .types import State

UNIT_VIEW_MEMO = 20_000
"""At most this many unit views are kept (:func:`unit_view`); then the memo starts over."""
_UNIT_VIEWS: dict[tuple[int, ...], dict[str, Any]] = {}

_HIDDEN_DRAW = ("draw", HIDDEN)
_HIDDEN_DEPLOY = ("deploy", HIDDEN)
_HIDDEN_SQUARE = ("square", HIDDEN)


def unit_view(s: State, u: list[int]) -> dict[str, Any]:
    """What anyone sees of a unit on the field (a new dict each call).

    A view is built at every step of a rule-bot rollout, so the dicts are memoised by what
    they are made of: the unit's numbers and its owner's land and guardian (C-33's army
    bonuses), the only state the values read."""
    owner = u[U_OWNER]
    key = (*u, s.land[owner], s.guardian[owner])
    made = _UNIT_VIEWS.get(key)
    if made is None:
        if len(_UNIT_VIEWS) >= UNIT_VIEW_MEMO:
            _UNIT_VIEWS.clear()
        made = _UNIT_VIEWS[key] = _unit_view(s, u)
    return made.copy()  # its values are numbers, strings and None: a shallow copy is a new view


def _unit_view(s: State, u: list[int]) -> dict[str, Any]:
    cards = s.cards.cards
    card = cards[u[U_CARD]]
    return {
        "card": card.id,
        "owner": u[U_OWNER],
        "chips": u[U_CHIPS],
        "max": s.max_morale(u),
        "attack": combat.attack_value(s, u, -1, False),
        "counter": combat.counter_value(s, u, False),
        "move": MOVES[card.move],
        "attack_type": ATTACK_TYPES[card.attack_type],
        "ready": bool(u[U_READY]),
        "weapon": cards[u[U_WEAPON]].id if u[U_WEAPON] >= 0 else None,
        "magic": cards[u[U_MAGIC]].id if u[U_MAGIC] >= 0 else None,
        "item": cards[u[U_ITEM]].id if u[U_ITEM] >= 0 else None,
        "item_owner": u[U_ITEM_OWNER] if u[U_ITEM] >= 0 else None,
        "hone": u[U_HONE],
        "poison": bool(u[U_POISON]),
    }


def view(s: State, seat: int | None) -> dict[str, Any]:
    """The game as ``seat`` may know it (``None``: everything): another hand only by its size,
    and a deploy being chosen only to the seat choosing it (C-36)."""
    ids = s.cards.ids
    players = []
    for p in (0, 1):
        shown = seat is None or seat == p
        players.append(
            {
                "deck_name": s.deck_names[p],
                "hand": [ids[c] for c in s.hand[p]] if shown else None,
                "hand_count": len(s.hand[p]),
                "deck": s.deck_left[p],
                "unused": s.unused[p],
                "used": s.used[p],
                "kokugai": [ids[c] for c in s.kokugai[p]],
                "offfield": [ids[c] for c in s.offfield[p]],
                "land": ids[s.land[p]] if s.land[p] >= 0 else None,
                "guardian": ids[s.guardian[p]] if s.guardian[p] >= 0 else None,
            }
        )
    return {
        "seat": seat,
        "turn": s.turn,
        "turn_player": s.turn_player,
        "first": s.first,
        "step": flow.STEPS[s.step].key,
        "actor": s.current_seat,
        "phase_seat": s.phase_seat,
        "field": [None if u is None else unit_view(s, u) for u in s.field],
        "players": players,
        "active": s.active if s.active >= 0 else None,
        "target": s.target if s.target >= 0 else None,
        "chips_added": s.chips_added,
        "deployed": bool(s.deployed),
        "placed": bool(s.placed),
        "winner": s.winner if 0 <= s.winner < 2 else None,
        "draw": s.winner == DRAWN,
        "wiped_out": list(s.wiped),
        "start_effects": [list(e) for e in s.start_todo],
        "amount": (
            dict(zip(("verb", "sq", "other", "least", "most"), s.amount, strict=True))
            if s.amount
            else None
        ),
        "deploying": (
            [ids[s.deploying[0]], *s.deploying[1:]]
            if s.deploying and (seat is None or seat == s.phase_seat)
            else None
        ),
    }


def redact(s: State, action: tuple[Any, ...], seat: int | None) -> tuple[Any, ...]:
    """What ``seat`` may see of ``action`` about to be applied here: a card drawn into another
    seat's hand (2.3.5, 2.1.3) and the card and square of another seat's deploy being chosen
    (C-36) are hidden; everything else is public (a card leaves the hand face up)."""
    if seat is None:
        return action
    pending = s.pending
    if pending is None:
        chance = s.chance
        if (
            chance is not None
            and chance[0] != "first"
            and seat != s.drawing_seat()
            and action[0] == "draw"
        ):
            return _HIDDEN_DRAW
    elif seat != pending[1]:
        kind = pending[0]
        if kind == "unit" and action[0] == "deploy":
            return _HIDDEN_DEPLOY
        if kind == "deploy_square" and action[0] == "square":
            return _HIDDEN_SQUARE
    return action

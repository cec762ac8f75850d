"""Strategies and the stack (6.4–6.6, 7.4, 7.6).

Every enemy-square effect, every numbered part of an enemy or event card, every attack and every
strategy is announced onto the stack. Then a response window opens: in seat order, each seat that
can play a strategy now (and has not set "pass unless I choose otherwise") is asked to answer or
pass. An answer goes on top and opens a new window; when everyone asked has passed, the top of the
stack resolves (the last played first, 6.5) and the next item gets its window.

A stack item is ``(kind, label, verb, params, controller, cancelled)`` with kind ``square``,
``card``, ``attack`` or ``strategy``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import ARMY
from .weapons import moves_of, shield_limit

if TYPE_CHECKING:
    from ..state import LegionState

ALPHA = ("α", "β", "γ")


def task_announce(s: LegionState, item: tuple[Any, ...]) -> None:
    s.stack.append(item)
    s.say(_clause(item), "announced", kind=item[0], label=item[1], verb=item[2])
    s.push(("settle",))


def _clause(item: tuple[Any, ...]) -> str:
    return {"square": "7.4", "card": "6.6", "attack": "7.6", "strategy": "6.5"}[item[0]]


def task_settle(s: LegionState) -> None:
    """Open the window on the top of the stack, or resolve it if nobody can answer."""
    if not s.stack:
        return
    if not s.stack[-1][5]:
        s.window = [seat for seat in range(s.n) if not s.autopass[seat] and playable_strategies(s, seat)]
        if s.window:
            s.ask("respond", s.window[0])
            return
    _resolve_top(s)


def _resolve_top(s: LegionState) -> None:
    s.window = []
    item = s.stack.pop()
    s.push(("resolve", item), ("settle",))


def task_resolve(s: LegionState, item: tuple[Any, ...]) -> None:
    from .resolve import resolve

    if item[0] == "strategy":
        s.army_discard[s.content.army_index[item[1]]] += 1
    if item[5]:
        s.say("6.5", "negated_resolves", label=item[1])
        return
    resolve(s, item)


def legal_respond(s: LegionState) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    seat = s.pending[1]
    return sorted([("pass",), ("autopass", 1), *playable_strategies(s, seat)])


def apply_respond(s: LegionState, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    seat = s.window.pop(0)
    if action[0] == "strategy":
        s.window = []
        play_strategy(s, seat, action[1], action[2])
        return
    if action[0] == "autopass":
        s.autopass[seat] = 1
        s.say("L-5", "autopass_on", seat=seat)
    else:
        s.say("6.5", "passed", seat=seat)
    if s.window:
        s.ask("respond", s.window[0])
    else:
        _resolve_top(s)


def play_strategy(s: LegionState, seat: int, card: int, alpha: int) -> None:
    """6.4: play a strategy, showing (not discarding) a code card of the alphabet whose effect
    applies; it goes on the stack like any effect (6.5)."""
    s.hands[seat].remove(ARMY + card)
    c = s.content
    effects = c.strategy_effects[card]
    assert effects is not None
    e = effects[alpha]
    s.say("6.4", "strategy_played", seat=seat, card=c.army_ids[card], alpha=ALPHA[alpha])
    s.push(("announce", ("strategy", c.army_ids[card], e.verb, e.params, seat, False)))


def _cancel_fits(kind: str, item: tuple[Any, ...]) -> bool:
    if item[5]:
        return False
    if kind == "any":
        return True
    if kind == "blackout":
        return bool(item[2] == "blackout")
    return bool(item[0] == kind)


def playable(s: LegionState, seat: int, card: int, alpha: int) -> bool:
    """Whether ``seat`` may play strategy ``card`` showing a code of ``alpha`` now."""
    hand = s.hands[seat]
    if not any(c < ARMY and c // 3 == alpha for c in hand):
        return False
    effects = s.content.strategy_effects[card]
    assert effects is not None
    e = effects[alpha]
    verb = e.verb
    if verb == "cancel":
        return bool(s.stack) and _cancel_fits(e.get("kind"), s.stack[-1])
    if verb == "move_weapon":
        return bool(moves_of(s, seat))
    if verb == "remove_blackout":
        return any(s.black)
    if verb == "shield_from_hand":
        return len(s.shield) < shield_limit(s)
    if verb == "heal_space":
        return s.space_life < s.max_space
    return True


def playable_strategies(s: LegionState, seat: int) -> list[tuple[Any, ...]]:
    hand = s.hands[seat]
    if not hand or hand[-1] < ARMY:
        return []
    out = []
    is_weapon = s.content.is_weapon
    for card in sorted({c - ARMY for c in hand if c >= ARMY}):
        if is_weapon[card]:
            continue
        for alpha in range(3):
            if playable(s, seat, card, alpha):
                out.append(("strategy", card, alpha))
    return out


def cancel(s: LegionState, kind: str, label: str) -> None:
    """6.5: a strategy that negates negates the effect it answered (the one below it)."""
    if s.stack and _cancel_fits(kind, s.stack[-1]):
        item = s.stack[-1]
        s.stack[-1] = (*item[:5], True)
        s.say("6.5", "negated", label=item[1], by=label)
    else:
        s.say("6.5", "nothing_to_negate", by=label)

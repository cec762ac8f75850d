"""Strategies and the stack (6.4–6.6, 7.4, 7.6).

Every enemy-square effect, every numbered part of an enemy or event card, every attack and every
strategy is announced onto the stack. Then a response window opens: in seat order, each seat that
can play a strategy now (and has not set "pass unless I choose otherwise") is asked to answer or
pass. An answer goes on top and opens a new window; when everyone asked has passed, the top of the
stack resolves (the last played first, 6.5) and the next item gets its window.

A stack item is ``(kind, label, verb, params, controller, cancelled)`` with kind ``square``,
``card``, ``attack`` or ``strategy``, or ``move`` for a square's "to〜" ship move (7.2, L-23).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import ARMY
from ..content import content, tables
from . import resolve as _resolve
from .log import EventFields, event_table, seat_events
from .negate import cancel_fits
from .weapons import BASE_SHIELD_LIMIT, moves_of, shield_limit
from .window import ALL_BUT, SEAT_BIT, SEATS_IN

if TYPE_CHECKING:
    from ..types import State

ALPHA = ("α", "β", "γ")

_SETTLE = ("settle",)
_AUTOPASS = ("autopass", 1)
_PASS = ("pass",)
_AUTOPASS_ON = seat_events("L-5", "autopass_on")
_PASSED = seat_events("6.5", "passed")
_ANNOUNCE_CLAUSE = {"move": "7.2", "square": "7.4", "card": "6.6", "attack": "7.5", "strategy": "6.5", "weapon": "6.5"}
_PLAYED = event_table("6.4", "strategy_played", seat=range(5), card=content().army_ids, alpha=ALPHA)
"""6.4: ``_PLAYED[seat][card][alpha]``: the event of a strategy played, made once."""
_ALPHA_BIT = (1, 1, 1, 2, 2, 2, 4, 4, 4)
"""The bit of each code kind's alphabet (α 1, β 2, γ 4)."""


def announced(item: tuple[Any, ...]) -> EventFields:
    """The event announcing a stack item (its kind, label and verb)."""
    kind, label, verb = item[0], item[1], item[2]
    return (_ANNOUNCE_CLAUSE[kind], "announced", (("kind", kind), ("label", label), ("verb", verb)), None)


def _announced_table() -> dict[str, dict[str, dict[str, EventFields]]]:
    """:func:`announced` of each item the content's squares, attacks, cards, strategies and
    weapons put on the stack, by kind, label and verb."""
    c = content()
    t = tables(c)
    tasks = [*(task for tasks in t.square_tasks for task in tasks), *(task for row in t.attack_tasks for task in row)]
    tasks += [task for deck in t.card_tasks.values() for card in deck for task in card if task[0] == "announce"]
    items = [task[1] for task in tasks]
    for card, effects in enumerate(c.strategy_effects):
        items += [("strategy", c.army_ids[card], e.verb) for e in effects or ()]
    items += [("weapon", c.army_ids[card], e.verb) for card, e in enumerate(c.weapon_effect) if e is not None]
    table: dict[str, dict[str, dict[str, EventFields]]] = {}
    for item in items:
        table.setdefault(item[0], {}).setdefault(item[1], {})[item[2]] = announced(item)
    return table


_ANNOUNCED = _announced_table()
"""The events announcing the stack items of the package's content, made once (an event is a
tuple of tuples, and made afresh for each item cost more than the rest of the announcement)."""


def task_announce(s: State, item: tuple[Any, ...]) -> None:
    try:
        event = _ANNOUNCED[item[0]][item[1]][item[2]]
    except KeyError:  # (an item of other content)
        event = announced(item)
    s.log_tail.append(event)
    # The settle task would run next, with nothing in between: do its work at once (_settle,
    # written out: this runs for every item on the stack).
    bits = s.answerers
    if bits and not item[5]:
        s.stack += (item,)
        window = s.window = SEATS_IN[bits]
        s.pending = ("respond", window[0])  # s.ask("respond", window[0])
        s.legal_cache = None
        return
    # Nobody is asked: the item resolves at once (_resolve_top's tail written out, the item never
    # put on the stack, from whose top it would come off before it resolves). Change both alike:
    # a shared call here costs 0.4% of a random step (22,734 -> 22,823 instructions, legion 40);
    # test_speed_paths plays both against the plain order.
    if s.window:
        s.window = ()
    if s.stack:
        s.agenda.append(_SETTLE)
    if item[0] == "strategy":
        s.army_discard[s.content.army_index[item[1]]] += 1
    if item[5]:
        s.say("6.5", "negated_resolves", label=item[1])
    else:
        _resolve.resolve(s, item)


def task_settle(s: State) -> None:
    """Open the window on the top of the stack, or resolve it if nobody can answer."""
    if s.stack:
        _settle(s)


def _settle(s: State) -> None:
    """Open a response window on the top of the stack, or resolve it if nobody is asked.

    L-16: every seat whose hand holds an army card and a code card (public counts, L-17) and that
    has not set auto-pass (L-5) is asked, in seat order, whether or not it has a strategy it may
    play: who is asked must not tell the table what a hidden hand holds (``s.answerers``, kept up
    to date by ``window.py``).
    """
    bits = s.answerers
    if bits and not s.stack[-1][5]:
        window = s.window = SEATS_IN[bits]
        s.pending = ("respond", window[0])  # s.ask("respond", window[0])
        s.legal_cache = None
        return
    _resolve_top(s)


def task_priority(s: State, step: str, skip: int) -> None:
    """L-28 (printed timing): with the stack empty, at a step where 6.4's 「いつでも」 allows a
    strategy, the seats that hold an army card and a code card (public counts, L-17) and are not
    on auto-pass (L-5) are asked in seat order whether to play one; ``skip`` (the seat whose main
    phase it is, which plays strategies as main-phase choices) is not asked; -1 skips nobody."""
    bits = s.answerers
    if bits and skip >= 0:  # (most often nobody may answer: no & then)
        bits &= ALL_BUT[skip]
    if bits:
        window = s.window = SEATS_IN[bits]
        s.pending = ("priority", window[0], step, skip)  # s.ask("priority", window[0], step, skip)
        s.legal_cache = None


def apply_priority(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    """A seat's answer in a step's window (L-28): a strategy goes on the stack, and once it has
    resolved the step's window opens again; a pass asks the next seat."""
    _, _, step, skip = pend
    window = s.window
    seat = window[0]
    s.window = window[1:]
    if action[0] == "strategy":
        s.window = ()
        s.push(("priority", step, skip))  # runs after the strategy has resolved
        play_strategy(s, seat, action[1], action[2])
        return
    if action[0] == "autopass":
        s.autopass[seat] = 1
        s.answerers &= ~SEAT_BIT[seat]
        s.log_tail.append(_AUTOPASS_ON[seat])
    if s.window:
        s.pending = ("priority", s.window[0], step, skip)  # s.ask("priority", s.window[0], step, skip)
        s.legal_cache = None


def _resolve_top(s: State) -> None:
    """The top of the stack resolves; a settle task then looks at the item below it, if any. (An
    item put on the stack while this one resolves is resolved, through its own settle tasks, before
    the tasks under them run: with nothing below, a settle task would find the stack empty and do
    nothing, so none is scheduled.)"""
    if s.window:
        s.window = ()
    stack = s.stack
    item = stack[-1]
    s.stack = below = stack[:-1]
    # The item resolves here (6.5: a negated one does nothing), with a settle task under it.
    if below:
        s.agenda.append(_SETTLE)
    if item[0] == "strategy":
        s.army_discard[s.content.army_index[item[1]]] += 1
    if item[5]:
        s.say("6.5", "negated_resolves", label=item[1])
    else:
        _resolve.resolve(s, item)


def legal_respond(s: State) -> list[tuple[Any, ...]]:
    assert s.pending is not None
    seat = s.pending[1]
    return [_AUTOPASS, _PASS, *playable_strategies(s, seat)]  # (in order: autopass < pass < strategy)


def apply_respond(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    window = s.window
    seat = window[0]
    s.window = window[1:]
    if action[0] == "strategy":
        s.window = ()
        play_strategy(s, seat, action[1], action[2])
        return
    if action[0] == "autopass":
        s.autopass[seat] = 1
        s.answerers &= ~SEAT_BIT[seat]
        s.log_tail.append(_AUTOPASS_ON[seat])
    else:
        s.log_tail.append(_PASSED[seat])
    if s.window:
        s.pending = ("respond", s.window[0])  # s.ask("respond", s.window[0])
        s.legal_cache = None
    else:
        _resolve_top(s)


def play_strategy(s: State, seat: int, card: int, alpha: int) -> None:
    """6.4: play a strategy, showing (not discarding) a code card of the alphabet whose effect
    applies; it goes on the stack like any effect (6.5)."""
    hand = s.hands[seat]
    hand.remove(ARMY + card)
    # (window.sync_answerer written out for a card given up, which can only clear the bit)
    if not hand or hand[-1] < ARMY or hand[0] >= ARMY:
        s.answerers &= ~SEAT_BIT[seat]
    c = s.content
    effects = c.strategy_effects[card]
    assert effects is not None
    e = effects[alpha]
    s.log_tail.append(_PLAYED[seat][card][alpha])
    s.agenda.append(("announce", ("strategy", c.army_ids[card], e.verb, e.params, seat, False)))  # s.push


def _code_alphabets(hand: list[int]) -> int:
    """The alphabets of the code cards in a (sorted) hand, as bits."""
    bits = 0
    for c in hand:
        if c >= ARMY:
            break
        bits |= _ALPHA_BIT[c]
    return bits


_CONDITIONAL = frozenset({"cancel", "move_weapon", "remove_blackout", "shield_from_hand", "heal_space"})
"""The verbs :func:`_applies` looks at; any other effect may always be played."""


def _applies(s: State, seat: int, e: Any) -> bool:
    """Whether a strategy effect may be played now: it must have something to act on."""
    verb = e.verb
    if verb == "cancel":
        return bool(s.stack) and cancel_fits(e.get("kind"), s.stack[-1])
    if verb == "move_weapon":
        return bool(moves_of(s, seat))
    if verb == "remove_blackout":
        return any(s.black)
    if verb == "shield_from_hand":
        return len(s.shield) < BASE_SHIELD_LIMIT or len(s.shield) < shield_limit(s)  # (room under 3 codes)
    if verb == "heal_space":
        return s.space_life < s.max_space
    return True


def playable(s: State, seat: int, card: int, alpha: int) -> bool:
    """Whether ``seat`` may play strategy ``card`` showing a code of ``alpha`` now."""
    if not _code_alphabets(s.hands[seat]) >> alpha & 1:
        return False
    effects = s.content.strategy_effects[card]
    assert effects is not None
    return _applies(s, seat, effects[alpha])


def playable_strategies(
    s: State, seat: int, armies: list[int] | None = None, alphas: int = 0
) -> list[tuple[Any, ...]]:
    """The strategies ``seat`` may play now, in order; ``armies``: the hand's distinct army cards
    (as :func:`~..cards.hand_kinds` gives them) and ``alphas`` the alphabets of its codes (as
    bits), when the caller has them already."""
    if armies is None:
        hand = s.hands[seat]
        if not hand or hand[-1] < ARMY:
            return []
        # one pass over the (sorted) hand: _code_alphabets and hand_kinds' army cards, written out
        armies = []
        alphas = 0
        last = -1
        for c in hand:
            if c < ARMY:
                alphas |= _ALPHA_BIT[c]
            elif c != last:
                last = c
                armies.append(c - ARMY)
    if not alphas:
        return []
    out = []
    is_strategy = s.tables.is_strategy
    strategy_effects = s.content.strategy_effects
    shown = _ALPHAS_OF[alphas]
    for card in armies:  # each army card once, in order
        if not is_strategy[card]:
            continue
        effects = strategy_effects[card]
        assert effects is not None
        for alpha in shown:
            e = effects[alpha]
            if e.verb not in _CONDITIONAL or _applies(s, seat, e):
                out.append(_STRATEGY[card][alpha])
    return out


_ALPHAS_OF = tuple(tuple(alpha for alpha in range(3) if bits >> alpha & 1) for bits in range(8))
"""``_ALPHAS_OF[bits]``: the alphabets of ``bits`` (α 1, β 2, γ 4), in order."""
_STRATEGY = tuple(tuple(("strategy", card, alpha) for alpha in range(3)) for card in range(len(content().army_ids)))
"""``_STRATEGY[card][alpha]``: playing strategy ``card`` showing a code of ``alpha`` (6.4), made once."""


def can_respond(s: State, seat: int) -> bool:
    """``bool(playable_strategies(s, seat))``, stopping at the first playable strategy."""
    hand = s.hands[seat]
    if not hand or hand[-1] < ARMY:
        return False
    alphas = _code_alphabets(hand)
    if not alphas:
        return False
    is_strategy = s.tables.is_strategy
    strategy_effects = s.content.strategy_effects
    for c in reversed(hand):
        if c < ARMY:
            break
        if not is_strategy[c - ARMY]:
            continue
        effects = strategy_effects[c - ARMY]
        assert effects is not None
        for alpha in range(3):
            if alphas >> alpha & 1 and _applies(s, seat, effects[alpha]):
                return True
    return False

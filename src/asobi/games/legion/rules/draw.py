"""Drawing cards: the draw phase (4.1), decks drawn as chance, and recycling the discards (1.7).

Code and army decks are drawn lazily: a draw's outcome is the kind of card drawn, with probability
copies left / cards left. The enemy and event decks are ordered (a used card goes to the bottom,
3.2 and 7.7): L-8 models each as a shuffled deck whose unseen cards are drawn lazily as chance,
with the used cards queued below them in the order they were used.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Sequence
from random import Random
from typing import TYPE_CHECKING, Any

from ..cards import ARMY
from ..content import content
from .log import EventFields, event_table
from .main_phase import task_main
from .window import SEAT_BIT

if TYPE_CHECKING:
    from ..types import State


HAND_LIMIT = 8
"""4.1: a draw may not bring the hand to this many cards less the players, or more."""


def hand_limit(s: State, seat: int) -> int:
    """4.1: a draw may not bring the hand to 8 − players or more (radar nets raise it)."""
    limit = HAND_LIMIT - s.n
    weapons = s.weapons
    if weapons:
        bonus = s.tables.hand_bonus
        for w in weapons:
            if w[1] == seat:
                limit += bonus[w[2]]
    return limit


def task_draw_phase(s: State, seat: int) -> None:
    """4.1: an empty hand draws 3; otherwise up to 2, never to 8 − players cards or more (L-15:
    the cap is the second sentence's, so an empty hand draws 3 even with five players, unless the
    ``empty_hand_cap`` option applies it there too)."""
    hand = len(s.hands[seat])
    room = (hand_limit(s, seat) if s.weapons else HAND_LIMIT - s.n) - 1 - hand  # (no call without radar nets to count)
    if hand == 0:
        count = room if s.empty_hand_cap and room < 3 else 3  # (conditionals: min and max are calls)
        s.log_tail.append(_DRAW_EMPTY_HAND[seat][count if count > 0 else 0])
        if count > 0:
            _draw_codes(s, seat, count)
        return
    most = room if room < 2 else 2
    if most <= 0:
        s.log_tail.append(("4.1", "draw_limit", (("seat", seat), ("limit", hand_limit(s, seat))), None))
        return
    s.pending = _ASK_DRAW_COUNT[seat][most]  # s.ask("draw_count", seat, most)
    s.legal_cache = None


_DRAW_CODE = tuple([("draw_code", seat, "4.1")] for seat in range(5))
"""4.1: a seat's draw of one code card, as a task (in a list, to repeat it)."""


def _draw_codes(s: State, seat: int, count: int) -> None:
    """4.1: ``count`` draws of a code card: the first at once (its task would run next, with
    nothing in between), the others as tasks (``s.push(…)`` of equal draws), each of which the
    draw before it runs at once too (:func:`apply_chance`)."""
    if count > 1:
        s.agenda += _DRAW_CODE[seat] * (count - 1)
    task_draw_code(s, seat, "4.1")
_ASK_DRAW_COUNT = tuple(tuple(("draw_count", seat, most) for most in range(3)) for seat in range(5))
"""4.1: the draw-count decision of each seat for each most it may draw, made once."""


_DRAW_CHOSEN = event_table("4.1", "draw_chosen", seat=range(5), count=range(3))
_DRAW_EMPTY_HAND = event_table("4.1", "draw_empty_hand", seat=range(5), count=range(4))
"""4.1's events of a draw phase's count, made once."""


_DRAW_COUNTS = tuple(tuple(("draw", k) for k in range(most + 1)) for most in range(3))
"""4.1: the choices of a draw of up to ``most`` cards (0, 1 or 2), made once."""


def legal_draw_count(s: State) -> tuple[tuple[Any, ...], ...]:
    assert s.pending is not None
    return _DRAW_COUNTS[s.pending[2]]


def apply_draw_count(s: State, action: tuple[Any, ...], pend: tuple[Any, ...]) -> None:
    seat = pend[1]
    s.log_tail.append(_DRAW_CHOSEN[seat][action[1]])
    if action[1]:
        _draw_codes(s, seat, action[1])


def lay_out(deck: Sequence[int]) -> list[int]:
    """A deck's cards laid out in order: each card ``k`` as many times as the deck holds it.

    The state keeps its code and army decks laid out (``s.code_layout``, ``s.army_layout``), so a
    draw is sampled by indexing (:func:`sample_chance`) rather than by counting down the deck. A
    clone shares them (a ``Cache`` field): a draw replaces its deck's with a copy one card shorter
    (:func:`apply_chance`), and every other change of a deck lays it out again (``recycle``,
    :func:`sync_layouts`). ``invariant_errors`` and a test at every step of random games compare
    them with the decks."""
    return [k for k, n in enumerate(deck) for _ in range(n)]


def sync_layouts(s: State) -> None:
    """Lay out the code and army decks (:func:`lay_out`) for a state read, dealt again or set up by
    hand."""
    s.code_layout = lay_out(s.code_deck)
    s.army_layout = lay_out(s.army_deck)


def recycle(s: State, deck: list[int], discard: list[int], which: str) -> None:
    """1.7: when a deck is down to 0, its discard pile is shuffled back into it."""
    if sum(discard) == 0:
        return
    for k, n in enumerate(discard):
        deck[k] += n
        discard[k] = 0
    if which == "code":
        s.code_layout = lay_out(deck)
    else:
        s.army_layout = lay_out(deck)
    s.log_tail.append(("1.7", "recycled", (("deck", which), ("count", sum(deck))), None))


def task_draw_code(s: State, seat: int, clause: str) -> None:
    if not s.code_layout:
        recycle(s, s.code_deck, s.code_discard, "code")
        if not s.code_layout:
            s.say("1.7", "deck_exhausted", deck="code", seat=seat)
            return
    s.chance = ("code", seat, clause)


def task_draw_army(s: State, seat: int, clause: str) -> None:
    if not s.army_layout:
        recycle(s, s.army_deck, s.army_discard, "army")
        if not s.army_layout:
            s.say("1.7", "deck_exhausted", deck="army", seat=seat)
            return
    s.chance = ("army", seat, clause)


def task_draw_ordered(s: State, deck: str) -> None:
    """L-8: the next enemy or event card: an unseen one by chance, else the oldest used one."""
    unseen = s.enemy_unseen if deck == "enemy" else s.event_unseen
    if any(unseen):
        s.chance = (deck,)
        return
    if deck == "enemy":
        card = s.enemy_queue[0]
        s.enemy_queue = s.enemy_queue[1:]
    else:
        card = s.event_queue[0]
        s.event_queue = s.event_queue[1:]
    start_card(s, deck, card)


_CARD_PLAYED = {
    "enemy": event_table("7.4", "card_played", deck=("enemy",), card=content().enemy_ids)[0],
    "event": event_table("3.1", "card_played", deck=("event",), card=content().event_ids)[0],
}
_CARD_TO_BOTTOM = {
    "enemy": event_table("7.7", "card_to_bottom", deck=("enemy",), card=content().enemy_ids)[0],
    "event": event_table("3.2", "card_to_bottom", deck=("event",), card=content().event_ids)[0],
}
"""7.4, 3.1, 7.7, 3.2: ``[deck][card]``: the events of an enemy or event card played and put at the
bottom of its deck, made once."""


def start_card(s: State, deck: str, card: int) -> None:
    """7.4 / 3.1: the card is played: each numbered part is a separate effect (6.6); then it goes to
    the bottom of its deck (7.7 / 3.2)."""
    s.log_tail.append(_CARD_PLAYED[deck][card])
    s.agenda.extend(reversed(s.tables.card_tasks[deck][card]))


def task_card_bottom(s: State, deck: str, card: int) -> None:
    put_at_bottom(s, deck, card)
    s.log_tail.append(_CARD_TO_BOTTOM[deck][card])


def put_at_bottom(s: State, deck: str, card: int) -> None:
    """An enemy or event card to the bottom of its deck (7.7 / 3.2)."""
    if deck == "enemy":
        s.enemy_queue = (*s.enemy_queue, card)
    else:
        s.event_queue = (*s.event_queue, card)


_OUTCOMES = {kind: tuple((kind, k) for k in range(64)) for kind in ("code", "army", "enemy", "event")}
"""The chance actions, made once: drawing card ``k`` of a deck is ``(deck, k)``."""
_CODE_OUTCOMES, _ARMY_OUTCOMES = _OUTCOMES["code"], _OUTCOMES["army"]


_DRAWS: dict[str, dict[int, tuple[tuple[Any, ...], ...]]] = {"code": {}, "army": {}}
"""The outcomes of a code or army draw, made once per number of cards left in the deck:
``_DRAWS[deck][total][k][n]`` is ``((deck, k), n / total)``, the outcome "card ``k``" when the
deck holds ``n`` of its ``total`` cards. Every draw from a deck holding that many cards shares
them."""


def _draws(kind: str, total: int, kinds: int) -> tuple[tuple[Any, ...], ...]:
    actions = _OUTCOMES[kind]
    rows = tuple(tuple((actions[k], n / total) for n in range(total + 1)) for k in range(kinds))
    _DRAWS[kind][total] = rows
    return rows


def chance_outcomes(s: State) -> tuple[tuple[tuple[Any, ...], float], ...]:
    assert s.chance is not None
    kind = s.chance[0]
    if kind == "code" or kind == "army":
        deck = s.code_deck if kind == "code" else s.army_deck
        total = sum(deck)
        rows = _DRAWS[kind].get(total)
        if rows is None or len(rows) != len(deck):
            rows = _draws(kind, total, len(deck))
        return tuple([rows[k][n] for k, n in enumerate(deck) if n])
    actions = _OUTCOMES[kind]
    unseen = s.enemy_unseen if kind == "enemy" else s.event_unseen
    p = 1 / sum(unseen)
    return tuple([(a, p) for a, f in zip(actions, unseen, strict=False) if f])


def sample_chance(s: State, rng: Random) -> tuple[Any, ...]:
    """The outcome that ``r = rng.random()`` picks from :func:`chance_outcomes` — the first
    whose running sum of probabilities exceeds ``r``, else the last — without listing the
    outcomes (the state's ``sample_chance`` itself, so a draw makes one call)."""
    assert s.chance is not None
    r = rng.random()
    kind = s.chance[0]
    if kind == "code" or kind == "army":
        # The running sum of n / total passes r where the running count passes r * total: the
        # first card whose cumulative count exceeds r * total (equal up to the last bit of
        # rounding) — an int count exceeds r * total where it exceeds its floor, ``i``: the card
        # at place ``i`` of the deck laid out in order (r * total rounded up to total: the last).
        if kind == "code":
            cards, actions = s.code_layout, _CODE_OUTCOMES
        else:
            cards, actions = s.army_layout, _ARMY_OUTCOMES
        total = len(cards)
        i = int(r * total)
        return actions[cards[i] if i < total else cards[-1]]
    actions = _OUTCOMES[kind]
    unseen = s.enemy_unseen if kind == "enemy" else s.event_unseen
    p = 1 / sum(unseen)
    acc = 0.0
    last = -1
    for k, f in enumerate(unseen):
        if f:
            acc += p
            if r < acc:
                return actions[k]
            last = k
    return actions[last]


def is_legal_chance(s: State, a: tuple[Any, ...]) -> bool:
    """Whether ``a`` is one of :func:`chance_outcomes` (``(deck, k)`` for a card ``k`` the deck
    still holds), without listing them."""
    assert s.chance is not None
    kind = s.chance[0]
    if not isinstance(a, tuple) or len(a) != 2 or a[0] != kind or type(a[1]) is not int:
        return False
    deck: Sequence[int]
    if kind == "code" or kind == "army":
        deck = s.code_deck if kind == "code" else s.army_deck
    else:
        deck = s.enemy_unseen if kind == "enemy" else s.event_unseen
    return 0 <= a[1] < len(deck) and deck[a[1]] > 0


_DREW_ARGS = {
    kind: tuple(
        tuple(
            (("seat", seat), ("deck", kind), ("card", k if kind == "code" else army_ids[k]))
            for k in range(cards)
        )
        for seat in range(5)
    )
    for kind, cards, army_ids in (("code", 9, ()), ("army", len(content().army_ids), content().army_ids))
}
"""The arguments of a ``drew_card`` event, by deck, seat and card, made once."""
_ONLY = tuple((seat,) for seat in range(5))
"""Who may see a hidden draw: the drawing seat alone."""
_DREW_PUBLIC = {kind: tuple((("seat", seat), ("deck", kind)) for seat in range(5)) for kind in ("code", "army")}
"""The arguments of a ``drew_hidden`` event (the public side of a hidden draw), by deck and seat,
made once."""


def drew_events(kind: str, seat: int, card: int, clause: str) -> tuple[EventFields, EventFields, EventFields]:
    """The events of ``seat`` drawing ``card`` from the ``kind`` deck under ``clause``: the public
    side of a hidden draw, the card told to the seat alone, and the card shown to all (open hands)."""
    drew = _DREW_ARGS[kind][seat][card]
    return (
        (clause, "drew_hidden", _DREW_PUBLIC[kind][seat], None),
        (clause, "drew_card", drew, _ONLY[seat]),
        (clause, "drew_card", drew, None),
    )


_DRAW_CLAUSES = ("4.1", "5.1", "6.1", "6.2", "6.4", "6.6", "7.2", "7.4", "7.5")
"""The clauses a code or army card is drawn under: the draw phase, supply and the effects that draw."""
_DREW = {
    kind: {
        clause: tuple(tuple(drew_events(kind, seat, card, clause) for card in range(len(args[0]))) for seat in range(5))
        for clause in _DRAW_CLAUSES
    }
    for kind, args in _DREW_ARGS.items()
}
"""``_DREW[deck][clause][seat][card]``: :func:`drew_events`, made once (two new events a draw cost
more than the rest of logging it)."""


def apply_chance(s: State, action: tuple[Any, ...]) -> None:
    chance = s.chance
    assert chance is not None
    kind = chance[0]
    card = action[1]
    if kind == "code" or kind == "army":
        _, seat, clause = chance
        s.chance = None
        if kind == "code":
            deck, discard, held = s.code_deck, s.code_discard, card
            s.code_layout = cards = s.code_layout.copy()  # (shared by clones: never changed in place)
            del cards[bisect_left(cards, card)]
        else:
            deck, discard, held = s.army_deck, s.army_discard, ARMY + card
            s.army_layout = cards = s.army_layout.copy()
            del cards[bisect_left(cards, card)]
        deck[card] -= 1
        hand = s.hands[seat]
        insort(hand, held)
        # (window.sync_answerer written out for a card gained, which can only set the bit)
        if hand[-1] >= ARMY and hand[0] < ARMY and not s.autopass[seat]:
            s.answerers |= SEAT_BIT[seat]
        tail = s.log_tail
        events = _DREW[kind].get(clause)
        hidden, told, shown = drew_events(kind, seat, card, clause) if events is None else events[seat][card]
        if s.open_hands:
            tail.append(shown)
        else:
            tail.append(hidden)
            tail.append(told)
        if not cards:
            recycle(s, deck, discard, kind)
        agenda = s.agenda
        if agenda:
            # The next task would run next, with nothing in between (a draw changes no life): run
            # it at once if it is 4.1's next draw or the main phase's (with L-28's window before it).
            top = agenda[-1]
            if top is _DRAW_CODE[seat][0]:
                agenda.pop()
                task_draw_code(s, seat, "4.1")
            elif top[0] == "window_main":
                agenda.pop()
                task_main(s, top[1], top[2])
        return
    s.chance = None
    if kind == "enemy":
        s.enemy_unseen = (*s.enemy_unseen[:card], 0, *s.enemy_unseen[card + 1 :])
    else:
        s.event_unseen = (*s.event_unseen[:card], 0, *s.event_unseen[card + 1 :])
    start_card(s, kind, card)

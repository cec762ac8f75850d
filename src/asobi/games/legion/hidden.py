"""Hidden information: what other seats may know of a hand, hidden variants and determinization.

Only the hands are hidden (L-17: the card backs show how many code cards and how many army cards
each hand holds, not which), and with them the contents of the code and army decks (drawn lazily:
no hidden order exists, see ``rules/draw.py``). Everything else, the discards included, is public.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any, TypeVar

from asobi.core.actions import HIDDEN
from asobi.core.log import EventLog

from .cards import ARMY
from .rules.draw import sync_layouts
from .rules.main_phase import develop_worth
from .rules.window import sync_answerers

if TYPE_CHECKING:
    from .types import State

S = TypeVar("S", bound="State")
"""The state's own class: a determinization or a variant is a state of the same class."""

_REMOVED_FROM_HAND = {
    "supply": ("code",),
    "launch": ("card", "code"),
    "discarded": ("card",),
    "repair_discard": ("card",),
    "shielded": ("code",),
    "strategy_played": ("card",),
}
"""Public events that take named cards out of the hand of their ``seat`` (5.1, 5.2, 7.3, 5.6,
4.3 and a strategy's ``shield_from_hand``, 6.4); ``develop_card`` (5.8) does when its source is
the hand, and ``shield_swapped`` (4.4) takes ``new`` out and puts ``old`` in (L-18)."""


def _entry(s: State, value: Any) -> int:
    """A card as an event names it (a code kind, or an army card id) as a hand entry."""
    return value if isinstance(value, int) else ARMY + s.content.army_index[value]


def public_known(s: State) -> tuple[tuple[int, ...], ...]:
    """For each hand, the cards the public log shows are in it: the shield codes swapped into it
    (4.4, L-18) that have not left it since.

    Kept on the state with the log length it was read at (``hidden_cache[0]``), so a later call reads
    only the events since: a clone's log starts with its original's, and a determinized state's
    differs only in private events. Search determinizes the same state many times.
    """
    log = s.log
    length = len(log)
    caches = s.hidden_cache
    cache = caches[0] if caches is not None else None
    if cache is not None and cache[0] == length:
        return cache[1]
    if cache is not None and cache[0] < length:
        known = [list(h) for h in cache[1]]
        events: Any = log.since(cache[0])
    else:
        known = [[] for _ in range(s.n)]
        events = log
    removing = _REMOVED_FROM_HAND
    for e in events:
        if e.seats is not None:
            continue
        key = e.key
        if key == "shield_swapped":
            args = dict(e.args)
            hand = known[args["seat"]]
            if args["new"] in hand:
                hand.remove(args["new"])
            hand.append(args["old"])
        elif key in removing or (key == "develop_card" and dict(e.args)["source"] == "hand"):
            args = dict(e.args)
            hand = known[args["seat"]]
            if not hand:
                continue
            for name in removing.get(key, ("code",)):
                card = _entry(s, args[name])
                if card in hand:
                    hand.remove(card)
    result = tuple(tuple(h) for h in known)
    s.hidden_cache = ((length, result), caches[1] if caches is not None else None)
    return result


def known_cards(s: State, seat: int) -> list[list[int]]:
    """For each hand, the cards (hand entries, sorted) that ``seat`` knows are in it.

    Its own hand entirely; in another hand, what :func:`public_known` shows. Read from the public
    log, so the answer depends only on what ``seat`` has seen. With open hands every hand is known.
    """
    if s.open_hands:
        return [h[:] for h in s.hands]
    known = [sorted(h) for h in public_known(s)]
    known[seat] = s.hands[seat][:]
    return known


def _counts(hand: list[int]) -> tuple[int, int]:
    codes = sum(1 for c in hand if c < ARMY)
    return codes, len(hand) - codes


def _draw(pool: list[int], rng: Random) -> int:
    """Take one card kind from a pool of counts, each card equally likely."""
    r = rng.randrange(sum(pool))
    for k, n in enumerate(pool):
        if r < n:
            pool[k] -= 1
            return k
        r -= n
    raise AssertionError("empty pool")  # pragma: no cover - callers draw at most the pool's size


def _redact_event(e: Any, seat: int) -> Any:
    if e.seats is not None and seat not in e.seats:
        return e._replace(args=tuple((k, HIDDEN if k == "card" else x) for k, x in e.args))
    return e


def hide_private_log(s: State, v: State, seat: int) -> None:
    """Give ``v`` the log of ``s`` with the card of every event only other seats see replaced by
    ``"?"``: ``seat`` sees none of them, and they would otherwise name the real hidden cards.

    Each seat's hidden log is kept on ``s`` (``hidden_cache[1]``, with the length it covers), so the
    next call redacts only the events since and shares the rest (search determinizes one state
    many times)."""
    log = s.log
    length = len(log)
    caches = s.hidden_cache
    cache = (caches[1] if caches is not None else None) or (None,) * s.n
    entry = cache[seat]
    if entry is not None and entry[0] <= length:
        hidden = entry[1].fork()
        start = entry[0]
    else:
        hidden, start = EventLog(), 0
    if start < length:
        hidden.extend([_redact_event(e, seat) for e in log.since(start)])
        redacted = (*cache[:seat], (length, hidden.fork()), *cache[seat + 1 :])
        s.hidden_cache = (caches[0] if caches is not None else None, redacted)
    v.log = hidden
    if v.hidden_cache is not None:  # v's log is this seat's: what other seats saw of it is not there
        v.hidden_cache = (v.hidden_cache[0], None)


def _unknown(hand: list[int], known: list[int]) -> list[int]:
    """The cards of ``hand`` other than the ``known`` ones (a multiset difference)."""
    rest = hand[:]
    for c in known:
        if c in rest:
            rest.remove(c)
    return rest


def _known_in_hands(s: State, seat: int) -> list[list[int]]:
    """:func:`known_cards`, each hand's list cut down to the cards it really holds (they always
    are, unless a test built a hand that its log does not explain)."""
    out = []
    for hand, known in zip(s.hands, known_cards(s, seat), strict=True):
        rest = hand[:]
        held = []
        for c in known:
            if c in rest:
                rest.remove(c)
                held.append(c)
        out.append(held)
    return out


def _deal(s: State, v: State, seat: int, hands: list[int], rng: Random) -> None:
    """Deal the unknown cards of ``hands`` (other seats) again in ``v`` from their pooled unknown
    cards and the deck, keeping each hand's counts of code and army cards and its known cards."""
    known = _known_in_hands(s, seat)
    code_pool = s.code_deck[:]
    army_pool = s.army_deck[:]
    unknown = {}
    for b in hands:
        unknown[b] = _unknown(s.hands[b], known[b])
        for c in unknown[b]:
            if c < ARMY:
                code_pool[c] += 1
            else:
                army_pool[c - ARMY] += 1
    for b in hands:
        codes, armies = _counts(unknown[b])
        hand = known[b][:]
        hand += [_draw(code_pool, rng) for _ in range(codes)]
        hand += [ARMY + _draw(army_pool, rng) for _ in range(armies)]
        hand.sort()
        v.hands[b] = hand
    v.code_deck = code_pool
    v.army_deck = army_pool
    sync_layouts(v)


DEALS = 1000
"""How many deals :func:`determinize` tries for one that lets another seat's development go on
(the last is kept if none does: the sample stays a function of what the seat knows)."""


def _stuck(v: State, seat: int) -> bool:
    """Whether another seat in ``v`` is part way through a development (5.8) that the codes of its
    hand, as dealt, and of the shield cannot finish. Everyone saw that seat choose to develop
    (which it may only with the codes to finish, 5.7) and saw each code it has discarded since, so
    a hand that could not finish is one ``seat`` knows it does not hold."""
    pending = v.pending
    if pending is None or pending[0] != "develop" or pending[1] == seat:
        return False
    _, developer, need, total = pending
    return develop_worth(v, developer) < need - total


def determinize(s: S, seat: int, rng: Random) -> S:
    """A full state consistent with what ``seat`` knows, the other hands resampled from ``rng``.

    Each other hand keeps its public counts of code and army cards (L-17) and the cards ``seat``
    knows are in it (:func:`known_cards`); the rest of its cards are drawn, each kind separately,
    from the cards ``seat`` has not seen (the deck and the unknown cards of the other hands), every
    unseen card equally likely; what is left is the deck. The sample is a function of ``seat``'s
    information and ``rng`` only. A deal that leaves another seat unable to finish the development
    it has begun (5.8) is dealt again. The distribution is an approximation (rules notes, "Hidden
    information"): it ignores what the other seats' choices hint at.
    """
    v = s.clone()
    v.legal_cache = None
    if s.open_hands or s.ended is not None:
        return v
    others = [b for b in range(s.n) if b != seat]
    for _ in range(DEALS):
        _deal(s, v, seat, others, rng)
        if not _stuck(v, seat):
            break
    sync_answerers(v)  # (the same seats: each hand keeps its code and army counts)
    hide_private_log(s, v, seat)
    return v


def hidden_variants(s: S, seat: int, rng: Random) -> list[S]:
    """States differing from ``s`` only in what ``seat`` may not see: the other hands and the decks.

    Three kinds, each perturbing as much as it can while keeping every hand's code and army counts
    (L-17) and the cards ``seat`` knows are in it (a swapped-out shield code, L-18): every unknown
    card swapped for a card of another kind from the deck; all the other hands and the deck dealt
    again from their pooled unknown cards; and each other hand alone dealt again from its unknown
    cards and the deck.
    """
    if s.open_hands or s.ended is not None:
        return []
    others = [b for b in range(s.n) if b != seat and s.hands[b]]
    if not others:
        return []
    out: list[S] = []

    def keep(v: S) -> None:
        if v.hands != s.hands and not _stuck(v, seat):
            v.legal_cache = None
            sync_answerers(v)
            hide_private_log(s, v, seat)
            out.append(v)

    # 1. every unknown card for a card of another kind from the deck
    known = _known_in_hands(s, seat)
    v = s.clone()
    for b in others:
        hand = known[b][:]
        for card in _unknown(v.hands[b], known[b]):
            deck = v.code_deck if card < ARMY else v.army_deck
            base = 0 if card < ARMY else ARMY
            choices = [k for k, n in enumerate(deck) if n and base + k != card]
            if choices:
                k = rng.choice(choices)
                deck[k] -= 1
                deck[card - base] += 1
                card = base + k
            hand.append(card)
        hand.sort()
        v.hands[b] = hand
    sync_layouts(v)
    keep(v)
    # 2. the other hands and the deck dealt again from their pooled unknown cards
    v = s.clone()
    _deal(s, v, seat, others, rng)
    keep(v)
    # 3. one hand at a time, from its unknown cards and the deck
    for b in others:
        v = s.clone()
        _deal(s, v, seat, [b], rng)
        keep(v)
    return out

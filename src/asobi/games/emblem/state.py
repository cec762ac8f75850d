"""The state of an emblem game: zones, chips, the field and where in the turn we are; its data
and the state protocol.

Everything is plain lists, tuples and ints on a ``__slots__`` class so that ``clone`` is a handful
of list copies. What changes on most steps (hands, chip counts, the field) is in lists; per-seat
values that seldom change (deck counts, 戦場外, 国外, land, guardian, mulligan and wipe-out flags,
the pending deals) are tuples that a change replaces, so clones share them. A unit on the field is
a small list indexed by the ``U_*`` constants. Cards are pool indices inside the state and card ids
in actions, JSON and views.

The fields are declared once (:data:`FIELDS`, with :mod:`asobi.core.fields`): ``clone`` (generated
code), ``to_json``/``from_json`` (refusing a bad field by name), ``fingerprint`` and the type checks
in :meth:`EmblemState.invariant_errors` all follow from that declaration.

The game runs on the core flow kernel (:class:`~asobi.core.flow.FlowState`): ``agenda`` (tasks
to run), ``pending`` (the decision asked: ``(step key, seat)``), ``chance`` (the chance node:
``("first",)``, ``("deal",)`` or ``("draw",)``) and ``ended`` (``(reason, clause)``) say where the
game is; ``step`` and ``actor`` are read from them.

What a seat sees is worked out in :mod:`.view` (its view, redaction), :mod:`.labels`,
:mod:`.hidden` (determinization, hidden variants) and :mod:`.tensor`; they and the rules know the
state as :class:`.types.State`, so none of them imports this module.
"""

from __future__ import annotations

from bisect import bisect_left as _bisect_left
from bisect import bisect_right as _bisect_right
from collections.abc import Callable
from itertools import accumulate as _accumulate
from itertools import compress as _compress
from itertools import repeat as _repeat
from operator import truediv as _truediv
from random import Random
from typing import Any, ClassVar

from asobi.core import CHANCE, Outcome
from asobi.core.errors import BadRecordError
from asobi.core.fields import Cache, Custom, DeclaredState, Fields, List, Log, Value
from asobi.core.flow import FlowState
from asobi.core.log import EventLog, LogReads

from . import hidden as _hidden
from . import labels as _labels
from . import tensor as _tensor
from . import view as _view
from .cards import KINDS, UNIT, CardPool, pool
from .limits import CHIPS, DECK_SIZE, DRAWN
from .pairs import with_seat
from .rules import DECISIONS, FLOW, TASKS, flow, kokuryoku, legality, setup
from .rules.args import ONLY_SEAT, SEAT, SEAT_ONLY
from .rules.field import SQUARES
from .rules.tables import MOST
from .types import DeckCards, PileCounts, UnitEntries
from .units import (
    U_CARD,
    U_CHIPS,
    U_ITEM,
    U_ITEM_OWNER,
    U_MAGIC,
    U_OWNER,
    U_WEAPON,
    UNIT_FIELDS,
)

_POOL = pool()
_N_POOL = len(_POOL)
_POOL_IDS = _POOL.ids


# ---- the declared fields: cards are pool indices in the state and card ids in JSON -----------------
def _card_id(card: int) -> str | None:
    return _POOL_IDS[card] if card >= 0 else None


def _card_index(card_id: Any) -> int:
    return -1 if card_id is None else _POOL.index(card_id)


def _is_int(x: Any) -> bool:
    return type(x) is int


def _is_card(x: Any) -> bool:
    return type(x) is int and 0 <= x < _N_POOL


def _pair_problem(value: Any, kind: type[tuple[Any, ...]] | type[list[Any]]) -> str | None:
    if not isinstance(value, kind) or type(value) is not kind or len(value) != 2:
        return f"is not a {kind.__name__} of one entry per seat"
    return None


def _seat_pair(item: Callable[[Any], bool], what: str) -> Custom:
    """Two immutable per-seat values (a tuple, shared by clones): JSON ``[a, b]``."""

    def check(value: Any) -> str | None:
        problem = _pair_problem(value, tuple)
        if problem is None and not all(item(x) for x in value):
            problem = f"holds something that is not {what}"
        return problem

    return Custom(check=check)


def _check_deck(value: Any) -> str | None:
    problem = _pair_problem(value, tuple)
    if problem is None:
        for counts in value:
            if type(counts) is not tuple or len(counts) != _N_POOL:
                return "does not hold a count for each card of the pool"
            if not all(_is_int(n) and n >= 0 for n in counts):
                return "holds a count that is not a whole number of cards"
    return problem


def _load_deck(data: Any) -> tuple[tuple[int, ...], ...]:
    decks = []
    for d in data:
        counts = [0] * _N_POOL
        for k, n in d.items():
            counts[_POOL.index(k)] = n
        decks.append(tuple(counts))
    return tuple(decks)


def _check_hand(value: Any) -> str | None:
    problem = _pair_problem(value, list)
    if problem is None and not all(type(h) is list and all(_is_card(c) for c in h) for h in value):
        return "holds something that is not a list of cards"
    return problem


def _check_piles(value: Any) -> str | None:
    problem = _pair_problem(value, tuple)
    if problem is None and not all(type(h) is tuple and all(_is_card(c) for c in h) for h in value):
        return "holds something that is not a pile of cards"
    return problem


def _check_slots(value: Any) -> str | None:
    problem = _pair_problem(value, tuple)
    if problem is None and not all(type(c) is int and -1 <= c < _N_POOL for c in value):
        return "holds something that is neither a card nor none"
    return problem


_UNIT_CARDS = (U_CARD, U_WEAPON, U_MAGIC, U_ITEM)


def _dump_unit(u: list[int] | None) -> dict[str, Any] | None:
    if u is None:
        return None
    d: dict[str, Any] = dict(zip(UNIT_FIELDS, u, strict=True))
    for k in ("card", "weapon", "magic", "item"):
        d[k] = _card_id(d[k])
    return d


def _load_unit(d: Any) -> list[int] | None:
    if d is None:
        return None
    u = [d[k] for k in UNIT_FIELDS]
    for i in _UNIT_CARDS:
        u[i] = _card_index(u[i])
    return u


def _check_field(value: Any) -> str | None:
    if type(value) is not list or len(value) != SQUARES:
        return f"is not a list of {SQUARES} squares"
    for sq, u in enumerate(value):
        if u is None:
            continue
        if type(u) is not list or len(u) != len(UNIT_FIELDS) or not all(_is_int(x) for x in u):
            return f"holds a unit on square {sq} that is not {len(UNIT_FIELDS)} numbers"
        if not _is_card(u[U_CARD]) or not all(-1 <= u[i] < _N_POOL for i in _UNIT_CARDS):
            return f"holds a unit on square {sq} whose cards are not in the pool"
    return None


def _check_agenda(value: Any) -> str | None:
    if type(value) is not list or not all(
        type(t) is tuple and t and type(t[0]) is str and t[0] in TASKS for t in value
    ):
        return "is not a list of tasks"
    return None


def _check_pending(value: Any) -> str | None:
    if value is None or (
        type(value) is tuple
        and len(value) == 2
        and type(value[0]) is str
        and value[0] in DECISIONS
        and _is_seat(value[1])
    ):
        return None
    return "is not a decision asked of a seat: (step, seat)"


def _check_chance(value: Any) -> str | None:
    if value is None or value in (flow.CHANCE_FIRST, flow.CHANCE_DEAL, flow.CHANCE_DRAW):
        return None
    return "is not a chance node: (first), (deal) or (draw)"


def _check_ended(value: Any) -> str | None:
    if value is None or (type(value) is tuple and len(value) == 2 and all(type(x) is str for x in value)):
        return None
    return "is not how the game ended: (reason, clause)"


def _check_deploying(value: Any) -> str | None:
    if type(value) is not tuple or len(value) > 2:
        return "is not a deploy being chosen: (card,) or (card, square)"
    if value and not (_is_card(value[0]) and all(_is_int(x) for x in value[1:])):
        return "is not a deploy being chosen: (card,) or (card, square)"
    return None


def _is_seat(x: Any) -> bool:
    return type(x) is int and 0 <= x <= 1


FIELDS = Fields(
    deck_names=_seat_pair(lambda x: type(x) is str, "a name"),
    deck=Custom(
        dump=lambda v: [{_POOL_IDS[i]: n for i, n in enumerate(d) if n} for d in v],
        load=_load_deck,
        check=_check_deck,
    ),
    deck_left=List(int),
    hand=Custom(
        clone="[{0}[0].copy(), {0}[1].copy()]",
        dump=lambda v: [[_POOL_IDS[c] for c in h] for h in v],
        load=lambda d: [[_POOL.index(c) for c in h] for h in d],
        check=_check_hand,
    ),
    kokugai=Custom(
        dump=lambda v: [[_POOL_IDS[c] for c in h] for h in v],
        load=lambda d: tuple(tuple(_POOL.index(c) for c in h) for h in d),
        check=_check_piles,
    ),
    offfield=Custom(
        dump=lambda v: [[_POOL_IDS[c] for c in h] for h in v],
        load=lambda d: tuple(tuple(_POOL.index(c) for c in h) for h in d),
        check=_check_piles,
    ),
    unused=List(int),
    used=List(int),
    land=Custom(
        dump=lambda v: [_card_id(c) for c in v], load=lambda d: tuple(map(_card_index, d)), check=_check_slots
    ),
    guardian=Custom(
        dump=lambda v: [_card_id(c) for c in v], load=lambda d: tuple(map(_card_index, d)), check=_check_slots
    ),
    field=Custom(
        clone="{}.copy()",  # the squares only: units are shared, and copied when changed (own_unit)
        dump=lambda v: [_dump_unit(u) for u in v],
        load=lambda d: [_load_unit(u) for u in d],
        check=_check_field,
    ),
    turn=Value(int),
    turn_player=Value(int),
    first=Value(int),
    koku=Value(int),
    phase_seat=Value(int),
    pending_deals=Custom(
        check=lambda v: None if type(v) is tuple and all(map(_is_seat, v)) else "is not seats"
    ),
    mulligan_done=_seat_pair(_is_int, "a number"),
    chips_added=Value(int),
    deployed=Value(int),
    placed=Value(int),
    rallied=Value(int),
    active=Value(int),
    target=Value(int),
    attack_use=Value(int),
    counter_use=Value(int),
    winner=Value(int),
    wipeout_at_once=Value(bool),
    wiped=_seat_pair(_is_int, "a number"),
    start_todo=Custom(
        check=lambda v: None if type(v) is tuple and all(type(e) is tuple for e in v) else "is not effects"
    ),
    amount=Value(tuple),
    deploying=Custom(
        dump=lambda v: [_POOL_IDS[v[0]], *v[1:]] if v else [],
        load=lambda d: (_POOL.index(d[0]), *d[1:]) if d else (),
        check=_check_deploying,
    ),
    cancels=Value(int),
    agenda=Custom(clone="{}.copy()", load=lambda d: [tuple(t) for t in d], check=_check_agenda),
    pending=Custom(check=_check_pending),
    chance=Custom(check=_check_chance),
    ended=Custom(check=_check_ended),
    log=Log(),
    current_seat=Cache(),
    legal_cache=Cache(),
    chance_cache=Cache(),
    select_kept=Cache(),
    unit_kept=Cache(),
    item_kept=Cache(),
    deck_cards=Cache((None, None)),
    unit_values=Cache(),
    pile_counts=Cache((None, None)),
)
"""Every field of the state, declared once: clone, JSON, fingerprint and type checks follow.

Per-seat values that seldom change are tuples shared by clones (their kinds copy nothing); the
hands, chip counts and the field are lists copied on clone. Cards are pool indices here and card
ids in JSON (each card field's kind converts). The flow kernel's fields (``agenda``, ``pending``,
``chance``, ``ended``) are checked against the game's tasks, decisions and chance nodes."""


class EmblemState(FlowState, DeclaredState):
    __slots__ = FIELDS.slots

    flow = FLOW
    cards: ClassVar[CardPool]
    log: LogReads
    current_seat: int  # a slot here (the kernel's property elsewhere)
    """The seat to decide, ``CHANCE`` or ``TERMINAL``: a slot that :meth:`apply_unchecked` sets when
    the agenda stops (and :meth:`after_load` on reading), not the kernel's property, because a
    search reads it every step and a property's getter is entered from C. A state whose ``pending``,
    ``chance`` or ``ended`` is set by hand calls :meth:`sync_seat`."""

    def __init__(
        self, decks: tuple[list[int], list[int]], deck_names: tuple[str, str], wipeout_at_once: bool = False
    ) -> None:
        self.deck_names = deck_names
        self.wipeout_at_once = wipeout_at_once
        """C-24's option: a player with no unit left loses at once, with no unit step of grace."""
        self.deck: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(decks[0]), tuple(decks[1]))
        self.deck_left = [sum(decks[0]), sum(decks[1])]
        self.hand: list[list[int]] = [[], []]
        self.kokugai: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.offfield: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        self.unused = [CHIPS, CHIPS]
        self.used = [0, 0]
        self.land = (-1, -1)
        self.guardian = (-1, -1)
        self.field: list[list[int] | None] = [None] * SQUARES
        self.turn = 0
        self.turn_player = -1
        self.first = -1
        self.koku = 0
        self.phase_seat = -1
        self.pending_deals: tuple[int, ...] = ()
        self.mulligan_done = (0, 0)
        self.chips_added = 0
        self.deployed = 0
        self.placed = 0
        self.rallied = 0
        self.active = -1
        self.target = -1
        self.attack_use = 0
        self.counter_use = 0
        self.winner = -1
        self.wiped = (0, 0)
        self.start_todo: tuple[tuple[Any, ...], ...] = ()
        """The 自ターン開始時 effects still to resolve, when the turn player orders them (C-34)."""
        self.amount: tuple[Any, ...] = ()
        """A chosen effect waiting for its number of chips: (verb, square, target, least, most) (C-35)."""
        self.deploying: tuple[int, ...] = ()
        self.cancels = 0
        """A deploy being chosen: (card,) then (card, square) (2.3.6, C-36)."""
        self.agenda: list[tuple[Any, ...]] = []
        self.pending: tuple[Any, ...] | None = None
        self.chance: tuple[str] | None = flow.CHANCE_FIRST
        self.ended: tuple[str, str] | None = None
        self.log = EventLog()
        self.legal_cache: tuple[tuple[Any, ...], ...] | None = None
        self.chance_cache: tuple[tuple[int, ...], int, tuple[tuple[tuple[Any, ...], float], ...]] | None = (
            None
        )
        self.current_seat = CHANCE
        self.select_kept: tuple[tuple[Any, ...], ...] | None = None
        """The choice of the next unit to act (2.4.1) as the active unit's activation left it: the
        listing less that unit, handed on to the choice after it (``rules.invasion.act_select``);
        derived, not written, and ``None`` when there is none to hand on."""
        self.unit_kept: tuple[tuple[Any, ...], ...] | None = None
        """The pending unit step decision's listing (2.3.6, 2.3.8), handed on by a chip or a deploy
        backed out of to the decision after it (``rules.kokuryoku.act_unit``); derived, not
        written, ``None`` when not listed. It names hand cards: a state given another hand drops it."""
        self.item_kept: tuple[tuple[Any, ...], ...] | None = None
        """The pending item step decision's listing (2.3.9–2.3.12), handed on by what an equip, a
        removal or a placing changed (``rules.kokuryoku.act_item``); derived, not written, like
        ``unit_kept``."""
        self.unit_values: dict[int, UnitEntries] | None = None
        """The observation writer's entries of the units it wrote, by the unit's id
        (``tensor.write_observation``); derived, not written, shared by clones."""
        self.pile_counts: tuple[PileCounts | None, PileCounts | None] = (None, None)
        """Per seat, ``(pile, counts)``: the 戦場外 pile the observation writer last saw and how
        many copies of each card it holds, ``((card, n), …)`` (``tensor.write_observation``; a
        pile is a tuple replaced on change, so it is kept until the pile is another). Derived, not
        written, shared by clones."""
        self.deck_cards: tuple[DeckCards | None, DeckCards | None] = (None, None)
        """Per seat, ``(deck, cards)``: the deck tuple and its cards one entry a copy in pool order,
        for :meth:`sample_chance`; handed on by :meth:`remove_from_deck` to the deck it leaves, and
        made again for a deck that is not the one kept. Derived, not written."""

    # ---- log -----------------------------------------------------------------------------------
    def emit(
        self,
        clause: str,
        key: str,
        args: tuple[tuple[str, Any], ...] = (),
        seats: tuple[int, ...] | None = None,
        also: tuple[str, ...] = (),
    ) -> None:
        """Append an event (made cheaply: no text until someone reads it); ``also``: further
        clauses that acted in it (C-5's attack is made in 2.4.4's action step)."""
        if also:
            self.log_tail.append((clause, key, args, seats, also))
        else:
            self.log_tail.append((clause, key, args, seats))

    # ---- protocol ------------------------------------------------------------------------------
    @property
    def n_seats(self) -> int:
        return 2

    @property
    def step(self) -> int:
        """The number of the step the game is at (:data:`flow.STEPS`): the pending decision's,
        the chance node's, the end's — or, between them, the one the next task arrives at."""
        pending = self.pending
        if pending is not None:
            return _STEP_OF[pending[0]]
        if self.ended is not None:
            return _OVER
        chance = self.chance
        if chance is not None:
            return _STEP_OF[chance[0]]
        return _STEP_OF.get(self.agenda[-1][0], -1) if self.agenda else -1

    @property
    def actor(self) -> int:
        """The seat the pending decision is asked of, or -1."""
        pending = self.pending
        return -1 if pending is None else pending[1]

    def chance_outcomes(self) -> tuple[tuple[tuple[Any, ...], float], ...]:
        chance = self.chance
        if chance is None:
            return ()
        if chance[0] == "first":
            return _FIRST_OUTCOMES
        seat = self.pending_deals[-1] if chance[0] == "deal" else self.phase_seat
        deck = self.deck[seat]
        left = self.deck_left[seat]
        cached = self.chance_cache
        if cached is not None and cached[0] is deck and cached[1] == left:
            return cached[2]
        outcomes = tuple((a, n / left) for a, n in zip(DRAW_ACTIONS, deck, strict=True) if n)
        self.chance_cache = (deck, left, outcomes)
        return outcomes

    def sample_chance(self, rng: Random) -> tuple[Any, ...]:
        """The base class's pick (one ``rng.random()`` against the running sum of the outcomes'
        probabilities, the same sums in the same order), without building the outcome list.

        The running sums of ``n / left`` are the running counts over ``left`` but for rounding,
        far below 1e-9 of a card: the first card whose running count exceeds ``x = r * left`` by
        more than that (and whose predecessors' count is as far below it) is the card the sums
        pick. It is the card at position ``int(x)`` of the deck's cards laid out one entry a copy
        in pool order (``deck_cards``), where its copies start at its predecessors' count. Within
        1e-9 of a boundary the float sums themselves are made and searched, so the pick is
        always theirs."""
        chance = self.chance
        if chance is None or chance[0] == "first":
            return super().sample_chance(rng)
        r = rng.random()
        seat = self.pending_deals[-1] if chance[0] == "deal" else self.phase_seat
        deck = self.deck[seat]
        left = self.deck_left[seat]
        x = r * left
        kept = self.deck_cards[seat]
        if kept is None or kept[0] is not deck:
            kept = (deck, tuple([c for c, n in enumerate(deck) for _ in range(n)]))
            self.deck_cards = with_seat(self.deck_cards, seat, kept)
        cards = kept[1]
        k = int(x)
        if k < left:
            # the card whose running counts before and through it are start and end, start <= x < end
            card = cards[k]
            start = _bisect_left(cards, card)
            if start + deck[card] - x > 1e-9 and (card == 0 or x - start > 1e-9):
                return DRAW_ACTIONS[card]
        sums = list(_accumulate(map(_truediv, _compress(deck, deck), _repeat(self.deck_left[seat]))))
        actions = list(_compress(DRAW_ACTIONS, deck))
        i = _bisect_right(sums, r)  # the first outcome whose running sum is above r
        return actions[i] if i < len(actions) else actions[-1]

    def drawing_seat(self) -> int:
        chance = self.chance
        return self.pending_deals[-1] if chance is not None and chance[0] == "deal" else self.phase_seat

    def why_illegal(self, action: tuple[Any, ...]) -> tuple[str | None, str]:
        return legality.why_illegal(self, action)

    def apply_chance(self, action: tuple[Any, ...]) -> None:
        """A chance outcome: who goes first (2.1.2), a card dealt (2.1.3) or drawn (2.3.5)."""
        chance = self.chance
        self.chance = None
        kind = chance[0] if chance is not None else None
        if kind == "draw":
            kokuryoku.draw(self, _INDEX_OF[action[1]])
        elif kind == "deal":
            setup.deal(self, _INDEX_OF[action[1]])
        else:
            setup.decide_first(self, action[1])

    # ---- shared helpers for the rules modules -----------------------------------------------------
    def adjust_deck(self, seat: int, card: int, delta: int) -> None:
        """Change the number of copies of ``card`` in ``seat``'s deck (not ``deck_left``).

        A deck is a tuple of counts per pool index, replaced rather than changed in place: clones
        share it, and the cached chance outcomes of a draw are keyed by it.
        """
        counts = list(self.deck[seat])
        counts[card] += delta
        self.deck = with_seat(self.deck, seat, tuple(counts))

    def remove_from_deck(self, seat: int, card: int) -> None:
        """Take one copy of ``card`` out of ``seat``'s deck (``deck`` and ``deck_left``), handing
        the deck's kept cards (``deck_cards``) on to the deck left."""
        deck = self.deck
        old = deck[seat]
        counts = list(old)
        counts[card] -= 1
        new = tuple(counts)
        self.deck = (new, deck[1]) if seat == 0 else (deck[0], new)
        self.deck_left[seat] -= 1
        kept = self.deck_cards
        entry = kept[seat]
        if entry is not None and entry[0] is old:
            cards = entry[1]
            i = _bisect_left(cards, card)  # (its first copy: the cards are in pool order)
            entry = (new, cards[:i] + cards[i + 1 :])
            self.deck_cards = (entry, kept[1]) if seat == 0 else (kept[0], entry)

    def take_from_deck(self, seat: int, card: int, clause: str) -> None:
        """Move one copy of ``card`` from ``seat``'s deck to the hand (a public and a private event)."""
        self.remove_from_deck(seat, card)
        self.hand[seat].append(card)
        self.emit(clause, "draws", SEAT_ONLY[seat])
        self.emit(clause, "drew", (SEAT[seat], _CARD_ARGS[card]), ONLY_SEAT[seat])

    def max_morale(self, u: list[int]) -> int:
        """A unit's maximum 気力: its card's plus an item's bonus (C-33; ``rules.tables.MOST``)."""
        return MOST[u[U_CARD]][u[U_ITEM]]

    def own_unit(self, sq: int) -> list[int]:
        """The unit on ``sq``, replaced by a copy of it that the caller may change.

        A clone shares its units with its original (copying each unit was a third of a clone),
        so a unit list is never changed in place: each change first takes a copy of its
        own, through this method or a loop that does the same written out."""
        u = self.field[sq]
        assert u is not None
        self.field[sq] = u = u.copy()
        return u

    def clear_on_units(self, index: int) -> None:
        """Set field ``index`` to 0 on every unit where it is not (each such unit a copy, as
        :meth:`own_unit` makes); one pass over the units when none needs it."""
        field = self.field
        for u in field:
            if u is not None and u[index]:
                for sq, v in enumerate(field):
                    if v is not None and v[index]:
                        field[sq] = v = v.copy()
                        v[index] = 0
                return

    def add_chips(self, sq: int, n: int) -> int:
        """Put up to ``n`` unused chips on the unit on ``sq`` (not above its maximum); the number
        put."""
        u = self.field[sq]
        assert u is not None
        owner = u[U_OWNER]
        n = min(n, self.unused[owner], self.max_morale(u) - u[U_CHIPS])
        if n > 0:
            self.unused[owner] -= n
            self.own_unit(sq)[U_CHIPS] += n
            return n
        return 0

    def remove_unit(self, sq: int, to_kokugai: bool = False) -> list[int]:
        """Take the unit off ``sq``: its card to 戦場外 (or 国外), attached cards to their owners'
        戦場外 (C-14), its chips to its owner's used chips; the unit as it stood is returned."""
        u = self.field[sq]
        assert u is not None
        owner = u[U_OWNER]
        self.field[sq] = None
        if to_kokugai:
            self.kokugai = with_seat(self.kokugai, owner, (*self.kokugai[owner], u[U_CARD]))
        else:
            self.to_offfield(owner, u[U_CARD])
        if u[U_WEAPON] >= 0:
            self.to_offfield(owner, u[U_WEAPON])
        if u[U_MAGIC] >= 0:
            self.to_offfield(owner, u[U_MAGIC])
        if u[U_ITEM] >= 0:
            self.to_offfield(u[U_ITEM_OWNER], u[U_ITEM])
        self.used[owner] += u[U_CHIPS]
        return u

    def to_offfield(self, seat: int, *cards: int) -> None:
        """Put cards on top of ``seat``'s 戦場外 (C-13)."""
        offfield = self.offfield
        pile = (*offfield[seat], *cards)
        self.offfield = (pile, offfield[1]) if seat == 0 else (offfield[0], pile)  # (with_seat)

    def units_of(self, seat: int) -> list[int]:
        return [sq for sq in range(SQUARES) if (u := self.field[sq]) is not None and u[U_OWNER] == seat]

    def card_id(self, card: int) -> str:
        return _IDS[card]

    # ---- the end, figures and checks ------------------------------------------------------------
    def metrics(self) -> dict[str, float]:
        """Figures for simulation summaries: turns played and units left on each side."""
        units = [0, 0]
        for u in self.field:
            if u is not None:
                units[u[U_OWNER]] += 1
        return {"turns": float(self.turn), "units_A": float(units[0]), "units_B": float(units[1])}

    def outcome(self) -> Outcome | None:
        if self.ended is None:
            return None
        reason, clause = self.ended
        if self.winner == DRAWN:
            return Outcome((), (0.5, 0.5), reason, clause)
        w = self.winner
        scores = (1.0, 0.0) if w == 0 else (0.0, 1.0)
        return Outcome((w,), scores, reason, clause, (("seat", w),))

    def after_load(self) -> None:
        """Checks :meth:`from_json` adds to the declared fields' own."""
        if self.deck_left != [sum(d) for d in self.deck]:
            raise BadRecordError("state", "field 'deck_left' does not match the cards left in 'deck'")
        self.sync_seat()

    def invariant_errors(self) -> list[str]:
        errors = self.field_errors()
        on_units = [0, 0]
        cards_out = [0, 0]
        for sq, u in enumerate(self.field):
            if u is None:
                continue
            owner = u[U_OWNER]
            on_units[owner] += u[U_CHIPS]
            cards_out[owner] += 1 + (u[U_WEAPON] >= 0) + (u[U_MAGIC] >= 0)
            if u[U_ITEM] >= 0:
                cards_out[u[U_ITEM_OWNER]] += 1
            if u[U_CHIPS] < 1 and self.winner < 0:
                errors.append(f"unit on {sq} has no 気力 chip (2.3.7)")
            if u[U_CHIPS] > self.max_morale(u):
                errors.append(f"unit on {sq} has more chips than its 気力")
            if self.cards.cards[u[U_CARD]].kind != UNIT:
                errors.append(f"square {sq} holds a {KINDS[self.cards.cards[u[U_CARD]].kind]} card")
        for p in (0, 1):
            if min(self.unused[p], self.used[p]) < 0:
                errors.append(f"seat {p} has a negative chip count")
            if self.unused[p] + self.used[p] + on_units[p] != CHIPS:
                errors.append(f"seat {p}'s chips do not add up to {CHIPS} (C-10)")
            total = (
                self.deck_left[p]
                + len(self.hand[p])
                + len(self.kokugai[p])
                + len(self.offfield[p])
                + cards_out[p]
                + (self.land[p] >= 0)
                + (self.guardian[p] >= 0)
            )
            if total != DECK_SIZE:
                errors.append(f"seat {p} has {total} cards, not {DECK_SIZE} (2.1.1)")
            if self.deck_left[p] != sum(self.deck[p]) or min(self.deck[p]) < 0:
                errors.append(f"seat {p}'s deck count is wrong")
        return errors

    # ---- what a seat sees (view.py, labels.py), hidden information (hidden.py), tensor.py ---------
    view = _view.view
    redact = _view.redact
    action_label = _labels.action_label
    hidden_variants = _hidden.hidden_variants
    determinize = _hidden.determinize
    observation_tensor = _tensor.observation_tensor


FIELDS.install(EmblemState)
EmblemState.cards = _POOL
_IDS = EmblemState.cards.ids
_CARD_ARGS = EmblemState.cards.card_args
_INDEX_OF = EmblemState.cards.index_of
_STEP_OF = flow.STEP_OF
_OVER, _DEAL, _DRAW = flow.OVER, flow.DEAL, flow.DRAW
DRAW_ACTIONS = tuple(("draw", c.id) for c in EmblemState.cards.cards)
"""The chance outcome of drawing each card, built once (pool order is id order, so sorted)."""
_FIRST_OUTCOMES = ((("first", 0), 0.5), (("first", 1), 0.5))
_KIND = tuple(c.kind for c in EmblemState.cards.cards)

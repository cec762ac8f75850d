"""The observation tensor: what a seat may know, as a flat list of floats of fixed length, and the
information-state tensor: that, and what the seat knows of the cards it cannot see.

Each is written by a writer (``write_observation``, ``write_information_state``) that sets only the
entries that are not zero of a buffer of zeros, so an adapter fills a preallocated array in place;
``observation_tensor`` is that buffer as a list."""

from __future__ import annotations

from collections import Counter
from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Any

from asobi.core import CHANCE, TERMINAL

from .cards import pool
from .pairs import with_seat
from .rules import combat, flow
from .rules.field import SQUARES
from .rules.tables import MOST
from .units import (
    U_ACTED,
    U_ATTACHED,
    U_CARD,
    U_CHIPS,
    U_HONE,
    U_ITEM,
    U_ITEM_OWNER,
    U_MAGIC,
    U_OWNER,
    U_POISON,
    U_READY,
    U_USED,
    U_WEAPON,
)

if TYPE_CHECKING:
    from .types import State

_AMOUNT_VERBS = ("heal", "training", "rally", "succeed", "inherit")
_UNIT_NUMBERS = 11
_UNIT_FLAGS = ((5, U_READY), (6, U_HONE), (7, U_POISON), (8, U_USED), (9, U_ACTED), (10, U_ATTACHED))
"""A unit's numbers after its item's owner, chips, morale and combat values: (place, field)."""
_N_CARDS = len(pool())
_SQUARE_SIZE = 2 + 4 * _N_CARDS + _UNIT_NUMBERS
_OBS_SIZE = (
    2
    + 12
    + len(flow.STEPS)
    + 7
    + 2 * SQUARES
    + len(_AMOUNT_VERBS)
    + SQUARES
    + 2
    + 2 * SQUARES
    + 1
    + 2 * (8 + 4 * _N_CARDS)
    + _N_CARDS
    + _N_CARDS
    + SQUARES
    + SQUARES * _SQUARE_SIZE
)


def observation_shape(options: Any = None) -> tuple[int, ...]:
    """The shape of :func:`observation_tensor` (the same for every option set: the
    card pool is fixed)."""
    return (_OBS_SIZE,)


def observation_tensor(s: State, seat: int) -> list[float]:
    """What ``seat`` may know as :func:`observation_shape` floats (its view, flattened).

    In order: the seat (one-hot); the turn, whose turn and whose decision, the step (one-hot),
    the step's counters; the active and target squares and a number being chosen; the
    start-of-turn effects to order; then for the seat and the other seat in that order: hand
    size, deck size, unused and used chips, flags, land and guardian (one-hot by pool card),
    戦場外 and 国外 (counts per pool card); the seat's own hand (counts per pool card) and its
    own deploy being chosen; then each square of the field: a unit's owner (mine, theirs), its
    card, weapon, magic and item (one-hot by pool card), whose item, and its numbers. Nothing
    of the other seat's hand or either deck's contents is in it.
    """
    out = [0.0] * _OBS_SIZE
    write_observation(s, seat, out)
    return out


def _put(out: MutableSequence[float], at: int, values: tuple[int, ...]) -> None:
    """Write the values that are not zero of a short run of ``values`` (numbers and truths) at
    ``at``, as floats (most are zero: only those are converted)."""
    for k, v in enumerate(values):
        if v:
            out[at + k] = float(v)


_UNIT_VALUES_KEPT = 256
"""How many units' entries ``State.unit_values`` keeps before it starts again."""


def write_observation(s: State, seat: int, out: MutableSequence[float]) -> None:
    """Write :func:`observation_tensor` into ``out``, a flat buffer of zeros of its size (a list,
    or an array an adapter fills in place), setting only the entries that are not zero.

    A unit's entries (its cards, numbers and flags, and its printed 攻 and 反 with their
    modifiers, C-6, C-7, C-33) depend only on the unit and its owner's land and guardian, but for
    whose it is and whose its item is; a unit is never changed in place (``State.own_unit``), so
    the rest are kept per unit in ``unit_values`` (the unit itself, the land and guardian they
    were worked out with, the entries: :func:`_unit_entries`) and worked out again only for a
    unit or a land or guardian not seen before. Each seat's 戦場外 counts are kept likewise by the
    pile (``pile_counts``: a pile is a tuple replaced on change), which grows to dozens of cards."""
    n_cards = _N_CARDS
    other = 1 - seat
    out[seat] = 1.0
    i = 2
    cur = s.current_seat
    _put(out, i, (
        s.turn,
        s.turn_player == seat,
        s.turn_player == other,
        s.first == seat,
        cur == seat,
        cur == other,
        cur == CHANCE,
        cur == TERMINAL,
        s.phase_seat == seat,
        s.phase_seat == other,
        s.koku,
        s.cancels,
    ))
    i += 12
    out[i + s.step] = 1.0
    i += len(flow.STEPS)
    _put(out, i, (
        s.chips_added,
        s.deployed,
        s.placed,
        s.rallied,
        s.attack_use,
        s.counter_use,
        (s.winner == seat) - (s.winner == other),
    ))
    i += 7
    if s.active >= 0:
        out[i + s.active] = 1.0
    i += SQUARES
    if s.target >= 0:
        out[i + s.target] = 1.0
    i += SQUARES
    if s.amount:
        verb, sq, _, least, most = s.amount
        out[i + _AMOUNT_VERBS.index(verb)] = 1.0
        out[i + len(_AMOUNT_VERBS) + sq] = 1.0
        out[i + len(_AMOUNT_VERBS) + SQUARES] = float(least)
        out[i + len(_AMOUNT_VERBS) + SQUARES + 1] = float(most)
    i += len(_AMOUNT_VERBS) + SQUARES + 2
    for e in s.start_todo:
        if e[0] == "land":
            out[i + 2 * SQUARES] = 1.0
        else:
            out[i + (0 if e[0] == "capture" else SQUARES) + e[1]] = 1.0
    i += 2 * SQUARES + 1
    for p in (seat, other):
        _put(out, i, (
            len(s.hand[p]),
            s.deck_left[p],
            s.unused[p],
            s.used[p],
            s.wiped[p],
            s.mulligan_done[p],
            len(s.offfield[p]),
            len(s.kokugai[p]),
        ))
        i += 8
        if s.land[p] >= 0:
            out[i + s.land[p]] = 1.0
        i += n_cards
        if s.guardian[p] >= 0:
            out[i + s.guardian[p]] = 1.0
        i += n_cards
        kept = s.pile_counts[p]
        pile = s.offfield[p]
        if kept is None or kept[0] is not pile:
            kept = (pile, tuple((c, float(n)) for c, n in Counter(pile).items()))
            s.pile_counts = with_seat(s.pile_counts, p, kept)
        for c, n in kept[1]:
            out[i + c] = n
        i += n_cards
        for c in s.kokugai[p]:
            out[i + c] += 1.0
        i += n_cards
    for c in s.hand[seat]:
        out[i + c] += 1.0
    i += n_cards
    if s.deploying and s.phase_seat == seat:
        out[i + s.deploying[0]] = 1.0
        if len(s.deploying) > 1:
            out[i + n_cards + s.deploying[1]] = 1.0
    i += n_cards + SQUARES
    values = s.unit_values
    if values is None or len(values) > _UNIT_VALUES_KEPT:
        values = s.unit_values = {}
    for u in s.field:
        if u is not None:
            owner = u[U_OWNER]
            land = s.land[owner]
            guardian = s.guardian[owner]
            known = values.get(id(u))
            if known is None or known[0] is not u or known[1] != land or known[2] != guardian:
                known = values[id(u)] = (u, land, guardian, _unit_entries(s, u))
            for k, v in known[3]:
                out[i + k] = v
            # what depends on the seat: mine or theirs, and whose item
            if owner == seat:
                out[i] = 1.0
            else:
                out[i + 1] = 1.0
            if u[U_ITEM] >= 0 and u[U_ITEM_OWNER] == seat:
                out[i + _ITEM_OWNER_AT] = 1.0
        i += _SQUARE_SIZE


_ITEM_OWNER_AT = 2 + 4 * _N_CARDS
"""Where in a square's entries the flag "the unit's item is mine" is."""


def _unit_entries(s: State, u: list[int]) -> tuple[tuple[int, float], ...]:
    """The entries of a square's part of the observation that are not zero and do not depend on
    the seat, as ``(place in the square's part, value)``: the unit's card, weapon, magic and item
    (one-hot by pool card), its chips, maximum 気力, printed 攻 and 反 with their modifiers (C-6,
    C-7, C-33) and its flags."""
    n_cards = _N_CARDS
    out = [(2 + u[U_CARD], 1.0)]
    base = 2 + n_cards
    if u[U_WEAPON] >= 0:
        out.append((base + u[U_WEAPON], 1.0))
    if u[U_MAGIC] >= 0:
        out.append((base + n_cards + u[U_MAGIC], 1.0))
    if u[U_ITEM] >= 0:
        out.append((base + 2 * n_cards + u[U_ITEM], 1.0))
    base += 3 * n_cards
    if u[U_CHIPS]:
        out.append((base + 1, float(u[U_CHIPS])))
    out.append((base + 2, float(MOST[u[U_CARD]][u[U_ITEM]])))  # (State.max_morale)
    attack = float(combat.attack_value(s, u, -1, False))
    if attack:
        out.append((base + 3, attack))
    counter = float(combat.counter_value(s, u, False))
    if counter:
        out.append((base + 4, counter))
    for k, slot in _UNIT_FLAGS:
        if u[slot]:
            out.append((base + k, float(u[slot])))
    return tuple(out)


_INFO_SIZE = _OBS_SIZE + 2 * _N_CARDS


def information_state_shape(options: Any = None) -> tuple[int, ...]:
    """The shape of :func:`write_information_state`'s tensor (the same for every option set)."""
    return (_INFO_SIZE,)


def write_information_state(s: State, seat: int, out: MutableSequence[float]) -> None:
    """Write what ``seat`` knows into ``out`` (a flat buffer of zeros of
    :func:`information_state_shape`): its observation, then its own undrawn deck and the other
    seat's unseen cards (its hand and undrawn deck together: its deck list less every card that
    went public), counts per pool card. That is everything determinization keeps
    (``hidden.determinize`` deals the other hand from those unseen cards), so states the seat
    cannot tell apart give equal tensors; how the game reached them (perfect recall) is not kept."""
    write_observation(s, seat, out)
    i = _OBS_SIZE
    for c, n in enumerate(s.deck[seat]):
        if n:
            out[i + c] = float(n)
    i += _N_CARDS
    for c, n in enumerate(s.deck[1 - seat]):
        if n:
            out[i + c] = float(n)
    for c in s.hand[1 - seat]:
        out[i + c] += 1.0

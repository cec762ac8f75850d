"""The observation tensor: what a seat's view shows, as a flat list of floats of fixed length.

Built from the state directly (not from the view dict), reading only what :func:`view.make_view`
shows the seat: the public tracks and maps, every hand's counts of code and army cards (L-17),
the cards of the hands the seat may see (its own; every hand with open hands) as counts per card
kind, the shield, the decks' sizes, the discards, the top of the stack and the pending decision.
Equal across hidden variants, since nothing another hand holds enters it. ``write_observation``
writes it, setting only the entries that are not zero of a buffer of zeros, so an adapter fills a
preallocated array in place; ``observation_tensor`` is that buffer as a list. The
information-state tensor (``write_information_state``) adds the cards the seat knows are in each
hand.

Layout, in order (``S`` squares of the space map, ``E`` enemy-map squares, ``A`` army card kinds,
``N`` enemy cards, ``V`` event cards, 5 seat slots whatever the player count):

- game: players one-hot (2..5), difficulty one-hot, open hands, round / round limit, whose turn
  (5 seats + the enemy/none), the main actions used (6 bits), the seat itself (one-hot 5);
- tracks: Space life / 10, its starting value / 10, enemy life / 6, enemy level / 3, event
  count / 3, shield limit / 5, weapon limit / 5, hand limit / 7, development need / 10, the
  development alphabets (3 bits), whether the game is over;
- the space map, per square: ship, blackout, weapons there / 3, this seat's weapons there / 3;
  then per weapon piece (5 seat slots × 3 zones, L-3): on the map, its square (S), its card kind
  (A), attached number / 3;
- the enemy map: each piece's square one-hot (3 × E);
- hands, per seat slot: code count / 7, army count / 7, auto-pass, and the cards per kind
  (9 codes + A army) when the seat may see them, else zeros;
- shield per code kind; deck sizes (code / 27, army / 40, enemy unseen / N, event unseen / V);
  the used enemy and event cards (N + V bits); discards per code kind and per army kind;
- the stack: its depth, and for its top item the kind one-hot (6), the verb one-hot, who
  put it (5 seats), negated, and the code it attacks with (9);
- the pending decision: kind one-hot, seat (5), whether it is this seat's, and its numbers
  (develop need and total, the most cards a draw may take) and the weapon being launched with its
  attached code (A + 9).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from functools import cache
from typing import TYPE_CHECKING, Any

from .cards import ARMY
from .content import content
from .effects import VERBS
from .hidden import known_cards
from .rules import DECISIONS
from .rules.draw import hand_limit
from .rules.level import develop_alphabets, develop_threshold
from .rules.lives import enemy_level
from .rules.weapons import shield_limit, weapon_limit

if TYPE_CHECKING:
    from .types import State

SEAT_SLOTS = 5
ZONES = 3
"""Weapon zones per seat: the most weapons 6.3 allows one seat (two players or fewer)."""
_DIFFICULTIES = ("easy", "normal", "hard")
_STACK_KINDS = ("move", "square", "card", "attack", "strategy", "weapon")
_PENDING = tuple(sorted(DECISIONS))


@cache
def _verbs() -> tuple[str, ...]:
    return ("attack", *sorted(VERBS))


@cache
def size() -> int:
    """The length of every observation tensor (it depends on the content, not on the options)."""
    c = content()
    squares = c.rows * c.cols
    army = len(c.army_ids)
    n = 4 + 3 + 1 + 1 + 6 + 6 + 5  # game
    n += 11 + 3  # tracks
    n += squares * 4
    n += SEAT_SLOTS * ZONES * (1 + squares + army + 1)
    n += 3 * len(c.square_ids)
    n += SEAT_SLOTS * (3 + 9 + army)
    n += 9 + 4 + len(c.enemy_ids) + len(c.event_ids) + 9 + army
    n += 1 + len(_STACK_KINDS) + len(_verbs()) + SEAT_SLOTS + 1 + 9
    n += len(_PENDING) + SEAT_SLOTS + 1 + 3 + army + 9
    return n


def observation_shape(options: Mapping[str, Any]) -> tuple[int, ...]:
    """``(N,)``: the shape of :func:`observation_tensor` (the same for every option set)."""
    return (size(),)


def observation_tensor(s: State, seat: int) -> list[float]:
    """What ``seat`` may see, as :func:`observation_shape` floats (the layout above)."""
    out = [0.0] * size()
    write_observation(s, seat, out)
    return out


def write_observation(s: State, seat: int, out: MutableSequence[float]) -> None:
    """Write :func:`observation_tensor` into ``out``, a flat buffer of :func:`size` zeros (a list,
    or an array an adapter fills in place), setting only the entries that are not zero."""
    c = s.content
    army = len(c.army_ids)
    squares = c.rows * c.cols
    # game
    if 0 <= s.n - 2 < 4:
        out[s.n - 2] = 1.0
    out[4 + _DIFFICULTIES.index(s.difficulty)] = 1.0
    if s.open_hands:
        out[7] = 1.0
    out[8] = s.round / max(1, s.round_limit)
    out[9 + (s.turn if 0 <= s.turn < 6 else 5)] = 1.0
    used = s.used
    for bit in range(6):
        if used >> bit & 1:
            out[15 + bit] = 1.0
    if 0 <= seat < SEAT_SLOTS:
        out[21 + seat] = 1.0
    # tracks
    out[26] = s.space_life / 10
    out[27] = s.max_space / 10
    out[28] = s.enemy_life / 6
    out[29] = enemy_level(s.enemy_life) / 3
    out[30] = s.event_count / 3
    out[31] = shield_limit(s) / 5
    out[32] = weapon_limit(s.n) / 5
    out[33] = hand_limit(s, seat) / 7
    out[34] = develop_threshold(s) / 10
    if s.ended is not None:
        out[35] = 1.0
        if s.ended[0] == "won":
            out[36] = 1.0
    for a in develop_alphabets(s):
        if 0 <= a < 3:
            out[37 + a] = 1.0
    # the space map
    i = 40
    if 0 <= s.ship < squares:
        out[i + 4 * s.ship] = 1.0
    black = s.black
    for sq in range(squares):
        if black[sq]:
            out[i + 4 * sq + 1] = 1.0
    weapons_on: dict[int, int] = {}
    mine_on: dict[int, int] = {}
    for square, owner, *_ in s.weapons:
        weapons_on[square] = weapons_on.get(square, 0) + 1
        if owner == seat:
            mine_on[square] = mine_on.get(square, 0) + 1
    for square, n in weapons_on.items():
        out[i + 4 * square + 2] = n / 3
    for square, n in mine_on.items():
        out[i + 4 * square + 3] = n / 3
    i += 4 * squares
    # each weapon piece (seat, zone): L-3 lets several share a square
    piece = 1 + squares + army + 1
    for w in s.weapons:
        at = i + (w[1] * ZONES + w[4]) * piece
        out[at] = 1.0
        if 0 <= w[0] < squares:
            out[at + 1 + w[0]] = 1.0
        if 0 <= w[2] < army:
            out[at + 1 + squares + w[2]] = 1.0
        out[at + 1 + squares + army] = (w[3] % 3 + 1) / 3
    i += SEAT_SLOTS * ZONES * piece
    # the enemy map
    enemy_squares = len(c.square_ids)
    for pos in s.pieces:
        if 0 <= pos < enemy_squares:
            out[i + pos] = 1.0
        i += enemy_squares
    # hands
    for b in range(s.n):
        hand = s.hands[b]
        codes = sum(1 for x in hand if x < ARMY)
        out[i] = codes / 7
        out[i + 1] = (len(hand) - codes) / 7
        if s.autopass[b]:
            out[i + 2] = 1.0
        if b == seat or s.open_hands:
            for x in hand:
                out[i + 3 + (x if x < ARMY else 9 + x - ARMY)] += 1.0
        i += 3 + 9 + army
    i += (SEAT_SLOTS - s.n) * (3 + 9 + army)
    # shield, decks, discards
    for x in s.shield:
        out[i + x] += 1.0
    i += 9
    out[i] = sum(s.code_deck) / 27
    out[i + 1] = sum(s.army_deck) / 40
    out[i + 2] = sum(s.enemy_unseen) / max(1, len(c.enemy_ids))
    out[i + 3] = sum(s.event_unseen) / max(1, len(c.event_ids))
    i += 4
    for k in s.enemy_queue:
        out[i + k] = 1.0
    i += len(c.enemy_ids)
    for k in s.event_queue:
        out[i + k] = 1.0
    i += len(c.event_ids)
    for k, n in enumerate(s.code_discard):
        if n:
            out[i + k] = float(n)
    i += 9
    for k, n in enumerate(s.army_discard):
        if n:
            out[i + k] = float(n)
    i += army
    # the stack
    out[i] = len(s.stack) / 5
    i += 1
    verbs = _verbs()
    if s.stack:
        top = s.stack[-1]
        out[i + _STACK_KINDS.index(top[0])] = 1.0
        if top[2] in verbs:
            out[i + len(_STACK_KINDS) + verbs.index(top[2])] = 1.0
        at = i + len(_STACK_KINDS) + len(verbs)
        if 0 <= top[4] < SEAT_SLOTS:
            out[at + top[4]] = 1.0
        if top[5]:
            out[at + SEAT_SLOTS] = 1.0
        if top[2] == "attack" and 0 <= top[3][0][1] < 9:
            out[at + SEAT_SLOTS + 1 + top[3][0][1]] = 1.0
    i += len(_STACK_KINDS) + len(verbs) + SEAT_SLOTS + 1 + 9
    # the pending decision
    pend = s.pending if s.ended is None else None
    if pend:
        out[i + _PENDING.index(pend[0])] = 1.0
        i += len(_PENDING)
        if 0 <= pend[1] < SEAT_SLOTS:
            out[i + pend[1]] = 1.0
        if pend[1] == seat:
            out[i + SEAT_SLOTS] = 1.0
        i += SEAT_SLOTS + 1
        if pend[0] == "develop":
            out[i] = pend[2] / 10
            out[i + 1] = pend[3] / 10
        elif pend[0] == "draw_count":
            out[i + 2] = pend[2] / 2
        elif pend[0] == "place":
            if 0 <= pend[2] < army:
                out[i + 3 + pend[2]] = 1.0
            if 0 <= pend[3] < 9:
                out[i + 3 + army + pend[3]] = 1.0


@cache
def information_state_size() -> int:
    """The length of every information-state tensor: the observation, then per seat slot the
    cards (9 codes + A army kinds) the seat knows are in that hand."""
    return size() + SEAT_SLOTS * (9 + len(content().army_ids))


def information_state_shape(options: Mapping[str, Any]) -> tuple[int, ...]:
    """``(N,)``: the shape of :func:`write_information_state`'s tensor (the same for every option set)."""
    return (information_state_size(),)


def write_information_state(s: State, seat: int, out: MutableSequence[float]) -> None:
    """Write what ``seat`` knows into ``out`` (a flat buffer of :func:`information_state_size`
    zeros): its observation, then per seat slot the cards it knows are in that hand
    (:func:`.hidden.known_cards`: its own hand, every hand with open hands, and the shield codes
    the public log shows swapped into another hand, L-18). That is everything determinization
    keeps (``hidden.determinize``), so states the seat cannot tell apart give equal tensors; how
    the game reached them (perfect recall) is not kept."""
    write_observation(s, seat, out)
    row = 9 + len(s.content.army_ids)
    i = size()
    for b, cards in enumerate(known_cards(s, seat)):
        for x in cards:
            out[i + b * row + (x if x < ARMY else 9 + x - ARMY)] += 1.0

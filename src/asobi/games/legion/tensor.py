"""The observation tensor: what a seat's view shows, as a flat list of floats of fixed length.

Built from the state directly (not from the view dict), reading only what :func:`view.make_view`
shows the seat: the public tracks and maps, every hand's counts of code and army cards (L-17),
the cards of the hands the seat may see (its own; every hand with open hands) as counts per card
kind, the shield, the decks' sizes, the discards, the top of the stack and the pending decision.
Equal across hidden variants, since nothing another hand holds enters it.

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

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from .cards import ARMY
from .content import content
from .effects import VERBS
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
    c = s.content
    out: list[float] = []
    add = out.append
    ext = out.extend

    def one_hot(i: int, n: int) -> None:
        row = [0.0] * n
        if 0 <= i < n:
            row[i] = 1.0
        ext(row)

    # game
    one_hot(s.n - 2, 4)
    one_hot(_DIFFICULTIES.index(s.difficulty), 3)
    add(1.0 if s.open_hands else 0.0)
    add(s.round / max(1, s.round_limit))
    one_hot(s.turn if s.turn >= 0 else 5, 6)
    ext([1.0 if s.used >> bit & 1 else 0.0 for bit in range(6)])
    one_hot(seat, SEAT_SLOTS)
    # tracks
    add(s.space_life / 10)
    add(s.max_space / 10)
    add(s.enemy_life / 6)
    add(enemy_level(s.enemy_life) / 3)
    add(s.event_count / 3)
    add(shield_limit(s) / 5)
    add(weapon_limit(s.n) / 5)
    add(hand_limit(s, seat) / 7)
    add(develop_threshold(s) / 10)
    alphas = develop_alphabets(s)
    add(1.0 if s.ended is not None else 0.0)
    add(1.0 if s.ended is not None and s.ended[0] == "won" else 0.0)
    ext([1.0 if a in alphas else 0.0 for a in range(3)])
    # the space map
    army = len(c.army_ids)
    squares = c.rows * c.cols
    weapons_on = [0] * squares
    mine_on = [0] * squares
    for square, owner, *_ in s.weapons:
        weapons_on[square] += 1
        if owner == seat:
            mine_on[square] += 1
    for sq in range(squares):
        add(1.0 if sq == s.ship else 0.0)
        add(1.0 if s.black[sq] else 0.0)
        add(weapons_on[sq] / 3)
        add(mine_on[sq] / 3)
    # each weapon piece (seat, zone): L-3 lets several share a square
    pieces = {(w[1], w[4]): w for w in s.weapons}
    for b in range(SEAT_SLOTS):
        for zone in range(ZONES):
            w = pieces.get((b, zone))
            add(1.0 if w else 0.0)
            one_hot(w[0] if w else -1, squares)
            one_hot(w[2] if w else -1, army)
            add((w[3] % 3 + 1) / 3 if w else 0.0)
    # the enemy map
    for pos in s.pieces:
        one_hot(pos, len(c.square_ids))
    # hands
    for b in range(SEAT_SLOTS):
        hand = s.hands[b] if b < s.n else []
        codes = sum(1 for x in hand if x < ARMY)
        add(codes / 7)
        add((len(hand) - codes) / 7)
        add(1.0 if b < s.n and s.autopass[b] else 0.0)
        cards = [0.0] * (9 + army)
        if b == seat or s.open_hands:
            for x in hand:
                cards[x if x < ARMY else 9 + x - ARMY] += 1.0
        ext(cards)
    # shield, decks, discards
    shield = [0.0] * 9
    for x in s.shield:
        shield[x] += 1.0
    ext(shield)
    add(sum(s.code_deck) / 27)
    add(sum(s.army_deck) / 40)
    add(sum(s.enemy_unseen) / max(1, len(c.enemy_ids)))
    add(sum(s.event_unseen) / max(1, len(c.event_ids)))
    used_enemy = [0.0] * len(c.enemy_ids)
    for i in s.enemy_queue:
        used_enemy[i] = 1.0
    ext(used_enemy)
    used_event = [0.0] * len(c.event_ids)
    for i in s.event_queue:
        used_event[i] = 1.0
    ext(used_event)
    ext([float(x) for x in s.code_discard])
    ext([float(x) for x in s.army_discard])
    # the stack
    add(len(s.stack) / 5)
    verbs = _verbs()
    if s.stack:
        top = s.stack[-1]
        one_hot(_STACK_KINDS.index(top[0]), len(_STACK_KINDS))
        one_hot(verbs.index(top[2]) if top[2] in verbs else -1, len(verbs))
        one_hot(top[4], SEAT_SLOTS)
        add(1.0 if top[5] else 0.0)
        one_hot(top[3][0][1] if top[2] == "attack" else -1, 9)
    else:
        ext([0.0] * (len(_STACK_KINDS) + len(verbs) + SEAT_SLOTS + 1 + 9))
    # the pending decision
    pend = s.pending if s.ended is None else None
    one_hot(_PENDING.index(pend[0]) if pend else -1, len(_PENDING))
    one_hot(pend[1] if pend else -1, SEAT_SLOTS)
    add(1.0 if pend and pend[1] == seat else 0.0)
    add(pend[2] / 10 if pend and pend[0] == "develop" else 0.0)
    add(pend[3] / 10 if pend and pend[0] == "develop" else 0.0)
    add(pend[2] / 2 if pend and pend[0] == "draw_count" else 0.0)
    placing = pend is not None and pend[0] == "place"
    one_hot(pend[2] if pend and placing else -1, army)
    one_hot(pend[3] if pend and placing else -1, 9)
    return out

"""The declared action spaces of emblem: every decision and every chance outcome, with fixed ids
(:mod:`asobi.core.spaces`).

The verbs and their parameters come from the rules modules (what each step's ``legal_*`` lists);
their values from the field (12 squares, C-1) and the card pool (card ids by kind). A deck is any
60 cards of the pool (C-26), so the spaces depend on the pool only, never on the decks chosen: the
same ids whatever the options. A redacted action (``("deploy", "?")``, ``("draw", "?")``) is what
the other seat sees, never an action: it is in no space.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from math import comb
from typing import Any

from asobi.core.spaces import ActionSpace, Choice, IntRange, Verb, combos

from .cards import GUARDIAN, ITEM, LAND, MAGIC, UNIT, WEAPON, pool
from .limits import CHIPS, DECK_SIZE, HAND_LIMIT
from .rules.field import ADJACENT, COLS, MOVES, REACH_SQUARES, SORTIE_SQUARES, SQUARES
from .units import SLOTS

HAND_MOST = HAND_LIMIT + 2
"""The most cards a hand holds: cards are drawn only in a draw step (2.3.5; one per 国力 phase, so
one in each player's turn and one in the opponent's), and the turn player's end phase cuts the
hand to 7 (2.5.6); the opening hand is 7 (2.1.3). So 7 + 1 (the opponent's turn) + 1 (one's own)."""
OWN_UNITS_MOST = SQUARES - COLS
"""The most units of one player on the field: units are deployed on their own 出撃マス and a unit
that enters the opponent's 出撃マス wins at once (C-23), so the opponent's row is never held."""


def _pool_facts() -> dict[str, Any]:
    cards = pool().cards
    units = [c for c in cards if c.kind == UNIT]
    items = [c for c in cards if c.kind == ITEM]
    return {
        "ids": [c.id for c in cards],
        "units": [c.id for c in units],
        "equipment": [c.id for c in cards if c.kind in (WEAPON, MAGIC, ITEM)],
        "placed": [c.id for c in cards if c.kind in (LAND, GUARDIAN)],
        "shed": [c.id for c in cards if c.kind in {i.shed_kind for i in items if i.shed_kind >= 0}],
        "children": [c.id for c in cards if c.parent >= 0],
        "parents": [c.id for c in cards if c.children],
        # The most chips one unit may hold (C-33: its card's 気力 plus an item's bonus), and so the
        # most chips any "up to" choice (C-35) or deploy (C-36) offers.
        "chips": min(CHIPS, max(c.morale for c in units) + max([0, *(i.morale_bonus for i in items)])),
        "morale": max(c.morale for c in units),
        "symbol": max([0, *(c.symbol for c in units)]),
        "land_chips": max([0, *(c.turn_start_chips for c in cards if c.kind == LAND)]),
    }


@cache
def _verbs() -> tuple[Verb, ...]:
    f = _pool_facts()
    sq = IntRange(0, SQUARES - 1)
    slot = IntRange(0, len(SLOTS) - 1)
    # C-17: the neighbours 【象徴】 puts chips on, as many as the keyword says (or fewer).
    symbol = {c for s in range(SQUARES) for c in combos(ADJACENT[s], max(1, f["symbol"]))}
    # C-15, C-34: the units on one's 出撃マス a turn-start land puts a chip on; none when it is
    # chosen before a poison has made room.
    land = {c for row in SORTIE_SQUARES for c in combos(row, max(1, f["land_chips"]), min_size=0)}
    return (
        Verb("activate", sq),  # 2.4.1: the unit that acts
        Verb("attack", sq),  # 2.4.4: its target
        Verb("cancel"),  # C-36: back out of a deploy
        Verb("capture", sq),  # C-21, C-34: the capturer
        Verb("chip", sq),  # 2.3.8
        Verb("chips", IntRange(0, f["chips"])),  # C-35, C-36: how many
        Verb("deploy", Choice(f["units"])),  # 2.3.6: a unit card
        Verb("discard", Choice(f["ids"])),  # 2.5.6
        Verb("equip", Choice(f["equipment"]), sq),  # 2.3.10, 2.3.11: card, unit
        Verb("equipment", IntRange(0, 1)),  # C-5, C-9: use it or not
        Verb("heal", sq),  # C-11: the unit healed
        Verb("honing", sq),  # C-20
        Verb("inherit", sq, Choice(f["parents"])),  # 2.5.5: the child's square, the parent card
        Verb("keep"),  # 2.1.4
        Verb("land", Choice(land)),  # C-15: the squares
        Verb("legacy", sq, sq, slot),  # C-19: from, to, slot
        Verb("move", sq),  # 2.4.3: the destination
        Verb("mulligan"),  # 2.1.4
        Verb("next"),  # 2.3.2, 2.4.3, 2.4.4…
        Verb("place", Choice(f["placed"])),  # 2.3.12: a land or guardian card
        Verb("poison", sq),  # C-22, C-34
        Verb("rally", sq),  # 2.5.2: the unit the land puts chips on
        Verb("shed", sq, Choice(f["shed"])),  # 2.3.11: the unit, the card discarded
        Verb("square", Choice(sq for row in SORTIE_SQUARES for sq in row)),  # 2.3.6, C-36
        Verb("succeed", sq, Choice(f["children"])),  # 2.5.4: the parent's square, the child card
        Verb("symbol", sq, Choice(symbol)),  # C-17: the unit, the neighbours
        Verb("training", sq),  # C-18
        Verb("unequip", sq, slot),  # 2.3.9: the unit, the slot
    )


@cache
def _max_legal() -> int:
    """An upper bound on the actions one step lists (see each step's ``legal_*``).

    With H = :data:`HAND_MOST` (9) distinct cards in hand at most and U = :data:`OWN_UNITS_MOST`
    (9) units of one's own (12 in all on the field):

    - unit step: a chip per own unit + a deploy per unit card in hand + next;
    - deploy square: cancel + 3; deploy chips, chips: cancel or 0 + the most chips of a unit;
    - item step: equips (equipment in hand × 12 units) + next + places (lands and guardians in
      hand) + sheds (own units × cards in hand) + unequips (3 slots × own units);
    - select, rally: one per own unit + next; move: the most squares one move reaches + next;
      act: the most squares in reach + next; equipment: 2; mulligan: 2; discard: H;
    - start-of-turn effects: a capture and a poison per own unit + the land's choices (3);
    - end-phase effects: per own unit, the most its card may offer — 【象徴】's choices of
      neighbours, 【修練】, 【伝承】 (3 slots × 4 neighbours), 【練磨】, 世代交代 both ways — + next.

    The largest is the item step's.
    """
    f = _pool_facts()
    cards = pool().cards
    hand, own = HAND_MOST, OWN_UNITS_MOST
    neighbours = max(len(a) for a in ADJACENT)

    def per_unit(c: Any) -> int:
        symbol = max([0, *(comb(neighbours, k) for k in range(1, c.symbol + 1))])
        legacy = len(SLOTS) * neighbours if c.legacy else 0
        family = min(hand, len(c.children)) + (c.parent >= 0)
        return symbol + bool(c.training) + legacy + bool(c.honing) + family

    effects = own * max(per_unit(c) for c in cards if c.kind == UNIT) + 1
    item = (
        min(hand, len(f["equipment"])) * SQUARES
        + 1
        + min(hand, len(f["placed"]))
        + own * min(hand, len(f["shed"]))
        + own * len(SLOTS)
    )
    land = max(comb(len(row), k) for row in SORTIE_SQUARES for k in range(1, max(1, f["land_chips"]) + 1))
    steps = (
        own + min(hand, len(f["units"])) + 1,  # unit
        1 + len(SORTIE_SQUARES[0]),  # deploy_square
        1 + f["chips"],  # deploy_chips, amount (0 or cancel, then 1..chips)
        item,
        own + 1,  # select, end_start
        max(len(m) for by_type in MOVES for by_seat in by_type for m in by_seat) + 1,  # move
        max(len(r) for by_type in REACH_SQUARES for r in by_type) + 1,  # act
        2,  # equipment, mulligan
        hand,  # discard
        2 * own + land,  # start_effects
        effects,
    )
    return max(steps)


def action_space(options: Mapping[str, Any]) -> ActionSpace:
    """Every decision of the game (the same verbs, ids and bound whatever the options)."""
    return ActionSpace(_verbs(), _max_legal())


@cache
def _chance_space() -> ActionSpace:
    ids = pool().ids
    # 2.1.2: who goes first (2 outcomes); 2.1.3, 2.3.5: the card drawn, one outcome per distinct
    # card left in the deck: at most a 60-card deck's, and at most the pool's.
    return ActionSpace(
        (Verb("draw", Choice(ids)), Verb("first", IntRange(0, 1))), max(2, min(len(ids), DECK_SIZE))
    )


def chance_space(options: Mapping[str, Any]) -> ActionSpace:
    """Every chance outcome (the same whatever the options)."""
    return _chance_space()

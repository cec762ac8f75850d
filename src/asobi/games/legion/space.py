"""The declared action spaces of パラレルレギオン: every decision and every chance outcome, with
fixed ids (:mod:`asobi.core.spaces`).

The verbs and their parameters come from the rules modules (which actions each decision lists)
and their values from the content: squares of the space map, the 9 code kinds (α1..γ3 as 0..8),
army cards (weapons and strategies by index), enemy and event cards. The spaces do not depend on
the options (the same ids for 2 to 5 players); ``max_legal`` does, through the weapon limit (6.3).
A redacted draw (``("code", "?")``) is what other seats see, never an action: it is in no space.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from itertools import combinations
from typing import Any

from asobi.core.spaces import ActionSpace, Choice, IntRange, Verb

from .cards import ARMY, SEATS
from .content import DIRECTION_STEP, Content, content
from .rules.shield import same_alphabet_or_number
from .rules.weapons import weapon_limit

CODE_KINDS = 9
"""1.3: the code cards are α/β/γ × 1/2/3, numbered 0..8 (α1..γ3)."""
DRAW_MOST = 2
"""4.1: a hand that is not empty draws 0, 1 or 2 (an empty hand's 3 is not asked)."""
MAIN_ONE_EACH = 3
"""The main-phase actions that are one action each: ``("autopass", 0)``, ``("develop",)``, ``("end",)``."""


def _squares(c: Content) -> IntRange:
    return IntRange(0, c.rows * c.cols - 1)


def _codes() -> IntRange:
    return IntRange(0, CODE_KINDS - 1)


def _hand_cards(c: Content) -> Choice:
    """A card in hand: a code kind 0..8, or ``ARMY + k`` for army card ``k``."""
    return Choice([*range(CODE_KINDS), *(ARMY + k for k in range(len(c.army_ids)))])


def _weapons(c: Content) -> Choice:
    return Choice(k for k in range(len(c.army_ids)) if c.is_weapon[k])


def _strategies(c: Content) -> Choice:
    return Choice(k for k in range(len(c.army_ids)) if c.strategy_effects[k] is not None)


@cache
def _verbs() -> tuple[Verb, ...]:
    c = content()
    sq = _squares(c)
    code = _codes()
    card = _hand_cards(c)
    return (
        Verb("activate", IntRange(0, len(SEATS) - 1), IntRange(0, weapon_limit(2) - 1)),  # 5.5: owner, zone
        Verb("autopass", IntRange(0, 1)),  # L-5: 0 turns it off (main), 1 on (respond)
        Verb("clear", sq),  # 5.6 / effects: the blackout removed
        Verb("dev", IntRange(0, 1), code),  # 5.8: 0 from hand, 1 from the shield
        Verb("develop"),  # 5.7
        Verb("discard", card),  # 7.3
        Verb("done"),  # 5.6: stop repairing
        Verb("draw", IntRange(0, DRAW_MOST)),  # 4.1
        Verb("end"),  # 4.2, 4.3
        Verb("launch", _weapons(c), code),  # 5.2: weapon card, code card
        Verb("move", IntRange(0, weapon_limit(2) - 1), sq),  # 5.5 / move_weapon: the weapon's zone, to
        Verb("pass"),  # 6.5
        Verb("place", sq),  # 5.3
        Verb("push", Choice(DIRECTION_STEP)),  # ship_push: the direction
        Verb("repair", sq, card),  # 5.6: the blackout, the card discarded
        Verb("shield", code),  # 4.3 / shield_from_hand
        Verb("strategy", _strategies(c), IntRange(0, 2)),  # 6.4: the card, the alphabet shown
        Verb("supply", code),  # 5.1
        Verb("swap", code, code),  # 4.4: shield code, hand code
        Verb("unshield", code),  # 7.3
    )


def _players(options: Mapping[str, Any]) -> int:
    return int(options.get("players", 3))


@cache
def repair_targets(weapons: int) -> int:
    """The most blackouts next to (上下左右斜め, 5.6) some ``weapons`` weapons can be: the largest
    union of their neighbourhoods, their own squares left out (a weapon never stands on a
    blackout), over every placement on the space map."""
    c = content()
    squares = range(c.rows * c.cols)
    king = c.king[1]
    best = 0
    for placed in combinations(squares, weapons):
        near: set[int] = set()
        for w in placed:
            near.update(king[w])
        best = max(best, len(near.difference(placed)))
    return best


@cache
def _max_legal(players: int) -> int:
    """An upper bound on the actions one decision lists (see each decision's ``legal_*``).

    A hand's size has no useful bound (effects draw past the 4.1 limit), so hands are bounded by
    their distinct kinds: at most 9 codes and every army card. With W = 6.3's weapon limit and k
    of the seat's weapons on the map (0..W):

    - main (4.2): k activations + auto-pass off, develop and end (3) + launches (weapon kinds ×
      code kinds, only while k < W) + moves (4 neighbours per weapon) + repairs (blackouts next to
      k weapons × distinct cards) + strategies (strategy kinds × 3 alphabets) + supplies (9);
    - repair: done + the same repairs; respond (6.5) and priority (6.4, L-28): pass, auto-pass and
      the strategies;
    - shield (4.3, 4.4): end + 9 codes + swaps (each shield code kind has 4 partners: 2 of its
      alphabet, 2 of its number; 9 kinds);
    - develop: 9 from hand + 9 from the shield; discard: distinct cards; clear, place: squares;
      unshield, to_shield: 9; move_weapon: 4 per weapon; push: 4; draw_count: 3.

    The largest is the main phase's.
    """
    c = content()
    w_limit = weapon_limit(players)
    codes = CODE_KINDS
    weapons = sum(c.is_weapon)
    strategies = sum(1 for e in c.strategy_effects if e is not None)
    distinct = codes + len(c.army_ids)
    squares = c.rows * c.cols
    neighbours = max(len(o) for o in c.orthogonal)
    partners = max(sum(same_alphabet_or_number(a, b) for b in range(codes)) for a in range(codes))
    main = max(
        k
        + MAIN_ONE_EACH
        + (weapons * codes if k < w_limit else 0)
        + neighbours * k
        + repair_targets(k) * distinct
        + 3 * strategies
        + codes
        for k in range(w_limit + 1)
    )
    others = (
        1 + repair_targets(w_limit) * distinct,  # repair
        2 + 3 * strategies,  # respond, priority
        1 + codes + codes * partners,  # shield phase
        2 * codes,  # develop
        distinct,  # discard
        squares,  # clear, place
        neighbours * w_limit,  # move_weapon
        len(DIRECTION_STEP),  # push
        DRAW_MOST + 1,  # draw_count
    )
    return max(main, *others)


def action_space(options: Mapping[str, Any]) -> ActionSpace:
    """Every decision of the game (the same verbs and ids whatever the options)."""
    return ActionSpace(_verbs(), _max_legal(_players(options)))


@cache
def _chance_space() -> ActionSpace:
    c = content()
    # A draw is the card drawn: a code kind, an army card, or (L-8) an unseen enemy or event card.
    # At most one deck is drawn at once, so at most as many outcomes as the largest deck has kinds.
    kinds = (CODE_KINDS, len(c.army_ids), len(c.enemy_ids), len(c.event_ids))
    return ActionSpace(
        (
            Verb("army", IntRange(0, len(c.army_ids) - 1)),
            Verb("code", _codes()),
            Verb("enemy", IntRange(0, len(c.enemy_ids) - 1)),
            Verb("event", IntRange(0, len(c.event_ids) - 1)),
        ),
        max(kinds),
    )


def chance_space(options: Mapping[str, Any]) -> ActionSpace:
    """Every chance outcome (the same whatever the options)."""
    return _chance_space()

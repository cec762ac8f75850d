"""Building positions of パラレルレギオン compactly for scenario tests."""

from __future__ import annotations

from typing import Any

import asobi.games.legion  # noqa: F401  (registers the game)
from asobi.core.log import EventLog
from asobi.games.legion.cards import ARMY
from asobi.games.legion.content import code_index, content
from asobi.games.legion.rules.window import sync_answerers
from asobi.games.legion.state import LegionState


def code(name: str) -> int:
    """'β2' → its code kind."""
    return code_index(name)


def army(card_id: str) -> int:
    """'W01' → its hand entry."""
    return ARMY + content().army_index[card_id]


def kind(card_id: str) -> int:
    return content().army_index[card_id]


def sq(name: str) -> int:
    """'c3' → the square (column letter, row number from the north)."""
    return (int(name[1:]) - 1) * content().cols + "abcde".index(name[0])


def square_index(square_id: str) -> int:
    return content().square_ids.index(square_id)


def position(
    players: int = 3,
    difficulty: str = "normal",
    open_hands: bool = False,
    timing: str = "printed",
    **fields: Any,
) -> LegionState:
    """A fresh game with its fields set (hands as lists of names), before any task has run;
    ``timing`` is the strategy timing option (L-28: ``printed`` or ``simple``).

    Cards put into hands, the shield or on weapons are taken out of the decks so the card counts
    stay whole.
    """
    s = LegionState(players, difficulty, open_hands, timing=timing)
    s.log = EventLog()
    s.agenda = []
    s.pending = None
    s.chance = None
    s.round = 1
    hands = fields.pop("hands", None)
    if hands is not None:
        s.hands = [sorted(_entry(c) for c in h) for h in hands] + [[] for _ in range(players - len(hands))]
        for h in s.hands:
            for c in h:
                _take(s, c)
    shield = fields.pop("shield", None)
    if shield is not None:
        s.shield = sorted(code(c) for c in shield)
        for c in s.shield:
            _take(s, c)
    weapons = fields.pop("weapons", None)
    if weapons is not None:
        # each seat's weapons take its zones in the order given (a fifth item gives the zone)
        zones: dict[int, int] = {}
        placed = []
        for w in weapons:
            zone = w[4] if len(w) > 4 else zones.get(w[1], 0)
            zones[w[1]] = zone + 1
            placed.append((sq(w[0]), w[1], kind(w[2]), code(w[3]), zone))
        s.weapons = sorted(placed)
        for w in s.weapons:
            _take(s, ARMY + w[2])
            _take(s, w[3])
    black = fields.pop("black", None)
    if black is not None:
        for b in black:
            s.black[sq(b)] = 1
    pieces = fields.pop("pieces", None)
    if pieces is not None:
        s.pieces = [square_index(p) if p else -1 for p in pieces]
    ship = fields.pop("ship", None)
    if ship is not None:
        s.ship = sq(ship)
    for k, v in fields.items():
        setattr(s, k, v)
    sync_answerers(s)
    return s


def _entry(card: str) -> int:
    return code(card) if card[0] in "αβγ" else army(card)


def _take(s: LegionState, card: int) -> None:
    if card < ARMY:
        assert s.code_deck[card] > 0, "no such code card left in the deck"
        s.code_deck[card] -= 1
    else:
        assert s.army_deck[card - ARMY] > 0, "no such army card left in the deck"
        s.army_deck[card - ARMY] -= 1


def run(s: LegionState, *tasks: tuple[Any, ...], then: tuple[Any, ...] = ("turn", 0)) -> LegionState:
    """Run ``tasks`` in order (then the rest of the game from ``then``) until a decision or draw."""
    s.pending = None
    s.chance = None
    s.agenda = [("round",), then]
    s.push(*tasks)
    s.run()
    return s


def keys(s: LegionState, start: int = 0) -> list[str]:
    return [e.key for e in s.log[start:]]


def events(s: LegionState, key: str) -> list[Any]:
    return [e for e in s.log if e.key == key]


def clauses(s: LegionState, start: int = 0) -> set[str]:
    return {c for e in s.log[start:] for c in e.clauses}

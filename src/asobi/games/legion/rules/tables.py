"""Tables the rules derive once from the (immutable) content, so the hot path only looks things up.

They hold the agenda tasks and stack items that squares, attacks and cards always produce, the
ship's destination square for each direction, and which army cards are strategies. Every entry
equals what the rules would otherwise build on each use, so states and logs are unchanged.
"""

from __future__ import annotations

from typing import Any

from ..content import DIRECTION_STEP, Content

Task = tuple[Any, ...]


class Tables:
    __slots__ = ("attack_tasks", "card_tasks", "is_strategy", "square_tasks", "step")

    def __init__(self, c: Content) -> None:
        rows, cols = c.rows, c.cols
        self.step: dict[str, tuple[int, ...]] = {}
        """``step[direction][square]``: the square one step that way, or -1 off the map."""
        for direction, (dr, dc) in DIRECTION_STEP.items():
            targets = []
            for sq in range(rows * cols):
                r, col = divmod(sq, cols)
                r, col = r + dr, col + dc
                targets.append(r * cols + col if 0 <= r < rows and 0 <= col < cols else -1)
            self.step[direction] = tuple(targets)
        self.square_tasks: tuple[tuple[Task, ...], ...] = tuple(
            (
                *(
                    (("announce", ("move", c.square_ids[pos], "ship_move", (("direction", to),), -1, False)),)
                    if to != "none"
                    else ()
                ),
                *(("announce", ("square", c.square_ids[pos], e.verb, e.params, -1, False)) for e in effects),
            )
            for pos, (to, effects) in enumerate(zip(c.square_to, c.square_effects, strict=True))
        )
        """7.2, 7.4: the announce tasks of each enemy square: its "to〜" ship move first (L-23: on the
        stack so strategies can answer it in time, but not an effect a strategy can negate), then
        its effects in printed order."""
        self.attack_tasks: tuple[tuple[Task, ...], ...] = tuple(
            tuple(
                ("announce", ("attack", f"piece{piece + 1}", "attack", (("code", code),), -1, False))
                for code in range(9)
            )
            for piece in range(3)
        )
        """7.5: ``attack_tasks[piece][code]``: the announce task of a piece's attack."""
        self.card_tasks: dict[str, tuple[tuple[Task, ...], ...]] = {
            deck: tuple(
                (
                    *(
                        ("announce", ("card", f"{ids[card]}({k + 1})", e.verb, e.params, -1, False))
                        for k, e in enumerate(parts[card])
                    ),
                    ("card_bottom", deck, card),
                )
                for card in range(len(ids))
            )
            for deck, ids, parts in (
                ("enemy", c.enemy_ids, c.enemy_parts),
                ("event", c.event_ids, c.event_parts),
            )
        }
        """6.6, 7.7, 3.2: the tasks a played card runs: each numbered part, then to the bottom."""
        self.is_strategy: tuple[bool, ...] = tuple(not w for w in c.is_weapon)
        """Which army cards are strategies (the others are weapons)."""


_BY_CONTENT: dict[int, tuple[Content, Tables]] = {}


def tables(c: Content) -> Tables:
    """The tables of ``c``, made on first use."""
    hit = _BY_CONTENT.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    t = Tables(c)
    _BY_CONTENT[id(c)] = (c, t)
    return t

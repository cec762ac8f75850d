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
    __slots__ = (
        "activate_verb",
        "activates",
        "attack_tasks",
        "card_tasks",
        "code_bit",
        "code_value",
        "develop_discount",
        "develop_value",
        "distance",
        "hand_bonus",
        "is_strategy",
        "persistent",
        "shield_bonus",
        "square_bit",
        "square_tasks",
        "square_value",
        "step",
    )

    def __init__(self, c: Content) -> None:
        rows, cols = c.rows, c.cols
        self.distance: tuple[tuple[int, ...], ...] = tuple(
            tuple(abs(a // cols - b // cols) + abs(a % cols - b % cols) for b in range(rows * cols))
            for a in range(rows * cols)
        )
        """``distance[a][b]``: the orthogonal steps between squares ``a`` and ``b`` (as
        ``weapons.ship_distance`` counts them)."""
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
        self.activates: tuple[bool, ...] = tuple(e is not None and e.timing == "activate" for e in c.weapon_effect)
        """Which army cards are weapons with a 起動 effect (5.5: what 操作 may activate)."""
        self.activate_verb: tuple[str | None, ...] = tuple(
            e.verb if e is not None and e.timing == "activate" else None for e in c.weapon_effect
        )
        """The verb of each army card's 起動 effect, or ``None`` (a strategy, or a weapon without one)."""
        self.code_bit: tuple[int, ...] = tuple(1 << (code // 3) for code in range(9))
        """A code card's alphabet as a bit (1.3: A, B, C; codes are ``alphabet * 3 + number - 1``)."""
        self.code_value: tuple[int, ...] = tuple(code % 3 + 1 for code in range(9))
        """A code card's number, 1 to 3 (what it counts for in development, 5.7)."""
        self.develop_value: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.code_value[code] if alphas & self.code_bit[code] else 0 for code in range(9))
            for alphas in range(8)
        )
        """``develop_value[alphabets][code]``: what a code counts for in development when the enemy
        pieces show ``alphabets`` (bits, as ``code_bit``): its number, or 0 for another alphabet (5.8)."""
        self.square_bit: tuple[int, ...] = (*(self.code_bit[code] for code in c.square_code), 0)
        """The alphabet of each enemy square's code, as a bit (5.8); index -1 (a piece not on the
        map) reads 0, so a sum over the three pieces needs no test."""
        self.square_value: tuple[int, ...] = (*(self.code_value[code] for code in c.square_code), 0)
        """The number of each enemy square's code (5.7); index -1 (a piece not on the map) reads 0."""
        verbs = {e.verb for e in c.weapon_effect if e is not None and "amount" in e.params}
        self.persistent: dict[str, tuple[int, ...]] = {
            verb: tuple(
                int(e.params["amount"]) if e is not None and e.verb == verb else 0 for e in c.weapon_effect
            )
            for verb in verbs
        }
        """``persistent[verb][card]``: the amount of army card ``card``'s persistent (永続) effect
        ``verb`` (0 for a card without one), for the verbs that take an amount."""
        none = (0,) * len(c.weapon_effect)
        self.develop_discount: tuple[int, ...] = self.persistent.get("develop_discount", none)
        """``persistent["develop_discount"]`` (5.7: lowers the development threshold), or zeros."""
        self.shield_bonus: tuple[int, ...] = self.persistent.get("shield_limit", none)
        """``persistent["shield_limit"]`` (4.3: raises the shield's limit), or zeros."""
        self.hand_bonus: tuple[int, ...] = self.persistent.get("hand_limit", none)
        """``persistent["hand_limit"]`` (4.1: raises the owner's hand limit), or zeros."""


_BY_CONTENT: dict[int, tuple[Content, Tables]] = {}


def tables(c: Content) -> Tables:
    """The tables of ``c``, made on first use."""
    hit = _BY_CONTENT.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    t = Tables(c)
    _BY_CONTENT[id(c)] = (c, t)
    return t

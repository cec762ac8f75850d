"""The field (C-1): 3 squares wide, 4 deep; movement (C-3) and reach (C-4) as lookup tables.

Square ``s`` is column ``s % 3`` (a–c) and row ``s // 3`` (1–4 when written). Row 0 is seat 0's
出撃マス and row 3 is seat 1's; seat 0 moves forward up the rows, seat 1 down.
"""

from __future__ import annotations

from ..cards import CAVALRY, DIRECT, FLIER, HEALING, INDIRECT, INFANTRY, MAGIC_ATTACK

COLS = 3
ROWS = 4
SQUARES = COLS * ROWS
ALL_SQUARES = range(SQUARES)
"""Every square, in order. A field scan is a plain loop over it (or over ``s.field``) that skips
the empty squares: on Python 3.11 that costs less than ``compress(ALL_SQUARES, s.field)`` or
``filter(None, s.field)``, whose iterators are generic C calls at every square."""
SORTIE_ROW = (0, ROWS - 1)
"""Each seat's 出撃マス row (C-1)."""
FORWARD = (1, -1)


def square_name(sq: int) -> str:
    """``a1`` … ``c4``: column letter, row number counted from seat 0's side."""
    return f"{'abc'[sq % COLS]}{sq // COLS + 1}"


def _distance(a: int, b: int) -> int:
    return abs(a % COLS - b % COLS) + abs(a // COLS - b // COLS)


DISTANCE = tuple(tuple(_distance(a, b) for b in range(SQUARES)) for a in range(SQUARES))
"""Orthogonal (Manhattan) distance between two squares (C-4)."""

ADJACENT = tuple(tuple(b for b in range(SQUARES) if DISTANCE[a][b] == 1) for a in range(SQUARES))
"""Squares orthogonally next to each square (隣接 in 象徴, 伝承, 捕獲)."""

SORTIE_SQUARES = tuple(tuple(r * COLS + c for c in range(COLS)) for r in SORTIE_ROW)


def _steps(move: int, seat: int) -> list[tuple[int, int]]:
    fwd = FORWARD[seat]
    orth = [(0, 1), (0, -1), (1, 0), (-1, 0)]
    if move == INFANTRY:
        return orth
    if move == CAVALRY:
        return [*orth, (1, fwd), (-1, fwd)]
    return [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if dc or dr]


def _destinations(move: int, seat: int, sq: int) -> tuple[int, ...]:
    col, row = sq % COLS, sq // COLS
    out = []
    for dc, dr in _steps(move, seat):
        c, r = col + dc, row + dr
        if 0 <= c < COLS and 0 <= r < ROWS:
            out.append(r * COLS + c)
    return tuple(sorted(out))


MOVES = tuple(
    tuple(tuple(_destinations(m, seat, sq) for sq in range(SQUARES)) for seat in (0, 1))
    for m in (INFANTRY, CAVALRY, FLIER)
)
"""``MOVES[move type][seat][square]``: the squares one move reaches (C-3)."""

REACH = {
    DIRECT: frozenset({1}),
    INDIRECT: frozenset({2}),
    MAGIC_ATTACK: frozenset({1, 2}),
    HEALING: frozenset({1, 2}),
}
"""Distances each attack type reaches (C-4)."""

REACH_SQUARES = tuple(
    tuple(tuple(b for b in range(SQUARES) if DISTANCE[a][b] in REACH[t]) for a in range(SQUARES))
    for t in (DIRECT, INDIRECT, MAGIC_ATTACK, HEALING)
)
"""``REACH_SQUARES[attack type][square]``: the squares in reach."""


def reaches(attack_type: int, a: int, b: int) -> bool:
    return DISTANCE[a][b] in REACH[attack_type]

"""The field's geometry (C-1, C-3, C-4), checked square by square against the rule's words.

The tables the rules read (``DISTANCE``, ``MOVES``, ``REACH_SQUARES``) are built once when the
module is imported, so a scenario cannot notice a fault in the functions that build them (a
mutation test swaps those functions after the tables exist); these tests call the builders too."""

from __future__ import annotations

import pytest

from asobi.games.emblem.cards import CAVALRY, FLIER, INFANTRY
from asobi.games.emblem.rules import field
from support.scenario import rule

SQUARES = [(col, row) for row in range(4) for col in range(3)]
"""C-1: 3 columns (a–c) by 4 rows (1–4, counted from A's side), square ``row * 3 + col``."""


def _index(col: int, row: int) -> int:
    return row * 3 + col


@rule("C-1")
def test_the_field_is_three_wide_and_four_deep_and_squares_are_named_column_then_row():
    assert (field.COLS, field.ROWS, field.SQUARES) == (3, 4, 12)
    assert [field.square_name(_index(c, r)) for c, r in SQUARES][:4] == ["a1", "b1", "c1", "a2"]
    assert field.square_name(11) == "c4"


@rule("C-4")
def test_distance_is_columns_apart_plus_rows_apart():
    for a, (ca, ra) in enumerate(SQUARES):
        for b, (cb, rb) in enumerate(SQUARES):
            expected = abs(ca - cb) + abs(ra - rb)
            assert field._distance(a, b) == expected == field.DISTANCE[a][b], (a, b)
    assert field._distance(_index(0, 0), _index(2, 3)) == 5  # a1 to c4: 2 columns and 3 rows


def _reached(rule_allows, col: int, row: int) -> tuple[int, ...]:
    return tuple(
        sorted(_index(c, r) for c, r in SQUARES if (c, r) != (col, row) and rule_allows(c - col, r - row))
    )


@pytest.mark.parametrize("seat", [0, 1])
@rule("C-3")
def test_one_move_goes_orthogonally_for_infantry_diagonally_forward_too_for_cavalry_anywhere_for_fliers(seat):
    forward = 1 if seat == 0 else -1  # A's side is row 1, so A's forward is up the rows; B's down
    allows = {
        INFANTRY: lambda dc, dr: abs(dc) + abs(dr) == 1,
        CAVALRY: lambda dc, dr: abs(dc) + abs(dr) == 1 or (abs(dc) == 1 and dr == forward),
        FLIER: lambda dc, dr: max(abs(dc), abs(dr)) == 1,
    }
    for move, rule_allows in allows.items():
        for sq, (col, row) in enumerate(SQUARES):
            expected = _reached(rule_allows, col, row)
            assert field._destinations(move, seat, sq) == expected == field.MOVES[move][seat][sq], (move, sq)
    # the step lists themselves: never off the field, never staying
    assert sorted(field._steps(INFANTRY, seat)) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert sorted(field._steps(CAVALRY, seat)) == sorted(
        [(-1, 0), (0, -1), (0, 1), (1, 0), (1, forward), (-1, forward)]
    )
    assert len(field._steps(FLIER, seat)) == 8 and (0, 0) not in field._steps(FLIER, seat)


@rule("C-3")
def test_a_cavalry_unit_in_the_middle_of_its_own_front_row_reaches_five_squares():
    # b1 for A: a1, c1, b2 orthogonally (not off the field), a2 and c2 diagonally forward
    assert field._destinations(CAVALRY, 0, _index(1, 0)) == tuple(
        sorted(_index(c, r) for c, r in [(0, 0), (2, 0), (1, 1), (0, 1), (2, 1)])
    )
    # b4 for B: its forward is down the rows
    assert field._destinations(CAVALRY, 1, _index(1, 3)) == tuple(
        sorted(_index(c, r) for c, r in [(0, 3), (2, 3), (1, 2), (0, 2), (2, 2)])
    )

"""How cards and seats are numbered in the state."""

ARMY = 100
"""Hand entries are code kinds 0..8 (α1..γ3) or ``ARMY + k`` for army card ``k``."""

SEATS = "ABCDE"

WITH_CODE = tuple(tuple(codes | 1 << c for c in range(9)) for codes in range(512))
"""``WITH_CODE[codes][c]``: the set of code kinds ``codes`` (bit ``c`` for code ``c``) with code
kind ``c`` added, looked up: ``|`` and ``<<`` are generic operations where a tuple index is
specialised, and the table's ints over 256 are made once, not at every step."""


def is_index(x: object, n: int) -> bool:
    """Whether ``x`` is an int in ``0..n-1`` (an item of a submitted action, checked before use)."""
    return type(x) is int and 0 <= x < n


def hand_kinds(hand: list[int]) -> tuple[list[int], list[int]]:
    """The distinct code kinds and army cards (as ``k``, not ``ARMY + k``) of a sorted hand, each
    in order (one pass: the hand's equal cards are next to each other)."""
    codes: list[int] = []
    armies: list[int] = []
    last = -1
    for c in hand:
        if c != last:
            last = c
            if c < ARMY:
                codes.append(c)
            else:
                armies.append(c - ARMY)
    return codes, armies


def distinct(cards: list[int]) -> list[int]:
    """The distinct entries of a sorted list, in order."""
    out: list[int] = []
    last = None
    for c in cards:
        if c != last:
            last = c
            out.append(c)
    return out

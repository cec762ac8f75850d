"""Per-seat values that seldom change, kept as tuples: clones share them and a change replaces
the whole pair (so ``clone`` copies none of them)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def with_seat(pair: tuple[T, T], seat: int, value: T) -> tuple[T, T]:
    """``pair`` with ``seat``'s entry replaced by ``value``."""
    return (value, pair[1]) if seat == 0 else (pair[0], value)

"""Exact distributions of ドレイクの野望's combat dice, shared by the rules and the odds calculator.

Every combat die is a d6 that succeeds on its value or less (21.5 air, 22.4 AA, 23.4 bombing, 24.4
shelling), and the characters aboard add fixed hits (21.6, 22.5, 23.5, 24.6). Only the number of
hits matters, so a camp's pool is one distribution over hit counts: dice of equal value are a
binomial, different values are convolved, the characters' hits shift it. Survival rolls (26.2)
are one d6 read on a six-letter row. Everything here is pure and exact (:class:`Fraction`);
``*_float`` give the chance nodes' floats.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from math import comb

SIDES = 6

Dice = tuple[tuple[int, int], ...]
"""A pool of dice as (value, how many) pairs, sorted by value, each value once."""

FATES = "G-LHD"
"""26.2.1–26.2.5: grow, unhurt, light wound, heavy wound, dead (or on leave)."""


def hit_chance(value: int) -> Fraction:
    """One d6 showing ``value`` or less (values beyond 0–6 are clipped)."""
    return Fraction(max(0, min(SIDES, value)), SIDES)


def dice_of(values: Iterable[int]) -> Dice:
    """The pool of dice rolled each against its value, in normal form."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return tuple(sorted(counts.items()))


@cache
def binomial(n: int, value: int) -> tuple[Fraction, ...]:
    """P(k hits) for k = 0 … n of ``n`` dice against ``value``."""
    p = hit_chance(value)
    return tuple(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


@cache
def pool(dice: Dice, bonus: int = 0) -> tuple[tuple[int, Fraction], ...]:
    """The hits of a pool: (hits, exact probability) for every count that can happen, in order.
    ``bonus`` hits come without a roll (the characters' attack)."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for value, n in dice:
        out: dict[int, Fraction] = {}
        for k, pk in enumerate(binomial(n, value)):
            if not pk:
                continue
            for a, pa in dist.items():
                out[a + k] = out.get(a + k, 0) + pa * pk
        dist = out
    return tuple((hits + bonus, p) for hits, p in sorted(dist.items()) if p)


@cache
def pool_float(dice: Dice, bonus: int = 0) -> tuple[tuple[int, float], ...]:
    """:func:`pool`'s floats, worked out in whole numbers: every face of ``n`` dice comes up in one
    of 6**n equally likely ways, so each count of hits is a number of ways, divided by 6**n once at
    the end — a single correctly rounded division, as ``float`` of the exact fraction is, so the
    floats are the same without the fractions' arithmetic (a chance node's pool, and a rule bot's
    odds of a siege no battle has rolled)."""
    ways = {0: 1}
    rolled = 0
    for value, n in dice:
        hit = max(0, min(SIDES, value))
        row = [comb(n, k) * hit**k * (SIDES - hit) ** (n - k) for k in range(n + 1)]
        out: dict[int, int] = {}
        for k, wk in enumerate(row):
            if not wk:
                continue
            for a, wa in ways.items():
                out[a + k] = out.get(a + k, 0) + wa * wk
        ways = out
        rolled += n
    total = SIDES**rolled
    return tuple([(hits + bonus, w / total) for hits, w in sorted(ways.items()) if w])


def expected(dist: Iterable[tuple[int, Fraction]]) -> Fraction:
    return sum((Fraction(k) * p for k, p in dist), Fraction(0))


def at_least(dist: Iterable[tuple[int, Fraction]], hits: int) -> Fraction:
    """The chance of ``hits`` or more."""
    return sum((p for k, p in dist if k >= hits), Fraction(0))


def blocks_placed(hits: int, sizes: Iterable[int]) -> int:
    """B-30: how many blocks ``hits`` fill when the allocator gives them in the order ``sizes``
    (each block the target's defence), skipping a block that no longer fits and going on while
    one does; the rest is lost (25.5)."""
    placed = 0
    for size in sizes:
        if size <= hits:
            hits -= size
            placed += 1
    return placed


def expected_blocks(dist: Iterable[tuple[int, Fraction]], sizes: Iterable[int]) -> Fraction:
    """The expected number of blocks a pool places in that order: the expected losses of an
    allocation plan (each block flips a unit, a second one on it removes it, 25.4)."""
    order = tuple(sizes)
    return sum((p * blocks_placed(hits, order) for hits, p in dist), Fraction(0))


def dice_text(dice: Dice) -> str:
    """A pool as the log shows it: "6×3, 2×1" (how many dice × the value they need)."""
    return ", ".join(f"{n}×{v}" for v, n in reversed(dice)) or "0"


@cache
def survival(row: str) -> tuple[tuple[str, Fraction], ...]:
    """26.2: a survival row (six letters, the die's faces 1–6) as fate → probability, in the
    order of :data:`FATES` and without the fates the row lacks."""
    if len(row) != SIDES or any(f not in FATES for f in row):
        raise ValueError(f"a survival row is six of {FATES}: {row!r}")
    return tuple((f, Fraction(row.count(f), SIDES)) for f in FATES if f in row)


@cache
def survival_float(row: str) -> tuple[tuple[str, float], ...]:
    return tuple((f, float(p)) for f, p in survival(row))

"""Dice as chance nodes with exact probabilities.

Where only how many dice succeed matters (a pool of ABs each hitting on its value or less,
21.5, 22.4, 23.4, 24.4), one chance node stands for the whole pool: its outcomes are the counts
of successes with their binomial probabilities, not one node per die.
"""

from __future__ import annotations

from math import comb


def success_chance(value: int) -> float:
    """A d6 at ``value`` or less (0–6)."""
    return max(0, min(6, value)) / 6


def pool_outcomes(values: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The distribution of successes of dice rolled each against its own value (``value`` or less
    on a d6): count → exact probability, counts with probability 0 left out. Dice with the same
    value are one binomial; different values are convolved."""
    dist = {0: 1.0}
    groups: dict[int, int] = {}
    for v in values:
        groups[v] = groups.get(v, 0) + 1
    for v, n in sorted(groups.items()):
        p = success_chance(v)
        binom = {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}
        out: dict[int, float] = {}
        for a, pa in dist.items():
            for b, pb in binom.items():
                if pa * pb > 0:
                    out[a + b] = out.get(a + b, 0.0) + pa * pb
        dist = out
    return tuple(sorted((k, p) for k, p in dist.items() if p > 0))

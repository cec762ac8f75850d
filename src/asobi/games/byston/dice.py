"""Dice as chance nodes with exact probabilities.

Where only how many dice succeed matters (a pool of ABs each hitting on its value or less,
21.5, 22.4, 23.4, 24.4), one chance node stands for the whole pool: its outcomes are the counts
of successes with their binomial probabilities, not one node per die. The distributions
themselves are in :mod:`.odds` (exact fractions, shared with the odds calculator).
"""

from __future__ import annotations

from .odds import dice_of, hit_chance, pool_float


def success_chance(value: int) -> float:
    """A d6 at ``value`` or less (0–6)."""
    return float(hit_chance(value))


def pool_outcomes(values: tuple[int, ...]) -> tuple[tuple[int, float], ...]:
    """The distribution of successes of dice rolled each against its own value (``value`` or less
    on a d6): count → exact probability, counts with probability 0 left out. Dice with the same
    value are one binomial; different values are convolved."""
    return pool_float(dice_of(values))

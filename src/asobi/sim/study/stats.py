"""The statistics of a balance study: intervals for rates and means, and tests of differences.

Rates get the Wilson score interval (good at small counts and near 0% or 100%); means get a
percentile bootstrap interval from a seeded generator, so a report is the same every time it is
made from the same games. Two rates are compared with Fisher's exact test when a cell of the 2×2
table is expected to hold fewer than 5 games, else with the two-proportion z-test; a rate against
a fair 50% with the exact binomial test. Where a report makes several comparisons at once, their
p-values are also given adjusted by Holm's method.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...core.stats import Z95, wilson

__all__ = [
    "Z95",
    "Difference",
    "binomial_test",
    "bootstrap_mean",
    "compare_rates",
    "fisher_exact",
    "holm",
    "mean_difference",
    "two_proportion_z",
    "wilson",
]

BOOTSTRAP_RESAMPLES = 2000


def _normal_two_sided(z: float) -> float:
    """P(|Z| ≥ |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportion_z(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """The pooled two-proportion z-test of ``k1/n1`` against ``k2/n2``: ``(z, two-sided p)``.

    :raises ValueError: for an empty sample.
    """
    if n1 <= 0 or n2 <= 0:
        raise ValueError("both samples need at least one game")
    pooled = (k1 + k2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    if se == 0:
        return 0.0, 1.0  # both 0% or both 100%: no evidence of a difference
    z = (k1 / n1 - k2 / n2) / se
    return z, _normal_two_sided(z)


def _log_hypergeometric(a: int, row1: int, row2: int, col1: int) -> float:
    """log P(the top-left cell is ``a``) for a 2×2 table with the given margins."""
    n = row1 + row2
    return (
        math.lgamma(row1 + 1) - math.lgamma(a + 1) - math.lgamma(row1 - a + 1)
        + math.lgamma(row2 + 1) - math.lgamma(col1 - a + 1) - math.lgamma(row2 - col1 + a + 1)
        - (math.lgamma(n + 1) - math.lgamma(col1 + 1) - math.lgamma(n - col1 + 1))
    )


def fisher_exact(k1: int, n1: int, k2: int, n2: int) -> float:
    """Fisher's exact test of ``k1/n1`` against ``k2/n2``: the two-sided p-value (the sum of the
    probabilities of every table with the same margins no more likely than the one seen)."""
    if not (0 <= k1 <= n1 and 0 <= k2 <= n2):
        raise ValueError(f"not counts: {k1}/{n1}, {k2}/{n2}")
    col1 = k1 + k2
    low, high = max(0, col1 - n2), min(n1, col1)
    seen = _log_hypergeometric(k1, n1, n2, col1)
    total = 0.0
    for a in range(low, high + 1):
        lp = _log_hypergeometric(a, n1, n2, col1)
        if lp <= seen + 1e-7:  # relative tolerance, as tables of equal probability must all count
            total += math.exp(lp)
    return min(1.0, total)


def binomial_test(k: int, n: int, p: float = 0.5) -> float:
    """The exact two-sided binomial test of ``k`` successes in ``n`` trials against rate ``p``."""
    if n <= 0:
        return 1.0

    def log_pmf(i: int) -> float:
        return (
            math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
            + (i * math.log(p) if i else 0.0) + ((n - i) * math.log(1 - p) if n - i else 0.0)
        )

    seen = log_pmf(k)
    return min(1.0, sum(math.exp(lp) for lp in map(log_pmf, range(n + 1)) if lp <= seen + 1e-7))


@dataclass(frozen=True)
class Difference:
    """Two rates compared: the difference ``rate1 - rate2``, the test used and its p-value."""

    k1: int
    n1: int
    k2: int
    n2: int
    test: str  # "z" or "fisher"
    p: float

    @property
    def rate1(self) -> float:
        return self.k1 / self.n1 if self.n1 else math.nan

    @property
    def rate2(self) -> float:
        return self.k2 / self.n2 if self.n2 else math.nan

    @property
    def delta(self) -> float:
        return self.rate1 - self.rate2

    def to_json(self) -> dict[str, float | int | str]:
        return {"k1": self.k1, "n1": self.n1, "k2": self.k2, "n2": self.n2, "delta": self.delta,
                "test": self.test, "p": self.p}


def compare_rates(k1: int, n1: int, k2: int, n2: int) -> Difference:
    """``k1/n1`` against ``k2/n2``: Fisher's exact test when an expected cell count is under 5,
    else the two-proportion z-test.

    :raises ValueError: for an empty sample.
    """
    if n1 <= 0 or n2 <= 0:
        raise ValueError("both samples need at least one game")
    pooled = (k1 + k2) / (n1 + n2)
    expected = min(n1 * pooled, n1 * (1 - pooled), n2 * pooled, n2 * (1 - pooled))
    if expected < 5:
        return Difference(k1, n1, k2, n2, "fisher", fisher_exact(k1, n1, k2, n2))
    return Difference(k1, n1, k2, n2, "z", two_proportion_z(k1, n1, k2, n2)[1])


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment of ``pvalues`` (same order), for several comparisons at once."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def bootstrap_mean(
    values: Sequence[float], seed: int, resamples: int = BOOTSTRAP_RESAMPLES
) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% percentile bootstrap interval: ``(mean, low, high)``.

    The same values and seed always give the same interval.

    :raises ValueError: for no values.
    """
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        raise ValueError("no values to average")
    mean = float(data.mean())
    if data.size == 1:
        return mean, mean, mean
    rng = np.random.default_rng(seed)
    batch = max(1, 2_000_000 // data.size)  # resamples drawn at once: a bounded index array
    means = np.concatenate([
        data[rng.integers(0, data.size, size=(min(batch, resamples - done), data.size))].mean(axis=1)
        for done in range(0, resamples, batch)
    ])
    low, high = np.quantile(means, [0.025, 0.975])
    return mean, float(low), float(high)


def mean_difference(
    mean1: float, sd1: float, n1: int, mean2: float, sd2: float, n2: int
) -> tuple[float, float]:
    """Two means compared by Welch's z (large samples: the normal approximation of Welch's t):
    ``(mean1 - mean2, two-sided p)``.

    :raises ValueError: for an empty sample.
    """
    if n1 <= 0 or n2 <= 0:
        raise ValueError("both samples need at least one game")
    se = math.sqrt(sd1 * sd1 / n1 + sd2 * sd2 / n2)
    delta = mean1 - mean2
    if se == 0:
        return delta, 1.0 if delta == 0 else 0.0
    return delta, _normal_two_sided(delta / se)

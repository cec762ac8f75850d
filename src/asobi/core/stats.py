"""Interval estimates shared by every report of game results: asobi's studies and ladders, and a
game's own balance figures."""

from __future__ import annotations

import math

Z95 = 1.959963984540054
"""The two-sided 95% point of the standard normal distribution."""


def wilson(k: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``k`` successes in ``n`` trials (95% by default; a draw may
    count as half a success)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))

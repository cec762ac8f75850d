"""The statistics of `asobi study` on inputs whose answers are known."""

from __future__ import annotations

import math

import pytest

from asobi.sim.study.stats import (
    binomial_test,
    bootstrap_mean,
    compare_rates,
    fisher_exact,
    holm,
    mean_difference,
    two_proportion_z,
    wilson,
)


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    # Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I (Wilson score)
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_interval_matches_published_values(k, n, low, high):
    assert wilson(k, n) == pytest.approx((low, high), abs=5e-5)


def test_fisher_exact_known_tables():
    # the lady tasting tea: 3 of 4 right each way; the tables as likely or less: (1 + 16 + 16 + 1) / 70
    assert fisher_exact(3, 4, 1, 4) == pytest.approx(34 / 70)
    # 1/10 against 9/10: only the two extreme tables are as unlikely: 2 · (1 + 100) / C(20, 10)
    assert fisher_exact(1, 10, 9, 10) == pytest.approx(2 * (1 + 100) / math.comb(20, 10))
    assert fisher_exact(5, 10, 5, 10) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        fisher_exact(11, 10, 0, 10)


def test_fisher_exact_agrees_with_scipy_where_installed():
    stats = pytest.importorskip("scipy.stats")
    for k1, n1, k2, n2 in [(7, 12, 2, 15), (0, 8, 6, 9), (30, 50, 20, 50), (4, 40, 0, 3)]:
        expected = stats.fisher_exact([[k1, n1 - k1], [k2, n2 - k2]]).pvalue
        assert fisher_exact(k1, n1, k2, n2) == pytest.approx(expected, rel=1e-9)


def test_two_proportion_z_by_hand():
    # 45/100 against 30/100: pooled 0.375, se = sqrt(0.375 · 0.625 · 0.02) = 0.068465
    z, p = two_proportion_z(45, 100, 30, 100)
    assert z == pytest.approx(0.15 / math.sqrt(0.375 * 0.625 * 0.02))
    assert z == pytest.approx(2.19089, abs=1e-5)
    assert p == pytest.approx(0.028460, abs=1e-6)
    assert two_proportion_z(30, 100, 45, 100) == pytest.approx((-z, p))
    assert two_proportion_z(0, 10, 0, 20) == (0.0, 1.0)
    with pytest.raises(ValueError):
        two_proportion_z(1, 0, 1, 2)


def test_compare_rates_picks_fisher_for_small_counts():
    small = compare_rates(1, 6, 5, 6)
    assert small.test == "fisher" and small.p == pytest.approx(fisher_exact(1, 6, 5, 6))
    large = compare_rates(45, 100, 30, 100)
    assert large.test == "z" and large.p == pytest.approx(0.028460, abs=1e-6)
    assert large.delta == pytest.approx(0.15)
    assert large.to_json()["n1"] == 100


def test_binomial_test_known_values():
    assert binomial_test(9, 10) == pytest.approx(2 * 11 / 1024)  # 0, 1, 9 or 10 of 10
    assert binomial_test(5, 10) == pytest.approx(1.0)
    assert binomial_test(0, 0) == 1.0
    stats = pytest.importorskip("scipy.stats")
    assert binomial_test(3, 17, 0.3) == pytest.approx(stats.binomtest(3, 17, 0.3).pvalue, rel=1e-9)


def test_holm_adjustment():
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def test_mean_difference_by_welch_z():
    delta, p = mean_difference(10, 2, 100, 9, 2, 100)  # z = 1 / sqrt(0.08) = 3.5355
    assert delta == 1 and p == pytest.approx(math.erfc(1 / math.sqrt(0.08) / math.sqrt(2)))
    assert mean_difference(3, 0, 5, 3, 0, 5) == (0, 1.0)


def test_bootstrap_is_deterministic_and_sensible():
    values = [float(v % 7) for v in range(200)]
    first = bootstrap_mean(values, seed=42)
    assert bootstrap_mean(values, seed=42) == first
    assert bootstrap_mean(values, seed=43) != first
    mean, low, high = first
    assert mean == pytest.approx(sum(values) / len(values))
    assert low < mean < high
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values))
    assert high - low == pytest.approx(2 * 1.96 * se, rel=0.15)  # about the normal interval at n = 200
    assert bootstrap_mean([4.0, 4.0, 4.0], seed=1) == (4.0, 4.0, 4.0)
    with pytest.raises(ValueError):
        bootstrap_mean([], seed=1)

"""The exact distributions of combat dice and survival rolls (odds.py, B-77), checked against
brute-force enumeration of every face of every die."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from asobi.games.byston.odds import (
    at_least,
    binomial,
    blocks_placed,
    dice_of,
    dice_text,
    expected,
    expected_blocks,
    hit_chance,
    pool,
    pool_float,
    survival,
)
from asobi.games.byston.tables import tables
from support.scenario import rule


def brute_force(values: tuple[int, ...], bonus: int = 0) -> dict[int, Fraction]:
    """Every way the dice can fall, each 1/6ⁿ: count the dice at or under their values."""
    out: dict[int, Fraction] = {}
    weight = Fraction(1, 6 ** len(values))
    for faces in product(range(1, 7), repeat=len(values)):
        hits = bonus + sum(1 for face, v in zip(faces, values, strict=True) if face <= v)
        out[hits] = out.get(hits, Fraction(0)) + weight
    return out


POOLS = [
    (),
    (3,),
    (0, 0),
    (6, 6, 6),
    (3, 3, 3, 3, 3, 3),
    (1, 2, 3, 4, 5),
    (2, 2, 3, 3, 1),
    (4, 4, 2, 2, 2, 1),
    (7, -1, 3),
]


@rule("21.5", "22.4", "23.4", "24.4", "B-77")
@pytest.mark.parametrize("values", POOLS)
@pytest.mark.parametrize("bonus", [0, 2])
def test_a_pool_is_exactly_the_brute_force_distribution(values, bonus):
    exact = dict(pool(dice_of(values), bonus))
    assert exact == {k: p for k, p in brute_force(values, bonus).items() if p}
    assert sum(exact.values()) == 1
    assert dict(pool_float(dice_of(values), bonus)) == pytest.approx({k: float(p) for k, p in exact.items()})


@rule("21.5", "B-77")
def test_equal_dice_are_a_binomial():
    assert binomial(6, 3) == tuple(Fraction(n, 64) for n in (1, 6, 15, 20, 15, 6, 1))
    assert hit_chance(0) == 0 and hit_chance(6) == 1 and hit_chance(9) == 1 and hit_chance(-2) == 0
    six_at_three = pool(dice_of([3] * 6))
    assert expected(six_at_three) == 3
    assert at_least(six_at_three, 4) == Fraction(22, 64)


def test_the_pool_as_the_log_shows_it():
    assert dice_text(dice_of([3, 3, 3, 3, 3, 3])) == "6×3"
    assert dice_text(dice_of([2, 4, 2])) == "1×4, 2×2"
    assert dice_text(()) == "0"


@rule("26.2", "B-77")
def test_every_survival_row_in_the_data_is_its_faces_counted():
    for ch in tables().characters.values():
        for row in (ch.survival_flipped, ch.survival_removed):
            dist = dict(survival(row))
            assert sum(dist.values()) == 1
            for fate, p in dist.items():
                assert p == Fraction(sum(1 for face in range(1, 7) if row[face - 1] == fate), 6)


def test_a_malformed_survival_row_is_refused():
    with pytest.raises(ValueError, match="six"):
        survival("--LH")
    with pytest.raises(ValueError, match="six"):
        survival("--LHX-")


@rule("25.5", "B-30")
def test_blocks_fill_in_order_and_the_rest_is_lost():
    assert blocks_placed(5, (2, 2, 2)) == 2
    assert blocks_placed(5, (4, 3, 1)) == 2  # the 3 no longer fits, the 1 still does
    assert blocks_placed(0, (1,)) == 0
    # four dice at 3 against two Drumlo (def 2 each): losses by brute force over the faces
    dist = pool(dice_of((3, 3, 3, 3)))
    brute = sum(
        (
            Fraction(1, 6**4) * blocks_placed(sum(f <= 3 for f in faces), (2, 2))
            for faces in product(range(1, 7), repeat=4)
        ),
        Fraction(0),
    )
    assert expected_blocks(dist, (2, 2)) == brute == Fraction(3, 4)  # 10/16 one block, 1/16 two


def test_a_pools_floats_are_the_exact_fractions_rounded():
    """``pool_float`` counts ways in whole numbers and divides once: each float is the exact
    probability's own correctly rounded float, for every mix of dice values (clipped ones too) and
    bonus hits."""
    from random import Random

    rng = Random(27)
    pools = [((), 0), (((0, 3),), 1), (((6, 2),), 0), (((7, 1), (-1, 2)), 0)]
    for _ in range(400):
        values = sorted({rng.randint(-1, 7) for _ in range(rng.randint(1, 4))})
        pools.append((tuple((v, rng.randint(1, 14)) for v in values), rng.randint(0, 3)))
    for dice, bonus in pools:
        assert pool_float(dice, bonus) == tuple((k, float(p)) for k, p in pool(dice, bonus)), (dice, bonus)

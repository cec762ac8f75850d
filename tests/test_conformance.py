"""Every registered game, with each of its conformance option sets, passes the harness."""

from __future__ import annotations

import os

import pytest

from asobi.core import all_games
from asobi.core.conformance import check_game

SEEDS = int(os.environ.get("ASOBI_CONFORMANCE_SEEDS", "200"))
SEEDS_FOR = {"byston": int(os.environ.get("ASOBI_BYSTON_CONFORMANCE_SEEDS", "4"))}
"""byston's games are long (about 500 decisions, 16 turns): a few seeds per seating by default."""

CASES = [
    pytest.param(spec, options, id=f"{spec.id}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}")
    for spec in all_games()
    for options in spec.conformance_options
]


@pytest.mark.parametrize(("spec", "options"), CASES)
def test_game_conforms(spec, options):
    seeds = SEEDS_FOR.get(spec.id, SEEDS)
    stats = check_game(spec, options, range(seeds))
    assert stats.games == seeds
    assert stats.sampled_states > 0
    assert sum(stats.outcomes.values()) == seeds

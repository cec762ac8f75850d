"""Every registered game, with each of its conformance option sets, passes the harness."""

from __future__ import annotations

import os

import pytest

from asobi.core import all_games
from asobi.core.conformance import check_game

SEEDS = int(os.environ.get("ASOBI_CONFORMANCE_SEEDS", "200"))

CASES = [
    pytest.param(spec, options, id=f"{spec.id}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'default'}")
    for spec in all_games()
    for options in spec.conformance_options
]


@pytest.mark.parametrize(("spec", "options"), CASES)
def test_game_conforms(spec, options):
    stats = check_game(spec, options, range(SEEDS))
    assert stats.games == SEEDS
    assert stats.sampled_states > 0
    assert sum(stats.outcomes.values()) == SEEDS

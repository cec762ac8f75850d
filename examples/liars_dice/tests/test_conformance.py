"""The game passes asobi's conformance harness on each of its conformance option sets."""

from __future__ import annotations

import os

import pytest
from asobi.core.conformance import check_game

from asobi_liars_dice.spec import SPEC

SEEDS = int(os.environ.get("ASOBI_CONFORMANCE_SEEDS", "20"))
"""As asobi's own suite: 20 games per option set, 200 with ``./scripts/test --deep``."""


@pytest.mark.parametrize("options", SPEC.conformance_options, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_game_conforms(options):
    stats = check_game(SPEC, options, range(SEEDS))
    assert stats.games == SEEDS
    assert stats.sampled_states > 0 and stats.chance_nodes > 0
    assert stats.hidden_variants_differing > 0, "no hidden variant differed: the secrecy checks compared nothing"
    assert stats.determinizations_differing > 0
    if SEEDS >= 8:  # one game in eight is followed along branches
        assert stats.branch_steps > 0
    assert sum(stats.outcomes.values()) == SEEDS

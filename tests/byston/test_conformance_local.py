"""The core's conformance harness on the game as it stands (2, 3 and 4 players), with the spec
lent to the registry for the length of the test only: the game is not registered yet (its
package does not import ``spec.py``), so the project-wide harness does not see it."""

from __future__ import annotations

import os

import pytest

from asobi.core import registry
from asobi.core.conformance import check_game
from asobi.games.byston.spec import spec

SEEDS = int(os.environ.get("ASOBI_BYSTON_CONFORMANCE_SEEDS", "4"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_harness_passes(players, monkeypatch):
    monkeypatch.setitem(registry._REGISTRY, "byston", spec())  # replays look the game up by id
    stats = check_game(spec(), {"players": players}, range(SEEDS))
    assert stats.games == SEEDS and stats.sampled_states > 0
    assert sum(stats.outcomes.values()) == SEEDS

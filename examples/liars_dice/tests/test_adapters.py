"""The game through both interop adapters (PettingZoo, OpenSpiel), with no code of its own."""

from __future__ import annotations

import pytest

from asobi_liars_dice.spec import SPEC

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo's checker warns about any dict observation that is not one of its own games'.
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def test_pettingzoo_api_and_seed_tests():
    pytest.importorskip("pettingzoo", reason="the [interop] extra is not installed")
    from asobi.interop.pettingzoo import env
    from pettingzoo.test import api_test, seed_test

    api_test(env(SPEC, players=3, dice=2), num_cycles=300)
    seed_test(lambda: env(SPEC, players=3, dice=2), num_cycles=100)


def test_openspiel_random_simulation():
    pyspiel = pytest.importorskip("pyspiel", reason="the [interop] extra is not installed")
    from asobi.interop.openspiel import register_game

    name = register_game(SPEC)
    game = pyspiel.load_game(name, {"players": 3, "dice": 2, "spot_on": True})
    assert game.num_distinct_actions() == 3 * 2 * 6 + 2
    assert game.max_chance_outcomes() == 6
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)

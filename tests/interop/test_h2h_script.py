"""scripts/h2h_openspiel.py: OpenSpiel's ISMCTSBot with a deadline in place of its simulation count
searches legal moves, at least twice; a whole game of ours against it ends; bad input is refused."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [interop] extra is not installed")

import asobi.interop.openspiel as aos  # noqa: E402
from asobi.core import Utility  # noqa: E402
from support.scripts import script_module  # noqa: E402

from .spaced_toy import SPACED_SPEC  # noqa: E402


@pytest.fixture(scope="module")
def h2h():
    with script_module("scripts/h2h_openspiel.py", "h2h_openspiel_script") as module:
        yield module


@pytest.fixture(scope="module")
def toy():
    return pyspiel.load_game(aos.register_game(SPACED_SPEC, Utility("constant_sum", 0.0, 1.0, 1.0)))


def test_the_timed_bot_searches_legal_moves_at_least_twice(h2h, toy):
    bot = h2h.openspiel_bot(toy, 0.0, 2.0, seed=3)
    state = toy.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        legal = state.legal_actions()
        action = int(bot.step(state))
        assert action in legal
        state.apply_action(action)
    assert bot.simulations and min(bot.simulations) >= 2


def test_a_game_against_ours_ends_with_its_returns(h2h, toy):
    sims: dict[str, list[int]] = {"ours": [], "theirs": []}
    options = SPACED_SPEC.validate_options({})
    for seat in (0, 1):
        for seed in range(3):
            returns = h2h.play(toy, SPACED_SPEC, options, {seat}, "ismcts:iters=3", 0.0, 2.0, seed, sims)
            assert sorted(returns) == [0.0, 1.0] or returns == [0.5, 0.5]
    assert sims["ours"] and sims["theirs"]  # both searched somewhere (a forced move is not searched)
    assert set(sims["ours"]) == {3} and min(sims["theirs"]) >= 2


def test_bad_input_is_refused(h2h, capsys):
    assert h2h.main(["--game", "nosuchgame", "--games", "1"]) == 2
    assert "nosuchgame" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        h2h.main(["--games", "0"])

"""The terminal's hint from a search bot (``--hint-bot``): decided from the seat's observation
only, so hidden parts changed give the same hint; the same hint when asked again; a bad bot name
refused before anything is saved."""

from __future__ import annotations

import re
from random import Random

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.agent import Observation
from asobi.core.registry import get_game
from asobi.store import GameStore
from asobi.terminal import hint_bot_name
from asobi.terminal.session import hint

from .test_search import midgame

HINT_BOTS = ("ismcts:iters=12:depth=20", "mcts:iters=12:depth=20", "ismcts:iters=6:depth=10:prior=rule")


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


@pytest.mark.parametrize(("game", "options", "steps"), [("emblem", {}, 50), ("legion", {"players": 3}, 30)])
@pytest.mark.parametrize("name", HINT_BOTS)
def test_a_search_hint_is_the_same_whatever_the_hidden_cards(game, options, steps, name):
    spec = get_game(game)
    options = spec.validate_options(options)
    compared = 0
    for seed in range(3):
        state = midgame(game, options, seed, steps)
        if state.is_terminal():
            continue
        seat = state.current_seat
        seed_text = f"hint 1 {seed} {seat}"
        choice = hint(spec, name, Observation(state, seat), seed_text, options)
        assert choice in state.legal_actions()
        for variant in state.hidden_variants(seat, Random(seed)):
            assert variant.fingerprint() != state.fingerprint()
            assert hint(spec, name, Observation(variant, seat), seed_text, options) == choice
            compared += 1
    assert compared > 0, "no hidden variants to compare"


def test_hint_bot_names_are_checked():
    spec = get_game("emblem")
    assert hint_bot_name(spec, None) == "normal"
    assert hint_bot_name(spec, "bot:ismcts:iters=500") == "ismcts:iters=500"
    with pytest.raises(Exception, match="iters must be a whole number"):
        hint_bot_name(spec, "ismcts:iters=many")


def test_play_with_a_search_hint(db):
    bot = "ismcts:iters=10:depth=10"
    result = run("play", "emblem", "--seats", "human,bot", "--seed", "3", "--hint-bot", bot, input="h\nh\nq\n")
    assert result.exit_code == 0, result.output
    hints = re.findall(rf"Hint \({re.escape(bot)} bot\): (\d+)\. (.+)", result.output)
    assert len(hints) == 2 and hints[0] == hints[1]  # the same position, the same hint
    n, label = hints[0]
    assert re.search(rf"^\s+{n}\. {re.escape(label)}$", result.output, re.M)
    run("play", "emblem", "--seats", "human,bot", "--seed", "3", input="q\n")
    store = GameStore(db)
    assert store.load(1).actions == store.load(2).actions  # asking for hints played nothing
    again = run("resume", "1", "--hint-bot", "mcts:iters=5:depth=5", input="h\nq\n")
    assert again.exit_code == 0, again.output
    assert "Hint (mcts:iters=5:depth=5 bot): " in again.output


def test_a_bad_hint_bot_is_refused_before_anything_is_saved(db):
    result = run("play", "emblem", "--seats", "human,bot", "--hint-bot", "ismcts:time=never", input="q\n")
    assert result.exit_code == 2
    assert "error: bot 'ismcts:time=never': time must be a number of seconds > 0" in result.output
    assert not db.exists() or GameStore(db).list() == []

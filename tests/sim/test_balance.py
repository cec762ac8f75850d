"""`asobi balance`: a grid of batches, with Wilson intervals, for any game."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.errors import AsobiError
from asobi.core.stats import wilson
from asobi.sim.balance import parse_over


def run(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def test_wilson_interval():
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(574, 1000) == pytest.approx((0.5431, 0.6043), abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_over_is_parsed_and_checked():
    assert parse_over(["players=2,3", "deck-a=azure", "bots=rule/random,random"]) == [
        ("players", ["2", "3"]), ("deck_a", ["azure"]), ("bots", ["rule/random", "random"])
    ]
    for bad in (["players"], ["players="], ["players=2", "players=3"]):
        with pytest.raises(AsobiError, match="--over"):
            parse_over(bad)


def test_each_cell_is_the_batch_simulate_plays():
    study = json.loads(run("balance", "legion", "--over", "players=2,3", "--over", "difficulty=easy,hard",
                           "-n", "5", "--seed", "3", "--jobs", "2", "--json").output)
    assert study["co_operative"] and [c["settings"] for c in study["cells"]] == [
        {"players": "2", "difficulty": "easy"}, {"players": "2", "difficulty": "hard"},
        {"players": "3", "difficulty": "easy"}, {"players": "3", "difficulty": "hard"},
    ]
    cell = study["cells"][3]
    alone = json.loads(run("simulate", "legion", "-n", "5", "--seed", "3", "--jobs", "1", "--players", "3",
                           "--difficulty", "hard", "--json").output)
    assert cell["games"] == 5 and cell["win_rate"]["rate"] == alone["win_rate_by_seat"][0]
    assert cell["win_rate"]["low"] <= cell["win_rate"]["rate"] <= cell["win_rate"]["high"]
    assert sorted(cell["reasons"], key=str) == sorted(alone["reasons"], key=str)
    assert cell["metrics"]["rounds"]["mean"] == alone["metrics"]["rounds"]["mean"]
    assert cell["steps_mean"] == alone["steps"]["mean"]


def test_bots_per_seat_on_the_grid_give_a_win_rate_per_seat():
    table = run("balance", "emblem", "--over", "bots=rule/random,random/rule", "-n", "4", "--jobs", "1",
                "--markdown").output
    header, _, *rows = table.strip().splitlines()
    assert "| bots | games | A wins (95% CI) | B wins (95% CI) | turns mean |" in header
    assert rows[0].startswith("| rule/random | 4 |") and rows[1].startswith("| random/rule | 4 |")
    assert "8 games in" in table


def test_a_bad_axis_is_refused():
    result = CliRunner().invoke(main, ["balance", "legion", "--over", "colour=red", "-n", "1"])
    assert result.exit_code == 2 and "no option --colour" in result.output
    result = CliRunner().invoke(main, ["balance", "legion", "--over", "bots=rule/human/rule", "-n", "1"])
    assert result.exit_code == 2 and "bots only" in result.output

"""A game's declared options as click options: parsed, checked and listed by click, for any game."""

from __future__ import annotations

import json
from typing import Any

import click
import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.cli.game_options import GameOptionsCommand, game_option_words
from asobi.core import Option, get_game

OPTIONS = (
    Option("copies", int, 2, "copies of each rank", minimum=2, maximum=4),
    Option("pace", str, "slow", "how the rounds go", choices=("slow", "fast")),
    Option("open_hands", bool, False, "show every hand"),
    Option("motto", str, "", "a free text"),
)
DEFAULTS = {"copies": 2, "pace": "slow", "open_hands": False, "motto": ""}


@pytest.fixture
def toy(swap_spec):
    """The small test game, declaring an option of every kind (its rules read only ``copies``)."""
    spec = get_game("toy-highcard")
    return swap_spec(spec.state_class.__module__, options=OPTIONS)


def simulate(*args: str) -> click.testing.Result:
    return CliRunner().invoke(main, ["simulate", "toy-highcard", "-n", "2", "--jobs", "1", "--json", *args])


def played_with(*args: str) -> dict[str, Any]:
    result = simulate(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["options"]


def test_each_kind_reaches_the_game(toy):
    assert played_with() == DEFAULTS
    assert played_with("--copies", "3", "--pace", "fast", "--open-hands", "--motto", "hi") == {
        "copies": 3, "pace": "fast", "open_hands": True, "motto": "hi"}
    assert played_with("--copies=4", "--pace=fast")["copies"] == 4


@pytest.mark.parametrize(
    ("args", "open_hands"),
    [
        (["--open-hands"], True),
        (["--open-hands", "--seed", "3"], True),  # alone before another option: true
        (["--open-hands", "false"], False),
        (["--open-hands", "true"], True),
        (["--open-hands=no"], False),
        (["--no-open-hands"], False),
        (["--open-hands", "--no-open-hands"], False),  # the last one given counts
    ],
)
def test_a_bool_option_alone_with_a_value_or_negated(toy, args, open_hands):
    assert played_with(*args)["open_hands"] is open_hands


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--pace", "medium"], ["Invalid value for '--pace': 'medium' is not one of 'slow', 'fast'"]),
        (["--copies", "9"], ["Invalid value for '--copies': 9 is not in the range 2<=x<=4"]),
        (["--copies", "1"], ["Invalid value for '--copies': 1 is not in the range 2<=x<=4"]),
        (["--copies", "two"], ["Invalid value for '--copies': 'two' is not a valid integer"]),
        (["--open-hands", "maybe"], ["Invalid value for '--open-hands'", "maybe"]),
        (["--colour", "red"], ["No such option", "--colour"]),
        (["--copies"], ["Option '--copies' requires an argument"]),
        (["stray"], ["unexpected extra argument (stray)"]),
    ],
)
def test_click_refuses_a_bad_value_naming_the_option(toy, args, says):
    result = simulate(*args)
    assert result.exit_code == 2 and all(s in result.output for s in says), result.output
    assert "Traceback" not in result.output


def test_help_after_the_game_lists_its_options_with_choices_and_defaults(toy):
    result = CliRunner().invoke(main, ["play", "toy-highcard", "--help"])
    assert result.exit_code == 0
    own, _, game = result.output.partition("Options of toy-highcard")
    assert "--seats" in own and "--copies" not in own
    assert "--copies INTEGER RANGE" in game and "[default: 2; 2<=x<=4]" in game
    assert "--pace [slow|fast]" in game and "[default: slow]" in game
    assert "--open-hands [true|false] / --no-open-hands" in game and "[default: false]" in game
    assert "--motto TEXT" in game and "--seats" not in game


def test_help_without_a_game_lists_every_games_options(toy):
    result = CliRunner().invoke(main, ["simulate", "--help"])
    assert result.exit_code == 0
    assert "simulate GAME --help" in " ".join(result.output.split())
    for spec in (get_game(g) for g in ("toy-highcard", "toy-duel")):
        assert f"Options of {spec.id}" in result.output or not spec.options
    assert "--pace [slow|fast]" in result.output


def test_options_of_the_command_may_stand_before_the_game(toy):
    result = CliRunner().invoke(main, ["simulate", "-n", "2", "--jobs", "1", "--json", "toy-highcard", "--copies", "3"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["options"]["copies"] == 3


def test_a_game_option_without_a_game_is_refused_saying_where_it_goes(toy):
    result = CliRunner().invoke(main, ["bench", "--copies", "3"])
    assert result.exit_code == 2 and "--copies" in result.output and "follow the GAME" in result.output


def test_an_option_named_like_the_commands_own_is_refused(swap_spec):
    spec = get_game("toy-highcard")
    swap_spec(spec.state_class.__module__, options=(*spec.options, Option("seed", int, 0, "a clash")))
    result = CliRunner().invoke(main, ["simulate", "toy-highcard", "-n", "1"])
    assert result.exit_code == 2 and "its option --seed has the name of an option of `" in result.output
    assert "simulate`; a game must name its options apart" in result.output


@click.command(cls=GameOptionsCommand)
@click.argument("game")
@click.option("--seed", type=int)
@click.pass_obj
def given_back(seen: list[dict[str, Any]], game: str, seed: int | None, game_options: dict[str, Any]) -> None:
    seen.append(game_options)


@pytest.mark.parametrize(
    "given",
    [{}, {"copies": 3}, {"open_hands": True}, {"open_hands": False, "pace": "slow"}, {"motto": "a b", "copies": 2}],
)
def test_the_options_given_and_only_those_written_back_as_a_command_line_parse_the_same(toy, given):
    seen: list[dict[str, Any]] = []
    words = ["toy-highcard", "--seed", "1", *game_option_words(given)]
    result = CliRunner().invoke(given_back, words, obj=seen, catch_exceptions=False)
    assert result.exit_code == 0, result.output
    # a default given is kept (it was given), one not given left out, the order as given
    assert [list(s.items()) for s in seen] == [list(given.items())]

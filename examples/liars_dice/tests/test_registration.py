"""How asobi finds the game: the ``asobi.games`` entry point that ``pyproject.toml`` declares
(installed for the tests by ``conftest.py``, from a distribution folder made at run time)."""

from __future__ import annotations

from importlib.metadata import entry_points

from asobi.core import GameSpec, all_games, get_game

from asobi_liars_dice.spec import SPEC

from .conftest import GROUP, declared_games


def test_the_entry_point_names_the_spec_under_the_games_id():
    assert declared_games() == {"liars_dice": "asobi_liars_dice.spec:SPEC"}
    found = {ep.name: ep.value for ep in entry_points(group=GROUP) if ep.name == "liars_dice"}
    assert found == declared_games()


def test_asobi_finds_the_game_by_its_id():
    assert get_game("liars_dice") is SPEC
    assert isinstance(SPEC, GameSpec)
    assert "liars_dice" in {g.id for g in all_games()}


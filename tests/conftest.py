"""Fixtures shared by the tests: a fresh saved-games database, and the engine's small test games
installed through entry points; and the closing line saying how hard the randomised checks played."""

from __future__ import annotations

import dataclasses
import importlib
import sys
from pathlib import Path
from typing import Any

import pytest

from asobi.core import registry
from asobi.core.spec import GameSpec
from support import depth


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    terminalreporter.write_line(depth.summary())


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A fresh saved-games database for the `asobi` command, through ``ASOBI_DB``."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("ASOBI_DB", str(path))
    return path


TEST_GAMES = {
    "toy-highcard": "support.toygame:SPEC",
    "toy-duel": "core.flowgame:SPEC",
}
"""The small games the engine's tests play, installed as any game is: by ``asobi.games`` entry
points, declared by a distribution put on ``sys.path`` for the session (nothing is pip-installed)."""


def install_games(where: Path, games: dict[str, str], name: str = "asobi_test_games") -> Path:
    """Declare ``games`` (id → ``module:attribute``) as the entry points of a distribution in
    ``where``, put it first on ``sys.path`` and have the registry look again. Returns the folder."""
    info = where / f"{name}-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\n", encoding="utf-8")
    lines = "".join(f"{game_id} = {target}\n" for game_id, target in games.items())
    (info / "entry_points.txt").write_text(f"[asobi.games]\n{lines}", encoding="utf-8")
    sys.path.insert(0, str(where))
    registry.rescan()
    return where


@pytest.fixture(scope="session", autouse=True)
def test_games(tmp_path_factory):
    """The test games, installed for the whole session."""
    where = install_games(tmp_path_factory.mktemp("test-games"), TEST_GAMES)
    yield
    sys.path.remove(str(where))
    registry.rescan()


@pytest.fixture
def swap_spec(monkeypatch):
    """``swap_spec(module, field=value, group={"hook": value})``: the game whose spec is ``module``'s
    ``SPEC`` is found by the registry with those fields (and hooks of a group) replaced, for the
    length of the test."""

    def swap(module: str, **changes: Any) -> GameSpec:
        holder = importlib.import_module(module)
        spec = holder.SPEC
        for name, value in list(changes.items()):
            if isinstance(value, dict):
                changes[name] = dataclasses.replace(getattr(spec, name), **value)
        swapped = dataclasses.replace(spec, **changes)
        monkeypatch.setattr(holder, "SPEC", swapped)
        registry.rescan()
        return swapped

    yield swap
    monkeypatch.undo()
    registry.rescan()

"""Fixtures shared by the command tests, and the closing line saying how hard the randomised
checks played."""

from __future__ import annotations

import pytest

from support import depth


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    terminalreporter.write_line(depth.summary())


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A fresh saved-games database for the `asobi` command, through ``ASOBI_DB``."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("ASOBI_DB", str(path))
    return path

"""Fixtures shared by the command tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A fresh saved-games database for the `asobi` command, through ``ASOBI_DB``."""
    path = tmp_path / "games.sqlite3"
    monkeypatch.setenv("ASOBI_DB", str(path))
    return path

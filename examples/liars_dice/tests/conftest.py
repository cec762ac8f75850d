"""The example runs without being installed: its source goes on ``sys.path`` and its spec is
registered in this process (as the ``asobi.games`` entry point would make it found)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent.parent / "src"
if str(SOURCE) not in sys.path:
    sys.path.insert(0, str(SOURCE))

from asobi.core import GameSpec, register  # noqa: E402

from asobi_liars_dice.spec import spec as make_spec  # noqa: E402


@pytest.fixture(scope="session", autouse=True)
def spec() -> GameSpec:
    """The game's spec, registered so that records and replays find it by id."""
    return register(make_spec())

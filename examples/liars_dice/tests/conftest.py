"""The example runs without being installed: its source goes on ``sys.path``, and the entry point
its ``pyproject.toml`` declares is installed for the session as asobi's own tests install theirs —
in a distribution folder made at run time — so asobi finds the game by id the way it will once
the distribution is installed."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src"
if str(SOURCE) not in sys.path:
    sys.path.insert(0, str(SOURCE))

from asobi.core import registry  # noqa: E402

GROUP = registry.ENTRY_POINT_GROUP


def declared_games() -> dict[str, str]:
    """Game id → entry point, as ``pyproject.toml`` declares them."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    games: dict[str, str] = data["project"]["entry-points"][GROUP]
    return games


@pytest.fixture(scope="session", autouse=True)
def installed_entry_points(tmp_path_factory):
    """The distribution's entry points, in a ``.dist-info`` folder first on ``sys.path``."""
    where = tmp_path_factory.mktemp("liars-dice-dist")
    info = where / "asobi_liars_dice_under_test-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: asobi-liars-dice-under-test\nVersion: 0\n",
                                   encoding="utf-8")
    lines = "".join(f"{game_id} = {target}\n" for game_id, target in declared_games().items())
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{lines}", encoding="utf-8")
    sys.path.insert(0, str(where))
    registry.rescan()
    yield
    sys.path.remove(str(where))
    registry.rescan()

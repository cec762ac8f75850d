"""How asobi finds the game: the distribution's ``asobi.games`` entry point, resolved here exactly
as an installed one is (``importlib.metadata.EntryPoint.load``), without installing anything."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest
from asobi.core import GameSpec

ROOT = Path(__file__).resolve().parent.parent
GROUP = "asobi.games"


def declared() -> dict[str, str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return data["project"]["entry-points"][GROUP]


def test_the_entry_point_gives_the_spec_under_its_own_id():
    assert declared() == {"liars_dice": "asobi_liars_dice.spec:spec"}
    for name, value in declared().items():
        target = EntryPoint(name=name, value=value, group=GROUP).load()
        made = target() if callable(target) else target
        assert isinstance(made, GameSpec)
        assert made.id == name
        assert target() is made  # made once


def test_importing_the_game_registers_nothing():
    code = (
        "import asobi_liars_dice.spec, asobi_liars_dice.state\n"
        "from asobi.core import all_games\n"
        "assert 'liars_dice' not in {g.id for g in all_games()}\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT / "src", timeout=60)


def test_an_installed_distribution_declares_the_same_entry_point():
    found = [ep for ep in entry_points(group=GROUP) if ep.name == "liars_dice"]
    if not found:
        pytest.skip("asobi-liars-dice is not installed (pip install -e examples/liars_dice)")
    assert found[0].value == declared()["liars_dice"]

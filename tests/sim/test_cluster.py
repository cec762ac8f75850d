"""The same batch on a (local) Ray cluster as on one process."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from asobi.cli import main

pytest.importorskip("ray")


def test_cluster_local_plays_the_same_games_as_one_process(tmp_path):
    def simulate(*extra):
        out = tmp_path / f"games{len(extra)}.jsonl"
        args = ["simulate", "emblem", "-n", "4", "--seed", "21", "--bots", "rule,random", "--json", "--out", str(out)]
        result = CliRunner().invoke(main, [*args, *extra], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return json.loads(result.output), out.read_text(encoding="utf-8")

    local = simulate("--jobs", "1")
    cluster = simulate("--jobs", "2", "--cluster", "local")
    assert cluster == local
    assert local[0]["games"] == 4

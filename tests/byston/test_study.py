"""The byston balance figures (`asobi camps byston`) read from `asobi simulate --out` lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from asobi.cli import main
from asobi.core import get_game
from asobi.core.errors import AsobiError
from asobi.games.byston.study import BANDS, markdown, read_files, summarize
from support.play import play_recorded


@pytest.fixture(scope="module")
def games_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    spec = get_game("byston")
    path = tmp_path_factory.mktemp("byston") / "games.jsonl"
    with open(path, "w", encoding="utf-8") as out:
        for seed in (1, 2):
            record, state = play_recorded(spec, {"players": 2}, ["rule", "random"], seed=seed)
            outcome = state.outcome()
            assert outcome is not None
            line = {"reason": outcome.reason, "winners": list(outcome.winners), "record": record.to_json()}
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    return path


def test_figures_of_each_game(games_file: Path) -> None:
    by_players = read_files([games_file])
    assert list(by_players) == [2]
    games = by_players[2]
    assert len(games) == 2
    for g in games:
        assert g.band in BANDS
        assert 1 <= g.turns <= 16 and g.actions > 0
        assert [row["turn"] for row in g.by_turn] == list(range(1, len(g.by_turn) + 1))
        assert g.war_turn["drake"] == 0  # 28.1: at war from the start
        assert g.by_turn[0]["gp"][0] == 10  # Drake's starting GP (setup)
    lines = [json.loads(x) for x in games_file.read_text(encoding="utf-8").splitlines()]
    assert [g.band for g in games] == [x["reason"] for x in lines]


def test_summary_counts_every_game_once(games_file: Path) -> None:
    games = read_files([games_file])[2]
    s = summarize(games)
    assert s["games"] == 2 and sum(s["bands"].values()) == 2
    assert s["decisive"] == sum(s["bands"][b] for b in BANDS if b != "draw")
    assert s["curves"][0]["games"] == 2 and s["curves"][0]["turn"] == 1
    text = markdown(2, s)
    assert "| drake_ahead |" in text and "went to war" in text


def test_bad_input_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    not_json = tmp_path / "a.jsonl"
    not_json.write_text("{oops\n", encoding="utf-8")
    with pytest.raises(AsobiError, match="not JSON"):
        read_files([not_json])
    other = tmp_path / "b.jsonl"
    other.write_text(json.dumps({"record": {"game": "legion"}}) + "\n", encoding="utf-8")
    with pytest.raises(AsobiError, match="not a byston game"):
        read_files([other])
    missing = CliRunner().invoke(main, ["camps", "byston", str(tmp_path / "missing.jsonl")])
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_the_command_prints_the_tables_and_draws_the_curves(games_file: Path, tmp_path: Path) -> None:
    png = tmp_path / "curves.png"
    done = CliRunner().invoke(main, ["camps", "byston", str(games_file), "--plot", str(png)])
    assert done.exit_code == 0, done.output
    assert "| band |" in done.output or "27.2" in done.output
    assert png.read_bytes().startswith(b"\x89PNG")
    no_file = CliRunner().invoke(main, ["camps", "byston", str(games_file), "--plot"])
    assert no_file.exit_code == 2 and "--plot" in no_file.output  # no file name after --plot

"""The border between the games and the rest of asobi: outside ``src/asobi/games`` no file names a
game — no game id in code, comments, browser scripts or file names — so every front end reaches
every game through its spec alone (the import contracts in pyproject.toml keep the imports)."""

from __future__ import annotations

import re
from pathlib import Path

from asobi.core.registry import game_ids

SRC = Path(__file__).resolve().parents[1] / "src" / "asobi"
TEXT = {".py", ".js", ".html", ".css", ".md", ".toml", ".json", ".tsv", ".txt"}


def _outside_games() -> list[Path]:
    return [p for p in SRC.rglob("*") if p.is_file() and "__pycache__" not in p.parts
            and SRC / "games" not in p.parents]


def test_no_file_outside_the_games_names_a_game():
    ids = game_ids()
    assert {"byston", "emblem", "legion"} <= set(ids)  # the check reads the installed games
    pattern = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(map(re.escape, ids)) + r")(?![A-Za-z0-9])", re.IGNORECASE)
    found = []
    for path in _outside_games():
        if pattern.search(path.name):
            found.append(f"{path.relative_to(SRC)}: named after a game")
        if path.suffix not in TEXT:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = pattern.search(line)
            if m:
                found.append(f"{path.relative_to(SRC)}:{n}: {m.group(0)!r} in {line.strip()[:90]!r}")
    assert not found, "outside src/asobi/games:\n" + "\n".join(found)


def test_the_check_finds_a_game_named_where_it_must_not_be(tmp_path, monkeypatch):
    stray = tmp_path / "asobi" / "server" / "stray.py"
    stray.parent.mkdir(parents=True)
    stray.write_text("BOARDS = {'legion': None}\n", encoding="utf-8")
    monkeypatch.setattr(__import__(__name__), "SRC", tmp_path / "asobi")
    try:
        test_no_file_outside_the_games_names_a_game()
    except AssertionError as e:
        assert "stray.py:1: 'legion'" in str(e)
    else:
        raise AssertionError("a game id in server/ went unnoticed")

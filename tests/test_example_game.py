"""A game in a distribution of its own plays in every front end with no change to asobi: the
example ``examples/liars_dice`` is installed for this module as pip would install it — its source
on ``sys.path`` and the entry points its ``pyproject.toml`` declares in a distribution folder —
then found by id and played through ``asobi games``, ``play``, ``simulate``, ``ladder``,
``rules``, ``replay`` and the browser server (its board module served from its own package).
Its harness, adapters and rule scenarios are the example's own tests (examples/liars_dice/tests)."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from asobi.cli import main
from asobi.core import registry
from asobi.server import create_app
from conftest import install_games

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "liars_dice"
GAME = "liars_dice"


@pytest.fixture(scope="module", autouse=True)
def installed(tmp_path_factory):
    declared = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))
    games = declared["project"]["entry-points"][registry.ENTRY_POINT_GROUP]
    assert GAME in games
    if GAME in registry.game_ids():  # pip-installed already (docs/adding-a-game.md): play that one
        yield
        return
    source = str(EXAMPLE / "src")
    sys.path.insert(0, source)
    where = install_games(tmp_path_factory.mktemp("example-dist"), games, name="asobi_liars_dice")
    yield
    sys.path.remove(str(where))
    sys.path.remove(source)
    registry.rescan()


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def test_it_is_listed_and_its_rules_read(db):
    listed = run("games")
    assert listed.exit_code == 0 and GAME in listed.output
    rules = run("rules", GAME, "--lang", "ja")
    assert rules.exit_code == 0 and "5.1" in rules.output


def test_it_is_played_in_the_terminal_and_replayed(db):
    played = run("play", GAME, "--players", "2", "--seats", "human,bot", "--seed", "4", input="1\n" * 60 + "q\n")
    assert played.exit_code == 0, played.output
    assert "1." in played.output and "Traceback" not in played.output
    listed = run("list")
    assert GAME in listed.output
    replayed = run("replay", "1", "--seat", "0")
    assert replayed.exit_code == 0 and "Traceback" not in replayed.output


def test_it_is_simulated_and_laddered(tmp_path):
    out = tmp_path / "games.jsonl"
    simulated = run("simulate", GAME, "-n", "6", "--seed", "2", "--jobs", "1", "--json", "--out", str(out),
                    "--players", "3")
    assert simulated.exit_code == 0, simulated.output
    summary = json.loads(simulated.output)
    assert summary["games"] == 6 and len(out.read_text(encoding="utf-8").splitlines()) == 6
    assert run("replay", f"{out}:3", "--verify").exit_code == 0
    laddered = run("ladder", GAME, "--bots", "random,rule", "-n", "4", "--jobs", "1", "--json")
    assert laddered.exit_code == 0, laddered.output
    assert {"random", "rule"} <= {r["bot"] for r in json.loads(laddered.output)["ratings"]}


def test_it_is_served_with_its_board_module_and_played_over_the_socket(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite3")) as client:
        assert GAME in {g["id"] for g in client.get("/api/catalog").json()}
        board = client.get(f"/games/{GAME}/board.js")
        assert board.status_code == 200 and b"AsobiBoards" in board.content
        made = client.post("/api/games", json={"game": GAME, "seats": ["human", "bot"], "options": {"players": 2}})
        assert made.status_code == 201, made.text
        token = made.json()["seats"][0]["token"]
        with client.websocket_connect(f"/ws/games/{made.json()['game_id']}") as ws:
            ws.send_json({"type": "hello", "token": token})
            message = ws.receive_json()
            while not message.get("legal"):
                message = ws.receive_json()
            assert message["game"] == GAME and message["view"]
            ws.send_json({"type": "act", "token": token, "action": message["legal"][0]["action"],
                          "state_id": message["state_id"]})
            after = ws.receive_json()
            assert after["type"] == "state" and after["state_id"] > message["state_id"]


def test_its_messages_options_and_words_have_both_languages():
    """A game in a distribution of its own declares people's words as asobi's games do."""
    from test_words_every_game import problems

    assert problems(registry.get_game(GAME)) == []

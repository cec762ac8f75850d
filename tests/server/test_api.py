"""The lobby's HTTP API: creating games, links, listing, records, refusals."""

from __future__ import annotations

from asobi.store import GameStore, issue_host_secret

from .conftest import new_game


def test_create_gives_a_link_per_human_seat_and_a_spectator_link(client, db_path):
    made = new_game(client, "legion", ["human", "bot", "human"], players=3)
    seats = made["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot:normal", "human"]
    assert [s["name"] for s in seats] == ["A", "B", "C"]
    assert seats[1]["token"] is None and seats[1]["link"] is None
    tokens = [seats[0]["token"], seats[2]["token"]]
    assert all(len(t) >= 30 for t in tokens) and tokens[0] != tokens[1]
    assert seats[0]["link"].endswith(f"/play/{made['game_id']}#token={tokens[0]}")
    assert made["spectator_link"].endswith(f"/play/{made['game_id']}#watch")
    # The same store as the command line: `asobi list` shows it.
    with GameStore(db_path, read_only=True) as store:
        (saved,) = store.list()
    assert saved.id == made["game_id"] and saved.seats == "human,bot:normal,human"
    # The file keeps no token in clear.
    assert tokens[0].encode() not in db_path.read_bytes()


def test_default_seats_are_one_person_then_bots(client):
    made = new_game(client, "legion", players=4)
    assert [s["kind"] for s in made["seats"]] == ["human", "bot:normal", "bot:normal", "bot:normal"]


def test_bad_requests_are_refused_clearly_and_save_nothing(client, db_path):
    cases = [
        ({"game": "chess"}, "no game"),
        ({"game": "legion", "options": {"players": 9}}, "players"),
        ({"game": "legion", "options": {"colour": "red"}}, "no such option"),
        ({"game": "legion", "seats": ["human", "bot"]}, "2 seats given"),
        ({"game": "legion", "seats": ["human", "bot:genius", "bot"]}, "no seat kind"),
        ({"game": "legion", "seats": ["human", "bot:mcts:time=abc", "bot"]}, "time must be a number"),
    ]
    for body, words in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400, (body, r.text)
        assert words in r.json()["detail"].lower() or words in r.json()["detail"], (body, r.json())
    assert client.post("/api/games", json={"options": {}}).status_code == 400  # no game named
    assert client.get("/api/games").json() == []
    with GameStore(db_path, read_only=True) as store:
        assert store.list() == []


def test_catalog_lists_games_options_and_bots(client):
    catalog = {g["id"]: g for g in client.get("/api/catalog").json()}
    assert {"legion", "emblem"} <= set(catalog)
    legion = catalog["legion"]
    assert "rule" in legion["bots"] and legion["seat_names"] == ["A", "B", "C"]
    assert {o["name"] for o in legion["options"]} >= {"players", "difficulty"}
    assert client.get("/api/catalog/legion/seats", params={"players": 5}).json() == ["A", "B", "C", "D", "E"]
    clauses = client.get("/api/catalog/legion/clauses").json()
    assert clauses.get("7.5")


def test_list_and_record(client):
    open_game = new_game(client, "legion", ["human", "bot", "bot"])
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [open_game["game_id"]]
    assert listed[0]["status"] == "playing" and listed[0]["links"] is True
    assert client.get("/api/games", params={"status": "finished"}).json() == []
    # A game being played gives out no record (it holds every hidden card).
    r = client.get(f"/api/games/{open_game['game_id']}/record")
    assert r.status_code == 403 and "still being played" in r.json()["detail"]
    assert client.get("/api/games/999/record").status_code == 404


def test_links_for_a_game_made_in_the_terminal_are_handed_out_once(client, db_path):
    from asobi.core.record import GameRecord
    from asobi.core.registry import get_game

    spec = get_game("legion")
    with GameStore(db_path) as store:
        game_id = store.create(GameRecord.new(spec, spec.validate_options({}), ["human", "bot:normal", "human"], None))
        host = issue_host_secret(store, game_id)  # as the terminal does, which prints it
    assert host is not None
    # Its host only: nobody else may take its seats.
    for headers in ({}, {"X-Asobi-Host": "guess"}):
        refused = client.post(f"/api/games/{game_id}/links", headers=headers)
        assert refused.status_code == 403 and "host" in refused.json()["detail"], refused.text
    assert client.get(f"/api/games/{game_id}").json()["links"] is False
    r = client.post(f"/api/games/{game_id}/links", headers={"X-Asobi-Host": host})
    assert r.status_code == 201
    assert [s["token"] is not None for s in r.json()["seats"]] == [True, False, True]
    again = client.post(f"/api/games/{game_id}/links", headers={"X-Asobi-Host": host})
    assert again.status_code == 409 and "handed out already" in again.json()["detail"]


def test_openapi_documents_the_api(client):
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/games", "/api/catalog", "/api/games/{game_id}/record", "/api/games/{game_id}/links"} <= set(paths)
    assert client.get("/docs").status_code == 200


def test_pages_are_served(client):
    for path in ("/", "/play/1", "/static/game.js", "/static/lobby.js", "/static/style.css"):
        r = client.get(path)
        assert r.status_code == 200, path


def test_serve_is_a_command():
    from click.testing import CliRunner

    from asobi.cli import main

    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    assert "--port" in result.output and "--db" in result.output and "--host" in result.output
    refused = CliRunner().invoke(main, ["serve", "--port", "0"])
    assert refused.exit_code == 2 and "port" in refused.output.lower()


def test_search_bots_take_seats_with_their_parameters(client):
    made = new_game(client, "emblem", ["human", "bot:ismcts:iters=10"])
    # iterations alone are given the server's time limit too (their time depends on the game)
    assert [s["kind"] for s in made["seats"]] == ["human", "bot:ismcts:iters=10:time=2"]
    bots = client.get("/api/catalog").json()
    assert any("ismcts" in g["bots"] for g in (bots if isinstance(bots, list) else bots["games"]))

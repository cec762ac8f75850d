"""The room tells every socket when a bot starts thinking and when it stops: who thinks is public
(the seat to decide never depends on hidden information), and nothing else is in the message."""

from __future__ import annotations

from fastapi.testclient import TestClient

from asobi.server import Limits, create_app

from .conftest import hello, hello_until, my_turn, new_game


def receive(ws, done, limit=500):
    for _ in range(limit):
        message = ws.receive_json()
        assert message["type"] in ("state", "thinking"), message
        if done(message):
            return message
    raise AssertionError(f"no such message in {limit}")


def test_sockets_are_told_which_bot_thinks_and_when_it_stops(db_path):
    # A think of 4 s (over the default ceiling, so this server's is raised): long enough for a
    # second socket to join meanwhile even on a loaded machine.
    with TestClient(create_app(db_path, limits=Limits(max_bot_seconds=5))) as client:
        _told_while_thinking(client)


def _told_while_thinking(client):
    made = new_game(client, "emblem", ["human", "bot:ismcts:time=4"], seed=3)
    game_id = made["game_id"]
    token = made["seats"][0]["token"]
    try:
        with client.websocket_connect(f"/ws/games/{game_id}") as ws:
            first = hello_until(ws, token, my_turn)
            ws.send_json({"type": "act", "token": token, "action": first["legal"][0]["action"],
                          "state_id": first["state_id"]})
            # An earlier think's end (a forced decision that a loaded machine took over the notice's
            # 0.2 s for) may still be on its way: wait for a think of the state after this action.
            started = receive(ws, lambda m: m["type"] == "thinking" and m["seat"] is not None
                              and m["state_id"] > first["state_id"])
            assert set(started) == {"type", "seat", "state_id", "elapsed"} and started["seat"] == 1
            assert 0.2 <= started["elapsed"] < 4.0
            with client.websocket_connect(f"/ws/games/{game_id}") as watcher:  # joins while B thinks
                state = hello(watcher, None)
                assert state["type"] == "state"
                told = receive(watcher, lambda m: m["type"] == "thinking")
                assert told["seat"] == 1 and told["state_id"] == started["state_id"] and told["elapsed"] >= 0.2
            stopped = receive(ws, lambda m: m["type"] == "thinking" and m["seat"] is None)
            assert stopped == {"type": "thinking", "seat": None, "state_id": started["state_id"]}
            # B has moved: its next think (or, its turn over, the state) is of a later state.
            moved = receive(ws, lambda m: m["type"] == "state" or m["seat"] is not None)
            assert moved["state_id"] > started["state_id"]
    finally:
        client.delete(f"/api/games/{game_id}", headers={"X-Asobi-Host": made["host_secret"]})


def test_a_rule_bot_answers_before_any_notice(client):
    made = new_game(client, "emblem", ["human", "bot"], seed=3)
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        first = hello_until(ws, token, my_turn)
        ws.send_json({"type": "act", "token": token, "action": first["legal"][0]["action"],
                      "state_id": first["state_id"]})
        for _ in range(3):  # B's turn, then A's decision again
            message = ws.receive_json()
            assert message["type"] == "state", message
            if message["legal"]:
                break

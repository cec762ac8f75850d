"""Playing over the WebSocket: tokens, errors on one socket only, commit before broadcast, undo,
restart and resume, bots as seats, and the same games as the terminal."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from asobi.server import create_app
from asobi.store import GameInUseError, GameStore, StoreError

from .conftest import hello, hello_until, my_turn, new_game, receive_until


def _act(ws, token, message, index=0):
    ws.send_json({"type": "act", "token": token, "action": message["legal"][index]["action"],
                  "state_id": message["state_id"]})


def _saved_actions(db_path, game_id) -> int:
    with GameStore(db_path, read_only=True) as store:
        return len(store.load(game_id).actions)


@pytest.mark.parametrize("hello_message, code", [
    ({"type": "hello"}, 401),
    ({"type": "hello", "token": ""}, 401),
    ({"type": "hello", "token": "not-a-token"}, 403),
    ({"type": "act", "action": ["end"]}, 401),
    ({"type": "hello", "token": 5}, 401),
])
def test_a_socket_without_a_seat_token_is_refused(client, hello_message, code):
    game_id = new_game(client, "legion", ["human", "bot", "bot"])["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_json(hello_message)
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == code
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4000 + code


def test_another_games_token_opens_nothing(client):
    first = new_game(client, "legion", ["human", "bot", "bot"])
    second = new_game(client, "legion", ["human", "bot", "bot"])
    with client.websocket_connect(f"/ws/games/{second['game_id']}") as ws:
        reply = hello(ws, first["seats"][0]["token"])
        assert reply["type"] == "error" and reply["code"] == 403


def test_each_seat_message_must_carry_its_token(client, db_path):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    token, game_id = made["seats"][0]["token"], made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        turn = hello_until(ws, token, my_turn)
        before = _saved_actions(db_path, game_id)
        for wrong in (None, "x" * len(token), made["seats"][0]["token"][:-1]):
            message = {"type": "act", "action": turn["legal"][0]["action"]}
            if wrong is not None:
                message["token"] = wrong
            ws.send_json(message)
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == 403
        assert _saved_actions(db_path, game_id) == before


def test_bad_messages_get_an_error_on_that_socket_only(client, db_path):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    token, game_id = made["seats"][0]["token"], made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws, \
            client.websocket_connect(f"/ws/games/{game_id}") as watcher:
        turn = hello_until(ws, token, my_turn)
        seen = hello_until(watcher, None, lambda m: m["state_id"] == turn["state_id"])
        assert ws.receive_json()["state_id"] == turn["state_id"]  # told that someone is watching
        before = _saved_actions(db_path, game_id)
        act = {"type": "act", "token": token}
        bad = [
            ("not json", "JSON object"),
            ('{"type": 3}', "type"),
            (json.dumps({"type": "dance", "token": token}), "no message type"),
            (json.dumps({"type": "hello", "token": token}), "said hello already"),
            (json.dumps(act), "action"),
            (json.dumps({**act, "action": "end"}), "list that starts with a verb"),
            (json.dumps({**act, "action": [["deep", [[["x"]]]]]}), "verb"),
            (json.dumps({**act, "action": ["fly", 3]}), "fly"),
            (json.dumps({**act, "action": ["end"], "state_id": turn["state_id"] + 5}), "moved on"),
            (json.dumps({"type": "sync", "token": token, "lang": "fr"}), "lang"),
        ]
        for text, words in bad:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] == "error", text
            assert words in reply["message"], (text, reply)
        assert _saved_actions(db_path, game_id) == before
        # The spectator heard none of it: its next message is the next real action.
        _act(ws, token, turn)
        after = watcher.receive_json()
        assert after["type"] == "state" and after["state_id"] == seen["state_id"] + 1
        assert after["updates"][0]["actor_name"] == "A"
        # A binary frame is no conversation: the socket is closed with the reason.
        ws.send_bytes(b"\x00\x01")
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 1003 and "binary" in closed.value.reason


def test_a_seat_cannot_act_out_of_turn(client):
    made = new_game(client, "legion", ["human", "human", "bot"])
    a, b = made["seats"][0]["token"], made["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as wa, \
            client.websocket_connect(f"/ws/games/{made['game_id']}") as wb:
        turn = hello_until(wa, a, my_turn)
        state_b = hello_until(wb, b, lambda m: m["state_id"] == turn["state_id"])
        assert state_b["legal"] == []  # B is not asked
        wb.send_json({"type": "act", "token": b, "action": turn["legal"][0]["action"]})
        reply = wb.receive_json()
        assert reply["type"] == "error" and "turn" in reply["message"].lower()


def test_every_update_is_committed_before_it_is_sent(client, db_path):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    token, game_id = made["seats"][0]["token"], made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        message = hello_until(ws, token, my_turn)
        assert _saved_actions(db_path, game_id) == message["state_id"]
        for _ in range(4):
            _act(ws, token, message)
            while True:
                message = ws.receive_json()
                assert message["type"] == "state"
                assert _saved_actions(db_path, game_id) >= message["state_id"]
                if my_turn(message):
                    break


def test_a_failed_commit_is_not_broadcast_and_changes_nothing(client, db_path, monkeypatch):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    token, game_id = made["seats"][0]["token"], made["game_id"]
    hub = client.app.state.hub
    with client.websocket_connect(f"/ws/games/{game_id}") as ws, \
            client.websocket_connect(f"/ws/games/{game_id}") as watcher:
        turn = hello_until(ws, token, my_turn)
        seen = hello_until(watcher, None, lambda m: m["state_id"] == turn["state_id"])
        assert ws.receive_json()["state_id"] == turn["state_id"]  # told that someone is watching
        before = _saved_actions(db_path, game_id)

        def full_disk(*args, **kw):
            raise StoreError("no room to write the file: the disk is full")

        monkeypatch.setattr(hub.store, "append", full_disk)
        _act(ws, token, turn)
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == 503 and "disk is full" in reply["message"]
        monkeypatch.undo()
        assert _saved_actions(db_path, game_id) == before
        # The room was rebuilt from the store: the same position, asked again.
        ws.send_json({"type": "sync", "token": token})
        again = ws.receive_json()
        assert again["reset_log"] and again["state_id"] == turn["state_id"]
        assert again["view"] == turn["view"] and again["legal"] == turn["legal"]
        _act(ws, token, again)
        # The spectator never saw the failed action: its next message has the real one.
        after = watcher.receive_json()
        assert after["type"] == "state" and after["reset_log"]  # a new epoch: everything again
        assert _saved_actions(db_path, game_id) == before + 1 or after["state_id"] >= before + 1
        assert seen["state_id"] == before


def test_undo_takes_back_a_decision_everywhere(client, db_path):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    token, game_id = made["seats"][0]["token"], made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        turn = hello_until(ws, token, my_turn)
        # Ending the turn reveals nothing before A is asked again (whether to respond).
        end = next(i for i, x in enumerate(turn["legal"]) if x["action"] == ["end"])
        _act(ws, token, turn, end)
        after = receive_until(ws, my_turn)
        assert after["can_undo"] == 1
        ws.send_json({"type": "undo", "token": token})
        back = receive_until(ws, my_turn)
        assert back["reset_log"] and back["view"] == turn["view"] and back["legal"] == turn["legal"]
        assert back["state_id"] == after["state_id"] + 1
        assert _saved_actions(db_path, game_id) == turn["state_id"]
        with GameStore(db_path, read_only=True) as store:
            assert [e.undone_by for e in store.audit(game_id)] == [0]
        ws.send_json({"type": "undo", "token": token})
        reply = ws.receive_json()
        assert reply["type"] == "error" and "nothing to take back" in reply["message"]


def test_restart_resumes_every_open_game_exactly(db_path):
    with TestClient(create_app(db_path)) as first:
        made = new_game(first, "legion", ["human", "bot", "bot"])
        token, game_id = made["seats"][0]["token"], made["game_id"]
        with first.websocket_connect(f"/ws/games/{game_id}") as ws:
            last = hello_until(ws, token, my_turn)
            for _ in range(3):
                _act(ws, token, last)
                last = receive_until(ws, my_turn)
    with TestClient(create_app(db_path)) as second, second.websocket_connect(f"/ws/games/{game_id}") as ws:
        resumed = hello(ws, token, since=last["state_id"], epoch=last["epoch"])
        assert resumed["epoch"] != last["epoch"] and resumed["reset_log"]  # another server: everything anew
        assert resumed["state_id"] == last["state_id"]
        assert resumed["view"] == last["view"] and resumed["legal"] == last["legal"]
        _act(ws, token, resumed)
        assert ws.receive_json()["state_id"] == last["state_id"] + 1


def test_a_reconnecting_client_gets_only_what_it_missed(client):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    token, game_id = made["seats"][0]["token"], made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        turn = hello_until(ws, token, my_turn)
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        again = hello(ws, token, since=turn["state_id"], epoch=turn["epoch"])
        assert again["epoch"] == turn["epoch"] or again["reset_log"]
        if again["epoch"] == turn["epoch"]:
            assert not again["reset_log"] and again["updates"] == []
        assert again["view"] == turn["view"] and again["legal"] == turn["legal"]


def test_bots_play_a_whole_game_as_seats(client, db_path):
    made = new_game(client, "legion", ["bot", "bot:random", "bot"], seed=7)
    game_id = made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as watcher:
        hello(watcher)
        end = receive_until(watcher, lambda m: m["over"], limit=10_000)
    assert end["outcome"]["text"]
    with GameStore(db_path, read_only=True) as store:
        (saved,) = store.list()
        assert saved.status == "finished"
    record = client.get(f"/api/games/{game_id}/record").json()
    assert record["outcome"] == {k: v for k, v in end["outcome"].items() if k != "text"}
    from asobi.core.record import GameRecord
    from asobi.core.replay import replay

    replay(GameRecord.from_json(record))  # every action stands under the rules


def test_a_game_made_in_the_browser_resumes_in_the_terminal_and_back(client, db_path):
    from asobi.terminal import TerminalGame

    made = new_game(client, "legion", ["human", "bot", "bot"])
    token, game_id = made["seats"][0]["token"], made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        turn = hello_until(ws, token, my_turn)
        # While the browser plays it, the terminal is told it is in use.
        with GameStore(db_path) as other, pytest.raises(GameInUseError):
            other.lease(game_id)
    # Nobody connected: the server let go; the terminal takes one decision and quits.
    answers = iter(["1", "q"])
    with GameStore(db_path) as store, store.open_game(game_id):
        session = TerminalGame.resume(store, game_id, read=lambda prompt: next(answers), write=lambda text: None)
        session.run()
        played = len(session.match.actions)
    assert played > turn["state_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        back = hello(ws, token)
        assert back["state_id"] == played and back["reset_log"]
    # And the other way round: a game the terminal holds is refused in the browser.
    with GameStore(db_path) as store:
        store.lease(game_id)
        with client.websocket_connect(f"/ws/games/{game_id}") as ws:
            reply = hello(ws, token)
            assert reply["type"] == "error" and reply["code"] == 409 and "in use" in reply["message"]


def test_a_slow_bot_holds_up_only_its_own_game(client, monkeypatch):
    import time

    from asobi.core.agent import RandomAgent

    real_act = RandomAgent.act

    def slow_act(self, obs):
        time.sleep(0.5)  # a bot thinking hard
        return real_act(self, obs)

    monkeypatch.setattr(RandomAgent, "act", slow_act)
    started = time.monotonic()
    new_game(client, "legion", ["bot:random", "bot:random", "bot:random"])  # starts thinking at once
    made = new_game(client, "legion", ["human", "bot:rule", "bot:rule"])
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        turn = hello_until(ws, token, my_turn)
        assert time.monotonic() - started < 3  # while the other game's bots think for a minute
        started = time.monotonic()
        _act(ws, token, turn)
        reply = ws.receive_json()
        assert reply["type"] == "state" and reply["state_id"] > turn["state_id"]
        assert time.monotonic() - started < 0.4


def test_a_failed_commit_whose_rebuild_fails_too_shows_no_one_the_unsaved_action(client, db_path, monkeypatch):
    """The write fails and so does reading the game back (a damaged page, an I/O error): the room
    must not keep the action that was never saved. Its sockets are told and closed, and a socket
    opening the game afterwards finds it as the file holds it."""
    made = new_game(client, "legion", ["human", "bot", "bot"])
    token, game_id = made["seats"][0]["token"], made["game_id"]
    hub = client.app.state.hub
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        turn = hello_until(ws, token, my_turn)
        before = _saved_actions(db_path, game_id)

        def unreadable(*args, **kw):
            raise StoreError("the file is damaged")

        monkeypatch.setattr(hub.store, "append", unreadable)
        monkeypatch.setattr(hub.store, "load_for_play", unreadable)
        _act(ws, token, turn)
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == 503
        monkeypatch.undo()
        with pytest.raises(WebSocketDisconnect) as closed:  # told, then closed: no message shows the action
            ws.send_json({"type": "sync", "token": token})
            while True:
                message = ws.receive_json()
                assert message["type"] == "error" and message["code"] == 503, message
                assert message["state_id"] in (None, turn["state_id"]), message
        assert closed.value.code == 4503
    assert game_id not in hub.rooms
    assert _saved_actions(db_path, game_id) == before
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        fresh = hello_until(ws, token, my_turn)
        assert fresh["actions"] == before and fresh["legal"] == turn["legal"]

"""The saved-games file locked by another program (a real second SQLite connection holding
``BEGIN EXCLUSIVE``): the server's event loop goes on serving every other socket and game, a change
waits for the lock off the loop and lands once it is free, and one that waits too long is refused
(503, naming the file as the server's database) with nothing changed."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator

import pytest
from starlette.websockets import WebSocketDisconnect

from asobi.store import GameStore

from .conftest import hello_until, my_turn, new_game, new_room


@contextlib.contextmanager
def locked(db_path) -> Iterator[sqlite3.Connection]:
    """Another program's connection holding the file's write lock until the block ends."""
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        yield other
        other.execute("ROLLBACK")
    finally:
        other.close()


def _saved_actions(db_path, game_id) -> int:
    with GameStore(db_path, read_only=True) as store:
        return len(store.load(game_id).actions)


def _act(ws, token, message) -> None:
    ws.send_json({"type": "act", "token": token, "action": message["legal"][0]["action"],
                  "state_id": message["state_id"]})


def _game(client):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    return made["seats"][0]["token"], made["game_id"]


def test_a_locked_file_holds_up_no_other_game_and_the_action_lands_when_it_is_free(client, db_path):
    token_a, game_a = _game(client)
    token_b, game_b = _game(client)
    with client.websocket_connect(f"/ws/games/{game_a}") as a, client.websocket_connect(f"/ws/games/{game_b}") as b:
        turn_a = hello_until(a, token_a, my_turn)
        turn_b = hello_until(b, token_b, my_turn)
        before = _saved_actions(db_path, game_a)
        with locked(db_path):
            _act(a, token_a, turn_a)  # waits for the lock: the loop must not
            time.sleep(0.2)
            started = time.monotonic()
            b.send_json({"type": "sync", "token": token_b})
            answer = b.receive_json()
            waited = time.monotonic() - started
            assert answer["type"] == "state" and answer["state_id"] == turn_b["state_id"]
            assert waited < 1.0, f"another game's socket waited {waited:.2f} s for the locked file"
            listed = client.get("/api/games")  # reading is not locked out
            assert listed.status_code == 200 and {g["id"] for g in listed.json()} >= {game_a, game_b}
            assert _saved_actions(db_path, game_a) == before
        reply = a.receive_json()  # the lock let go: the action is saved, then sent
        while reply["type"] == "thinking":
            reply = a.receive_json()
        assert reply["type"] == "state" and reply["state_id"] > turn_a["state_id"], reply
        assert _saved_actions(db_path, game_a) >= before + 1


def test_an_action_that_waits_too_long_for_the_lock_is_refused_and_changes_nothing(client, db_path):
    hub = client.app.state.hub
    hub.lock_wait = 0.3
    token, game_id = _game(client)
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        turn = hello_until(ws, token, my_turn)
        before = _saved_actions(db_path, game_id)
        with locked(db_path):
            _act(ws, token, turn)
            reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == 503, reply
        assert "the server's database is locked by another program" in reply["message"]
        assert str(db_path) not in reply["message"] and reply["state_id"] == turn["state_id"]
        assert _saved_actions(db_path, game_id) == before
        ws.send_json({"type": "sync", "token": token})
        again = ws.receive_json()  # the same position, the same epoch: nothing was applied
        assert again["state_id"] == turn["state_id"] and again["epoch"] == turn["epoch"]
        assert again["legal"] == turn["legal"]
        _act(ws, token, again)  # and it goes on once the file is free
        reply = ws.receive_json()
        assert reply["type"] == "state" and reply["state_id"] > turn["state_id"], reply
        assert _saved_actions(db_path, game_id) >= before + 1


def test_a_socket_opening_a_game_while_the_file_is_locked_is_closed_with_4503(client, db_path):
    client.app.state.hub.lock_wait = 0.3
    token, game_id = _game(client)  # not loaded: opening it takes its lease, a write
    with locked(db_path), client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        told = ws.receive_json()
        assert told["type"] == "error" and told["code"] == 503
        assert "locked by another program" in told["message"] and str(db_path) not in told["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4503
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:  # free again: it opens
        assert hello_until(ws, token, my_turn)["legal"]


def test_a_game_loaded_already_opens_at_once_while_another_waits_for_the_lock(client, db_path):
    token_a, game_a = _game(client)  # not loaded: opening it waits for the lock to take its lease
    token_b, game_b = _game(client)
    with client.websocket_connect(f"/ws/games/{game_b}") as b:
        hello_until(b, token_b, my_turn)  # loaded
        with client.websocket_connect(f"/ws/games/{game_a}") as a:
            with locked(db_path):
                a.send_json({"type": "hello", "token": token_a})
                time.sleep(0.2)
                started = time.monotonic()
                with client.websocket_connect(f"/ws/games/{game_b}") as again:
                    assert hello_until(again, None, lambda m: True)["game_id"] == game_b
                waited = time.monotonic() - started
                assert waited < 1.0, f"a loaded game's socket waited {waited:.2f} s behind another game's load"
            reply = a.receive_json()  # the lock let go: game A opens
            assert reply["type"] == "state" and reply["game_id"] == game_a, reply


def test_bots_refused_for_the_lock_play_on_by_themselves_once_the_file_is_free(tmp_path):
    """A game whose next move is the bots' (nobody will act to restart them) stops while another
    program holds the file, with nothing applied, and goes on by itself once it lets go."""
    import asyncio

    from asobi.server.rooms import Hub

    db = tmp_path / "games.sqlite3"

    async def play() -> tuple[int, int, int]:
        hub = Hub(db, lock_wait=0.2)
        hub.open()
        try:
            room = await new_room(hub, "legion", ["bot:random"] * 3, 1)
            start = room.match.state_id
            with locked(db):
                room.start_bots()
                await asyncio.sleep(0.7)  # refused at least twice: each write waits 0.2 s
                during = room.match.state_id
            for _ in range(100):  # free: the next try plays on, with no one acting
                await asyncio.sleep(0.05)
                if room.match.state_id > start:
                    break
            return start, during, room.match.state_id
        finally:
            await hub.close()

    start, during, after = asyncio.run(play())
    assert during == start  # nothing applied while the file was locked
    assert after > start


def test_a_game_unloaded_while_the_file_is_locked_gives_up_its_lease_once_it_is_free(tmp_path):
    """Unloading lets go of the game's lease, a write: while another program holds the file it
    waits, and the lease goes once the file is free (else a terminal sees the game in use until
    the server stops)."""
    import asyncio

    from asobi.server.rooms import Connection, Hub

    class Quiet:  # a socket that takes what it is sent
        async def send_text(self, data: str) -> None:
            pass

        async def close(self, code: int = 1000, reason: str | None = None) -> None:
            pass

    db = tmp_path / "games.sqlite3"

    def leased(game_id: int) -> int:
        with contextlib.closing(sqlite3.connect(db)) as read:
            return read.execute("SELECT count(*) FROM leases WHERE game_id = ?", (game_id,)).fetchone()[0]

    async def play() -> tuple[int, int, int]:
        hub = Hub(db, lock_wait=0.2)
        hub.open()
        try:
            room = await new_room(hub, "legion", ["human", "bot:random", "bot:random"], 1)
            game_id = room.game_id
            watcher = Connection(Quiet(), None, None)
            room.admit(watcher)  # keeps the room loaded while the bots play up to the person's turn
            room.start_bots()
            assert room.bots is not None
            await room.bots
            held = leased(game_id)
            with locked(db):
                room.connections.discard(watcher)
                hub.maybe_unload(room)  # nobody watches, the person decides next
                await asyncio.sleep(0.3)
                while_locked = leased(game_id)
            for _ in range(60):
                await asyncio.sleep(0.05)
                if not leased(game_id):
                    break
            return held, while_locked, leased(game_id)
        finally:
            await hub.close()

    held, while_locked, after = asyncio.run(play())
    assert held == 1 and while_locked == 1
    assert after == 0

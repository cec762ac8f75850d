"""What sockets one client may hold open: per address, per game (spectators), per seat; and a
socket that never reads what it is sent is dropped, not buffered for, without holding up its room."""

from __future__ import annotations

import asyncio

import orjson
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from asobi.server import Limits, create_app
from asobi.server.rooms import SLOW_READER, Connection, Hub

from .conftest import hello, new_game, new_room


def _refused(ws, code: int, words: str) -> None:
    told = ws.receive_json()
    assert told["type"] == "error" and told["code"] == code - 4000 and words in told["message"], told
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == code


@pytest.fixture
def tight(db_path, request):
    per_address = getattr(request, "param", 3)
    limits = Limits(sockets_per_address=per_address, spectators_per_game=2, sockets_per_seat=1)
    with TestClient(create_app(db_path, limits=limits)) as c:
        yield c


def test_one_address_may_hold_only_so_many_sockets(tight):
    game_id = new_game(tight, "legion", ["human", "bot", "bot"])["game_id"]
    other = new_game(tight, "legion", ["human", "bot", "bot"])["game_id"]
    with tight.websocket_connect(f"/ws/games/{game_id}") as a, tight.websocket_connect(f"/ws/games/{game_id}") as b, \
            tight.websocket_connect(f"/ws/games/{other}") as c:
        for ws in (a, b, c):
            assert hello(ws)["type"] == "state"
        with tight.websocket_connect(f"/ws/games/{other}") as d:  # counted from the start, not from its hello
            _refused(d, 4429, "sockets at once from one address")
    with tight.websocket_connect(f"/ws/games/{other}") as e:  # the others closed: room again
        assert hello(e)["type"] == "state"


@pytest.mark.parametrize("tight", [10], indirect=True)
def test_spectators_fill_a_game_only_so_far_and_never_keep_a_seat_out(tight):
    made = new_game(tight, "legion", ["human", "bot", "bot"])
    game_id, token = made["game_id"], made["seats"][0]["token"]
    with tight.websocket_connect(f"/ws/games/{game_id}") as a, tight.websocket_connect(f"/ws/games/{game_id}") as b:
        assert hello(a)["type"] == "state" and hello(b)["type"] == "state"
        with tight.websocket_connect(f"/ws/games/{game_id}") as c:
            c.send_json({"type": "hello", "watch": True})
            _refused(c, 4429, "as many as it lets spectators make")
        with tight.websocket_connect(f"/ws/games/{game_id}") as seat:
            assert hello(seat, token)["type"] == "state"  # the seat's person still gets in
            with tight.websocket_connect(f"/ws/games/{game_id}") as again:
                again.send_json({"type": "hello", "token": token})
                _refused(again, 4429, "sockets open already")


class Stuck:
    """A client that never reads: its first send never completes."""

    def __init__(self) -> None:
        self.sends = 0
        self.closed: tuple[int, str | None] | None = None

    async def send_text(self, data: str) -> None:
        self.sends += 1
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = (code, reason)


class Kept:
    def __init__(self) -> None:
        self.sent: list[dict] = []

    async def send_text(self, data: str) -> None:
        self.sent.append(orjson.loads(data))

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


def test_a_socket_that_never_reads_is_dropped_and_holds_up_no_one(tmp_path):
    async def play() -> tuple[Stuck, Kept, Connection, bool]:
        hub = Hub(tmp_path / "games.sqlite3")
        hub.open()
        try:
            room = await new_room(hub, "legion", ["bot:random"] * 3, 1)
            stuck, kept = Stuck(), Kept()
            slow = Connection(stuck, None, None, backlog=50_000)
            room.admit(slow)
            room.admit(Connection(kept, None, None))
            for _ in range(40):  # every broadcast returns at once, whatever the stuck client does
                await asyncio.wait_for(room.broadcast(), 1.0)
            await asyncio.sleep(0.05)  # the close is sent by the connection's own task
            return stuck, kept, slow, slow in room.connections
        finally:
            await hub.close()

    stuck, kept, slow, still_in = asyncio.run(play())
    assert len(kept.sent) == 40  # the reader got every message
    assert slow.dropped and not still_in
    assert stuck.sends == 1 and stuck.closed is not None and stuck.closed[0] == SLOW_READER
    assert "left unread" in (stuck.closed[1] or "")


class Held(Kept):
    """A client that reads nothing until it is let go, then everything."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = asyncio.Event()

    async def send_text(self, data: str) -> None:
        await self.gate.wait()
        await super().send_text(data)


def test_a_slow_reader_gets_every_message_in_order_without_holding_up_its_room(tmp_path):
    async def play() -> tuple[Held, Kept, int]:
        hub = Hub(tmp_path / "games.sqlite3")
        hub.open()
        try:
            room = await new_room(hub, "emblem", ["bot:random"] * 2, 2)
            held, quick = Held(), Kept()
            room.admit(Connection(held, None, None, backlog=10**9))  # all of it may wait here
            room.admit(Connection(quick, None, None))
            # a broadcast after every bot action; a room that waited for the client would never end
            await asyncio.wait_for(room.run_until_person(lambda match: room.broadcast()), 60)
            read_meanwhile = len(held.sent)
            held.gate.set()
            for _ in range(500):
                if len(held.sent) == len(quick.sent):
                    break
                await asyncio.sleep(0.01)
            return held, quick, read_meanwhile
        finally:
            await hub.close()

    held, quick, read_meanwhile = asyncio.run(play())
    ids = [m["state_id"] for m in quick.sent]
    assert len(ids) > 20 and ids == sorted(ids) and quick.sent[-1]["over"]
    assert read_meanwhile == 0  # the whole game was played while that client read nothing
    assert held.sent == quick.sent  # then it got the same messages, in the same order

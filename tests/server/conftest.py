"""Fixtures of the server tests: an app on a fresh database, and WebSocket helpers."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.server import create_app
from asobi.server.messages import Reader, StateMessages
from asobi.server.rooms import Hub, Room


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db_path) -> Iterator[TestClient]:
    with TestClient(create_app(db_path)) as c:
        yield c


def message_for(match: Match, seat: int | None, lang: str = "en", *, text: bool = True, since: int = -1) -> dict[str, Any]:
    """The state message for ``seat`` (``None``: a spectator) built alone, by a builder of its own
    that shares nothing with other messages (it names the cards its view shows, as a replay's do)."""
    messages = StateMessages(match.spec, match.options, 1, epoch="e", names_from_views=True)
    return messages.message(match, Reader(seat, lang, text=text, sent=since, epoch="e"))


def new_game(client: TestClient, game: str = "legion", seats: list[str] | None = None, seed: int | None = 1,
             **options: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "options": options, "seed": seed, "confirm_seeded": seed is not None}
    if seats is not None:
        body["seats"] = seats
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def hello(ws: Any, token: str | None = None, **extra: Any) -> dict[str, Any]:
    """Say hello (as a seat with ``token``, else as a spectator) and return the first reply."""
    message: dict[str, Any] = {"type": "hello", **extra}
    if token is None:
        message["watch"] = True
    else:
        message["token"] = token
    ws.send_json(message)
    return ws.receive_json()


def hello_until(ws: Any, token: str | None, done: Callable[[dict[str, Any]], bool], **extra: Any) -> dict[str, Any]:
    """Say hello, then receive until a state message satisfies ``done`` (the hello's reply counts)."""
    first = hello(ws, token, **extra)
    assert first["type"] == "state", first
    return first if done(first) else receive_until(ws, done)


def receive_until(ws: Any, done: Callable[[dict[str, Any]], bool], limit: int = 500) -> dict[str, Any]:
    """Receive messages until one satisfies ``done`` (state messages only, past a bot's thinking
    notices, which a slow machine may send in any game; an error fails)."""
    for _ in range(limit):
        message = ws.receive_json()
        if message["type"] == "thinking":
            continue
        assert message["type"] == "state", message
        if done(message):
            return message
    raise AssertionError(f"no such message in {limit}")


def my_turn(message: dict[str, Any]) -> bool:
    return bool(message["legal"])


async def new_room(hub: Hub, game: str, seats: list[str], seed: int) -> Room:
    """A new game of ``game`` with its default options, made on ``hub`` and loaded as a room."""
    spec = get_game(game)
    game_id, _, _ = hub.create(spec, spec.validate_options({}), seats, seed)
    return await hub.room(game_id)

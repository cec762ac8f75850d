"""Anything JSON can carry, sent on a seat's WebSocket of a test server, in every game: the reply is
a documented error (or, for a well-formed sync or hint, its answer) and the game is unchanged —
the same state, nothing saved. The values are drawn by hypothesis: whole messages of arbitrary
JSON, act messages with arbitrary actions and state ids, and each message type with arbitrary
fields. ``ASOBI_FUZZ_EXAMPLES`` sets how many per game and kind (default 60)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from asobi.core.registry import all_games
from asobi.server import create_app
from asobi.store import GameStore

from .conftest import hello_until, my_turn

EXAMPLES = int(os.environ.get("ASOBI_FUZZ_EXAMPLES", "60"))
DOCUMENTED = {400, 403, 409, 413}
"""The codes of a refused message (docs/server.md): malformed, not this seat's, stale, too long."""
GAMES = sorted(spec.id for spec in all_games())

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)
FIELDS = st.dictionaries(st.sampled_from(["token", "action", "state_id", "since", "epoch", "lang", "text", "watch",
                                          "type", "host"]), JSON, max_size=5)


def _actions(verbs: list[str]) -> st.SearchStrategy[Any]:
    item = (st.integers(-3, 400) | st.integers() | st.sampled_from(["?", "", "a1", "x" * 300]) | st.none()
            | st.booleans() | st.lists(st.integers(-2, 60), max_size=4))
    return JSON | st.builds(lambda verb, rest: [verb, *rest], st.sampled_from(verbs), st.lists(item, max_size=5))


@pytest.mark.parametrize("game", GAMES)
def test_anything_sent_on_a_socket_is_refused_cleanly_and_changes_nothing(game, tmp_path):
    db_path = tmp_path / "games.sqlite3"
    with TestClient(create_app(db_path)) as client:
        catalog = {g["id"]: g for g in client.get("/api/catalog").json()}
        n = len(catalog[game]["seat_names"])
        made = client.post("/api/games", json={"game": game, "seats": ["human"] + ["bot:random"] * (n - 1),
                                               "seed": 4}).json()
        token, game_id = made["seats"][0]["token"], made["game_id"]
        with client.websocket_connect(f"/ws/games/{game_id}") as ws:
            turn = hello_until(ws, token, my_turn)
            legal = [item["action"] for item in turn["legal"]]
            verbs = sorted({a[0] for a in legal if isinstance(a, list) and a and isinstance(a[0], str)}) or ["x"]
            room = client.app.state.hub.rooms[game_id]
            before = (room.match.state_id, room.match.state.fingerprint())
            with GameStore(db_path, read_only=True) as store:
                saved = len(store.load(game_id).actions)

            def exchange(message: str) -> None:
                ws.send_text(message)
                reply = ws.receive_json()
                if reply["type"] == "error":
                    assert reply["code"] in DOCUMENTED, reply
                    assert "Traceback" not in reply["message"] and str(db_path) not in reply["message"]
                else:  # a well-formed sync or hint is answered; neither changes the game
                    assert reply["type"] in ("state", "hint"), reply
                assert (room.match.state_id, room.match.state.fingerprint()) == before
                assert client.app.state.hub.rooms[game_id] is room

            fuzz = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

            @fuzz
            @given(JSON)
            def whole(value: Any) -> None:
                exchange(json.dumps(value))

            @fuzz
            @given(_actions(verbs), st.none() | st.just(turn["state_id"]) | JSON)
            def act(action: Any, state_id: Any) -> None:
                assume(action not in legal)
                message: dict[str, Any] = {"type": "act", "token": token, "action": action}
                if state_id is not None:
                    message["state_id"] = state_id
                exchange(json.dumps(message))

            tokens = st.just(token) | st.sampled_from(["", "é", token[:-1] + "é", token + "\ud800", None]) | JSON

            @fuzz
            @given(st.sampled_from(["hello", "act", "undo", "hint", "sync", "dance"]), FIELDS, tokens)
            def typed(kind: str, fields: dict[str, Any], seat_token: Any) -> None:
                message = {**fields, "type": kind, "token": seat_token}
                assume(not (kind == "act" and message.get("action") in legal))
                exchange(json.dumps(message))

            whole()
            act()
            typed()
        with GameStore(db_path, read_only=True) as store:
            assert len(store.load(game_id).actions) == saved

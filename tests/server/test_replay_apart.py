"""A finished game's replay is built in a process of its own (never on the event loop nor beside
it in a thread), once however many ask for it at once, kept as JSON, and without the frames' text
drawings when the client does not want them."""

from __future__ import annotations

import asyncio
import os
import time

import asobi.server.replay as replay_module
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.server.replay import Replays

from .test_assist import _finished


def test_a_replay_is_built_in_a_process_of_its_own(client, monkeypatch):
    game_id = _finished(client, "legion", ["bot", "bot", "bot"], seed=3)
    real = replay_module.replay_message

    def where_built(*args, **kw):
        return {**real(*args, **kw), "built_by": os.getpid()}

    monkeypatch.setattr(replay_module, "replay_message", where_built)
    r = client.get(f"/api/games/{game_id}/replay", params={"seat": 1})
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    assert r.headers["content-encoding"] == "gzip"  # as kept: not compressed again
    assert r.json()["built_by"] != os.getpid()


def test_a_client_that_takes_no_gzip_gets_the_same_json(client):
    game_id = _finished(client, "legion", ["bot", "bot", "bot"], seed=3)
    packed = client.get(f"/api/games/{game_id}/replay", params={"seat": 0})
    plain = client.get(f"/api/games/{game_id}/replay", params={"seat": 0}, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.json() == packed.json()


def test_a_replay_without_texts_is_the_same_frames_with_text_null(client):
    game_id = _finished(client, "legion", ["bot", "bot", "bot"], seed=3)
    whole = client.get(f"/api/games/{game_id}/replay", params={"seat": 2}).json()
    bare = client.get(f"/api/games/{game_id}/replay", params={"seat": 2, "text": "false"}).json()
    assert all(f["text"] for f in whole["frames"]) and all(f["text"] is None for f in bare["frames"])
    assert [{**f, "text": None} for f in whole["frames"]] == bare["frames"]
    assert {k: v for k, v in whole.items() if k != "frames"} == {k: v for k, v in bare.items() if k != "frames"}


def test_a_replay_asked_for_by_many_at_once_is_built_once(monkeypatch):
    spec = get_game("legion")
    match = Match(spec, spec.validate_options({}), ["bot:random"] * 3, seed=5)
    match.play()
    record = match.record()
    builds: list[float] = []
    loads = 0

    def slow_build(*args) -> bytes:
        builds.append(time.monotonic())
        time.sleep(0.2)
        return b"{}"

    async def load():
        nonlocal loads
        loads += 1
        return record

    monkeypatch.setattr(replay_module, "replay_apart", slow_build)

    async def ask() -> list[bytes]:
        replays = Replays(kept=2)
        key = (7, 0, "en", True, len(record.actions), record.fingerprint or "")
        made = await asyncio.gather(*(replays.get(key, load) for _ in range(5)))
        made.append(await replays.get(key, load))  # kept: not built again
        return made

    assert asyncio.run(ask()) == [b"{}"] * 6 and len(builds) == 1 and loads == 1


def test_a_replay_asked_for_again_reads_no_actions_on_the_loop(client, monkeypatch):
    game_id = _finished(client, "legion", ["bot", "bot", "bot"], seed=3)
    first = client.get(f"/api/games/{game_id}/replay", params={"seat": 1})
    store = client.app.state.hub.store

    def refused(*args, **kw):
        raise AssertionError("the record was read on the loop's connection")

    monkeypatch.setattr(store, "load", refused)
    again = client.get(f"/api/games/{game_id}/replay", params={"seat": 1})
    assert again.status_code == 200 and again.content == first.content
    other_seat = client.get(f"/api/games/{game_id}/replay", params={"seat": 2})  # built: read on a worker's connection
    assert other_seat.status_code == 200 and other_seat.json()["seat"] == 2

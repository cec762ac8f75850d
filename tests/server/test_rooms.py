"""A room drives its game through ``Match``: chance's outcomes applied at once, each bot deciding in
a worker thread, a broadcast and the bot delay after each bot's action; a commit that fails while
the bots play rebuilds the room from the store and tells every socket."""

from __future__ import annotations

import asyncio
import threading
from random import Random

import orjson

from asobi.core.agent import RandomAgent
from asobi.core.match import Match, MatchListener
from asobi.core.registry import get_game
from asobi.core.state import CHANCE
from asobi.server import rooms
from asobi.server.rooms import Connection, Hub
from asobi.store import GameStore, StoreError

from .conftest import new_room


class KeptSocket:
    def __init__(self) -> None:
        self.sent: list[dict] = []

    async def send_text(self, data: str) -> None:
        self.sent.append(orjson.loads(data))


class Actors(MatchListener):
    def __init__(self) -> None:
        self.actors: list[int] = []

    def on_action(self, match, index, actor, action) -> None:
        self.actors.append(actor)


def test_chance_is_applied_at_once_and_each_bot_thinks_off_the_loop(tmp_path, monkeypatch):
    loop_thread = threading.get_ident()
    thinking: set[int] = set()
    real_act = RandomAgent.act

    def act(self, obs):
        thinking.add(threading.get_ident())
        return real_act(self, obs)

    monkeypatch.setattr(RandomAgent, "act", act)

    async def play() -> tuple[list[int], list[int], Match]:
        hub = Hub(tmp_path / "games.sqlite3")
        hub.open()
        try:
            room = await new_room(hub, "emblem", ["bot:random", "bot:random"], seed=2)
            actors = Actors()
            room.match.listeners.append(actors)
            steps: list[int] = []

            async def on_step(match: Match) -> None:
                steps.append(actors.actors[-1])  # the step just taken

            await room.run_until_person(on_step)
            return actors.actors, steps, room.match
        finally:
            await hub.close()

    actors, steps, match = asyncio.run(play())
    assert match.is_over()
    assert CHANCE in actors and len(steps) == sum(1 for a in actors if a != CHANCE)
    assert CHANCE not in steps  # chance's outcomes are applied with no step of their own
    assert thinking and loop_thread not in thinking


def test_with_a_bot_delay_everyone_sees_each_bots_action(tmp_path):
    async def play() -> list[dict]:
        hub = Hub(tmp_path / "games.sqlite3", bot_delay=0.001)
        hub.open()
        try:
            room = await new_room(hub, "legion", ["human", "bot:random", "bot:random"], seed=5)
            watcher = Connection(KeptSocket(), None, None)
            room.connections.add(watcher)
            actors = Actors()
            room.match.listeners.append(actors)
            room.start_bots()  # chance's setup: then the person decides
            await room.bots
            assert room.match.waiting_for() == 0
            seat = Connection(KeptSocket(), 0, "token")
            room.connections.add(seat)
            rng = Random(5)
            for _ in range(300):  # the person decides at random until the bots have acted a few times
                if room.match.waiting_for() != 0 or sum(a > 0 for a in actors.actors) >= 5:
                    break
                await room.submit(seat, rng.choice(room.match.state.legal_actions()), room.match.state_id)
                if room.bots is not None:
                    await room.bots
            return watcher.socket.sent
        finally:
            await hub.close()

    sent = asyncio.run(play())
    seen = [m["state_id"] for m in sent if m["type"] == "state"]
    bot_actions = [u for m in sent if m["type"] == "state" for u in m["updates"] if u["actor"] in (1, 2)]
    assert bot_actions, "the bots never acted"
    # Each bot action was sent by itself (the state right after it), not only the bots' last one.
    bot_states = {u["state_id"] for u in bot_actions}
    assert bot_states <= set(seen)


def test_a_commit_that_fails_while_the_bots_play_rebuilds_the_room(tmp_path, monkeypatch):
    async def play() -> None:
        hub = Hub(tmp_path / "games.sqlite3")
        hub.open()
        try:
            room = await new_room(hub, "emblem", ["bot:random", "bot:random"], seed=3)
            watcher = Connection(KeptSocket(), None, None)
            room.connections.add(watcher)
            store, real_append = hub.store, hub.store.append
            calls = 0

            def append(*args, **kw):
                nonlocal calls
                calls += 1
                if calls == 40:
                    raise StoreError("no room to write the file: the disk is full")
                real_append(*args, **kw)

            monkeypatch.setattr(store, "append", append)
            played, epoch = room.match, room.epoch
            room.start_bots()
            await room.bots
            assert room.match is not played and room.epoch != epoch  # built anew from the store
            errors = [m for m in watcher.socket.sent if m["type"] == "error"]
            assert len(errors) == 1 and errors[0]["code"] == 503 and "disk is full" in errors[0]["message"]
            assert watcher.socket.sent[-1]["type"] == "state" and watcher.socket.sent[-1]["epoch"] == room.epoch
            with GameStore(tmp_path / "games.sqlite3", read_only=True) as other:
                saved = other.load(room.game_id).actions
            assert room.match.actions == saved and len(saved) == 39
            assert not room.match.is_over()  # play stopped at the failure
        finally:
            await hub.close()

    asyncio.run(play())


def test_opening_a_saved_game_plays_its_record_again_off_the_loop(tmp_path, monkeypatch):
    played_in: list[int] = []
    real = rooms._played

    def played(record, game_id):
        played_in.append(threading.get_ident())
        return real(record, game_id)

    monkeypatch.setattr(rooms, "_played", played)

    async def load() -> int:
        hub = Hub(tmp_path / "games.sqlite3")
        hub.open()
        try:
            spec = get_game("emblem")
            match = Match(spec, spec.validate_options({}), ["bot:random", "bot:random"], seed=4)
            match.play()
            game_id = hub.store.create(match.record())
            room = await hub.room(game_id)
            assert room.match.actions == match.actions
            return threading.get_ident()
        finally:
            await hub.close()

    loop_thread = asyncio.run(load())
    assert played_in and loop_thread not in played_in

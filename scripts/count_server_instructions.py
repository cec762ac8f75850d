#!/usr/bin/env python3
"""Instructions the server spends per person's action, counted by valgrind's callgrind: a figure a
busy machine does not change, for comparing two versions of the server's own work.

Rooms of ``MATCHES`` games whose seats are all people, each seat a connection whose socket only
keeps the text it is sent (no network, no web framework): every round, each game's seat to decide
takes a random legal action from its last state message (``Room.submit``: the check, the SQLite
commit, chance's draws that follow, and a state message, built and JSON-encoded, for each seat).
The parse of that message by the seat is counted too (with orjson, a small part). Only the rounds
inside ``functools.reduce`` are counted, after two whole random games through the engine and
three rounds that warm the caches, with ``PYTHONHASHSEED=0``.

    .venv/bin/python scripts/count_server_instructions.py                  # emblem, 8 games × 25 rounds
    .venv/bin/python scripts/count_server_instructions.py --game legion --matches 4

Needs valgrind (``apt-get install valgrind``); takes a few minutes. Not part of the test suite.

``--collections server`` (or ``default``) counts something else, without valgrind: the cycle
collector's pauses while the same rounds are played, with the server's collector settings or
Python's, e.g. ``--collections default --matches 100 --rounds 100`` (docs/performance.md).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import sys
import tempfile
from collections.abc import Coroutine
from pathlib import Path
from random import Random
from typing import Any

import callgrind
import orjson


class KeptSocket:
    """A socket that keeps what it is sent."""

    def __init__(self) -> None:
        self.last = ""
        self.count = 0
        self.bytes = 0

    async def send_text(self, data: str) -> None:
        self.last = data
        self.count += 1
        self.bytes += len(data.encode())

    async def send_json(self, data: Any, mode: str = "text") -> None:  # a server before send_text
        import json

        await self.send_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False))


def _finish(coroutine: Coroutine[Any, Any, Any]) -> None:
    """Run a coroutine that never waits (an unshared room: its locks are free)."""
    try:
        coroutine.send(None)
    except StopIteration:
        return
    raise RuntimeError("the room waited")


def measured(game: str, matches: int, rounds: int) -> tuple[int, int, int]:
    """Play the rounds (in the child valgrind runs): actions taken, messages and bytes sent."""
    from asobi.core.actions import action_from_json
    from asobi.core.registry import get_game
    from asobi.server.rooms import Connection, Hub
    from asobi.sim.bench import random_playout

    async def play() -> tuple[int, int, int]:
        hub = Hub(Path(tempfile.mkdtemp()) / "count.sqlite3")
        hub.open()
        spec = get_game(game)
        options = spec.validate_options({})
        # Whole games first, so the tables the rules build on first use (byston's production
        # sheets: tens of ms, once a process) are built, as in a server that has been running,
        # and are not charged to the measured rounds.
        for seed in range(2):
            random_playout(spec, options, Random(seed))
        n = len(spec.seat_names(options))
        rooms = []
        for i in range(matches):
            game_id, tokens, _host = hub.create(spec, options, ["human"] * n, i + 1)
            room = await hub.room(game_id)
            seats = [Connection(KeptSocket(), seat, tokens[seat], text=False) for seat in range(n)]
            room.connections.update(seats)
            await room.broadcast()
            room.start_bots()  # chance's setup
            if room.bots is not None:
                await room.bots
            rooms.append((room, seats))
        rng = Random(1)

        def one_round(done: int, _: int) -> int:
            for room, seats in rooms:
                seat = room.match.waiting_for()
                if room.match.is_over() or seat is None:
                    continue
                conn = seats[seat]
                last = orjson.loads(conn.socket.last)
                action = action_from_json(rng.choice(last["legal"])["action"])
                _finish(room.submit(conn, action, last["state_id"]))
                done += 1
            return done

        for i in range(3):
            one_round(0, i)
        sockets = [conn.socket for _, seats in rooms for conn in seats]
        for s in sockets:
            s.count = s.bytes = 0
        done = functools.reduce(one_round, range(rounds), 0)
        await hub.close()
        return done, sum(s.count for s in sockets), sum(s.bytes for s in sockets)

    return asyncio.run(play())


def report_collections(game: str, matches: int, rounds: int, server_collector: bool) -> int:
    """Play the rounds in this process (no valgrind) and print the cycle collector's work: per
    generation, how many collections, their CPU time, the longest, and what they found to free."""
    import contextlib
    import gc
    import time

    from asobi.server.collector import fewer_full_collections

    collections: list[tuple[int, float, int]] = []
    began = [0.0]

    def timed(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            began[0] = time.thread_time()
        else:
            collections.append((info["generation"], time.thread_time() - began[0], info["collected"]))

    with fewer_full_collections() if server_collector else contextlib.nullcontext():
        gc.callbacks.append(timed)
        try:
            actions, _, _ = measured(game, matches, rounds)
        finally:
            gc.callbacks.remove(timed)
    print(f"{game}: {actions} actions, {matches} games; "
          f"{'the server collector' if server_collector else 'the default collector'}")
    for generation in (0, 1, 2):
        times = [cpu for g, cpu, _ in collections if g == generation]
        found = sum(n for g, _, n in collections if g == generation)
        if times:
            print(f"  generation {generation}: {len(times)} collections, {sum(times) * 1000:.1f} ms CPU in all, "
                  f"longest {max(times) * 1000:.1f} ms; {found} objects found unreachable")
        else:
            print(f"  generation {generation}: no collection")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="emblem")
    parser.add_argument("--matches", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=25)
    parser.add_argument("--collections", choices=("server", "default"),
                        help="instead of counting instructions, play in this process and report the cycle "
                             "collector's pauses, with the server's settings (asobi.server.collector) or Python's")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.collections:
        return report_collections(args.game, args.matches, args.rounds, args.collections == "server")
    if args.child:
        actions, messages, sent = measured(args.game, args.matches, args.rounds)
        print(f"counted {actions} {messages} {sent}")
        return 0
    child = ["--game", args.game, "--matches", str(args.matches), "--rounds", str(args.rounds)]
    (actions, messages, sent), instructions = callgrind.instructions(__file__, child, "counted")
    print(f"{args.game}: {actions} actions, {instructions // actions:,} instructions per action; "
          f"{messages / actions:.2f} messages and {sent / actions:.0f} bytes sent per action")
    return 0


if __name__ == "__main__":
    sys.exit(main())

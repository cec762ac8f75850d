#!/usr/bin/env python3
"""Load test of `asobi serve`: many bot-vs-bot matches played at once over WebSockets.

Each match is a game whose seats are all people's seats on the server; every seat is played by a
small client bot here (a random legal action, from its own seeded generator) over its own
WebSocket, as a browser would. The round trip of an action is the time from sending ``act`` to
receiving the state message that includes it on the same socket: the server's check, the SQLite
commit and the broadcast. The script reports its percentiles and exits with status 1 if the p99
is above ``--p99-limit``.

By default it starts a server of its own (in a child process, on a free loopback port, on a
fresh database in a temporary directory, bots without delay); ``--url`` tests one already running.

    .venv/bin/python scripts/loadtest.py                        # 100 matches, 100 actions each
    .venv/bin/python scripts/loadtest.py --think 0              # saturation: act as soon as asked
    .venv/bin/python scripts/loadtest.py --matches 20 --actions 50 --game legion
    .venv/bin/python scripts/loadtest.py --url http://127.0.0.1:8000
    .venv/bin/python scripts/loadtest.py --hostile --matches 20      # with and without a hostile room

``--hostile`` plays the matches twice on one server: alone, then beside one all-bot room whose
seats are the heaviest search a remote client may ask for (``bot:mcts:time=2``, thinking all the
time), and reports the percentiles of both runs and their ratio.

Not part of the test suite: it takes about a minute and most of the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from random import Random
from typing import Any

import orjson
from websockets.asyncio.client import connect

from asobi.server.collector import fewer_full_collections
from asobi.server.watch import LoopWatch

# Every game comes from this one address: the per-address limits are lifted (the rest stay).
SERVER = """
import sys, uvicorn
from asobi.server import Limits, create_app
limits = Limits(games_per_minute=10**6, open_games=10**6, sockets_per_address=10**6)  # every client is 127.0.0.1
uvicorn.run(create_app(sys.argv[1], bot_delay=0.0, watch=sys.argv[3] if len(sys.argv) > 3 else None, limits=limits),
            host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", ws_max_size=1 << 20)
"""
HOSTILE_BOT = "bot:mcts:time=2"
"""The heaviest search a remote client may seat on a default server (2 s a decision), in both
seats of the hostile room."""


@dataclass
class Match:
    """One game of the load: its sockets stop together once it is over or has its actions."""

    game_id: int
    tokens: list[str]
    budget: int
    taken: int = 0
    done: asyncio.Event = field(default_factory=asyncio.Event)
    sockets: list[Any] = field(default_factory=list)


class Start:
    """A barrier: play starts once every seat has its first state."""

    def __init__(self, seats: int, server_pid: int | None) -> None:
        self.waiting = seats
        self.go = asyncio.Event()
        self.server_pid = server_pid
        self.server_cpu: tuple[float, float] | None = None
        """The server's user and system CPU seconds when play started."""

    async def arrive(self) -> None:
        self.waiting -= 1
        if self.waiting <= 0 and not self.go.is_set():
            self.server_cpu = _cpu_of(self.server_pid)
            self.go.set()
        await self.go.wait()


@dataclass
class Results:
    round_trips: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    finished: int = 0


def _cpu_of(pid: int | None) -> tuple[float, float] | None:
    """User and system CPU seconds of process ``pid`` so far (Linux), else ``None``."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rpartition(")")[2].split()
    except OSError:
        return None
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


def _wait_until_up(base: str, deadline: float) -> None:
    while True:
        try:
            with urllib.request.urlopen(base + "/api/catalog", timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit(f"the server at {base} did not answer") from None
            time.sleep(0.1)


async def play_seat(ws_url: str, match: Match, seat: int, rng: Random, results: Results, think: float,
                    start: Start) -> None:
    """One seat's client: acts whenever it is asked (after ``think`` seconds, give or take half),
    timing each action's round trip."""
    token = match.tokens[seat]
    # As the browser with a board module: no text drawing. No compression: on the loopback it
    # would only spend the CPU that client and server share.
    async with connect(ws_url, max_size=1 << 22, compression=None) as ws:
        match.sockets.append(ws)
        await ws.send(json.dumps({"type": "hello", "token": token, "text": False}))
        sent_at: float | None = None
        sent_id = -1
        first = True
        async for raw in ws:
            if match.done.is_set():
                break
            message = orjson.loads(raw)  # the bots' own work is kept small: they share the machine
            if message["type"] == "error":
                results.errors.append(message["message"])
                sent_at = None
                continue
            if message["type"] != "state":
                continue
            if first:  # every seat connects before any acts: the load is play, not the opening
                first = False
                await start.arrive()
            if sent_at is not None and message["state_id"] > sent_id:
                results.round_trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["over"] or match.taken >= match.budget:
                if message["over"] and not match.done.is_set():
                    results.finished += 1
                match.done.set()
                for other in match.sockets:  # the other seats stop too
                    await other.close()
                break
            if message["legal"] and sent_at is None:
                if think > 0:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                choice = rng.choice(message["legal"])["action"]
                match.taken += 1
                sent_id = message["state_id"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "act", "token": token, "action": choice, "state_id": sent_id}))


async def run(base: str, game: str, matches: int, actions: int, seed: int, think: float,
              server_pid: int | None, watch: LoopWatch | None = None) -> tuple[Results, Start]:
    ws_base = "ws" + base.removeprefix("http")
    results = Results()
    with urllib.request.urlopen(f"{base}/api/catalog/{game}/seats", timeout=30) as reply:
        seats = len(json.loads(reply.read()))
    made = []
    for i in range(matches):
        created = _post(f"{base}/api/games", {"game": game, "seats": ["human"] * seats, "seed": seed + i,
                                              "confirm_seeded": True})
        made.append(Match(created["game_id"], [s["token"] for s in created["seats"]], actions))
    rng = Random(seed)
    start = Start(sum(len(m.tokens) for m in made), server_pid)
    tasks = [
        play_seat(f"{ws_base}/ws/games/{m.game_id}", m, seat, Random(rng.randrange(2**63)), results, think, start)
        for m in made for seat in range(len(m.tokens))
    ]
    # Every client seat shares this process and its collector (browsers would not): what the
    # server does for its own pauses (asobi.server.collector) keeps this one's out of the timings.
    with fewer_full_collections():
        if watch is not None:
            watch.start()
        await asyncio.gather(*tasks)
        if watch is not None:
            await watch.stop()
    return results, start


def _seats(base: str, game: str) -> int:
    with urllib.request.urlopen(f"{base}/api/catalog/{game}/seats", timeout=30) as reply:
        return len(json.loads(reply.read()))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * len(ordered) + 0.5) - 1))
    return ordered[k]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one on a fresh database)")
    parser.add_argument("--game", default="emblem", help="the game every match plays (default emblem)")
    parser.add_argument("--matches", type=int, default=100, help="matches played at once (default 100)")
    parser.add_argument("--actions", type=int, default=100, help="actions per match at most (default 100)")
    parser.add_argument("--think", type=float, default=0.3,
                        help="seconds a client bot waits before each action, ±50%% (default 0.3, the pace of "
                             "`asobi serve`'s own bots; 0: as fast as the server answers)")
    parser.add_argument("--seed", type=int, default=1, help="seeds the games and the client bots")
    parser.add_argument("--watch", action="store_true",
                        help="also report how late the server's event loop and this one ran, and their collectors' "
                             "pauses (asobi.server.watch)")
    parser.add_argument("--p99-limit", type=float, default=50.0, help="fail above this p99 in ms (default 50)")
    parser.add_argument("--hostile", action="store_true",
                        help="play the matches alone, then beside one all-bot room of heavy searches; report both "
                             "and fail if the p99 beside it is over twice the p99 alone")
    args = parser.parse_args()
    if args.matches < 1 or args.actions < 1 or args.think < 0:
        parser.error("--matches and --actions are at least 1, --think at least 0")

    server = None
    with tempfile.TemporaryDirectory() as folder:
        base = args.url.rstrip("/") if args.url else None
        watch_file: str | None = None
        if base is None:
            port = _free_port()
            watch_file = os.path.join(folder, "watch.json") if args.watch else None
            server = subprocess.Popen([sys.executable, "-c", SERVER, os.path.join(folder, "load.sqlite3"), str(port),
                                       *([watch_file] if watch_file else [])])
            base = f"http://127.0.0.1:{port}"
        load_before = os.getloadavg()
        client_watch = LoopWatch() if args.watch else None
        server_watch = None
        try:
            _wait_until_up(base, time.monotonic() + 30)
            started = time.perf_counter()
            results, start = asyncio.run(run(base, args.game, args.matches, args.actions, args.seed, args.think,
                                             server.pid if server is not None else None, client_watch))
            elapsed = time.perf_counter() - started
            if args.hostile:
                alone = results
                hostile = _post(f"{base}/api/games", {"game": args.game, "seats": [HOSTILE_BOT] * _seats(base, args.game)})
                time.sleep(1.0)  # its searches are thinking
                beside, _ = asyncio.run(run(base, args.game, args.matches, args.actions, args.seed + 10_000,
                                            args.think, None))
                with urllib.request.urlopen(f"{base}/api/games/{hostile['game_id']}", timeout=30) as reply:
                    hostile_actions = json.loads(reply.read())["actions"]
            cpu_end = _cpu_of(server.pid if server is not None else None)
        finally:
            if server is not None:
                server.terminate()
                server.wait(10)
                if watch_file is not None and os.path.exists(watch_file):
                    with open(watch_file) as f:
                        server_watch = json.load(f)
    # CPU seconds, not wall time: what the server needs per action whatever else the machine runs.
    child = resource.getrusage(resource.RUSAGE_CHILDREN)
    own = resource.getrusage(resource.RUSAGE_SELF)
    trips = [t * 1000 for t in results.round_trips]
    if not trips:
        print("no action was timed", file=sys.stderr)
        return 1
    p99 = percentile(trips, 99)
    print(f"{args.matches} {args.game} matches at once over WebSockets (think {args.think:g} s), "
          f"{len(trips)} actions in {elapsed:.1f} s "
          f"({len(trips) / elapsed:.0f} actions/s); {results.finished} games ended, {len(results.errors)} errors")
    print(f"round trip ms: mean {statistics.fmean(trips):.1f}, median {statistics.median(trips):.1f}, "
          f"p90 {percentile(trips, 90):.1f}, p99 {p99:.1f}, max {max(trips):.1f}")
    per_action = 1000 / len(trips)
    if server is not None:
        print(f"CPU per action: server {(child.ru_utime + child.ru_stime) * per_action:.2f} ms, "
              f"these client bots {(own.ru_utime + own.ru_stime) * per_action:.2f} ms; "
              f"load average {load_before[0]:.1f} before, {os.getloadavg()[0]:.1f} after, on {os.cpu_count()} cores")
        if start.server_cpu is not None and cpu_end is not None:  # play only: no start-up, no game creation
            user, system = (cpu_end[i] - start.server_cpu[i] for i in (0, 1))
            print(f"server CPU per action during play: {(user + system) * per_action:.2f} ms "
                  f"(user {user * per_action:.2f}, system {system * per_action:.2f})")
    print("load average (1, 5, 15 min) before: " + ", ".join(f"{x:.2f}" for x in load_before)
          + "; after: " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    for name, watched in (("server", server_watch), ("client bots", client_watch.summary() if client_watch else None)):
        if watched is not None:
            late = watched["late_ms"]
            print(f"{name} event loop late ms: p50 {late['p50']}, p99 {late['p99']}, p99.9 {late['p99.9']}, "
                  f"max {late['max']}; {watched['stalls_over_10ms']} stalls over 10 ms, {watched['stalled_ms']} ms in all"
                  + (f"; {watched['checkpoints']} checkpoints by its thread, the log restarted {watched['log_restarts']} "
                     "times by the loop" if "checkpoints" in watched else ""))
            if watched.get("worst"):
                print(f"  {name} stalls over 100 ms (ms late, at s into the run): "
                      + ", ".join(f"{late} at {at}" for late, at in watched["worst"]))
            if watched.get("log_restart_ms"):
                print(f"  {name} log restarts by the loop (at s since start, ms): "
                      + ", ".join(f"{at} s: {ms}" for at, ms in watched["log_restart_ms"]))
            for generation, row in sorted(watched["collections"].items()):
                print(f"  {name} collections of generation {generation}: {row['count']}, "
                      f"{row['wall_ms']} ms wall ({row['cpu_ms']} CPU), longest {row['longest_wall_ms']} "
                      f"({row['longest_cpu_ms']} CPU)")
    for error in sorted(set(results.errors))[:5]:
        print(f"error: {error}", file=sys.stderr)
    ok = p99 <= args.p99_limit and not results.errors
    if args.hostile:
        rows = []
        for name, run_results in (("alone", alone), ("beside the hostile room", beside)):
            ms = [t * 1000 for t in run_results.round_trips]
            rows.append(percentile(ms, 99))
            print(f"{name}: {len(ms)} actions, round trip ms p50 {percentile(ms, 50):.1f}, p95 {percentile(ms, 95):.1f}, "
                  f"p99 {percentile(ms, 99):.1f}, max {max(ms):.1f}; {len(run_results.errors)} errors")
        ratio = rows[1] / rows[0]
        print(f"hostile room ({HOSTILE_BOT} in every seat): {hostile_actions} actions played meanwhile; "
              f"p99 beside it / alone = {ratio:.2f} ({'≤' if ratio <= 2 else '>'} 2)")
        ok = ok and ratio <= 2 and not beside.errors
    print(f"p99 {'≤' if p99 <= args.p99_limit else '>'} {args.p99_limit:g} ms: {'pass' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

"""``asobi serve`` killed with SIGKILL mid-game loses no applied action; started again, the game
goes on from exactly where it was."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

from websockets.sync.client import connect

from asobi.store import GameStore


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(db, port) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-m", "asobi", "serve", "--port", str(port), "--db", str(db),
                             "--bot-delay", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog", timeout=1)
            return proc
        except OSError:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else "the server stopped"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


def _post(port, path, body) -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as r:
        return json.loads(r.read())


def _until_my_turn(ws) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=20))
        assert message["type"] == "state", message
        if message["legal"]:
            return message


def test_kill_9_loses_nothing_and_the_game_goes_on(tmp_path):
    db = tmp_path / "games.sqlite3"
    port = _free_port()
    proc = _serve(db, port)
    try:
        made = _post(port, "/api/games", {"game": "legion", "seats": ["human", "bot", "bot"], "seed": 2})
        token, game_id = made["seats"][0]["token"], made["game_id"]
        with connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            turn = _until_my_turn(ws)
            for _ in range(3):
                ws.send(json.dumps({"type": "act", "token": token, "action": turn["legal"][0]["action"]}))
                turn = _until_my_turn(ws)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
    with GameStore(db, read_only=True) as store:
        assert len(store.load(game_id).actions) == turn["state_id"]  # every action it was sent is saved
    port = _free_port()
    proc = _serve(db, port)  # the dead server's lease is taken over
    try:
        with connect(f"ws://127.0.0.1:{port}/ws/games/{game_id}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "since": turn["state_id"], "epoch": turn["epoch"]}))
            again = _until_my_turn(ws)
            assert again["state_id"] == turn["state_id"] and again["view"] == turn["view"]
            assert again["legal"] == turn["legal"]
            ws.send(json.dumps({"type": "act", "token": token, "action": again["legal"][0]["action"]}))
            after = json.loads(ws.recv(timeout=20))
            assert after["type"] == "state" and after["state_id"] == turn["state_id"] + 1
    finally:
        proc.terminate()
        proc.wait(10)

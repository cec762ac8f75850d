"""The server on the open internet: who may do what (the host secret), seeded games marked and
confirmed, what one client may cost, the edges of HTTP and the WebSocket, and no internal detail
in what a client is told. Each rule here has a test that fails when the rule is taken out."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import urllib.request

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from asobi.core.record import GameRecord
from asobi.core.registry import get_game
from asobi.server import Limits, create_app
from asobi.server.errors import ServerError
from asobi.server.limits import ClientLimits, is_search, remote_seat_kind, seatable_levels
from asobi.store import GameStore, issue_host_secret

from .conftest import hello, hello_until, my_turn, new_game

HUGE = 2**63


def host_headers(made: dict) -> dict[str, str]:
    return {"X-Asobi-Host": made["host_secret"]}


# ---- who may do what ------------------------------------------------------------------------------
def test_a_terminal_game_hands_out_its_links_to_its_host_only(client, db_path):
    """An anonymous POST once took every seat of a game started in the terminal."""
    spec = get_game("emblem")
    with GameStore(db_path) as store:
        game_id = store.create(GameRecord.new(spec, spec.validate_options({}), ["human", "human"], None))
        secret = issue_host_secret(store, game_id)
        assert secret is not None and issue_host_secret(store, game_id) is None  # told once
    for headers in ({}, {"X-Asobi-Host": ""}, {"X-Asobi-Host": secret[:-1]}, {"X-Asobi-Host": "\xe9".encode("latin-1")}):
        r = client.post(f"/api/games/{game_id}/links", headers=headers)
        assert r.status_code == 403, r.text
    assert client.get(f"/api/games/{game_id}").json()["links"] is False  # nothing was handed out
    r = client.post(f"/api/games/{game_id}/links", headers={"X-Asobi-Host": secret})
    assert r.status_code == 201 and all(s["token"] for s in r.json()["seats"])


def test_a_game_without_a_host_secret_gives_no_links_to_anyone(client, db_path):
    spec = get_game("emblem")
    with GameStore(db_path) as store:
        game_id = store.create(GameRecord.new(spec, spec.validate_options({}), ["human", "human"], None))
    r = client.post(f"/api/games/{game_id}/links", headers={"X-Asobi-Host": "anything"})
    assert r.status_code == 403 and "asobi resume" in r.json()["detail"]


def test_the_terminal_prints_the_host_secret_of_a_game_it_starts(db_path, monkeypatch):
    from click.testing import CliRunner

    from asobi.cli import main

    monkeypatch.setenv("ASOBI_DB", str(db_path))
    out = CliRunner().invoke(main, ["play", "emblem", "--seats", "human,human"], input="q\n").output
    secret = out.rsplit("keep it private): ", 1)[1].split()[0]
    with TestClient(create_app(db_path)) as client:
        assert client.post("/api/games/1/links").status_code == 403
        assert client.post("/api/games/1/links", headers={"X-Asobi-Host": secret}).status_code == 201


def test_only_the_host_deletes_a_game_and_its_sockets_are_closed(client):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    game_id = made["game_id"]
    assert client.delete(f"/api/games/{game_id}").status_code == 403
    assert client.delete(f"/api/games/{game_id}", headers={"X-Asobi-Host": "x" * 32}).status_code == 403
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        assert hello(ws, made["seats"][0]["token"])["type"] == "state"
        assert client.delete(f"/api/games/{game_id}", headers=host_headers(made)).status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 4410
    assert client.get(f"/api/games/{game_id}").status_code == 404


def test_spectating_is_open_until_the_host_closes_it(client):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    game_id = made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        assert hello(ws)["type"] == "state"
    body = {"open": False}
    assert client.put(f"/api/games/{game_id}/spectators", json=body).status_code == 403
    assert client.put(f"/api/games/{game_id}/spectators", json=body, headers=host_headers(made)).status_code == 200
    assert client.get(f"/api/games/{game_id}").json()["spectators"] is False
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        refused = hello(ws)
        assert refused["type"] == "error" and refused["code"] == 403
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:  # the host may still watch
        assert hello(ws, host=made["host_secret"])["type"] == "state"
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:  # and seats play on
        assert hello(ws, made["seats"][0]["token"])["type"] == "state"


# ---- seeds ------------------------------------------------------------------------------------------
def test_a_seeded_game_with_people_needs_the_makers_confirmation_and_is_marked(client):
    body = {"game": "emblem", "seats": ["human", "human"], "seed": 5}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 400 and "predictable" in refused.json()["detail"]
    assert client.get("/api/games").json() == []
    made = client.post("/api/games", json={**body, "confirm_seeded": True}).json()
    assert made["seeded"] is True
    listed = client.get(f"/api/games/{made['game_id']}").json()
    assert listed["seeded"] is True
    # One person against bots, or no seed: nothing to confirm; without a seed, nothing is marked.
    alone = client.post("/api/games", json={"game": "emblem", "seats": ["human", "bot"], "seed": 5})
    assert alone.status_code == 201 and alone.json()["seeded"] is True
    secret = client.post("/api/games", json={"game": "emblem", "seats": ["human", "human"]}).json()
    assert secret["seeded"] is False and client.get(f"/api/games/{secret['game_id']}").json()["seeded"] is False


# ---- what one client may cost -----------------------------------------------------------------------
def test_one_address_makes_so_many_games_a_minute(db_path):
    limits = Limits(games_per_minute=3, open_games=100)
    with TestClient(create_app(db_path, limits=limits)) as client:
        for _ in range(3):
            new_game(client, "emblem", ["human", "bot"], seed=None)
        refused = client.post("/api/games", json={"game": "emblem", "seats": ["human", "bot"]})
        assert refused.status_code == 429 and "a minute" in refused.json()["detail"]
    clock = [0.0]
    clients = ClientLimits(limits, clock=lambda: clock[0])
    for game_id in range(3):
        clients.record("a", game_id)
    with pytest.raises(Exception, match="a minute"):
        clients.check("a", set)
    clients.check("b", set)  # another address is not held to a's count
    clock[0] = 61.0
    clients.check("a", set)  # a minute later


def test_one_address_keeps_so_many_games_open(db_path):
    with TestClient(create_app(db_path, limits=Limits(games_per_minute=100, open_games=2))) as client:
        made = [new_game(client, "emblem", ["human", "bot"], seed=None) for _ in range(2)]
        refused = client.post("/api/games", json={"game": "emblem", "seats": ["human", "bot"]})
        assert refused.status_code == 429 and "unfinished" in refused.json()["detail"]
        client.delete(f"/api/games/{made[0]['game_id']}", headers=host_headers(made[0]))
        assert client.post("/api/games", json={"game": "emblem", "seats": ["human", "bot"]}).status_code == 201


def test_remote_bots_stay_under_the_ceilings_and_load_no_code():
    spec = get_game("emblem")
    limits = Limits(max_bot_seconds=1.5, max_bot_iters=500, max_bot_depth=10)
    assert remote_seat_kind(spec, "bot:rule", limits) == "bot:rule"
    assert remote_seat_kind(spec, "bot:mcts:time=1:depth=5", limits) == "bot:mcts:time=1:depth=5"
    with pytest.raises(ServerError, match=r"depth is at most 10 on this server \(the game's depth is 20"):
        remote_seat_kind(spec, "bot:mcts:time=1", limits)  # a bare search plays the game's depth
    assert remote_seat_kind(spec, "bot:mcts:iters=400:depth=5", limits) == "bot:mcts:iters=400:depth=5:time=1.5"
    for name, words in (("bot:mcts:iters=100000000", "iters is at most 500"),
                        ("bot:ismcts:time=30", "time is at most 1.5"),
                        ("bot:mcts:time=1:depth=999:rollout=random", "depth is at most 10"),
                        ("bot:py:os:getcwd", "no seat kind")):
        with pytest.raises(Exception, match=words):
            remote_seat_kind(spec, name, limits)


def test_a_level_is_seated_within_the_ceilings_or_the_server_says_which_it_cannot_seat():
    spec = get_game("emblem")
    limits = Limits()  # a search thinks 2 s at most: expert's 10 s is over
    assert [remote_seat_kind(spec, f"bot:{level}", limits) for level in ("easy", "normal", "hard")] == [
        "bot:easy", "bot:normal", "bot:hard"]
    assert remote_seat_kind(spec, "bot", limits) == "bot"
    with pytest.raises(ServerError) as refused:
        remote_seat_kind(spec, "bot:expert", limits)
    said = str(refused.value)
    assert "cannot seat the 'expert' level" in said and "time is at most 2" in said
    assert "the levels it seats: easy, normal, hard" in said
    with pytest.raises(ServerError, match=r"cannot seat the 'hard:iters=99999' level: .*iters is at most 20000"):
        remote_seat_kind(spec, "bot:hard:iters=99999", limits)
    assert remote_seat_kind(spec, "bot:expert", Limits(max_bot_seconds=10)) == "bot:expert"
    assert seatable_levels(spec, limits)["expert"] and seatable_levels(spec, limits)["hard"] is None
    assert remote_seat_kind(spec, "bot:mistakes:rate=0.5", limits) == "bot:mistakes:rate=0.5"
    assert is_search(spec, "bot:hard") and is_search(spec, "bot:mcts") and not is_search(spec, "bot:easy")


def test_a_lookahead_bot_is_held_to_the_time_ceiling():
    """A lookahead plays whole games out at each decision it looks at: only its ``time`` bounds
    it, so the server holds that to the ceiling (and gives it one where it has none)."""
    spec = get_game("byston")
    limits = Limits(max_bot_seconds=1.5, max_bot_iters=40)
    assert remote_seat_kind(spec, "bot:lookahead:rollouts=4", limits) == "bot:lookahead:rollouts=4:time=1.5"
    assert remote_seat_kind(spec, "bot:lookahead:time=1", limits) == "bot:lookahead:time=1"
    for name, words in (("bot:lookahead:time=5", "time is at most 1.5"),
                        ("bot:lookahead:rollouts=8:options=6", r"rollouts × options is at most 40"),
                        ("bot:lookahead:rollouts=0", "rollouts must be a whole number")):
        with pytest.raises(ServerError, match=words):
            remote_seat_kind(spec, name, limits)
    # byston's expert (3 s a decision) is over the default 2 s, and seated under a higher ceiling;
    # its playouts' depth (1,000 steps) is no search's rollout depth: a playout without one runs
    # to the end, so the depth ceiling does not hold a lookahead
    with pytest.raises(ServerError, match=r"cannot seat the 'expert' level: .*time is at most 2"):
        remote_seat_kind(spec, "bot:expert", Limits())
    assert remote_seat_kind(spec, "bot:expert", Limits(max_bot_seconds=10, max_bot_depth=10)) == "bot:expert"
    assert remote_seat_kind(spec, "bot:lookahead:depth=5000", Limits(max_bot_depth=10)).endswith(":time=2")
    assert is_search(spec, "bot:expert") and is_search(spec, "bot:lookahead") and not is_search(spec, "bot:hard")


def test_the_catalog_offers_each_games_levels_and_the_bots_this_server_seats(client):
    catalog = {g["id"]: g for g in client.get("/api/catalog").json()}
    for game in catalog.values():
        assert [lv["level"] for lv in game["levels"]] == ["easy", "normal", "hard", "expert"]
        assert all(lv["name_ja"] and lv["name_en"] == lv["level"] and lv["bot"] for lv in game["levels"])
        assert "py" not in game["bots"] and "random" in game["bots"]
    emblem = {lv["level"]: lv for lv in catalog["emblem"]["levels"]}
    assert emblem["normal"]["bot"] == "rule" and emblem["normal"]["refused"] is None
    # each level's rating on its game's scale, in both languages, and the ladder that rated them
    assert (emblem["normal"]["rating"], emblem["normal"]["rating_en"], emblem["normal"]["rating_ja"]) == (
        1500.0, "Elo 1500", "レーティング 1500")
    assert emblem["easy"]["rating"] < emblem["normal"]["rating"] < emblem["hard"]["rating"]
    assert catalog["emblem"]["rating_kind"] == "elo" and catalog["legion"]["rating_kind"] == "win_rate"
    assert catalog["emblem"]["rated_by"].startswith("asobi ladder emblem ")
    legion = {lv["level"]: lv for lv in catalog["legion"]["levels"]}
    assert legion["hard"]["rating_en"].startswith("wins ") and legion["hard"]["rating_ja"].startswith("勝率 ")
    assert emblem["expert"]["seconds"] > emblem["hard"]["seconds"] and "time is at most" in emblem["expert"]["refused"]


def test_the_create_api_holds_bot_seats_to_the_ceilings(client):
    for seat, words in (("bot:mcts:iters=100000000", "iters is at most"), ("bot:py:os:getcwd", "no seat kind")):
        r = client.post("/api/games", json={"game": "emblem", "seats": ["human", seat]})
        assert r.status_code == 400 and words in r.json()["detail"], r.text
    assert client.get("/api/games").json() == []


def test_serve_sets_the_bots_time_ceiling():
    from click.testing import CliRunner

    from asobi.cli import main

    assert "--max-bot-seconds" in CliRunner().invoke(main, ["serve", "--help"]).output


def test_one_search_thinks_at_a_time(db_path, monkeypatch):
    """Two all-search rooms: their searches never think at once (the other waits for the slot),
    each in a process of its own."""
    from asobi.server import rooms

    thinking = []
    most = [0]
    decisions = [0]
    lock = threading.Lock()
    apart = rooms.decide_apart

    def counted(match):
        with lock:
            thinking.append(1)
            most[0] = max(most[0], len(thinking))
            decisions[0] += 1
        try:
            return apart(match)
        finally:
            with lock:
                thinking.pop()

    monkeypatch.setattr(rooms, "decide_apart", counted)
    with TestClient(create_app(db_path)) as client:
        for seed in (1, 2):
            new_game(client, "emblem", ["bot:mcts:iters=1", "bot:mcts:iters=1"], seed=seed)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and decisions[0] < 20:
            time.sleep(0.02)
        assert decisions[0] >= 20 and most[0] == 1
        assert all(g["actions"] > 0 for g in client.get("/api/games").json())  # both rooms played
    assert most[0] == 1  # closing the rooms too: a cancelled think keeps its slot until it ends


# ---- HTTP and WebSocket edges -------------------------------------------------------------------------
def test_numbers_out_of_range_are_400_never_500(client):
    made = new_game(client, "emblem", ["human", "bot"], seed=None)
    for path in (f"/api/games/{HUGE}", f"/api/games/{HUGE}/record", f"/api/games/{2**70}/replay", "/api/games/0",
                 f"/api/games/{made['game_id']}/replay?seat={HUGE}", f"/play/{2**70}"):
        assert client.get(path).status_code == 400, path
    for seed in (HUGE, -HUGE - 1, 10**100):
        r = client.post("/api/games", json={"game": "emblem", "seats": ["human", "bot"], "seed": seed})
        assert r.status_code == 400, r.text
    assert client.post(f"/api/games/{HUGE}/links").status_code == 400
    assert client.get("/api/games/12345").status_code == 404


def test_request_bodies_are_limited(client):
    big = b'{"game": "' + b"x" * 200_000 + b'"}'
    assert client.post("/api/games", content=big, headers={"content-type": "application/json"}).status_code == 413

    def chunks():  # no declared length: refused once past the limit
        for _ in range(50):
            yield b"x" * 10_000

    assert client.post("/api/games", content=chunks(), headers={"content-type": "application/json"}).status_code == 413


def test_sockets_that_cannot_be_a_conversation_are_closed_with_a_reason(client):
    for game_id in (str(2**70), "0", "abc", "-1"):
        with client.websocket_connect(f"/ws/games/{game_id}") as ws:
            assert ws.receive_json()["code"] == 400
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4400 and "game id" in closed.value.reason
    made = new_game(client, "emblem", ["human", "bot"], seed=None)
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        ws.send_bytes(b'{"type": "hello", "watch": true}')
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003 and "binary" in closed.value.reason
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        ws.send_text("x" * 70_000)
        reply = ws.receive_json()
        assert reply["code"] == 413 and "at most" in reply["message"]


# ---- no internal detail ----------------------------------------------------------------------------
def test_errors_carry_no_server_path_traceback_or_class_name(client, db_path, monkeypatch):
    texts = [client.get("/api/games/999/record").text, client.get("/api/games/999/replay").text]
    made = new_game(client, "emblem", ["human", "bot"], seed=None)
    game_id = made["game_id"]

    def full(*args, **kw):
        raise sqlite3.OperationalError("database or disk is full")

    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        state = hello_until(ws, made["seats"][0]["token"], my_turn)
        hub = client.app.state.hub
        monkeypatch.setattr(hub.store, "append", lambda *a, **k: (_ for _ in ()).throw(hub.store.error(
            sqlite3.OperationalError("database or disk is full"))))
        ws.send_json({"type": "act", "token": made["seats"][0]["token"], "action": state["legal"][0]["action"]})
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == 503
        texts.append(reply["message"])

    def broken(*args, **kw):
        raise KeyError("internal")

    monkeypatch.setattr(client.app.state.hub.store, "list", broken)
    failed = TestClient(client.app, raise_server_exceptions=False).get("/api/games")  # as a real client sees it
    assert failed.status_code == 500
    texts.append(failed.text)
    for text in texts:
        assert str(db_path) not in text and str(db_path.parent) not in text, text
        for word in ("Traceback", "KeyError", "OperationalError", "StoreError", "BadRecordError", "sqlite3"):
            assert word not in text, text


def test_the_database_backs_up_online_while_the_server_writes(client, db_path, tmp_path):
    """docs/server.md's backup: SQLite's online backup API, taken while the server plays."""
    made = new_game(client, "legion", ["human", "bot", "bot"], seed=None)
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        state = hello_until(ws, made["seats"][0]["token"], my_turn)
        ws.send_json({"type": "act", "token": made["seats"][0]["token"], "action": state["legal"][0]["action"]})
        ws.receive_json()
        copy = tmp_path / "backup.sqlite3"
        with sqlite3.connect(db_path) as source, sqlite3.connect(copy) as target:
            source.backup(target)
    with GameStore(copy, read_only=True) as store:
        saved = store.load(made["game_id"])
    assert saved.actions and saved.seats == ["human", "bot:normal", "bot:normal"]


def test_a_search_decides_in_a_process_of_its_own_as_it_would_here():
    from asobi.core.match import Match
    from asobi.server.thinking import ThinkFailed, decide_apart

    spec = get_game("emblem")
    match = Match(spec, spec.validate_options({}), ["bot:random", "bot:random"], seed=3)
    match.play_chance()
    assert decide_apart(match) == match.decide()  # the child decided from the bot as it is here

    class Broken:
        def act(self, obs):
            raise RuntimeError("no")

    match.agents = [Broken(), Broken()]
    with pytest.raises(ThinkFailed, match="RuntimeError: no"):
        decide_apart(match)

    class Hung:
        def act(self, obs):
            import time

            time.sleep(60)

    match.agents = [Hung(), Hung()]
    started = time.monotonic()
    with pytest.raises(ThinkFailed, match=r"no answer in 0\.5 s"):
        decide_apart(match, hang_seconds=0.5)
    assert time.monotonic() - started < 5  # the hung child is killed, not waited for


def test_any_body_sent_to_create_is_answered_without_a_500(db_path):
    """Arbitrary JSON bodies, and bodies shaped like a game to make with arbitrary fields."""
    import os

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
        lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
        max_leaves=20)
    shaped = st.fixed_dictionaries({"game": st.sampled_from(["emblem", "legion", "byston"]) | json_values},
                                   optional={"options": st.dictionaries(
                                                 st.sampled_from(["players", "deck_a", "deck_file_a", "deck_list_b",
                                                                  "difficulty", "x"]), json_values, max_size=3),
                                             "seats": st.lists(st.sampled_from(["human", "bot", "bot:rule", "bot:mcts",
                                                                                "bot:mcts:iters=999999", "bot:py:os:x"])
                                                               | json_values, max_size=6),
                                             "seed": st.sampled_from([2**63, -2**63 - 1, 2**70]) | st.integers()
                                             | json_values,
                                             "confirm_seeded": json_values})
    limits = Limits(games_per_minute=10**6, open_games=10**6)
    with TestClient(create_app(db_path, limits=limits), raise_server_exceptions=False) as client:
        @settings(max_examples=int(os.environ.get("ASOBI_FUZZ_EXAMPLES", "60")), deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
        @given(json_values | shaped | st.fixed_dictionaries(  # a game that would be made, but for one value
            {"game": st.just("emblem"), "seed": st.sampled_from([2**63, -2**63 - 1, 2**70]) | st.integers()}))
        def create(body) -> None:
            r = client.post("/api/games", content=json.dumps(body), headers={"content-type": "application/json"})
            assert r.status_code in (201, 400), (body, r.status_code, r.text)
            assert "Traceback" not in r.text and str(db_path) not in r.text

        create()


def test_a_search_that_fails_is_told_in_general_terms_and_logged(client, monkeypatch, caplog):
    from asobi.server import rooms
    from asobi.server.thinking import ThinkFailed

    def fails(match):
        raise ThinkFailed("RuntimeError: /secret/path")

    monkeypatch.setattr(rooms, "decide_apart", fails)
    made = new_game(client, "emblem", ["bot:mcts:iters=1", "bot:mcts:iters=1"], seed=None)
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        hello(ws)
        for _ in range(20):
            message = ws.receive_json()
            if message["type"] == "error":
                break
        assert message["code"] == 500 and "bot failed" in message["message"] and "secret" not in message["message"]
    assert "/secret/path" in caplog.text


def test_a_remote_bot_values_positions_by_the_games_own_model_never_by_a_path_on_the_server(client, tmp_path):
    """A model file named by a remote client would be read from the server's disk (any path it
    chose, and whether it exists told back): only ``value=learned`` is seated."""
    target = tmp_path / "secret.json"
    target.write_text("{}", encoding="utf-8")
    for game, bot in (("emblem", f"bot:ismcts:iters=5:depth=5:value={target}"),
                      ("emblem", "bot:hard:value=/dev/zero"),
                      ("byston", f"bot:lookahead:depth=5:value={target}")):
        seats = ["human", bot] if game == "emblem" else ["human", bot, "bot", "bot"]
        refused = client.post("/api/games", json={"game": game, "seats": seats})
        assert refused.status_code == 400 and "not a file's path" in refused.json()["detail"], refused.text
    assert client.get("/api/games").json() == []
    made = client.post("/api/games", json={"game": "emblem", "seats": ["human", "bot:ismcts:iters=5:depth=5:value=learned"]})
    assert made.status_code == 201, made.text


# ---- a damaged file ----------------------------------------------------------------------------------
def _damage_table(path, table: str) -> None:
    """Overwrite the first page of ``table`` in the file with garbage (its log copied in first)."""
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = db.execute("PRAGMA page_size").fetchone()[0]
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    finally:
        db.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * size)
        f.write(b"\xa5" * size)


def test_a_damaged_page_of_the_seat_tokens_is_a_503_naming_it_on_http_and_on_the_socket(db_path):
    """Reading a seat's token from a damaged file is told as the store's fault (503, "damaged",
    what to do), on the list of one's games and on a seat's hello — not a 500, nor a socket closed
    with 1011 and no message."""
    with TestClient(create_app(db_path)) as c:
        made = new_game(c, "emblem", ["human", "human"], seed=None)
    game_id, token = made["game_id"], made["seats"][0]["token"]
    _damage_table(db_path, "server_seat_tokens")
    with TestClient(create_app(db_path), raise_server_exceptions=False) as c:
        r = c.post("/api/seats", json={"seats": [{"game_id": game_id, "token": token}]})
        assert r.status_code == 503 and "damaged" in r.json()["detail"], r.text
        with c.websocket_connect(f"/ws/games/{game_id}") as ws:
            ws.send_json({"type": "hello", "token": token})
            reply = ws.receive_json()
            assert reply["type"] == "error" and reply["code"] == 503 and "damaged" in reply["message"], reply
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4503


@pytest.mark.parametrize("seat", [7, 1.5, "x"])
def test_a_seat_token_row_edited_to_nonsense_opens_no_seat(client, db_path, seat):
    """A seat token's row whose seat is past the game's seats, not whole or not a number: its token
    opens no seat (403 with its reason, on the list of one's games too), rather than a socket
    closed with 1011 and no message, a 500, or another seat (1.5 read as seat 1)."""
    made = new_game(client, "emblem", ["human", "human"], seed=None)
    game_id, token = made["game_id"], made["seats"][0]["token"]
    with GameStore(db_path) as store:
        store.db.execute("UPDATE server_seat_tokens SET seat = ? WHERE game_id = ? AND seat = 0", (seat, game_id))
    r = client.post("/api/seats", json={"seats": [{"game_id": game_id, "token": token}]})
    assert r.status_code == 200 and r.json()[0]["found"] is False, r.text
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_json({"type": "hello", "token": token})
        reply = ws.receive_json()
        assert reply["type"] == "error" and reply["code"] == 403, reply
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    assert game_id not in client.app.state.hub.rooms  # the room it loaded to check is let go


def test_serving_a_file_that_cannot_be_used_says_so_in_one_line(tmp_path):
    """``asobi serve`` on a file that is not a database, or whose games table is damaged: one line
    naming the file and what to do, exit status 2 — not the server's start-up traceback."""
    from click.testing import CliRunner

    from asobi.cli.app import main

    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database, whatever its name says" * 100)
    damaged = tmp_path / "damaged.sqlite3"
    with TestClient(create_app(damaged)) as c:
        new_game(c, "emblem", ["human", "bot"], seed=None)
    _damage_table(damaged, "games")
    for path in (garbage, damaged):
        result = CliRunner().invoke(main, ["serve", "--port", "1", "--db", str(path)])
        assert result.exit_code == 2, result.output
        assert str(path) in result.output and "restore a backup" in result.output, result.output
        assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1, result.output


@pytest.mark.parametrize("readable", [True, False])
def test_a_failed_write_of_chance_or_a_bot_tells_every_socket_without_the_servers_path(client, db_path, monkeypatch,
                                                                                         readable):
    """The person's actions are saved, the write of what chance or a bot does fails: every socket is
    told why, with the file named only as "the server's database". If the game cannot be read
    back either, the sockets are told and closed (4503), and no message shows an unsaved action."""
    made = new_game(client, "legion", ["human", "bot", "bot"])
    token, game_id = made["seats"][0]["token"], made["game_id"]
    hub = client.app.state.hub
    real_append = hub.store.append

    def others_fail(*args, **kw):
        if kw.get("seat") != 0:
            raise hub.store.error(sqlite3.OperationalError("database or disk is full"))
        return real_append(*args, **kw)

    def unreadable(*args, **kw):
        raise hub.store.error(sqlite3.DatabaseError("database disk image is malformed"))

    told: list[dict] = []
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        turn = hello_until(ws, token, my_turn)
        monkeypatch.setattr(hub.store, "append", others_fail)
        if not readable:
            monkeypatch.setattr(hub.store, "load_for_play", unreadable)
        try:
            for _ in range(200):  # the person takes the first choice until what follows cannot be saved
                message = ws.receive_json() if told or not turn else turn
                turn = {}
                told.append(message)
                if message["type"] == "error" and readable:
                    break
                if message["type"] == "state" and message["legal"]:
                    ws.send_json({"type": "act", "token": token, "action": message["legal"][0]["action"],
                                  "state_id": message["state_id"]})
                else:  # asked again, so that a game that stopped is seen to
                    ws.send_json({"type": "sync", "token": token, "since": message["state_id"] or 0})
        except WebSocketDisconnect as closed:
            assert not readable and closed.code == 4503
        else:
            assert readable, "the socket of a room that cannot be read back is closed"
    errors = [m for m in told if m["type"] == "error"]
    assert errors and all(m["code"] == 503 for m in errors), told
    assert any("the server's database" in m["message"] for m in errors), errors
    for message in told:
        assert str(db_path) not in json.dumps(message) and str(db_path.parent) not in json.dumps(message), message
    saved = _saved(db_path, game_id)
    assert all(m["actions"] <= saved for m in told if m["type"] == "state"), (saved, told)


def _saved(path, game_id: int) -> int:
    with GameStore(path, read_only=True) as store:
        return len(store.load(game_id).actions)


def test_a_flood_of_messages_on_one_socket_does_not_hold_up_every_other_socket(tmp_path):
    """A client sends hundreds of costly messages at once (a full sync each): the server answers
    another socket's message between them, rather than serving the whole flood first (taking a
    message already received need not let the event loop run anything else). On a real server:
    the test client's sockets do not show it."""
    import asyncio

    import websockets

    from .test_kill import _free_port, _post, _serve

    db = tmp_path / "games.sqlite3"
    port = _free_port()
    proc = _serve(db, port)
    flood = 300
    try:
        made = _post(port, "/api/games", {"game": "legion", "seats": ["bot:random"] * 3, "seed": 2})
        game_id = made["game_id"]
        deadline = time.monotonic() + 60
        while json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games/{game_id}").read())["status"] \
                != "finished":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
        url = f"ws://127.0.0.1:{port}/ws/games/{game_id}"
        watch = json.dumps({"type": "hello", "watch": True})

        async def race() -> tuple[float, float]:
            async with websockets.connect(url, max_size=None) as a, websockets.connect(url, max_size=None) as b:
                for ws in (a, b):
                    await ws.send(watch)
                    await ws.recv()
                began = time.monotonic()
                for _ in range(flood):
                    await a.send(json.dumps({"type": "sync", "since": -1}))
                await a.recv()  # the flood is being served
                asked = time.monotonic()
                await b.send(json.dumps({"type": "sync", "since": 0, "text": False}))

                async def rest() -> None:
                    for _ in range(flood - 1):
                        await a.recv()

                counting = asyncio.ensure_future(rest())
                await b.recv()
                waited = time.monotonic() - asked
                await counting
                return waited, time.monotonic() - began

        waited, whole = asyncio.run(race())
        # Answered in its turn, the other socket waits about one flooded message, not the flood.
        assert waited < whole / 3, f"the other socket waited {waited:.2f} s of the flood's {whole:.2f} s"
    finally:
        proc.kill()
        proc.wait()

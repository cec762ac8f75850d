"""The turn timer: off unless the game's host sets it; when a person's seat runs out of time the
normal level decides for it (the sockets are told), whether anyone is connected or not; only the
host may set it, within bounds; a game played in a terminal meanwhile is left waiting."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from asobi.core.record import GameRecord
from asobi.core.registry import get_game
from asobi.store import GameStore, SeatTokens

from .conftest import hello_until, receive_until


def _hub(client):
    return client.app.state.hub


def _check(client, later: float) -> list[int]:
    """The clock's look, as if ``later`` seconds from now."""
    hub = _hub(client)
    return client.portal.call(hub.clock.check, datetime.now(UTC) + timedelta(seconds=later))


def _summary(client, game_id):
    r = client.get(f"/api/games/{game_id}")
    assert r.status_code == 200, r.text
    return r.json()


def _two_people(client, **extra):
    body = {"game": "emblem", "seats": ["human", "human"], "seed": 3, "confirm_seeded": True, **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    made = r.json()
    tokens = [s["token"] for s in made["seats"]]
    return made, tokens


def test_a_person_out_of_time_has_the_normal_level_decide_and_everyone_is_told(client):
    made, tokens = _two_people(client, turn_seconds=60)
    game_id = made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        first = hello_until(ws, tokens[0], lambda m: m["to_move"] is not None)
        summary = _summary(client, game_id)
        assert summary["turn_seconds"] == 60 and summary["turn_deadline"] is not None
        assert _check(client, 50) == []  # not yet
        assert _check(client, 70) == [game_id]
        told = ws.receive_json()
        while told["type"] == "thinking":
            told = ws.receive_json()
        assert told == {"type": "timeout", "seat": first["to_move"], "state_id": first["state_id"], "bot": "normal"}
        after = receive_until(ws, lambda m: m["state_id"] > first["state_id"])
    assert after["actions"] > first["actions"]
    assert _check(client, 0) == []  # the next turn has its whole time again


def test_the_clock_runs_with_nobody_connected(client):
    made, tokens = _two_people(client, turn_seconds=30)
    game_id = made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:  # the deal, then nobody is there
        hello_until(ws, tokens[0], lambda m: m["to_move"] is not None)
    before = _summary(client, game_id)["actions"]
    assert game_id not in _hub(client).rooms
    assert _check(client, 40) == [game_id]
    assert _summary(client, game_id)["actions"] > before
    assert game_id not in _hub(client).rooms  # unloaded again once the people are to decide


def test_without_a_timer_nobody_is_hurried(client):
    made, tokens = _two_people(client)
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        hello_until(ws, tokens[0], lambda m: m["to_move"] is not None)
    assert _summary(client, made["game_id"])["turn_seconds"] is None
    assert _check(client, 10**7) == []


def test_only_the_host_sets_the_timer_within_its_bounds_and_a_new_one_starts_from_now(client):
    made, tokens = _two_people(client)
    game_id = made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        hello_until(ws, tokens[0], lambda m: m["to_move"] is not None)
    url = f"/api/games/{game_id}/timer"
    for headers in ({}, {"X-Asobi-Host": "wrong"}):
        assert client.put(url, json={"seconds": 60}, headers=headers).status_code == 403
    host = {"X-Asobi-Host": made["host_secret"]}
    for seconds in (5, 10**9, "soon"):
        r = client.put(url, json={"seconds": seconds}, headers=host)
        assert r.status_code == 400 and "seconds" in r.json()["detail"], r.text
    assert _summary(client, game_id)["turn_seconds"] is None  # nothing was set by the refusals
    assert client.put(url, json={"seconds": 60}, headers=host).json() == {"seconds": 60}
    assert _check(client, 50) == []  # the turn under way gets the whole minute from now
    assert client.put(url, json={"seconds": None}, headers=host).json() == {"seconds": None}
    assert _check(client, 10**6) == []
    r = client.post("/api/games", json={"game": "emblem", "seats": ["human", "bot"], "turn_seconds": 1})
    assert r.status_code == 400 and "turn_seconds" in r.json()["detail"]


def test_a_game_played_in_a_terminal_meanwhile_waits(client, db_path):
    made, tokens = _two_people(client, turn_seconds=30)
    game_id = made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        hello_until(ws, tokens[0], lambda m: m["to_move"] is not None)
    before = _summary(client, game_id)["actions"]
    with GameStore(db_path) as terminal:
        terminal.lease(game_id)
        try:
            assert _check(client, 40) == []
        finally:
            terminal.release(game_id)
    assert _summary(client, game_id)["actions"] == before
    assert _check(client, 40) == [game_id]


def test_only_a_persons_turn_is_timed(db_path):
    spec = get_game("emblem")
    with GameStore(db_path) as store:
        game_id = store.create(GameRecord.new(spec, spec.validate_options({}), ["human", "bot:random"], 1), to_move=1)
        tokens = SeatTokens(db_path)
        try:
            tokens.set_turn_seconds(game_id, 30)
            (timed,) = tokens.timed_games(only=game_id)
            assert timed.to_move == 1 and not timed.person
            store.append(game_id, 0, ("pass",), seat=1, to_move=0)
            (timed,) = tokens.timed_games(only=game_id)
            assert timed.to_move == 0 and timed.person
            assert timed.deadline == max(timed.set_at, timed.updated) + timedelta(seconds=30)
            store.finish(game_id, {"reason": "x"}, "f")
            assert tokens.timed_games(only=game_id) == []
        finally:
            tokens.close()


DAMAGED_TIMERS = [
    ("seconds", 1e300), ("seconds", float("inf")), ("seconds", -30.0), ("seconds", 0), ("seconds", "soon"),
    ("seconds", b"\x00"), ("set_at", "yesterday"), ("set_at", "9999-12-31T23:59:59+00:00"), ("set_at", 7),
]


def test_a_damaged_timer_row_waits_and_stops_no_other_games_clock(client, db_path):
    """A turn timer's row edited to nonsense (a number past the calendar, text, a date at its end):
    the lobby still lists every game, that game's timer waits, and the clock still decides for
    the other games (it looks at them all together)."""
    damaged, damaged_tokens = _two_people(client, turn_seconds=30)
    other, other_tokens = _two_people(client, turn_seconds=30)
    for made, tokens in ((damaged, damaged_tokens), (other, other_tokens)):
        with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
            hello_until(ws, tokens[0], lambda m: m["to_move"] is not None)
    for column, value in DAMAGED_TIMERS:
        with GameStore(db_path) as store:
            store.db.execute("UPDATE server_turn_timers SET seconds = 30, set_at = '2026-01-01T00:00:00+00:00'")
            store.db.execute(f"UPDATE server_turn_timers SET {column} = ? WHERE game_id = ?",
                             (value, damaged["game_id"]))
        listed = client.get("/api/games")
        assert listed.status_code == 200, (column, value, listed.text)
        summary = _summary(client, damaged["game_id"])
        assert summary["turn_deadline"] is None, (column, value)
        before = summary["actions"]
        assert _check(client, 40) == [other["game_id"]], (column, value)
        assert _summary(client, damaged["game_id"])["actions"] == before


def test_a_look_at_a_file_that_cannot_be_read_is_logged_in_one_line_and_the_clock_goes_on(caplog):
    """Every 2 s the clock reads the timers: a file it cannot read now (a damaged page, a lock) is
    one warning each look, with the store's message — not a traceback every two seconds — and
    the clock keeps looking."""
    import asyncio
    import logging

    from asobi.server.timers import TurnClock
    from asobi.store import StoreError

    looks = []

    class Unreadable:
        @property
        def tokens(self):
            looks.append(1)
            raise StoreError("games.sqlite3: damaged (database disk image is malformed)")

        async def time_out(self, game_id, seat):
            return False

    async def run():
        clock = TurnClock(Unreadable(), tick=0.01)
        clock.start()
        await asyncio.sleep(0.1)
        await clock.stop()

    with caplog.at_level(logging.WARNING, logger="asobi.server"):
        asyncio.run(run())
    assert len(looks) >= 2
    failed = [r for r in caplog.records if "turn clock" in r.getMessage()]
    assert failed and all(r.exc_info is None and "damaged" in r.getMessage() for r in failed)


def test_a_decision_that_fails_in_one_game_stops_no_other_games_clock(client, monkeypatch):
    """The clock decides for every game out of time in one look: one game whose decision fails
    (a bug) is logged and left waiting, and the games after it are still decided."""
    first, first_tokens = _two_people(client, turn_seconds=30)
    second, second_tokens = _two_people(client, turn_seconds=30)
    for made, tokens in ((first, first_tokens), (second, second_tokens)):
        with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
            hello_until(ws, tokens[0], lambda m: m["to_move"] is not None)
    hub = _hub(client)
    real = hub.time_out
    failing = {first["game_id"], second["game_id"]}

    async def one_fails(game_id, seat):
        if game_id == min(failing):
            raise KeyError("a bug")
        return await real(game_id, seat)

    monkeypatch.setattr(hub, "time_out", one_fails)
    assert _check(client, 40) == [max(failing)]

"""A game that lasts days: the games a browser holds seat links for (POST /api/seats) say whose turn
it is and how many actions they have, for a link whose token opens its seat and for nothing else;
the store keeps the seat to decide with every action, undo and new game."""

from __future__ import annotations

import sqlite3

from asobi.core.record import GameRecord
from asobi.core.registry import get_game
from asobi.core.state import CHANCE
from asobi.store import GameStore

from .conftest import hello_until, my_turn, new_game, receive_until


def seats_of(client, held, lang="en"):
    r = client.post("/api/seats", json={"seats": held, "lang": lang})
    assert r.status_code == 200, r.text
    return r.json()


def test_each_held_link_says_whose_turn_it_is_and_follows_the_game(client):
    made = new_game(client, "emblem", seats=["human", "human"], seed=3)
    game_id = made["game_id"]
    tokens = [s["token"] for s in made["seats"]]
    held = [{"game_id": game_id, "token": token} for token in tokens]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:  # the room deals and asks a seat
        first = hello_until(ws, tokens[0], lambda m: m["to_move"] is not None)
    mover = first["to_move"]
    a, b = seats_of(client, held)
    assert (a["seat"], b["seat"]) == (0, 1) and a["found"] and b["found"]
    assert a["title"] == get_game("emblem").title_en and a["status"] == "playing"
    assert [a["your_turn"], b["your_turn"]] == [mover == 0, mover == 1]
    assert a["to_move"] == b["to_move"] == mover and a["to_move_name"] == first["seats"][mover]["name"]
    assert a["actions"] == first["actions"] > 0  # the deal is chance's actions
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        state = hello_until(ws, tokens[mover], my_turn)
        ws.send_json({"type": "act", "token": tokens[mover], "action": state["legal"][0]["action"],
                      "state_id": state["state_id"]})
        after = receive_until(ws, lambda m: m["state_id"] > state["state_id"])
    now = seats_of(client, held)
    assert now[0]["actions"] == after["actions"] > first["actions"]
    assert now[0]["to_move"] == after["to_move"]
    assert [s["your_turn"] for s in now] == [after["to_move"] == 0, after["to_move"] == 1]
    assert seats_of(client, held, "ja")[0]["title"] == get_game("emblem").title_ja


def test_a_link_that_does_not_open_its_seat_says_nothing_about_the_game(client):
    made = new_game(client, "emblem", seats=["human", "bot"], seed=3)
    game_id, token = made["game_id"], made["seats"][0]["token"]
    other = new_game(client, "emblem", seats=["human", "bot"], seed=4)
    for held in ({"game_id": game_id, "token": token[:-1] + ("x" if token[-1] != "x" else "y")},
                 {"game_id": game_id, "token": other["seats"][0]["token"]},  # another game's seat
                 {"game_id": 10**9, "token": token}):
        (answer,) = seats_of(client, [held])
        assert answer == {"game_id": held["game_id"], "found": False, "game": None, "title": None, "seat": None,
                          "seat_name": None, "status": None, "to_move": None, "to_move_name": None,
                          "your_turn": False, "actions": 0, "updated": None}
    r = client.delete(f"/api/games/{game_id}", headers={"X-Asobi-Host": made["host_secret"]})
    assert r.status_code == 204
    assert seats_of(client, [{"game_id": game_id, "token": token}])[0]["found"] is False


def test_a_request_for_too_many_or_malformed_links_is_refused_with_a_reason(client):
    made = new_game(client, "emblem", seats=["human", "bot"], seed=3)
    one = {"game_id": made["game_id"], "token": made["seats"][0]["token"]}
    for body, says in (({"seats": [one] * 101}, "seats"), ({"seats": [{"game_id": 0, "token": "t"}]}, "game_id"),
                       ({"seats": [{"game_id": 2**70, "token": "t"}]}, "game_id"),
                       ({"seats": [{"game_id": 1, "token": ""}]}, "token"), ({"seats": "all"}, "seats"),
                       ({"seats": [one], "lang": "fr"}, "lang"), ([], "")):
        r = client.post("/api/seats", json=body)
        assert r.status_code == 400 and says in r.json()["detail"], (body, r.text)
    assert len(seats_of(client, [one] * 100)) == 100


def test_the_store_keeps_the_seat_to_decide_with_every_action_and_undo(db_path):
    spec = get_game("emblem")
    with GameStore(db_path) as store:
        game_id = store.create(GameRecord.new(spec, spec.validate_options({}), ["human", "human"], 1), to_move=CHANCE)
        assert store.list(only=game_id)[0].to_move == CHANCE
        store.append(game_id, 0, ("deal",), seat=CHANCE, to_move=1)
        store.append(game_id, 1, ("pass",), seat=1, to_move=0)
        assert store.list(only=game_id)[0].to_move == 0
        store.undo(game_id, 1, seat=1, to_move=1)
        assert store.list(only=game_id)[0].to_move == 1 and store.list(only=game_id)[0].moves == 1


def test_a_database_made_before_the_seat_to_decide_was_kept_opens_with_it_unknown(db_path):
    spec = get_game("emblem")
    with GameStore(db_path) as store:
        game_id = store.create(GameRecord.new(spec, spec.validate_options({}), ["human", "human"], 1), to_move=0)
    db = sqlite3.connect(db_path)  # back to schema 3: no column for it
    db.execute("ALTER TABLE games DROP COLUMN to_move")
    db.execute("PRAGMA user_version = 3")
    db.commit()
    db.close()
    with GameStore(db_path) as store:
        assert store.schema_version() == 4 and store.list(only=game_id)[0].to_move is None

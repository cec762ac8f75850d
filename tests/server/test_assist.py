"""What the server offers besides play: the hint, the replay of a finished game from any seat's
point of view, and the card texts the client opens. Each gives a seat only what it may know:
checked against live play and on states that differ only in what the seat cannot see."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.state import CHANCE
from asobi.server.cards import card_catalogue
from asobi.server.hints import best_bot, hint
from support.play import people_match, random_match

from .conftest import hello, hello_until, message_for, my_turn, new_game, receive_until


def _finished(client, game: str, seats: list[str], seed: int, **options) -> int:
    """A bot game played to its end on the server."""
    game_id = new_game(client, game, seats, seed=seed, **options)["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as watcher:
        hello(watcher)
        receive_until(watcher, lambda m: m["over"], limit=20_000)
    return game_id


def _sampled(game: str, options: dict, seed: int, points: int, every: int):
    """A match of people deciding at random, stopped at ``points`` moments where a seat decides."""
    match = people_match(game, options, seed)
    decisions = 0
    for _ in random_match(match, Random(seed)):
        if not points:
            return
        if match.current_seat >= 0:
            decisions += 1
            if decisions % every == 0:
                points -= 1
                yield match


# ---- the hint --------------------------------------------------------------------------------------
def _reply(ws) -> dict:
    """The next message that is not a state (someone connecting sends everyone a state)."""
    while (message := ws.receive_json())["type"] == "state":
        pass
    return message


def test_a_hint_is_the_best_bots_legal_choice_for_the_seat_to_decide(client):
    made = new_game(client, "emblem", ["human", "bot"], seed=2)
    token, game_id = made["seats"][0]["token"], made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws, \
            client.websocket_connect(f"/ws/games/{game_id}") as watcher:
        turn = hello_until(ws, token, my_turn)
        hello(watcher)
        ws.send_json({"type": "hint", "token": token})
        reply = _reply(ws)
        assert reply["type"] == "hint" and reply["state_id"] == turn["state_id"] and reply["bot"] == "normal"
        assert {"action": reply["action"], "label": reply["label"]} in turn["legal"]
        ws.send_json({"type": "hint", "token": token})
        assert _reply(ws) == reply  # the same question, the same answer
        watcher.send_json({"type": "hint"})
        refused = _reply(watcher)
        assert refused["type"] == "error" and refused["code"] == 403
        ws.send_json({"type": "hint"})  # without the seat's token
        assert _reply(ws)["code"] == 403


def test_a_hint_out_of_turn_is_refused(client):
    made = new_game(client, "legion", ["human", "human", "bot"], seed=2)
    first, second = made["seats"][0]["token"], made["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        turn = hello_until(ws, first, my_turn)
        assert turn["to_move"] == 0
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        hello(ws, second)
        ws.send_json({"type": "hint", "token": second})
        refused = _reply(ws)
        assert refused["type"] == "error" and refused["code"] == 409


@pytest.mark.parametrize("game, options", [("legion", {"players": 3}), ("emblem", {})])
def test_a_hint_depends_on_nothing_the_seat_cannot_see(game, options):
    rng = Random(3)
    compared = 0
    for match in _sampled(game, options, seed=9, points=5, every=17):
        seat = match.current_seat
        real = match.state
        mine = hint(match, seat, "en", "game 1")
        try:
            for variant in real.hidden_variants(seat, rng):
                match.state = variant
                assert hint(match, seat, "en", "game 1") == mine, f"the hint for seat {seat} reads hidden cards"
                compared += 1
        finally:
            match.state = real
    assert compared > 0, "no hidden variant was compared"


def test_the_best_bot_is_the_one_a_bot_seat_gets():
    spec = get_game("legion")
    match = Match(spec, spec.validate_options({}), ["human"] * 3, seed=1)
    assert best_bot(match) == "normal"


# ---- the replay ----------------------------------------------------------------------------------------
def test_a_seats_replay_is_what_it_saw_in_live_play(client):
    """A person plays a legion game with bots to its end; its replay shows, step by step, the very
    views and moves that seat was sent while playing."""
    made = new_game(client, "legion", ["human", "bot", "bot"], seed=12, players=3)
    token, game_id = made["seats"][0]["token"], made["game_id"]
    live: dict[int, dict] = {}
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        message = hello(ws, token)
        for _ in range(5000):
            assert message["type"] == "state", message
            live[message["state_id"]] = message
            if message["over"]:
                break
            if message["legal"]:
                choice = message["legal"][-1]["action"]  # a supply, or the last choice: ends the game sooner
                ws.send_json({"type": "act", "token": token, "action": choice, "state_id": message["state_id"]})
            message = ws.receive_json()
        else:
            raise AssertionError("the game did not end")
    r = client.get(f"/api/games/{game_id}/replay", params={"seat": 0})
    assert r.status_code == 200, r.text
    replay = r.json()
    assert replay["seat"] == 0 and [s["name"] for s in replay["seats"]] == ["A", "B", "C"]
    frames = {f["state_id"]: f for f in replay["frames"]}
    assert len(frames) == len(replay["frames"]) == live[max(live)]["state_id"] + 1
    assert replay["opening"] == live[min(live)]["opening"]
    compared = 0
    for state_id, message in live.items():
        frame = frames[state_id]
        assert frame["view"] == message["view"] and frame["text"] == message["text"]
        compared += 1
    # Every move, as the seat saw it: the updates it was sent, in order (bots' and chance's too).
    seen = [u for sid in sorted(live) for u in live[sid]["updates"]]
    replayed = [u for f in replay["frames"] for u in f["updates"]]
    assert [(u["state_id"], u["action"], u["label"]) for u in seen] == \
        [(u["state_id"], u["action"], u["label"]) for u in replayed if u["state_id"] in {s["state_id"] for s in seen}]
    assert compared > 10
    _all_have_texts("legion", replay["frames"])
    assert frames[max(frames)]["over"] and frames[max(frames)]["outcome"]["text"]


def test_a_replay_shows_each_seat_only_its_own_hand(client):
    game_id = _finished(client, "emblem", ["bot", "bot"], seed=6, wipeout_at_once=True)  # a short game
    by_seat = {}
    for seat in (0, 1, None):
        params = {"lang": "ja"} if seat is None else {"seat": seat, "lang": "ja"}
        r = client.get(f"/api/games/{game_id}/replay", params=params)
        assert r.status_code == 200, r.text
        by_seat[seat] = r.json()["frames"]
        _all_have_texts("emblem", by_seat[seat])
    again = client.get(f"/api/games/{game_id}/replay", params={"seat": 1, "lang": "ja"}).json()["frames"]
    assert again == by_seat[1]  # kept built, the same
    for seat, frames in by_seat.items():
        for frame in frames:
            hands = [p["hand"] for p in frame["view"]["players"]]
            for other in (0, 1):
                assert (hands[other] is not None) == (other == seat), f"seat {seat} sees hand {other}"
    # Another seat's draws are redacted in a seat's history, not in its own.
    draws0 = [u for f in by_seat[0] for u in f["updates"] if u["actor"] == CHANCE and u["action"][0] == "draw"]
    assert any(u["action"][1] == "?" for u in draws0) and any(u["action"][1] != "?" for u in draws0)
    assert all(u["action"] is None or "?" in u["action"] or u["action"][0] != "draw"
               for f in by_seat[None] for u in f["updates"] if u["actor"] == CHANCE)


def test_replay_frames_do_not_change_with_what_the_viewer_cannot_see():
    """A replay frame is the live message of its moment: rebuilt on states that
    differ only in hidden cards, every frame a seat or a spectator gets comes out the same."""
    rng = Random(8)
    compared = 0
    for match in _sampled("emblem", {}, seed=5, points=4, every=25):
        for seat in (0, 1):
            frame = message_for(match, seat)
            real = match.state
            try:
                for variant in real.hidden_variants(seat, rng):
                    match.state = variant
                    again = message_for(match, seat)
                    assert again["view"] == frame["view"] and again["text"] == frame["text"]
                    compared += 1
            finally:
                match.state = real
    assert compared > 0


def test_a_replay_is_refused_for_a_game_being_played_and_bad_requests(client):
    made = new_game(client, "legion", ["human", "bot", "bot"])
    game_id = made["game_id"]
    assert client.get(f"/api/games/{game_id}/replay", params={"seat": 0}).status_code == 403
    finished = _finished(client, "emblem", ["bot", "bot"], seed=6, wipeout_at_once=True)
    assert client.get(f"/api/games/{finished}/replay", params={"seat": 2}).status_code == 400
    assert client.get(f"/api/games/{finished}/replay", params={"lang": "fr"}).status_code == 400
    assert client.get("/api/games/999/replay").status_code == 404
    assert client.get(f"/replay/{finished}").status_code == 200


# ---- card texts ----------------------------------------------------------------------------------------
def _all_have_texts(game: str, frames: list[dict]) -> None:
    """Every card a frame names (what the board draws, the ids the client may open) has an entry."""
    cards = card_catalogue(game)
    named = {card for frame in frames for card in frame["names"]}
    assert named and named <= set(cards), f"cards drawn without a text: {sorted(named - set(cards))}"


@pytest.mark.parametrize("game", ["legion", "emblem"])
def test_the_card_catalogue_gives_every_card_in_both_languages(client, game):
    cards = client.get(f"/api/catalog/{game}/cards").json()
    assert cards == card_catalogue(game) and len(cards) > 20
    for card_id, entry in cards.items():
        assert entry["id"] == card_id
        assert entry["name_ja"] and entry["name_en"] and entry["text_ja"] and entry["text_en"]


def test_a_game_without_cards_has_an_empty_catalogue(client):
    assert card_catalogue("toy-highcard") == {}
    assert client.get("/api/catalog/toy-highcard/cards").json() == {}
    assert client.get("/api/catalog/no-such-game/cards").status_code == 400


# ---- emblem's battle forecast ---------------------------------------------------------------------
def test_emblem_attacks_carry_the_forecast_the_rules_then_bear_out():
    """Beside each attack the seat may choose is its forecast; where no equipment choice is left
    open, the field after the attack is what it said (chips left on both units, 0: gone)."""
    spec = get_game("emblem")
    options = spec.validate_options({})
    checked = 0
    for seed in (1, 2):
        match = Match(spec, options, ["human", "human"], seed=seed)
        rng = Random(seed)
        while not match.is_over() and checked < 6:
            seat = match.current_seat
            if seat == CHANCE:
                match.step()
                continue
            message = message_for(match, seat)
            for item in message["legal"]:
                if item["action"][0] == "attack":
                    assert "forecast" in item, item
                if "forecast" in item:
                    assert item["action"][0] in ("attack", "equipment"), item
            sure = [x for x in message["legal"] if "forecast" in x and len(x["forecast"]["exchanges"]) == 1]
            if not sure:
                match.submit(seat, rng.choice(match.state.legal_actions()))
                continue
            forecast = sure[0]["forecast"]
            (exchange,) = forecast["exchanges"]
            field = match.view(seat)["field"]
            assert field[forecast["attacker_sq"]]["card"] == forecast["attacker"]
            assert field[forecast["target_sq"]]["card"] == forecast["defender"]
            match.submit(seat, tuple(sure[0]["action"]))
            after = match.view(seat)["field"]
            defender, attacker = after[forecast["target_sq"]], after[forecast["attacker_sq"]]
            assert (defender["chips"] if defender else 0) == exchange["defender_left"]
            assert (attacker["chips"] if attacker else 0) == exchange["attacker_left"]
            checked += 1
    assert checked >= 4


# ---- the text drawing only for a client that shows it ------------------------------------------------
def test_a_client_that_draws_the_board_may_leave_out_the_text_drawing(client):
    made = new_game(client, "legion", ["human", "bot", "bot"], seed=3)
    token, game_id = made["seats"][0]["token"], made["game_id"]
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        turn = hello_until(ws, token, my_turn, text=False)
        assert turn["text"] is None and turn["view"]
        ws.send_json({"type": "sync", "token": token, "since": turn["state_id"], "epoch": turn["epoch"], "text": True})
        again = ws.receive_json()
        assert again["state_id"] == turn["state_id"] and "Space" in again["text"] and again["updates"] == []
        ws.send_json({"type": "sync", "token": token, "since": turn["state_id"], "epoch": turn["epoch"], "text": "no"})
        assert ws.receive_json()["code"] == 400


def test_each_game_serves_its_board_module_from_its_own_package(client):
    for game in ("byston", "emblem", "legion"):
        script = get_game(game).present.board_script
        assert script is not None
        served = client.get(f"/games/{game}/board.js")
        assert served.status_code == 200 and served.headers["content-type"].startswith("text/javascript")
        assert served.content == script.read_bytes() and b"AsobiBoards" in served.content
    none = client.get("/games/toy-highcard/board.js")  # a game drawn as text only
    assert none.status_code == 404 and "no board module" in none.json()["detail"]
    assert client.get("/games/no-such-game/board.js").status_code == 400

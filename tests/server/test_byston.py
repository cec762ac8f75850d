"""Byston in the server: the catalogue offers it with 2–4 seats and bots, its printed board and
counter texts are served, a seat plays over the socket with the income-hex control in its view,
and the battle odds ride on the choices made in a battle."""

from __future__ import annotations

from asobi.core.agent import Observation
from asobi.core.bots import make_bot
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.state import TERMINAL
from asobi.games.byston.board import static

from .conftest import hello_until, message_for, my_turn, new_game, receive_until


def test_the_catalogue_offers_byston_with_two_to_four_seats_and_bots(client):
    games = {g["id"]: g for g in client.get("/api/catalog").json()}
    byston = games["byston"]
    players = next(o for o in byston["options"] if o["name"] == "players")
    assert (players["minimum"], players["maximum"], players["default"]) == (2, 4, 4)
    assert "rule" in byston["bots"] and len(byston["seat_names"]) == 4
    assert len(client.get("/api/catalog/byston/seats?players=2").json()) == 2
    assert client.get("/api/catalog/byston/seats?players=5").status_code == 400


def test_the_printed_board_and_counter_texts_are_served(client):
    board = client.get("/api/catalog/byston/board").json()
    assert (board["width"], board["height"]) == (26, 18) and len(board["hexes"]) == 26 * 18
    assert board["hexes"][0]["id"] == "0101"
    assert board["places"]["rase_wau"] == {"ja": "ラース・ワウ", "en": "Rase Wau", "hexes": ["0916"]}
    assert set(board["units"]) == set(static().unit_ids)
    assert board["countries"]["drake"]["camp"] == "drake"
    # a game with no board data here: its seats and words only
    assert set(client.get("/api/catalog/emblem/board").json()) == {"seats", "words"}
    assert client.get("/api/catalog/legion/board").json()["effects"]["attack"]["en"].startswith("attack")
    assert client.get("/api/catalog/nosuch/board").status_code == 400
    cards = client.get("/api/catalog/byston/cards").json()
    assert cards["drumlo"]["name_ja"] == "ドラムロ" and cards["castle"]["kind"] == "building"
    assert cards["drake_as"]["kind"] == "chit" and cards["sheela"]["kind"] == "character"


def test_a_seat_plays_byston_over_the_socket(client):
    made = new_game(client, "byston", ["human", "bot:rule", "bot:rule", "bot:rule"], players=4)
    token = made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{made['game_id']}") as ws:
        state = hello_until(ws, token, my_turn, text=False)
        assert state["game"] == "byston" and state["text"] is None
        control = state["view"]["board"]
        assert control["camp_income"]["drake"] > 0 and control["income_hexes"]
        assert all(h["camp"] in ("drake", "sheela", "contested", None) for h in control["income_hexes"].values())
        assert all(item["label"] for item in state["legal"])
        choice = state["legal"][-1]
        ws.send_json({"type": "act", "token": token, "action": choice["action"], "state_id": state["state_id"]})
        after = receive_until(ws, lambda m: m["state_id"] > state["state_id"])
        assert any(u["events"] for u in after["updates"]), "the action left no log line"


def _message(match: Match, seat: int | None) -> dict:
    return message_for(match, seat, text=False)


def _battle_decisions(seeds: range):
    """Matches of people's seats played by rule bots, stopped at each decision made in a battle."""
    spec = get_game("byston")
    options = spec.validate_options({"players": 4})
    for seed in seeds:
        match = Match(spec, options, ["human"] * 4, seed=seed)
        bots = [make_bot(spec, "rule", seat, seed, options) for seat in range(4)]
        while match.current_seat != TERMINAL:
            seat = match.current_seat
            if seat < 0:
                match.step()
                continue
            if match.state.pending[0] in ("sortie", "bomb"):
                yield match, seat
            match.submit(seat, bots[seat].act(Observation(match.state, seat)))


def test_battle_odds_ride_on_the_choices_of_a_battle_and_spectators_see_the_seats_view():
    seen = 0
    for match, seat in _battle_decisions(range(1, 9)):
        message = _message(match, seat)
        with_odds = [item for item in message["legal"] if "forecast" in item]
        assert with_odds, message["legal"]
        for item in with_odds:
            odds = item["forecast"]
            assert odds["hex"] == message["view"]["battle"]["hex"]
            assert {s["step"] for s in odds["steps"]} == {"air", "aa", "bombing", "shelling"}
            assert all(s["expected_removed"] >= 0 for s in odds["steps"])
            assert any(s["fires"] and s["expected_hits"] > 0 for s in odds["steps"])
        assert all(item["action"][0] in ("sortie_all", "bomb", "no_bomb") for item in with_odds)
        # byston hides nothing: a spectator sees what the seat sees, control of hexes included
        assert _message(match, None)["view"] == message["view"]
        seen += 1
        if seen == 3:
            break
    assert seen, "no battle came up"


def test_the_odds_of_a_battle_to_choose_are_those_of_the_battle_as_it_would_open():
    # A battle set up by hand (forecast.situation), then put back to the moment before it: the
    # acting country's runner choosing where to fight next (B-25).
    from asobi.games.byston.forecast import forecast, parse_side, situation
    from asobi.games.byston.present.board import battle_odds

    fought, _ = situation(parse_side("drake: 3 drumlo, bull_beggar"), parse_side("rau: 2 dana_oshee, gunan"))
    assert fought.fight is not None
    acting, h = fought.fight
    before = fought.clone()
    before.fight = None
    before.pending = ("battle_order", 0, acting, ((h, acting),))
    odds = battle_odds(before, ("fight", h))
    assert odds is not None and odds["acting"] == "drake"
    expected = forecast(fought)
    assert [(s["step"], s["camp"], s["expected_hits"]) for s in odds["steps"]] == [
        (cs.step, ("drake", "sheela")[cs.camp], round(float(cs.expected_hits), 2)) for cs in expected.steps
    ]
    assert battle_odds(before, ("done",)) is None
    assert battle_odds(fought, ("fight", h)) is None  # a battle already under way is not chosen


def test_the_view_and_board_extras_are_made_once_a_state_for_every_socket(client, monkeypatch, swap_spec):
    """Byston's views are public (``spec.info.public_views``) and its board extras (income-hex
    control, each camp's income) the same for everyone: a room makes each once for a state, not
    once for each socket it sends it to."""
    from asobi.games.byston.state import BystonState

    made_for: list[int] = []
    views: list[int | None] = []
    real, real_view = get_game("byston").present.view_extras, BystonState.view
    assert real is not None

    def counted(state):
        made_for.append(len(state.log))
        return real(state)

    def counted_view(state, seat):
        views.append(seat)
        return real_view(state, seat)

    swap_spec("asobi.games.byston.spec", present={"view_extras": counted})
    monkeypatch.setattr(BystonState, "view", counted_view)
    made = new_game(client, "byston", ["human"] * 4, players=4)
    game = f"/ws/games/{made['game_id']}"
    with client.websocket_connect(game) as a, client.websocket_connect(game) as b, \
            client.websocket_connect(game) as c, client.websocket_connect(game) as d, \
            client.websocket_connect(game) as watcher:
        sockets = [a, b, c, d, watcher]
        tokens = [seat["token"] for seat in made["seats"]] + [None]
        first = [hello_until(ws, token, lambda m: True, text=False) for ws, token in zip(sockets, tokens, strict=True)]
        mover = next(i for i, m in enumerate(first) if m["legal"])
        state_id = first[mover]["state_id"]
        before, views_before = len(made_for), len(views)
        sockets[mover].send_json({"type": "act", "token": tokens[mover], "action": first[mover]["legal"][0]["action"],
                                  "state_id": state_id})
        after = [receive_until(ws, lambda m: m["state_id"] > state_id) for ws in sockets]
    ids = {m["state_id"] for m in after}
    assert len(ids) == 1, "every socket is sent the state the action led to"
    boards_sent = [m["view"]["board"] for m in after]
    assert all(board == boards_sent[0] for board in boards_sent)
    assert len(made_for) - before == 1, made_for[before:]  # one state, five sockets
    assert len(views) - views_before == 1, views[views_before:]
    assert all(m["view"] == after[0]["view"] for m in after)

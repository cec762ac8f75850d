"""The web application: the lobby's HTTP API, a WebSocket per seat or spectator, the browser client.

``create_app(db_path)`` builds it; ``asobi serve`` runs it under uvicorn. The HTTP API is
described by FastAPI's OpenAPI page (``/docs``); the WebSocket protocol is in docs/server.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from ..agents import bot_names
from ..core.errors import AsobiError, BadRecordError
from ..core.match import HUMAN
from ..core.registry import all_games, get_game
from ..store import GameInUseError, StoreError, default_db_path
from .cards import card_catalogue
from .collector import fewer_full_collections
from .errors import ServerError
from .protocol import (
    LANGS,
    encode,
    error_message,
    parse_action,
    parse_lang,
    parse_message,
    parse_since,
    parse_text,
)
from .replay import replay_message
from .rooms import Connection, Hub, Room, parse_seat_kinds
from .watch import LoopWatch

STATIC = Path(__file__).parent / "static"
REPLAYS_KEPT = 16
"""Replays kept built (each is a few MB at most), most recently asked last."""
log = logging.getLogger("asobi.server")


# ---- the HTTP API's bodies ---------------------------------------------------------------------
class NewGame(BaseModel):
    """A game to create."""

    game: str = Field(description="the game's id (see GET /api/catalog)", examples=["chess"])
    options: dict[str, str | int | bool] = Field(default_factory=dict, description="game options; defaults for the rest")
    seats: list[str] | None = Field(
        default=None, description="per seat: human, bot (the game's best bot) or bot:NAME; default: one human, then bots",
        examples=[["human", "bot", "bot:random"]],
    )
    seed: int | None = Field(default=None, description="a reproducible game (tests, bot games); default: secret chance")


class SeatLink(BaseModel):
    seat: int
    name: str
    kind: str
    token: str | None = Field(description="the seat's secret token (human seats only); keep it private")
    link: str | None = Field(description="the seat's join link (human seats only)")


class CreatedGame(BaseModel):
    game_id: int
    game: str
    seats: list[SeatLink]
    spectator_link: str


class GameSummary(BaseModel):
    id: int
    game: str
    seats: list[str]
    status: str = Field(description="playing, finished, read-only or damaged")
    actions: int
    updated: str
    result: str
    note: str
    links: bool = Field(description="whether join links were handed out for it (made here)")
    spectator_link: str


def _links(base: str, game_id: int, tokens: dict[int, str]) -> tuple[dict[int, str], str]:
    return ({seat: f"{base}play/{game_id}#token={token}" for seat, token in tokens.items()},
            f"{base}play/{game_id}#watch")


def create_app(db_path: Path | str | None = None, *, bot_delay: float = 0.0,
               watch: Path | str | None = None) -> FastAPI:
    """The asobi web application on the saved-games file ``db_path`` (default: the command line's).

    :param bot_delay: seconds to wait after each bot action so that people can follow it.
    :param watch: a file to write, when the server stops, how late its event loop ran and its
        collector's pauses (:class:`~asobi.server.watch.LoopWatch`; for load tests).
    """
    hub = Hub(Path(db_path) if db_path is not None else default_db_path(), bot_delay=bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.open()
        await hub.resume_bot_games()
        watching = LoopWatch() if watch is not None else None
        try:
            with fewer_full_collections():
                if watching is not None:
                    watching.start()
                yield
        finally:
            await hub.close()
            if watching is not None and watch is not None:
                await watching.stop()
                checkpoints, restarts = hub.checkpoints
                Path(watch).write_text(json.dumps({**watching.summary(), "checkpoints": checkpoints,
                                                   "log_restarts": restarts, "log_restart_ms": hub.log_restarts}))

    app = FastAPI(
        title="asobi",
        summary="Tabletop games with their printed rules enforced: lobby, seats, spectators.",
        description="Create a game, hand out its join links, fetch records. Play goes over the WebSocket "
        "`/ws/games/{game_id}` (its messages are described in docs/server.md).",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.add_middleware(GZipMiddleware, minimum_size=4096)  # replays are long and repetitive

    @app.exception_handler(AsobiError)
    async def refused(request: Request, error: AsobiError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=_status(error))

    # ---- catalogue ------------------------------------------------------------------------------
    @app.get("/api/catalog", summary="The games, their options, seats and bots")
    async def catalog() -> list[dict[str, Any]]:
        out = []
        for spec in all_games():
            defaults = spec.validate_options({})
            out.append({
                "id": spec.id, "title_ja": spec.title_ja, "title_en": spec.title_en,
                "options": [
                    {"name": o.name, "kind": o.kind.__name__, "default": o.default, "choices": o.choices,
                     "minimum": o.minimum, "maximum": o.maximum, "help_en": o.help_en, "help_ja": o.help_ja}
                    for o in spec.options
                ],
                "seat_names": list(spec.seat_names(defaults)),
                "bots": bot_names(spec),
            })
        return out

    @app.get("/api/catalog/{game}/seats", summary="The seat names of a game with these options")
    async def seat_names(game: str, request: Request) -> list[str]:
        spec = get_game(game)
        return list(spec.seat_names(spec.validate_options(dict(request.query_params))))

    @app.get("/api/catalog/{game}/clauses",
             summary="Every clause id the game's log cites, with its text in the reader's language")
    async def clauses(game: str, lang: str = Query(default="en", description="en or ja")) -> dict[str, str]:
        if lang not in LANGS:
            raise ServerError(f"lang is one of {', '.join(LANGS)}, not {lang!r}")
        return get_game(game).clause_book().texts(lang)

    @app.get("/api/catalog/{game}/cards", summary="Every card of the game: name, full text and facts, in ja and en")
    async def cards(game: str) -> dict[str, dict[str, Any]]:
        return card_catalogue(get_game(game).id)

    @app.get("/api/catalog/{game}/board",
             summary="The game's printed board for drawing (a hex map and every name); {} if none")
    async def board(game: str) -> dict[str, Any]:
        made = get_game(game).present.board_data
        return made() if made is not None else {}

    @app.get("/games/{game}/board.js", include_in_schema=False)
    async def board_script(game: str) -> Response:
        """The game's browser board module, served from the game's own package."""
        script = get_game(game).present.board_script
        if script is None:
            raise ServerError(f"{game}: this game has no board module; its board is drawn as text", status=404)
        return Response(script.read_bytes(), media_type="text/javascript; charset=utf-8",
                         headers={"Cache-Control": "no-cache"})

    # ---- games ----------------------------------------------------------------------------------
    @app.post("/api/games", summary="Create a game; one join link per human seat, and a spectator link",
              status_code=201)
    async def create_game(body: NewGame, request: Request) -> CreatedGame:
        spec = get_game(body.game)
        options = spec.validate_options(body.options)
        n = len(spec.seat_names(options))
        kinds = parse_seat_kinds(spec, body.seats if body.seats is not None else [HUMAN] + ["bot"] * (n - 1), n)
        game_id, tokens = hub.create(spec, options, kinds, body.seed)
        links, watch = _links(str(request.base_url), game_id, tokens)
        names = spec.seat_names(options)
        room = await hub.room(game_id) if all(k != HUMAN for k in kinds) else None
        if room is not None:
            room.start_bots()
        return CreatedGame(
            game_id=game_id, game=spec.id, spectator_link=watch,
            seats=[SeatLink(seat=i, name=names[i], kind=kind, token=tokens.get(i), link=links.get(i))
                   for i, kind in enumerate(kinds)],
        )

    @app.get("/api/games", summary="Saved games, newest first (open and finished)")
    async def list_games(request: Request, status: str | None = None) -> list[GameSummary]:
        base = str(request.base_url)
        return [
            GameSummary(id=g.id, game=g.game, seats=g.seats.split(","), status=g.status, actions=g.moves,
                        updated=g.updated, result=g.result, note=g.note, links=hub.tokens.has_links(g.id),
                        spectator_link=f"{base}play/{g.id}#watch")
            for g in hub.store.list() if status is None or g.status == status
        ]

    @app.post("/api/games/{game_id}/links", status_code=201,
              summary="Join links for a game made elsewhere (the terminal), once")
    async def hand_out_links(game_id: int, request: Request) -> CreatedGame:
        record = hub.store.load(game_id)
        humans = [i for i, kind in enumerate(record.seats) if kind == HUMAN]
        tokens = hub.tokens.issue(game_id, humans)
        links, watch = _links(str(request.base_url), game_id, tokens)
        names = record.spec.seat_names(record.options)
        return CreatedGame(
            game_id=game_id, game=record.game, spectator_link=watch,
            seats=[SeatLink(seat=i, name=names[i], kind=kind, token=tokens.get(i), link=links.get(i))
                   for i, kind in enumerate(record.seats)],
        )

    @app.get("/api/games/{game_id}/record", summary="The record of a finished game (every action, every card)")
    async def record(game_id: int) -> dict[str, Any]:
        rec = hub.store.load(game_id)
        if rec.outcome is None:
            raise ServerError(f"game {game_id} is still being played: its record holds every hidden card, so it "
                              "is given out once the game is over", status=403)
        return rec.to_json()

    @app.get("/api/games/{game_id}/replay",
             summary="A finished game frame by frame, as one seat saw it (or a spectator)")
    async def replay(game_id: int,
                     seat: int | None = Query(default=None, description="the seat's number; leave out for a spectator"),
                     lang: str = Query(default="en", description="en or ja")) -> dict[str, Any]:
        if lang not in LANGS:
            raise ServerError(f"lang is one of {', '.join(LANGS)}, not {lang!r}")
        rec = hub.store.load(game_id)
        # The record's own fingerprint in the key: a game deleted and its id used again is not
        # mistaken for the old one.
        key = (game_id, seat, lang, len(rec.actions), rec.fingerprint or "")
        cached = hub.replays.get(key)
        if cached is not None:
            hub.replays.move_to_end(key)
            return cached
        made = await asyncio.to_thread(replay_message, rec, game_id, seat, lang)
        hub.replays[key] = made  # a finished game never changes: the last few are kept
        while len(hub.replays) > REPLAYS_KEPT:
            hub.replays.popitem(last=False)
        return made

    # ---- play -------------------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def play(socket: WebSocket, game_id: int) -> None:
        await socket.accept()
        conn: Connection | None = None
        room: Room | None = None
        try:
            try:
                hello = parse_message(await socket.receive_text())
                if hello["type"] != "hello":
                    raise ServerError("the first message is a hello: {\"type\": \"hello\", \"token\": …} "
                                      "or {\"type\": \"hello\", \"watch\": true}", status=401)
                conn = _connect(hub, game_id, socket, hello)
                room = await hub.room(game_id)
            except (AsobiError, StoreError) as e:
                await socket.send_text(encode(error_message(str(e), _status(e))))
                await socket.close(code=4000 + _status(e))
                return
            room.connections.add(conn)
            await room.broadcast()  # everyone sees who is connected
            room.start_bots()
            while True:
                raw = await socket.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                text = raw.get("text")
                try:
                    await _handle(room, conn, parse_message(text if text is not None else b""))
                except AsobiError as e:
                    await room.send_error(conn, str(e), _status(e))
                except Exception:  # a bug of ours: told to this socket, logged, and the game goes on
                    log.exception("game %s: a message could not be handled", game_id)
                    await room.send_error(conn, "the server failed to handle this message (see its log)", 500)
        except WebSocketDisconnect:
            pass
        finally:
            if room is not None and conn is not None:
                room.connections.discard(conn)
                hub.maybe_unload(room)
                if hub.rooms.get(game_id) is room:
                    await room.broadcast()

    # ---- the browser client -----------------------------------------------------------------------
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def game_page(game_id: int) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/replay/{game_id}", include_in_schema=False)
    async def replay_page(game_id: int) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    return app


def _connect(hub: Hub, game_id: int, socket: WebSocket, hello: dict[str, Any]) -> Connection:
    """The connection a hello opens: the seat its token opens, or a spectator."""
    lang = parse_lang(hello, "en")
    since, epoch = parse_since(hello)
    token = hello.get("token")
    if hello.get("watch") is True and token is None:
        seat = None
    else:
        if not isinstance(token, str) or not token:
            raise ServerError("this seat needs its token (from its join link); to watch, say \"watch\": true",
                              status=401)
        seat = hub.tokens.seat_of(game_id, token)
        if seat is None:
            raise ServerError(f"this token opens no seat of game {game_id}", status=403)
    return Connection(socket, seat, token if seat is not None else None, lang=lang, sent=since, epoch=epoch,
                      text=parse_text(hello, True))


async def _handle(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """One message from a connected client. Every seat message carries the seat's token."""
    kind = message["type"]
    if conn.seat is not None:
        token = message.get("token")
        if not isinstance(token, str) or conn.token is None or not hmac.compare_digest(token, conn.token):
            raise ServerError("every message of a seat carries the seat's token", status=403)
    if kind == "act":
        state_id = message.get("state_id")
        if state_id is not None and (isinstance(state_id, bool) or not isinstance(state_id, int)):
            raise ServerError("state_id is the state id the action was chosen in (an integer)")
        await room.submit(conn, parse_action(message), state_id)
    elif kind == "undo":
        await room.undo(conn)
    elif kind == "hint":
        await room.send_hint(conn)
    elif kind == "sync":
        conn.lang = parse_lang(message, conn.lang)
        conn.text = parse_text(message, conn.text)
        conn.sent, conn.epoch = parse_since(message)
        await room.send_state(conn)
    else:
        raise ServerError(f"no message type {kind!r}: use act, undo, hint or sync")


def _status(error: Exception) -> int:
    if isinstance(error, ServerError):
        return error.status
    if isinstance(error, GameInUseError):
        return 409
    if isinstance(error, StoreError):
        return 503
    if isinstance(error, BadRecordError) and "no such saved game" in str(error):
        return 404
    return 400

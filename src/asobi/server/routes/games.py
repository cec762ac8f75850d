"""Games: made (with one join link per person's seat, a spectator link and the host secret),
listed, handed links when made elsewhere, closed to spectators or deleted by their host, and read
once finished (the record, and the replay as one seat saw it), given a turn timer by their host.

What only a game's host may do carries its host secret in the header ``X-Asobi-Host``
(:data:`~.hub.HostOnly`)."""

from __future__ import annotations

import asyncio
import gzip
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field

from ...core.errors import summary
from ...core.match import HUMAN
from ...core.record import MAX_SEED, GameRecord
from ...core.registry import get_game
from ...store import GameStore, SavedGame
from ..errors import NO_SUCH_GAME, ServerError
from ..limits import remote_seat_kind
from ..protocol import LANGS
from ..rooms import Hub, parse_seat_kinds
from ..timers import MAX_SECONDS, MIN_SECONDS
from .hub import GameId, HostOnly, HubOf

router = APIRouter()


# ---- the bodies ----------------------------------------------------------------------------------
class NewGame(BaseModel):
    """A game to create."""

    game: str = Field(description="the game's id (see GET /api/catalog)", examples=["chess"])
    options: dict[str, str | int | bool] = Field(default_factory=dict, description="game options; defaults for the rest")
    seats: list[str] | None = Field(
        default=None, description="per seat: human, bot (the normal level), bot:LEVEL (easy, normal, hard, expert) or bot:NAME; default: one human, then bots",
        examples=[["human", "bot", "bot:random"]],
    )
    seed: int | None = Field(default=None, ge=-MAX_SEED, lt=MAX_SEED,
                             description="a reproducible game (tests, bot games): whoever knows the seed can predict "
                                         "its chance; default: secret chance")
    confirm_seeded: bool = Field(default=False, description="the maker's confirmation that a seeded game with more "
                                                            "than one person is predictable by whoever knows its seed")
    turn_seconds: float | None = Field(default=None, ge=MIN_SECONDS, le=MAX_SECONDS,
                                       description="a turn timer: seconds each person's seat has to decide before "
                                                   "the normal level decides for it; default: none")


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
    seeded: bool = Field(description="made with a seed: predictable by whoever knows it")


class MadeGame(CreatedGame):
    host_secret: str = Field(description="the game's host secret: handing out links, closing it to spectators and "
                                         "deleting it need it (header X-Asobi-Host); keep it private")


class Spectators(BaseModel):
    open: bool = Field(description="whether anyone may watch the game")


class TurnTimer(BaseModel):
    seconds: float | None = Field(ge=MIN_SECONDS, le=MAX_SECONDS,
                                  description="seconds each person's seat has to decide before the normal level "
                                              "decides for it; null: no timer")


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
    seeded: bool = Field(description="made with a seed: predictable by whoever knows it")
    spectators: bool = Field(description="whether anyone may watch it (its host may close it)")
    turn_seconds: float | None = Field(default=None, description="its turn timer in seconds, or null")
    turn_deadline: str | None = Field(default=None, description="when the person to decide runs out of time "
                                                                "(ISO 8601, UTC), or null")


def _links(base: str, game_id: int, tokens: dict[int, str]) -> tuple[dict[int, str], str]:
    return ({seat: f"{base}play/{game_id}#token={token}" for seat, token in tokens.items()},
            f"{base}play/{game_id}#watch")


# ---- the routes ----------------------------------------------------------------------------------
@router.post("/api/games", summary="Create a game; one join link per human seat, a spectator link, the host secret",
             status_code=201)
async def create_game(body: NewGame, request: Request, hub: HubOf) -> MadeGame:
    address = request.client.host if request.client is not None else "?"
    hub.clients.check(address, hub.store.playing)
    spec = get_game(body.game)
    options = spec.validate_options(body.options)
    n = len(spec.seat_names(options))
    wanted = body.seats if body.seats is not None else [HUMAN] + ["bot"] * (n - 1)
    kinds = parse_seat_kinds(spec, [remote_seat_kind(spec, kind, hub.limits) for kind in wanted[:n + 1]], n)
    people = kinds.count(HUMAN)
    if body.seed is not None and people > 1 and not body.confirm_seeded:
        raise ServerError(f"a game with a seed is predictable by whoever knows the seed, and this one has {people} "
                          "people: send \"confirm_seeded\": true to make it anyway, or leave the seed out")
    game_id, tokens, host = hub.create(spec, options, kinds, body.seed)
    if body.turn_seconds is not None:
        hub.tokens.set_turn_seconds(game_id, body.turn_seconds)
    hub.clients.record(address, game_id)
    links, watch = _links(str(request.base_url), game_id, tokens)
    names = spec.seat_names(options)
    room = await hub.room(game_id) if all(k != HUMAN for k in kinds) else None
    if room is not None:
        room.start_bots()
    return MadeGame(
        game_id=game_id, game=spec.id, spectator_link=watch, seeded=body.seed is not None, host_secret=host,
        seats=[SeatLink(seat=i, name=names[i], kind=kind, token=tokens.get(i), link=links.get(i))
               for i, kind in enumerate(kinds)],
    )


def _summary(hub: Hub, base: str, g: SavedGame) -> GameSummary:
    timed = hub.tokens.timed_games(only=g.id)
    deadline = timed[0].deadline.isoformat(timespec="seconds") if timed and timed[0].person else None
    return GameSummary(id=g.id, game=g.game, seats=g.seats.split(","), status=g.status, actions=g.moves,
                       updated=g.updated, result=g.result, note=g.note, links=hub.tokens.has_links(g.id),
                       spectator_link=f"{base}play/{g.id}#watch", seeded=g.seeded,
                       spectators=hub.tokens.spectators_open(g.id), turn_seconds=hub.tokens.turn_seconds(g.id),
                       turn_deadline=deadline)


@router.get("/api/games", summary="Saved games, newest first (open and finished)")
async def list_games(request: Request, hub: HubOf, status: str | None = None) -> list[GameSummary]:
    base = str(request.base_url)
    return [_summary(hub, base, g) for g in hub.store.list() if status is None or g.status == status]


@router.get("/api/games/{game_id}", summary="One saved game: its seats, status, and whether it is seeded")
async def game_summary(game_id: GameId, request: Request, hub: HubOf) -> GameSummary:
    found = hub.store.list(only=game_id)
    if not found:
        raise ServerError(NO_SUCH_GAME, status=404)
    return _summary(hub, str(request.base_url), found[0])


@router.post("/api/games/{game_id}/links", status_code=201, dependencies=[HostOnly],
             summary="Join links for a game made elsewhere (the terminal), once; its host only")
async def hand_out_links(game_id: GameId, request: Request, hub: HubOf) -> CreatedGame:
    record = hub.store.load(game_id)
    humans = [i for i, kind in enumerate(record.seats) if kind == HUMAN]
    tokens = hub.tokens.issue(game_id, humans)
    links, watch = _links(str(request.base_url), game_id, tokens)
    names = record.spec.seat_names(record.options)
    return CreatedGame(
        game_id=game_id, game=record.game, spectator_link=watch, seeded=record.seed is not None,
        seats=[SeatLink(seat=i, name=names[i], kind=kind, token=tokens.get(i), link=links.get(i))
               for i, kind in enumerate(record.seats)],
    )


@router.put("/api/games/{game_id}/spectators", dependencies=[HostOnly],
            summary="Open or close the game to spectators (open by default); its host only")
async def set_spectators(game_id: GameId, body: Spectators, hub: HubOf) -> Spectators:
    hub.tokens.set_spectators(game_id, body.open)
    if not body.open:
        await hub.close_spectators(game_id)
    return body


@router.put("/api/games/{game_id}/timer", dependencies=[HostOnly],
            summary="Set or clear the game's turn timer (none by default); its host only")
async def set_turn_timer(game_id: GameId, body: TurnTimer, hub: HubOf) -> TurnTimer:
    hub.tokens.set_turn_seconds(game_id, body.seconds)
    return body


@router.delete("/api/games/{game_id}", status_code=204, dependencies=[HostOnly],
               summary="Delete the game: its sockets are closed, its record, links and secret forgotten; its host only")
async def delete_game(game_id: GameId, hub: HubOf) -> None:
    await hub.delete(game_id)


@router.get("/api/games/{game_id}/record", summary="The record of a finished game (every action, every card)")
async def record(game_id: GameId, hub: HubOf) -> dict[str, Any]:
    rec = hub.store.load(game_id)
    if rec.outcome is None:
        raise ServerError(f"game {game_id} is still being played: its record holds every hidden card, so it "
                          "is given out once the game is over", status=403)
    return rec.to_json()


@router.get("/api/games/{game_id}/replay",
            summary="A finished game frame by frame, as one seat saw it (or a spectator)")
async def replay(game_id: GameId, hub: HubOf, request: Request,
                 seat: int | None = Query(default=None, ge=0, le=64,
                                          description="the seat's number; leave out for a spectator"),
                 lang: str = Query(default="en", description="en or ja"),
                 text: bool = Query(default=True, description="each frame's text drawing (false: null; most of "
                                                              "what a long game's replay costs to build)")) -> Response:
    if lang not in LANGS:
        raise ServerError(f"lang is one of {', '.join(LANGS)}, not {summary(lang)!r}")
    finished = hub.store.finished(game_id)  # without reading the actions: a long game's take 0.08 s
    if finished is None:
        raise ServerError(f"game {game_id} is still being played: only a finished game is replayed", status=403)
    # Built apart and kept compressed: the loop neither builds, encodes nor compresses it.
    made = await hub.replays.get((game_id, seat, lang, text, *finished),
                                 lambda: asyncio.to_thread(read_record, hub.db_path, game_id))
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(made, media_type="application/json", headers={"Content-Encoding": "gzip",
                                                                        "Vary": "Accept-Encoding"})
    return Response(await asyncio.to_thread(gzip.decompress, made), media_type="application/json")


def read_record(path: Path, game_id: int) -> GameRecord:
    """The saved game's record, read on a connection of the calling thread's own (a worker's:
    reading a long game's actions takes a tenth of a second)."""
    with GameStore(path, read_only=True) as store:
        return store.load(game_id)

"""Games: made (with one join link per person's seat and a spectator link), listed, handed links
when made elsewhere, and read once finished (the record, and the replay as one seat saw it)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, Field

from ...core.match import HUMAN
from ...core.registry import get_game
from ..errors import ServerError
from ..protocol import LANGS
from ..replay import replay_message
from ..rooms import parse_seat_kinds
from .hub import HubOf

REPLAYS_KEPT = 16
"""Replays kept built (each is a few MB at most), most recently asked last."""

router = APIRouter()


# ---- the bodies ----------------------------------------------------------------------------------
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


# ---- the routes ----------------------------------------------------------------------------------
@router.post("/api/games", summary="Create a game; one join link per human seat, and a spectator link",
             status_code=201)
async def create_game(body: NewGame, request: Request, hub: HubOf) -> CreatedGame:
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


@router.get("/api/games", summary="Saved games, newest first (open and finished)")
async def list_games(request: Request, hub: HubOf, status: str | None = None) -> list[GameSummary]:
    base = str(request.base_url)
    return [
        GameSummary(id=g.id, game=g.game, seats=g.seats.split(","), status=g.status, actions=g.moves,
                    updated=g.updated, result=g.result, note=g.note, links=hub.tokens.has_links(g.id),
                    spectator_link=f"{base}play/{g.id}#watch")
        for g in hub.store.list() if status is None or g.status == status
    ]


@router.post("/api/games/{game_id}/links", status_code=201,
             summary="Join links for a game made elsewhere (the terminal), once")
async def hand_out_links(game_id: int, request: Request, hub: HubOf) -> CreatedGame:
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


@router.get("/api/games/{game_id}/record", summary="The record of a finished game (every action, every card)")
async def record(game_id: int, hub: HubOf) -> dict[str, Any]:
    rec = hub.store.load(game_id)
    if rec.outcome is None:
        raise ServerError(f"game {game_id} is still being played: its record holds every hidden card, so it "
                          "is given out once the game is over", status=403)
    return rec.to_json()


@router.get("/api/games/{game_id}/replay",
            summary="A finished game frame by frame, as one seat saw it (or a spectator)")
async def replay(game_id: int, hub: HubOf,
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

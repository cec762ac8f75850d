"""A person's own games: for the seat links a browser holds, each game's state — whose turn it is,
whether it is this seat's, how many actions it has (so the page can say what changed since it was
last looked at) — without opening the games.

The links stay with the browser that holds them (its local storage); the server keeps no list of
whose links are whose, and answers only for a link whose token opens its seat."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from ...core.errors import AsobiError
from ...core.registry import get_game
from ...core.state import TERMINAL
from ..protocol import LANGS
from .hub import MAX_GAME_ID, HubOf

MAX_HELD = 100
"""The most seat links one request asks about."""

router = APIRouter()


class HeldSeat(BaseModel):
    game_id: int = Field(ge=1, le=MAX_GAME_ID)
    token: str = Field(min_length=1, max_length=200, description="the seat's secret token, from its join link")


class HeldSeats(BaseModel):
    seats: list[HeldSeat] = Field(max_length=MAX_HELD, description=f"at most {MAX_HELD} seat links")
    lang: str = Field(default="en", pattern="^(" + "|".join(LANGS) + ")$")


class SeatStatus(BaseModel):
    game_id: int
    found: bool = Field(description="whether the link still opens a seat of a saved game (the game may have "
                                    "been deleted)")
    game: str | None = None
    title: str | None = Field(default=None, description="the game's title in the asked language")
    seat: int | None = None
    seat_name: str | None = None
    status: str | None = Field(default=None, description="playing, finished, read-only or damaged")
    to_move: int | None = Field(default=None, description="the seat to decide, if a seat is (not chance, not the end)")
    to_move_name: str | None = None
    your_turn: bool = Field(default=False, description="the seat to decide is this link's")
    actions: int = Field(default=0, description="actions played so far: more than at the last look means news")
    updated: str | None = None


def _status(hub: HubOf, held: HeldSeat, lang: str) -> SeatStatus:
    seat = hub.tokens.seat_of(held.game_id, held.token)
    found = hub.store.list(only=held.game_id) if seat is not None else []
    if seat is None or not found:
        return SeatStatus(game_id=held.game_id, found=False)
    saved = found[0]
    try:
        spec = get_game(saved.game)
        names = list(spec.seat_names(spec.validate_options(saved.options)))
    except AsobiError:  # a game no longer installed, or options it no longer takes
        return SeatStatus(game_id=held.game_id, found=True, game=saved.game, seat=seat, status="damaged",
                          actions=saved.moves, updated=saved.updated)
    to_move = saved.to_move if saved.to_move is not None and 0 <= saved.to_move < len(names) else None
    playing = saved.status == "playing" and saved.to_move != TERMINAL
    return SeatStatus(
        game_id=held.game_id, found=True, game=saved.game, title=spec.title_ja if lang == "ja" else spec.title_en,
        seat=seat, seat_name=names[seat] if seat < len(names) else None, status=saved.status,
        to_move=to_move if playing else None, to_move_name=names[to_move] if playing and to_move is not None else None,
        your_turn=playing and to_move == seat, actions=saved.moves, updated=saved.updated,
    )


@router.post("/api/seats", summary="The state of each game a browser holds seat links for: whose turn, "
                                   "how many actions")
async def held_seats(body: HeldSeats, hub: HubOf) -> list[SeatStatus]:
    return [_status(hub, held, body.lang) for held in body.seats]

"""The browser client's pages, and each game's board module served from the game's own package
(the client's scripts and styles are the static files :func:`~asobi.server.create_app` mounts)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, Response

from ...core.registry import get_game
from ..errors import ServerError
from .hub import GameId

STATIC = Path(__file__).parent.parent / "static"
"""The browser client: pages, scripts, styles."""

router = APIRouter(include_in_schema=False)


@router.get("/games/{game}/board.js")
async def board_script(game: str) -> Response:
    """The game's browser board module, served from the game's own package."""
    script = get_game(game).present.board_script
    if script is None:
        raise ServerError(f"{get_game(game).id}: this game has no board module; its board is drawn as text", status=404)
    return Response(script.read_bytes(), media_type="text/javascript; charset=utf-8",
                    headers={"Cache-Control": "no-cache"})


@router.get("/")
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/mine")
async def my_games() -> FileResponse:
    """The games this browser holds seat links for (the links stay in the browser)."""
    return FileResponse(STATIC / "mine.html")


@router.get("/play/{game_id}")
async def game_page(game_id: GameId) -> FileResponse:
    return FileResponse(STATIC / "game.html")


@router.get("/replay/{game_id}")
async def replay_page(game_id: GameId) -> FileResponse:
    return FileResponse(STATIC / "replay.html")

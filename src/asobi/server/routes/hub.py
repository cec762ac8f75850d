"""What every route is handed: the server's hub of rooms, store and seat tokens; a game's id as a
path parameter; the host's secret."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header
from fastapi import Path as PathParameter
from fastapi.requests import HTTPConnection

from ..errors import NO_SUCH_GAME, HostOnlyError, ServerError
from ..rooms import Hub

MAX_GAME_ID = 2**63 - 1
"""The largest game id SQLite can hold; a larger one is refused (400), never looked up."""


def hub_of(connection: HTTPConnection) -> Hub:
    """The hub :func:`~asobi.server.create_app` made for this application (an HTTP request's or a
    WebSocket's)."""
    hub: Hub = connection.app.state.hub
    return hub


HubOf = Annotated[Hub, Depends(hub_of)]
"""A route's parameter for the hub: ``hub: HubOf``."""

GameId = Annotated[int, PathParameter(ge=1, le=MAX_GAME_ID, description="the game's id")]
"""A route's parameter for the game's id in its path, range-checked."""


async def require_host(game_id: GameId, hub: HubOf,
                 x_asobi_host: Annotated[str | None, Header(description="the game's host secret")] = None) -> None:
    """Refuse the request unless it carries the game's host secret (header ``X-Asobi-Host``).

    :raises HostOnlyError: without it, or with another.
    """
    if not hub.store.exists(game_id):
        raise ServerError(NO_SUCH_GAME, status=404)
    if not hub.tokens.has_host(game_id):
        raise HostOnlyError(f"game {game_id} has no host secret yet: `asobi resume {game_id}` in a terminal "
                            "on the server's machine gives it one and prints it")
    if x_asobi_host is None or not hub.tokens.is_host(game_id, x_asobi_host):
        raise HostOnlyError("only the game's host may do this: send its host secret (given to whoever made the "
                            "game) in the X-Asobi-Host header")


HostOnly = Depends(require_host)
"""A route's dependency: the request carries the game's host secret."""

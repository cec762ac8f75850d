"""The web application: the lobby's HTTP API, a WebSocket per seat or spectator, the browser client.

``create_app(db_path)`` builds it; ``asobi serve`` runs it under uvicorn. It assembles the route
groups of :mod:`asobi.server.routes` around one :class:`~asobi.server.rooms.Hub` (the rooms, the
store, the seat tokens), which it opens and closes with the application. The HTTP API is described
by FastAPI's OpenAPI page (``/docs``); the WebSocket protocol is in docs/server.md.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from ..core.errors import AsobiError
from ..store import default_db_path
from .collector import fewer_full_collections
from .errors import status_of
from .rooms import Hub
from .routes import catalog, games, pages, sockets
from .watch import LoopWatch


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
    app.state.hub = hub  # what every route is handed (routes.hub.hub_of)
    app.add_middleware(GZipMiddleware, minimum_size=4096)  # replays are long and repetitive

    @app.exception_handler(AsobiError)
    async def refused(request: Request, error: AsobiError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=status_of(error))

    for group in (catalog, games, sockets, pages):
        app.include_router(group.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    return app

"""The web application: the lobby's HTTP API, a WebSocket per seat or spectator, the browser client.

``create_app(db_path)`` builds it; ``asobi serve`` runs it under uvicorn. It assembles the route
groups of :mod:`asobi.server.routes` around one :class:`~asobi.server.rooms.Hub` (the rooms, the
store, the seat tokens), which it opens and closes with the application. The HTTP API is described
by its OpenAPI document (``/openapi.json``), drawn as a page at ``/docs`` by the client itself
(FastAPI's own pages load their scripts from a CDN); the WebSocket protocol is in docs/server.md.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from ..core.errors import AsobiError
from ..store import GameStore, default_db_path
from .body import BodyLimit
from .collector import fewer_full_collections
from .errors import public_text, status_of
from .limits import Limits
from .protocol import MAX_MESSAGE
from .rooms import Hub
from .routes import catalog, games, mine, pages, sockets
from .watch import LoopWatch

log = logging.getLogger("asobi.server")

UVICORN_LIMITS: dict[str, Any] = {"ws_max_size": 4 * MAX_MESSAGE, "h11_max_incomplete_event_size": 16 * 1024}
"""What ``asobi serve`` tells uvicorn: the longest WebSocket frame it takes in (the socket is
closed with 1009 past it, before the server's own check of :data:`~.protocol.MAX_MESSAGE`
characters) and the longest request line and headers."""


def create_app(db_path: Path | str | None = None, *, bot_delay: float = 0.0,
               watch: Path | str | None = None, limits: Limits | None = None) -> FastAPI:
    """The asobi web application on the saved-games file ``db_path`` (default: the command line's).

    :param bot_delay: seconds to wait after each bot action so that people can follow it.
    :param watch: a file to write, when the server stops, how late its event loop ran and its
        collector's pauses (:class:`~asobi.server.watch.LoopWatch`; for load tests).
    :param limits: what one client may cost (default: :class:`~asobi.server.limits.Limits`' own).
    :raises StoreError: if the file cannot be opened or its games cannot be read (not a database,
        damaged, locked, made by a newer asobi).
    """
    limits = limits if limits is not None else Limits()
    path = Path(db_path) if db_path is not None else default_db_path()
    with GameStore(path) as store:  # a file that cannot be used is told now, as one error, not by a traceback
        store.list()                # from the server's start-up
    hub = Hub(path, bot_delay=bot_delay, limits=limits)

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
        # FastAPI's own pages load their scripts from a CDN (blank offline): /docs is the client's
        # own page instead (routes.pages), drawn from /openapi.json
        docs_url=None,
        redoc_url=None,
    )
    app.state.hub = hub  # what every route is handed (routes.hub.hub_of)
    app.add_middleware(GZipMiddleware, minimum_size=4096)  # replays are long and repetitive

    app.add_middleware(BodyLimit, limit=limits.body_bytes)

    @app.exception_handler(AsobiError)
    async def refused(request: Request, error: AsobiError) -> JSONResponse:
        status = status_of(error)
        if status >= 500:
            log.warning("%s %s: %s", request.method, request.url.path, error)
        return JSONResponse({"detail": public_text(error, hub.db_path)}, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, error: RequestValidationError) -> JSONResponse:
        """A request whose parameters or body do not fit: 400, saying which field and why, without
        echoing what was sent."""
        problems = []
        for problem in error.errors()[:3]:
            where = ".".join(str(part) for part in problem.get("loc", ()) if part != "body")[:80]
            problems.append(f"{where or 'the request'}: {str(problem.get('msg', 'not valid'))[:120]}")
        return JSONResponse({"detail": "; ".join(problems) or "the request is not valid"}, status_code=400)

    @app.exception_handler(Exception)
    async def failed(request: Request, error: Exception) -> JSONResponse:
        log.error("%s %s failed", request.method, request.url.path, exc_info=error)
        return JSONResponse({"detail": "the server failed to answer this request"}, status_code=500)

    for group in (catalog, games, mine, sockets, pages):
        app.include_router(group.router)
    app.mount("/static", StaticFiles(directory=pages.STATIC), name="static")
    return app

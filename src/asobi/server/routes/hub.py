"""What every route is handed: the server's hub of rooms, store and seat tokens."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from fastapi.requests import HTTPConnection

from ..rooms import Hub


def hub_of(connection: HTTPConnection) -> Hub:
    """The hub :func:`~asobi.server.create_app` made for this application (an HTTP request's or a
    WebSocket's)."""
    hub: Hub = connection.app.state.hub
    return hub


HubOf = Annotated[Hub, Depends(hub_of)]
"""A route's parameter for the hub: ``hub: HubOf``."""

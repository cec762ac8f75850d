"""The server's own error, and the HTTP status that answers each error a request can meet."""

from __future__ import annotations

from ..core.errors import AsobiError, BadRecordError
from ..store import GameInUseError, LinksHandedOutError, StoreError


class ServerError(AsobiError):
    """A request the server refuses; ``status`` is the HTTP status (and, on a WebSocket, part of
    the error message)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def status_of(error: Exception) -> int:
    """The HTTP status that answers ``error``: 409 for a game in use or links handed out already,
    503 when the store cannot be used, 404 for no such game, else the refusal's own or 400."""
    if isinstance(error, ServerError):
        return error.status
    if isinstance(error, GameInUseError | LinksHandedOutError):
        return 409
    if isinstance(error, StoreError):
        return 503
    if isinstance(error, BadRecordError) and "no such saved game" in str(error):
        return 404
    return 400

"""The server's own error: a request it refuses, with the HTTP status to answer."""

from __future__ import annotations

from ..core.errors import AsobiError


class ServerError(AsobiError):
    """A request the server refuses; ``status`` is the HTTP status (and, on a WebSocket, part of
    the error message)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status

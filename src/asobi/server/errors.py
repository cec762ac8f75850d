"""The server's errors, the HTTP status that answers each error a request can meet, and the text a
client is told: never a path on the server, a traceback or an exception's class name (the
server's log keeps those).

One kind of fault, one error type:

=============================== ====== =======================================================
error                           status the fault
=============================== ====== =======================================================
``ServerError``                 400    a malformed request or message, a value out of range
``ServerError``                 401    a seat's first message without its token
``ServerError``                 403    a token that opens no seat; spectators closed; a
                                       spectator acting
``HostOnlyError``               403    an act of the game's host without its host secret
``ServerError``, no such game   404    no such game
``TooLargeError``               413    a request body or message over its limit
``LimitError``                  429    more than one address may make (games a minute, open)
``GameInUseError``              409    the game is being played elsewhere; links handed out
``StoreError``                  503    the saved games cannot be used now
anything else (a bug)           500    "the server failed", logged with its traceback
=============================== ====== =======================================================
"""

from __future__ import annotations

from pathlib import Path

from ..core.errors import AsobiError, BadRecordError
from ..store import GameInUseError, LinksHandedOutError, StoreError


class ServerError(AsobiError):
    """A request the server refuses; ``status`` is the HTTP status (and, on a WebSocket, part of
    the error message)."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class HostOnlyError(ServerError):
    """Only the game's host may do this: the request lacks the game's host secret."""

    def __init__(self, message: str) -> None:
        super().__init__(message, status=403)


class LimitError(ServerError):
    """One client asked for more than the server allows one address (games made a minute, games
    open at once)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, status=429)


class TooLargeError(ServerError):
    """A request body or a message longer than the server reads."""

    def __init__(self, message: str) -> None:
        super().__init__(message, status=413)


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


NO_SUCH_GAME = "no such game"


def public_text(error: AsobiError, db_path: Path) -> str:
    """What a client is told of ``error``: its text with the server's file named only as "the
    server's database" (the log has the path)."""
    if isinstance(error, BadRecordError) and "no such saved game" in str(error):
        return NO_SUCH_GAME
    text = str(error)
    names = {str(db_path.absolute()), str(db_path), str(db_path.absolute().parent), str(db_path.parent)}
    for path in sorted(names, key=len, reverse=True):  # the file before its folder
        if len(path) > 1:
            text = text.replace(f" in {path}", "").replace(path, "the server's database")
    return text

"""``asobi serve``: play in the browser — a lobby, seats joined by secret links, bots as seats,
spectators — on the same saved-games store as the command line. See docs/server.md."""

from .app import UVICORN_LIMITS, create_app
from .limits import Limits

__all__ = ["UVICORN_LIMITS", "Limits", "create_app"]

"""``asobi serve``: play in the browser — a lobby, seats joined by secret links, bots as seats,
spectators — on the same saved-games store as the command line. See docs/server.md."""

from .app import create_app

__all__ = ["create_app"]

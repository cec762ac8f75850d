"""``asobi serve``: play in the browser."""

from __future__ import annotations

import click

from .common import db_option


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every network).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--bot-delay", type=click.FloatRange(min=0), default=0.3, show_default=True,
              help="Seconds to pause after each bot action, so that people can follow it.")
@click.option("--max-bot-seconds", type=click.FloatRange(min=0.01, max=3600), default=2.0, show_default=True,
              help="The longest a search bot a remote client seats may think per decision.")
@db_option
def serve(host: str, port: int, bot_delay: float, max_bot_seconds: float, db: str | None) -> None:
    """Play in the browser: a lobby, join links per seat, bots, spectators (API docs at /docs)."""
    import uvicorn

    from ..server import UVICORN_LIMITS, Limits, create_app

    app = create_app(db, bot_delay=bot_delay, limits=Limits(max_bot_seconds=max_bot_seconds))
    click.echo(f"asobi: open http://{host}:{port}/ (API: http://{host}:{port}/docs); Ctrl-C stops")
    uvicorn.run(app, host=host, port=port, log_level="warning", **UVICORN_LIMITS)

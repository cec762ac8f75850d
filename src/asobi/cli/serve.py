"""``asobi serve``: play in the browser."""

from __future__ import annotations

import click

from .common import db_option


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every network).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--bot-delay", type=click.FloatRange(min=0), default=0.3, show_default=True,
              help="Seconds to pause after each bot action, so that people can follow it.")
@db_option
def serve(host: str, port: int, bot_delay: float, db: str | None) -> None:
    """Play in the browser: a lobby, join links per seat, bots, spectators (API docs at /docs)."""
    import uvicorn

    from ..server import create_app

    app = create_app(db, bot_delay=bot_delay)
    click.echo(f"asobi: open http://{host}:{port}/ (API: http://{host}:{port}/docs); Ctrl-C stops")
    uvicorn.run(app, host=host, port=port, log_level="warning")

"""What several commands of the ``asobi`` tool share: options, the console, the store, progress."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..core.spec import GameSpec

if TYPE_CHECKING:
    from ..store import GameStore

LANGS = click.Choice(["en", "ja"])

db_option = click.option(
    "--db", type=click.Path(dir_okay=False), default=None, envvar="ASOBI_DB",
    help="Saved-games database (default: games.sqlite3 in your data directory; env ASOBI_DB).",
)


def console(stderr: bool = False) -> Console:
    """A console that does not squeeze tables to 80 columns when output goes to a file or pipe."""
    out = Console(stderr=stderr)
    return out if out.is_terminal else Console(stderr=stderr, width=140)


def progress_bar(*, disable: bool = False) -> Progress:
    """A progress bar on stderr that is gone once the work is done (output stays clean)."""
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=console(stderr=True), transient=True, disable=disable)


def non_default(spec: GameSpec, options: dict[str, Any]) -> str:
    """The options that differ from the game's defaults, as ``name=value`` (or ``defaults``)."""
    changed = [f"{o.name}={options[o.name]}" for o in spec.options if options.get(o.name, o.default) != o.default]
    return " ".join(changed) or "defaults"


def open_store(db: str | None) -> GameStore:
    """The saved-games store (imported only by the commands that use it)."""
    from ..store import GameStore

    return GameStore(db)

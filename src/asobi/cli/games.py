"""``asobi games``: the installed games, their seats, options and bots."""

from __future__ import annotations

import click
from rich.table import Table

from ..core.bots import bot_names
from ..core.registry import all_games
from .common import console


@click.command()
def games() -> None:
    """List the games, their seats, options and bots."""
    out = console()
    for spec in all_games():
        table = Table(title=f"{spec.id} — {spec.title_ja} / {spec.title_en} (rules version {spec.rules_version})",
                      show_header=True, title_justify="left")
        table.add_column("option")
        table.add_column("values")
        table.add_column("default")
        table.add_column("meaning")
        for o in spec.options:
            if o.choices is not None:
                values = ", ".join(map(str, o.choices))
            elif o.minimum is not None or o.maximum is not None:
                values = f"{o.minimum}–{o.maximum}"
            else:
                values = o.kind.__name__
            table.add_row(f"--{o.name.replace('_', '-')}", values, str(o.default), o.help_en)
        out.print(table)
        out.print(f"  bots: {', '.join(bot_names(spec))} (mcts and ismcts take parameters, "
                  "e.g. bot:ismcts:time=0.5:rollout=rule; parameters iters, time, rollout, depth, c, prior)\n")

"""``asobi games``: the installed games, their seats, options, levels and bots."""

from __future__ import annotations

import click
from rich.table import Table

from ..agents.names import search_defaults
from ..core.bots import bot_kinds, game_level
from ..core.hooks import LEVEL_NAMES, LEVELS
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
            table.add_row(f"--{o.name.replace('_', '-')}", values, str(o.default), o.full_help())
        out.print(table)
        levels = Table(title="levels (--seats bot:LEVEL; bot is normal)", show_header=True, title_justify="left")
        for col in ("level", "名前", "bot", "at most, a decision", "rating"):
            levels.add_column(col)
        for name in LEVELS:
            level = game_level(spec, name)
            levels.add_row(name, LEVEL_NAMES[name][0], level.bot, f"{level.seconds:g} s",
                           spec.levels.rating_text(level))
        out.print(levels)
        if spec.levels.ladder:
            out.print(f"  rated by: {spec.levels.ladder}")
        kinds = bot_kinds(spec)
        others = sorted({*spec.bot_names(), *kinds})
        out.print(f"  bots: {', '.join(others)} ({', '.join(kinds)} take parameters, e.g. "
                  "bot:ismcts:time=0.5:rollout=rule; a search's parameters are iters, time, rollout, depth, c, "
                  f"prior, reuse, value; this game's defaults: {search_defaults(spec)})\n")

"""The ``asobi`` command group: its commands, its one way of reporting an error, and the commands
only some games have."""

from __future__ import annotations

import sys
import warnings
from typing import Any

import click

from .. import __version__
from ..agents.names import LearnedValueWarning
from ..core.errors import AsobiError
from ..core.hooks import GameCommand
from ..core.registry import all_games
from .bench import bench
from .games import games
from .ladder import ladder
from .play import list_games, play, resume
from .replay import replay_cmd
from .rules import rules
from .serve import serve
from .simulate import balance_cmd, simulate, study_cmd
from .train import train


class AsobiGroup(click.Group):
    """Shows an :class:`AsobiError` as one clear line and exit status 2, and a bot that plays
    another in place of the one asked for as one ``warning:`` line; offers the commands only some
    games have (``spec.present.commands``) as ``asobi NAME GAME …``."""

    def invoke(self, ctx: click.Context) -> Any:
        with warnings.catch_warnings():
            shown = warnings.showwarning
            warnings.showwarning = lambda message, category, *where, **more: (
                click.echo(f"warning: {message}", err=True) if issubclass(category, LearnedValueWarning)
                else shown(message, category, *where, **more))
            try:
                return super().invoke(ctx)
            except AsobiError as e:
                click.echo(f"error: {e}", err=True)
                sys.exit(2)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *game_commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        by_game = game_commands().get(cmd_name)
        if not by_game:
            return None
        group = click.Group(cmd_name, help=f"{next(iter(by_game.values())).help} (games: {', '.join(sorted(by_game))})")
        for game_id, command in sorted(by_game.items()):
            group.add_command(command.command, game_id)
        return group


def game_commands() -> dict[str, dict[str, GameCommand]]:
    """Command name → game id → that game's :class:`~asobi.core.hooks.GameCommand`."""
    out: dict[str, dict[str, GameCommand]] = {}
    for spec in all_games():
        for command in spec.present.commands:
            out.setdefault(command.name, {})[spec.id] = command
    return out


@click.group(cls=AsobiGroup, commands=[games, rules, play, resume, list_games, serve, replay_cmd, simulate, balance_cmd,
                                       study_cmd, ladder, bench, train])
@click.version_option(__version__, prog_name="asobi")
def main() -> None:
    """asobi: play and study tabletop games — in the terminal, with bots, replays and simulations.

    Start with `asobi games`, then `asobi play GAME`.
    """

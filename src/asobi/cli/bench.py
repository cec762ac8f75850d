"""``asobi bench``: how fast the engine plays each game."""

from __future__ import annotations

import json
from typing import Any

import click
from rich.table import Table

from ..core.registry import all_games, get_game
from .common import console, non_default
from .game_options import GameOptionsCommand


@click.command(cls=GameOptionsCommand)
@click.argument("game", required=False)
@click.option("--runs", type=click.IntRange(min=1), default=5, show_default=True, help="Runs; each figure is their median.")
@click.option("--states", type=click.IntRange(min=10), default=2000, show_default=True, help="Mid-game states timed per run.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench(game: str | None, runs: int, states: int, as_json: bool, game_options: dict[str, Any]) -> None:
    """Measure engine speed: µs per step and per clone, steps/s and games/s (all games, or GAME)."""
    from ..sim.bench import bench as run_bench

    specs = [get_game(game)] if game else all_games()
    results = []
    for spec in specs:
        options = spec.local_options(game_options) if game else {}
        results.append(run_bench(spec, options, runs=runs, n_states=states))
    if as_json:
        click.echo(json.dumps([r.to_json() for r in results], ensure_ascii=False, indent=1))
        return
    table = Table(title=f"asobi bench — median of {runs} runs (Python {results[0].python if results else ''})",
                  title_justify="left")
    for col in ("game", "options", "µs/step", "µs/step mean", "µs/playout step", "µs/is_legal", "µs/clone",
                "µs/data copy", "µs/deepcopy", "steps/s", "games/s", "steps/game"):
        table.add_column(col, justify="right" if col.startswith(("µ", "steps", "games")) else "left")
    for r in results:
        table.add_row(r.game, non_default(get_game(r.game), r.options), f"{r.step_us:.2f}", f"{r.step_mean_us:.2f}",
                      f"{r.playout_step_us:.2f}", f"{r.is_legal_us:.2f}", f"{r.clone_us:.2f}", f"{r.data_copy_us:.2f}", f"{r.deepcopy_us:.0f}", f"{r.steps_per_s:,.0f}", f"{r.games_per_s:,.1f}",
                      f"{r.mean_game_steps:.0f}")
    console().print(table)

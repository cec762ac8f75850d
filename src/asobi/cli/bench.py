"""``asobi bench``: how fast the engine plays each game."""

from __future__ import annotations

import json
import statistics
from typing import TYPE_CHECKING, Any

import click
from rich.table import Table

from ..core.registry import all_games, get_game
from .common import console, non_default
from .game_options import GameOptionsCommand

if TYPE_CHECKING:
    from ..sim.bench import BenchResult


@click.command(cls=GameOptionsCommand)
@click.argument("game", required=False)
@click.option("--runs", type=click.IntRange(min=1), default=5, show_default=True, help="Runs; each figure is their median.")
@click.option("--states", type=click.IntRange(min=10), default=2000, show_default=True, help="Mid-game states timed per run.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench(game: str | None, runs: int, states: int, as_json: bool, game_options: dict[str, Any]) -> None:
    """Measure engine speed: µs per step and per clone, steps/s and games/s (all games, or GAME), each with its
    ratio to a reference timed in the same runs."""
    from ..sim.bench import bench as run_bench

    specs = [get_game(game)] if game else all_games()
    results = []
    for spec in specs:
        options = spec.local_options(game_options) if game else {}
        results.append(run_bench(spec, options, runs=runs, n_states=states))
    if as_json:
        click.echo(json.dumps([r.to_json() for r in results], ensure_ascii=False, indent=1))
        return
    first = results[0] if results else None
    title = f"asobi bench — µs, median of {runs} runs (Python {first.python if first else ''})"
    table = Table(title=title, title_justify="left", caption=_caption(results), caption_justify="left")
    for col in ("game", "options", "playout step", "÷ backgammon", "step", "step mean", "is_legal", "clone",
                "data copy", "deepcopy", "games/s", "steps/game"):
        table.add_column(col, justify="left" if col in ("game", "options") else "right")
    for r in results:
        ratio = r.per_reference
        gammon = f"{r.per_backgammon['playout_step_us']:.2f}" if r.per_backgammon else "—"
        table.add_row(r.game, non_default(get_game(r.game), r.options),
                      *(f"{getattr(r, name):.2f} ({ratio[name]:.2f})" for name in ("playout_step_us",)), gammon,
                      *(f"{getattr(r, name):.2f} ({ratio[name]:.2f})" for name in ("step_us", "step_mean_us",
                                                                                "is_legal_us", "clone_us")),
                      f"{r.data_copy_us:.2f}", f"{r.deepcopy_us:.0f}", f"{r.games_per_s:,.1f}",
                      f"{r.mean_game_steps:.0f}")
    console().print(table)


def _caption(results: list[BenchResult]) -> str:
    if not results:
        return ""
    reference = statistics.median(r.reference_step_us for r in results)
    gammons = [r.backgammon_step_us for r in results if r.backgammon_step_us is not None]
    text = (f"(n): the figure in steps of the built-in reference timed in the same runs (random tic-tac-toe "
            f"in plain Python, {reference:.2f} µs a step here); the ratios move less with the machine's load "
            "than the µs. ")
    if gammons:
        return text + (f"÷ backgammon: the playout step against OpenSpiel's backgammon (C++) in the same runs "
                       f"({statistics.median(gammons):.2f} µs a step here).")
    return text + "÷ backgammon needs OpenSpiel: pip install -e '.[interop]'."

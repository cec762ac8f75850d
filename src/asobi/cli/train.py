"""``asobi train GAME``: learn a value for search from recorded games (:mod:`asobi.sim.train`)."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path
from typing import Any

import click

from ..core.errors import AsobiError
from ..core.registry import get_game
from .common import progress_bar
from .game_options import GameOptionsCommand, game_option_words
from .simulate import bot_kinds


@click.command(name="train", cls=GameOptionsCommand)
@click.argument("game")
@click.argument("records", nargs=-1, required=True)
@click.option("--out", required=True, type=click.Path(dir_okay=False), help="The model file to write (JSON).")
@click.option("--play", "play", type=click.IntRange(min=1), default=None,
              help="First play this many games into RECORDS (one new file, which must not exist) with --bots.")
@click.option("--bots", help="With --play: the bots that play (as for simulate; default: the hard level).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of --play's games and of the positions picked from each game.")
@click.option("--positions", type=click.IntRange(min=1), default=32, show_default=True,
              help="Decisions picked at random from each game (each gives a row per seat).")
@click.option("--holdout", type=click.IntRange(min=2), default=5, show_default=True,
              help="Every Nth game is held out to measure the model, not fitted.")
@click.option("--c", "c", type=click.FloatRange(min=0, min_open=True), default=1.0, show_default=True,
              help="Inverse L2 regularisation (the logistic model's C; for --target margin, Ridge's alpha is 1/C).")
@click.option("--target", type=click.Choice(["outcome", "heuristic", "margin"]), default="outcome", show_default=True,
              help="What the model estimates: each seat's final score, the game's heuristic at the end "
                   "(for a game whose games mostly end drawn), or each seat's final margin (a least-squares "
                   "model in the margin's units, for a lookahead's playouts cut short: lookahead:depth=D:value=PATH).")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: all cores).")
@click.option("--cluster", metavar="ADDRESS",
              help="Play and replay on a Ray cluster (as for simulate; needs the 'cluster' extra).")
def train(game: str, records: tuple[str, ...], out: str, play: int | None, bots: str | None, seed: int,
          positions: int, holdout: int, c: float, target: str, jobs: int | None, cluster: str | None,
          game_options: dict[str, Any]) -> None:
    """Learn a value for GAME's search from the games in RECORDS (`asobi simulate --out` files).

    Writes a model file with the command that made it, the records' hash, the game's rules
    version and data hash; a search bot uses it with value=PATH (or the game's shipped one with
    value=learned). Needs the 'train' extra (scikit-learn). Example:
    asobi train GAME games.jsonl --play 200 --bots hard:iters=30 --out value.json
    """
    from ..sim.batch import run_batch
    from ..sim.train import header_text, train_model

    spec = get_game(game)
    jobs = jobs or os.cpu_count() or 1
    if play is not None:
        if len(records) != 1:
            raise AsobiError("--play writes its games into one RECORDS file: give exactly one")
        if Path(records[0]).exists():
            raise AsobiError(f"{records[0]} exists already: --play writes a new file (or leave out --play to "
                             "train on it)")
        options = spec.local_options(game_options)
        kinds = bot_kinds(spec, bots or "hard", len(spec.seat_names(options)))
        with open(records[0], "w", encoding="utf-8") as sink, progress_bar() as progress:
            task = progress.add_task(f"{spec.id}: playing ×{play}", total=play)

            def done(r: Any) -> None:
                sink.write(json.dumps(r.to_line(), ensure_ascii=False) + "\n")
                progress.advance(task)

            run_batch(spec.id, options, kinds, play, seed, jobs, done, cluster=cluster, record=True)
    elif bots or game_options:
        raise AsobiError("--bots and game options go with --play (the records hold their own)")
    for path in records:
        if not Path(path).is_file():
            raise AsobiError(f"{path}: no such records file")
    command = shlex.join([
        "asobi", "train", spec.id, *records, "--out", out,
        *(["--play", str(play), "--bots", bots or "hard", *game_option_words(game_options)] if play else []),
        "--seed", str(seed), "--positions", str(positions), "--holdout", str(holdout), "--c", f"{c:g}", "--target", target,
    ])
    with progress_bar() as progress:
        task = progress.add_task(f"{spec.id}: replaying", total=None)
        header = train_model(spec, records, out, command, positions=positions, seed=seed, holdout=holdout, c=c,
                             target=target, processes=jobs, cluster=cluster, on_game=lambda: progress.advance(task))
    click.echo(header_text(header))
    click.echo(f"model written to {out} ({Path(out).stat().st_size:,} bytes)")

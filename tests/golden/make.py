"""Record a golden playthrough: a full bot game whose log CI replays and compares.

    python tests/golden/make.py GAME --seed N --bots rule,rule [--name NAME] [game options ...]

writes ``tests/golden/NAME.record.json`` and ``NAME.log.en.txt`` / ``NAME.log.ja.txt`` (the
all-seeing log). Re-record only when a rules change is meant to change the game, and bump the
game's rules version then. The bots play as they do today, so the same seed and bots may play
another game than the one a file holds; the golden test replays the file's actions, not the bots.
``--help`` after GAME lists the game's options.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from asobi.cli.game_options import GameOptionsCommand
from asobi.core import get_game
from asobi.core.match import Match

HERE = Path(__file__).parent


@click.command(cls=GameOptionsCommand, help=__doc__)
@click.argument("game")
@click.option("--seed", type=int, required=True)
@click.option("--bots", required=True, help="one bot name per seat, comma-separated")
@click.option("--name", help="file name stem (default: the game id)")
def main(game: str, seed: int, bots: str, name: str | None, game_options: dict[str, Any]) -> None:
    spec = get_game(game)
    options = spec.local_options(game_options)
    match = Match(spec, spec.validate_options(options), [f"bot:{b}" for b in bots.split(",")], seed=seed,
                  journal=False)
    match.play()
    record, state = match.record(), match.state
    stem = name or spec.id
    (HERE / f"{stem}.record.json").write_text(record.dumps() + "\n", encoding="utf-8")
    for lang in ("en", "ja"):
        (HERE / f"{stem}.log.{lang}.txt").write_text("\n".join(spec.log_texts(state, None, lang)) + "\n", encoding="utf-8")
    outcome = state.outcome()
    print(f"{stem}: {len(record.actions)} actions, {len(state.log)} events;", outcome.render(spec) if outcome else "unfinished")


if __name__ == "__main__":
    main()

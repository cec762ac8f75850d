"""Record a golden playthrough: a full bot game whose log CI replays and compares.

    python tests/golden/make.py GAME --seed N --bots rule,rule [--name NAME] [--option value ...]

writes ``tests/golden/NAME.record.json`` and ``NAME.log.en.txt`` / ``NAME.log.ja.txt`` (the
all-seeing log). Re-record only when a rules change is meant to change the game, and bump the
game's rules version then.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from asobi.cli import parse_game_options
from asobi.core import get_game
from asobi.core.match import Match

HERE = Path(__file__).parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--bots", required=True, help="one bot name per seat, comma-separated")
    parser.add_argument("--name", help="file name stem (default: the game id)")
    args, rest = parser.parse_known_args()
    spec = get_game(args.game)
    options = parse_game_options(spec, rest)
    match = Match(spec, spec.validate_options(options), [f"bot:{b}" for b in args.bots.split(",")], seed=args.seed,
                  journal=False)
    match.play()
    record, state = match.record(), match.state
    stem = args.name or spec.id
    (HERE / f"{stem}.record.json").write_text(record.dumps() + "\n", encoding="utf-8")
    for lang in ("en", "ja"):
        (HERE / f"{stem}.log.{lang}.txt").write_text("\n".join(spec.log_texts(state, None, lang)) + "\n", encoding="utf-8")
    outcome = state.outcome()
    print(f"{stem}: {len(record.actions)} actions, {len(state.log)} events;", outcome.render(spec) if outcome else "unfinished")


if __name__ == "__main__":
    main()

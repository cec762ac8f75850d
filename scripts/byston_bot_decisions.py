#!/usr/bin/env python3
"""A fingerprint of the decisions byston's bots take: whether a change to a bot changed any.

    .venv/bin/python scripts/byston_bot_decisions.py [--games N] [--seed S] [--bots normal hard]
    PYTHONPATH=/path/to/older/src .venv/bin/python scripts/byston_bot_decisions.py    # an older tree

Plays the first N games of ``asobi simulate byston --seed S --bots LEVEL`` (the same seeds, the
one ``Match`` loop, unchecked, as a batch plays them) for each level, one process, and prints per
level a hash of every game's whole action list (each seat's decisions and every chance outcome,
in order) and the number of actions. Two trees whose lines match played the same games action for
action. The games read the byston data of the tree, so compare trees with the same data (the line
``data`` prints its hash). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from typing import Any

from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.sim.batch import game_seed


def fingerprint(level: str, games: int, seed: int, players: int) -> tuple[str, int]:
    spec = get_game("byston")
    options: dict[str, Any] = spec.validate_options({"players": players})
    digest = hashlib.sha256()
    actions = 0
    for i in range(games):
        match = Match(
            spec, options, [f"bot:{level}"] * players, seed=game_seed(seed, i), journal=False, checked=False
        )
        match.play()
        digest.update(json.dumps([list(a) for a in match.actions], separators=(",", ":")).encode())
        digest.update(b"\n")
        actions += len(match.actions)
    return digest.hexdigest()[:16], actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--bots", nargs="+", default=["normal", "hard"], metavar="LEVEL")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    spec = get_game("byston")
    hooks = spec.records
    print(f"data {hooks.data_hash() if hooks is not None and hooks.data_hash is not None else '-'}")
    for level in args.bots:
        try:
            digest, actions = fingerprint(level, args.games, args.seed, args.players)
        except (KeyError, ValueError) as exc:
            parser.error(f"bot level {level!r}: {exc}")
        print(
            f"{level}: games {args.games} seed {args.seed} players {args.players}: actions {actions} hash {digest}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

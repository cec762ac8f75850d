#!/usr/bin/env python3
"""Our games' playout step beside two of OpenSpiel's games through the same loop, interleaved: a
figure to compare across machines whose speed differs (a VM can run 1.5× slower one hour than the
next, which moves every µs figure alike but leaves the ratios).

    .venv/bin/python scripts/bench_reference.py [--rounds R] [--seconds S] [--games emblem,legion,byston]

Each round plays whole random games of every game in turn for about S seconds each — list the
legal actions, pick one with a single ``random()`` scaled to the list, apply; at a chance node
pick an outcome by its odds with one ``random()`` — and counts µs per step (new games included).
The games: asobi's (default options: legion with 3 players, byston with 4) through
``asobi.sim.bench.random_playout``,
OpenSpiel's backgammon (C++, chance at every turn) and its tic-tac-toe written in Python
(``python_tic_tac_toe``) through the same loop written for ``pyspiel`` states (``asobi.sim.reference``). ``asobi bench`` times
the built-in reference and backgammon beside each game in every run; this script compares
the games with each other and with Python tic-tac-toe as OpenSpiel writes it. Prints, per game,
the median and range of the rounds, and each of ours as a ratio to backgammon and to Python
tic-tac-toe in the same round. Needs the ``interop`` extra (``pip install -e '.[interop]'``).
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from functools import partial
from random import Random


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", default="emblem,legion,byston", help="asobi's games to run, by id")
    args = parser.parse_args()
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[interop]'", file=sys.stderr)
        return 2
    from asobi.core.registry import UnknownGameError, get_game
    from asobi.sim.bench import random_playout
    from asobi.sim.reference import spiel_playout, us_per_step

    try:
        ours = {name: get_game(name) for name in args.games.split(",")}
    except UnknownGameError as e:
        print(e, file=sys.stderr)
        return 2
    options = {name: spec.validate_options({}) for name, spec in ours.items()}
    theirs = {"backgammon": pyspiel.load_game("backgammon"), "python_tic_tac_toe": pyspiel.load_game("python_tic_tac_toe")}
    playouts: dict[str, Callable[[Random], int]] = {
        **{name: partial(random_playout, spec, options[name]) for name, spec in ours.items()},
        **{name: partial(spiel_playout, game) for name, game in theirs.items()},
    }
    figures: dict[str, list[float]] = {name: [] for name in playouts}
    for round_ in range(args.rounds):
        for name, playout in playouts.items():
            figures[name].append(us_per_step(playout, args.seconds, seed=round_ + 1))
    print(f"µs per playout step, {args.rounds} rounds of {args.seconds:g} s per game (median, range):")
    for name, values in figures.items():
        print(f"  {name:20} {statistics.median(values):7.2f}  ({min(values):.2f}–{max(values):.2f})")
    for reference in theirs:
        print(f"as a share of {reference} in the same round (median, range):")
        for name in ours:
            ratios = [a / b for a, b in zip(figures[name], figures[reference], strict=True)]
            print(f"  {name:20} {statistics.median(ratios):7.3f}  ({min(ratios):.3f}–{max(ratios):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

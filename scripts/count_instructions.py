#!/usr/bin/env python3
"""Instructions per playout step (or per clone), counted by valgrind's callgrind: a speed figure
that a busy machine does not change, for comparing two versions of the engine.

Only the work inside the measured part is counted (callgrind collects inside
``functools.reduce``, which runs the playouts or the clones and nothing else), with
``PYTHONHASHSEED=0`` so that the same games are played every run.

    .venv/bin/python scripts/count_instructions.py legion 100          # per step, 100 random playouts
    .venv/bin/python scripts/count_instructions.py legion 10 --clones  # per clone, 500 states × 10
    .venv/bin/python scripts/count_instructions.py byston 4 --option players=2
    .venv/bin/python scripts/count_instructions.py legion 100 --muted  # the log muted, as in a rollout

Needs valgrind (``apt-get install valgrind``). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import functools
import sys
from random import Random

import callgrind


def measured(game: str, n: int, clones: bool, raw_options: list[str], muted: bool = False) -> int:
    """Run the measured part (in the child valgrind runs) and return how many units it did."""
    from asobi.core.registry import get_game
    from asobi.sim.bench import collect_states, random_playout

    spec = get_game(game)
    options = spec.validate_options(dict(_option(o) for o in raw_options))
    if clones:
        states = collect_states(spec, options, 500, 1)

        def clone_all(done: int, _: int) -> int:
            for state in states:
                state.clone()
            return done + len(states)

        return functools.reduce(clone_all, range(n), 0)
    rng = Random(7)
    random_playout(spec, options, Random(1), muted)  # warm the caches outside the count
    return functools.reduce(lambda done, _: done + random_playout(spec, options, rng, muted), range(n), 0)


def _option(text: str) -> tuple[str, object]:
    name, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return name, kind(value)
        except ValueError:
            pass
    return name, {"true": True, "false": False}.get(value.lower(), value)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("n", type=int, help="playouts (or rounds of 500 clones)")
    parser.add_argument("--clones", action="store_true", help="count clones of 500 mid-game states instead")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--muted", action="store_true", help="playouts with the log muted, as a search's rollouts")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print("units", measured(args.game, args.n, args.clones, args.option, args.muted))
        return 0
    child = [args.game, str(args.n)]
    child += ["--clones"] if args.clones else []
    child += ["--muted"] if args.muted else []
    child += [f"--option={o}" for o in args.option]
    (count,), counted = callgrind.instructions(__file__, child, "units")
    unit = "clone" if args.clones else "step"
    print(f"{args.game}: {count} {unit}s, {counted // count} instructions per {unit}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

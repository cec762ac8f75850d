#!/usr/bin/env python3
"""Instructions per search iteration of search bots, counted by valgrind's callgrind: what a
learned value at the leaves costs the search (compare ``hard`` with ``hard:value=learned``).

The positions are the same for every bot: the rule bots play a game from a fixed seed, and every
seventh decision with a choice (up to 12) is searched once by each bot, from a fresh bot (no kept
tree). Only the searches are counted (callgrind collects inside ``functools.reduce``), with
``PYTHONHASHSEED=0``.

    .venv/bin/python scripts/leaf_cost.py emblem hard:iters=100 hard:iters=100:value=learned

Needs valgrind (``apt-get install valgrind``). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import functools
import sys
from random import Random

import callgrind


def positions(game: str) -> list:
    from asobi.core.registry import get_game

    spec = get_game(game)
    options = spec.validate_options({})
    state = spec.new_state(options)
    rng = Random(3)
    rule = {seat: spec.bots["rule"](seat, seat, options) for seat in range(state.n_seats)}
    found = []
    step = 0
    while state.current_seat >= -1 and len(found) < 12:
        if state.current_seat == -1:
            state.apply(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1 and step % 7 == 0:
            found.append(state.clone())
        step += 1
        state.apply(rule[state.current_seat].act(spec.observe(state, state.current_seat)))
    return found


def measured(game: str, bot: str) -> int:
    """Search every position once with ``bot``; the iterations done."""
    from asobi.core.bots import make_bot
    from asobi.core.registry import get_game

    spec = get_game(game)
    options = spec.validate_options({})
    states = positions(game)
    make_bot(spec, bot, 0, 1, options)  # load a model outside the count

    def search(done: int, state) -> int:
        seat = state.current_seat
        agent = make_bot(spec, bot, seat, 1, options)
        agent.act(spec.observe(state, seat))
        return done + agent.stats.iterations

    return functools.reduce(search, states, 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("bots", nargs="+", help="search bots to compare (iteration budgets only)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print("units", measured(args.game, args.bots[0]))
        return 0
    first = None
    for bot in args.bots:
        (iterations,), counted = callgrind.instructions(__file__, [args.game, bot], "units")
        per = counted / iterations
        first = first or per
        print(f"{args.game} {bot}: {iterations} iterations, {per:,.0f} instructions per iteration "
              f"({first / per:.2f} of the first bot's iterations in the same instructions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Random rollouts with and without the log: the same playouts (same generator, same start) timed
in alternating runs (CPU time of the process, which other jobs on the machine disturb less than
the wall clock), the state's log kept in one and muted in the other. Not part of the suite.

    .venv/bin/python tests/agents/bench_rollout.py --game emblem --playouts 30 --runs 5
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
from random import Random

from asobi.agents.evaluate import random_rollout
from asobi.core.registry import get_game


def timed(game: str, options: dict, playouts: int, mute: bool) -> tuple[float, list[list[float]]]:
    spec = get_game(game)
    options = spec.validate_options(options)
    rollout = random_rollout(spec.info.max_steps, mute=mute)
    starts = [spec.new_state(options) for _ in range(playouts)]
    gc.collect()
    started = time.process_time()
    values = [rollout(state, Random(i)) for i, state in enumerate(starts)]
    return (time.process_time() - started) / playouts, values


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="emblem")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--playouts", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    options = {"players": args.players} if args.players else {}
    results: dict[bool, list[float]] = {True: [], False: []}
    for _ in range(args.runs):
        for mute in (False, True):
            seconds, values = timed(args.game, options, args.playouts, mute)
            results[mute].append(seconds)
            results.setdefault(("values", mute), values)  # type: ignore[call-overload]
    same = results[("values", False)] == results[("values", True)]  # type: ignore[index]
    for mute in (False, True):
        ms = [x * 1000 for x in results[mute]]
        print(f"{args.game} log {'muted' if mute else 'kept '}: ms per playout mean {statistics.mean(ms):.2f} "
              f"median {statistics.median(ms):.2f} (runs: {', '.join(f'{x:.1f}' for x in ms)})")
    print("same values with and without the log:", same)


if __name__ == "__main__":
    main()

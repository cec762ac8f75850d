#!/usr/bin/env python3
"""What the adapters cost beside the engine: each adapter's step as a ratio to the native step on
the same games, in one process, interleaved (a busy machine moves both alike and leaves the ratio).

    .venv/bin/python scripts/bench_adapters.py [--rounds R] [--games ID,ID] [--plays N]

Each round plays the same random games (same seeds) natively and through each adapter, in turn
(the order alternates from game to game), and divides the adapter's time by the native time. A
round records its AEC games first, then plays the pyspiel comparison's games, then the
PettingZoo comparison's, so that neither side of a comparison follows the other comparison's work:

- **pyspiel step**: a whole random game through ``pyspiel`` (``is_terminal``, ``is_chance_node``,
  ``legal_actions`` or ``chance_outcomes``, ``apply_action``), against the same loop on the game
  state (``legal_actions`` or ``chance_outcomes``, ``apply_unchecked``); chance by one
  ``random()`` against the cumulative odds in both.
- **PettingZoo ``last()``** and **PettingZoo step**: a random game through the AEC environment
  (``last()`` then ``step(id)``, the id picked from the mask) is recorded, then replayed twice,
  with ``last()`` before each step and without: ``last()`` costs the difference, a step the
  replay without it, each per decision ÷ the native step on the same game (chance from the
  environment's seeded source, decisions by the same pick; a native step is one
  list-and-apply, chance or decision).

Times are the process's CPU time (``time.process_time``) over whole games.

``--instructions N`` counts instead, with valgrind's callgrind, the instructions of N random games
(seeds 0..N-1) played natively and through ``pyspiel`` (the same games: the same loop and picks),
each in a process of its own under ``PYTHONHASHSEED=0`` (only the games are counted: callgrind
collects inside ``functools.reduce``), and prints instructions per step and their ratio: a figure
a busy machine does not move, for comparing two versions of the adapter.

Prints, per game and figure, the mean and median of the rounds' ratios and their range. Needs the
``interop`` extra. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from random import Random
from typing import Any

import callgrind
import numpy as np

ROUND_SECONDS = 0.1
"""A round plays as many games of each as take this long natively (at least 3)."""

clock = time.process_time
"""The CPU time of this process: on a shared machine, the time others take is not counted (a
wall clock counts it, and moved a round's ratio by 2× under a load of 8 on 2 cores)."""


def native_playout(spec: Any, options: Any, rng: Random) -> int:
    """One random game on the game state, chance by one ``random()`` against the cumulative odds."""
    from asobi.core import CHANCE, TERMINAL

    state = spec.new_state(options)
    random = rng.random
    steps = 0
    while True:
        seat = state.current_seat
        if seat == TERMINAL:
            return steps
        if seat == CHANCE:
            r = random()
            outcomes = state.chance_outcomes()
            action = outcomes[-1][0]
            for outcome, p in outcomes:
                r -= p
                if r < 0:
                    action = outcome
                    break
            state.apply_unchecked(action)
        else:
            legal = state.legal_actions()
            state.apply_unchecked(legal[int(random() * len(legal))])
        steps += 1


def native_sampled_playout(spec: Any, options: Any, seed: int, pick: Random) -> int:
    """The game an AEC environment reset with ``seed`` plays when each decision is
    ``pick``-ed from the legal ids: chance from the same seeded source, the same pick."""
    from asobi.core import CHANCE, TERMINAL
    from asobi.core.seeding import chance_source

    state = spec.new_state(options)
    chance = chance_source(seed)
    random = pick.random
    steps = 0
    while True:
        seat = state.current_seat
        if seat == TERMINAL:
            return steps
        if seat == CHANCE:
            state.apply_unchecked(state.sample_chance(chance))
        else:
            legal = state.legal_actions()
            state.apply_unchecked(legal[int(random() * len(legal))])
        steps += 1


def aec_record(env: Any, seed: int, pick: Random) -> list[int | None]:
    """The steps of one random game through the AEC environment (each decision picked from the
    mask by ``pick``; ``None`` for an agent whose game is over), to replay."""
    random = pick.random
    env.reset(seed=seed)
    steps: list[int | None] = []
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            steps.append(None)
        else:
            legal = np.flatnonzero(obs["action_mask"])
            steps.append(int(legal[int(random() * len(legal))]))
        env.step(steps[-1])
    return steps


def aec_replay(env: Any, seed: int, steps: list[int | None], last: bool) -> int:
    """The recorded game again, ``last()`` asked before each step or not; returns the decisions."""
    env.reset(seed=seed)
    step = env.step
    if last:
        ask = env.last
        for action in steps:
            ask()
            step(action)
    else:
        for action in steps:
            step(action)
    return sum(a is not None for a in steps)


def _timed(run: Callable[[], int]) -> tuple[float, int]:
    t0 = clock()
    n = run()
    return clock() - t0, n


def bench_game(game_id: str, rounds: int, plays: int) -> dict[str, list[float]]:
    import pyspiel

    import asobi.interop.openspiel  # noqa: F401  (registers the games with pyspiel)
    from asobi.core.registry import get_game
    from asobi.interop.pettingzoo import raw_env
    from asobi.sim.reference import spiel_playout

    spec = get_game(game_id)
    options = spec.validate_options({})
    game = pyspiel.load_game(f"asobi_{game_id}")
    env = raw_env(game_id)
    ratios: dict[str, list[float]] = {"pyspiel step": [], "PettingZoo last()": [], "PettingZoo step": []}
    native_playout(spec, options, Random(0))  # warm caches (and the codec's ids) outside the count
    spiel_playout(game, Random(0))
    aec_record(env, 0, Random(0))
    for r in range(rounds):
        # Each game is played by every side of a comparison one after the other, the order
        # alternating, so that a change of load falls on all. The AEC games are recorded first
        # and each comparison plays all its games in a run of its own, so that no side follows
        # the other comparison's work, whose code and data push the adapter's out of the
        # processor's caches (docs/interop.md).
        seconds = dict.fromkeys(("native", "spiel", "native_aec", "aec_last", "aec"), 0.0)
        steps = dict.fromkeys(seconds, 0)
        seeds = [r * 1000 + k for k in range(plays)]
        recorded = {seed: aec_record(env, seed, Random(seed + 1)) for seed in seeds}
        groups: list[list[list[tuple[str, Callable[[], int]]]]] = [
            [
                [
                    ("native", lambda seed=seed: native_playout(spec, options, Random(seed))),
                    ("spiel", lambda seed=seed: spiel_playout(game, Random(seed))),
                ]
                for seed in seeds
            ],
            [
                [
                    (
                        "native_aec",
                        lambda seed=seed: native_sampled_playout(spec, options, seed, Random(seed + 1)),
                    ),
                    ("aec_last", lambda seed=seed, rec=recorded[seed]: aec_replay(env, seed, rec, True)),
                    ("aec", lambda seed=seed, rec=recorded[seed]: aec_replay(env, seed, rec, False)),
                ]
                for seed in seeds
            ],
        ]
        for comparison in groups:
            for k, sides in enumerate(comparison):
                for name, run in sides if (r + k) % 2 == 0 else reversed(sides):
                    elapsed, n = _timed(run)
                    seconds[name] += elapsed
                    steps[name] += n
        if steps["spiel"] != steps["native"]:
            raise AssertionError(f"{game_id}: pyspiel played {steps['spiel']} steps, native {steps['native']}")
        ratios["pyspiel step"].append(seconds["spiel"] / seconds["native"])
        native_step = seconds["native_aec"] / steps["native_aec"]
        decisions = steps["aec"]
        ratios["PettingZoo last()"].append((seconds["aec_last"] - seconds["aec"]) / decisions / native_step)
        ratios["PettingZoo step"].append(seconds["aec"] / decisions / native_step)
    return ratios


def plays_for(game_id: str) -> int:
    """How many random games of ``game_id`` take :data:`ROUND_SECONDS` natively (at least 3)."""
    from asobi.core.registry import get_game

    spec = get_game(game_id)
    options = spec.validate_options({})
    native_playout(spec, options, Random(0))
    t0 = clock()
    plays = 0
    while clock() - t0 < ROUND_SECONDS:
        native_playout(spec, options, Random(plays))
        plays += 1
    return max(3, plays)


def counted(game_id: str, how: str, n: int) -> int:
    """Play ``n`` random games ``how`` (``native`` or ``spiel``) inside ``functools.reduce`` (what
    callgrind counts, in the child valgrind runs); the steps played."""
    import functools

    import pyspiel

    import asobi.interop.openspiel  # noqa: F401  (registers the games with pyspiel)
    from asobi.core.registry import get_game
    from asobi.sim.reference import spiel_playout

    spec = get_game(game_id)
    options = spec.validate_options({})
    game = pyspiel.load_game(f"asobi_{game_id}")
    play: Callable[[int], int]
    if how == "native":
        native_playout(spec, options, Random(n))  # warm caches outside the count (a game not counted)

        def play(seed: int) -> int:
            return native_playout(spec, options, Random(seed))
    else:
        spiel_playout(game, Random(n))

        def play(seed: int) -> int:
            return spiel_playout(game, Random(seed))

    return functools.reduce(lambda done, seed: done + play(seed), range(n), 0)


def count_instructions(game_id: str, n: int) -> dict[str, tuple[int, int]]:
    """``native`` and ``spiel``: (steps, instructions) of ``n`` random games, counted by callgrind."""
    out = {}
    for how in ("native", "spiel"):
        (steps,), counted = callgrind.instructions(__file__, [how, game_id, str(n)], "steps")
        out[how] = (steps, counted)
    return out


def main() -> int:
    if sys.argv[1:2] == ["--child"]:
        print("steps", counted(sys.argv[3], sys.argv[2], int(sys.argv[4])))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="count instructions of N games natively and through pyspiel (callgrind) instead")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--games", default="", help="games to run, by id (default: every installed game)")
    parser.add_argument(
        "--plays", type=int, default=0, help=f"games a round plays of each (default: {ROUND_SECONDS} s of them natively)"
    )
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[interop]'", file=sys.stderr)
        return 2
    from asobi.core import AsobiError
    from asobi.core.registry import game_ids

    if args.instructions > 0:
        print(f"instructions per step, {args.instructions} random games (PYTHONHASHSEED=0):")
        for game_id in args.games.split(",") if args.games else game_ids():
            found = count_instructions(game_id, args.instructions)
            (steps, native), (spiel_steps, spiel) = found["native"], found["spiel"]
            if steps != spiel_steps:
                print(f"{game_id}: pyspiel played {spiel_steps} steps, native {steps}", file=sys.stderr)
                return 1
            print(f"  {game_id:8} {steps} steps  native {native // steps:,}  pyspiel {spiel // steps:,}  "
                  f"ratio {spiel / native:.3f}")
        return 0
    print(f"adapter ÷ native, {args.rounds} rounds (mean, median, range):")

    for game_id in args.games.split(",") if args.games else game_ids():
        try:
            plays = args.plays or plays_for(game_id)
            ratios = bench_game(game_id, args.rounds, plays)
        except AsobiError as e:
            print(f"{game_id}: {e}", file=sys.stderr)
            return 2
        print(f"  {game_id}: {plays} games a round")
        for name, values in ratios.items():
            print(
                f"  {game_id:8} {name:18} {statistics.fmean(values):5.2f} {statistics.median(values):5.2f}"
                f"  ({min(values):.2f}–{max(values):.2f})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

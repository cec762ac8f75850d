#!/usr/bin/env python3
"""What the adapters cost beside the engine: each adapter's step as a ratio to the native step on
the same games, in one process, interleaved (a busy machine moves both alike and leaves the ratio).

    .venv/bin/python scripts/bench_adapters.py [--rounds R] [--games legion,emblem,byston] [--plays N]

Each round plays the same random games (same seeds) natively and through each adapter, in turn
(the order alternates from round to round), and divides the adapter's time by the native time:

- **pyspiel step**: a whole random game through ``pyspiel`` (``is_terminal``, ``is_chance_node``,
  ``legal_actions`` or ``chance_outcomes``, ``apply_action``), against the same loop on the game
  state (``legal_actions`` or ``chance_outcomes``, ``apply_unchecked``); chance by one
  ``random()`` against the cumulative odds in both.
- **PettingZoo ``last()``** and **PettingZoo step**: a whole random game through the AEC
  environment (``last()`` then ``step(id)``; the action picked from the mask), timing ``last()``
  and ``step`` separately, against the native loop playing the same game (chance from the
  environment's seeded source, decisions by the same pick): a native step is one list-and-apply,
  chance or decision, so each figure is per decision ÷ per native step.

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

import numpy as np

PLAYS = {"legion": 12, "emblem": 3, "byston": 3}
"""Games a round plays of each, about a tenth of a second natively."""


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


def spiel_playout(game: Any, rng: Random) -> int:
    """The same game through ``pyspiel`` (as ``scripts/bench_reference.py`` plays OpenSpiel's)."""
    state = game.new_initial_state()
    random = rng.random
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            r = random()
            outcomes = state.chance_outcomes()
            action = outcomes[-1][0]
            for outcome, p in outcomes:
                r -= p
                if r < 0:
                    action = outcome
                    break
            state.apply_action(action)
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(random() * len(legal))])
        steps += 1
    return steps


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


def aec_playout(env: Any, seed: int, pick: Random, clock: list[float]) -> int:
    """One random game through the AEC environment; adds the time in ``last()`` and in ``step`` to
    ``clock``; returns the decisions."""
    now = time.perf_counter
    random = pick.random
    env.reset(seed=seed)
    decisions = 0
    last_s = step_s = 0.0
    for _ in env.agent_iter():
        t0 = now()
        obs, _, terminated, truncated, _ = env.last()
        t1 = now()
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[int(random() * len(legal))])
            decisions += 1
        t2 = now()
        env.step(action)
        t3 = now()
        last_s += t1 - t0
        step_s += t3 - t2
    clock[0] += last_s
    clock[1] += step_s
    return decisions


def _timed(run: Callable[[], int]) -> tuple[float, int]:
    t0 = time.perf_counter()
    n = run()
    return time.perf_counter() - t0, n


def bench_game(game_id: str, rounds: int, plays: int) -> dict[str, list[float]]:
    import pyspiel

    import asobi.interop.openspiel  # noqa: F401  (registers the games with pyspiel)
    from asobi.core.registry import get_game
    from asobi.interop.pettingzoo import raw_env

    spec = get_game(game_id)
    options = spec.validate_options({})
    game = pyspiel.load_game(f"asobi_{game_id}")
    env = raw_env(game_id)
    ratios: dict[str, list[float]] = {"pyspiel step": [], "PettingZoo last()": [], "PettingZoo step": []}
    native_playout(spec, options, Random(0))  # warm caches (and the codec's ids) outside the count
    spiel_playout(game, Random(0))
    aec_playout(env, 0, Random(0), [0.0, 0.0])
    for r in range(rounds):
        # Each game is played by both sides of a pair one after the other, the order alternating,
        # so that a change of load falls on both.
        seconds = dict.fromkeys(("native", "spiel", "native_aec", "aec"), 0.0)
        steps = dict.fromkeys(seconds, 0)
        clock = [0.0, 0.0]
        for k in range(plays):
            seed = r * 1000 + k
            pair_runs: list[tuple[tuple[str, Callable[[], int]], tuple[str, Callable[[], int]]]] = [
                (
                    ("native", lambda seed=seed: native_playout(spec, options, Random(seed))),
                    ("spiel", lambda seed=seed: spiel_playout(game, Random(seed))),
                ),
                (
                    ("native_aec", lambda seed=seed: native_sampled_playout(spec, options, seed, Random(seed + 1))),
                    ("aec", lambda seed=seed, clock=clock: aec_playout(env, seed, Random(seed + 1), clock)),
                ),
            ]
            for pair in pair_runs:
                for name, run in pair if (r + k) % 2 == 0 else reversed(pair):
                    elapsed, n = _timed(run)
                    seconds[name] += elapsed
                    steps[name] += n
        if steps["spiel"] != steps["native"]:
            raise AssertionError(f"{game_id}: pyspiel played {steps['spiel']} steps, native {steps['native']}")
        ratios["pyspiel step"].append(seconds["spiel"] / seconds["native"])
        native_step = seconds["native_aec"] / steps["native_aec"]
        ratios["PettingZoo last()"].append(clock[0] / steps["aec"] / native_step)
        ratios["PettingZoo step"].append(clock[1] / steps["aec"] / native_step)
    return ratios


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--games", default="legion,emblem,byston", help="games to run, by id")
    parser.add_argument("--plays", type=int, default=0, help="games a round plays of each (default: per game)")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed: pip install -e '.[interop]'", file=sys.stderr)
        return 2
    print(f"adapter ÷ native, {args.rounds} rounds (mean, median, range):")
    for game_id in args.games.split(","):
        ratios = bench_game(game_id, args.rounds, args.plays or PLAYS.get(game_id, 3))
        for name, values in ratios.items():
            print(
                f"  {game_id:8} {name:18} {statistics.fmean(values):5.2f} {statistics.median(values):5.2f}"
                f"  ({min(values):.2f}–{max(values):.2f})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Speed figures for the engine as it stands: ``python -m tests.byston.bench``.

Clone: mid-game states sampled from random games, each cloned 200 times, best of 5 repeats per
state; mean and median over the states. Playout: whole random games (uniform choices, chance by
its probabilities, ``apply_unchecked``), mean and median µs per step over the games. Each figure
is printed for three runs.
"""

from __future__ import annotations

import statistics
import time
import timeit
from random import Random

from asobi.core.state import CHANCE
from asobi.games.byston.state import BystonState


def sample_states(seed: int, games: int = 3) -> list[BystonState]:
    rng = Random(seed)
    states = []
    for g in range(games):
        s = BystonState(4 - g % 3)
        while not s.is_terminal():
            s.apply_unchecked(
                s.sample_chance(rng) if s.current_seat == CHANCE else rng.choice(s.legal_actions())
            )
            if rng.random() < 0.05:
                states.append(s.clone())
    return states


def clone_figures(states: list[BystonState]) -> tuple[float, float]:
    per = [min(timeit.repeat(s.clone, number=200, repeat=5)) / 200 * 1e6 for s in states]
    return statistics.mean(per), statistics.median(per)


def playout_figures(seed: int, games: int = 10, players: int = 4) -> tuple[float, float, float]:
    per = []
    lengths = []
    for g in range(games):
        rng = Random(seed * 1000 + g)
        start = time.perf_counter()
        s = BystonState(players)
        steps = 0
        while not s.is_terminal():
            s.apply_unchecked(
                s.sample_chance(rng) if s.current_seat == CHANCE else rng.choice(s.legal_actions())
            )
            steps += 1
        per.append((time.perf_counter() - start) / steps * 1e6)
        lengths.append(steps)
    return statistics.mean(per), statistics.median(per), statistics.mean(lengths)


if __name__ == "__main__":
    states = sample_states(1)
    for run in range(3):
        mean, median = clone_figures(states)
        print(f"run {run}: clone mean {mean:.2f} µs, median {median:.2f} µs over {len(states)} states")
    for run in range(3):
        mean, median, length = playout_figures(run)
        print(f"run {run}: playout mean {mean:.1f} µs/step, median {median:.1f}; {length:.0f} steps a game")

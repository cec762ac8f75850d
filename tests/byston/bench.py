"""Speed figures for the engine as it stands: ``python -m tests.byston.bench``.

Clone: mid-game states sampled from random games, and one state with every counter on the map,
each cloned 200 times, best of 5 repeats per state; mean and median over the states. Playout:
whole random games (uniform choices, chance by its probabilities, ``apply_unchecked``), mean and
median µs per step over the games, by the wall clock and by the thread's CPU clock (on a machine
shared with other jobs the CPU figure is the steadier one). Each figure is printed for three runs.
"""

from __future__ import annotations

import statistics
import time
import timeit
from collections.abc import Callable
from random import Random

from asobi.core.state import CHANCE
from asobi.games.byston.board import static
from asobi.games.byston.state import BystonState


def all_on_the_map() -> BystonState:
    """The start, with every counter of the mix on the map: the spares on their country's land
    (a building only where there is none, 12.6), the Zelana's with its start units."""
    s = BystonState(4)
    st = static()
    built = {at for i, at in enumerate(s.where) if at >= 0 and st.is_building(i)}
    for i, at in enumerate(s.where):
        if at >= 0:
            continue
        c = st.counter_country[i]
        land = [h for h, n in enumerate(st.nation) if n == c and not (st.is_building(i) and h in built)]
        if not land:
            land = sorted({h for j, h in enumerate(s.where) if h >= 0 and s.owner[j] == c})
        s.set_where(i, land[i % len(land)])
        if st.is_building(i):
            built.add(s.where[i])
    return s


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


def playout_figures(
    seed: int, games: int = 10, players: int = 4, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float, float]:
    per = []
    lengths = []
    for g in range(games):
        rng = Random(seed * 1000 + g)
        start = clock()
        s = BystonState(players)
        steps = 0
        while not s.is_terminal():
            s.apply_unchecked(
                s.sample_chance(rng) if s.current_seat == CHANCE else rng.choice(s.legal_actions())
            )
            steps += 1
        per.append((clock() - start) / steps * 1e6)
        lengths.append(steps)
    return statistics.mean(per), statistics.median(per), statistics.mean(lengths)


if __name__ == "__main__":
    states = sample_states(1)
    full = [all_on_the_map()]
    for run in range(3):
        mean, median = clone_figures(states)
        (every,) = clone_figures(full)[:1]
        print(
            f"run {run}: clone mean {mean:.2f} µs, median {median:.2f} µs over {len(states)} states;"
            f" every counter on the map {every:.2f} µs"
        )
    for run in range(3):
        mean, median, length = playout_figures(run)
        cpu_mean, cpu_median, _ = playout_figures(run, clock=time.thread_time)
        print(
            f"run {run}: playout mean {mean:.1f} µs/step, median {median:.1f} (CPU clock: mean"
            f" {cpu_mean:.1f}, median {cpu_median:.1f}); {length:.0f} steps a game"
        )

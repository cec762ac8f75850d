"""Engine speed of emblem, state by state.

    python -m asobi.games.emblem.speed [--states N] [--repeat R]

samples N mid-game states from seeded random games (as ``asobi bench`` does) and times, for each
state, ``legal_actions()`` (its cache cleared) plus ``apply`` of a legal action, and ``clone()``;
each state's time is the best of R tries, and the figures are the median and mean over states.
The best-of-R per state keeps other processes on the machine out of the figure.
"""

from __future__ import annotations

import argparse
import statistics
import time
from random import Random

from asobi.core import CHANCE, RandomAgent, derive_seed
from asobi.core.play import chance_rng, play_out

from . import SPEC
from .state import EmblemState


def sample_states(n: int, seed: int = 1) -> list[EmblemState]:
    rng = Random(seed)
    states: list[EmblemState] = []
    game = 0
    while len(states) < n:
        state = SPEC.new_game({})
        agents = [RandomAgent(derive_seed(seed, game, s)) for s in (0, 1)]

        def keep(s: object, _action: object) -> None:
            if rng.random() < 0.05 and len(states) < n and isinstance(s, EmblemState):
                states.append(s.clone())

        play_out(state, agents, chance_rng(derive_seed(seed, game)), on_action=keep, checked=False)
        game += 1
    return states


def time_step(state: EmblemState, pick: float) -> float:
    s = state.clone()
    s._legal = None
    t = time.perf_counter()
    if s.current_seat == CHANCE:
        outcomes = s.chance_outcomes()
        s.apply_unchecked(outcomes[int(pick * len(outcomes))][0])
    else:
        legal = s.legal_actions()
        s.apply_unchecked(legal[int(pick * len(legal))])
    return time.perf_counter() - t


def time_clone(state: EmblemState) -> float:
    t = time.perf_counter()
    state.clone()
    return time.perf_counter() - t


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--states", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    states = sample_states(args.states)
    rng = Random(7)
    picks = [rng.random() for _ in states]
    steps = [
        min(time_step(s, p) for _ in range(args.repeat)) * 1e6 for s, p in zip(states, picks, strict=True)
    ]
    clones = [min(time_clone(s) for _ in range(args.repeat)) * 1e6 for s in states]
    print(f"{len(states)} states, best of {args.repeat} each")
    print(
        f"step (legal_actions + apply): median {statistics.median(steps):.2f} µs, mean {statistics.mean(steps):.2f} µs"
    )
    print(
        f"clone:                        median {statistics.median(clones):.2f} µs, mean {statistics.mean(clones):.2f} µs"
    )


if __name__ == "__main__":
    main()

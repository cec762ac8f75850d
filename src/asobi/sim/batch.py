"""Many seeded games, in parallel, with results that do not depend on the number of processes.

Game ``i`` of a batch started from seed ``S`` is played from ``derive_seed(S, "game", i)``, so the
same command gives the same games whether it runs on one process or on many.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..core.agent import derive_seed
from ..core.play import chance_rng, make_bot, play_out
from ..core.registry import get_game


@dataclass(frozen=True)
class GameResult:
    """How one simulated game ended."""

    index: int
    seed: int
    reason: str
    clause: str
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    steps: int
    metrics: Mapping[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seed": self.seed,
            "reason": self.reason,
            "clause": self.clause,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "steps": self.steps,
            "metrics": dict(self.metrics),
        }


@dataclass(frozen=True)
class Job:
    game: str
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int
    index: int


def game_seed(batch_seed: int, index: int) -> int:
    return derive_seed(batch_seed, "game", index)


def play_job(job: Job) -> GameResult:
    """Play one game of a batch (run in a worker process)."""
    spec = get_game(job.game)
    state = spec.new_state(job.options)
    agents = [make_bot(spec, name, seat, job.seed, job.options) for seat, name in enumerate(job.bots)]
    steps = len(play_out(state, agents, chance_rng(job.seed), checked=False))
    outcome = state.outcome()
    if outcome is None:
        return GameResult(job.index, job.seed, "unfinished", "-", (), (0.0,) * state.n_seats, steps, state.metrics())
    return GameResult(
        job.index, job.seed, outcome.reason, outcome.clause, outcome.winners, outcome.scores, steps, state.metrics()
    )


def run_batch(
    game: str,
    options: Mapping[str, Any],
    bots: Sequence[str],
    n: int,
    seed: int,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``n`` games and return their results in game order."""
    batch = [Job(game, dict(options), tuple(bots), game_seed(seed, i), i) for i in range(n)]
    results: list[GameResult] = []
    for result in _map(batch, jobs):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


def _map(batch: list[Job], jobs: int) -> Iterator[GameResult]:
    if jobs <= 1 or len(batch) <= 1:
        yield from map(play_job, batch)
        return
    chunk = max(1, min(32, len(batch) // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_job, batch, chunksize=chunk)


@dataclass(frozen=True)
class Summary:
    """What a batch shows: outcomes, wins per seat, lengths and game figures."""

    games: int
    reasons: list[tuple[str, str, int]]
    wins_by_seat: list[float]
    steps_mean: float
    steps_median: float
    steps_max: int
    metrics: dict[str, tuple[float, float]]

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "reasons": [{"reason": r, "clause": c, "games": k} for r, c, k in self.reasons],
            "win_rate_by_seat": self.wins_by_seat,
            "steps": {"mean": self.steps_mean, "median": self.steps_median, "max": self.steps_max},
            "metrics": {k: {"mean": m, "median": med} for k, (m, med) in self.metrics.items()},
        }


def summarize(results: Sequence[GameResult], n_seats: int) -> Summary:
    if not results:
        raise ValueError("no games to summarize")
    reasons = Counter((r.reason, r.clause) for r in results)
    wins = [0] * n_seats
    for r in results:
        for w in r.winners:
            wins[w] += 1
    steps = [r.steps for r in results]
    names = sorted({k for r in results for k in r.metrics})
    metrics = {}
    for name in names:
        values = [r.metrics[name] for r in results if name in r.metrics]
        metrics[name] = (statistics.fmean(values), statistics.median(values))
    return Summary(
        games=len(results),
        reasons=[(r, c, k) for (r, c), k in reasons.most_common()],
        wins_by_seat=[w / len(results) for w in wins],
        steps_mean=statistics.fmean(steps),
        steps_median=statistics.median(steps),
        steps_max=max(steps),
        metrics=metrics,
    )

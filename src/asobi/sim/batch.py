"""Many seeded games, in parallel, with results that do not depend on where they are played.

Game ``i`` of a batch started from seed ``S`` is played from ``derive_seed(S, "game", i)``, so the
same command gives the same games whether it runs on one process, on many, or on a Ray cluster
(:mod:`asobi.sim.cluster`). Results always come back in game order.
"""

from __future__ import annotations

import contextlib
import gc
import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.data import CHUNK, open_regular
from ..core.errors import BadRecordError
from ..core.match import Match
from ..core.record import GameRecord, load_json, record_limit
from ..core.registry import get_game
from ..core.replay import read_record
from ..core.seeding import derive_seed
from .facts import FactSampler

#: The fields of one line of ``simulate --out``: how the game ended, and its whole record.
LINE_FIELDS = ("index", "seed", "reason", "clause", "winners", "scores", "steps", "metrics", "record")


@dataclass(frozen=True)
class GameResult:
    """How one simulated game ended, and (if asked for) its whole record.

    :ivar record: the :class:`~asobi.core.record.GameRecord` JSON, every action and chance
        outcome included, when the job asked for it.
    :ivar facts: what a study reads of the game, sampled while it was played
        (:class:`~asobi.sim.facts.FactSampler`), when the job asked for them.
    """

    index: int
    seed: int
    reason: str
    clause: str
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    steps: int
    metrics: Mapping[str, float] = field(default_factory=dict)
    record: dict[str, Any] | None = None
    facts: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The summary fields (not the record)."""
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

    def to_line(self) -> dict[str, Any]:
        """One line of ``simulate --out``: the summary fields, and the game record under ``record``
        (a record admits no other fields, so it is kept whole beside them)."""
        if self.record is None:
            raise ValueError(f"game {self.index} was played without its record")
        return {**self.to_json(), "record": self.record}

    def without_record(self) -> GameResult:
        return replace(self, record=None) if self.record is not None else self


@dataclass(frozen=True)
class Job:
    """One game to play: everything a worker (a process or a cluster node) needs."""

    game: str
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int
    index: int
    record: bool = False
    facts: bool = False


def game_seed(batch_seed: int, index: int) -> int:
    return derive_seed(batch_seed, "game", index)


def make_jobs(
    game: str, options: Mapping[str, Any], bots: Sequence[str], n: int, seed: int, *, record: bool = False,
    facts: bool = False,
) -> list[Job]:
    """The ``n`` games of a batch from ``seed``: game ``i`` is played from ``game_seed(seed, i)``
    (with ``facts``, each sampled for a study as it is played)."""
    return [Job(game, dict(options), tuple(bots), game_seed(seed, i), i, record, facts) for i in range(n)]


YOUNG_AFTER = 10_000
"""Objects allocated (less those freed) before the cycle collector looks at the youngest
generation, while a batch's game is played (Python's default: 700)."""


@contextlib.contextmanager
def _fewer_young_collections() -> Iterator[None]:
    """Collect the youngest generation about fourteen times less often until the block ends.

    A bot's decision allocates many short-lived lists and dicts, and at the default threshold the
    collector walks them about every 700 allocations though playing leaves no cyclic garbage
    (what a game drops is freed by its reference count). A batch of rule bots takes about 6% less
    CPU (docs/performance.md), in the same memory.
    """
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_AFTER), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def play_job(job: Job) -> GameResult:
    """Play one game of a batch (run in a worker process or on a cluster node)."""
    with _fewer_young_collections():
        return _play(job)


def _play(job: Job) -> GameResult:
    spec = get_game(job.game)
    match = Match(spec, job.options, [f"bot:{b}" for b in job.bots], seed=job.seed, journal=False, checked=False)
    sampler = FactSampler(spec) if job.facts else None
    if sampler is not None:
        sampler.start(match)
    match.play(on_step=sampler)
    state = match.state
    steps = len(match.actions)
    outcome = state.outcome()
    record = match.record().to_json() if job.record else None
    facts = sampler.facts(state) if sampler is not None else None
    if outcome is None:
        return GameResult(
            job.index, job.seed, "unfinished", "-", (), (0.0,) * state.n_seats, steps, state.metrics(), record, facts
        )
    return GameResult(
        job.index, job.seed, outcome.reason, outcome.clause, outcome.winners, outcome.scores, steps,
        state.metrics(), record, facts,
    )


def play_jobs(jobs: Sequence[Job]) -> list[GameResult]:
    """Play a chunk of jobs, in order (one task of a process pool or a cluster)."""
    return [play_job(j) for j in jobs]


def chunk_size(n_jobs: int, workers: int) -> int:
    """Games per task: about eight tasks per worker, at most 32 games each."""
    return max(1, min(32, n_jobs // (max(1, workers) * 8)))


def map_jobs(jobs: Sequence[Job], processes: int = 1, cluster: str | None = None,
             chunk: int | None = None) -> Iterator[GameResult]:
    """Play ``jobs`` and yield their results in the order of ``jobs``.

    :param processes: local worker processes (with ``cluster="local"``: the CPUs of the local
        Ray instance; ignored for a cluster address).
    :param cluster: ``None`` for local processes, else a Ray address or ``"local"``
        (see :mod:`asobi.sim.cluster`, which imports Ray only then).
    :param chunk: games per task for local processes (default :func:`chunk_size`); 1 yields each
        game as soon as it and the ones before it have ended.
    """
    if cluster is not None:
        from .cluster import ray_map

        yield from ray_map(jobs, cluster, processes, play_jobs, chunk_size)
        return
    if processes <= 1 or len(jobs) <= 1:
        yield from map(play_job, jobs)
        return
    chunks = _chunks(jobs, chunk or chunk_size(len(jobs), processes))
    with ProcessPoolExecutor(max_workers=processes) as pool:
        for part in pool.map(play_jobs, chunks):
            yield from part


def _chunks(jobs: Sequence[Job], size: int) -> list[list[Job]]:
    return [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]


def run_batch(
    game: str,
    options: Mapping[str, Any],
    bots: Sequence[str],
    n: int,
    seed: int,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    *,
    cluster: str | None = None,
    record: bool = False,
) -> list[GameResult]:
    """Play ``n`` games and return their results in game order.

    With ``record``, each result reaches ``on_result`` with its record, but the returned results
    are without (write the records as they come instead of holding a whole batch of them).
    """
    results: list[GameResult] = []
    for result in map_jobs(make_jobs(game, options, bots, n, seed, record=record), jobs, cluster):
        if on_result is not None:
            on_result(result)
        results.append(result.without_record())
    return results


def read_record_line(path: str | Path, line: int) -> GameRecord:
    """The game on line ``line`` (1 for the first) of a ``simulate --out`` file, as a record.

    A line that is a bare record (not an object with a ``record`` field) is read as one too.

    :raises BadRecordError: if the file cannot be read, has no such line, or the line is not a record.
    """
    where = f"{path}:{line}"
    if line < 1:
        raise BadRecordError(where, "no such line (lines are numbered from 1)")
    raw = _line_of(path, line, record_limit(), where)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadRecordError(where, f"not UTF-8 text (byte {e.start})") from None
    if not text.strip():
        raise BadRecordError(where, "no such line (lines are numbered from 1)")
    data = load_json(text, where)
    if isinstance(data, dict) and "record" in data:
        data = data["record"]
    return read_record(data, where=where)


def _line_of(path: str | Path, line: int, limit: int, where: str) -> bytes:
    """Line ``line`` of a regular file, at most ``limit`` bytes (the whole file may be longer: a
    batch holds many records); the lines before it are skipped a chunk at a time, never held."""
    with open_regular(path, str(path), BadRecordError) as f:
        try:
            for _ in range(line - 1):
                while (skipped := f.readline(CHUNK)) and not skipped.endswith(b"\n"):
                    pass
                if not skipped:
                    raise BadRecordError(where, "no such line (lines are numbered from 1)")
            text = f.readline(limit + 1)
        except OSError as e:
            raise BadRecordError(str(path), f"cannot read ({e.strerror})") from None
    if len(text) > limit:
        raise BadRecordError(where, f"longer than {limit} bytes, the limit for a record")
    return text


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

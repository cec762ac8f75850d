"""Speed of a game's engine: steps per second, games per second, and the cost of a step and a clone,
each also as a ratio to a reference timed in the same runs.

A *step* is what search does at every node: list the legal actions (or the chance outcomes) and
apply one without the legality check. Each run times one step from each of a fixed set of
mid-game states collected from seeded random games, and gives the median and the mean step
(a few long steps, such as one that runs a whole enemy turn, pull the mean above the median);
a clone is timed over the same states. Every run also plays the references of
:mod:`asobi.sim.reference` just before and just after the game's figures (built-in Python
tic-tac-toe, and OpenSpiel's backgammon where it is installed), and each figure is divided by
that run's reference step: µs move with the machine's load, the ratios much less. Every reported
figure and ratio is the median over the runs.
"""

from __future__ import annotations

import copy
import platform
import statistics
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from random import Random
from typing import Any

from ..agents.evaluate import mute_log
from ..core.match import Match
from ..core.seeding import derive_seed
from ..core.spec import GameSpec
from ..core.state import CHANCE, TERMINAL, GameState
from .reference import backgammon, tic_tac_toe_playout, us_per_step

REFERENCE_SECONDS = 0.2
"""How long each reference plays before and after a run's figures."""
RATIOED = ("playout_step_us", "step_us", "step_mean_us", "is_legal_us", "clone_us")


@dataclass(frozen=True)
class BenchResult:
    game: str
    options: dict[str, Any]
    runs: int
    states: int
    step_us: float
    step_mean_us: float
    clone_us: float
    data_copy_us: float
    deepcopy_us: float
    steps_per_s: float
    games_per_s: float
    mean_game_steps: float
    playout_step_us: float
    """The mean µs per step of whole random playouts, chance and new games included: what search
    pays (the reciprocal of ``steps_per_s``)."""
    is_legal_us: float
    reference_step_us: float
    """The mean µs per step of the built-in reference (:func:`asobi.sim.reference.tic_tac_toe_playout`)."""
    backgammon_step_us: float | None
    """The same of OpenSpiel's backgammon, ``None`` where OpenSpiel is not installed."""
    per_reference: dict[str, float]
    """Each timed figure (``playout_step_us``, ``step_us``, ``step_mean_us``, ``is_legal_us``,
    ``clone_us``) as a multiple of the reference step of its own run."""
    per_backgammon: dict[str, float] | None
    """The same against backgammon's step; ``None`` without OpenSpiel."""
    python: str
    machine: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def collect_states(spec: GameSpec, options: Mapping[str, Any], n_states: int, seed: int) -> list[GameState]:
    """Mid-game states sampled from seeded random games played through the match loop."""
    rng = Random(seed)
    states: list[GameState] = []
    game = 0
    n = len(spec.seat_names(options))

    def keep(match: Match) -> None:
        if rng.random() < 0.05 and len(states) < n_states and not match.is_over():
            states.append(match.state.clone())

    while len(states) < n_states:
        match = Match(spec, options, ["bot:random"] * n, seed=derive_seed(seed, game), journal=False, checked=False)
        match.play(on_step=keep)
        game += 1
    return states


def random_playout(spec: GameSpec, options: Mapping[str, Any], rng: Random, muted: bool = False) -> int:
    """One whole random game as search plays it: list, pick, apply (chance by its odds); its steps.
    ``muted``: with the new state's log muted first, as a search's rollout mutes it.

    The pick is one ``random()`` scaled to the list (as a rollout policy picks), not
    ``randrange``, whose exact-integer method would cost a tenth of a step."""
    state = spec.new_state(options)
    if muted:
        mute_log(state)
    steps = 0
    random = rng.random
    while True:
        seat = state.current_seat
        if seat == TERMINAL:
            return steps
        if seat == CHANCE:
            state.apply_unchecked(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply_unchecked(legal[int(random() * len(legal))])
        steps += 1


def _time_is_legal(states: list[GameState], rng: Random) -> float:
    """Mean µs of ``is_legal`` on one legal action (or chance outcome) of each state, on a fresh clone
    (so no cached list helps)."""
    picks = []
    for s in states:
        options = [a for a, _ in s.chance_outcomes()] if s.current_seat == CHANCE else list(s.legal_actions())
        picks.append((s.clone(), options[rng.randrange(len(options))]))
    clock = time.perf_counter
    total = 0.0
    for s, a in picks:
        t0 = clock()
        s.is_legal(a)
        total += clock() - t0
    return total / len(picks) * 1e6


def _time_steps(states: list[GameState], rng: Random) -> tuple[float, float]:
    """Median and mean µs of one step (legal actions or chance outcomes, then apply) over ``states``."""
    copies = [s.clone() for s in states]
    picks = [rng.random() for _ in copies]
    clock = time.perf_counter
    times = []
    for s, r in zip(copies, picks, strict=True):
        t0 = clock()
        if s.current_seat == CHANCE:
            outcomes = s.chance_outcomes()
            s.apply_unchecked(outcomes[int(r * len(outcomes))][0])
        else:
            legal = s.legal_actions()
            s.apply_unchecked(legal[int(r * len(legal))])
        times.append(clock() - t0)
    return statistics.median(times) * 1e6, statistics.fmean(times) * 1e6


def _plain_copy(data: Any) -> Any:
    """A hand-written copy of plain JSON data: every list and dict anew, leaves shared."""
    if isinstance(data, list):
        return [_plain_copy(x) for x in data]
    if isinstance(data, dict):
        return {k: _plain_copy(v) for k, v in data.items()}
    return data


def _time_data_copies(states: list[GameState]) -> float:
    """µs to copy each state's data (its JSON form, less the log) with :func:`_plain_copy`.

    The reference for the clone: a clone should cost no more than a few plain copies of the
    data it stands for.
    """
    data = [{k: v for k, v in s.to_json().items() if k != "log"} for s in states]
    t0 = time.perf_counter()
    for d in data:
        _plain_copy(d)
    return (time.perf_counter() - t0) / len(data) * 1e6


def _time_clones(states: list[GameState]) -> float:
    t0 = time.perf_counter()
    for s in states:
        s.clone()
    return (time.perf_counter() - t0) / len(states) * 1e6


def _time_games(spec: GameSpec, options: Mapping[str, Any], seconds: float, seed: int) -> tuple[float, float, float]:
    """Whole random playouts for about ``seconds``: games/s, steps/s, steps per game."""
    games = steps = 0
    rng = Random(seed)
    t0 = time.perf_counter()
    while True:
        steps += random_playout(spec, options, rng)
        games += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return games / elapsed, steps / elapsed, steps / games


def bench(
    spec: GameSpec, raw_options: Mapping[str, Any] | None = None, runs: int = 5, n_states: int = 2000, seed: int = 1
) -> BenchResult:
    """Measure one game; each figure, and each figure's ratio to its run's reference step, is the
    median of ``runs`` runs."""
    options = spec.validate_options(raw_options)
    states = collect_states(spec, options, n_states, seed)
    rng = Random(seed)
    gammon = backgammon()
    per_run: list[dict[str, float]] = []
    references: list[float] = []
    gammons: list[float] = []
    for r in range(runs):
        before = us_per_step(tic_tac_toe_playout, REFERENCE_SECONDS, seed + r)
        gammon_before = us_per_step(gammon, REFERENCE_SECONDS, seed + r) if gammon else 0.0
        step, step_mean = _time_steps(states, rng)
        games_per_s, steps_per_s, game_steps = _time_games(spec, options, 0.5, seed + r)
        figures = {
            "step_us": step,
            "step_mean_us": step_mean,
            "clone_us": _time_clones(states),
            "data_copy_us": _time_data_copies(states),
            "is_legal_us": _time_is_legal(states, Random(seed + r)),
            "games_per_s": games_per_s,
            "steps_per_s": steps_per_s,
            "mean_game_steps": game_steps,
            "playout_step_us": 1e6 / steps_per_s,
        }
        references.append((before + us_per_step(tic_tac_toe_playout, REFERENCE_SECONDS, seed + r)) / 2)
        if gammon:
            gammons.append((gammon_before + us_per_step(gammon, REFERENCE_SECONDS, seed + r)) / 2)
        per_run.append(figures)
    few = states[:: max(1, len(states) // 100)]
    t0 = time.perf_counter()
    for s in few:
        copy.deepcopy(s)
    deep = (time.perf_counter() - t0) / len(few) * 1e6

    def median(name: str) -> float:
        return statistics.median(f[name] for f in per_run)

    def ratios(reference: list[float]) -> dict[str, float]:
        return {name: statistics.median(f[name] / ref for f, ref in zip(per_run, reference, strict=True))
                for name in RATIOED}

    steps_per_s = median("steps_per_s")
    return BenchResult(
        game=spec.id,
        options=dict(options),
        runs=runs,
        states=len(states),
        step_us=median("step_us"),
        step_mean_us=median("step_mean_us"),
        clone_us=median("clone_us"),
        data_copy_us=median("data_copy_us"),
        deepcopy_us=deep,
        steps_per_s=steps_per_s,
        games_per_s=median("games_per_s"),
        mean_game_steps=median("mean_game_steps"),
        playout_step_us=1e6 / steps_per_s,
        is_legal_us=median("is_legal_us"),
        reference_step_us=statistics.median(references),
        backgammon_step_us=statistics.median(gammons) if gammons else None,
        per_reference=ratios(references),
        per_backgammon=ratios(gammons) if gammons else None,
        python=platform.python_version(),
        machine=f"{platform.machine()} {platform.processor() or ''}".strip(),
    )

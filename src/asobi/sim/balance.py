"""Balance studies for any game: a batch of bot games for every cell of a grid of settings.

``asobi balance GAME --over players=2,3,4,5 --over difficulty=easy,normal,hard -n N`` plays, for
each combination of the ``--over`` values (the first ``--over`` varies slowest), the same batch
``asobi simulate GAME -n N --seed S --players P --difficulty D`` would, and tabulates per cell:
the win rate (per seat, or one figure when the seats always win or lose together) with its 95%
Wilson score interval, the game's length figure (a metric such as ``rounds`` or ``turns``: mean,
median and longest), the mean number of actions, and the share of games ended by each reason.

An ``--over`` axis is a game option (``players``, ``deck-a``…) or ``bots``, whose values name a
bot per seat separated by ``/`` (``--over bots=rule/random,random/rule``) or one bot for all.
All cells' games go through one process pool (or one cluster), so a grid costs no more start-up
than one batch; the results do not depend on the number of processes or on the cluster.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import AsobiError
from ..core.stats import wilson
from .batch import GameResult, make_jobs, map_jobs

BOTS = "bots"


def parse_over(items: Sequence[str]) -> list[tuple[str, list[str]]]:
    """``["players=2,3", "bots=rule/random,random"]`` as ``[(name, values), …]`` (names with ``_``).

    :raises AsobiError: for an item without ``=`` or values, or a name given twice.
    """
    axes: list[tuple[str, list[str]]] = []
    for item in items:
        name, eq, values = item.partition("=")
        name = name.strip().removeprefix("--").replace("-", "_")
        listed = [v.strip() for v in values.split(",") if v.strip()]
        if not eq or not name or not listed:
            raise AsobiError(f"--over {item!r}: give NAME=VALUE,VALUE,… (e.g. players=2,3,4)")
        if name in (n for n, _ in axes):
            raise AsobiError(f"--over {name} is given twice")
        axes.append((name, listed))
    return axes


@dataclass(frozen=True)
class Cell:
    """One combination of the grid: its settings as given, and the batch it stands for."""

    settings: tuple[tuple[str, str], ...]
    options: dict[str, Any]
    bots: tuple[str, ...]
    seat_names: tuple[str, ...]


def make_cells(
    axes: Sequence[tuple[str, Sequence[str]]],
    options_for: Callable[[dict[str, str]], dict[str, Any]],
    bots_for: Callable[[str | None, dict[str, Any]], list[str]],
    seat_names: Callable[[dict[str, Any]], Sequence[str]],
) -> list[Cell]:
    """Every combination of ``axes`` (the first varies slowest) as a cell.

    :param options_for: the checked game options for the settings of a cell (those not ``bots``).
    :param bots_for: the bot per seat for a ``bots`` value (``None``: not on the grid) and options.
    """
    combos: list[list[tuple[str, str]]] = [[]]
    for name, values in axes:
        combos = [[*c, (name, v)] for c in combos for v in values]
    cells = []
    for combo in combos:
        settings = dict(combo)
        options = options_for({k: v for k, v in settings.items() if k != BOTS})
        bots = bots_for(settings.get(BOTS), options)
        cells.append(Cell(tuple(combo), options, tuple(bots), tuple(seat_names(options))))
    return cells


@dataclass(frozen=True)
class CellStats:
    """What one cell's games show."""

    cell: Cell
    games: int
    wins: tuple[int, ...]  # games won, per seat
    any_wins: int  # games some seat won
    together: bool  # in every game, all seats won or none did
    steps_mean: float
    length: dict[str, tuple[float, float, float]]  # metric → mean, median, max
    reasons: Counter[tuple[str, str]]

    def to_json(self, co_operative: bool) -> dict[str, Any]:
        rates: dict[str, Any] = {}
        if co_operative:
            rates["win_rate"] = _rate_json(self.any_wins, self.games)
        else:
            rates["win_rate_by_seat"] = {
                s: _rate_json(k, self.games) for s, k in zip(self.cell.seat_names, self.wins, strict=True)
            }
        return {
            "settings": dict(self.cell.settings),
            "options": self.cell.options,
            "bots": list(self.cell.bots),
            "games": self.games,
            **rates,
            "steps_mean": self.steps_mean,
            "metrics": {k: {"mean": m, "median": med, "max": mx} for k, (m, med, mx) in self.length.items()},
            "reasons": [{"reason": r, "clause": c, "games": k} for (r, c), k in self.reasons.most_common()],
        }


def _rate_json(k: int, n: int) -> dict[str, float]:
    lo, hi = wilson(k, n)
    return {"rate": k / n, "low": lo, "high": hi}


def cell_stats(cell: Cell, results: Sequence[GameResult], metrics: Sequence[str]) -> CellStats:
    if not results:
        raise ValueError("no games in the cell")
    n_seats = len(cell.seat_names)
    wins = [0] * n_seats
    for r in results:
        for w in r.winners:
            wins[w] += 1
    length = {}
    for name in metrics:
        values = [r.metrics[name] for r in results if name in r.metrics]
        if values:
            length[name] = (statistics.fmean(values), statistics.median(values), max(values))
    return CellStats(
        cell,
        len(results),
        tuple(wins),
        sum(1 for r in results if r.winners),
        all(len(r.winners) in (0, n_seats) for r in results),
        statistics.fmean(r.steps for r in results),
        length,
        Counter((r.reason, r.clause) for r in results),
    )


@dataclass(frozen=True)
class Study:
    """A balance study: every cell's figures."""

    game: str
    games_per_cell: int
    seed: int
    cells: list[CellStats]
    metrics: list[str]

    @property
    def co_operative(self) -> bool:
        """True when in every cell the seats win or lose together (one win rate says it all)."""
        return all(c.together for c in self.cells)

    def reason_columns(self) -> list[tuple[str, str]]:
        """Every (reason, clause) seen, the most frequent first (then by name)."""
        total: Counter[tuple[str, str]] = Counter()
        for c in self.cells:
            total.update(c.reasons)
        return sorted(total, key=lambda rc: (-total[rc], rc))

    def seat_columns(self) -> list[str]:
        seats: list[str] = []
        for c in self.cells:
            seats.extend(s for s in c.cell.seat_names if s not in seats)
        return seats

    def axes(self) -> list[str]:
        return [name for name, _ in self.cells[0].cell.settings] if self.cells else []

    def rows(self) -> tuple[list[str], list[list[str]]]:
        """The table: header and one row of text per cell."""
        co_op = self.co_operative
        seats = self.seat_columns()
        reasons = self.reason_columns()
        header = [*self.axes()]
        if BOTS not in header:
            header.append(BOTS)
        header.append("games")
        header += ["win rate (95% CI)"] if co_op else [f"{s} wins (95% CI)" for s in seats]
        for m in self.metrics:
            header += [f"{m} mean", f"{m} median", f"{m} max"]
        header.append("actions mean")
        header += [f"{r} ({c})" for r, c in reasons]
        rows = []
        for c in self.cells:
            row = [v for _, v in c.cell.settings]
            if BOTS not in self.axes():
                row.append("/".join(c.cell.bots) if len(set(c.cell.bots)) > 1 else c.cell.bots[0])
            row.append(str(c.games))
            if co_op:
                row.append(_rate(c.any_wins, c.games))
            else:
                by_seat = dict(zip(c.cell.seat_names, c.wins, strict=True))
                row += [_rate(by_seat[s], c.games) if s in by_seat else "" for s in seats]
            for m in self.metrics:
                if m in c.length:
                    mean, median, mx = c.length[m]
                    row += [f"{mean:.1f}", f"{median:g}", f"{mx:g}"]
                else:
                    row += ["", "", ""]
            row.append(f"{c.steps_mean:.0f}")
            row += [f"{100 * c.reasons[rc] / c.games:.1f}%" for rc in reasons]
            rows.append(row)
        return header, rows

    def markdown(self) -> str:
        header, rows = self.rows()
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        co_op = self.co_operative
        return {
            "game": self.game,
            "games_per_cell": self.games_per_cell,
            "seed": self.seed,
            "co_operative": co_op,
            "cells": [c.to_json(co_op) for c in self.cells],
        }


def _rate(k: int, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})"


def run_study(
    game: str,
    cells: Sequence[Cell],
    n: int,
    seed: int,
    processes: int = 1,
    cluster: str | None = None,
    metrics: Sequence[str] | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> Study:
    """Play ``n`` games for every cell (game ``i`` of every cell from ``game_seed(seed, i)``).

    :param metrics: the game figures to tabulate (default: the first figure the game reports,
        its length, e.g. ``rounds`` or ``turns``).
    """
    jobs = [job for c in cells for job in make_jobs(game, c.options, c.bots, n, seed)]
    results: list[GameResult] = []
    for r in map_jobs(jobs, processes, cluster):
        results.append(r)
        if on_result is not None:
            on_result(r)
    if metrics is None:
        metrics = next(([next(iter(r.metrics))] for r in results if r.metrics), [])
    stats = [cell_stats(c, results[i * n : (i + 1) * n], metrics) for i, c in enumerate(cells)]
    return Study(game, n, seed, stats, list(metrics))

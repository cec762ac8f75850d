"""Balance report: many seeded games of rule-based bots per difficulty and player count.

Run as ``python -m asobi.games.legion.balance [-n GAMES] [--players 2,3,4,5]
[--difficulty easy,normal,hard] [--jobs J]``; it prints a Markdown table of win rate, game length
in rounds (mean, median, 99th percentile and longest) and how the games were lost.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from asobi.core.play import chance_rng, make_bot, play_out


@dataclass
class Cell:
    """The results of one difficulty × player count."""

    difficulty: str
    players: int
    games: int = 0
    wins: int = 0
    rounds: list[int] = field(default_factory=list)
    win_rounds: list[int] = field(default_factory=list)
    reasons: Counter[str] = field(default_factory=Counter)

    def merge(self, other: Cell) -> None:
        self.games += other.games
        self.wins += other.wins
        self.rounds += other.rounds
        self.win_rounds += other.win_rounds
        self.reasons.update(other.reasons)


def play_cell(difficulty: str, players: int, seeds: Sequence[int], bot: str = "rule") -> Cell:
    """Play one seeded game per seed with ``bot`` in every seat."""
    from asobi.games.legion import SPEC

    options = SPEC.validate_options({"players": players, "difficulty": difficulty})
    cell = Cell(difficulty, players)
    for seed in seeds:
        state = SPEC.new_state(options)
        agents = [make_bot(SPEC, bot, seat, seed, options) for seat in range(players)]
        play_out(state, agents, chance_rng(seed), checked=False)
        outcome = state.outcome()
        assert outcome is not None
        cell.games += 1
        cell.rounds.append(state.round)  # type: ignore[attr-defined]
        if outcome.reason == "won":
            cell.wins += 1
            cell.win_rounds.append(state.round)  # type: ignore[attr-defined]
        else:
            cell.reasons[outcome.reason] += 1
    return cell


def table(cells: Sequence[Cell]) -> str:
    lines = [
        "| difficulty | players | games | win rate | rounds mean | rounds median | rounds 99th pct | rounds max | lost: Space life 0 (2.3) | lost: round limit (L-9) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for c in cells:
        lines.append(
            f"| {c.difficulty} | {c.players} | {c.games} | {100 * c.wins / c.games:.1f}% "
            f"| {statistics.mean(c.rounds):.1f} | {statistics.median(c.rounds):g} "
            f"| {sorted(c.rounds)[min(len(c.rounds) - 1, (99 * len(c.rounds)) // 100)]} | {max(c.rounds)} "
            f"| {100 * c.reasons['lost'] / c.games:.1f}% | {100 * c.reasons['timeout'] / c.games:.1f}% |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", "--games", type=int, default=1000)
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--difficulty", default="easy,normal,hard")
    parser.add_argument("--bot", default="rule")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    started = time.time()
    work = []
    for difficulty in args.difficulty.split(","):
        for players in (int(p) for p in args.players.split(",")):
            seeds = range(args.first_seed, args.first_seed + args.games)
            chunks = [list(seeds[i :: args.jobs]) for i in range(args.jobs)]
            work.append((difficulty, players, chunks))
    cells = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [
            (d, p, [pool.submit(play_cell, d, p, chunk, args.bot) for chunk in chunks])
            for d, p, chunks in work
        ]
        for d, p, parts in futures:
            cell = Cell(d, p)
            for f in parts:
                cell.merge(f.result())
            cells.append(cell)
    print(table(cells))
    print(f"\n{sum(c.games for c in cells)} games in {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()

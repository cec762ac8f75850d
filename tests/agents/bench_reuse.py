"""How much a kept tree gives ``mcts``: the same games with and without reuse, on legion with
open hands or byston (nothing hidden, so every decision can reuse), counting per decision the root visits
carried over, the root's visits after the search, and the seconds the search took (the walk of
the kept tree included). Not part of the test suite.

    .venv/bin/python tests/agents/bench_reuse.py --bot mcts:iters=200:depth=30 --seeds 0,1 --steps 80
"""

from __future__ import annotations

import argparse
import statistics
import time

from asobi.agents import MCTSAgent
from asobi.core.match import Match
from asobi.core.registry import get_game


def run(game: str, bot: str, seed: int, steps: int, players: int) -> list[tuple[int, int, float, float]]:
    spec = get_game(game)
    options = spec.validate_options({"players": players, "open_hands": True} if game == "legion" else {})
    match = Match(spec, options, [f"bot:{bot}"] * len(spec.seat_names(options)), seed=seed, journal=False)
    rows = []
    for _ in range(steps):
        if match.is_over():
            break
        seat = match.current_seat
        started = time.perf_counter()
        match.step()
        took = time.perf_counter() - started
        agent = match.agents[seat] if seat >= 0 else None
        if isinstance(agent, MCTSAgent) and agent.stats.iterations:
            rows.append((agent.stats.reused, agent.stats.reused + agent.stats.iterations, took,
                         agent.stats.reuse_seconds))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="legion", help="legion (with open hands) or byston (nothing hidden)")
    parser.add_argument("--bot", default="mcts:iters=200:depth=30")
    parser.add_argument("--seeds", default="0,1")
    parser.add_argument("--steps", type=int, default=80)
    parser.add_argument("--players", type=int, default=3, help="legion's players")
    args = parser.parse_args()
    for reuse in ("yes", "no"):
        rows = [r for seed in map(int, args.seeds.split(",")) for r in run(args.game, f"{args.bot}:reuse={reuse}",
                                                                             seed, args.steps, args.players)]
        carried = [r[0] for r in rows]
        visits = [r[1] for r in rows]
        seconds = [r[2] for r in rows]
        walk = sum(r[3] for r in rows) / sum(seconds)
        print(f"reuse={reuse}: {len(rows)} decisions; root visits carried over mean {statistics.mean(carried):.1f} "
              f"(median {statistics.median(carried):.0f}, {sum(c > 0 for c in carried)} decisions reused); "
              f"root visits after the search mean {statistics.mean(visits):.1f} (median {statistics.median(visits):.0f}); "
              f"seconds per decision mean {statistics.mean(seconds):.3f} (median {statistics.median(seconds):.3f}), "
              f"{walk:.1%} of it finding the position in the kept tree (with the determinization)")


if __name__ == "__main__":
    main()

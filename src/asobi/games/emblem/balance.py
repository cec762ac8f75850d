"""Balance tables for emblem: the rule bot against the random bot, and deck against deck.

    python -m asobi.games.emblem.balance [-n GAMES] [--jobs J]

plays ``GAMES`` seeded games (seeds 0..GAMES-1) for every deck pairing and seat order and prints
Markdown tables: the rule bot's win rate against the random bot, and the rule bot's deck-vs-deck
win rates (seat A's deck in rows). The same seeds give the same tables.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from itertools import product

from asobi.core.play import chance_rng, make_bot, play_out

from . import SPEC
from .cards import DECKS


def play_one(args: tuple[str, str, str, str, int]) -> tuple[int, str, int, int, int]:
    """One game: (winner seat, end reason, turns, steps, first player)."""
    deck_a, deck_b, bot_a, bot_b, seed = args
    options = SPEC.validate_options({"deck_a": deck_a, "deck_b": deck_b})
    state = SPEC.new_state(options)
    agents = [make_bot(SPEC, bot_a, 0, seed, options), make_bot(SPEC, bot_b, 1, seed, options)]
    actions = play_out(state, agents, chance_rng(seed))
    outcome = state.outcome()
    assert outcome is not None, f"seed {seed}: unfinished after {len(actions)} steps"
    return (
        outcome.winners[0],
        outcome.reason,
        getattr(state, "turn", 0),
        len(actions),
        getattr(state, "first", -1),
    )


def series(
    pool: ProcessPoolExecutor | None, deck_a: str, deck_b: str, bot_a: str, bot_b: str, n: int
) -> list[tuple[int, str, int, int, int]]:
    jobs = [(deck_a, deck_b, bot_a, bot_b, seed) for seed in range(n)]
    if pool is None:
        return [play_one(j) for j in jobs]
    return list(pool.map(play_one, jobs, chunksize=max(1, n // 16)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("-n", type=int, default=1000, help="games per pairing and seat order (default 1000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = parser.parse_args(argv)
    n = args.n
    started = time.perf_counter()
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        print(f"## Rule bot against the random bot ({n} games per row, seeds 0..{n - 1})\n")
        print(
            "| A's deck | B's deck | rule as A wins | rule as B wins | end reasons (rule as A) | mean turns |"
        )
        print("|---|---|---|---|---|---|")
        for deck_a, deck_b in product(DECKS, DECKS):
            as_a = series(pool, deck_a, deck_b, "rule", "random", n)
            as_b = series(pool, deck_a, deck_b, "random", "rule", n)
            wins_a = sum(1 for w, *_ in as_a if w == 0) / n
            wins_b = sum(1 for w, *_ in as_b if w == 1) / n
            reasons = Counter(r for _, r, *_ in as_a)
            turns = sum(g[2] for g in as_a) / n
            why = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
            print(f"| {deck_a} | {deck_b} | {wins_a:.1%} | {wins_b:.1%} | {why} | {turns:.1f} |")
        print(f"\n## Rule bot against itself: deck against deck ({n} games per cell, seeds 0..{n - 1})\n")
        print("Win rate of seat A's deck (rows) against seat B's deck (columns), both seats the rule bot;")
        print("the first player is a fair chance (2.1.2, C-29).\n")
        print("| A's deck \\ B's deck | " + " | ".join(DECKS) + " |")
        print("|---|" + "---|" * len(DECKS))
        reasons_all: Counter[str] = Counter()
        steps = turns_total = games = first_wins = 0
        for deck_a in DECKS:
            cells = []
            for deck_b in DECKS:
                results = series(pool, deck_a, deck_b, "rule", "rule", n)
                cells.append(f"{sum(1 for w, *_ in results if w == 0) / n:.1%}")
                reasons_all.update(g[1] for g in results)
                steps += sum(g[3] for g in results)
                turns_total += sum(g[2] for g in results)
                first_wins += sum(1 for g in results if g[0] == g[4])
                games += len(results)
            print(f"| {deck_a} | " + " | ".join(cells) + " |")
        why = ", ".join(f"{k} {v}" for k, v in sorted(reasons_all.items()))
        print(
            f"\nRule against rule: {why}; mean {turns_total / games:.1f} turns, {steps / games:.0f} steps a game;"
        )
        print(f"the first player won {first_wins / games:.1%} of these games.")
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"\n({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""What byston's rule bot (the ``normal`` level) costs per decision, beside the engine's step.

    .venv/bin/python scripts/bench_byston_bot.py [--games N] [--seed S] [--players P]

Plays N seeded games with the rule bot on every seat through the one ``Match`` loop (unchecked, no
journal: as ``asobi simulate`` plays them) and times every call of a bot's ``act`` — a *decision*:
one pending choice of one seat, the trivial ones (a single legal action) included — apart from the
rest of the loop (chance, listing the legal actions, applying, the observation). Prints µs per
decision (all, and those with two or more legal actions), µs per engine step (the rest of the
loop over all steps, chance included), games/s, and the final 27.2 bands of the games played.
Times are the process's CPU time (``time.process_time``), so a machine shared with other work
gives nearly the same figures as a quiet one; games/s is games per CPU second. Not part of the
test suite.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from asobi.core import Agent
from asobi.core.actions import Action
from asobi.core.agent import Observation
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.sim.batch import game_seed


class _Timed(Agent):
    """An agent that times the agent it wraps."""

    def __init__(self, inner: Agent, totals: dict[str, float]) -> None:
        self.inner = inner
        self.totals = totals

    def act(self, obs: Observation) -> Action:
        t0 = time.process_time()
        action = self.inner.act(obs)
        dt = time.process_time() - t0
        t = self.totals
        t["time"] += dt
        t["decisions"] += 1
        if len(obs.legal) > 1:
            t["choice_time"] += dt
            t["choices"] += 1
        return action


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--bot", default="rule", help="bot name of every seat (default: rule)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    spec = get_game("byston")
    options: dict[str, Any] = spec.validate_options({"players": args.players})
    totals = {"time": 0.0, "decisions": 0.0, "choice_time": 0.0, "choices": 0.0}
    steps = 0
    wall = 0.0
    bands: Counter[str] = Counter()
    for i in range(args.games):
        seed = game_seed(args.seed, i)
        seats = [f"bot:{args.bot}"] * args.players
        match = Match(spec, options, seats, seed=seed, journal=False, checked=False)
        match.agents = [_Timed(a, totals) for a in match.agents if a is not None]
        t0 = time.process_time()
        match.play()
        wall += time.process_time() - t0
        steps += len(match.actions)
        outcome = match.state.outcome()
        bands[outcome.reason if outcome is not None else "unfinished"] += 1
    engine = wall - totals["time"]
    print(f"games {args.games} (seed {args.seed}, {args.players} players, bot {args.bot})")
    print(
        f"decisions {int(totals['decisions'])}, of them with a choice {int(totals['choices'])}; steps {steps}"
    )
    print(
        f"µs per decision: {1e6 * totals['time'] / totals['decisions']:.1f} "
        f"(with a choice: {1e6 * totals['choice_time'] / max(totals['choices'], 1):.1f})"
    )
    print(f"µs per engine step (the rest of the loop, over all steps): {1e6 * engine / steps:.1f}")
    print(f"games per CPU second: {args.games / wall:.2f} (CPU s per game {wall / args.games:.3f})")
    print("results: " + ", ".join(f"{k} {v}" for k, v in sorted(bands.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

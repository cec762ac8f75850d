#!/usr/bin/env python3
"""Seconds a search bot takes per decision, CPU and wall, over whole games: what a level's
``seconds`` (the most it takes to decide, as the lobby tells a person) should say.

Plays table ``i`` of ``asobi ladder GAME --mode team --seed S`` for each given ``i`` (the same game
seed and ``Match`` as the ladder's, so the same game: its result and step count are printed to
check against the ladder's results file), the bot holding every seat, one process, and times every
decision the search made (a decision with one legal action, or only passes, is not searched and
not counted).

    .venv/bin/python scripts/decision_time.py GAME BOT --seed S --games 0 1 [--option KEY=VALUE ...]

CPU seconds do not depend on the machine's load; wall seconds do, so say the load beside them.
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from asobi.agents.search import _TreeSearch
from asobi.core.bots import check_bot_name
from asobi.core.errors import AsobiError
from asobi.core.match import Match
from asobi.core.registry import get_game
from asobi.core.seeding import derive_seed

sys.path.insert(0, str(Path(__file__).parent))
from count_instructions import _option  # the scripts' one reading of NAME=VALUE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("bot")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, nargs="+", default=[0], metavar="I")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)
    try:
        spec = get_game(args.game)
        for item in args.option:
            if "=" not in item:
                parser.error(f"--option {item!r}: write KEY=VALUE")
        options = spec.validate_options(dict(_option(item) for item in args.option))
        check_bot_name(spec, args.bot)
    except (AsobiError, KeyError, ValueError) as exc:
        parser.error(str(exc))
    cpu: list[float] = []
    wall: list[float] = []
    act = _TreeSearch.act

    def timed(self: _TreeSearch, obs: Any) -> Any:
        c, w = time.process_time(), time.perf_counter()
        action = act(self, obs)
        if self.stats.iterations:
            cpu.append(time.process_time() - c)
            wall.append(time.perf_counter() - w)
        return action

    _TreeSearch.act = timed
    for i in args.games:
        n_seats = spec.new_state(options).n_seats
        seed = derive_seed(args.seed, "ladder", i)
        match = Match(spec, options, [f"bot:{args.bot}"] * n_seats, seed=seed, journal=False, checked=False)
        match.play()
        outcome = match.state.outcome()
        print(f"table {i}: seed {seed}, {outcome.reason if outcome else 'unfinished'}, {len(match.actions)} steps")
    if not cpu:
        print("no decision was searched", file=sys.stderr)
        return 1
    print(f"{len(cpu)} searched decisions in {len(args.games)} games")
    print(f"CPU s: mean {statistics.fmean(cpu):.3f}, median {statistics.median(cpu):.3f}, max {max(cpu):.3f}")
    print(f"wall s: mean {statistics.fmean(wall):.3f}, median {statistics.median(wall):.3f}, max {max(wall):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

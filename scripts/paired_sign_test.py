#!/usr/bin/env python3
"""Two co-operative team ladders compared on the same tables: each table's win rate with its 95%
Wilson interval, and an exact two-sided sign test on the tables one side won and the other lost.

Each file is a ladder's ``--results`` file (JSON lines) of one bot in team mode; table *i* of one
is paired with table *i* of the other, and must have been played from the same game seed (the
same ladder seed gives it in team mode). Only the tables both files hold are compared.

    .venv/bin/python scripts/paired_sign_test.py FIRST.jsonl SECOND.jsonl

Not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from asobi.core.stats import wilson
from asobi.sim.study.stats import binomial_test


class Bad(Exception):
    """A results file that cannot be compared; the message says which and why."""


def load(path: Path) -> tuple[str, dict[int, tuple[int, bool]]]:
    """The bot of a team ladder's results file and, per table index, its game seed and whether
    the table won."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise Bad(f"{path}: cannot read it ({err.strerror})") from None
    bots: set[str] = set()
    tables: dict[int, tuple[int, bool]] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            result = row["result"]
            index, seed = int(result["index"]), int(result["seed"])
            won = bool(result["winners"])
            bots.add(",".join(row["ladder"]["bots"]))
        except (ValueError, KeyError, TypeError):
            raise Bad(f"{path}, line {number}: not a ladder result (needs ladder.bots and "
                      "result.index, seed, winners)") from None
        if index in tables:
            raise Bad(f"{path}, line {number}: table {index} appears twice")
        tables[index] = (seed, won)
    if len(bots) != 1 or "," in next(iter(bots), ","):
        raise Bad(f"{path}: not one bot's team ladder (bots: {sorted(bots) or 'none'})")
    return bots.pop(), tables


def rate(won: int, n: int) -> str:
    low, high = wilson(won, n)
    return f"{won}/{n} = {100 * won / n:.1f}% (95% Wilson {100 * low:.1f}–{100 * high:.1f}%)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    args = parser.parse_args(argv)
    try:
        name1, first = load(args.first)
        name2, second = load(args.second)
        shared = sorted(first.keys() & second.keys())
        if not shared:
            raise Bad("the two files have no table index in common")
        differ = [i for i in shared if first[i][0] != second[i][0]]
        if differ:
            raise Bad(f"tables {differ[:5]} were played from different game seeds in the two "
                      "files: not the same tables")
    except Bad as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    n = len(shared)
    won1 = sum(first[i][1] for i in shared)
    won2 = sum(second[i][1] for i in shared)
    only1 = sum(first[i][1] and not second[i][1] for i in shared)
    only2 = sum(second[i][1] and not first[i][1] for i in shared)
    print(f"{n} tables, the same game seed in both files")
    print(f"{name1}: {rate(won1, n)}")
    print(f"{name2}: {rate(won2, n)}")
    print(f"both won {sum(first[i][1] and second[i][1] for i in shared)}, "
          f"both lost {sum(not first[i][1] and not second[i][1] for i in shared)}")
    print(f"won by {name2} only: {only2}; won by {name1} only: {only1}")
    print(f"exact two-sided sign test on those {only1 + only2}: p = "
          f"{binomial_test(only2, only1 + only2):.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Where a playout step's bytecode runs: the opcodes the interpreter executes per step, by function
and by line, over the same random playouts as ``scripts/count_instructions.py`` (whose callgrind
counts are about half dispatch of these opcodes). A guide to what to make cheaper, not a speed
figure: tracing every opcode is slow, and an opcode's cost varies.

    PYTHONHASHSEED=0 .venv/bin/python scripts/count_opcodes.py legion 40
    PYTHONHASHSEED=0 .venv/bin/python scripts/count_opcodes.py byston 4 --top 20 --option players=2

Not part of the test suite.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from random import Random
from types import FrameType
from typing import Any


def _where(frame: FrameType) -> str:
    name = frame.f_code.co_filename
    return name.split("/src/asobi/")[-1] if "/src/asobi/" in name else name


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("n", type=int, help="playouts")
    parser.add_argument("--top", type=int, default=30, help="functions and lines to print")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    args = parser.parse_args()
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    from count_instructions import _option

    from asobi.core.registry import UnknownGameError, get_game
    from asobi.sim.bench import random_playout

    try:
        spec = get_game(args.game)
    except UnknownGameError as e:
        print(e, file=sys.stderr)
        return 2
    options = spec.validate_options(dict(_option(o) for o in args.option))
    random_playout(spec, options, Random(1))  # warm the caches outside the count
    functions: Counter[tuple[str, str, int]] = Counter()
    lines: Counter[tuple[str, int | None]] = Counter()

    def opcode(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            functions[_where(frame), frame.f_code.co_name, frame.f_code.co_firstlineno] += 1
            lines[_where(frame), frame.f_lineno] += 1
        return opcode

    def call(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return opcode

    rng = Random(7)
    sys.settrace(call)
    try:
        steps = sum(random_playout(spec, options, rng) for _ in range(args.n))
    finally:
        sys.settrace(None)
    total = sum(functions.values())
    print(f"{args.game}: {steps} steps, {total / steps:.1f} opcodes per step")
    print("per step, by function:")
    for (file, name, first), count in functions.most_common(args.top):
        print(f"  {count / steps:8.1f}  {file}:{first} {name}")
    print("per step, by line:")
    for (file, line), count in lines.most_common(args.top):
        print(f"  {count / steps:8.1f}  {file}:{line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

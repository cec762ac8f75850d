"""Counting a script's own work in instructions: the script runs itself again as a child under
valgrind's callgrind, which collects only inside ``functools.reduce`` (where each script puts the
work it measures), with ``PYTHONHASHSEED=0``; the child prints a line ``LABEL N …`` of what it did.
A figure a busy machine does not change. Imported by the counting scripts beside it (a script's own
folder is on ``sys.path`` when it runs); not part of the test suite.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys


def instructions(script: str, child_args: list[str], label: str) -> tuple[tuple[int, ...], int]:
    """Run ``python SCRIPT --child CHILD_ARGS…`` under callgrind; the numbers of the child's line
    ``LABEL N…`` and the instructions callgrind collected.

    Exits (``SystemExit``) with 2 if valgrind is not installed, and with 1, the child's output on
    standard error, if the child failed or printed no such line."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        raise SystemExit(2)
    command = ["valgrind", "--tool=callgrind", "--toggle-collect=functools_reduce", "--callgrind-out-file=/dev/null",
               sys.executable, script, "--child", *child_args]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    counted = re.search(rf"^{re.escape(label)}((?: \d+)+)$", done.stdout, re.M)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or counted is None or refs is None:
        print(done.stdout + done.stderr, file=sys.stderr)
        raise SystemExit(1)
    return tuple(int(n) for n in counted.group(1).split()), int(refs.group(1).replace(",", ""))

"""Playing a study's games and keeping from each what the report needs.

The games are the batch machinery's (:func:`asobi.sim.batch.make_jobs`, :func:`map_jobs`: local
processes or a Ray cluster), played with their records, and read as they are played by the
game's :class:`~asobi.core.hooks.StudyHooks` (:class:`asobi.sim.facts.FactSampler`): its figures
whenever the clock (round, turn) moves on and at the end, the content drawn and played from its
log, and who went first. Each game is played once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import IO, Any

from ...core.spec import GameSpec
from ..balance import Cell
from ..batch import make_jobs, map_jobs


def play_study(
    spec: GameSpec,
    cells: Sequence[Cell],
    n: int,
    seed: int,
    processes: int,
    cluster: str | None,
    sink: IO[str],
    on_game: Callable[[dict[str, Any]], None] | None = None,
) -> tuple[list[dict[str, Any]], set[tuple[str, str | None]]]:
    """Play ``n`` games for every cell (game ``i`` of every cell from the batch seed's game ``i``)
    and write one JSON line per game to ``sink``: how it ended and its whole record (as
    ``simulate --out`` writes them, so ``asobi replay FILE:N`` replays one), its cell and settings,
    and the facts its study hooks read as it was played.

    :returns: the lines without their records, in order, and the (rules version, data hash) pairs
        the records were made under — one, unless the game's files changed while it ran.
    """
    jobs = [job for c in cells for job in make_jobs(spec.id, c.options, c.bots, n, seed, record=True, facts=True)]
    lines: list[dict[str, Any]] = []
    versions: set[tuple[str, str | None]] = set()
    for k, result in enumerate(map_jobs(jobs, processes, cluster)):
        cell = k // n
        line = {
            **result.to_line(),
            "cell": cell,
            "settings": dict(cells[cell].settings),
            **(result.facts or {}),
        }
        sink.write(json.dumps(line, ensure_ascii=False) + "\n")
        record = line.pop("record")
        versions.add((record["rules_version"], record.get("data_hash")))
        lines.append(line)
        if on_game is not None:
            on_game(line)
    return lines, versions

"""Playing a study's games and reading from each what the report needs.

The games are the batch machinery's (:func:`asobi.sim.batch.make_jobs`, :func:`map_jobs`:
local processes or a Ray cluster), played with their records. Each record is then replayed with
its rules checks (:func:`asobi.core.record.replay`), and the game's :class:`StudyHooks` read the
replay: its figures whenever the clock (round, turn) moves on and at the end, the content drawn
and played from its log, and who went first. The replay must end as the game did; one that does
not is an error, never a silent figure.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from typing import IO, Any

from ...core.errors import AsobiError
from ...core.record import GameRecord, replay
from ...core.spec import GameSpec
from ...core.state import GameState
from ..balance import Cell
from ..batch import GameResult, make_jobs, map_jobs

TABLE = "table"
"""The key of content events that name no seat."""


def game_facts(spec: GameSpec, result: GameResult) -> dict[str, Any]:
    """What the study reads of one game beyond its result (empty for a game without hooks).

    :raises AsobiError: if the replay of the record does not end as the game did.
    """
    hooks = spec.study
    progress = hooks.progress
    if progress is None:
        return {}
    if result.record is None:
        raise ValueError(f"game {result.index} was played without its record")
    record = GameRecord.from_json(result.record, where=f"game {result.index}")
    names: list[str] = []
    starts: list[list[float]] = []

    def sample(state: GameState, _action: Any) -> None:
        figures = progress(state)
        if not names:
            names.extend(figures)
        values = [float(figures[k]) for k in names]
        if not starts or starts[-1][0] != values[0]:
            starts.append(values)

    final = replay(record, on_step=sample, where=f"game {result.index}")
    outcome = final.outcome()
    if (outcome.winners if outcome else ()) != result.winners:
        raise AsobiError(f"{spec.id} game {result.index} (seed {result.seed}) replays to another outcome")
    end = progress(final)
    if not names:
        names.extend(end)
    held: dict[str, set[str]] = {}
    played: dict[str, Counter[str]] = {}
    for event in final.events_since(0):
        mark = hooks.content(event) if hooks.content is not None else None
        if mark is None:
            continue
        seat, content, was_played = mark
        key = TABLE if seat is None else str(seat)
        held.setdefault(key, set()).add(content)
        if was_played:
            played.setdefault(key, Counter())[content] += 1
    return {
        "first_seat": hooks.first_seat(final) if hooks.first_seat is not None else None,
        "progress": {"names": names, "start": starts, "end": [float(end[k]) for k in names]},
        "content": {
            "held": {k: sorted(v) for k, v in sorted(held.items())},
            "played": {k: dict(sorted(v.items())) for k, v in sorted(played.items())},
        },
    }


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
    and the facts :func:`game_facts` read.

    :returns: the lines without their records, in order, and the (rules version, data hash) pairs
        the records were made under — one, unless the game's files changed while it ran.
    """
    jobs = [job for c in cells for job in make_jobs(spec.id, c.options, c.bots, n, seed, record=True)]
    lines: list[dict[str, Any]] = []
    versions: set[tuple[str, str | None]] = set()
    for k, result in enumerate(map_jobs(jobs, processes, cluster)):
        cell = k // n
        line = {
            **result.to_line(),
            "cell": cell,
            "settings": dict(cells[cell].settings),
            **game_facts(spec, result),
        }
        sink.write(json.dumps(line, ensure_ascii=False) + "\n")
        record = line.pop("record")
        versions.add((record["rules_version"], record.get("data_hash")))
        lines.append(line)
        if on_game is not None:
            on_game(line)
    return lines, versions

"""``asobi study``: play a study's games and write its report to a directory.

The directory gets ``games.jsonl`` (one line per game: its whole record, as ``simulate --out``
writes, and what the study read of it), ``study.json`` (every figure of the report, which
``--compare`` reads), the plots as PNG files, and ``report.html`` with the plots embedded.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ... import __version__
from ...core.errors import AsobiError
from ...core.spec import GameSpec
from ..balance import Cell
from .figures import all_figures
from .games import play_study
from .html import render
from .report import build_report

GAMES_FILE = "games.jsonl"
REPORT_FILE = "study.json"
HTML_FILE = "report.html"


def check_out_dir(out: Path) -> None:
    """A study writes into a new or empty directory, or over an earlier study.

    :raises AsobiError: for a file, or a directory holding other things than a study.
    """
    if out.exists() and not out.is_dir():
        raise AsobiError(f"--out {out}: is a file, not a directory")
    if out.is_dir() and any(out.iterdir()) and not (out / REPORT_FILE).is_file():
        raise AsobiError(f"--out {out}: the directory holds other files and no earlier study; choose another")


def make_study(
    spec: GameSpec,
    cells: Sequence[Cell],
    n: int,
    seed: int,
    out: Path,
    *,
    command: str,
    processes: int = 1,
    cluster: str | None = None,
    on_game: Callable[[Mapping[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play ``n`` games per cell, write the study to ``out`` and return its report (JSON)."""
    check_out_dir(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise AsobiError(f"--out {out}: cannot create the directory ({e})") from None
    started = time.perf_counter()
    with open(out / GAMES_FILE, "w", encoding="utf-8") as sink:
        lines, versions = play_study(spec, cells, n, seed, processes, cluster, sink, on_game)
    if len(versions) != 1:
        made = ", ".join(f"rules {r}, data {d}" for r, d in sorted(versions, key=str))
        raise AsobiError(f"{spec.id}'s rules or data files changed while the study ran (its games were made "
                         f"under {made}); run it again")
    ((rules_version, data_hash),) = versions
    meta = {
        "command": command,
        "seed": seed,
        "games_per_setting": n,
        "asobi_version": __version__,
        "made": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "elapsed_s": time.perf_counter() - started,
        "where": f"Ray cluster {cluster}" if cluster else f"{processes} local process(es)",
        "rules_version": rules_version,  # as the games' records say: what the workers played
        "data_hash": data_hash,
    }
    report = build_report(spec, cells, lines, meta, seed)
    figures = all_figures(report)
    for name, png in figures.items():
        (out / name).write_bytes(png)
    (out / REPORT_FILE).write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    (out / HTML_FILE).write_text(render(report, figures), encoding="utf-8")
    return report

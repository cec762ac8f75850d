"""Bot games in bulk: ``asobi simulate`` (one batch), ``asobi balance`` and ``asobi study`` (a grid of
batches, as a table or as a report)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.table import Table

from ..core.errors import AsobiError
from ..core.registry import get_game
from ..core.spec import GameSpec
from ..terminal import parse_seats
from .common import console, non_default, progress_bar
from .game_options import GameOptionsCommand, flag, game_option_words

if TYPE_CHECKING:
    from ..sim.balance import Cell


def bot_kinds(spec: GameSpec, bots: str | None, n_seats: int, sep: str = ",") -> list[str]:
    """Bot names per seat from ``rule,random`` (or one name for every seat; default the normal level)."""
    names = bots.split(sep) if bots else ["bot"]
    if len(names) == 1:
        names = names * n_seats
    kinds = [k.removeprefix("bot:") for k in parse_seats(spec, ",".join(names), n_seats)]
    if "human" in kinds:
        raise AsobiError("simulations play bots only")
    return kinds


def grid_cells(spec: GameSpec, axes: Sequence[tuple[str, Sequence[str]]], given: Mapping[str, Any],
               bots: str | None) -> list[Cell]:
    """The cells of a balance grid (``balance --over``, ``study --vary``): each setting's game
    options (those given on the command line, then the axis values) and bots (an axis ``bots=…``
    seats them)."""
    from ..sim.balance import make_cells

    known = [o.name for o in spec.options]

    def options_for(settings: dict[str, str]) -> dict[str, Any]:
        for name in settings:
            if name not in known:
                raise AsobiError(f"{spec.id}: no option {flag(name)} (this game has: "
                                 f"{', '.join(map(flag, known)) or 'none'})")
        return spec.local_options({**given, **settings})

    def bots_for(value: str | None, options: dict[str, Any]) -> list[str]:
        n_seats = len(spec.seat_names(options))
        return bot_kinds(spec, value, n_seats, sep="/") if value is not None else bot_kinds(spec, bots, n_seats)

    return make_cells(axes, options_for, bots_for, spec.seat_names)


@click.command(cls=GameOptionsCommand)
@click.argument("game")
@click.option("-n", "--games", "n", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Batch seed; game i is played from a seed derived from it.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: all cores).")
@click.option("--bots", help="Bot per seat, comma-separated, or one for all (default: the normal level; levels easy, normal, hard, expert); "
              "py:MODULE:CLASS plays your own Agent class.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--out", type=click.Path(dir_okay=False),
              help="Write one JSON line per game: its full record (replayable) and how it ended.")
@click.option("--cluster", metavar="ADDRESS",
              help="Play on a Ray cluster: its address (auto, HOST:PORT, ray://HOST:PORT) or 'local' "
                   "(needs the 'cluster' extra).")
def simulate(game: str, n: int, seed: int, jobs: int | None, bots: str | None, as_json: bool, out: str | None,
             cluster: str | None, game_options: dict[str, Any]) -> None:
    """Play N games of GAME between bots and summarise the results (reproducible from --seed).

    The same seed gives the same games whatever --jobs, and on a --cluster. Each --out line holds
    how a game ended and, under "record", its whole record (every action and chance outcome):
    `asobi replay games.jsonl:5` replays the fifth.
    """
    from ..sim.batch import run_batch, summarize

    spec = get_game(game)
    options = spec.local_options(game_options)
    n_seats = len(spec.seat_names(options))
    kinds = bot_kinds(spec, bots, n_seats)
    jobs = jobs or os.cpu_count() or 1
    sink = open(out, "w", encoding="utf-8") if out else None  # noqa: SIM115 — closed below
    try:
        with progress_bar(disable=as_json) as progress:
            task = progress.add_task(f"{spec.id} ×{n}", total=n)

            def done(r: Any) -> None:
                if sink is not None:
                    sink.write(json.dumps(r.to_line(), ensure_ascii=False) + "\n")
                progress.advance(task)

            results = run_batch(spec.id, options, kinds, n, seed, jobs, done, cluster=cluster, record=sink is not None)
    finally:
        if sink is not None:
            sink.close()
    summary = summarize(results, n_seats)
    if as_json:
        click.echo(json.dumps({"game": spec.id, "options": options, "bots": kinds, "seed": seed, **summary.to_json()},
                              ensure_ascii=False, indent=1))
        return
    shown = console()
    opts = " ".join(f"{k}={v}" for k, v in options.items())
    shown.print(f"[bold]{spec.id}[/bold] {opts} — {n} games, bots {','.join(kinds)}, seed {seed}")
    table = Table(title="outcomes", title_justify="left")
    for col in ("reason", "clause", "games", "share"):
        table.add_column(col)
    for reason, clause, k in summary.reasons:
        table.add_row(reason, clause, str(k), f"{k / n:.1%}")
    shown.print(table)
    seats = spec.seat_names(options)
    shown.print("win rate by seat: " + ", ".join(f"{s} {w:.1%}" for s, w in zip(seats, summary.wins_by_seat, strict=True)))
    shown.print(f"length in actions: mean {summary.steps_mean:.1f}, median {summary.steps_median:.0f}, max {summary.steps_max}")
    for name, (mean, median) in summary.metrics.items():
        shown.print(f"{name}: mean {mean:.2f}, median {median:.2f}")


@click.command(name="balance", cls=GameOptionsCommand)
@click.argument("game")
@click.option("--over", "over", multiple=True, required=True, metavar="NAME=V1,V2,…",
              help="An axis of the grid: a game option (players=2,3,4) or bots (bots=rule/random,random/rule: "
                   "a bot per seat, separated by /). Repeat for more axes; the first varies slowest.")
@click.option("-n", "--games", "n", type=click.IntRange(min=1), default=1000, show_default=True, help="Games per cell.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Batch seed; game i of every cell is played from a seed derived from it.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: all cores).")
@click.option("--bots", help="Bot per seat, comma-separated, or one for all (default: the normal level; levels easy, normal, hard, expert).")
@click.option("--metric", "metrics", multiple=True,
              help="Game figure to tabulate (mean, median, max); repeatable (default: the game's first, its length).")
@click.option("--cluster", metavar="ADDRESS", help="Play on a Ray cluster (as for simulate).")
@click.option("--markdown", is_flag=True, help="Print the table as Markdown.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def balance_cmd(game: str, over: tuple[str, ...], n: int, seed: int, jobs: int | None, bots: str | None,
                metrics: tuple[str, ...], cluster: str | None, markdown: bool, as_json: bool,
                game_options: dict[str, Any]) -> None:
    """Balance study: N bot games for every cell of a grid of options, with win rates and how games ended.

    Each cell is the batch `asobi simulate GAME -n N --seed S` with the cell's options would play.
    Example: asobi balance GAME --over players=2,3,4 --over bots=rule/random,random/rule -n 1000
    """
    from ..sim.balance import parse_over, run_study

    spec = get_game(game)
    axes = parse_over(over)

    cells = grid_cells(spec, axes, game_options, bots)
    jobs = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    with progress_bar(disable=as_json) as progress:
        task = progress.add_task(f"{spec.id}: {len(cells)} cells ×{n}", total=n * len(cells))
        study = run_study(spec.id, cells, n, seed, jobs, cluster, list(metrics) or None,
                          lambda r: progress.advance(task))
    elapsed = time.perf_counter() - started
    if as_json:
        click.echo(json.dumps(study.to_json(), ensure_ascii=False, indent=1))
        return
    title = (f"{spec.id} {non_default(spec, spec.local_options(game_options))} — {n} games per cell, seed {seed}; "
             "win rates with their 95% Wilson interval; how games ended, as a share of the cell")
    if markdown:
        click.echo(study.markdown())
    else:
        header, rows = study.rows()
        table = Table(title=title, title_justify="left")
        for col in header:
            table.add_column(col)
        for row in rows:
            table.add_row(*row)
        shown = console()
        (shown if shown.is_terminal else Console(width=240)).print(table)
    click.echo(f"\n{n * len(cells)} games in {elapsed:.0f} s")


@click.command(name="study", cls=GameOptionsCommand)
@click.argument("game", required=False)
@click.option("-n", "--games", "n", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per setting.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Batch seed; game i of every setting is played from a seed derived from it.")
@click.option("--bots", help="Bot per seat, comma-separated, or one for all (default: the normal level; levels easy, normal, hard, expert).")
@click.option("--vary", multiple=True, metavar="OPTION=V1,V2,…",
              help="Play each value of a game option (or bots=rule/random,…); repeat for a grid.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: all cores).")
@click.option("--cluster", metavar="ADDRESS", help="Play on a Ray cluster (as for simulate).")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Directory of the report (default: study-GAME; with --compare: print only).")
@click.option("--compare", nargs=2, metavar="REPORT_A REPORT_B",
              help="Compare two studies (their directories or study.json) instead of playing.")
def study_cmd(game: str | None, n: int, seed: int, bots: str | None, vary: tuple[str, ...], jobs: int | None,
              cluster: str | None, out: str | None, compare: tuple[str, str] | None,
              game_options: dict[str, Any]) -> None:
    """Balance study of GAME: N bot games per setting, written to a directory as an HTML report with plots,
    95% intervals, tests of the differences between settings, seat advantage and per-card impact,
    with every game's record beside it.

    Example: asobi study GAME --vary players=2,3,4 -n 500 --out study-GAME
    """
    import shlex

    if compare:
        from ..sim.study.compare import compare as compare_studies
        from ..sim.study.compare import load_report, markdown

        if game or game_options or vary:
            raise AsobiError("--compare takes two studies and no GAME, game options or --vary")
        result = compare_studies(load_report(compare[0]), load_report(compare[1]))
        text = markdown(result)
        if out:
            Path(out).mkdir(parents=True, exist_ok=True)
            Path(out, "compare.json").write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
            Path(out, "compare.md").write_text(text + "\n", encoding="utf-8")
        click.echo(text)
        return
    if not game:
        raise AsobiError("give a GAME to study (or --compare REPORT_A REPORT_B)")
    from ..sim.balance import parse_over
    from ..sim.study.make import HTML_FILE, check_out_dir, make_study

    spec = get_game(game)
    try:
        axes = parse_over(vary)
    except AsobiError as e:  # the grid's parser names balance's flag
        raise AsobiError(str(e).replace("--over", "--vary")) from None
    base = spec.local_options(game_options)

    cells = grid_cells(spec, axes, game_options, bots)
    directory = Path(out or f"study-{spec.id}")
    check_out_dir(directory)
    command = shlex.join(["asobi", "study", spec.id, "-n", str(n), "--seed", str(seed),
                          *(["--bots", bots] if bots else []), *(a for v in vary for a in ("--vary", v)),
                          *game_option_words(game_options)])
    jobs = jobs or os.cpu_count() or 1
    with progress_bar() as progress:
        task = progress.add_task(f"{spec.id}: {len(cells)} setting(s) ×{n}", total=n * len(cells))
        report = make_study(spec, cells, n, seed, directory, command=command, processes=jobs, cluster=cluster,
                            on_game=lambda g: progress.advance(task))
    click.echo(f"{spec.id} {non_default(spec, base)}: {n * len(cells)} games in {report['elapsed_s']:.0f} s")
    for s in report["settings"]:
        wins = ([f"table {s['win']['rate']:.1%}"] if report["co_operative"]
                else [f"{w['seat']} {w['rate']:.1%}" for w in s["seat_wins"]])
        click.echo(f"  {s['label']}: " + ", ".join(wins))
    click.echo(f"report: {directory / HTML_FILE}")

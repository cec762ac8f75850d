"""``asobi ladder``: rank bots at a game by the games they play against each other."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import click
from rich.table import Table

from ..core.errors import AsobiError
from ..core.registry import get_game
from .common import console, non_default, progress_bar
from .game_options import GameOptionsCommand, game_option_words


@click.command(cls=GameOptionsCommand)
@click.argument("game")
@click.option("--bots", required=True,
              help="Bots to rank, comma-separated: the game's levels easy,normal,hard,expert (a level takes its "
                   "search's parameters too: hard:iters=50), or bots, e.g. random,rule,mcts:iters=200,ismcts:time=0.5 "
                   "(search parameters: iters, time, rollout=random|rule|heuristic|BOT, depth, c, prior=rule|none|BOT, reuse=no, value=learned|PATH).")
@click.option("-n", "--games", "n", type=click.IntRange(min=1), default=20, show_default=True,
              help="Games per pair of bots (seats swapped every game); per bot in a co-operative game.")
@click.option("--seed", type=int, default=0, show_default=True, help="Ladder seed; game i is played from a seed derived from it.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: all cores).")
@click.option("--mode", type=click.Choice(["auto", "versus", "team"]), default="auto", show_default=True,
              help="versus: bots against each other, each holding a whole side (a team of seats, where the game has teams); team: each bot "
                   "holds every seat against the game (auto: team when the game declares itself co-operative).")
@click.option("--doc", type=click.Path(dir_okay=False), help="Also write the results as Markdown to this file "
              "(e.g. docs/GAME/strength.md), with the command.")
@click.option("--plot", type=click.Path(dir_okay=False), help="Also draw the ratings as a PNG (needs matplotlib).")
@click.option("--json", "as_json", is_flag=True, help="Print the ratings as JSON.")
@click.option("--results", type=click.Path(dir_okay=False),
              help="Keep each finished game in this file (JSON lines) and skip the games of the same ladder "
                   "already there: an interrupted ladder goes on where it stopped.")
def ladder(game: str, bots: str, n: int, seed: int, jobs: int | None, mode: str, doc: str | None, plot: str | None,
           as_json: bool, results: str | None, game_options: dict[str, Any]) -> None:
    """Rank bots at GAME: round-robin games with seats swapped, ratings with 95% intervals.

    Example: asobi ladder GAME --bots easy,normal,hard,expert -n 20
    """
    import shlex
    import time

    from ..agents.names import search_defaults
    from ..core.bots import check_bot_name, is_level, resolve_bot
    from ..sim.ladder import markdown, run_ladder
    from ..sim.ladder import plot as plot_ratings

    spec = get_game(game)
    options = spec.local_options(game_options)
    names = [check_bot_name(spec, b.strip().removeprefix("bot:")) for b in bots.split(",") if b.strip()]
    if len(set(names)) != len(names):
        raise AsobiError(f"--bots names a bot twice: {bots}")
    cooperative = None if mode == "auto" else mode == "team"
    if len(names) < 2 and cooperative is not True:
        raise AsobiError("a ladder of rivals needs at least two bots (or --mode team)")
    jobs = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    with progress_bar(disable=as_json) as progress:
        task = progress.add_task(f"{spec.id} ladder", total=None)
        result = run_ladder(spec, options, names, n, seed, jobs, cooperative, lambda r: progress.advance(task),
                            Path(results) if results else None)
    elapsed = time.perf_counter() - started
    ratings = result.ratings()
    if result.resumed:
        click.echo(f"{result.resumed} games read from {results}, {len(result.results) - result.resumed} played now",
                   err=True)
    if plot:
        plot_ratings(result, plot)
    levels = [f"{name} = {resolve_bot(spec, name)}" for name in names if is_level(name)]
    if levels:
        click.echo(f"levels: {'; '.join(levels)} (a search's parameters not given are the game's: "
                   f"{search_defaults(spec)})", err=True)
    if doc:
        command = shlex.join(["asobi", "ladder", spec.id, "--bots", ",".join(names), "-n", str(n), "--seed", str(seed),
                              "--jobs", str(jobs), *(["--mode", mode] if mode != "auto" else []),
                              *game_option_words(game_options), *(["--results", results] if results else []), "--doc", doc])
        Path(doc).parent.mkdir(parents=True, exist_ok=True)
        page = markdown(result, command, elapsed)
        if levels:
            page += ("\nThe levels, as the game declared them: " + "; ".join(f"`{x}`" for x in levels)
                     + f"; a search's parameters not given are the game's: `{search_defaults(spec)}`.\n")
        Path(doc).write_text(page, encoding="utf-8")
    if as_json:
        click.echo(json.dumps({
            "game": spec.id, "options": options, "seed": seed, "games": len(result.results),
            "levels": {name: resolve_bot(spec, name) for name in names if is_level(name)},
            "cooperative": result.cooperative,
            "ratings": [{"bot": r.bot, "mu": r.mu, "low": r.low, "high": r.high, "games": r.games, "score": r.score}
                        for r in ratings],
            "pairings": [{"bot": p.bot, "against": p.against, "games": p.games, "points": p.points}
                         for p in result.pairings()],
            **({"margin": result.margin_name,
                "margins": [{"bot": m.bot, "against": m.against, "games": m.games, "mean": m.mean,
                             "low": m.interval()[0], "high": m.interval()[1]} for m in result.margin_pairings()]}
               if result.margin_name else {}),
        }, ensure_ascii=False, indent=1))
        return
    shown = console()
    kind = "each bot holding every seat, against the game" if result.cooperative else "round robin, seats swapped"
    table = Table(title=f"{spec.id} {non_default(spec, options)} — {len(result.results)} games ({kind}), seed {seed}; "
                        "OpenSkill ratings with 95% intervals (± 1.96 σ)", title_justify="left")
    for col in ("bot", "rating", "95% interval", "games", "win rate" if result.cooperative else "points share"):
        table.add_column(col, justify="left" if col in ("bot", "95% interval") else "right")
    for r in ratings:
        table.add_row(r.bot, f"{r.mu:.1f}", f"{r.low:.1f} – {r.high:.1f}", str(r.games), f"{r.score:.1%}")
    shown.print(table)
    pairs = Table(title="head to head (a draw counts half; 95% Wilson interval)", title_justify="left")
    for col in ("bot", "against", "games", "share", "95% interval"):
        pairs.add_column(col, justify="right" if col in ("games", "share") else "left")
    for p in result.head_to_head(ratings):
        low, high = p.interval()
        pairs.add_row(p.bot, p.against, str(p.games), f"{p.share:.1%}", f"{low:.1%} – {high:.1%}")
    shown.print(pairs)
    margins = result.head_to_head_margins(ratings)
    if margins:
        by_margin = Table(title=f"{result.margin_name}: each bot's mean against the other, its sides' means averaged "
                                "(95% interval: ± 1.96 standard errors, from each side's own variance)",
                          title_justify="left")
        for col in ("bot", "against", "games", "mean", "95% interval"):
            by_margin.add_column(col, justify="right" if col in ("games", "mean") else "left")
        for m in margins:
            low, high = m.interval()
            by_margin.add_row(m.bot, m.against, str(m.games), f"{m.mean:+.2f}", f"{low:+.2f} – {high:+.2f}")
        shown.print(by_margin)
    wrote = [p for p in (doc, plot) if p]
    click.echo(f"{len(result.results)} games in {elapsed:.0f} s" + (f"; wrote {', '.join(wrote)}" if wrote else ""))

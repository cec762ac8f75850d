"""The ``asobi`` command."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from . import __version__
from .core.actions import action_to_json
from .core.bots import bot_names
from .core.errors import AsobiError, BadRecordError
from .core.match import Match
from .core.record import GameRecord
from .core.registry import all_games, get_game
from .core.replay import read_record, replay
from .core.spec import GameSpec
from .core.state import CHANCE, Outcome
from .terminal import TerminalGame, hint_bot_name, parse_seats
from .terminal.stops import parse_stops

GAME_ARGS = {"ignore_unknown_options": True, "allow_extra_args": True}
LANGS = click.Choice(["en", "ja"])


def _options_epilog() -> str:
    lines = ["Game options are given after the game as --name VALUE:"]
    try:
        for spec in all_games():
            lines.append(f"\b\n{spec.id}:")
            lines.extend(f"  {o.describe()}" for o in spec.options)
    except AsobiError as e:  # a broken game package must not hide the help
        lines.append(f"(games could not be listed: {e})")
    return "\n".join(lines)


def parse_game_options(spec: GameSpec, args: Sequence[str]) -> dict[str, Any]:
    """``--players 3 --open-hands --difficulty=hard`` as a checked options dict.

    A boolean option may be given alone (true) or as ``--no-NAME`` (false).

    The options come from the local user: a game may read files they name (a deck file) into what
    a record holds (:meth:`GameSpec.local_options`).

    :raises AsobiError: for an argument that is not an option of the game, or a bad value.
    """
    by_flag = {o.name.replace("_", "-"): o for o in spec.options}
    raw: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--"):
            raise AsobiError(f"{spec.id}: unexpected argument {arg!r} (options are --name VALUE)")
        name, eq, value = arg[2:].partition("=")
        option = by_flag.get(name)
        if option is None and name.startswith("no-") and name[3:] in by_flag and by_flag[name[3:]].kind is bool:
            raw[by_flag[name[3:]].name] = False
            i += 1
            continue
        if option is None:
            known = ", ".join(f"--{f}" for f in by_flag) or "none"
            raise AsobiError(f"{spec.id}: no option --{name} (this game has: {known})")
        if not eq:
            if option.kind is bool and (i + 1 >= len(args) or args[i + 1].startswith("--")):
                value = "true"
            elif i + 1 < len(args):
                i += 1
                value = args[i]
            else:
                raise AsobiError(f"{spec.id}: option --{name} needs a value")
        raw[option.name] = value
        i += 1
    return spec.local_options(raw)


def _console(stderr: bool = False) -> Console:
    """A console that does not squeeze tables to 80 columns when output goes to a file or pipe."""
    console = Console(stderr=stderr)
    return console if console.is_terminal else Console(stderr=stderr, width=140)


def _non_default(spec: GameSpec, options: dict[str, Any]) -> str:
    """The options that differ from the game's defaults, as ``name=value`` (or ``defaults``)."""
    changed = [f"{o.name}={options[o.name]}" for o in spec.options if options.get(o.name, o.default) != o.default]
    return " ".join(changed) or "defaults"


def _open_store(db: str | None):
    from .store import GameStore

    return GameStore(db)


class AsobiGroup(click.Group):
    """Shows an :class:`AsobiError` as one clear line and exit status 2, and offers the commands
    only some games have (``spec.present.commands``) as ``asobi NAME GAME …``."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except AsobiError as e:
            click.echo(f"error: {e}", err=True)
            sys.exit(2)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *_game_commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = super().get_command(ctx, cmd_name)
        if found is not None:
            return found
        by_game = _game_commands().get(cmd_name)
        if not by_game:
            return None
        group = click.Group(cmd_name, help=f"{next(iter(by_game.values())).help} (games: {', '.join(sorted(by_game))})")
        for game_id, command in sorted(by_game.items()):
            group.add_command(command.command, game_id)
        return group


def _game_commands() -> dict[str, dict[str, Any]]:
    """Command name → game id → that game's :class:`~asobi.core.hooks.GameCommand`."""
    out: dict[str, dict[str, Any]] = {}
    for spec in all_games():
        for command in spec.present.commands:
            out.setdefault(command.name, {})[spec.id] = command
    return out


@click.group(cls=AsobiGroup)
@click.version_option(__version__, prog_name="asobi")
def main() -> None:
    """asobi: play and study tabletop games — in the terminal, with bots, replays and simulations.

    Start with `asobi games`, then `asobi play GAME`.
    """


db_option = click.option(
    "--db", type=click.Path(dir_okay=False), default=None, envvar="ASOBI_DB",
    help="Saved-games database (default: games.sqlite3 in your data directory; env ASOBI_DB).",
)


@main.command()
def games() -> None:
    """List the games, their seats, options and bots."""
    console = _console()
    for spec in all_games():
        table = Table(title=f"{spec.id} — {spec.title_ja} / {spec.title_en} (rules version {spec.rules_version})",
                      show_header=True, title_justify="left")
        table.add_column("option")
        table.add_column("values")
        table.add_column("default")
        table.add_column("meaning")
        for o in spec.options:
            if o.choices is not None:
                values = ", ".join(map(str, o.choices))
            elif o.minimum is not None or o.maximum is not None:
                values = f"{o.minimum}–{o.maximum}"
            else:
                values = o.kind.__name__
            table.add_row(f"--{o.name.replace('_', '-')}", values, str(o.default), o.help_en)
        console.print(table)
        console.print(f"  bots: {', '.join(bot_names(spec))} (mcts and ismcts take parameters, "
                      "e.g. bot:ismcts:time=0.5:rollout=rule; parameters iters, time, rollout, depth, c, prior)\n")


@main.command()
@click.argument("game")
@click.argument("clause_ids", nargs=-1)
@click.option("--lang", type=LANGS, default="en", show_default=True,
              help="ja: the printed Japanese; en: our English translation of it (marked as ours).")
def rules(game: str, clause_ids: tuple[str, ...], lang: str) -> None:
    """Show GAME's rule clauses (all, or the CLAUSE_IDS given), as the log cites them."""
    spec = get_game(game)
    book = spec.clause_book()
    clauses = book.all
    missing = [c for c in clause_ids if c not in clauses]
    if missing:
        raise AsobiError(f"{spec.id}: no clause {', '.join(missing)} (`asobi rules {spec.id}` lists them)")
    shown = clause_ids or tuple(clauses)
    ours = book.notice(lang, shown)
    if ours:
        click.echo(f"# {ours}")
    for cid in shown:
        click.echo(f"{cid}\t{book.text(cid, lang)}")


HINT_BOT_OPTION = click.option(
    "--hint-bot", metavar="BOT", help="The bot whose choice the h key shows, e.g. ismcts:iters=500 (default: the "
    "game's best bot); it decides from your seat's view only.")


@main.command(context_settings=GAME_ARGS, epilog=_options_epilog())
@click.argument("game")
@click.option("--seats", help="Who sits where, e.g. human,bot,bot:random (default: you, then bots).")
@click.option("--seed", type=int,
              help="Reproducible chance and bots from this seed (default: a secret source; nothing to show).")
@click.option("--lang", type=LANGS, default="en", show_default=True, help="Language of the board, actions and log.")
@HINT_BOT_OPTION
@click.option("--stops", metavar="LIST", help="The strategy windows you are asked in, for a game that has stops (`asobi games` "
              "lists each game's, and its defaults; none: no stop); the terminal passes for you at the others. "
              "The s key changes them during play.")
@db_option
@click.pass_context
def play(ctx: click.Context, game: str, seats: str | None, seed: int | None, lang: str, hint_bot: str | None,
         stops: str | None, db: str | None) -> None:
    """Play GAME in the terminal against bots or with friends (hot-seat); saved as you play."""
    spec = get_game(game)
    options = parse_game_options(spec, ctx.args)
    seat_kinds = parse_seats(spec, seats, len(spec.seat_names(options)))
    hint_bot = hint_bot_name(spec, hint_bot)
    stop_set = parse_stops(spec, stops) if stops is not None else None
    with _open_store(db) as store:
        session = TerminalGame.start(spec, options, seat_kinds, seed, store, hint_bot=hint_bot, stops=stop_set,
                                     **_screen(lang))
        store.set_language(session.game_id, lang)  # `asobi resume` speaks it again
        session.resume_hint = _resume_hint(session.game_id, lang, db)
        click.echo(f"{spec.title_ja} — 保存番号 {session.game_id}" if lang == "ja"
                   else f"{spec.title_en} — saved game {session.game_id}")
        try:
            _run_session(session)
        finally:
            store.release(session.game_id)


def _screen(lang: str) -> dict[str, Any]:
    """A terminal session's language and screen (colour and clearing on a real terminal)."""
    from .terminal.screen import Screen

    screen = Screen()
    return {"lang": lang, "write": screen.write, "clear": screen.clear}


def _resume_hint(game_id: int, lang: str, db: str | None) -> str:
    """The command that resumes a game as it is being played: its language and database too."""
    import shlex

    named = db if db and db != os.environ.get("ASOBI_DB") else None  # the environment names it again
    return shlex.join(["asobi", "resume", str(game_id), *(["--lang", lang] if lang != "en" else []),
                       *(["--db", named] if named else [])])


def _run_session(session: TerminalGame) -> None:
    try:
        session.run()
    except KeyboardInterrupt:
        click.echo(f"\n保存しました。再開: {session.resume_hint}" if session.lang == "ja"
                   else f"\nSaved. Resume with: {session.resume_hint}")
        sys.exit(130)


@main.command()
@click.argument("game_id", type=int)
@click.option("--seats", help="Seat this session anew, e.g. bot,human (default: as the game was saved; "
              "the saved seating is kept).")
@click.option("--lang", type=LANGS, help="Language of the board, actions and log (default: the one the game was "
              "last played in, else en); kept for the next time.")
@HINT_BOT_OPTION
@db_option
def resume(game_id: int, seats: str | None, lang: str | None, hint_bot: str | None, db: str | None) -> None:
    """Go on with saved game GAME_ID (see `asobi list`)."""
    with _open_store(db) as store, store.open_game(game_id) as record:
        kinds = parse_seats(record.spec, seats, len(record.seats)) if seats else None
        hint_bot = hint_bot_name(record.spec, hint_bot)
        chosen = lang is not None
        lang = lang if lang is not None else store.language(game_id) or "en"
        session = TerminalGame.resume(store, game_id, kinds, hint_bot=hint_bot, **_screen(lang))
        if chosen:  # only once the game opened: a refused resume changes nothing stored
            store.set_language(game_id, lang)
        session.resume_hint = _resume_hint(game_id, lang, db)
        _run_session(session)


@main.command(name="list")
@db_option
def list_games(db: str | None) -> None:
    """List saved games, newest first."""
    with _open_store(db) as store:
        saved = store.list()
        table = Table(title=f"saved games in {store.path}", title_justify="left")
        for col in ("id", "game", "options", "seats", "status", "actions", "updated", "result", "notes"):
            table.add_column(col)
        for g in saved:
            options, result = "", g.result
            if g.status in ("playing", "finished"):
                with contextlib.suppress(AsobiError):  # listed as the store read it
                    record = store.load(g.id)
                    options = _non_default(record.spec, record.options)
                    if record.outcome is not None:
                        result = record.spec.outcome_text(Outcome.from_json(record.outcome))
            table.add_row(str(g.id), g.game, options, g.seats, g.status, str(g.moves), g.updated, result, g.note)
        _console().print(table if saved else f"no saved games in {store.path}")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: every network).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--bot-delay", type=click.FloatRange(min=0), default=0.3, show_default=True,
              help="Seconds to pause after each bot action, so that people can follow it.")
@db_option
def serve(host: str, port: int, bot_delay: float, db: str | None) -> None:
    """Play in the browser: a lobby, join links per seat, bots, spectators (API docs at /docs)."""
    import uvicorn

    from .server import create_app

    app = create_app(db, bot_delay=bot_delay)
    click.echo(f"asobi: open http://{host}:{port}/ (API: http://{host}:{port}/docs); Ctrl-C stops")
    uvicorn.run(app, host=host, port=port, log_level="warning")


def _load_record(source: str, db: str | None) -> tuple[GameRecord, str]:
    path = Path(source)
    if path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise BadRecordError(source, f"cannot read ({e})") from None
        return read_record(text, where=source), source
    if source.isdigit():
        with _open_store(db) as store:
            return store.load(int(source)), f"saved game {source}"
    file, colon, line = source.rpartition(":")
    if colon and line.isdigit() and Path(file).is_file():
        from .sim.batch import read_record_line

        return read_record_line(file, int(line)), source
    raise BadRecordError(source, "no such file, not FILE:LINE of a `simulate --out` file, and not a saved-game id")


@main.command(name="replay")
@click.argument("source")
@click.option("--verify", is_flag=True, help="Replay every action with its rules check and compare with the record.")
@click.option("--seat", "seat_text", default=None, metavar="SEAT",
              help="Show what this seat saw, by its letter (A, B…) or number from 0 (default: everything once "
                   "the game is over; the first person's seat before).")
@click.option("--step", "step_mode", is_flag=True,
              help="Page through the game: the board after each action; Enter goes on, q (or Ctrl-D, Ctrl-C) stops.")
@click.option("--lang", type=LANGS, default="en", show_default=True)
@click.option("--export", type=click.Path(dir_okay=False),
              help="Write the record as a JSON file (with --seat: what that seat saw, for a game still played).")
@db_option
def replay_cmd(source: str, verify: bool, seat_text: str | None, step_mode: bool, lang: str, export: str | None,
               db: str | None) -> None:
    """Step through a finished or saved game (a record FILE, line N of a `simulate --out` file as
    FILE:N, or a saved-game ID), or verify it."""
    from .store import ReadOnlyGameError
    from .terminal.pager import seat_index, step_through, step_through_stored

    try:
        record, where = _load_record(source, db)
    except ReadOnlyGameError as e:
        if verify:
            raise
        # Made under older rules that refuse one of its actions: shown from its stored log.
        with _open_store(db) as store:
            stored = store.stored_log(e.game_id)
        seat = seat_index(stored.record.spec.seat_names(stored.record.options), seat_text, f"saved game {e.game_id}")
        if export:
            Path(export).write_text(stored.record.dumps(), encoding="utf-8")
            click.echo(f"wrote {export} (rules version {stored.record.rules_version}; read-only here)")
            return
        click.echo(f"saved game {e.game_id} is read-only: {e.reason}")
        if seat is None and stored.record.outcome is None and "human" in stored.record.seats:
            seat = stored.record.seats.index("human")
            name = stored.record.spec.seat_names(stored.record.options)[seat]
            click.echo(f"(game not finished: showing what seat {name} saw; --seat N to choose)")
        if step_mode:
            step_through_stored(stored, seat, lang, input, click.echo)
            return
        for line in stored.render(seat, lang):
            click.echo(line)
        return
    for warning in record.warnings:
        click.echo(f"warning: {warning}", err=True)
    spec = record.spec
    seat = seat_index(spec.seat_names(record.options), seat_text, where)
    if export:
        _export(record, where, export, seat, lang)
        return
    if verify:
        state = replay(record, where=where)
        problems = []
        outcome = state.outcome()
        outcome_differs = record.outcome is not None and (outcome is None or outcome.to_json() != record.outcome)
        if record.migrated_from is not None:
            # Made under other rules: every action standing under these is what verifies. The
            # fingerprint covers the state's layout, which a rules version may change, and the
            # outcome may change with the rules: both are told, neither fails.
            click.echo(f"{where}: made under rules version {record.migrated_from}, replayed under "
                       f"{spec.rules_version}: every action stands; the final state's fingerprint is not compared")
            if outcome_differs:
                click.echo(f"{where}: under these rules the outcome is {outcome.to_json() if outcome else None}, "
                           f"recorded {record.outcome}")
        else:
            if record.fingerprint and state.fingerprint() != record.fingerprint:
                problems.append(f"final state {state.fingerprint()} differs from the recorded {record.fingerprint}")
            if outcome_differs:
                problems.append(
                    f"outcome {outcome.to_json() if outcome else None} differs from the recorded {record.outcome}"
                )
        if problems:
            for p in problems:
                click.echo(f"{where}: {p}", err=True)
            sys.exit(1)
        end = spec.outcome_text(outcome, lang) if outcome else "not finished"
        click.echo(f"{where}: verified {len(record.actions)} actions, state {state.fingerprint()}; {end}")
        return
    if seat is None and record.outcome is None and "human" in record.seats:
        # An unfinished game may still be played on: show no more than its first person saw.
        seat = record.seats.index("human")
        name = spec.seat_names(record.options)[seat]
        click.echo(f"（未終了のゲーム：{name}の席から見えるものを表示。--seat で選べます）" if lang == "ja"
                   else f"(game not finished: showing what seat {name} sees; --seat A, B… to choose)")
    names = spec.seat_names(record.options)
    if step_mode:
        match = step_through(record, seat, lang, input, click.echo, where)
        if len(match.actions) == len(record.actions):
            outcome = match.state.outcome()
            click.echo(spec.outcome_text(outcome, lang) if outcome else ("（未終了）" if lang == "ja" else "(not finished)"))
        return
    # Through the match loop, so each seat sees other seats' actions as it saw them when played.
    match = Match(spec, record.options, record.seats, seed=record.seed, actions=record.actions, where=where)
    for event in match.opening_events(seat):
        click.echo("  · " + spec.event_text(event, lang))
    for update in match.updates(seat, 0, lang):
        who = ("偶然" if lang == "ja" else "chance") if update.actor == CHANCE else names[update.actor]
        click.echo(f"[{who}] {update.label}")
        for event in update.events:
            click.echo("  · " + spec.event_text(event, lang))
    state = match.state
    click.echo(spec.present.render(state.view(seat), seat, lang))
    outcome = state.outcome()
    click.echo(spec.outcome_text(outcome, lang) if outcome else ("（未終了）" if lang == "ja" else "(not finished)"))


def _export(record: GameRecord, where: str, path: str, seat: int | None, lang: str) -> None:
    """Write the whole record — or, with ``seat``, only what that seat saw (other seats' actions
    redacted, its log lines), the one export of a game people still play."""
    if seat is None:
        if record.outcome is None and "human" in record.seats:
            raise AsobiError(
                f"{where}: the game is still being played and its record shows every hidden card; "
                "export what one seat saw with --seat N, or finish the game first"
            )
        Path(path).write_text(record.dumps(), encoding="utf-8")
        click.echo(f"wrote {path}")
        return
    spec = record.spec
    if not 0 <= seat < len(record.seats):
        raise AsobiError(f"{where}: no seat {seat}; this game's seats are 0..{len(record.seats) - 1}")
    match = Match(spec, record.options, record.seats, seed=record.seed, actions=record.actions, where=where)
    updates = [
        {
            "state_id": u.state_id,
            "actor": u.actor,
            "action": action_to_json(u.action) if u.action is not None else None,
            "label": u.label,
            "events": [spec.event_text(e, lang) for e in u.events],
        }
        for u in match.updates(seat, 0, lang)
    ]
    data = {
        "game": spec.id,
        "rules_version": spec.rules_version,
        "seat": seat,
        "opening": [spec.event_text(e, lang) for e in match.opening_events(seat)],
        "updates": updates,
        "view": match.view(seat),
    }
    Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    click.echo(f"wrote {path} (what seat {spec.seat_names(record.options)[seat]} saw)")


def bot_kinds(spec: GameSpec, bots: str | None, n_seats: int, sep: str = ",") -> list[str]:
    """Bot names per seat from ``rule,random`` (or one name for every seat; default the game's best)."""
    names = bots.split(sep) if bots else ["bot"]
    if len(names) == 1:
        names = names * n_seats
    kinds = [k.removeprefix("bot:") for k in parse_seats(spec, ",".join(names), n_seats)]
    if "human" in kinds:
        raise AsobiError("simulations play bots only")
    return kinds


def grid_cells(spec: GameSpec, axes: Any, args: list[str], bots: str | None) -> Any:
    """The cells of a balance grid (``balance --over``, ``study --vary``): each setting's game
    options (the command's own, then the axis values) and bots (an axis ``bots=…`` seats them)."""
    from .sim.balance import make_cells

    def options_for(settings: dict[str, str]) -> dict[str, Any]:
        extra = [f"--{k.replace('_', '-')}={v}" for k, v in settings.items()]
        return parse_game_options(spec, [*args, *extra])

    def bots_for(value: str | None, options: dict[str, Any]) -> list[str]:
        n_seats = len(spec.seat_names(options))
        return bot_kinds(spec, value, n_seats, sep="/") if value is not None else bot_kinds(spec, bots, n_seats)

    return make_cells(axes, options_for, bots_for, spec.seat_names)


@main.command(context_settings=GAME_ARGS, epilog=_options_epilog())
@click.argument("game")
@click.option("-n", "--games", "n", type=click.IntRange(min=1), default=100, show_default=True, help="Games to play.")
@click.option("--seed", type=int, default=0, show_default=True, help="Batch seed; game i is played from a seed derived from it.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: all cores).")
@click.option("--bots", help="Bot per seat, comma-separated, or one for all (default: the game's best bot); "
              "py:MODULE:CLASS plays your own Agent class.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--out", type=click.Path(dir_okay=False),
              help="Write one JSON line per game: its full record (replayable) and how it ended.")
@click.option("--cluster", metavar="ADDRESS",
              help="Play on a Ray cluster: its address (auto, HOST:PORT, ray://HOST:PORT) or 'local' "
                   "(needs the 'cluster' extra).")
@click.pass_context
def simulate(ctx: click.Context, game: str, n: int, seed: int, jobs: int | None, bots: str | None, as_json: bool,
             out: str | None, cluster: str | None) -> None:
    """Play N games of GAME between bots and summarise the results (reproducible from --seed).

    The same seed gives the same games whatever --jobs, and on a --cluster. Each --out line holds
    how a game ended and, under "record", its whole record (every action and chance outcome):
    `asobi replay games.jsonl:5` replays the fifth.
    """
    from .sim.batch import run_batch, summarize

    spec = get_game(game)
    options = parse_game_options(spec, ctx.args)
    n_seats = len(spec.seat_names(options))
    kinds = bot_kinds(spec, bots, n_seats)
    jobs = jobs or os.cpu_count() or 1
    sink = open(out, "w", encoding="utf-8") if out else None  # noqa: SIM115 — closed below
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=_console(stderr=True), transient=True, disable=as_json) as progress:
            task = progress.add_task(f"{spec.id} ×{n}", total=n)

            def done(r) -> None:
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
    console = _console()
    opts = " ".join(f"{k}={v}" for k, v in options.items())
    console.print(f"[bold]{spec.id}[/bold] {opts} — {n} games, bots {','.join(kinds)}, seed {seed}")
    table = Table(title="outcomes", title_justify="left")
    for col in ("reason", "clause", "games", "share"):
        table.add_column(col)
    for reason, clause, k in summary.reasons:
        table.add_row(reason, clause, str(k), f"{k / n:.1%}")
    console.print(table)
    seats = spec.seat_names(options)
    console.print("win rate by seat: " + ", ".join(f"{s} {w:.1%}" for s, w in zip(seats, summary.wins_by_seat, strict=True)))
    console.print(f"length in actions: mean {summary.steps_mean:.1f}, median {summary.steps_median:.0f}, max {summary.steps_max}")
    for name, (mean, median) in summary.metrics.items():
        console.print(f"{name}: mean {mean:.2f}, median {median:.2f}")


@main.command(name="balance", context_settings=GAME_ARGS, epilog=_options_epilog())
@click.argument("game")
@click.option("--over", "over", multiple=True, required=True, metavar="NAME=V1,V2,…",
              help="An axis of the grid: a game option (players=2,3,4) or bots (bots=rule/random,random/rule: "
                   "a bot per seat, separated by /). Repeat for more axes; the first varies slowest.")
@click.option("-n", "--games", "n", type=click.IntRange(min=1), default=1000, show_default=True, help="Games per cell.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Batch seed; game i of every cell is played from a seed derived from it.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: all cores).")
@click.option("--bots", help="Bot per seat, comma-separated, or one for all (default: the game's best bot).")
@click.option("--metric", "metrics", multiple=True,
              help="Game figure to tabulate (mean, median, max); repeatable (default: the game's first, its length).")
@click.option("--cluster", metavar="ADDRESS", help="Play on a Ray cluster (as for simulate).")
@click.option("--markdown", is_flag=True, help="Print the table as Markdown.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.pass_context
def balance_cmd(ctx: click.Context, game: str, over: tuple[str, ...], n: int, seed: int, jobs: int | None,
                bots: str | None, metrics: tuple[str, ...], cluster: str | None, markdown: bool, as_json: bool) -> None:
    """Balance study: N bot games for every cell of a grid of options, with win rates and how games ended.

    Each cell is the batch `asobi simulate GAME -n N --seed S` with the cell's options would play.
    Example: asobi balance GAME --over players=2,3,4 --over bots=rule/random,random/rule -n 1000
    """
    import time

    from .sim.balance import parse_over, run_study

    spec = get_game(game)
    axes = parse_over(over)

    cells = grid_cells(spec, axes, ctx.args, bots)
    jobs = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=_console(stderr=True), transient=True, disable=as_json) as progress:
        task = progress.add_task(f"{spec.id}: {len(cells)} cells ×{n}", total=n * len(cells))
        study = run_study(spec.id, cells, n, seed, jobs, cluster, list(metrics) or None,
                          lambda r: progress.advance(task))
    elapsed = time.perf_counter() - started
    if as_json:
        click.echo(json.dumps(study.to_json(), ensure_ascii=False, indent=1))
        return
    title = (f"{spec.id} {_non_default(spec, parse_game_options(spec, ctx.args))} — {n} games per cell, seed {seed}; "
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
        console = _console()
        (console if console.is_terminal else Console(width=240)).print(table)
    click.echo(f"\n{n * len(cells)} games in {elapsed:.0f} s")


@main.command(name="study", context_settings=GAME_ARGS, epilog=_options_epilog())
@click.argument("game", required=False)
@click.option("-n", "--games", "n", type=click.IntRange(min=1), default=200, show_default=True,
              help="Games per setting.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Batch seed; game i of every setting is played from a seed derived from it.")
@click.option("--bots", help="Bot per seat, comma-separated, or one for all (default: the game's best bot).")
@click.option("--vary", multiple=True, metavar="OPTION=V1,V2,…",
              help="Play each value of a game option (or bots=rule/random,…); repeat for a grid.")
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Processes (default: all cores).")
@click.option("--cluster", metavar="ADDRESS", help="Play on a Ray cluster (as for simulate).")
@click.option("--out", type=click.Path(file_okay=False), default=None,
              help="Directory of the report (default: study-GAME; with --compare: print only).")
@click.option("--compare", nargs=2, metavar="REPORT_A REPORT_B",
              help="Compare two studies (their directories or study.json) instead of playing.")
@click.pass_context
def study_cmd(ctx: click.Context, game: str | None, n: int, seed: int, bots: str | None, vary: tuple[str, ...],
              jobs: int | None, cluster: str | None, out: str | None, compare: tuple[str, str] | None) -> None:
    """Balance study of GAME: N bot games per setting, written to a directory as an HTML report with plots,
    95% intervals, tests of the differences between settings, seat advantage and per-card impact,
    with every game's record beside it.

    Example: asobi study GAME --vary players=2,3,4 -n 500 --out study-GAME
    """
    import shlex

    if compare:
        from .sim.study.compare import compare as compare_studies
        from .sim.study.compare import load_report, markdown

        if game or ctx.args or vary:
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
    from .sim.balance import parse_over
    from .sim.study.make import HTML_FILE, check_out_dir, make_study

    spec = get_game(game)
    try:
        axes = parse_over(vary)
    except AsobiError as e:  # the grid's parser names balance's flag
        raise AsobiError(str(e).replace("--over", "--vary")) from None
    base = parse_game_options(spec, ctx.args)

    cells = grid_cells(spec, axes, ctx.args, bots)
    directory = Path(out or f"study-{spec.id}")
    check_out_dir(directory)
    command = shlex.join(["asobi", "study", spec.id, "-n", str(n), "--seed", str(seed),
                          *(["--bots", bots] if bots else []), *(a for v in vary for a in ("--vary", v)), *ctx.args])
    jobs = jobs or os.cpu_count() or 1
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=_console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{spec.id}: {len(cells)} setting(s) ×{n}", total=n * len(cells))
        report = make_study(spec, cells, n, seed, directory, command=command, processes=jobs, cluster=cluster,
                            on_game=lambda g: progress.advance(task))
    click.echo(f"{spec.id} {_non_default(spec, base)}: {n * len(cells)} games in {report['elapsed_s']:.0f} s")
    for s in report["settings"]:
        wins = ([f"table {s['win']['rate']:.1%}"] if report["co_operative"]
                else [f"{w['seat']} {w['rate']:.1%}" for w in s["seat_wins"]])
        click.echo(f"  {s['label']}: " + ", ".join(wins))
    click.echo(f"report: {directory / HTML_FILE}")


@main.command(context_settings=GAME_ARGS, epilog=_options_epilog())
@click.argument("game")
@click.option("--bots", required=True,
              help="Bots to rank, comma-separated, e.g. random,rule,mcts:iters=200,ismcts:time=0.5 "
                   "(search parameters: iters, time, rollout=random|rule|heuristic, depth, c, prior=rule, reuse=no).")
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
@click.pass_context
def ladder(ctx: click.Context, game: str, bots: str, n: int, seed: int, jobs: int | None, mode: str,
           doc: str | None, plot: str | None, as_json: bool, results: str | None) -> None:
    """Rank bots at GAME: round-robin games with seats swapped, ratings with 95% intervals.

    Example: asobi ladder GAME --bots random,rule,ismcts:time=0.2 -n 40
    """
    import shlex
    import time

    from .core.bots import check_bot_name
    from .sim.ladder import markdown, run_ladder
    from .sim.ladder import plot as plot_ratings

    spec = get_game(game)
    options = parse_game_options(spec, ctx.args)
    names = [check_bot_name(spec, b.strip().removeprefix("bot:")) for b in bots.split(",") if b.strip()]
    if len(set(names)) != len(names):
        raise AsobiError(f"--bots names a bot twice: {bots}")
    cooperative = None if mode == "auto" else mode == "team"
    if len(names) < 2 and cooperative is not True:
        raise AsobiError("a ladder of rivals needs at least two bots (or --mode team)")
    jobs = jobs or os.cpu_count() or 1
    started = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=_console(stderr=True), transient=True, disable=as_json) as progress:
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
    if doc:
        command = shlex.join(["asobi", "ladder", spec.id, "--bots", ",".join(names), "-n", str(n), "--seed", str(seed),
                              "--jobs", str(jobs), *(["--mode", mode] if mode != "auto" else []), *ctx.args,
                              *(["--results", results] if results else []), "--doc", doc])
        Path(doc).parent.mkdir(parents=True, exist_ok=True)
        Path(doc).write_text(markdown(result, command, elapsed), encoding="utf-8")
    if as_json:
        click.echo(json.dumps({
            "game": spec.id, "options": options, "seed": seed, "games": len(result.results),
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
    console = _console()
    kind = "each bot holding every seat, against the game" if result.cooperative else "round robin, seats swapped"
    table = Table(title=f"{spec.id} {_non_default(spec, options)} — {len(result.results)} games ({kind}), seed {seed}; "
                        "OpenSkill ratings with 95% intervals (± 1.96 σ)", title_justify="left")
    for col in ("bot", "rating", "95% interval", "games", "win rate" if result.cooperative else "points share"):
        table.add_column(col, justify="left" if col in ("bot", "95% interval") else "right")
    for r in ratings:
        table.add_row(r.bot, f"{r.mu:.1f}", f"{r.low:.1f} – {r.high:.1f}", str(r.games), f"{r.score:.1%}")
    console.print(table)
    pairs = Table(title="head to head (a draw counts half; 95% Wilson interval)", title_justify="left")
    for col in ("bot", "against", "games", "share", "95% interval"):
        pairs.add_column(col, justify="right" if col in ("games", "share") else "left")
    for p in result.head_to_head(ratings):
        low, high = p.interval()
        pairs.add_row(p.bot, p.against, str(p.games), f"{p.share:.1%}", f"{low:.1%} – {high:.1%}")
    console.print(pairs)
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
        console.print(by_margin)
    wrote = [p for p in (doc, plot) if p]
    click.echo(f"{len(result.results)} games in {elapsed:.0f} s" + (f"; wrote {', '.join(wrote)}" if wrote else ""))


@main.command(context_settings=GAME_ARGS, epilog=_options_epilog())
@click.argument("game", required=False)
@click.option("--runs", type=click.IntRange(min=1), default=5, show_default=True, help="Runs; each figure is their median.")
@click.option("--states", type=click.IntRange(min=10), default=2000, show_default=True, help="Mid-game states timed per run.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.pass_context
def bench(ctx: click.Context, game: str | None, runs: int, states: int, as_json: bool) -> None:
    """Measure engine speed: µs per step and per clone, steps/s and games/s (all games, or GAME)."""
    from .sim.bench import bench as run_bench

    specs = [get_game(game)] if game else all_games()
    if ctx.args and not game:
        raise AsobiError("game options need a GAME")
    results = []
    for spec in specs:
        options = parse_game_options(spec, ctx.args) if game else {}
        results.append(run_bench(spec, options, runs=runs, n_states=states))
    if as_json:
        click.echo(json.dumps([r.to_json() for r in results], ensure_ascii=False, indent=1))
        return
    table = Table(title=f"asobi bench — median of {runs} runs (Python {results[0].python if results else ''})",
                  title_justify="left")
    for col in ("game", "options", "µs/step", "µs/step mean", "µs/playout step", "µs/is_legal", "µs/clone",
                "µs/data copy", "µs/deepcopy", "steps/s", "games/s", "steps/game"):
        table.add_column(col, justify="right" if col.startswith(("µ", "steps", "games")) else "left")
    for r in results:
        table.add_row(r.game, _non_default(get_game(r.game), r.options), f"{r.step_us:.2f}", f"{r.step_mean_us:.2f}",
                      f"{r.playout_step_us:.2f}", f"{r.is_legal_us:.2f}", f"{r.clone_us:.2f}", f"{r.data_copy_us:.2f}", f"{r.deepcopy_us:.0f}", f"{r.steps_per_s:,.0f}", f"{r.games_per_s:,.1f}",
                      f"{r.mean_game_steps:.0f}")
    _console().print(table)


if __name__ == "__main__":
    main()

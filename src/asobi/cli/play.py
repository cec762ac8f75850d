"""Playing in the terminal: ``asobi play``, ``asobi resume`` and ``asobi list`` of the saved games."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Any

import click
from rich.table import Table

from ..core.errors import AsobiError
from ..core.registry import get_game
from ..core.state import Outcome
from ..terminal import TerminalGame, hint_bot_name, parse_seats
from ..terminal.stops import parse_stops
from .common import LANGS, console, db_option, non_default, open_store
from .game_options import GameOptionsCommand

HINT_BOT_OPTION = click.option(
    "--hint-bot", metavar="BOT", help="The bot whose choice the h key shows, e.g. ismcts:iters=500 (default: the "
    "normal level); it decides from your seat's view only.")


@click.command(cls=GameOptionsCommand)
@click.argument("game")
@click.option("--seats", help="Who sits where, e.g. human,bot:hard,bot:easy (bot is the normal level; easy, normal, hard, "
              "expert, or any bot `asobi games` lists; default: you, then bots at normal).")
@click.option("--seed", type=int,
              help="Reproducible chance and bots from this seed (default: a secret source; nothing to show).")
@click.option("--lang", type=LANGS, default="en", show_default=True, help="Language of the board, actions and log.")
@HINT_BOT_OPTION
@click.option("--stops", metavar="LIST", help="The strategy windows you are asked in, for a game that has stops (`asobi games` "
              "lists each game's, and its defaults; none: no stop); the terminal passes for you at the others. "
              "The s key changes them during play.")
@db_option
def play(game: str, seats: str | None, seed: int | None, lang: str, hint_bot: str | None, stops: str | None,
         db: str | None, game_options: dict[str, Any]) -> None:
    """Play GAME in the terminal against bots or with friends (hot-seat); saved as you play."""
    spec = get_game(game)
    options = spec.local_options(game_options)
    seat_kinds = parse_seats(spec, seats, len(spec.seat_names(options)))
    hint_bot = hint_bot_name(spec, hint_bot)
    stop_set = parse_stops(spec, stops) if stops is not None else None
    with open_store(db) as store:
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
    from ..terminal.screen import Screen

    screen = Screen()
    return {"lang": lang, "write": screen.write, "clear": screen.clear, "status": screen.status_line()}


def _resume_hint(game_id: int, lang: str, db: str | None) -> str:
    """The command that resumes a game as it is being played: its language and database too."""
    import shlex

    named = db if db and db != os.environ.get("ASOBI_DB") else None  # the environment names it again
    return shlex.join(["asobi", "resume", str(game_id), *(["--lang", lang] if lang != "en" else []),
                       *(["--db", named] if named else [])])


def _run_session(session: TerminalGame) -> None:
    try:
        session.run()
    except KeyboardInterrupt:  # every move is saved as it is made: said as at a prompt's q
        click.echo(f"\n保存しました。再開: {session.resume_hint}" if session.lang == "ja"
                   else f"\nSaved. Resume with: {session.resume_hint}")
        session.tell_host_secret()
        sys.exit(130)


@click.command()
@click.argument("game_id", type=int)
@click.option("--seats", help="Seat this session anew, e.g. bot,human (default: as the game was saved; "
              "the saved seating is kept).")
@click.option("--lang", type=LANGS, help="Language of the board, actions and log (default: the one the game was "
              "last played in, else en); kept for the next time.")
@HINT_BOT_OPTION
@db_option
def resume(game_id: int, seats: str | None, lang: str | None, hint_bot: str | None, db: str | None) -> None:
    """Go on with saved game GAME_ID (see `asobi list`)."""
    with open_store(db) as store, store.open_game(game_id) as record:
        kinds = parse_seats(record.spec, seats, len(record.seats)) if seats else None
        hint_bot = hint_bot_name(record.spec, hint_bot)
        chosen = lang is not None
        lang = lang if lang is not None else store.language(game_id) or "en"
        session = TerminalGame.resume(store, game_id, kinds, hint_bot=hint_bot, **_screen(lang))
        if chosen:  # only once the game opened: a refused resume changes nothing stored
            store.set_language(game_id, lang)
        session.resume_hint = _resume_hint(game_id, lang, db)
        _run_session(session)


@click.command(name="list")
@db_option
def list_games(db: str | None) -> None:
    """List saved games, newest first."""
    with open_store(db) as store:
        saved = store.list()
        table = Table(title=f"saved games in {store.path}", title_justify="left")
        for col in ("id", "game", "options", "seats", "status", "actions", "updated", "result", "notes"):
            table.add_column(col)
        for g in saved:
            options, result = "", g.result
            if g.status in ("playing", "finished"):
                with contextlib.suppress(AsobiError):  # listed as the store read it
                    record = store.load(g.id)
                    options = non_default(record.spec, record.options)
                    if record.outcome is not None:
                        result = record.spec.outcome_text(Outcome.from_json(record.outcome))
            table.add_row(str(g.id), g.game, options, g.seats, g.status, str(g.moves), g.updated, result, g.note)
        console().print(table if saved else f"no saved games in {store.path}")

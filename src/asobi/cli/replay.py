"""``asobi replay``: step through, verify or export a finished or saved game."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..core.actions import action_to_json
from ..core.errors import AsobiError, BadRecordError, summary
from ..core.match import Match
from ..core.record import GameRecord, load_json, read_record_file
from ..core.registry import game_ids, get_game
from ..core.replay import read_record, replay
from ..core.state import CHANCE
from .common import LANGS, db_option, open_store


def load_record(source: str, db: str | None) -> tuple[GameRecord, str]:
    """The record ``source`` names (a record file, ``FILE:LINE`` of a ``simulate --out`` file, or a
    saved game's id), and how messages name it."""
    path = Path(source)
    if path.exists():
        return read_record(read_record_file(path, where=source), where=source), source
    if source.isdigit():
        with open_store(db) as store:
            return store.load(int(source)), f"saved game {source}"
    file, colon, line = source.rpartition(":")
    if colon and line.isdigit() and Path(file).is_file():
        from ..sim.batch import read_record_line

        return read_record_line(file, int(line)), source
    raise BadRecordError(source, "no such file, not FILE:LINE of a `simulate --out` file, and not a saved-game id")


@click.command(name="replay")
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
    from ..store import ReadOnlyGameError
    from ..terminal.pager import seat_index, step_through, step_through_stored

    export_of_seat = read_seat_export(source) if Path(source).is_file() else None
    if export_of_seat is not None:
        if verify or export or step_mode:
            raise BadRecordError(source, "a seat's export holds what one seat saw, not the game's actions: it can only "
                                 "be shown (no --verify, --step or --export)")
        for line in show_seat_export(export_of_seat, source, lang):
            click.echo(line)
        return
    try:
        record, where = load_record(source, db)
    except ReadOnlyGameError as e:
        if verify:
            raise
        # Made under older rules that refuse one of its actions: shown from its stored log.
        with open_store(db) as store:
            stored = store.stored_log(e.game_id)
        seat = seat_index(stored.record.spec.seat_names(stored.record.options), seat_text, f"saved game {e.game_id}")
        if export:
            Path(export).write_text(stored.record.dumps(), encoding="utf-8")
            click.echo(f"wrote {export} (rules version {stored.record.rules_version}; read-only here)")
            return
        click.echo(f"saved game {e.game_id} is read-only: {e.reason}")
        if seat is None and stored.record.outcome is None and "human" in stored.record.seats:
            seat = stored.record.seats.index("human")
            name = stored.record.spec.seat_title(stored.record.spec.seat_names(stored.record.options)[seat], lang)
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
        name = spec.seat_title(spec.seat_names(record.options)[seat], lang)
        click.echo(f"（未終了のゲーム：{name}の席から見えるものを表示。--seat で選べます）" if lang == "ja"
                   else f"(game not finished: showing what seat {name} sees; --seat A, B… to choose)")
    names = [spec.seat_title(n, lang) for n in spec.seat_names(record.options)]
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
    outcome = match.state.outcome()
    data = {
        "format": SEAT_EXPORT,
        "game": spec.id,
        "rules_version": spec.rules_version,
        "lang": lang,
        "seat": seat,
        "seat_names": list(spec.seat_names(record.options)),
        "opening": [spec.event_text(e, lang) for e in match.opening_events(seat)],
        "updates": updates,
        "view": match.view(seat),
        "outcome": spec.outcome_text(outcome, lang) if outcome is not None else None,
    }
    Path(path).write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    click.echo(f"wrote {path} (what seat {spec.seat_title(spec.seat_names(record.options)[seat])} saw)")


SEAT_EXPORT = "asobi seat export 1"
"""The ``format`` of what ``replay --seat N --export FILE`` writes (an export made before it was
marked is told by its fields)."""

_SEAT_FIELDS = {"game", "rules_version", "seat", "opening", "updates", "view"}


def read_seat_export(source: str) -> dict[str, Any] | None:
    """The seat's export in file ``source``, checked field by field; ``None`` when the file is not
    one (a game record, read as such).

    :raises BadRecordError: naming the file and the field, for an export that cannot be shown.
    """
    try:
        data = load_json(read_record_file(source, where=source), source)
    except BadRecordError:
        return None  # not JSON, too long…: the record reader says so, as for any record
    if not isinstance(data, dict) or (data.get("format") != SEAT_EXPORT and not set(data) >= _SEAT_FIELDS):
        return None

    def bad(reason: str) -> BadRecordError:
        return BadRecordError(source, f"a seat's export, but {reason}")

    missing = sorted(_SEAT_FIELDS - set(data))
    if missing:
        raise bad(f"it lacks {', '.join(missing)}")
    game = data["game"]
    if not isinstance(game, str) or game not in game_ids():
        raise bad(f"its game {summary(game)!r} is not installed (installed: {', '.join(game_ids())})")
    spec = get_game(game)
    if data["rules_version"] != spec.rules_version:
        raise bad(f"it was made under rules version {summary(data['rules_version'])}, this is {spec.rules_version}")
    names = data.get("seat_names")
    if names is not None and not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        raise bad("seat_names is not a list of names")
    n_seats = len(names) if names is not None else None
    seat = data["seat"]
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0 or (n_seats is not None and seat >= n_seats):
        raise bad(f"its seat {summary(seat)} is not one of the game's seats")
    if not isinstance(data["opening"], list) or not all(isinstance(line, str) for line in data["opening"]):
        raise bad("opening is not a list of texts")
    if not isinstance(data["updates"], list):
        raise bad("updates is not a list")
    for i, u in enumerate(data["updates"]):
        if not isinstance(u, dict):
            raise bad(f"update {i} is not an object")
        actor, label, events = u.get("actor"), u.get("label"), u.get("events")
        if not isinstance(actor, int) or isinstance(actor, bool) or actor < CHANCE or (
                n_seats is not None and actor >= n_seats):
            raise bad(f"update {i}: its actor {summary(actor)} is not a seat or chance")
        if not (label is None or isinstance(label, str)):
            raise bad(f"update {i}: its label is not text")
        if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
            raise bad(f"update {i}: its events are not a list of texts")
    if not isinstance(data["view"], dict):
        raise bad("its view is not an object")
    if not (data.get("outcome") is None or isinstance(data["outcome"], str)):
        raise bad("its outcome is not text")
    return data


def show_seat_export(data: dict[str, Any], source: str, lang: str) -> list[str]:
    """The lines of a seat's export (checked by :func:`read_seat_export`): the game as that seat
    saw it — each action and event in the language it was exported in — then its board in ``lang``."""
    spec = get_game(data["game"])
    names = data.get("seat_names")
    seat = data["seat"]

    def who(actor: int) -> str:
        if actor == CHANCE:
            return "偶然" if lang == "ja" else "chance"
        return spec.seat_title(names[actor], lang) if names else str(actor)

    ja = lang == "ja"
    lines = [f"（{who(seat)}の席から見たゲーム：{source}）" if ja else f"(the game as seat {who(seat)} saw it: {source})"]
    lines += ["  · " + line for line in data["opening"]]
    for u in data["updates"]:
        if u["label"] is not None:
            lines.append(f"[{who(u['actor'])}] {u['label']}")
        lines += ["  · " + e for e in u["events"]]
    try:
        lines.append(spec.present.render(data["view"], seat, lang))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise BadRecordError(source, f"a seat's export, but its view does not fit {spec.id}'s board "
                             f"({type(e).__name__}: {summary(str(e))})") from None
    outcome = data.get("outcome")
    lines.append(outcome if outcome else ("（未終了）" if ja else "(not finished)"))
    return lines

"""Saved games in SQLite: one row per game, one row per action, written as the game is played.

Every action is committed as soon as it is applied, so a crash or Ctrl-C loses at most the action
in flight. The schema carries a version and is brought up to date by ordered migrations. A row
that cannot be read (damaged JSON, a game or rules version this engine does not play) gives a
:class:`BadRecordError` for that game alone; the rest of the database stays usable.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from ..core.actions import Action, action_to_json
from ..core.errors import AsobiError, BadRecordError
from ..core.record import GameRecord

ENV_DB = "ASOBI_DB"

MIGRATIONS: tuple[str, ...] = (
    # 1: games and their actions.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game TEXT NOT NULL,
        rules_version TEXT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        seed INTEGER,
        status TEXT NOT NULL DEFAULT 'playing',
        outcome TEXT,
        fingerprint TEXT,
        created TEXT NOT NULL,
        updated TEXT NOT NULL
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (game_id, idx)
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


class StoreError(AsobiError):
    """The database file cannot be used (not a database, or made by a newer asobi)."""


def default_db_path() -> Path:
    """``$ASOBI_DB`` if set, else ``games.sqlite3`` in the user's data directory."""
    env = os.environ.get(ENV_DB)
    if env:
        return Path(env)
    return Path(user_data_dir("asobi", appauthor=False)) / "games.sqlite3"


@dataclass(frozen=True)
class SavedGame:
    """One line of ``asobi list``."""

    id: int
    game: str
    rules_version: str
    seats: str
    status: str
    moves: int
    updated: str
    result: str


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class GameStore:
    """A SQLite file of saved games.

    :raises StoreError: if ``path`` is not an asobi database or was made by a newer version.
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None)
            self.db.execute("PRAGMA foreign_keys = ON")
            self.db.execute("PRAGMA journal_mode = WAL")
            self._migrate()
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path}: not a usable asobi database ({e})") from None

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def schema_version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        version = self.schema_version()
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: database schema version {version} is newer than this asobi knows "
                f"({SCHEMA_VERSION}); upgrade asobi to open it"
            )
        for number in range(version, SCHEMA_VERSION):
            with self._transaction() as db:
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {number + 1}")

    # ---- writing ---------------------------------------------------------------------------
    def create(self, record: GameRecord) -> int:
        """Save a new game (with any actions it already has) and return its id."""
        now = _now()
        with self._transaction() as db:
            cur = db.execute(
                "INSERT INTO games (game, rules_version, options, seats, seed, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    record.game,
                    record.rules_version,
                    json.dumps(record.options, ensure_ascii=False),
                    json.dumps(record.seats),
                    record.seed,
                    now,
                    now,
                ),
            )
            game_id = int(cur.lastrowid or 0)
            db.executemany(
                "INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)",
                [(game_id, i, json.dumps(action_to_json(a), ensure_ascii=False)) for i, a in enumerate(record.actions)],
            )
        return game_id

    def append(self, game_id: int, index: int, action: Action) -> None:
        """Save one applied action; ``index`` is its place in the game's action list."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)",
                (game_id, index, json.dumps(action_to_json(action), ensure_ascii=False)),
            )
            db.execute("UPDATE games SET updated = ? WHERE id = ?", (_now(), game_id))

    def set_seats(self, game_id: int, seats: list[str]) -> None:
        """Change who sits where (a person hands a seat to a bot, or takes one over)."""
        with self._transaction() as db:
            db.execute("UPDATE games SET seats = ?, updated = ? WHERE id = ?", (json.dumps(seats), _now(), game_id))

    def finish(self, game_id: int, outcome: dict[str, Any], fingerprint: str) -> None:
        """Mark a game finished, with its outcome and the final state's fingerprint."""
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET status = 'finished', outcome = ?, fingerprint = ?, updated = ? WHERE id = ?",
                (json.dumps(outcome, ensure_ascii=False), fingerprint, _now(), game_id),
            )

    def delete(self, game_id: int) -> None:
        with self._transaction() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    # ---- reading ---------------------------------------------------------------------------
    def load(self, game_id: int) -> GameRecord:
        """The record of a saved game.

        :raises BadRecordError: if there is no such game or its rows cannot be read.
        """
        where = f"saved game {game_id} in {self.path}"
        row = self.db.execute(
            "SELECT game, rules_version, options, seats, seed, outcome, fingerprint FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise BadRecordError(where, "no such saved game (see `asobi list`)")
        game, rules_version, options, seats, seed, outcome, fingerprint = row
        actions: list[Any] = []
        for idx, text in self.db.execute("SELECT idx, action FROM actions WHERE game_id = ? ORDER BY idx", (game_id,)):
            if idx != len(actions):
                raise BadRecordError(where, f"action {len(actions)} is missing")
            actions.append(_json(text, where, f"action {idx}"))
        data = {
            "game": game,
            "rules_version": rules_version,
            "options": _json(options, where, "options"),
            "seats": _json(seats, where, "seats"),
            "seed": seed,
            "actions": actions,
            "outcome": _json(outcome, where, "outcome") if outcome else None,
            "fingerprint": fingerprint,
        }
        return GameRecord.from_json(data, where)

    def list(self) -> list[SavedGame]:
        """Every saved game, newest first; one that cannot be read is listed as damaged."""
        rows = self.db.execute(
            "SELECT g.id, g.game, g.rules_version, g.seats, g.status, g.updated, g.outcome,"
            " (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id)"
            " FROM games g ORDER BY g.updated DESC, g.id DESC"
        ).fetchall()
        out = []
        for gid, game, rules, seats, status, updated, outcome, moves in rows:
            try:
                seat_list = ",".join(json.loads(seats))
                result = json.loads(outcome)["reason"] if outcome else ""
            except (ValueError, TypeError, KeyError):
                seat_list, result, status = "?", "", "damaged"
            out.append(SavedGame(gid, game, rules, seat_list, status, moves, updated, result))
        return out


def _json(text: str, where: str, what: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, TypeError) as e:
        raise BadRecordError(where, f"{what} is damaged ({e})") from None

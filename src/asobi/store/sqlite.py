"""Saved games in SQLite: one row per game, one row per action, written as the game is played.

Every action is committed as soon as it is applied, with the seat that took it and the events it
caused, so a crash or Ctrl-C loses at most the action in flight, and a game stays viewable from its
stored log even when the rules change under it. The schema carries a version and is brought up to
date by ordered migrations (:data:`MIGRATIONS`); older files keep opening.

- A row that cannot be read (damaged JSON, nested too deep, a game this engine does not have)
  gives a :class:`BadRecordError` for that game alone; the rest of the database stays usable.
- A game saved under an older rules version is re-applied under the engine's rules: if every
  action is still legal it plays on (it is marked *migrated* once it is opened for play); if not
  it is *read-only*: :meth:`GameStore.load_for_play` raises :class:`ReadOnlyGameError` naming the
  action and the rule, and :meth:`GameStore.stored_log` still shows it.
- Every SQLite failure (a damaged page, a full disk, a read-only or locked file) becomes a
  :class:`StoreError` naming the file and what to do; each change is one transaction, so a failed
  one leaves the file as it was.
- A game being played is *leased* (:meth:`GameStore.open_game`): a second program opening the same
  game is told it is in use. A lease left by a process that died on this host is taken over.
- Undone actions (:meth:`GameStore.undo`) leave the game's record but are kept in its audit trail
  (:meth:`GameStore.audit`).
"""

from __future__ import annotations

import functools
import json
import os
import socket
import sqlite3
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from platformdirs import user_data_dir

from ..core.actions import Action, action_from_json, action_to_json
from ..core.errors import AsobiError, BadRecordError, RulesVersionError
from ..core.events import Event
from ..core.record import GameRecord, data_hash_of, load_json, parse_record
from ..core.replay import recheck
from ..core.spec import GameSpec
from ..core.state import CHANCE

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
    # 2: per action the seat that took it and the JSON list of the events it caused (NULL: saved
    # before these were kept); the game's data hash and the rules version it was migrated from;
    # the audit trail of undone actions (one undo is one group); leases of games being played.
    """
    ALTER TABLE actions ADD COLUMN seat INTEGER;
    ALTER TABLE actions ADD COLUMN events TEXT;
    ALTER TABLE games ADD COLUMN data_hash TEXT;
    ALTER TABLE games ADD COLUMN migrated_from TEXT;
    CREATE TABLE audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        undo INTEGER NOT NULL,
        idx INTEGER NOT NULL,
        action TEXT NOT NULL,
        seat INTEGER,
        events TEXT,
        undone_by INTEGER,
        undone_at TEXT NOT NULL
    );
    CREATE INDEX audit_by_game ON audit (game_id, id);
    CREATE TABLE leases (
        game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        pid INTEGER NOT NULL,
        host TEXT NOT NULL,
        token TEXT NOT NULL,
        started TEXT NOT NULL
    );
    """,
    # 3: the language a game is played in, so that resuming it speaks it again (NULL: saved before
    # it was kept, or made where each reader picks a language, as in the browser).
    """
    ALTER TABLE games ADD COLUMN lang TEXT;
    """,
    # 4: the seat to decide after the game's last saved action (its current seat: a seat, or
    # CHANCE, or TERMINAL; NULL: saved before it was kept), for the list of one's own games.
    """
    ALTER TABLE games ADD COLUMN to_move INTEGER;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

LANGS = ("en", "ja")
"""The languages a game may be stored as played in."""


class StoreError(AsobiError):
    """The database file cannot be used: not a database, made by a newer asobi, damaged,
    read-only, locked, or the disk is full. The message names the file and what to do."""


class GameInUseError(StoreError):
    """The saved game is being played by another program (it holds the game's lease)."""


class ReadOnlyGameError(RulesVersionError):
    """A saved game made under older rules that the engine's rules refuse: it can be viewed
    (:meth:`GameStore.stored_log`) but not played on.

    :ivar game_id: the saved game.
    :ivar reason: which action the rules refuse, and which rule.
    """

    def __init__(self, where: str, reason: str, game_id: int) -> None:
        self.game_id = game_id
        self.reason = reason
        super().__init__(where, f"{reason}; it is read-only: `asobi replay {game_id}` shows it as it was played")


def default_db_path() -> Path:
    """``$ASOBI_DB`` if set, else ``games.sqlite3`` in the user's data directory."""
    env = os.environ.get(ENV_DB)
    if env:
        return Path(env)
    return Path(user_data_dir("asobi", appauthor=False)) / "games.sqlite3"


@dataclass(frozen=True)
class SavedGame:
    """One line of ``asobi list``.

    :ivar status: ``playing``, ``finished``, ``read-only`` (older rules refuse it) or ``damaged``.
    :ivar note: migrated from another rules version, or why the game is read-only.
    """

    id: int
    game: str
    rules_version: str
    seats: str
    status: str
    moves: int
    updated: str
    result: str
    note: str = ""
    seeded: bool = False
    """Made with a seed: whoever knows it can predict its chance."""
    options: dict[str, Any] = field(default_factory=dict)
    """The game's options (empty for a damaged game)."""
    to_move: int | None = None
    """The seat to decide after the last saved action (``CHANCE``, ``TERMINAL`` or a seat; public in
    every game, as the game page shows it), ``None`` if not known (saved before it was kept)."""


@dataclass(frozen=True)
class StoredAction:
    """One saved action.

    :ivar seat: the seat that took it, ``CHANCE`` (-1), or ``None`` if not known (saved by an
        older asobi).
    :ivar events: the events it caused, or ``None`` if not stored.
    """

    index: int
    action: Action
    seat: int | None
    events: tuple[Event, ...] | None


@dataclass(frozen=True)
class AuditEntry:
    """An undone action, kept out of the record but in the audit trail.

    :ivar undo: which undo of the game took it back (1, 2, …); one undo may take back several.
    :ivar undone_by: the seat that asked for the undo, if known.
    """

    undo: int
    index: int
    action: Action
    seat: int | None
    events: tuple[Event, ...] | None
    undone_by: int | None
    undone_at: str


@dataclass
class StoredLog:
    """A saved game as it was played, read without replaying it.

    :ivar record: the record as saved (its rules version is the one it was played under).
    :ivar read_only: why the game cannot be played on under the engine's rules, or ``None``.
    """

    game_id: int
    record: GameRecord
    actions: list[StoredAction]
    read_only: str | None

    def render(self, seat: int | None, lang: str = "en") -> list[str]:
        """The stored log as text: each action with who took it, then the events it caused that
        ``seat`` may see (``None``: everything). Another seat's action is shown only as taken,
        since what is hidden in it cannot be told without the rules."""
        return [line for i in range(len(self.actions)) for line in self.action_lines(i, seat, lang)]

    def action_lines(self, index: int, seat: int | None, lang: str = "en") -> list[str]:
        """The lines :meth:`render` writes for action ``index``: who took it, and its events."""
        spec = self.record.spec
        try:
            names = list(spec.seat_names(self.record.options))
        except (AsobiError, KeyError, TypeError, ValueError):
            names = [str(i) for i in range(len(self.record.seats))]
        stored = self.actions[index]
        actor = stored.seat
        who = "chance" if actor == CHANCE else "?" if actor is None or not 0 <= actor < len(names) else names[actor]
        shown = seat is None or (actor is not None and actor == seat)
        text = json.dumps(action_to_json(stored.action), ensure_ascii=False) if shown else "…"
        lines = [f"[{who}] {text}"]
        if stored.events is None:
            lines.append("  (no log was stored for this action)")
            return lines
        lines.extend("  · " + _render(spec, event, lang) for event in stored.events if event.visible_to(seat))
        return lines


def _render(spec: GameSpec, event: Event, lang: str) -> str:
    try:
        return spec.event_text(event, lang)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):  # the catalogue changed since
        args = ", ".join(f"{k}={v}" for k, v in event.args)
        return f"{event.clause}: {event.key}" + (f" {args}" if args else "")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def store_error(p: Path, e: sqlite3.Error, *, opening: bool = False) -> StoreError:
    """The :class:`StoreError` that tells a person what SQLite's error ``e`` means for the file ``p``."""
    name = getattr(e, "sqlite_errorname", "") or ""
    text = str(e)
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
        what = "not a usable asobi database" if opening else "damaged"
        return StoreError(
            f"{p}: {what} ({text}); move the file aside and restore a backup (asobi starts a new "
            "file in its place), or use another file with --db"
        )
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return StoreError(
            f"{p} is locked by another program (another asobi saving a game?); "
            "close that program or wait for it, then try again"
        )
    if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
        return StoreError(
            f"{p} is read-only, so nothing can be saved; make the file and its folder writable, "
            "or use another file with --db"
        )
    if name == "SQLITE_FULL" or "full" in text:
        return StoreError(
            f"no room to write {p}: the disk (or the database's size limit) is full; nothing of "
            "this change was saved; free some space and try again"
        )
    if name.startswith(("SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return StoreError(f"cannot read or write {p} ({text}); check the disk and the file's permissions")
    if isinstance(e, sqlite3.IntegrityError):
        return StoreError(f"{p}: the change conflicts with what is saved ({text}); is the game open elsewhere?")
    what = "not a usable asobi database" if opening else "database error"
    return StoreError(f"{p}: {what} ({text})")


F = TypeVar("F", bound=Callable[..., Any])


def _guarded(method: F) -> F:
    """Turn any SQLite error raised by ``method`` into a :class:`StoreError` naming the file (``self``
    has the method ``error``: a :class:`GameStore`, or the seat tokens kept beside its games)."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kw: Any) -> Any:
        try:
            return method(self, *args, **kw)
        except sqlite3.Error as e:
            raise self.error(e) from None

    return wrapper  # type: ignore[return-value]


def _alive(pid: object) -> bool:
    """Whether process ``pid`` of this host runs. A lease's pid that names no single process (not
    a whole number, 0 or less, past the system's range: a damaged row) holds nothing, so the
    lease is taken over rather than keeping the game in use for ever (``os.kill(-1, 0)`` would
    even say yes)."""
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except OSError:  # it exists but is not ours
        return True
    return True


class GameStore:
    """A SQLite file of saved games.

    :param read_only: open the file for reading only (``mode=ro``); every change then fails with
        a :class:`StoreError`.
    :param timeout: seconds to wait for another program's write to finish before saying the file is
        locked.
    :raises StoreError: if ``path`` is not an asobi database, was made by a newer version, or
        cannot be opened.
    """

    def __init__(self, path: Path | str | None = None, *, read_only: bool = False, timeout: float = 5.0) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.read_only = read_only
        self.token = uuid.uuid4().hex
        self._leases: set[int] = set()
        self._closed = False
        self._held = False
        """Whether a write begun by :meth:`begin_if_free` is open (changes join it until :meth:`held` ends)."""
        db: sqlite3.Connection | None = None
        try:
            if read_only:
                uri = f"file:{quote(str(self.path.absolute()))}?mode=ro"
                db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=timeout)
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(self.path, isolation_level=None, timeout=timeout)
            self.db = db
            db.execute("PRAGMA foreign_keys = ON")
            if not read_only:
                db.execute("PRAGMA journal_mode = WAL")
            self._migrate()
        except sqlite3.Error as e:
            if db is not None:
                db.close()
            self._closed = True
            raise self.error(e, opening=True) from None
        except OSError as e:
            self._closed = True
            raise StoreError(f"{self.path}: cannot create the database's folder ({e.strerror})") from None
        except StoreError:
            if db is not None:
                db.close()
            self._closed = True
            raise

    def close(self) -> None:
        """Release this store's leases and close the file (twice is harmless)."""
        if self._closed:
            return
        for game_id in list(self._leases):
            with suppress(StoreError):
                self.release(game_id)
        self._closed = True
        self.db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def error(self, e: sqlite3.Error, *, opening: bool = False) -> StoreError:
        """The :class:`StoreError` that tells a person what SQLite's error means for this file."""
        return store_error(self.path, e, opening=opening)

    @_guarded
    def begin_if_free(self, busy_ms: int) -> bool:
        """Begin a write now if no other program holds the file's write lock, without waiting for
        it: ``False`` if one does. After ``True``, make the changes in :meth:`held` at once: every
        change joins this one transaction. The connection's busy timeout is ``busy_ms`` again
        afterwards (passed in, not read back: this runs for every change the server makes).

        A caller that must not block (the server's event loop) waits for the lock by calling this
        again later, instead of letting SQLite's busy timeout hold it up.
        """
        db = self.db
        db.execute("PRAGMA busy_timeout = 0")
        try:
            db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            if getattr(e, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in str(e):
                return False
            raise
        finally:
            db.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
        self._held = True
        return True

    @contextmanager
    def held(self) -> Iterator[None]:
        """The changes made in the block, as the one transaction :meth:`begin_if_free` began:
        committed at its end, all rolled back if anything in it fails.

        :raises StoreError: if the commit fails (nothing is saved).
        """
        db = self.db
        try:
            yield
            try:
                db.execute("COMMIT")
            except sqlite3.Error as e:
                raise self.error(e) from None
        finally:
            self._held = False
            if db.in_transaction:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One all-or-nothing change: a failure anywhere, COMMIT included, rolls it all back. Within
        :meth:`held` it is part of that transaction (whose end commits or rolls back all of it)."""
        db = self.db
        if self._held:
            yield db
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
            raise

    @_guarded
    def schema_version(self) -> int:
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
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
    @_guarded
    def create(self, record: GameRecord, *, to_move: int | None = None) -> int:
        """Save a new game (with any actions it already has) and return its id; ``to_move`` is the
        seat to decide once those actions are played."""
        now = _now()
        data_hash = record.data_hash if record.data_hash is not None else data_hash_of(record.spec)
        with self._transaction() as db:
            cur = db.execute(
                "INSERT INTO games (game, rules_version, options, seats, seed, data_hash, migrated_from,"
                " created, updated, to_move) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.game,
                    record.rules_version,
                    json.dumps(record.options, ensure_ascii=False),
                    json.dumps(record.seats),
                    record.seed,
                    data_hash,
                    record.migrated_from,
                    now,
                    now,
                    to_move,
                ),
            )
            game_id = int(cur.lastrowid or 0)
            db.executemany(
                "INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)",
                [(game_id, i, _dump_action(a)) for i, a in enumerate(record.actions)],
            )
        return game_id

    @_guarded
    def append(
        self, game_id: int, index: int, action: Action, *, seat: int | None = None,
        events: Sequence[Event] | None = None, to_move: int | None = None,
    ) -> None:
        """Save one applied action; ``index`` is its place in the game's action list, ``seat`` who
        took it (``CHANCE`` for chance), ``events`` the events it caused (kept so the game stays
        viewable whatever later rules say) and ``to_move`` the seat to decide after it.

        :raises StoreError: if action ``index`` is already saved (the game is played elsewhere).
        """
        events_json = None if events is None else json.dumps([e.to_json() for e in events], ensure_ascii=False)
        with self._transaction() as db:
            try:
                db.execute(
                    "INSERT INTO actions (game_id, idx, action, seat, events) VALUES (?, ?, ?, ?, ?)",
                    (game_id, index, _dump_action(action), seat, events_json),
                )
            except sqlite3.IntegrityError:
                raise StoreError(
                    f"{self.path}: action {index} of saved game {game_id} is already saved; "
                    "is the game being played elsewhere?"
                ) from None
            db.execute("UPDATE games SET updated = ?, to_move = ? WHERE id = ?", (_now(), to_move, game_id))

    @_guarded
    def set_language(self, game_id: int, lang: str) -> None:
        """Keep the language the game is played in (resuming it speaks it again).

        :raises StoreError: if ``lang`` is not one asobi speaks; nothing changes.
        :raises BadRecordError: if there is no such game.
        """
        if lang not in LANGS:
            raise StoreError(f"{self.path}: a game's language is one of {', '.join(LANGS)}, not {lang!r}")
        self._require(game_id)
        with self._transaction() as db:
            db.execute("UPDATE games SET lang = ? WHERE id = ?", (lang, game_id))

    @_guarded
    def language(self, game_id: int) -> str | None:
        """The language the game was last played in, or ``None`` if none was kept (a game saved by
        an older asobi, or made in the browser).

        :raises BadRecordError: if there is no such game.
        """
        self._require(game_id)
        row = self.db.execute("SELECT lang FROM games WHERE id = ?", (game_id,)).fetchone()
        lang = row[0] if row is not None else None
        return lang if lang in LANGS else None  # a value written by hand is not trusted

    @_guarded
    def set_seats(self, game_id: int, seats: list[str]) -> None:
        """Change who sits where (a person hands a seat to a bot, or takes one over)."""
        with self._transaction() as db:
            db.execute("UPDATE games SET seats = ?, updated = ? WHERE id = ?", (json.dumps(seats), _now(), game_id))

    @_guarded
    def finish(self, game_id: int, outcome: dict[str, Any], fingerprint: str) -> None:
        """Mark a game finished, with its outcome and the final state's fingerprint."""
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET status = 'finished', outcome = ?, fingerprint = ?, updated = ? WHERE id = ?",
                (json.dumps(outcome, ensure_ascii=False), fingerprint, _now(), game_id),
            )

    @_guarded
    def delete(self, game_id: int) -> None:
        """Forget a game, its actions, its audit trail and its lease."""
        with self._transaction() as db:
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))

    @_guarded
    def undo(self, game_id: int, count: int, seat: int | None = None, *,
             to_move: int | None = None) -> list[StoredAction]:
        """Take back the game's last ``count`` actions, in one transaction: their rows (with their
        events) leave the game's record for its audit trail. A finished game is playing again.

        :param seat: the seat that asked for the undo (kept in the audit trail).
        :param to_move: the seat to decide once they are taken back.
        :returns: the actions taken back, in the order they had been played.
        :raises AsobiError: if the game has fewer than ``count`` actions.
        """
        if count < 1:
            raise AsobiError(f"saved game {game_id}: undo takes back at least one action, not {count}")
        where = f"saved game {game_id} in {self.path}"
        with self._transaction() as db:
            self._require(game_id)
            rows = db.execute(
                "SELECT idx, action, seat, events FROM actions WHERE game_id = ? ORDER BY idx DESC LIMIT ?",
                (game_id, count),
            ).fetchall()
            if len(rows) < count:
                raise AsobiError(f"{where}: only {len(rows)} actions are saved; cannot take back {count}")
            undone = [_stored(row, where) for row in reversed(rows)]
            group = db.execute("SELECT COALESCE(MAX(undo), 0) + 1 FROM audit WHERE game_id = ?", (game_id,)).fetchone()[0]
            now = _now()
            db.executemany(
                "INSERT INTO audit (game_id, undo, idx, action, seat, events, undone_by, undone_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(game_id, group, idx, action, actor, events, seat, now) for idx, action, actor, events in reversed(rows)],
            )
            db.execute("DELETE FROM actions WHERE game_id = ? AND idx >= ?", (game_id, undone[0].index))
            db.execute(
                "UPDATE games SET status = 'playing', outcome = NULL, fingerprint = NULL, updated = ?, to_move = ?"
                " WHERE id = ?",
                (now, to_move, game_id),
            )
        return undone

    # ---- leases ----------------------------------------------------------------------------
    @_guarded
    def lease(self, game_id: int, *, force: bool = False) -> None:
        """Take the game's lease for this store: no other store or process may play it until
        :meth:`release`. A lease left by a dead process on this host is taken over; ``force``
        takes over any lease (a program on another host known to be gone).

        :raises GameInUseError: if another live store holds it.
        :raises BadRecordError: if there is no such game.
        """
        host = socket.gethostname()
        with self._transaction() as db:
            self._require(game_id)
            row = db.execute("SELECT pid, host, token, started FROM leases WHERE game_id = ?", (game_id,)).fetchone()
            if row is not None and row[2] != self.token and not force:
                pid, other_host, _, started = row
                if other_host != host or _alive(pid):
                    where = "this program" if pid == os.getpid() and other_host == host else f"process {pid} on {other_host}"
                    raise GameInUseError(
                        f"saved game {game_id} is in use by another asobi ({where}, since {started}); "
                        "finish or quit it there first"
                        + ("" if other_host == host else
                           " (asobi cannot tell whether a program on another computer is still running)")
                    )
            db.execute(
                "INSERT OR REPLACE INTO leases (game_id, pid, host, token, started) VALUES (?, ?, ?, ?, ?)",
                (game_id, os.getpid(), host, self.token, _now()),
            )
        self._leases.add(game_id)

    @_guarded
    def release(self, game_id: int) -> None:
        """Give up this store's lease of the game (if it holds it)."""
        self._leases.discard(game_id)
        with self._transaction() as db:
            db.execute("DELETE FROM leases WHERE game_id = ? AND token = ?", (game_id, self.token))

    @contextmanager
    def open_game(self, game_id: int, *, force: bool = False) -> Iterator[GameRecord]:
        """``with store.open_game(id) as record:`` — lease the game and load it for play
        (:meth:`load_for_play`); the lease is released on leaving the block.

        :raises GameInUseError: if another program is playing it.
        :raises ReadOnlyGameError: if its rules version's actions are refused by the engine's rules.
        """
        held = game_id in self._leases
        self.lease(game_id, force=force)
        try:
            yield self.load_for_play(game_id)
        finally:
            if not held:  # an outer block of this store keeps it
                with suppress(StoreError):
                    self.release(game_id)

    # ---- reading ---------------------------------------------------------------------------
    @_guarded
    def exists(self, game_id: int) -> bool:
        return self.db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    def _require(self, game_id: int) -> None:
        if self.db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
            raise BadRecordError(f"saved game {game_id} in {self.path}", "no such saved game (see `asobi list`)")

    def _read(self, game_id: int, *, with_log: bool = False) -> tuple[GameRecord, list[StoredAction], str | None]:
        """The game's record as saved (any rules version), its stored actions and its migration mark."""
        where = f"saved game {game_id} in {self.path}"
        row = self.db.execute(
            "SELECT game, rules_version, options, seats, seed, outcome, fingerprint, data_hash, migrated_from"
            " FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise BadRecordError(where, "no such saved game (see `asobi list`)")
        game, rules_version, options, seats, seed, outcome, fingerprint, data_hash, migrated_from = row
        columns = "idx, action, seat, events" if with_log else "idx, action, NULL, NULL"
        stored: list[StoredAction] = []
        actions: list[Any] = []
        for item in self.db.execute(f"SELECT {columns} FROM actions WHERE game_id = ? ORDER BY idx", (game_id,)):
            if item[0] != len(actions):
                raise BadRecordError(where, f"action {len(actions)} is missing")
            actions.append(load_json(item[1], where, f"action {item[0]}"))
            if with_log:
                stored.append(_stored(item, where))
        data = _row_data(where, game, rules_version, options, seats, seed, outcome, fingerprint, data_hash, actions)
        return parse_record(data, where), stored, migrated_from

    def _check(self, game_id: int, record: GameRecord, where: str) -> GameRecord:
        """``record`` under the engine's rules: migrated in memory if all its actions stay legal.

        :raises ReadOnlyGameError: if they do not.
        """
        if record.rules_version != record.spec.rules_version:
            check = recheck(record, where)
            if not check.ok:
                raise ReadOnlyGameError(where, check.reason, game_id)
            record.migrate()
        return record

    @_guarded
    def load(self, game_id: int) -> GameRecord:
        """The record of a saved game, under the engine's rules (migrated in memory if it was made
        under older rules whose actions all stay legal; nothing is written).

        :raises BadRecordError: if there is no such game or its rows cannot be read.
        :raises ReadOnlyGameError: if it was made under other rules that refuse one of its actions.
        """
        where = f"saved game {game_id} in {self.path}"
        record, _, migrated_from = self._read(game_id)
        record = self._check(game_id, record, where)
        if record.migrated_from is None:
            record.migrated_from = migrated_from
        return record

    @_guarded
    def load_for_play(self, game_id: int) -> GameRecord:
        """The record of a saved game to play on: as :meth:`load`, and a game migrated to the
        engine's rules is marked so in the file (rules version, ``migrated_from``, and each
        action's events as the new rules cause them), in one transaction. The record's
        ``warnings`` say it was migrated.

        :raises ReadOnlyGameError: if the engine's rules refuse one of its actions (the message
            names the action and the rule).
        """
        where = f"saved game {game_id} in {self.path}"
        record, _, migrated_from = self._read(game_id)
        if record.rules_version == record.spec.rules_version:
            if record.migrated_from is None:
                record.migrated_from = migrated_from
            return record
        check = recheck(record, where, keep_steps=True)
        if not check.ok:
            raise ReadOnlyGameError(where, check.reason, game_id)
        old = record.rules_version
        record.migrate()
        with self._transaction() as db:
            db.execute(
                "UPDATE games SET rules_version = ?, migrated_from = ?, updated = ? WHERE id = ? AND rules_version = ?",
                (record.rules_version, old, _now(), game_id, old),
            )
            db.executemany(
                "UPDATE actions SET seat = ?, events = ? WHERE game_id = ? AND idx = ?",
                [
                    (seat, json.dumps([e.to_json() for e in events], ensure_ascii=False), game_id, i)
                    for i, (seat, events) in enumerate(check.steps or [])
                ],
            )
        return record

    @_guarded
    def finished(self, game_id: int) -> tuple[int, str] | None:
        """A finished game's number of actions and final fingerprint (``None`` while it is
        played), read without its actions: what tells it from another game saved under its id.

        :raises BadRecordError: if there is no such game.
        """
        row = self.db.execute(
            "SELECT outcome, fingerprint, (SELECT COUNT(*) FROM actions WHERE game_id = ?) FROM games WHERE id = ?",
            (game_id, game_id),
        ).fetchone()
        if row is None:
            raise BadRecordError(f"saved game {game_id} in {self.path}", "no such saved game (see `asobi list`)")
        outcome, fingerprint, actions = row
        return (int(actions), str(fingerprint or "")) if outcome else None

    @_guarded
    def stored_log(self, game_id: int) -> StoredLog:
        """The game as it was played, from its stored actions and events, whatever the engine's
        rules say now; ``read_only`` says why it cannot be played on (or is ``None``).

        :raises BadRecordError: if there is no such game or its rows cannot be read.
        """
        where = f"saved game {game_id} in {self.path}"
        record, stored, migrated_from = self._read(game_id, with_log=True)
        record.migrated_from = record.migrated_from or migrated_from
        read_only = None
        if record.rules_version != record.spec.rules_version:
            check = recheck(record, where)
            read_only = None if check.ok else check.reason
        return StoredLog(game_id, record, stored, read_only)

    @_guarded
    def audit(self, game_id: int) -> list[AuditEntry]:
        """The game's undone actions, oldest undo first (within one undo, in the order played)."""
        where = f"saved game {game_id} in {self.path}"
        self._require(game_id)
        out = []
        for undo, idx, action, seat, events, undone_by, undone_at in self.db.execute(
            "SELECT undo, idx, action, seat, events, undone_by, undone_at FROM audit WHERE game_id = ? ORDER BY id",
            (game_id,),
        ):
            s = _stored((idx, action, seat, events), where)
            out.append(AuditEntry(undo, s.index, s.action, s.seat, s.events, undone_by, undone_at))
        return out

    @_guarded
    def list(self, only: int | None = None) -> list[SavedGame]:
        """Every saved game (or only game ``only``, if it is saved), newest first; one that cannot be
        read is listed as damaged, one made under older rules as migrated or read-only (with the
        reason in its note)."""
        rows = self.db.execute(
            "SELECT g.id, g.game, g.rules_version, g.options, g.seats, g.seed, g.status, g.updated, g.outcome,"
            " g.fingerprint, g.data_hash, g.migrated_from, (SELECT COUNT(*) FROM actions a WHERE a.game_id = g.id),"
            " g.to_move"
            " FROM games g WHERE ? IS NULL OR g.id = ? ORDER BY g.updated DESC, g.id DESC", (only, only)
        ).fetchall()
        out = []
        for gid, game, rules, options, seats, seed, status, updated, outcome, fingerprint, data_hash, migrated_from, \
                moves, to_move in rows:
            where = f"saved game {gid} in {self.path}"
            note = f"migrated from rules {migrated_from}" if migrated_from else ""
            seat_list, result, game_options = "?", "", {}
            try:  # the game's own row, checked as a record without its actions
                header = parse_record(_row_data(where, game, rules, options, seats, seed, outcome, fingerprint,
                                                data_hash, []), where)
                seat_list = ",".join(header.seats)
                game_options = dict(header.options)
                result = header.outcome["reason"] if header.outcome else ""
                if rules != header.spec.rules_version:
                    record = self.load(gid)
                    note = f"rules {record.migrated_from} → {record.rules_version}: migrates when resumed"
            except ReadOnlyGameError as e:
                status, note = "read-only", e.reason
            except AsobiError as e:
                status, note = "damaged", str(e)
            out.append(SavedGame(gid, game, rules, seat_list, status, moves, updated, result, note, seed is not None,
                                 game_options, to_move if isinstance(to_move, int) else None))
        return out

    @_guarded
    def playing(self, game_ids: Iterable[int]) -> set[int]:
        """Those of ``game_ids`` that are saved and not finished."""
        found: set[int] = set()
        ids = list(game_ids)
        for start in range(0, len(ids), 500):  # SQLite's limit on parameters
            part = ids[start:start + 500]
            found.update(row[0] for row in self.db.execute(
                f"SELECT id FROM games WHERE status = 'playing' AND id IN ({', '.join('?' * len(part))})", part))
        return found


def _row_data(where: str, game: Any, rules_version: Any, options: Any, seats: Any, seed: Any, outcome: Any,
              fingerprint: Any, data_hash: Any, actions: list[Any]) -> dict[str, Any]:
    """A games row as record JSON (each JSON column read with bounds)."""
    return {
        "game": game,
        "rules_version": rules_version,
        "options": load_json(options, where, "options"),
        "seats": load_json(seats, where, "seats"),
        "seed": seed,
        "actions": actions,
        "outcome": load_json(outcome, where, "outcome") if outcome else None,
        "fingerprint": fingerprint,
        "data_hash": data_hash,
    }


def _dump_action(action: Action) -> str:
    return json.dumps(action_to_json(action), ensure_ascii=False)


def _stored(row: Sequence[Any], where: str) -> StoredAction:
    idx, text, seat, events = row
    try:
        action = action_from_json(load_json(text, where, f"action {idx}"))
    except BadRecordError:
        raise
    except AsobiError as e:
        raise BadRecordError(f"{where}, action {idx}", str(e)) from None
    if seat is not None and not isinstance(seat, int):
        raise BadRecordError(where, f"action {idx}: its seat is damaged")
    return StoredAction(idx, action, seat, None if events is None else _events(events, where, idx))


def _events(text: str, where: str, idx: int) -> tuple[Event, ...]:
    data = load_json(text, where, f"the events of action {idx}")
    bad = BadRecordError(where, f"the events of action {idx} are damaged")
    if not isinstance(data, list):
        raise bad
    out = []
    for item in data:
        if not (isinstance(item, list) and len(item) in (4, 5) and isinstance(item[0], str) and isinstance(item[1], str)
                and isinstance(item[2], list) and all(isinstance(a, list) and len(a) == 2 and isinstance(a[0], str)
                                                      for a in item[2])
                and (item[3] is None or (isinstance(item[3], list) and all(
                    isinstance(s, int) and not isinstance(s, bool) for s in item[3])))
                and (len(item) == 4 or (isinstance(item[4], list) and item[4]
                                        and all(isinstance(c, str) for c in item[4])))):
            raise bad  # (clause, key, args, seats), and the further clauses it cites if any
        out.append(Event.from_json(item))
    return tuple(out)

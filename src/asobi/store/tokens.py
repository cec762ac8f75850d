"""Secret seat tokens, host secrets and the host's settings, kept beside the saved games in the
same SQLite file.

A join link carries a seat's token (``secrets.token_urlsafe``); the file keeps only its SHA-256,
so reading the database does not give anyone a seat. A game's *host secret* goes to whoever made
the game (the browser that made it, or the terminal that started it, which prints it): handing
out join links, deleting the game, closing it to spectators and setting its turn timer need it.
A game's *turn timer* (off unless its host sets one) gives each person's seat that many seconds
to decide before a bot decides for it (the server's :mod:`asobi.server.timers`). The tables belong to the
play server (the saved games' schema does not know them), and a game deleted from the store takes
its tokens and its host secret with it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ..core.errors import AsobiError
from ..core.match import HUMAN
from .sqlite import GameStore, StoreError, _guarded, store_error

SCHEMA = """
CREATE TABLE IF NOT EXISTS server_seat_tokens (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
)
"""
HOST_SCHEMA = """
CREATE TABLE IF NOT EXISTS server_hosts (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    secret_hash TEXT NOT NULL,
    spectators INTEGER NOT NULL DEFAULT 1
)
"""
TIMER_SCHEMA = """
CREATE TABLE IF NOT EXISTS server_turn_timers (
    game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    seconds REAL NOT NULL,
    set_at TEXT NOT NULL
)
"""


MAX_TIMER = 10 * 365 * 86400
"""Seconds past which a stored turn timer is taken for a damaged row (the server sets at most 30 days)."""


@dataclass(frozen=True)
class TimedGame:
    """A game with a turn timer whose seat to decide is a seat (not chance, not the end)."""

    game_id: int
    seconds: float
    set_at: datetime
    """When the timer was set: a turn under way then starts its clock at that time."""
    updated: datetime
    """When the game's last action was saved: the turn to decide began then."""
    to_move: int
    person: bool
    """Whether the seat to decide is a person's (only a person's turn is timed)."""

    @property
    def deadline(self) -> datetime:
        return max(self.set_at, self.updated) + timedelta(seconds=self.seconds)


class LinksHandedOutError(AsobiError):
    """The game's join links were handed out already: tokens are issued once per game."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _issue_host(db: sqlite3.Connection, game_id: int) -> str | None:
    """A new host secret for a game that has none (its hash saved), else ``None``."""
    secret = secrets.token_urlsafe(24)
    db.execute(HOST_SCHEMA)
    cursor = db.execute("INSERT OR IGNORE INTO server_hosts (game_id, secret_hash) VALUES (?, ?)",
                        (game_id, _hash(secret)))
    return secret if cursor.rowcount == 1 else None


def issue_host_secret(store: GameStore, game_id: int) -> str | None:
    """The host secret of a game made outside the server (the terminal prints it), if the game has
    none yet; ``None`` if it has one (only its hash is kept: it cannot be told again).

    :raises StoreError: if it cannot be saved.
    """
    try:
        return _issue_host(store.db, game_id)
    except sqlite3.Error as e:
        raise store.error(e) from None


class SeatTokens:
    """The seat tokens of every game the server handed links out for.

    :raises StoreError: if the file cannot hold them.
    """

    def __init__(self, path: Path, timeout: float = 5.0) -> None:
        self.path = path
        try:
            self.db = sqlite3.connect(path, isolation_level=None, timeout=timeout)
            self.db.execute("PRAGMA foreign_keys = ON")
            self.db.execute(SCHEMA)
            self.db.execute(HOST_SCHEMA)
            self.db.execute(TIMER_SCHEMA)
        except sqlite3.Error as e:
            raise StoreError(f"{path}: cannot keep seat tokens ({e})") from None

    def close(self) -> None:
        self.db.close()

    def error(self, e: sqlite3.Error) -> StoreError:
        """What SQLite's error means for the file (a read of a damaged or locked file is a
        :class:`StoreError` too, never SQLite's own)."""
        return store_error(self.path, e)

    def issue(self, game_id: int, seats: list[int]) -> dict[int, str]:
        """New tokens for ``seats`` of a game that has none yet (one transaction). A row for seat
        ``-1``, whose token is never told, marks the game as handed out even without people.

        :raises LinksHandedOutError: if the game already has tokens (links are handed out once).
        :raises StoreError: if they cannot be saved.
        """
        tokens = {seat: secrets.token_urlsafe(24) for seat in [-1, *seats]}
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                if self.db.execute("SELECT 1 FROM server_seat_tokens WHERE game_id = ?", (game_id,)).fetchone():
                    raise LinksHandedOutError(f"game {game_id}: its join links were handed out already")
                self.db.executemany(
                    "INSERT INTO server_seat_tokens (game_id, seat, token_hash) VALUES (?, ?, ?)",
                    [(game_id, seat, _hash(t)) for seat, t in tokens.items()],
                )
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: cannot save seat tokens ({e})") from None
        del tokens[-1]
        return tokens

    @_guarded
    def seat_of(self, game_id: int, token: str) -> int | None:
        """The seat ``token`` opens in the game, or ``None``. Compared in constant time. A row
        whose seat is not one of the game's seats (past its last, not a whole number) opens
        nothing: a damaged row must not open some other seat, nor one the game does not have."""
        digest = _hash(token)
        found = None
        for seat, stored in self.db.execute(
            "SELECT t.seat, t.token_hash FROM server_seat_tokens t JOIN games g ON g.id = t.game_id"
            " WHERE t.game_id = ? AND t.seat >= 0"
            " AND t.seat < CASE WHEN json_valid(g.seats) THEN json_array_length(g.seats) ELSE 0 END", (game_id,)
        ):
            if hmac.compare_digest(str(stored), digest) and isinstance(seat, int):
                found = seat
        return found

    @_guarded
    def has_links(self, game_id: int) -> bool:
        return self.db.execute("SELECT 1 FROM server_seat_tokens WHERE game_id = ?", (game_id,)).fetchone() is not None

    # ---- the host ------------------------------------------------------------------------------
    def issue_host(self, game_id: int) -> str:
        """The host secret of a game the server makes (to its maker only).

        :raises StoreError: if it cannot be saved, or the game has one already.
        """
        try:
            secret = _issue_host(self.db, game_id)
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: cannot save a host secret ({e})") from None
        if secret is None:
            raise StoreError(f"{self.path}: game {game_id} has a host secret already")
        return secret

    @_guarded
    def has_host(self, game_id: int) -> bool:
        return self.db.execute("SELECT 1 FROM server_hosts WHERE game_id = ?", (game_id,)).fetchone() is not None

    @_guarded
    def is_host(self, game_id: int, secret: str) -> bool:
        """Whether ``secret`` is the game's host secret (compared in constant time)."""
        row = self.db.execute("SELECT secret_hash FROM server_hosts WHERE game_id = ?", (game_id,)).fetchone()
        return row is not None and hmac.compare_digest(str(row[0]), _hash(secret))

    @_guarded
    def spectators_open(self, game_id: int) -> bool:
        """Whether anyone may watch the game (the default; its host may close it)."""
        row = self.db.execute("SELECT spectators FROM server_hosts WHERE game_id = ?", (game_id,)).fetchone()
        return row is None or bool(row[0])

    def set_spectators(self, game_id: int, open_: bool) -> None:
        try:
            self.db.execute("UPDATE server_hosts SET spectators = ? WHERE game_id = ?", (int(open_), game_id))
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: cannot save the spectators' setting ({e})") from None

    # ---- the turn timer ---------------------------------------------------------------------------
    @_guarded
    def turn_seconds(self, game_id: int) -> float | None:
        """The game's turn timer in seconds, or ``None`` (off, the default, or a damaged row)."""
        row = self.db.execute("SELECT seconds FROM server_turn_timers WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None else _seconds(row[0])

    def set_turn_seconds(self, game_id: int, seconds: float | None) -> None:
        """Set the game's turn timer (``None``: off); a turn under way gets the whole time from now."""
        try:
            if seconds is None:
                self.db.execute("DELETE FROM server_turn_timers WHERE game_id = ?", (game_id,))
            else:
                self.db.execute("INSERT OR REPLACE INTO server_turn_timers (game_id, seconds, set_at) VALUES (?, ?, ?)",
                                (game_id, float(seconds), datetime.now(UTC).isoformat(timespec="seconds")))
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: cannot save the turn timer ({e})") from None

    @_guarded
    def timed_games(self, only: int | None = None) -> list[TimedGame]:
        """Every unfinished game with a turn timer whose seat to decide is a seat (or only game ``only``)."""
        rows = self.db.execute(
            "SELECT t.game_id, t.seconds, t.set_at, g.updated, g.to_move, g.seats FROM server_turn_timers t"
            " JOIN games g ON g.id = t.game_id WHERE g.status = 'playing' AND g.to_move >= 0"
            " AND (? IS NULL OR t.game_id = ?)", (only, only)
        ).fetchall()
        out = []
        for game_id, seconds, set_at, updated, to_move, seats in rows:
            try:
                kinds = json.loads(seats)
                person = isinstance(kinds, list) and 0 <= to_move < len(kinds) and kinds[to_move] == HUMAN
                length = _seconds(seconds)
                if length is None:
                    continue
                timed = TimedGame(int(game_id), length, _time(set_at), _time(updated), int(to_move), person)
                _ = timed.deadline  # a deadline past the calendar's end (year 9999) is a damaged row too
            except (TypeError, ValueError, OverflowError):
                continue  # a damaged row: that game's timer waits rather than act on nonsense
            out.append(timed)
        return out


def _seconds(value: object) -> float | None:
    """A stored timer's seconds, or ``None`` for a damaged one (not a number, not finite, not
    positive): every game's clock is looked at together, so one row must not stop the others."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value < MAX_TIMER:
        return None
    return float(value)


def _time(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

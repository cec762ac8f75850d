"""Secret seat tokens, kept beside the saved games in the same SQLite file.

A join link carries a seat's token (``secrets.token_urlsafe``); the file keeps only its SHA-256,
so reading the database does not give anyone a seat. The table belongs to the play server (the
saved games' schema does not know it), and a game deleted from the store takes its tokens with it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import sqlite3
from pathlib import Path

from ..core.errors import AsobiError
from .sqlite import StoreError

SCHEMA = """
CREATE TABLE IF NOT EXISTS server_seat_tokens (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    token_hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
)
"""


class LinksHandedOutError(AsobiError):
    """The game's join links were handed out already: tokens are issued once per game."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


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
        except sqlite3.Error as e:
            raise StoreError(f"{path}: cannot keep seat tokens ({e})") from None

    def close(self) -> None:
        self.db.close()

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

    def seat_of(self, game_id: int, token: str) -> int | None:
        """The seat ``token`` opens in the game, or ``None``. Compared in constant time."""
        digest = _hash(token)
        found = None
        for seat, stored in self.db.execute(
            "SELECT seat, token_hash FROM server_seat_tokens WHERE game_id = ? AND seat >= 0", (game_id,)
        ):
            if hmac.compare_digest(stored, digest):
                found = int(seat)
        return found

    def has_links(self, game_id: int) -> bool:
        return self.db.execute("SELECT 1 FROM server_seat_tokens WHERE game_id = ?", (game_id,)).fetchone() is not None

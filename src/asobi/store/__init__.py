"""Saved games and match records, seat tokens, and the file as the play server holds it open."""

from .sqlite import (
    AuditEntry,
    GameInUseError,
    GameStore,
    ReadOnlyGameError,
    SavedGame,
    StoredAction,
    StoredLog,
    StoreError,
    default_db_path,
)
from .tokens import LinksHandedOutError, SeatTokens

__all__ = [
    "AuditEntry",
    "GameInUseError",
    "GameStore",
    "LinksHandedOutError",
    "ReadOnlyGameError",
    "SavedGame",
    "SeatTokens",
    "StoreError",
    "StoredAction",
    "StoredLog",
    "default_db_path",
]
